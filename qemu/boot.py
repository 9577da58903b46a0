# SPDX-License-Identifier: GPL-2.0
"""One boot: the modules and busybox in an initramfs, the plan of /init
(harness.conf) from the modules' own modinfo, the target's kernel booted in
QEMU under a timeout, the logs judged (verdict.py). A ksym parameter gets
its symbol's address in the guest; the values of siphash_key parameters
are kept for the verdict's check that none reached a log."""
import gzip
import os
import random
import shutil
import stat
import subprocess
import time
from pathlib import Path

import kbuild
import util
import verdict
from util import ROOT, Failure, Module, run

HERE = Path(__file__).resolve().parent
# What a stock kernel's config builds in but leaves off, on for the
# reliability boot (slub_debug: the one name every kernel here parses).
DETECTORS = [("CONFIG_SLUB_DEBUG=y", "slub_debug=FZPU"), ("", "init_on_free=1"),
             ("CONFIG_PAGE_POISONING=y", "page_poison=1"),
             ("CONFIG_KFENCE=y", "kfence.sample_interval=1")]
STATUS_ARGS = {
    "serial": ["-serial", "file:{f}"],
    "pci-serial": ["-chardev", "file,id=st,path={f}", "-device", "pci-serial,chardev=st"],
    "virtconsole": ["-device", "virtio-serial-ccw", "-chardev", "file,id=st,path={f}",
                    "-device", "virtconsole,chardev=st"],
    "spapr-vty": ["-chardev", "file,id=st,path={f}", "-device", "spapr-vty,chardev=st"],
}


def cpio(stage, out):
    """STAGE as a gzip'ed newc cpio archive (what the kernel unpacks)."""
    ino = 1
    with gzip.open(out, "wb", compresslevel=1) as z:
        def entry(name, st, data=b""):
            nonlocal ino
            nm = name.encode() + b"\0"
            hdr = "070701" + "".join(f"{v:08x}" for v in (
                ino, st.st_mode if st else 0, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(nm), 0))
            ino += 1
            pad = lambda n: b"\0" * (-n % 4)  # noqa: E731
            z.write(hdr.encode() + nm + pad(110 + len(nm)) + data + pad(len(data)))
        for path in sorted(stage.rglob("*")):
            st = path.lstat()
            entry(str(path.relative_to(stage)), st, os.readlink(path).encode()
                  if stat.S_ISLNK(st.st_mode) else b"" if stat.S_ISDIR(st.st_mode)
                  else path.read_bytes())
        entry("TRAILER!!!", None)


def hexdigits(n):
    return "".join(random.choice("0123456789abcdef") for _ in range(n))


