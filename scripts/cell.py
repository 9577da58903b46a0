# SPDX-License-Identifier: GPL-2.0
"""One cell of the matrix, in one process: the kernel, the build gate, the
consumer, the boots (every module, -icount and its gate, reliability),
DKMS, modinfo, then the checks of the row's roles (tests/controls/
controls.tsv). Every check is a record; build/results/TARGET/ holds the
evidence and time.json, where the cell's time went."""
import re
import shutil
from pathlib import Path

import bench_report
import fetch
import kbuild
import package
import tables
import util
from boot import Boot
from records import Records
from util import ROOT, Failure, log, run

BENCH = ("test_siphash", "test_secure_seq", "test_syncookie", "test_hmac")
DEPTH = {"full": (20, ""), "limits": (20, "limits"), "short": (5, "")}
CHECKS = "detectors kmemleak deps cycle leakcontrol badparam secret"


def stress_of(t, leak=None):
    """The reliability boot's checks at T's depth: the leak control with
    LEAK, the module that leaks on purpose, where the depth runs it. The
    debug kernel judges leaks with kmemleak, not the growth thresholds the
    leak control proves (the debug role's control_kmemleak proves it)."""
    cycles, more = DEPTH[t.reliability]
    checks = CHECKS if leak and t.reliability != "short" and "debug" not in t.roles \
        else CHECKS.replace("leakcontrol ", "")
    out = {"checks": f"{checks} {more}".strip(), "cycles": cycles}
    return dict(out, leak=leak) if leak else out


def controls_table():
    """tests/controls/controls.tsv: (name, role, codes, settings)."""
    out = []
    for line in (ROOT / "tests/controls/controls.tsv").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, role, codes, *rest = line.split("\t")
            out.append((name, role, codes.split("|"),
                        dict(w.split("=", 1) for w in " ".join(rest).split())))
    return out


