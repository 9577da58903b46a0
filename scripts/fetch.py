# SPDX-License-Identifier: GPL-2.0
"""A target's kernel, resolved and fetched once into the cache, never
installed on the host: Debian's image of the series (vmlinuz, config, the
modules /init loads first), the exactly matching headers, kbuild tools and
compiler, a static busybox, or for a kconfig row a kernel built from the
series' linux-source. Versions come from the metapackages at run time.

Three ways, by the target's suite: the host's suite (bookworm), through a
private apt; an older suite (bullseye), whose gcc and tools run on the
host, through its own private apt with its gcc unpacked; a newer suite
(trixie, sid), whose tools need its libc, in a build root of that suite
made with mmdebstrap and shared by its rows. kernel.json in the target's
cache says what was resolved; a second run with the same versions only
re-checks.
"""
import fcntl
import functools
import hashlib
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import util
from util import CACHE, ROOT, Failure, log, run

LIST_MAX_AGE = 60 * int(os.environ.get("APT_MAX_AGE", "60"))
ROOT_PKGS = "gcc,make,libc6-dev,libelf-dev,bc,bison,flex,kmod,pahole,sparse,python3,perl,dkms"
KEYRING = "signed-by=/usr/share/keyrings/debian-archive-keyring.gpg"


class Lock:
    def __init__(self, path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.f = open(path, "w")

    def __enter__(self):
        fcntl.flock(self.f, fcntl.LOCK_EX)

    def __exit__(self, *exc):
        fcntl.flock(self.f, fcntl.LOCK_UN)


def fresh(stamp):
    return stamp.exists() and time.time() - stamp.stat().st_mtime < LIST_MAX_AGE


def vercmp(a, b):
    if a == b:
        return 0
    p = subprocess.run(["dpkg", "--compare-versions", a, "lt", b], check=False)
    return -1 if p.returncode == 0 else 1


def extract(deb, dest, members=None):
    """dpkg-deb's data of DEB into DEST: all, or the MEMBERS (tar wildcards)
    that it has."""
    if members is None:
        run(["dpkg-deb", "-x", str(deb), str(dest)], kind="fetch")
        return
    Path(dest).mkdir(parents=True, exist_ok=True)
    run(["sh", "-c", f"dpkg-deb --fsys-tarfile '{deb}' | tar -x -C '{dest}' --wildcards "
         + " ".join(f"'{m}'" for m in members)], kind="fetch", check=False)


class Apt:
    """A private apt of SUITE in the cache, with the arches of the suite's
    rows, the security archive for those whose rows take it; the host's
    apt state and dpkg architectures are never touched."""

    def __init__(self, suite, targets):
        self.suite = suite
        self.dir = CACHE / ("apt" if suite == util.HOST_SUITE else f"apt-{suite}")
        rows = [t for t in targets if t.suite == suite]
        if not rows:
            raise Failure(f"no row of targets.tsv has suite {suite}")
        host = run(["dpkg", "--print-architecture"]).strip()
        arches = sorted({t.deb_arch for t in rows})
        sec = ",".join(sorted({t.deb_arch for t in rows if t.security == "yes"}))
        d = self.dir
        conf = "".join(f'{k} "{v}";\n' for k, v in [
            ("Dir::State", f"{d}/state"), ("Dir::State::status", f"{d}/state/status"),
            ("Dir::Cache", f"{d}/cache"), ("Dir::Cache::pkgcache", "pkgcache.bin"),
            ("Dir::Cache::srcpkgcache", "srcpkgcache.bin"),
            ("Dir::Etc::SourceList", f"{d}/sources.list"),
            ("Dir::Etc::SourceParts", f"{d}/sources.list.d"),
            ("Dir::Etc::PreferencesParts", f"{d}/preferences.d"),
            ("Dir::Etc::Parts", f"{d}/apt.conf.d"), ("APT::Architecture", host)])
        conf += "APT::Architectures { " + "".join(f'"{a}"; ' for a in arches) + "};\n"
        conf += 'Acquire::Languages "none";\nAPT::Sandbox::User "root";\n'
        sources = f"deb [arch={','.join(arches)} {KEYRING}] {util.MIRROR} {suite} main\n"
        if sec:
            sources += f"deb [arch={sec} {KEYRING}] {util.SECURITY} {suite}-security main\n"
        self.env = dict(os.environ, APT_CONFIG=str(d / "apt.conf"))
        with Lock(d / "update.lock"):
            if (d / "apt.conf").exists() and (d / "apt.conf").read_text() == conf \
                    and (d / "sources.list").read_text() == sources:
                if fresh(d / "updated"):
                    return
            else:
                for sub in ("state/lists/partial", "cache/archives/partial", "sources.list.d",
                            "preferences.d", "apt.conf.d"):
                    (d / sub).mkdir(parents=True, exist_ok=True)
                (d / "state/status").touch()
                (d / "sources.list").write_text(sources)
                (d / "apt.conf").write_text(conf)
            log(f"updating the package lists of {suite} (private apt in {d})")
            run(["apt-get", "update", "-q"], kind="fetch", env=self.env,
                log_to=d / "update.log")
            (d / "updated").touch()

    def query(self, *args):
        return run(["apt-cache", *args], env=self.env, check=False).stdout

    def version(self, pkg):
        m = re.search(r"^\s*Candidate: (\S+)", self.query("policy", pkg), re.M)
        if not m or m.group(1) == "(none)":
            raise Failure(f"no version of {pkg} in {self.suite}")
        return m.group(1)

    def depends(self, pkg, pattern):
        for line in self.query("depends", pkg).splitlines():
            m = re.match(r"\s*\|?Depends: <?([^ >]+)>?", line)
            if m and re.match(pattern, m.group(1)):
                return m.group(1)
        return ""

    def download(self, dest, specs):
        dest.mkdir(parents=True, exist_ok=True)
        for spec in specs:
            stamp = dest / (".got-" + re.sub(r"[:=/~+]", "_", spec))
            if not stamp.exists():
                run(["apt-get", "download", "-q", spec], kind="fetch", env=self.env, cwd=dest)
                stamp.touch()


class BuildRoot:
    """A root of a suite newer than the host's, made with mmdebstrap, shared
    by the rows of that suite; commands run in it through chroot, with the
    project, the cache and DIRS bind-mounted at the same paths."""

    def __init__(self, suite):
        self.suite, self.base = suite, suite.removesuffix("-backports")
        self.path = CACHE / f"{suite}-root"

    def cmd(self, cmd, dirs=()):
        script = ('root=$1; shift; for d in "$@"; do [ "$d" = -- ] && break; '
                  'mountpoint -q "$root$d" && continue; mkdir -p "$root$d" && '
                  'mount --bind "$d" "$root$d" || exit 1; done; '
                  'while [ "$1" != -- ]; do shift; done; shift; '
                  'mkdir -p "$root/proc" && mount -t proc proc "$root/proc" && '
                  'exec chroot "$root" env -u LD_LIBRARY_PATH -u APT_CONFIG "$@"')
        return ["unshare", "--mount", "--propagation", "private", "--", "sh", "-c", script,
                "sh", str(self.path), str(ROOT), str(CACHE), *map(str, dirs), "--", *cmd]

    def run(self, cmd, **kw):
        return run(self.cmd(cmd), **kw)

    def ensure(self, target, security):
        include = ROOT_PKGS + (f",gcc-{target.cross}" if target.cross else "")
        arches = ["amd64"] + ([target.deb_arch] if target.cross else [])
        with Lock(self.path.with_suffix(".lock")):
            if not (self.path / ".complete").exists():
                log(f"{target.name}: making the {self.suite} build root in {self.path}")
                shutil.rmtree(self.path, ignore_errors=True)
                srcs = [f"deb {util.MIRROR} {self.base} main"]
                if security:
                    srcs.append(f"deb {util.SECURITY} {self.base}-security main")
                if self.base != self.suite:
                    srcs.append(f"deb {util.MIRROR} {self.suite} main")
                run(["mmdebstrap", "--variant=apt",
                     "--aptopt=Acquire::Check-Valid-Until \"false\"",
                     f"--architectures={','.join(arches)}", f"--include={include}",
                     self.base, str(self.path), *srcs], kind="fetch",
                    log_to=CACHE / f"{self.suite}-mmdebstrap.log")
                (self.path / ".complete").touch()
                (self.path / ".updated").touch()
                return
            foreign = self.run(["dpkg", "--print-foreign-architectures"]).split()
            for a in arches[1:]:
                if a not in foreign:
                    self.run(["dpkg", "--add-architecture", a])
                    (self.path / ".updated").unlink(missing_ok=True)
            if not fresh(self.path / ".updated"):
                self.run(["apt-get", "update", "-q"], kind="fetch",
                         log_to=CACHE / f"{self.suite}-update.log")
                (self.path / ".updated").touch()
            missing = [p for p in include.split(",") if "ok installed" not in self.run(
                ["dpkg-query", "-W", "-f=${Status}", p], check=False).stdout]
            if missing:
                self.run(["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install",
                          "-y", "-q", "--no-install-recommends", *missing], kind="fetch",
                         log_to=CACHE / f"{self.suite}-install.log")
        for f in self.path.glob(f"var/lib/apt/lists/*_dists_{self.suite}_InRelease"):
            m = re.search(r"^Valid-Until: (.*)$", f.read_text(errors="replace"), re.M)
            if m and subprocess.run(["date", "-d", m.group(1), "+%s"], capture_output=True,
                                    text=True).stdout.strip() < str(int(time.time())):
                log(f"{target.name}: the index of {self.suite} is stale (Valid-Until "
                    f"{m.group(1)}): its versions may lag the archive")

    def candidates(self, meta):
        """(version, image package) of every version of META the lists know."""
        out = self.run(["apt-cache", "show", meta], check=False).stdout
        found = []
        for para in out.split("\n\n"):
            v = re.search(r"^Version: (\S+)", para, re.M)
            d = re.search(r"^Depends: .*?(linux-image-[0-9][^ ,]*)(?: \(= ([^)]+)\))?", para, re.M)
            if v and d:
                found.append((d.group(2) or v.group(1), d.group(1), self))
        return found


def toolchain(apt, cross, extra=()):
    """Debian's gcc-12 cross compiler for CROSS (and EXTRA packages),
    unpacked into the cache: every gcc-12-<triplet> conflicts with
    gcc-multilib, which the user-space tests need. (PATH, LD_LIBRARY_PATH)."""
    d = CACHE / "toolchain" / cross
    want = []
    if not (d / f"usr/bin/{cross}-gcc-12").exists() or \
            not (d / f".version-{apt.version(f'gcc-12-{cross}')}").exists():
        shutil.rmtree(d, ignore_errors=True)
        want = [f"gcc-12-{cross}", f"binutils-{cross}"]
    stamps = {p: d / (".extra-" + re.sub(r"[:~+]", "_", f"{p}-{apt.version(p)}")) for p in extra}
    want += [p for p, s in stamps.items() if not s.exists()]
    if want:
        log(f"unpacking Debian's {' '.join(want)} into {d}")
        debs = d / "debs"
        debs.mkdir(parents=True, exist_ok=True)
        run(["apt-get", "install", "--download-only", "-q", "-y", "--no-install-recommends",
             "-o", f"Dir::Cache::archives={debs}", *want], kind="fetch",
            env=dict(os.environ, APT_CONFIG=""), log_to=d / "apt.log")
        for deb in debs.glob("*.deb"):
            extract(deb, d)
        shutil.rmtree(debs)
        (d / f".version-{apt.version(f'gcc-12-{cross}')}").touch()
        for s in stamps.values():
            s.touch()
    return str(d / "usr/bin"), str(d / "usr/lib/x86_64-linux-gnu")


def suite_gcc(apt, t, headers):
    """An older suite's gcc (its headers name it), unpacked: its gcc, binutils
    and kbuild tools run on the host's newer glibc. A foreign arch takes the
    suite's cross binutils too: its gcc would otherwise run the host's as."""
    dep = apt.depends(f"{headers}:{t.deb_arch}", r"(linux-compiler-)?gcc-\d+")
    n = re.search(r"gcc-(\d+)", dep)
    if not n:
        raise Failure(f"cannot tell which gcc {headers} needs")
    n = n.group(1)
    gcc = f"gcc-{n}" + (f"-{t.cross}" if t.cross else "")
    d = CACHE / "toolchain" / f"{apt.suite}-{gcc}"
    stamp = d / (".version-" + re.sub(r"[:~+]", "_", apt.version(gcc)))
    if not stamp.exists():
        log(f"{t.name}: unpacking {apt.suite}'s {gcc} into {d}")
        shutil.rmtree(d, ignore_errors=True)
        out = apt.query("depends", "--recurse", "--no-recommends", "--no-suggests",
                        "--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances", gcc)
        pat = rf"(gcc-{n}|cpp-{n}|libgcc-{n}-dev)[-a-z0-9]*" + (
            rf"|binutils-{t.cross}" if t.cross else "")
        pkgs = sorted({p for p in out.split() if re.fullmatch(pat, p)})
        apt.download(d / "debs", [f"{p}={apt.version(p)}" for p in pkgs])
        for deb in (d / "debs").glob("*.deb"):
            extract(deb, d)
        shutil.rmtree(d / "debs")
        stamp.touch()
    return str(d / "usr/bin"), str(d / "usr/lib/x86_64-linux-gnu")


def qemu_root(t):
    """The emulator of another suite (the arch's qemu_suite), in a root that
    holds it alone, run through that suite's own loader and libraries."""
    r = CACHE / f"qemu-{t.qemu_suite}"
    wrapper = r / "usr/local/bin" / t.qemu
    with Lock(r.with_suffix(".lock")):
        if not (r / ".complete").exists():
            log(f"{t.name}: fetching {t.qemu} from {t.qemu_suite} into {r} (mmdebstrap)")
            shutil.rmtree(r, ignore_errors=True)
            run(["mmdebstrap", "--variant=essential",
                 "--aptopt=Acquire::Check-Valid-Until \"false\"", f"--include={t.qemu_pkg}",
                 t.qemu_suite, str(r), util.MIRROR], kind="fetch",
                log_to=CACHE / f"qemu-{t.qemu_suite}-mmdebstrap.log")
            wrapper.parent.mkdir(parents=True, exist_ok=True)
            lib = "usr/lib/x86_64-linux-gnu"
            wrapper.write_text(
                f'#!/bin/sh\n# {t.qemu} of Debian {t.qemu_suite} with its own loader and '
                f'libraries.\nR=$(cd "$(dirname "$0")/../../.." && pwd)\nQEMU_MODULE_DIR=$R/'
                f'{lib}/qemu exec "$R/lib64/ld-linux-x86-64.so.2" --library-path "$R/{lib}" '
                f'"$R/usr/bin/{t.qemu}" -L "$R/usr/share/qemu" "$@"\n')
            wrapper.chmod(0o755)
            run([str(wrapper), "--version"])
            (r / ".complete").touch()
    return str(wrapper)


def suite_on_host(suite):
    """SUITE's programs run on the host: the host's suite or an older one."""
    if suite == util.HOST_SUITE:
        return True
    rows = [line.split(",") for line in
            Path("/usr/share/distro-info/debian.csv").read_text().splitlines()[1:]]
    ver = {r[2]: r[0] for r in rows}
    if suite.removesuffix("-backports") not in ver:
        raise Failure(f"unknown Debian suite '{suite}' (not in distro-info's debian.csv)")
    theirs = ver[suite.removesuffix("-backports")]
    return bool(theirs) and int(theirs.split(".")[0]) < int(ver[util.HOST_SUITE].split(".")[0])


def kernel(t, targets, resolve_only=False):
    """Fetch T's kernel once; its facts as kernel.json (a dict)."""
    d = CACHE / t.name
    with Lock(d / "fetch.lock"):
        return (_built if t.kconfig else _debian)(t, targets, d, resolve_only)


def _finish(t, d, k):
    k["target"] = t.name
    if t.qemu_suite and "qemu" not in k:
        k["qemu"] = qemu_root(t)
    k.setdefault("qemu", t.qemu)
    util.write_json(d / "kernel.json", k)
    return k


def _busybox(apt, t, d):
    ver = apt.version(f"busybox-static:{t.deb_arch}")
    apt.download(d / "debs", [f"busybox-static:{t.deb_arch}={ver}"])


def _built(t, targets, d, resolve_only):
    apt = Apt(util.HOST_SUITE, targets)
    ver = apt.version(t.source)
    frag = ROOT / t.kconfig
    h = hashlib.sha256(frag.read_bytes()).hexdigest()[:12]
    k = {"deb_version": ver, "resolved": [f"{t.source}={ver}", f"{t.kconfig}={h}"],
         "build_root": "", "toolchain": ["", ""]}
    if resolve_only:
        return k
    kdir = CACHE / "kernel-build" / f"{t.source}-{ver}-{h}"
    if not (kdir / ".complete").exists():
        build_kernel(t, apt, ver, frag, kdir)
    root = d / "root"
    if not (root / ".complete").exists():
        shutil.rmtree(root, ignore_errors=True)
        _busybox(apt, t, d)
        for deb in (d / "debs").glob("busybox-static_*.deb"):
            extract(deb, root)
        (root / ".complete").touch()
    image = run(["make", "-s", "-C", str(kdir), f"ARCH={t.karch}", "image_name"]).strip()
    k.update(kver=(kdir / "include/config/kernel.release").read_text().strip(),
             kdir=str(kdir), vmlinuz=str(kdir / image), config=str(kdir / ".config"),
             busybox=_busybox_path(root), guest_kmod_dir=str(kdir),
             build_info=(kdir / ".build-info").read_text().strip())
    return _finish(t, d, k)


def build_kernel(t, apt, ver, frag, kdir):
    """tinyconfig of the series' linux-source plus the fragment, every line
    of which must survive olddefconfig (kconfig drops an option whose
    dependencies are not met without a word)."""
    start = time.monotonic()
    shutil.rmtree(kdir, ignore_errors=True)
    kdir.mkdir(parents=True)
    log(f"{t.name}: building a kernel from {t.source} {ver} with {t.kconfig} "
        f"(once; {kdir}/build.log)")
    apt.download(kdir, [f"{t.source}={ver}"])
    deb = next(kdir.glob(f"{t.source}_*.deb"))
    run(["sh", "-c", f"dpkg-deb --fsys-tarfile '{deb}' | tar -xO --wildcards "
         f"'./usr/src/{t.source}.tar.*' | xz -dc | tar -x -C '{kdir}' --strip-components=1"],
        kind="fetch")
    deb.unlink()
    mk = ["make", "-C", str(kdir), f"ARCH={t.karch}"]
    cfg = kdir / "config.log"
    run(mk + ["tinyconfig"], kind="build", log_to=cfg)
    run([str(kdir / "scripts/kconfig/merge_config.sh"), "-m", "-O", str(kdir),
         str(kdir / ".config"), str(frag)], kind="build", log_to=cfg)
    run(mk + ["olddefconfig"], kind="build", log_to=cfg)
    have = set((kdir / ".config").read_text().splitlines())
    lost = [line for line in frag.read_text().splitlines() if
            (line.startswith("CONFIG_") and line not in have) or
            (re.fullmatch(r"# (CONFIG_\w+) is not set", line) and any(
                h.startswith(line.split()[1] + "=") for h in have))]
    if lost:
        raise Failure(f"{t.name}: kconfig dropped these lines of {t.kconfig} "
                      f"(unmet dependencies?): {' '.join(lost)}")
    run(mk + [f"-j{os.cpu_count() + 1}", "all"], kind="build", log_to=kdir / "build.log")
    secs = int(time.monotonic() - start)
    (kdir / ".build-info").write_text(f"{t.source} {ver}, {t.kconfig}: built in {secs} s "
                                      f"on {os.cpu_count()} CPUs\n")
    (kdir / ".complete").touch()


def _busybox_path(root):
    for p in ("bin/busybox", "usr/bin/busybox"):
        if (root / p).exists():
            return str(root / p)
    raise Failure(f"busybox-static did not contain /bin/busybox or /usr/bin/busybox ({root})")


def _debian(t, targets, d, resolve_only):
    k = {"build_root": "", "toolchain": ["", ""]}
    suite0 = t.suites[0]
    root_suite = None
    if not suite_on_host(suite0):
        roots = [BuildRoot(s) for s in t.suites]
        for r in roots:
            r.ensure(t, t.security == "yes")
        cands = sorted((c for r in roots for c in r.candidates(f"{t.image_meta}:{t.deb_arch}")),
                       key=functools.cmp_to_key(lambda a, b: vercmp(b[0], a[0])))
        if not cands:
            raise Failure(f"cannot resolve {t.image_meta}:{t.deb_arch} in the roots of {t.suite}")
    else:
        apt = Apt(suite0, targets)
        image = apt.depends(f"{t.image_meta}:{t.deb_arch}", r"linux-image-[0-9]")
        if not image:
            raise Failure(f"cannot resolve {t.image_meta}:{t.deb_arch} in {suite0}")
        image = image.split(":")[0]
        cands = [(apt.version(f"{image}:{t.deb_arch}"), image, None)]
    tried = []
    for ver, image, root in cands:
        kver = image.removeprefix("linux-image-").removesuffix("-unsigned")
        k.update(deb_version=ver, kver=kver, image=image,
                 resolved=[f"{image}:{t.deb_arch}={ver}"])
        if resolve_only:
            return k
        old = util.read_json(d / "kernel.json") or _adopt(d)
        old.update(resolved=k["resolved"], image=image)
        if old.get("deb_version") == ver and old.get("kver") == kver and \
                (d / "root/.complete").exists() and \
                old.get("build_root", "") == (str(root.path) if root else ""):
            log(f"{t.name}: kernel {kver} ({ver}) already in {d}")
            return _finish(t, d, old)
        shutil.rmtree(d / "debs", ignore_errors=True)
        shutil.rmtree(d / "root", ignore_errors=True)
        try:
            if root:
                root_suite = root
                _fetch_in_root(t, root, image, ver, kver, d, k)
            else:
                _fetch_apt(t, targets, apt, image, ver, kver, d, k)
            break
        except Failure as e:
            if not root:
                raise
            log(f"{t.name}: cannot fetch {image} {ver} from {root.suite}: {e}; "
                "taking the next version")
            tried.append(f"{image}={ver}({root.suite})")
    else:
        raise Failure(f"no version of {t.image_meta}:{t.deb_arch} in {t.suite} can be "
                      f"fetched; tried: {' '.join(tried)}")
    log(f"{t.name}: fetching kernel {kver}, Debian version {ver}")
    root = d / "root"
    guest = [f"./{u}lib/modules/{kver}/kernel/*/{m}.ko*"
             for m in t.guest_kmods.split() for u in ("", "usr/")]
    for deb in sorted((d / "debs").glob("*.deb")):
        if re.match(r"linux-(image|binary|base|modules)-", deb.name):
            extract(deb, root, [f"./boot/{f}-{kver}" for f in ("vmlinuz", "vmlinux", "config")]
                    + [f"./usr/lib/modules/{kver}/{f}" for f in ("vmlinuz", "config")] + guest)
        else:
            extract(deb, root)
    (root / "boot").mkdir(exist_ok=True)
    for f in ("vmlinuz", "config"):
        src = root / f"usr/lib/modules/{kver}/{f}"
        if src.exists():
            src.rename(root / f"boot/{f}-{kver}")
    if (root / f"usr/lib/modules/{kver}/kernel").exists():
        (root / f"lib/modules/{kver}").mkdir(parents=True, exist_ok=True)
        (root / f"usr/lib/modules/{kver}/kernel").rename(root / f"lib/modules/{kver}/kernel")
    vmlinuz = root / f"boot/vmlinuz-{kver}"
    if not vmlinuz.exists():
        vmlinuz = root / f"boot/vmlinux-{kver}"
    k.update(vmlinuz=str(vmlinuz), config=str(root / f"boot/config-{kver}"),
             busybox=_busybox_path(root), guest_kmod_dir=str(root / f"lib/modules/{kver}/kernel"))
    for f in (k["vmlinuz"], k["config"]):
        if not Path(f).exists():
            raise Failure(f"the packages of {k['image']} did not contain {f}")
    if not k["build_root"] or t.cross:
        # The headers' Makefile includes the -common tree by absolute path,
        # and since 7.x names its own tree as the output directory.
        mk = Path(k["kdir"]) / "Makefile"
        text = mk.read_text()
        m = re.search(r"^include /usr/src/([^/]+)/Makefile$", text, re.M)
        if not m:
            raise Failure(f"unexpected Makefile in linux-headers-{kver}: {text[:200]}")
        text = text.replace(f"include /usr/src/{m.group(1)}/Makefile",
                            f"include {root}/usr/src/{m.group(1)}/Makefile")
        text = text.replace(f"KBUILD_OUTPUT=/usr/src/linux-headers-{kver}\n",
                            f"KBUILD_OUTPUT={k['kdir']}\n")
        mk.write_text(text)
    (root / ".complete").touch()
    k = _finish(t, d, k)
    if root_suite:
        checker_valid(t, targets, k)
    return k


def _adopt(d):
    """What the shell harness before this one fetched (kernel.env)."""
    env = d / "kernel.env"
    if not env.exists():
        return {}
    e = dict(line.split("=", 1) for line in env.read_text().splitlines() if "=" in line)
    return {"deb_version": e["DEB_VERSION"], "kver": e["KVER"], "kdir": e["KDIR"],
            "vmlinuz": e["VMLINUZ"], "config": e["CONFIG"], "busybox": e["BUSYBOX"],
            "guest_kmod_dir": e["GUEST_KMOD_DIR"], "build_root": e["BUILD_ROOT"],
            "toolchain": [e["TOOLCHAIN_PATH"], e["TOOLCHAIN_LIB"]], "qemu": e["QEMU"]}


def _fetch_apt(t, targets, apt, image, ver, kver, d, k):
    headers = f"linux-headers-{kver}"
    common = apt.depends(f"{headers}:{t.deb_arch}", r"linux-headers-.*-common")
    kbuild = apt.depends(f"{headers}:{t.deb_arch}", r"linux-kbuild-")
    if not common or not kbuild:
        raise Failure(f"cannot resolve the -common and linux-kbuild packages of {headers}")
    host = Apt(util.HOST_SUITE, targets)
    _busybox(host, t, d)
    specs = [f"{image}:{t.deb_arch}={ver}", f"{headers}:{t.deb_arch}={ver}",
             f"{common.split(':')[0]}={ver}", f"{kbuild.split(':')[0]}:amd64={ver}"]
    apt.download(d / "debs", specs)
    k["kdir"] = str(d / "root/usr/src" / headers)
    if apt.suite != util.HOST_SUITE:
        k["toolchain"] = list(suite_gcc(apt, t, headers))
    elif t.cross:
        k["toolchain"] = list(toolchain(apt, t.cross))


def _fetch_in_root(t, root, image, ver, kver, d, k):
    """The image packages (7.x splits them: linux-binary-, linux-base-; the
    modules only where /init loads some), busybox, and for a cross target
    the headers with their -common tree and the host's linux-kbuild of the
    same version, downloaded in the root; a native target's headers are
    installed in it."""
    deps = root.run(["apt-cache", "depends", f"{image}:{t.deb_arch}"])
    pkgs = [f"{image}:{t.deb_arch}={ver}"]
    for m in re.finditer(rf"^\s*Depends: (linux-[a-z]+-{re.escape(kver)})(?::{t.deb_arch})?$",
                         deps, re.M):
        if t.guest_kmods or not m.group(1).startswith("linux-modules-"):
            pkgs.append(f"{m.group(1)}:{t.deb_arch}={ver}")
    pkgs.append(f"busybox-static:{t.deb_arch}")
    headers = f"linux-headers-{kver}"
    if t.cross:
        hd = re.findall(r"^\s*\|?Depends: <?([^ :>]+)", root.run(
            ["apt-cache", "depends", f"{headers}:{t.deb_arch}"]), re.M)
        common = next((p for p in hd if re.fullmatch(r"linux-headers-.*-common", p)), "")
        kbuild = next((p for p in hd if p.startswith("linux-kbuild-")), "")
        if not common or not kbuild:
            raise Failure(f"cannot resolve the -common and linux-kbuild of {headers}")
        pkgs += [f"{headers}:{t.deb_arch}={ver}", f"{common}={ver}", f"{kbuild}:amd64={ver}"]
    debs = d / "debs"
    debs.mkdir(parents=True, exist_ok=True)
    root.run(["sh", "-c", f"cd '{debs}' && apt-get download -q {' '.join(pkgs)}"], kind="fetch")
    k["build_root"] = str(root.path)
    if t.cross:
        k["kdir"] = str(d / "root/usr/src" / headers)
    else:
        root.run(["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-q",
                  "--no-install-recommends", f"{headers}={ver}"], kind="fetch",
                 log_to=d / "install.log")
        k["kdir"] = f"/usr/src/{headers}"


def headers_common(k):
    """The host path of the -common tree the target's headers include."""
    br = k.get("build_root", "")
    mk = Path(k["kdir"]) / "Makefile"
    if not mk.exists():
        mk = Path(br + k["kdir"]) / "Makefile"
    common = re.search(r"^include (/.*)/Makefile$", mk.read_text(), re.M).group(1)
    return Path(common) if Path(common).is_dir() else Path(br + common)


def checker_valid(t, targets, k):
    """Debian's 7.x headers lack scripts/checker-valid.sh, without which
    kbuild runs no sparse: the series' own copy goes in place."""
    common = headers_common(k)
    if "checker-valid.sh" in (common / "Makefile").read_text() and \
            not (common / "scripts/checker-valid.sh").exists():
        src = source_tools(t, targets)
        shutil.copy(src / "scripts/checker-valid.sh", common / "scripts/checker-valid.sh")


TOOL_PATHS = ("scripts/checkpatch.pl", "scripts/spelling.txt", "scripts/const_structs.checkpatch",
              "scripts/kernel-doc*", "scripts/lib/kdoc", "scripts/checker-valid.sh",
              "tools/docs", "tools/lib/python", "tools/testing/kunit", "lib/siphash.c",
              "include/linux/siphash.h")


def source_tools(t, targets):
    """The kernel's own tools of T's series, out of its linux-source tarball,
    once: checkpatch, kernel-doc, checker-valid.sh, kunit.py, lib/siphash.c."""
    if suite_on_host(t.suites[0]):
        apt = Apt(t.suites[0], targets)
        pkg, ver, dl = t.source, apt.version(t.source), apt.download
    else:
        k = util.read_json(CACHE / t.name / "kernel.json") or kernel(t, targets)
        root = BuildRoot(Path(k["build_root"]).name.removesuffix("-root"))
        pkg = re.search(r"Depends: (linux-source-[0-9.]+)$", root.run(
            ["apt-cache", "depends", t.source]), re.M).group(1)
        ver = re.search(r"Candidate: (\S+)", root.run(["apt-cache", "policy", pkg])).group(1)

        def dl(dest, specs):
            dest.mkdir(parents=True, exist_ok=True)
            root.run(["sh", "-c", f"cd '{dest}' && apt-get download -q {specs[0]}"],
                     kind="fetch")
    dest = CACHE / "linux-source" / f"{pkg}-{ver}"
    with Lock(CACHE / "linux-source" / f"{pkg}.lock"):
        if (dest / ".done").exists():
            return dest
        log(f"extracting the kernel's tools from {pkg} {ver}")
        tmp = CACHE / "linux-source" / f"tmp-{pkg}"
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(dest, ignore_errors=True)
        dest.mkdir(parents=True)
        dl(tmp, [f"{pkg}={ver}"])
        deb = next(tmp.glob(f"{pkg}_*.deb"))
        # A series may lack one of the optional paths (scripts/lib/kdoc is
        # new): tar names them and fails, and the ones every series has
        # are checked below.
        run(["sh", "-c", f"dpkg-deb --fsys-tarfile '{deb}' | tar -xO --wildcards "
             f"'./usr/src/{pkg}.tar.*' | xz -dc | tar -x -C '{dest}' --strip-components=1 "
             "--wildcards " + " ".join(f"'{pkg}/{w}'" for w in TOOL_PATHS)],
            kind="fetch", check=False)
        for f in ("scripts/checkpatch.pl", "scripts/kernel-doc",
                  "tools/testing/kunit/kunit.py", "lib/siphash.c"):
            if not (dest / f).exists():
                raise Failure(f"{pkg} {ver} has no {f}")
        shutil.rmtree(tmp)
        (dest / ".done").touch()
    return dest
