# SPDX-License-Identifier: GPL-2.0
"""A target's kernel, fetched once into the cache, never installed: Debian's
image, headers, kbuild tools, compiler and a static busybox, or a kernel
built from the series' linux-source. The host's suite and older ones go
through a private apt; a newer suite, whose tools need its libc, through a
build root of it made with mmdebstrap. kernel.json says what was resolved."""
import contextlib
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
LIB = "usr/lib/x86_64-linux-gnu"


class Unavailable(Failure):
    """The mirror serves none of the files its index names for a row."""


@contextlib.contextmanager
def Lock(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


def fresh(stamp):
    return stamp.exists() and time.time() - stamp.stat().st_mtime < LIST_MAX_AGE


def vercmp(a, b):
    return 0 if a == b else -1 if subprocess.run(["dpkg", "--compare-versions", a, "lt",
                                                  b]).returncode == 0 else 1


def extract(deb, dest, members=None):
    """DEB's files into DEST: all, or the MEMBERS (tar wildcards) it has."""
    if members is None:
        return run(["dpkg-deb", "-x", str(deb), str(dest)], kind="fetch")
    Path(dest).mkdir(parents=True, exist_ok=True)
    run(["sh", "-c", f"dpkg-deb --fsys-tarfile '{deb}' | tar -x -C '{dest}' --wildcards "
         + " ".join(f"'{m}'" for m in members)], kind="fetch", check=False)


def untar_source(deb, pkg, dest, members=""):
    """The tree of linux-source package PKG's DEB (or its MEMBERS) into DEST."""
    return run(["sh", "-c", f"dpkg-deb --fsys-tarfile '{deb}' | tar -xO --wildcards "
                f"'./usr/src/{pkg}.tar.*' | xz -dc | tar -x -C '{dest}' --strip-components=1 "
                + members], kind="fetch", check=not members)


class Archive:
    """What the harness asks of apt, wherever apt runs (apt_cmd)."""

    def query(self, *args):
        return run(self.apt_cmd(["apt-cache", *args]), check=False).stdout

    def version(self, pkg):
        m = re.search(r"^\s*Candidate: (\S+)", self.query("policy", pkg), re.M)
        if not m or m.group(1) == "(none)":
            raise Failure(f"no version of {pkg} in {self.suite}")
        return m.group(1)

    def depends(self, pkg, pattern=""):
        deps = re.findall(r"^\s*\|?Depends: <?([^ >\n]+)>?$", self.query("depends", pkg), re.M)
        return [d.split(":")[0] for d in deps if re.match(pattern, d)]

    def download(self, dest, specs):
        """SPECS into DEST, each once (a stamp per package and version)."""
        dest.mkdir(parents=True, exist_ok=True)
        stamps = {s: dest / (".got-" + re.sub(r"[:=/~+]", "_", s)) for s in specs}
        want = [s for s in specs if not stamps[s].exists()]
        if want:
            run(self.apt_cmd(["sh", "-c", 'cd "$0" && exec apt-get download -q "$@"', str(dest),
                              *want], [dest]), kind="fetch")
        for s in want:
            stamps[s].touch()


class Apt(Archive):
    """A private apt of SUITE in the cache: the host's apt state and dpkg
    architectures are never touched."""

    def __init__(self, suite, targets):
        self.suite, d = suite, CACHE / ("apt" if suite == util.HOST_SUITE else f"apt-{suite}")
        rows = [t for t in targets if t.suite == suite]
        arches = sorted({t.deb_arch for t in rows})
        sec = ",".join(sorted({t.deb_arch for t in rows if t.security == "yes"}))
        conf = "".join(f'{k} "{d}/{v}";\n' for k, v in (
            ("Dir::State", "state"), ("Dir::State::status", "state/status"),
            ("Dir::Cache", "cache"), ("Dir::Etc::SourceList", "sources.list"),
            ("Dir::Etc::SourceParts", "sources.list.d"),
            ("Dir::Etc::PreferencesParts", "preferences.d"), ("Dir::Etc::Parts", "apt.conf.d")))
        conf += ('APT::Architecture "amd64";\nAPT::Architectures { '
                 + "".join(f'"{a}"; ' for a in arches) + '};\nAcquire::Languages "none";\n'
                 'APT::Sandbox::User "root";\n')
        sources = f"deb [arch={','.join(arches)} {KEYRING}] {util.MIRROR} {suite} main\n" + (
            f"deb [arch={sec} {KEYRING}] {util.SECURITY} {suite}-security main\n" if sec else "")
        self.env = dict(os.environ, APT_CONFIG=str(d / "apt.conf"))
        with Lock(d / "update.lock"):
            same = (d / "apt.conf").exists() and (d / "apt.conf").read_text() == conf \
                and (d / "sources.list").read_text() == sources
            if same and fresh(d / "updated"):
                return
            for sub in ("state/lists/partial", "cache/archives/partial", "sources.list.d",
                        "preferences.d", "apt.conf.d"):
                (d / sub).mkdir(parents=True, exist_ok=True)
            (d / "state/status").touch()
            (d / "sources.list").write_text(sources)
            (d / "apt.conf").write_text(conf)
            log(f"updating the package lists of {suite} (private apt in {d})")
            run(["apt-get", "update", "-q"], kind="fetch", env=self.env, log_to=d / "update.log")
            (d / "updated").touch()

    def apt_cmd(self, cmd, dirs=()):
        return ["env", f"APT_CONFIG={self.env['APT_CONFIG']}", *cmd]


class BuildRoot(Archive):
    """A root of a suite newer than the host's, shared by its rows; commands
    run in it through chroot, the project, the cache and DIRS bind-mounted."""

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

    apt_cmd = cmd

    def run(self, cmd, **kw):
        return run(self.cmd(cmd), **kw)

    def install(self, pkgs, log_to):
        self.run(["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-q",
                  "--no-install-recommends", *pkgs], kind="fetch", log_to=log_to)

    def ensure(self, t):
        """The root, made or brought up to date with what T needs."""
        include = ROOT_PKGS + (f",gcc-{t.cross}" if t.cross else "")
        arches = ["amd64"] + ([t.deb_arch] if t.cross else [])
        with Lock(self.path.with_suffix(".lock")):
            if not (self.path / ".complete").exists():
                log(f"{t.name}: making the {self.suite} build root in {self.path}")
                shutil.rmtree(self.path, ignore_errors=True)
                srcs = [f"deb {util.MIRROR} {self.base} main"] + (
                    [f"deb {util.SECURITY} {self.base}-security main"] if t.security == "yes"
                    else []) + ([f"deb {util.MIRROR} {self.suite} main"]
                                if self.base != self.suite else [])
                # This mirror's sid index is past its Valid-Until date.
                run(["mmdebstrap", "--variant=apt", '--aptopt=Acquire::Check-Valid-Until "false"',
                     f"--architectures={','.join(arches)}", f"--include={include}", self.base,
                     str(self.path), *srcs], kind="fetch",
                    log_to=CACHE / f"{self.suite}-mmdebstrap.log")
                # mmdebstrap's cleanup removed the package lists: the update
                # below fetches them again.
                (self.path / ".complete").touch()
                (self.path / ".updated").unlink(missing_ok=True)
            for a in set(arches[1:]) - set(self.run(["dpkg", "--print-foreign-architectures"])
                                               .split()):
                self.run(["dpkg", "--add-architecture", a])
                (self.path / ".updated").unlink(missing_ok=True)
            if not fresh(self.path / ".updated"):
                self.run(["apt-get", "update", "-q"], kind="fetch",
                         log_to=CACHE / f"{self.suite}-update.log")
                (self.path / ".updated").touch()
            missing = [p for p in include.split(",") if "ok installed" not in self.run(
                ["dpkg-query", "-W", "-f=${Status}", p], check=False).stdout]
            if missing:
                self.install(missing, CACHE / f"{self.suite}-install.log")

    def candidates(self, meta):
        """(version, image package, self) of every version of META it knows."""
        for para in self.query("show", meta).split("\n\n"):
            v = re.search(r"^Version: (\S+)", para, re.M)
            d = re.search(r"^Depends: .*?(linux-image-[0-9][^ ,]*)(?: \(= ([^)]+)\))?", para, re.M)
            if v and d:
                yield d.group(2) or v.group(1), d.group(1), self


def unpack(d, stamp, fetch_debs):
    """Packages unpacked into D once (STAMP): fetch_debs(debs dir)."""
    if (d / stamp).exists():
        return str(d / "usr/bin"), str(d / LIB)
    shutil.rmtree(d, ignore_errors=True)
    fetch_debs(d / "debs")
    for deb in (d / "debs").glob("*.deb"):
        extract(deb, d)
    shutil.rmtree(d / "debs")
    (d / stamp).touch()
    return str(d / "usr/bin"), str(d / LIB)


def toolchain(apt, cross, extra=()):
    """Debian's gcc-12 for CROSS (and EXTRA packages) unpacked into the cache
    (gcc-12-<triplet> conflicts with gcc-multilib): (PATH, LD_LIBRARY_PATH)."""
    pkgs = [f"gcc-12-{cross}", f"binutils-{cross}", *extra]
    stamp = ".version-" + re.sub(r"[:~+]", "_", "-".join(apt.version(p) for p in pkgs))
    def download(debs):
        (debs / "partial").mkdir(parents=True)
        run(["apt-get", "install", "--download-only", "-q", "-y", "--no-install-recommends", "-o",
             f"Dir::Cache::archives={debs}", *pkgs], kind="fetch",
            env=dict(os.environ, APT_CONFIG=""))
    return unpack(CACHE / "toolchain" / cross, stamp, download)


def suite_gcc(apt, t, headers):
    """An older suite's gcc (its headers name it) unpacked, with its cross
    binutils for a foreign arch (its gcc would run the host's as)."""
    n = re.search(r"gcc-(\d+)", " ".join(apt.depends(f"{headers}:{t.deb_arch}",
                                                     r"(linux-compiler-)?gcc-\d+")))
    if not n:
        raise Failure(f"cannot tell which gcc {headers} needs")
    gcc = f"gcc-{n.group(1)}" + (f"-{t.cross}" if t.cross else "")
    pat = rf"(gcc-{n.group(1)}|cpp-{n.group(1)}|libgcc-{n.group(1)}-dev)[-a-z0-9]*" + (
        rf"|binutils-{t.cross}" if t.cross else "")
    out = apt.query("depends", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts",
                    "--no-breaks", "--no-replaces", "--no-enhances", gcc)
    pkgs = sorted({p for p in out.split() if re.fullmatch(pat, p)})
    return unpack(CACHE / "toolchain" / f"{apt.suite}-{gcc}",
                  ".version-" + re.sub(r"[:~+]", "_", apt.version(gcc)),
                  lambda debs: apt.download(debs, [f"{p}={apt.version(p)}" for p in pkgs]))


def qemu_root(t):
    """The arch's qemu_suite's emulator, alone in a root, run through that
    suite's own loader and libraries."""
    r = CACHE / f"qemu-{t.qemu_suite}"
    wrapper = r / "usr/local/bin" / t.qemu
    with Lock(r.with_suffix(".lock")):
        if not (r / ".complete").exists():
            log(f"{t.name}: fetching {t.qemu} from {t.qemu_suite} into {r} (mmdebstrap)")
            shutil.rmtree(r, ignore_errors=True)
            run(["mmdebstrap", "--variant=essential", '--aptopt=Acquire::Check-Valid-Until "false"',
                 f"--include={t.qemu_pkg}", t.qemu_suite, str(r), util.MIRROR], kind="fetch",
                log_to=CACHE / f"qemu-{t.qemu_suite}-mmdebstrap.log")
            wrapper.parent.mkdir(parents=True, exist_ok=True)
            wrapper.write_text(
                f'#!/bin/sh\n# {t.qemu} of Debian {t.qemu_suite} with its own loader and '
                f'libraries.\nR=$(cd "$(dirname "$0")/../../.." && pwd)\nQEMU_MODULE_DIR=$R/'
                f'{LIB}/qemu exec "$R/lib64/ld-linux-x86-64.so.2" --library-path "$R/{LIB}" '
                f'"$R/usr/bin/{t.qemu}" -L "$R/usr/share/qemu" "$@"\n')
            wrapper.chmod(0o755)
            run([str(wrapper), "--version"])
            (r / ".complete").touch()
    return str(wrapper)


def suite_on_host(suite):
    """SUITE's programs run on the host: the host's suite or an older one."""
    ver = {r[2]: r[0] for r in (line.split(",") for line in Path(
        "/usr/share/distro-info/debian.csv").read_text().splitlines()[1:])}
    base = suite.removesuffix("-backports")
    if base not in ver:
        raise Failure(f"unknown Debian suite '{suite}' (not in distro-info's debian.csv)")
    major = lambda s: int(ver[s].split(".")[0]) if ver[s] else 1 << 30  # noqa: E731
    return major(base) <= major(util.HOST_SUITE)


def kernel(t, targets, resolve_only=False):
    """T's kernel, fetched once; its facts (kernel.json) as a dict."""
    d = CACHE / t.name
    with Lock(d / "fetch.lock"):
        k = (_built if t.kconfig else _debian)(t, targets, d, resolve_only)
        if resolve_only:
            return k
        k.update(target=t.name, qemu=k.get("qemu") or (qemu_root(t) if t.qemu_suite else t.qemu))
        util.write_json(d / "kernel.json", k)
        return k


def _busybox(root):
    for p in ("bin/busybox", "usr/bin/busybox"):
        if (root / p).exists():
            return str(root / p)
    raise Failure(f"busybox-static has no /bin/busybox or /usr/bin/busybox ({root})")


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
    root, bb = d / "root", f"busybox-static:{t.deb_arch}"
    unpack(root, ".complete", lambda debs: apt.download(debs, [f"{bb}={apt.version(bb)}"]))
    image = run(["make", "-s", "-C", str(kdir), f"ARCH={t.karch}", "image_name"]).strip()
    k.update(kver=(kdir / "include/config/kernel.release").read_text().strip(),
             kdir=str(kdir), vmlinuz=str(kdir / image), config=str(kdir / ".config"),
             busybox=_busybox(root), guest_kmod_dir=str(kdir),
             build_info=(kdir / ".build-info").read_text().strip())
    return k


def build_kernel(t, apt, ver, frag, kdir):
    """tinyconfig of the series' linux-source plus the fragment, every line
    of which must survive olddefconfig (kconfig drops an option whose
    dependencies are not met without a word)."""
    start = time.monotonic()
    shutil.rmtree(kdir, ignore_errors=True)
    log(f"{t.name}: building a kernel from {t.source} {ver} with {t.kconfig} "
        f"(once; {kdir}/build.log)")
    apt.download(kdir, [f"{t.source}={ver}"])
    deb = next(kdir.glob(f"{t.source}_*.deb"))
    untar_source(deb, t.source, kdir)
    deb.unlink()
    mk, cfg = ["make", "-C", str(kdir), f"ARCH={t.karch}"], kdir / "config.log"
    run(mk + ["tinyconfig"], kind="build", log_to=cfg)
    run([str(kdir / "scripts/kconfig/merge_config.sh"), "-m", "-O", str(kdir),
         str(kdir / ".config"), str(frag)], kind="build", log_to=cfg)
    run(mk + ["olddefconfig"], kind="build", log_to=cfg)
    have = set((kdir / ".config").read_text().splitlines())
    lost = [x for x in frag.read_text().splitlines() if (x.startswith("CONFIG_") and x not in have)
            or (re.fullmatch(r"# (CONFIG_\w+) is not set", x)
                and any(h.startswith(x.split()[1] + "=") for h in have))]
    if lost:
        raise Failure(f"{t.name}: kconfig dropped these lines of {t.kconfig} "
                      f"(unmet dependencies?): {' '.join(lost)}")
    run(mk + [f"-j{os.cpu_count() + 1}", "all"], kind="build", log_to=kdir / "build.log")
    (kdir / ".build-info").write_text(f"{t.source} {ver}, {t.kconfig}: built in "
                                      f"{time.monotonic() - start:.0f} s on {os.cpu_count()} CPUs\n")
    (kdir / ".complete").touch()


def _debian(t, targets, d, resolve_only):
    meta = f"{t.image_meta}:{t.deb_arch}"
    if suite_on_host(t.suites[0]):
        src = Apt(t.suites[0], targets)
        image = next(iter(src.depends(meta, r"linux-image-[0-9]")), "")
        if not image:
            raise Failure(f"cannot resolve {meta} in {t.suite}")
        cands = [(src.version(f"{image}:{t.deb_arch}"), image, src)]
    else:
        for s in t.suites:
            BuildRoot(s).ensure(t)
        cands = sorted((c for s in t.suites for c in BuildRoot(s).candidates(meta)),
                       key=functools.cmp_to_key(lambda a, b: vercmp(b[0], a[0])))
        if not cands:
            raise Failure(f"cannot resolve {meta} in the roots of {t.suite}")
    tried = []
    for ver, image, src in cands:
        kver = image.removeprefix("linux-image-").removesuffix("-unsigned")
        k = {"deb_version": ver, "kver": kver, "image": image, "resolved": [f"{image}={ver}"],
             "build_root": str(src.path) if isinstance(src, BuildRoot) else "",
             "toolchain": ["", ""]}
        if resolve_only:
            return k
        old = util.read_json(d / "kernel.json", {})
        if all(old.get(x) == k[x] for x in ("deb_version", "kver", "build_root")) and \
                (d / "root/.complete").exists():
            log(f"{t.name}: kernel {kver} ({ver}) already in {d}")
            return {**old, "image": image, "resolved": k["resolved"]}
        try:
            return _fetch(t, targets, src, k, d)
        except Failure as e:
            if not isinstance(src, BuildRoot):
                raise
            log(f"{t.name}: cannot fetch {image} {ver} from {src.suite}: {e}; taking the next")
            tried.append((f"{image}={ver}({src.suite})", re.search(r"^E: Failed to fetch (\S+)"
                                                                  r"\s+404\b", str(e), re.M)))
    names = " ".join(x for x, _ in tried)
    if tried and all(gone for _, gone in tried):
        raise Unavailable(f"the mirror serves no file of any version of {meta} that "
                          f"{t.suite}'s index names ({names}); the first missing: "
                          f"{tried[0][1].group(1)}")
    raise Failure(f"no version of {meta} in {t.suite} can be fetched; tried: {names}")


def _fetch(t, targets, src, k, d):
    """The image (7.x splits it: linux-binary-, linux-base-), busybox, the
    headers with their -common tree and the amd64 linux-kbuild of the same
    version (a native target of a build root installs its headers there)."""
    ver, kver, image = k["deb_version"], k["kver"], k["image"]
    log(f"{t.name}: fetching kernel {kver}, Debian version {ver}")
    for sub in ("debs", "root"):
        shutil.rmtree(d / sub, ignore_errors=True)
    a = t.deb_arch
    headers = f"linux-headers-{kver}"
    pkgs = [f"{image}:{a}={ver}"] + [f"{p}:{a}={ver}" for p in src.depends(
        f"{image}:{a}", rf"linux-[a-z]+-{re.escape(kver)}(:{a})?$")
        if t.guest_kmods or not p.startswith("linux-modules-")]
    pkgs.append(f"busybox-static:{a}={src.version(f'busybox-static:{a}')}")
    root_native = isinstance(src, BuildRoot) and not t.cross
    if not root_native:
        deps = src.depends(f"{headers}:{a}")
        common = next((p for p in deps if re.fullmatch(r"linux-headers-.*-common(-rt)?", p)), "")
        kbuild = next((p for p in deps if p.startswith("linux-kbuild-")), "")
        if not common or not kbuild:
            raise Failure(f"cannot resolve the -common and linux-kbuild packages of {headers}")
        pkgs += [f"{headers}:{a}={ver}", f"{common}={ver}", f"{kbuild}:amd64={ver}"]
    src.download(d / "debs", pkgs)
    root = d / "root"
    if root_native:
        src.install([f"{headers}={ver}"], d / "install.log")
        k["kdir"] = f"/usr/src/{headers}"
    else:
        k["kdir"] = str(root / "usr/src" / headers)
    if src.suite != util.HOST_SUITE and not isinstance(src, BuildRoot):
        k["toolchain"] = list(suite_gcc(src, t, headers))
    elif t.cross and not isinstance(src, BuildRoot):
        k["toolchain"] = list(toolchain(src, t.cross))
    guest = [f"./{u}lib/modules/{kver}/kernel/*/{m}.ko*" for m in t.guest_kmods.split()
             for u in ("", "usr/")]
    for deb in sorted((d / "debs").glob("*.deb")):
        if re.match(r"linux-(image|binary|base|modules)-", deb.name):
            extract(deb, root, [f"./boot/{f}-{kver}" for f in ("vmlinuz", "vmlinux", "config")]
                    + [f"./usr/lib/modules/{kver}/{f}" for f in ("vmlinuz", "config")] + guest)
        else:
            extract(deb, root)
    (root / "boot").mkdir(exist_ok=True)
    for f in ("vmlinuz", "config"):
        if (root / f"usr/lib/modules/{kver}/{f}").exists():
            (root / f"usr/lib/modules/{kver}/{f}").rename(root / f"boot/{f}-{kver}")
    if (root / f"usr/lib/modules/{kver}/kernel").exists():
        (root / f"lib/modules/{kver}").mkdir(parents=True, exist_ok=True)
        (root / f"usr/lib/modules/{kver}/kernel").rename(root / f"lib/modules/{kver}/kernel")
    vmlinuz = root / f"boot/vmlinuz-{kver}"
    k.update(vmlinuz=str(vmlinuz if vmlinuz.exists() else root / f"boot/vmlinux-{kver}"),
             config=str(root / f"boot/config-{kver}"), busybox=_busybox(root),
             guest_kmod_dir=str(root / f"lib/modules/{kver}/kernel"))
    for f in (k["vmlinuz"], k["config"]):
        if not Path(f).exists():
            raise Failure(f"the packages of {image} did not contain {f}")
    if not root_native:
        # The headers' Makefile includes the -common tree by absolute path,
        # and since 7.x names its own tree as the output directory.
        mk = Path(k["kdir"]) / "Makefile"
        text = mk.read_text()
        m = re.search(r"^include /usr/src/([^/]+)/Makefile$", text, re.M)
        if not m:
            raise Failure(f"unexpected Makefile in {headers}: {text[:200]}")
        mk.write_text(text.replace(f"include /usr/src/{m.group(1)}/", f"include {root}/usr/src/"
                                   f"{m.group(1)}/").replace(f"KBUILD_OUTPUT=/usr/src/{headers}\n",
                                                             f"KBUILD_OUTPUT={k['kdir']}\n"))
    (root / ".complete").touch()
    if isinstance(src, BuildRoot):
        # Debian's 7.x headers lack scripts/checker-valid.sh, without which
        # kbuild runs no sparse: the series' own copy goes in place.
        common = headers_common(k)
        if "checker-valid.sh" in (common / "Makefile").read_text() and \
                not (common / "scripts/checker-valid.sh").exists():
            series = re.match(r"\d+\.\d+", kver).group(0)
            tools = source_tools(t, targets, src, f"linux-source-{series}")
            if not (tools / "scripts/checker-valid.sh").exists():
                raise Failure(f"{tools.name} has no scripts/checker-valid.sh")
            shutil.copy(tools / "scripts/checker-valid.sh", common / "scripts/checker-valid.sh")
    return k


def headers_common(k):
    """The host path of the -common tree the target's headers include."""
    br = k.get("build_root", "")
    mk = Path(k["kdir"]) / "Makefile"
    mk = mk if mk.exists() else Path(br + k["kdir"]) / "Makefile"
    common = re.search(r"^include (/.*)/Makefile$", mk.read_text(), re.M).group(1)
    return Path(common) if Path(common).is_dir() else Path(br + common)


TOOL_PATHS = ("scripts/checkpatch.pl", "scripts/spelling.txt", "scripts/const_structs.checkpatch",
              "scripts/kernel-doc*", "scripts/lib/kdoc", "scripts/checker-valid.sh",
              "tools/docs", "tools/lib/python", "tools/testing/kunit", "lib/siphash.c",
              "include/linux/siphash.h")


def source_tools(t, targets, src=None, pkg=None):
    """The kernel's own tools of T's series (or of the linux-source PKG)
    from its linux-source, once."""
    if src is None:
        k = util.read_json(CACHE / t.name / "kernel.json") or {}
        src = Apt(t.suites[0], targets) if suite_on_host(t.suites[0]) else \
            BuildRoot(Path(k.get("build_root") or kernel(t, targets)["build_root"])
                      .name.removesuffix("-root"))
    if pkg is None and isinstance(src, BuildRoot):
        pkg = next(iter(src.depends(t.source, r"linux-source-[0-9.]+$")), t.source)
    pkg = pkg or t.source
    ver = src.version(pkg)
    dest = CACHE / "linux-source" / f"{pkg}-{ver}"
    with Lock(CACHE / "linux-source" / f"{pkg}.lock"):
        if (dest / ".done").exists():
            return dest
        log(f"extracting the kernel's tools from {pkg} {ver}")
        tmp = CACHE / "linux-source" / f"tmp-{pkg}"
        for x in (tmp, dest):
            shutil.rmtree(x, ignore_errors=True)
        dest.mkdir(parents=True)
        src.download(tmp, [f"{pkg}={ver}"])
        # A series may lack optional paths (scripts/lib/kdoc is new).
        untar_source(next(tmp.glob(f"{pkg}_*.deb")), pkg, dest,
                     "--wildcards " + " ".join(f"'{pkg}/{w}'" for w in TOOL_PATHS))
        for f in ("scripts/checkpatch.pl", "scripts/kernel-doc",
                  "tools/testing/kunit/kunit.py", "lib/siphash.c"):
            if not (dest / f).exists():
                raise Failure(f"{pkg} {ver} has no {f}")
        shutil.rmtree(tmp)
        (dest / ".done").touch()
    return dest