class Cell:
    def __init__(self, t, targets, rec):
        self.t, self.targets, self.rec, self.res = t, targets, rec, rec.dir
        self.build = ROOT / "build" / t.name

    def boot(self, run, results, **kw):
        """A boot of this cell's build; its verdict, or None if none ran."""
        try:
            b = Boot(self.t, self.k, self.kunit, self.kdir, results, build=self.build, **kw)
            v = b.run()
        except Failure as e:
            self.rec.add(run, False, f"no boot ran: {e}", "harness")
            return None
        print(v.pop("text"))
        return v

    def run(self):
        t, rec = self.t, self.rec
        try:
            self.k = fetch.kernel(t, self.targets)
        except fetch.Unavailable as e:
            rec.add("fetch", None, f"skipped, runs once the mirror has the files: {e}", "mirror")
            return
        except Failure as e:
            rec.add("fetch", False, f"fetching the kernel failed: {e}", "fetch")
            return
        k = self.k
        rec.add("fetch", True, f"kernel {k['kver']}, " + (
            f"built from {t.source} {k['deb_version']} with {t.kconfig} ({k['build_info']})"
            if t.kconfig else f"{k['image']} {k['deb_version']} from {t.suite}"))
        if t.kconfig:
            have = set(Path(k["config"]).read_text().splitlines())
            lost = [x for x in (ROOT / t.kconfig).read_text().splitlines()
                    if x.startswith("CONFIG_") and x not in have]
            shutil.copy(k["config"], self.res / "kernel.config")
            rec.add("kconfig", not lost, f"kernel.config has every CONFIG_ line of {t.kconfig}"
                    + (f"; not: {' '.join(lost)}" if lost else ""))
        self.env = kbuild.Env(t, k)
        self.kdir = self.build / "kbuild"
        ok = True
        for check, good, ev in kbuild.gate(self.env, self.kdir, self.res / "build.log"):
            ok &= rec.add(check, good, ev, check)
        if ok:
            cc = sorted(set(re.findall(r"GCC: \(([^)]*)\)", run(
                ["readelf", "-p", ".comment", str(kbuild.built(self.kdir)["siphash"])]))))
            ok = rec.add("compiler", len(cc) == 1, f"siphash.ko built by gcc {' and '.join(cc)}",
                         "compiler")
        if not ok:
            for step in ("consumer", "boot", "live", "icount", "reliability", "dkms", "modinfo"):
                rec.add(step, None, "not run: the build failed", "build failed")
            return
        ref = tables.role("reference", self.targets)
        self.kunit = fetch.source_tools(ref, self.targets) / "tools/testing/kunit"
        consumer = self.build / "consumer/siphash_consumer.ko"
        try:
            rec.add("consumer", True, kbuild.consumer(self.env, self.kdir, consumer))
        except Failure as e:
            rec.add("consumer", False, str(e), "consumer")
            consumer = None
        self.controls = None
        if t.roles or t.reliability in ("full", "limits"):
            try:
                self.controls = kbuild.controls(self.env)
            except Failure as e:
                rec.add("controls-build", False, str(e), "controls")
        extra = [consumer] if consumer else []
        v = self.boot("boot", self.res / "boot", extra=extra,
                      args={"test_siphash": "bench_batches=11"})
        if v:
            rec.add("boot", not v["failed"], f"{v['passed']} passed, {v['failed']} failed, "
                    f"under {v['accel']} in {v['wall_seconds']} s", "boot")
            rec.boot("boot", v)
            lv = v["live"]
            rec.add("live", lv["passed"] >= 8 and not lv["failed"],
                    f"live_ cases: {lv['passed']} ok, {lv['skipped']} skipped, {lv['failed']} "
                    "not ok (at least 8 ok, none not ok)", "live")
        self.icount()
        self.reliability(extra)
        if t.dkms == "yes" and not t.kconfig:
            try:
                rec.add("dkms", True, package.dkms_check(self.env))
            except Failure as e:
                rec.add("dkms", False, str(e), "dkms")
        problems = modinfo_problems(kbuild.order(self.kdir) + extra)
        rec.add("modinfo", not problems, "description, license, author, version and every "
                "parameter described" + (": " + "; ".join(p for _, p in problems)
                                         if problems else ""), "modinfo")
        for role in t.roles:
            getattr(self, "role_" + role.replace("-", "_"), lambda: None)()
            self.negatives(role)

    def icount(self, name="icount", results=None, **kw):
        if not self.t.icount:
            return self.rec.add("icount", None, "no instruction-count boot: an instrumented "
                                "kernel's counts gate nothing", "no icount mode")
        mods = [m for m in BENCH if m in kbuild.built(self.kdir)]
        v = self.boot(name, results or self.res / "icount", mode="icount", modules=mods,
                      args={"test_siphash": "bench_batches=11 diff_iters=64"}, **kw)
        if v and name == "icount":
            self.rec.add("icount", not v["failed"], f"{v['passed']} passed, {v['failed']} "
                         f"failed in {v['wall_seconds']} s", "icount")
            self.rec.boot("icount", v)
            ok, text = bench_report.gate(self.res / "icount/bench.csv")
            self.rec.add("icount-gate", ok, text, "icount-gate")
        return v

    def reliability(self, extra):
        t = self.t
        leak = self.controls / "control_leak.ko" if self.controls else None
        v = self.boot("reliability", self.res / "stress", mode="stress", extra=extra,
                      timeout=1500, stress=stress_of(t, leak if leak and leak.exists() else None))
        if v:
            self.rec.add("reliability", not v["failed"], f"{v['passed']} passed, {v['failed']} "
                         f"failed, {t.reliability} depth, in {v['wall_seconds']} s",
                         "reliability")
            self.rec.boot("stress", v)
            status = (self.res / "stress/status.log").read_text(errors="replace")
            (self.res / "stress/memory.txt").write_text("".join(
                x[13:].strip() + "\n" for x in status.splitlines() if x.startswith("HARNESS: MEM ")))

    def negatives(self, role):
        """The boots of controls.tsv for ROLE: each must fail for its code."""
        for name, r, codes, s in controls_table():
            if r != role:
                continue
            extra = []
            for e in s.get("EXTRA", "").split(","):
                if e == "consumer-vector":
                    e = self.bad_consumer()
                elif e and self.controls:
                    e = self.controls / f"{e}.ko"
                if e:
                    extra.append(e)
            mods = [m for m in s.get("MODULES", "").split(",") if m]
            args = {k[5:]: v.replace(",", " ") for k, v in s.items() if k.startswith("ARGS_")}
            stress = {"checks": s["STRESS"].replace(",", " "), "cycles": int(s.get("CYCLES", 20)),
                      "extra_badparams": s.get("EXTRA_BADPARAMS", "")} if "STRESS" in s else None
            v = self.boot(f"negative/{name}", self.res / "negative" / name,
                          mode="stress" if stress else "boot", modules=mods, extra=extra,
                          args=args, timeout=int(s.get("TIMEOUT", 300)), stress=stress)
            if v is None:
                continue
            hits = [f for f in v["failures"] if f["code"] in codes]
            if v["failed"] and hits:
                self.rec.add(f"negative/{name}", True, f"caught: [{hits[0]['code']}] "
                             f"{hits[0]['evidence'][:200]}")
            else:
                got = ", ".join(sorted({f["code"] for f in v["failures"]})) or "none"
                self.rec.add(f"negative/{name}", False, f"NOT caught: expected "
                             f"{' or '.join(codes)}; failed={v['failed']}, codes: {got}",
                             "control-missed")

    def bad_consumer(self):
        ko = self.build / "consumer-bad/siphash_consumer.ko"
        try:
            kbuild.consumer(self.env, self.kdir, ko, lambda s: s.replace(
                "0x726fdb47dd0e0e31ULL", "0x726fdb47dd0e0e32ULL"))
            return ko
        except Failure as e:
            self.rec.add("negative/consumer-vector-build", False, str(e), "control-build")
            return None

    def role_reference(self):
        """The benchmarks repeat exactly; the icount gate and the modinfo
        check can fail."""
        if self.t.icount and self.icount("icount-repeat", self.res / "icount-repeat"):
            ok, text = bench_report.compare(self.res / "icount/bench.csv",
                                            self.res / "icount-repeat/bench.csv")
            self.rec.add("icount-repeat", ok, f"the icount benchmarks repeat within 0.1%: {text}")
            for kind, factor in (("worst", 1.05), ("median", 1.01)):
                csv = self.res / "negative" / f"icount-gate-{kind}.csv"
                bench_report.doctor(self.res / "icount/bench.csv", csv, kind, factor)
                ok, text = bench_report.gate(csv)
                self.rec.add(f"negative/icount-gate-{kind}", not ok,
                             ("caught: " if not ok else "NOT caught: ") + text, "control-missed")
        undoc = self.build / "consumer-undoc/undoc.ko"
        try:
            kbuild.consumer(self.env, self.kdir, undoc, lambda s: re.sub(
                r"^MODULE_AUTHOR.*\n", "", s.replace(
                    "MODULE_LICENSE", "static int undoc;\nmodule_param(undoc, int, 0444);\n"
                    "MODULE_LICENSE", 1), flags=re.M))
            codes = {c for c, _ in modinfo_problems([undoc])}
        except Failure as e:
            codes = {"build: " + str(e)}
        for name, code in (("modinfo", "no-param-desc"), ("modinfo-author", "no-author")):
            self.rec.add(f"negative/{name}", code in codes, ("caught: " if code in codes else
                         "NOT caught: ") + f"[{code}] expected, got {sorted(codes)}",
                         "control-missed")

    def role_series_control(self):
        """A file that compiles only on 6.1 (<asm/unaligned.h>) must fail the
        build of this series."""
        tmp = self.build / "series-control"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        for p in ROOT.iterdir():
            if p.name not in ("build", ".git") and (p.is_file() or p.name in ("tests", "include",
                                                                              "baselines")):
                (shutil.copy if p.is_file() else shutil.copytree)(p, tmp / p.name)
        (tmp / "only61.c").write_text(
            "// SPDX-License-Identifier: GPL-2.0\n/* Negative control: <asm/unaligned.h> exists "
            "on 6.1 only. */\n#include <linux/module.h>\n#include <asm/unaligned.h>\n"
            'MODULE_LICENSE("GPL");\n')
        with open(tmp / "Kbuild", "a") as f:
            f.write("obj-m += only61.o\n")
        p = self.env.make("-C", str(tmp), "modules", f"KDIR={self.env.kdir}",
                          f"BUILD_DIR={tmp}/kbuild", dirs=[tmp], check=False,
                          log_to=self.res / "negative-series-build.log")
        self.rec.add("negative/series-build", p.returncode != 0,
                     ("caught" if p.returncode else "NOT caught") + ": a 6.1-only file "
                     f"{'fails' if p.returncode else 'passes'} the {self.t.name} build",
                     "control-missed")
        shutil.rmtree(tmp)


