# SPDX-License-Identifier: GPL-2.0
"""Builds with the kernel's kbuild for one target (the project's modules, the
consumer from what `make install` installs, tests/controls, a module of
one's own), in its environment: a cross compiler on PATH, or a build root."""
import os
import re
import shutil
from pathlib import Path

import util
from fetch import BuildRoot
from util import ROOT, Failure, Module, log, run

# sparse on mips reports the kernel headers' own __ATOMIC_* redefinitions
# for every file; that exact line, and nothing broader, is not ours.
NOISE = re.compile(r"^builtin:1:9: warning: preprocessor token __ATOMIC_[A-Z_]+ redefined$")
# The library's exports: the <linux/siphash.h> functions, sipmod_-prefixed.
LIB_API = ("__siphash_aligned __siphash_unaligned siphash_1u64 siphash_2u64 siphash_3u64 "
           "siphash_4u64 siphash_1u32 siphash_3u32 __hsiphash_aligned __hsiphash_unaligned "
           "hsiphash_1u32 hsiphash_2u32 hsiphash_3u32 hsiphash_4u32").split()


class Env:
    """Where T's builds run, with kernel K (fetch.kernel's dict)."""

    def __init__(self, t, k):
        self.t, self.k = t, k
        self.kdir = k["kdir"]
        self.root = BuildRoot(Path(k["build_root"]).name.removesuffix("-root")) \
            if k["build_root"] else None
        self.vars = [f"ARCH={t.karch}"] + ([f"CROSS_COMPILE={t.cross}-"] if t.cross else [])
        self.vars.append(f"CHECK={ROOT}/scripts/sparse.py" + self.sparse_root())
        self.out = ROOT / "build" / t.name

    def sparse_root(self):
        """'' for the sparse of the build's own system, or ' --root=DIR'
        for sid's where the kernel's checker-valid.sh refuses the own one
        (7.x's __typeof_unqual__, which sparse 0.6.4 cannot parse): kbuild
        would then check nothing."""
        probe = ('d=$(sed -n "s,^include \\(.*\\)/Makefile$,\\1,p" "$0/Makefile"); '
                 'f=${d:-$0}/scripts/checker-valid.sh; [ -f "$f" ] || { echo 1; exit; }; '
                 'sh "$f" "$@"')
        check = [f"{ROOT}/scripts/sparse.py"]
        if self.run(["sh", "-c", probe, self.kdir, *check]).strip() == "1":
            return ""
        sid = BuildRoot("sid")
        sid.ensure(self.t)
        check.append(f"--root={sid.path}")
        if self.run(["sh", "-c", probe, self.kdir, *check]).strip() != "1":
            raise Failure(f"neither this build's sparse nor sid's passes "
                          f"{self.kdir}'s checker-valid.sh: kbuild would check nothing")
        log(f"{self.t.name}: sparse of {sid.path}: this build's fails the kernel's "
            "checker-valid.sh")
        return f" {check[-1]}"

    def run(self, cmd, dirs=(), **kw):
        kw.setdefault("kind", "build")
        if self.root:
            return run(self.root.cmd(cmd, dirs), **kw)
        path, lib = self.k["toolchain"]
        env = dict(os.environ, LD_LIBRARY_PATH=lib)
        if path:
            env["PATH"] = f"{path}:{env['PATH']}"
        return run(cmd, env=env, **kw)

    def make(self, *args, dirs=(), **kw):
        return self.run(["make", *args, *self.vars], dirs, **kw)

    def modules(self, build_dir, log_to, flags=()):
        """The project's modules into BUILD_DIR, through its Makefile."""
        return self.make("-C", str(ROOT), "modules", f"KDIR={self.kdir}",
                         f"BUILD_DIR={build_dir}", *flags, log_to=log_to, check=False)

    def external(self, src, log_to, extra=(), flags=()):
        """An external module in SRC (its Kbuild), against siphash.ko's
        symbols: EXTRA holds SIPHASH_OOT_INCLUDE= and KBUILD_EXTRA_SYMBOLS=."""
        return self.make("-C", self.kdir, f"M={src}", *flags, *extra, "modules",
                         dirs=[src], log_to=log_to, check=False)