class Boot:
    """What one boot loads and how. MODE: boot (KTAP), icount (the same
    under -icount, one vCPU, deterministic) or stress (the reliability
    checks of stress.sh)."""

    def __init__(self, t, k, kunit, modules_dir, results, mode="boot", modules=None, extra=(),
                 args=None, timeout=300, build=None, prebuilt=None, stress=None, loader=None,
                 refuse=()):
        self.t, self.k, self.kunit, self.mode = t, k, kunit, mode
        # LOADER: a tree with kmod/modprobe and kmod/insmod (a suite's kmod)
        # that loads instead of busybox; REFUSE: module files it must fail
        # to load, tried before siphash.ko.
        self.loader, self.refuse = loader, [Path(r) for r in refuse]
        self.results = Path(results)
        self.build = Path(build or ROOT / "build" / t.name)
        self.kos = kos = kbuild.built(modules_dir)
        if prebuilt:
            kos.update({p.name.split(".ko")[0]: p for p in Path(prebuilt).glob("*.ko*")})
        self.kos = kos
        names = [n for n in kos if n != "siphash"]
        self.modules = names if modules is None else list(modules)
        for m in self.modules:
            if m not in kos:
                raise Failure(f"MODULES: no module {m} in this build; it has: {' '.join(kos)}")
        self.extra = [Path(e).resolve() for e in extra]
        for e in self.extra:
            if not e.name.endswith(".ko") or not e.is_file():
                raise Failure(f"EXTRA_MODULES: '{e}' is not a readable .ko file (no boot ran)")
        self.args = args or {}
        self.timeout = timeout
        self.stress = stress or {}
        self.info = {m: Module(p) for m, p in kos.items()}
        self.info.update({e.stem: Module(e) for e in self.extra})
        # The leak control of the reliability boot: staged, never cycled.
        self.leak = Path(self.stress["leak"]) if self.stress.get("leak") else None
        if self.leak:
            self.info[self.leak.stem] = Module(self.leak)
        self.secrets = []

    def order(self):
        return ["siphash"] + self.modules + [e.stem for e in self.extra]

    def ktap(self):
        """The project's modules that must report KTAP (modinfo test=Y). An
        EXTRA module's KTAP is judged but not required: the negative
        controls that oops or hang print none, a module of one's own need not."""
        return [m for m in self.modules if self.info[m].first("test") == "Y"]

    def arglist(self, m):
        """ARGS of M, its ksym parameters filled from /proc/kallsyms."""
        given = self.args.get(m, "").split()
        names = {a.split("=", 1)[0] for a in given}
        for p, d in self.info[m].params().items():
            if d["kind"] == "ksym" and p not in names:
                given.append(f"{p}=@{d['symbol']}")
            if d["kind"] == "siphash_key":
                self.secrets += [a.split("=", 1)[1] for a in given if a.startswith(p + "=")]
        return given

    def plan(self):
        lines = [f"kmod /{p}" for p in self.guest_kmods]
        lines.append(f"status {self.t.status_dev}")
        lines.append("secret " + " ".join(p for m in self.order() for p, d in
                                          self.info[m].params().items()
                                          if d["kind"] == "siphash_key"))
        if self.t.align_trap == "yes":
            lines.append("mips-unaligned")
        lines.append("net")
        if self.loader:
            lines.append("modprobe /kmod/modprobe")
        lines += [f"refuse /refuse/{r.name}" for r in self.refuse]
        if self.mode == "stress":
            return lines + stress_plan(self)
        lines.append("load siphash " + " ".join(self.arglist("siphash")))
        ktap = self.ktap()
        for m in self.order()[1:]:
            lines += [f"sysctl {s}" for s in self.info[m].field("test_sysctl")]
            lines.append(f"{'ktap' if m in ktap else 'load'} {m} " + " ".join(self.arglist(m)))
        return lines

    def stage(self):
        st = self.build / f"initramfs-{self.mode}"
        shutil.rmtree(st, ignore_errors=True)
        kver = self.k["kver"]
        mods = st / f"lib/modules/{kver}"
        for d in ("bin", "sbin", "etc", "proc", "sys", "dev", "tmp"):
            (st / d).mkdir(parents=True)
        (mods / "extra").mkdir(parents=True)
        shutil.copy(self.k["busybox"], st / "bin/busybox")
        shutil.copy(HERE / "init.sh", st / "init")
        shutil.copy(HERE / "stress.sh", st / "stress.sh")
        shutil.copy(HERE / "bad-log.patterns", st / "etc/bad-log.patterns")
        for m in self.order():
            src = self.kos.get(m) or next(e for e in self.extra if e.stem == m)
            shutil.copy(src, mods / "extra" / f"{m}{ko_suffix(src)}")
        for m, src in list(self.kos.items()) + ([(self.leak.stem, self.leak)] if self.leak else []):
            if not (mods / "extra" / f"{m}{ko_suffix(src)}").exists():
                shutil.copy(src, mods / "extra" / f"{m}{ko_suffix(src)}")
        if self.loader:
            shutil.copytree(self.loader, st, symlinks=True, dirs_exist_ok=True)
        for r in self.refuse:
            (st / "refuse").mkdir(exist_ok=True)
            shutil.copy(r, st / "refuse")
        self.guest_kmods = []
        config = Path(self.k["config"]).read_text()
        for m in self.t.guest_kmods.split():
            if f"CONFIG_{m.upper()}=m" not in config:
                continue        # built in
            found = sorted(Path(self.k["guest_kmod_dir"]).rglob(f"{m}.ko*"))
            if not found:
                raise Failure(f"{self.t.name}: the image has no {m}.ko, which its config "
                              "builds as a module")
            shutil.copy(found[0], mods / found[0].name)
            self.guest_kmods.append(f"lib/modules/{kver}/{found[0].name}")
        for f in ("modules.order", "modules.builtin", "modules.builtin.modinfo"):
            (mods / f).touch()
        run(["depmod", "-b", str(st), kver])
        (st / "etc/harness.conf").write_text("\n".join(self.plan()) + "\n")
        out = self.build / f"initramfs-{self.mode}.cpio.gz"
        cpio(st, out)
        return out

    def qemu(self, initrd, accel):
        t, res = self.t, self.results
        smp = 1 if self.mode == "icount" else t.smp_max
        cmdline = ["console=" + t.console, "loglevel=7", "log_buf_len=8M", "panic=-1",
                   "oops=panic", "panic_on_warn=1", "rdinit=/init"]
        if self.mode == "stress" and not t.kconfig:
            config = Path(self.k["config"]).read_text().splitlines()
            cmdline += [a for c, a in DETECTORS if not c or c in config]
        machine = t.machine.split()
        acc = ["-accel", "tcg"]
        if accel == "kvm":
            machine, acc = ["-machine", "pc", "-cpu", "host"], ["-accel", "kvm"]
        elif accel == "icount":
            acc += ["-icount", f"shift=0,sleep={t.icount_sleep}"]
        return [self.k["qemu"], *machine, *acc, "-smp", str(smp), "-m", "512", "-nodefaults",
                "-display", "none", "-no-reboot", "-kernel", self.k["vmlinuz"],
                "-initrd", str(initrd), "-append", " ".join(cmdline),
                "-serial", f"file:{res / 'console.log'}",
                *[a.format(f=res / "status.log") for a in STATUS_ARGS[t.status_kind]]]

    def accel(self):
        if self.mode == "icount":
            if not self.t.icount:
                raise Failure(f"{self.t.name}: no instruction-count boot on this kernel")
            return "icount"
        want = os.environ.get("ACCEL", "auto")
        usable = self.t.kvm == "yes" and os.access("/dev/kvm", os.R_OK | os.W_OK) and \
            " vmx" in Path("/proc/cpuinfo").read_text() + " svm"
        if want == "kvm" and not usable:
            raise Failure("ACCEL=kvm, but KVM cannot run this guest here "
                          "(not an x86 guest, or no usable /dev/kvm)")
        if want not in ("auto", "kvm", "tcg"):
            raise Failure(f"unknown ACCEL '{want}'; known: tcg kvm")
        return "kvm" if usable and want != "tcg" else "tcg"

    def run(self):
        """Boot once; the verdict (a dict), also in RESULTS/verdict.json."""
        accel = self.accel()
        self.build.mkdir(parents=True, exist_ok=True)
        initrd = self.stage()
        shutil.rmtree(self.results, ignore_errors=True)
        self.results.mkdir(parents=True)
        cmd = self.qemu(initrd, accel)
        util.log(f"{self.t.name}: booting {self.k['kver']} under {accel} "
                 f"({1 if accel == 'icount' else self.t.smp_max} vCPUs, timeout {self.timeout} s)")
        rc, wall, cpu = self._qemu(cmd)
        return verdict.judge(self, rc, accel, wall, cpu)

    def _qemu(self, cmd):
        t0, c0 = time.monotonic(), util._children_cpu()
        with open(self.results / "qemu.log", "w") as out:
            p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out,
                                 stderr=subprocess.STDOUT)
            try:
                rc = p.wait(self.timeout)
            except subprocess.TimeoutExpired:
                p.terminate()
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
                rc = "timeout"
        wall, cpu = time.monotonic() - t0, util._children_cpu() - c0
        util.CLOCK.add("qemu", wall, cpu)
        return rc, round(wall, 1), round(cpu, 1)