def modinfo_problems(kos):
    """[(code, text)]: every module must carry a description, license,
    author and the project's version, and a description of every
    parameter (its name from modinfo or kbuild's __param_str_ symbols)."""
    version = util.version()
    out = []
    for ko in kos:
        if not Path(ko).exists():
            out.append(("missing", f"{ko}: missing"))
            continue
        m = util.Module(ko)
        for f in ("description", "license", "author", "version"):
            if not m.first(f):
                out.append((f"no-{f}", f"{m.name}: no {f}"))
        if m.first("version") and m.first("version") != version:
            out.append(("version", f"{m.name}: version {m.first('version')}, not {version}"))
        described = {p.split(":", 1)[0] for p in m.field("parm") if p.split(":", 1)[1].strip()}
        for p in m.params():
            if p not in described:
                out.append(("no-param-desc", f"{m.name}: parameter {p} has no MODULE_PARM_DESC"))
    return out


def main(name):
    targets = tables.load()
    t = tables.get(name, targets)
    rec = Records(t.name)
    log(f"{t.name}: the cell ({rec.dir})")
    try:
        Cell(t, targets, rec).run()
    except Failure as e:
        rec.add("harness", False, f"the cell stopped: {e}", "harness")
    split = util.CLOCK.split()
    util.write_json(rec.dir / "time.json", split)
    rec.add("time", True, ", ".join(f"{k} {v['wall']} s" for k, v in split.items()))
    rec.done()
    print(f"{rec.passed} passed, {rec.failed} failed")
    return 1 if rec.failed else 0