def warnings(log_file):
    return [line for line in Path(log_file).read_text(errors="replace").splitlines()
            if re.search(r"warning:|error:", line) and not NOISE.match(line)]


def order(build_dir):
    """The modules a build made, in their load order (modules.order)."""
    return [Path(build_dir) / re.sub(r"\.o$", ".ko", line.removeprefix("kernel/"))
            for line in (Path(build_dir) / "modules.order").read_text().split()]


def built(build_dir):
    """The modules of a build by name: {name: path of its .ko}."""
    return {ko.stem: ko for ko in order(build_dir)}


def gate(env, build_dir, log_file):
    """The build gate: W=1 and sparse (C=2) of every module, no warning, and
    sparse proven to have checked every source; then what siphash.ko must
    be. Returns [(check, ok, evidence)]."""
    Path(log_file).unlink(missing_ok=True)
    p = env.modules(build_dir, log_file, ["W=1", "C=2"])
    text = Path(log_file).read_text(errors="replace")
    warn = warnings(log_file)
    # Every source of the build: each object compiled from a .c (not the
    # .mod.c kbuild writes, not a composite module's link).
    sources = sum(1 for o in Path(build_dir).rglob("*.o")
                  if not o.name.endswith(".mod.o") and o.with_suffix(".c").exists())
    checked = len(re.findall(r"^ +CHECK +", text, re.M))
    ok = p.returncode == 0 and not warn and checked >= sources
    why = "; ".join(warn[:5])
    if p.returncode == 0 and checked < sources:
        why = (f"sparse checked {checked} of {sources} files: "
               + next((line for line in text.splitlines() if "not available" in line),
                      "see the log"))
    elif p.returncode:
        why = why or "\n".join(text.splitlines()[-10:])
    out = [("build", ok, f"W=1 build and sparse of {checked} files, "
            + (f"no warnings ({log_file})" if ok else why))]
    if p.returncode:
        return out
    cmd = Path(build_dir) / ".siphash.o.cmd"
    net = re.findall(r"\S*include/net/\S*", cmd.read_text()) if cmd.exists() else ["no .cmd"]
    out.append(("lib-includes", not net, ".siphash.o.cmd names no include/net/ header"
                + (": " + " ".join(net[:3]) if net else "")))
    got = sorted(f.split("\t")[1] for f in (Path(build_dir) / "Module.symvers").read_text()
                 .splitlines() if re.search(r"(^|/)siphash$", f.split("\t")[2]))
    want = sorted(f"sipmod_{f}" for f in LIB_API)
    out.append(("lib-exports", got == want, "siphash.ko exports exactly the kernel API, "
                f"sipmod_-prefixed ({len(got)} symbols)"))
    # The differential tests compare two: test_siphash.ko calls siphash.ko's
    # entries and the kernel's only through sipmod_testlib.ko, which calls
    # the kernel's own.
    mods = built(build_dir)
    und = {m: {s for s in Module(mods[m]).undefined()
               if re.fullmatch(r"(sipmod_)?__siphash_(un)?aligned", s)}
           for m in ("test_siphash", "sipmod_testlib") if m in mods}
    ok = (any(s.startswith("sipmod_") for s in und.get("test_siphash", ()))
          and not any(not s.startswith("sipmod_") for s in und.get("test_siphash", ()))
          and any(not s.startswith("sipmod_") for s in und.get("sipmod_testlib", ())))
    out.append(("differential-link", ok, "; ".join(
        f"{m}.ko imports {' '.join(sorted(s)) or 'no __siphash_*'}" for m, s in und.items())))
    return out