def ko_suffix(path):
    """.ko, or .ko.xz, .ko.zst: a module file's name as its packager wrote it."""
    return path.name[path.name.index(".ko"):]


def stress_plan(b):
    """The reliability checks of stress.sh, every value from the modules'
    own modinfo: dependency order, load/unload cycles (and the leak
    control), every numeric parameter at its limits, values that must be
    refused (malformed, overflowing, just out of range, near-keys)."""
    s = b.stress
    checks = s.get("checks", "detectors kmemleak deps cycle leakcontrol limits badparam "
                             "secret").split()
    cycles = s.get("cycles", 20)
    out = ["stress detectors"] if "detectors" in checks else []
    if "kmemleak" in checks:
        out.append("stress kmemleak clear")
    order = b.order()
    cargs = {m: cycle_args(b, m) for m in order}
    if "deps" in checks:
        for m in order:
            deps = b.info[m].first("depends")
            if deps:
                out.append(f"stress deps {m} {deps} {cargs[m]}")
    if "cycle" in checks:
        out += [f"stress cycle {cycles} {m} {cargs[m]}" for m in order]
    if "kmemleak" in checks:
        out.append("stress kmemleak scan")
    if "leakcontrol" in checks and b.leak:
        m = b.leak.stem
        out.append(f"stress leakcontrol {cycles} {m} {cycle_args(b, m)}")
    for m in order:
        p = {n: d for n, d in b.info[m].params().items() if d["kind"] == "uint" and "max" in d}
        if p and "limits" in checks:
            out.append(f"stress limits {m} " + " ".join(f"{n}={d['max']}" for n, d in p.items()))
            out.append(f"stress limits {m} " + " ".join(f"{n}={d['min']}" for n, d in p.items()))
    for m in order:
        bad = []
        for n, d in b.info[m].params().items():
            if d["kind"] == "siphash_key":
                if "secret" in checks:
                    n2 = d["digits"]
                    for v in (hexdigits(n2 - 1) + "z", hexdigits(n2 + 2), hexdigits(n2 - 2)):
                        b.secrets.append(v)
                        out.append(f"stress secret {m} {n}={v}|{n} {cargs[m]}")
                continue
            vals = {"uint": ["bogus", "99999999999999999999", str(d.get("max", 0) + 1)]
                    + ([str(d["min"] - 1)] if d.get("min") else []),
                    "ksym": ["bogus", "1"], "enum": ["no-such-value"],
                    "charp": [], "string": []}.get(d["kind"], ["bogus", "99999999999999999999"])
            words = ",".join([n] + ([str(d["min"]), str(d["max"])] if "max" in d else []))
            bad += [f"{n}={v}|{words}" for v in vals]
        bad += [f"{spec.split(':', 1)[1]}|{spec.split(':', 1)[1].split('=')[0]}"
                for spec in s.get("extra_badparams", "").split() if spec.split(":")[0] == m]
        if bad and "badparam" in checks:
            out.append(f"stress badparam {m} {len(bad)} {' '.join(bad)} {cargs[m]}")
    return out


def cycle_args(b, m):
    """A module's arguments in the reliability checks: every uint parameter
    at its minimum (its quickest load), a fresh key for every secret one."""
    out = []
    for n, d in b.info[m].params().items():
        if d["kind"] == "uint" and "min" in d:
            out.append(f"{n}={d['min']}")
        if d["kind"] == "siphash_key":
            k = hexdigits(d["digits"])
            b.secrets.append(k)
            out.append(f"{n}={k}")
    return " ".join(out)