def consumer(env, build_dir, out_ko, edit=None):
    """tests/consumer built as a third party would: `make install` into a
    staging root (siphash.ko alone), then the consumer, copied outside the
    tree, with W=1 and sparse against only the installed siphash.h and
    Module.symvers; it must import sipmod_* symbols. EDIT (old, new) changes
    its source first (a negative control). Raises Failure saying why."""
    o = env.out
    staging = o / "install"
    shutil.rmtree(staging, ignore_errors=True)
    p = env.make("-s", "-C", str(ROOT), "install", f"KDIR={env.kdir}", f"BUILD_DIR={build_dir}",
                 f"INSTALL_MOD_PATH={staging}", log_to=o / "install.log", check=False)
    if p.returncode:
        raise Failure(f"make install failed ({o / 'install.log'})")
    version = util.version()
    devel = staging / f"usr/src/siphash-oot-{version}"
    kver = env.k["kver"]
    mods = staging / f"lib/modules/{kver}"
    for f in (devel / "include/siphash.h", devel / kver / "Module.symvers", mods / "modules.dep"):
        if not f.exists():
            raise Failure(f"make install did not produce {f}")
    kos = [p.name for p in mods.rglob("*.ko*")]
    if [k for k in kos if not k.startswith("siphash.ko")] or not kos:
        raise Failure(f"make install installed {' '.join(kos) or 'nothing'}, not siphash.ko alone")
    if "siphash.ko" not in (mods / "modules.dep").read_text():
        raise Failure("depmod did not list siphash.ko in modules.dep")
    src = o / ("consumer-src" if edit is None else "consumer-bad-src")
    shutil.rmtree(src, ignore_errors=True)
    shutil.copytree(ROOT / "tests/consumer", src)
    if edit:
        for c in src.glob("*.c"):
            c.write_text(edit(c.read_text()))
    p = env.external(src, src / "build.log", [f"SIPHASH_OOT_INCLUDE={devel}/include",
                                             f"KBUILD_EXTRA_SYMBOLS={devel}/{kver}/Module.symvers"],
                     ["W=1", "C=2"])
    if p.returncode:
        raise Failure(f"the consumer did not build ({src / 'build.log'})")
    if warnings(src / "build.log"):
        raise Failure(f"the consumer build has warnings: {warnings(src / 'build.log')[0]}")
    ko = next(src.glob("*.ko"))
    und = Module(ko).undefined()
    imports = sorted(s for s in und if s.startswith("sipmod_"))
    if not imports:
        raise Failure("the consumer imports no sipmod_* symbol")
    # Every SipHash call reaches siphash.ko, the inline ones of the newest
    # header (___siphash_aligned()) included: no kernel SipHash symbol.
    if "sipmod___siphash_aligned" not in imports:
        raise Failure("the consumer's ___siphash_aligned() does not reach siphash.ko's "
                      "__siphash_aligned")
    kernel = sorted(s for s in und if re.match(r"_*h?siphash", s))
    if kernel:
        raise Failure(f"the consumer imports the kernel's SipHash: {' '.join(kernel)}")
    Path(out_ko).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ko, out_ko)
    return f"consumer built from {devel.relative_to(ROOT)}; imports: {' '.join(imports)}"


def controls(env):
    """The modules of tests/controls, built apart (never installed)."""
    d = env.out / "controls"
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(ROOT / "tests/controls", d)
    if env.external(d, d / "build.log", [f"SIPHASH_OOT_SRC={ROOT}",
                    f"KBUILD_EXTRA_SYMBOLS={env.out / 'kbuild' / 'Module.symvers'}"]).returncode:
        raise Failure(f"tests/controls did not build ({d / 'build.log'})")
    return d


def own(env, src, build_dir):
    """A module of one's own in SRC, against the project's build of this
    target: SIPHASH_OOT_INCLUDE is a directory holding siphash.h alone."""
    src = Path(src).resolve()
    inc = env.out / "include"
    inc.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "siphash.h", inc)
    logf = env.out / f"{src.name}.build.log"
    Path(logf).unlink(missing_ok=True)
    p = env.external(src, logf, [f"SIPHASH_OOT_INCLUDE={inc}",
                                 f"KBUILD_EXTRA_SYMBOLS={build_dir}/Module.symvers"])
    if p.returncode:
        print(Path(logf).read_text(errors="replace"))
        raise Failure(f"M={src}: your module did not build against {env.k['kver']} "
                      f"(the log above, {logf})")
    kos = sorted(src.glob("*.ko"))
    log(f"{env.t.name}: built {' '.join(k.name for k in kos)} in {src} against "
        f"{env.k['kver']}")
    return kos
