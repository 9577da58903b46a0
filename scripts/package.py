# SPDX-License-Identifier: GPL-2.0
"""The Debian package and DKMS, proven the way a user gets them: dkms.conf
with Debian's dkms against a target's headers in a private tree
(dkms_check), and the package in a clean bookworm root made with
mmdebstrap, cached and mounted under an empty overlay (deb_check)."""
import fnmatch
import lzma
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import util
from util import CACHE, ROOT, Failure, Module, log, run

NAME, PKG = "siphash-oot", "siphash-oot-dkms"
META_NEW = "linux-headers-cloud-amd64"
MOK = "/var/lib/dkms/mok.pub"
# The suites the package is installed in: their archives, the header
# metapackages of their kernels (META/RELEASE: RELEASE's version of META,
# beside the suite's own), what else the root holds (pahole, the newer
# suites' BTF: bookworm's headers bring dwarves; busybox for their boot;
# sid's images would take dracut, which is not diverted), all resolved at
# run time.
SUITES = {"bookworm": (["bookworm", "bookworm-updates", "bookworm-security"],
                       ["linux-headers-amd64", "linux-headers-6.12-amd64"], []),
          "trixie": (["trixie", "trixie-updates", "trixie-security", "trixie-backports"],
                     ["linux-headers-amd64", "linux-headers-amd64/trixie-backports"],
                     ["pahole", "busybox-static"]),
          "sid": (["sid"], ["linux-headers-amd64"],
                  ["pahole", "busybox-static", "initramfs-tools"])}


def workdir(suite):
    return ROOT / "build" / ("deb" if suite == "bookworm" else f"deb-{suite}")


def dkms_conf(path=ROOT / "dkms.conf"):
    """dkms.conf read the way dkms reads it (a shell file), with dummy values
    for what dkms sets: {VAR: value}, BUILT_MODULE_NAME as a list."""
    out = run(["bash", "-c", 'kernel_source_dir=KDIR dkms_tree=TREE kernelver=KVER arch=ARCH; '
               '. "$1"; printf "%s\\n" "$PACKAGE_NAME" "$PACKAGE_VERSION" "$AUTOINSTALL" '
               '"${MAKE[0]}"; printf "%s\\n" "${BUILT_MODULE_NAME[@]}"', "sh", str(path)])
    name, ver, auto, make, *mods = out.splitlines()
    return {"PACKAGE_NAME": name, "PACKAGE_VERSION": ver, "AUTOINSTALL": auto, "MAKE": make,
            "BUILT_MODULE_NAME": sorted(m for m in mods if m)}


def kbuild_modules(selection):
    """The modules Kbuild builds with SIPHASH_OOT_MODULES=SELECTION."""
    out = run(["make", "-s", "--no-print-directory", "-f", str(ROOT / "Kbuild"), "-f", "-",
               f"SIPHASH_OOT_MODULES={selection}", "srctree=/nonexistent",
               "objtree=/nonexistent", "sipmod-print"],
              input="sipmod-print:\n\t@echo $(obj-m)\n")
    return sorted(Path(o).stem for o in out.split())


def conf_drift(root=ROOT):
    """dkms.conf against Kbuild: None, or what differs ([dkms-conf-drift])."""
    conf = dkms_conf(root / "dkms.conf")
    mods = kbuild_modules("user")
    for key, want in (("PACKAGE_NAME", NAME), ("PACKAGE_VERSION", "#MODULE_VERSION#"),
                      ("AUTOINSTALL", "yes")):
        if conf[key] != want:
            return f"dkms.conf: {key} is '{conf[key]}', not '{want}'"
    if "SIPHASH_OOT_MODULES=user" not in conf["MAKE"].split():
        return f"dkms.conf: MAKE[0] does not pass SIPHASH_OOT_MODULES=user: {conf['MAKE']}"
    if conf["BUILT_MODULE_NAME"] != mods:
        return (f"[dkms-conf-drift] dkms.conf BUILT_MODULE_NAME ({' '.join(conf['BUILT_MODULE_NAME'])})"
                f" differs from Kbuild's modules for users, sipmod-user ({' '.join(mods)})")
    return None


def stage_sources(dest, conf=ROOT / "dkms.conf"):
    """The package's sources: exactly the files debian/siphash-oot-dkms.install
    lists, with the version filled into dkms.conf as dh_dkms -V does."""
    ver = util.version()
    for line in (ROOT / "debian/siphash-oot-dkms.install").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        src, to = line.split()
        d = dest / to.replace("${env:SIPHASH_OOT_DKMS_SRC}", "").lstrip("/")
        d.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / src, d)
    (dest / "dkms.conf").write_text(conf.read_text().replace("#MODULE_VERSION#", ver))
    return ver


def dkms_check(env):
    """dkms add, build for the target's kernel, remove: exactly Kbuild's
    modules for users, of the kernel's ELF class and vermagic, with the
    Module.symvers and siphash.h dkms-postbuild.sh keeps."""
    drift = conf_drift()
    if drift:
        raise Failure(drift)
    k, t = env.k, env.t
    mods = kbuild_modules("user")
    env.out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="dkms-check.", dir=env.out))
    try:
        stage = tmp / f"{NAME}-{util.version()}"
        ver = stage_sources(stage)
        dkms = ["dkms", "--sourcetree", str(tmp / "src"), "--dkmstree", str(tmp / "tree")]
        (tmp / "src").mkdir()
        (tmp / "tree").mkdir()
        logf = env.out / "dkms.log"
        logf.unlink(missing_ok=True)
        env.run(dkms + ["add", str(stage)], dirs=[tmp], log_to=logf)
        if env.run(dkms + ["build", "-m", NAME, "-v", ver, "-k", k["kver"], "-a", t.arch,
                           "--kernelsourcedir", k["kdir"]], dirs=[tmp], log_to=logf,
                   check=False).returncode:
            raise Failure(f"dkms build failed ({logf})")
        out = tmp / "tree" / NAME / ver / k["kver"] / t.arch
        built = sorted(set(re.findall(r"^\s*LD \[M\]\s+(?:.*/)?([^/ ]+)\.ko$",
                                      (out / "log/make.log").read_text(), re.M)))
        if built != mods:
            raise Failure(f"the DKMS build made {built}, not exactly Kbuild's modules for "
                          f"users ({mods})")
        for m in mods:
            ko = min((out / "module").glob(f"{m}.ko*"), default=None)
            if not ko:
                raise Failure(f"dkms did not produce {m}.ko")
            mi = Module(ko)
            if mi.first("vermagic").split()[0] != k["kver"] or mi.bits != t.bits \
                    or mi.first("test"):
                raise Failure(f"{m}.ko: vermagic '{mi.first('vermagic')}', ELF{mi.bits}, "
                              f"test '{mi.first('test')}': not a {t.bits}-bit module for users "
                              f"of {k['kver']}")
        symvers = (out / "Module.symvers").read_text() if (out / "Module.symvers").exists() else ""
        if "\tsipmod_siphash_1u64\t" not in symvers:
            raise Failure(f"no Module.symvers with the sipmod_* exports in {out}")
        if (out / "siphash.h").read_bytes() != (ROOT / "siphash.h").read_bytes():
            raise Failure(f"no copy of siphash.h in {out}")
        env.run(dkms + ["remove", "-m", NAME, "-v", ver, "--all"], dirs=[tmp], log_to=logf)
        if (tmp / "tree" / NAME).exists():
            raise Failure(f"dkms remove left {tmp / 'tree' / NAME} behind")
        return (f"dkms add, build of {' '.join(mods)} for {k['kver']} (ELF{t.bits}, its "
                "vermagic), Module.symvers and siphash.h kept, remove left nothing")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def doc_files(text, ver):
    """The files docs/install.md (TEXT) says the package installs: the
    Markdown table after the comment that starts with "<!-- dpkg -c:"; in
    each row, every `name` of the first cell is a file in the directory of
    the last cell, with <version> standing for VER."""
    lines = text.split("\n")
    start = next((i for i, x in enumerate(lines) if x.startswith("<!-- dpkg -c:")), None)
    if start is None:
        return None
    while start < len(lines) and not lines[start].startswith("|"):
        start += 1
    out = set()
    for row in lines[start:]:
        if not row.startswith("|"):
            break
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        where = re.fullmatch(r"`(/[^`]*)/`", cells[-1])
        if where:
            d = where.group(1).replace("<version>", ver)
            out.update(f"{d}/{n}" for n in re.findall(r"`([^`]+)`", cells[0]))
    return out


def deb_files(listing):
    """The files (not directories) of dpkg -c's LISTING, as absolute paths."""
    return {"/" + m for m in re.findall(r"^[-l]\S+\s+\S+\s+\d+\s+\S+\s+\S+\s+\./(\S+?)"
                                        r"(?: -> .*)?$", listing, re.M)}


def doc_drift(installed, documented):
    """What the .deb (INSTALLED) and docs/install.md's table (DOCUMENTED)
    disagree on ([docs-drift]), or []."""
    return [f"[docs-drift] installed, not in docs/install.md's table: {f}"
            for f in sorted(installed - documented)] + \
        [f"[docs-drift] in docs/install.md's table, not installed: {f}"
         for f in sorted(documented - installed)]


SPDX_DEBIAN = {"GPL-2.0": "GPL-2", "GPL-2.0-only": "GPL-2", "GPL-2.0+": "GPL-2+",
               "GPL-2.0-or-later": "GPL-2+", "BSD-3-Clause": "BSD-3-clause", "MIT": "Expat"}


def spdx_lines(root=ROOT):
    """{path: SPDX-License-Identifier} of the tree's files (git ls-files, the
    native source package; without git, all but build/), from the first 3
    lines, where the tag belongs."""
    out = {}
    p = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True,
                       text=True) if shutil.which("git") else None
    files = p.stdout.split("\0") if p and p.returncode == 0 else \
        [str(x.relative_to(root)) for x in root.rglob("*") if x.is_file()
         and x.relative_to(root).parts[0] not in ("build", ".git")]
    for f in files:
        try:
            head = (root / f).read_text(errors="replace").split("\n")[:3]
        except OSError:
            continue
        m = next((re.search(r"SPDX-License-Identifier:\s*(.*?)\s*(?:\*/)?$", x) for x in head
                  if "SPDX-License-Identifier:" in x), None)
        if m and f:
            out[f] = m.group(1)
    return out


def copyright_drift(text, spdx):
    """Where debian/copyright (TEXT) and the SPDX lines ({path: expression})
    disagree ([copyright-drift]): each file's licence is that of the last
    Files stanza whose pattern matches it, as copyright-format 1.0 says."""
    stanzas = []
    for para in re.split(r"\n\s*\n", text):
        files = re.search(r"^Files:(.*(?:\n[ \t].*)*)", para, re.M)
        lic = re.search(r"^License:\s*(.*)$", para, re.M)
        if files and lic:
            stanzas.append((files.group(1).split(), lic.group(1).strip()))
    bad = []
    for f, expr in sorted(spdx.items()):
        ids = [SPDX_DEBIAN.get(x) for x in expr.strip("()").split(" OR ")]
        if None in ids:
            bad.append(f"[copyright-drift] {f}: SPDX '{expr}' has no Debian name here")
            continue
        want = " or ".join(ids)
        got = next((lic for pats, lic in reversed(stanzas)
                    if any(fnmatch.fnmatchcase(f, p) for p in pats)), None)
        if got != want:
            bad.append(f"[copyright-drift] {f}: SPDX '{expr}', debian/copyright '{got}'")
    return bad


def unsigned(root, path, signer):
    """None if the module at PATH in ROOT (.ko or .ko.xz) carries a
    signature by SIGNER, as the root's modinfo reads it, or what is wrong
    ([unsigned])."""
    p = root.run("modinfo", "-F", "signer", path)
    got = p.stdout.strip()
    if p.returncode:
        return f"[unsigned] modinfo -F signer {path} failed: {got}"
    if not got:
        return f"[unsigned] modinfo -F signer {path}: no signer"
    if got != signer:
        return f"[unsigned] {path} is signed by '{got}', not by DKMS's key '{signer}'"
    return None


def mok_cn(root):
    """The CN of DKMS's signing certificate in ROOT, or ''."""
    subject = root.run("openssl", "x509", "-inform", "DER", "-in", MOK, "-noout", "-subject",
                       "-nameopt", "multiline").stdout
    cn = re.search(r"commonName\s*=\s*(.+)", subject)
    return cn.group(1).strip() if cn else ""


def purged(rec, root, check):
    """Record CHECK: after a purge, DKMS lists nothing of ours and no file
    named *siphash* or *sipmod* is left that no package owns."""
    status = root.run("dkms", "status", "-m", NAME).stdout.strip()
    ours = sorted(set(root.run("find", "/", "-xdev", "(", "-path", "/proc", "-o", "-path", "/tmp",
                               ")", "-prune", "-o", "(", "-iname", "*siphash*", "-o", "-iname",
                               "*sipmod*", ")", "-print").stdout.split()) - root.owned())
    rec.add(check, not status and not ours, f"after the purge: dkms status lists no {NAME}, "
            "no file named *siphash* or *sipmod* outside other packages"
            + (f" (dkms status: {status})" if status else "")
            + (f" (left: {' '.join(ours)})" if ours else ""), "purge")


def dkms_installed(rec, root, rel, mods, what=None):
    """dkms status and modinfo -k REL of ROOT: MODS installed by DKMS in
    updates/dkms, no other module, signed with DKMS's key (records
    dkms-installed WHAT and dkms-signed WHAT, WHAT by default REL): the
    signer's CN and {module: its path in ROOT}. Headers without their
    image (sid's 7.x) leave no modules.dep for modinfo -k: then the files
    in updates/dkms, by path."""
    ver, what = util.version(), what or rel
    status = root.run("dkms", "status", "-m", NAME).stdout
    bad = [] if f"{NAME}/{ver}, {rel}, x86_64: installed" in status else \
        [f"dkms status: {status.strip()}"]
    kos = sorted(p.name for p in (root.path / f"lib/modules/{rel}/updates").rglob("*.ko*"))
    dep = (root.path / f"lib/modules/{rel}/modules.dep").exists()
    where = {m: root.run("modinfo", "-k", rel, "-F", "filename", m).stdout.strip() if dep else
             next((f"/lib/modules/{rel}/updates/dkms/{k}" for k in kos
                   if k.split(".ko")[0] == m), "") for m in mods}
    for m, f in where.items():
        if not f.startswith(f"/lib/modules/{rel}/updates/dkms/{m}.ko"):
            bad.append(f"modinfo -k {rel} {m} finds '{f or 'nothing'}'")
            continue
        mi = Module(root.path / f.lstrip("/"))
        if mi.first("version") != ver or mi.first("test"):
            bad.append(f"{m}: version {mi.first('version')}, test '{mi.first('test')}'")
    bad += [f"also installed: {k}" for k in kos if k.split(".ko")[0] not in mods]
    rec.add(f"dkms-installed {what}", not bad, f"dkms status installed for {rel}, "
            + ("modinfo -k finds" if dep else "no modules.dep (no image), by path:")
            + f" {' '.join(mods)} {ver} in updates/dkms ({' '.join(kos) or 'nothing'}), no "
            "other module" + (f" ({'; '.join(bad)})" if bad else ""), "install")
    # Debian's kernels enforce module signatures under Secure Boot:
    # DKMS signs with its MOK key, which it makes with openssl.
    cn = mok_cn(root)
    bad = [] if cn else [f"no certificate {MOK} with a CN"]
    for f in where.values():
        why = unsigned(root, f, cn) if cn else None
        bad += [why] if why else []
    rec.add(f"dkms-signed {what}", not bad, f"modinfo -F signer of {' '.join(mods)} for "
            f"{rel}: '{cn}', the CN of DKMS's {MOK}" + (f" ({'; '.join(bad)})" if bad else ""),
            "unsigned")
    return cn, where


def hook_check(rec, root, mods):
    """DKMS's kernel hook: the headers of a kernel new to ROOT (META_NEW),
    installed after the package, trigger DKMS's build for it. Whether
    they pull the image is said: without it there is no modules.dep."""
    p = root.apt("install", META_NEW, log_to=root.log)
    rnew = root.release(META_NEW)
    img = root.run("dpkg-query", "-W", "-f=${db:Status-Status}", f"linux-image-{rnew}").stdout
    rec.add("hook-install", p.returncode == 0, f"apt-get install {META_NEW} ({rnew}; its image "
            + ("installed with it)" if img == "installed" else "not installed: headers only)"),
            "install")
    dkms_installed(rec, root, rnew, mods, "on a headers install after the package (DKMS's hook)")


def deb_mods(deb):
    """The modules the dkms.conf in DEB builds."""
    return re.findall(r'BUILT_MODULE_NAME\[\d+\]="([^"]+)"', run(
        ["sh", "-c", f"dpkg-deb --fsys-tarfile '{deb}' | tar -xOf - "
         f"'./usr/src/{NAME}-{util.version()}/dkms.conf'"]))


class Root:
    """A clean root of SUITE, as an overlay over a cached one."""

    def __init__(self, work, suite="bookworm"):
        self.work, self.suite = work, suite
        self.archives, self.metas, self.extra = SUITES[suite]
        self.pristine = CACHE / "deb" / f"{suite}-amd64-headers"
        self.path = work / "root"
        self.log = work / "deb-check.log"

    def run(self, *cmd, check=False, **kw):
        return run(["chroot", str(self.path), "/usr/bin/env", "-i",
                    "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/root", "LC_ALL=C.UTF-8",
                    "DEBIAN_FRONTEND=noninteractive", *cmd], kind="package", check=check, **kw)

    def apt(self, *args, **kw):
        return self.run("apt-get", "-q", "-y", "-o", "APT::Color=0", "-o", "Dpkg::Use-Pty=0",
                        *args, **kw)

    def make(self):
        log(f"making the {self.suite} root with mmdebstrap (cached in {self.pristine})")
        shutil.rmtree(self.pristine, ignore_errors=True)
        tmp = self.pristine.with_suffix(".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.parent.mkdir(parents=True, exist_ok=True)
        # The root never boots: update-initramfs is diverted to true before
        # any kernel package is installed.
        hook = ('chroot "$1" dpkg-divert --quiet --local --rename --add '
                '/usr/sbin/update-initramfs && ln -s /bin/true "$1/usr/sbin/update-initramfs"')
        run(["mmdebstrap", "--mode=root", "--format=directory", "--variant=apt",
             *self.more_opts(), f"--include={','.join(m for m in self.metas if '/' not in m)}"
             + "".join("," + x for x in self.extra), f"--essential-hook={hook}", self.suite,
             str(tmp), *(f"deb {util.SECURITY if a.endswith('-security') else util.MIRROR} {a} "
                         "main" for a in self.archives)], kind="package", log_to=self.log)
        tmp.rename(self.pristine)

    def mount(self):
        subprocess.run(["umount", "-R", str(self.path)], stderr=subprocess.DEVNULL)
        for d in ("upper", "overlay-work"):
            shutil.rmtree(self.work / d, ignore_errors=True)
            (self.work / d).mkdir(parents=True)
        self.path.mkdir(parents=True, exist_ok=True)
        run(["mount", "-t", "overlay", "overlay", "-o", f"lowerdir={self.pristine},upperdir="
             f"{self.work}/upper,workdir={self.work}/overlay-work", str(self.path)])
        shutil.copy("/etc/resolv.conf", self.path / "etc/resolv.conf")
        run(["mount", "-t", "proc", "proc", str(self.path / "proc")])

    def more_opts(self):
        """mmdebstrap's options beyond bookworm's: an old sid index (this
        mirror's is past Valid-Until); the headers of META/RELEASE, the
        package its RELEASE version depends on, installed from RELEASE."""
        if self.suite == "bookworm":
            return []
        out = ['--aptopt=Acquire::Check-Valid-Until "false"']
        # Each kernel's image too, as a user has: without it (7.x headers
        # do not depend on it) there is no modules.dep, and DKMS does not
        # compress as for the installed kernel. Only META/RELEASE's from
        # RELEASE: -t would take the suite's own metapackages there too.
        for m in (m for m in self.metas if "/" in m):
            out.append(f"--customize-hook=chroot \"$1\" sh -c 'h=$(apt-cache depends {m} | sed -n "
                       "\"s/^ *Depends: \\(linux-headers-[0-9][^ ]*\\)$/\\1/p\"); apt-get "
                       f"install -q -y -t {m.split('/')[1]} $h $(echo $h | sed s/headers/image/)'")
        return out + ["--customize-hook=chroot \"$1\" sh -c 'apt-get install -q -y $(dpkg-query "
                      "-W -f=\"\\${Package} \" \"linux-headers-[0-9]*-amd64\" | sed "
                      "s/linux-headers-/linux-image-/g)'"]

    def release(self, meta):
        """The kernel release of META's headers: the installed version's in
        bookworm; else that of META/RELEASE's version, or of the version
        the suite's archives give (pin 500): a 7.x kernel from
        trixie-backports (pin 100) upgrades trixie's metapackages, and a
        user's trixie keeps its 6.12 kernel beside it."""
        if self.suite != "bookworm":
            v = re.search(r"^\s+(?:\*\*\* )?(\S+) 500$", self.run("apt-cache", "policy", meta)
                          .stdout, re.M) if "/" not in meta else None
            out = self.run("apt-cache", "depends", f"{meta}={v.group(1)}" if v else meta).stdout
            m = re.search(r"^\s*Depends: linux-headers-([0-9]\S*)$", out, re.M)
            return m.group(1) if m else ""
        out = self.run("dpkg-query", "-W", "-f=${Depends}", meta).stdout
        m = re.search(r"linux-headers-([0-9][^ ,]*)", out)
        return m.group(1) if m else ""

    def files(self):
        skip = ("/var/lib/apt", "/var/lib/dpkg", "/var/cache", "/var/log", "/tmp", "/var/tmp",
                "/root")
        prune = [w for p in skip for w in ("-o", "-path", p)][1:]
        out = self.run("find", "/", "-xdev", "(", *prune, ")", "-prune", "-o", "-print").stdout
        return sorted(out.split("\n"))

    def owned(self):
        return {re.sub(r"^/(bin|sbin|lib|lib32|lib64|libx32)(/|$)", r"/usr/\1\2", p)
                for f in (self.path / "var/lib/dpkg/info").glob("*.list")
                for p in f.read_text().splitlines()}


def deb_static(rec, deb):
    """What the .deb itself must be: sources without net/, kprobe or ptrace
    headers, the files docs/install.md lists, the licences debian/copyright
    gives, lintian clean; each with its negative control. Returns dpkg -c."""
    ver = util.version()
    listing = run(["dpkg-deb", "-c", str(deb)])
    srcs = run(["sh", "-c", f"dpkg-deb --fsys-tarfile '{deb}' | tar -xOf - --wildcards "
                "'./usr/src/*.[ch]'"])
    bad = re.findall(r"^#\s*include\s*<(?:net/|linux/kprobes\.h|(?:linux|asm)/ptrace\.h).*$",
                     srcs, re.M)
    rec.add("deb-sources", not bad, "the package's sources include no net/, kprobe or ptrace "
            "header" + (": " + " ".join(bad) if bad else ""), "package")
    installed, documented = deb_files(listing), doc_files((ROOT / "docs/install.md").read_text(),
                                                          ver)
    drift = doc_drift(installed, documented or set()) if documented else \
        ["[docs-drift] no table after <!-- dpkg -c: in docs/install.md"]
    rec.add("docs-files", bool(installed) and not drift, f"the {len(installed)} files of dpkg -c "
            f"{deb.name} are docs/install.md's table" + (": " + "; ".join(drift) if drift else ""),
            "docs-drift")
    # The control: a file more on either side is reported.
    extra = f"/usr/src/{NAME}-{ver}/compat.h"
    caught = [any(extra in d for d in doc_drift(installed | {extra}, documented or set())),
              any(extra in d for d in doc_drift(installed, (documented or set()) | {extra}))]
    rec.add("negative/docs-files", all(caught), f"{extra} added to dpkg -c's files, then to the "
            f"table's: {' and '.join('caught' if c else 'NOT caught' for c in caught)}",
            "control-missed")
    spdx = spdx_lines()
    copyright = (ROOT / "debian/copyright").read_text()
    drift = copyright_drift(copyright, spdx)
    rec.add("copyright-spdx", bool(spdx) and not drift, f"debian/copyright gives each of "
            f"{len(spdx)} files the licence of its SPDX-License-Identifier line"
            + (": " + "; ".join(drift[:5]) if drift else ""), "copyright-drift")
    # The control: without the stanza of siphash.c and siphash.h, they fall
    # under "Files: *", GPL-2 alone.
    cut = re.sub(r"^Files: siphash\.c siphash\.h\n(?:.+\n)*", "", copyright, flags=re.M)
    drift = copyright_drift(cut, spdx) if cut != copyright else []
    rec.add("negative/copyright-spdx", any("siphash.c:" in d for d in drift),
            ("caught: " + "; ".join(drift)) if drift else "NOT caught (or no stanza of "
            "siphash.c to remove)", "control-missed")
    with tempfile.TemporaryDirectory(prefix="siphash-lintian.") as d:
        # lintian only reads the .deb, as nobody (it warns against root),
        # from a copy nobody can reach.
        os.chmod(d, 0o755)
        shutil.copy(deb, d)
        os.chmod(Path(d) / deb.name, 0o644)
        p = run(["runuser", "-u", "nobody", "--", "env", "HOME=/tmp", "lintian", "--display-info",
                 "--pedantic", "--fail-on", "error,warning", str(Path(d) / deb.name)],
                kind="package", check=False, cwd=d)
    tags = p.stdout.strip() or "no tags at all (errors, warnings, infos, pedantic)"
    rec.add("lintian", p.returncode == 0, f"lintian, no error and no warning on {deb.name}: "
            + tags.replace("\n", "; ")[:500], "lintian")
    return listing


def start(rec, suite):
    """make deb, and SUITE's root (not made yet): (root, the .deb), the .deb
    None after its failed record."""
    work = workdir(suite)
    work.mkdir(parents=True, exist_ok=True)
    root = Root(work, suite)
    root.log.write_text("")
    deb = ROOT / "build/deb" / f"{PKG}_{util.version()}_all.deb"
    if make_deb(root.log) or not deb.exists():
        rec.add("deb", False, f"make deb did not produce {deb} ({root.log})", "deb")
        return root, None
    return root, deb


def install(root, deb):
    """apt-get install ./DEB in ROOT: whether it succeeded. DKMS's
    common.postinst builds for the running kernel and the newest with an
    image; in a chroot the running kernel is the host's, so
    autoinstall_all_kernels (read from the environment too) makes it build
    for every kernel of the root, as a booted system would for its."""
    shutil.copy(deb, root.path / "tmp")
    p = root.run("sh", "-c", f"cd /tmp && autoinstall_all_kernels=y apt-get -q -y -o "
                 f"Dpkg::Use-Pty=0 install ./{deb.name}", log_to=root.log)
    (root.path / "tmp" / deb.name).unlink()
    return p.returncode == 0


def ready(rec, root, deb):
    """ROOT fresh (fresh_root) and the package installed in it: (its kernel
    releases, oldest first; its files before the install), or (None, None)
    after the failed record."""
    kernels = fresh_root(root)
    before = root.files()
    ok = install(root, deb)
    tools = {p: root.run("dpkg-query", "-W", "-f=${Version}", p).stdout
             for p in ("dkms", "kmod", "pahole", "gcc")}
    print(f"{root.suite}: kernels {kernels}; " + ", ".join(f"{k} {v}" for k, v in tools.items()))
    if not rec.add("apt-install", ok, f"apt-get install ./{deb.name} in a clean {root.suite} "
                   f"root (dkms {tools['dkms']}, kmod {tools['kmod']}, pahole {tools['pahole']})",
                   "install"):
        return None, None
    return [r for r, _ in kernels], before


def kernel_checks(rec, root, kernels, mods, boot_rels):
    """Each of ROOT's KERNELS after the install: DKMS's signed build of MODS
    (dkms_installed), BTF where the headers ship the vmlinux kbuild takes
    as its base, the xz check of what DKMS compressed, the consumer built
    against the installed files (kept in WORK/consumer/REL); the module of
    each of BOOT_RELS, its image and busybox staged for the boot
    (stage_boot). Returns the CN of DKMS's key."""
    work, cn = root.work, ""
    for d in ("boot", "consumer"):
        shutil.rmtree(work / d, ignore_errors=True)
    # The images the boot takes are fetched once for every run.
    (work / "archives/partial").mkdir(parents=True, exist_ok=True)
    run(["mount", "--bind", str(work / "archives"), f"{root.path}/var/cache/apt/archives"])
    for rel in kernels:
        cn, where = dkms_installed(rec, root, rel, mods)
        f = where.get("siphash", "")
        ko = root.path / f.lstrip("/") if f else None
        if ko and (root.path / f"usr/src/linux-headers-{rel}/vmlinux").exists():
            rec.add(f"btf {rel}", ".BTF" in Module(ko).sections, f"{rel}: siphash.ko carries "
                    f"BTF from pahole, as its headers' vmlinux allows ({f})", "btf")
        check = xz_check(ko) if ko else ""
        if check:
            rec.add(f"dkms-xz {rel}", check == "CRC32", f"{ko.name} as DKMS wrote it names "
                    f"{check} as its xz check (the kernel's decompressor knows CRC32 alone; "
                    "dkms-postbuild.sh makes DKMS 3.0's CRC64 one CRC32)", "compression")
        c = root.path / "tmp/consumer"
        if consumer(rec, root, rel, c):
            (work / "consumer" / rel).mkdir(parents=True)
            shutil.copy(c / "siphash_consumer.ko", work / "consumer" / rel)
            if ko and rel in boot_rels and root.apt(
                    "install", "--no-install-recommends", f"linux-image-{rel}", "busybox-static",
                    log_to=root.log).returncode == 0:
                stage_boot(root, rel, work / "boot", ko, c / "siphash_consumer.ko")
        shutil.rmtree(c)
    write_boot(root, work / "boot")
    return cn


def purge(rec, root, before, check):
    """apt-get purge, then purged() as CHECK: ROOT's files after it."""
    rec.add(f"apt-{check}", root.apt("purge", PKG, log_to=root.log).returncode == 0,
            f"apt-get purge {PKG}", "purge")
    purged(rec, root, check)
    after = root.files()
    left = [f for f in sorted(set(after) - set(before) - root.owned())
            if re.match(r"/(usr/src|var/lib/dkms|usr/lib/modules|etc/dkms)(/|$)", f)]
    print(f"{root.suite}: not owned, left by dkms or depmod: {' '.join(left) or 'nothing'}")
    return after


def deb_check(rec):
    """Every check of the package in bookworm, as records of REC."""
    if os.geteuid():
        return rec.add("deb-check", False, "needs root (mmdebstrap, chroot, mount)", "root")
    t0 = time.monotonic()
    root, deb = start(rec, "bookworm")
    if not deb:
        return
    listing = deb_static(rec, deb)
    kernels, before = ready(rec, root, deb)
    if not kernels:
        return
    mods, ref, ver = deb_mods(deb), kernels[0], util.version()
    cn = kernel_checks(rec, root, kernels, mods, kernels[-1:])
    # The signature check fails on a module nobody signed: siphash.ko built
    # by kbuild alone from the package's sources, without DKMS.
    root.run("cp", "-a", f"/usr/src/{NAME}-{ver}", "/tmp/unsigned")
    p = root.run("make", "-C", f"/lib/modules/{ref}/build", "M=/tmp/unsigned",
                 "SIPHASH_OOT_MODULES=user", "modules")
    why = unsigned(root, "/tmp/unsigned/siphash.ko", cn or "DKMS module signing key") \
        if p.returncode == 0 else None
    rec.add("negative/unsigned", bool(why), ("caught: " + why) if why else
            "NOT caught: siphash.ko of kbuild alone passed the signature check" if p.returncode == 0
            else f"kbuild of /usr/src/{NAME}-{ver} for {ref} failed: {p.stdout[-300:]}",
            "control-missed")
    # docs/install.md, "Secure Boot": what make install built, signed by
    # hand with the headers' sign-file and DKMS's key.
    sign = [f"/usr/lib/linux-kbuild-{ref.rsplit('.', 1)[0]}/scripts/sign-file", "sha256",
            MOK.replace(".pub", ".key"), MOK, "/tmp/unsigned/siphash.ko"]
    p = root.run(*sign) if why else None
    why = unsigned(root, "/tmp/unsigned/siphash.ko", cn) if p and p.returncode == 0 and cn \
        else f"{' '.join(sign)}: {p.stdout.strip() if p else 'not run'}"
    rec.add("sign-file", not why, f"{' '.join(sign[:2])} with DKMS's key, as docs/install.md "
            f"says for make install: signer '{cn}'" + (f" ({why})" if why else ""), "unsigned")
    root.run("rm", "-rf", "/tmp/unsigned")
    # DKMS's build for the reference row's kernel, for its boot (dkms_boot).
    out = root.work / "dkms-modules" / ref
    shutil.rmtree(out.parent, ignore_errors=True)
    out.mkdir(parents=True)
    for m in mods:
        f = root.run("modinfo", "-k", ref, "-F", "filename", m).stdout.strip()
        data = (root.path / f.lstrip("/")).read_bytes() if f else b""
        if data:
            (out / f"{m}.ko").write_bytes(lzma.decompress(data) if f.endswith(".xz") else data)
    headers = root.run("dpkg-query", "-W", "-f=${Version}", f"linux-headers-{ref}").stdout
    util.write_json(out / "dkms-modules.json", {"kver": ref, "headers": headers,
                                                "version": ver, "modules": mods})
    rec.add("dkms-modules", all((out / f"{m}.ko").exists() for m in mods), "DKMS's build "
            f"for {ref} copied to {out.relative_to(ROOT)} for the boot", "package")
    hook_check(rec, root, mods)
    after = purge(rec, root, before, "purge")
    ok = install(root, deb)
    n = root.run("dkms", "status", "-m", NAME).stdout.count(": installed")
    rec.add("apt-install-again", ok and n == len(kernels) + 1, f"apt-get install again after the "
            f"purge: DKMS installs for the {n} kernels", "install")
    purge(rec, root, before, "purge-again")
    diff = sorted(set(after) ^ set(root.files()))
    rec.add("no-trace", not diff, "install and purge again: the root is path for path as "
            "before" + (f" (differs: {' '.join(diff[:20])})" if diff else ""), "purge")
    install_orders(rec, root, deb, ref)
    subprocess.run(["umount", "-R", str(root.path)])
    print(f"time: deb-check total: {time.monotonic() - t0:.0f} s")
    print(listing)


def suite_check(rec, suite):
    """The package in a clean root of SUITE (trixie, sid), with its own dkms,
    kmod, compiler and pahole: apt-get install, DKMS's signed build for
    every kernel of the suite's header metapackages, the consumer against
    the installed files, DKMS's hook, purge leaving nothing. Each kernel's
    module exactly as DKMS installed it (.ko.xz), its image, busybox and
    the suite's kmod with its libraries go to build/deb-SUITE/boot for
    suite_boot."""
    t0 = time.monotonic()
    root, deb = start(rec, suite)
    if not deb:
        return
    kernels, before = ready(rec, root, deb)
    if not kernels:
        return
    mods = deb_mods(deb)
    kernel_checks(rec, root, kernels, mods, kernels)
    hook_check(rec, root, mods)
    purge(rec, root, before, "purge")
    subprocess.run(["umount", "-R", str(root.path)])
    print(f"time: {suite} check total: {time.monotonic() - t0:.0f} s")


def make_deb(logf):
    """make deb, one at a time (the package's units run side by side):
    its exit status."""
    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build/deb.lock", "w") as lock:
        __import__("fcntl").flock(lock, __import__("fcntl").LOCK_EX)
        return run(["make", "-s", "-C", str(ROOT), "deb"], kind="package", log_to=logf,
                   check=False).returncode


def consumer(rec, root, rel, c):
    """tests/consumer built in ROOT at C (its /tmp/consumer) for REL from
    what DKMS keeps for it, as docs/install.md says: its record."""
    d = f"/var/lib/dkms/{NAME}/kernel-{rel}-x86_64"
    shutil.rmtree(c, ignore_errors=True)
    shutil.copytree(ROOT / "tests/consumer", c)
    p = root.run("make", "-C", f"/lib/modules/{rel}/build", "M=/tmp/consumer",
                 f"SIPHASH_OOT_INCLUDE={d}", f"KBUILD_EXTRA_SYMBOLS={d}/Module.symvers", "modules")
    imports = sorted(s for s in Module(c / "siphash_consumer.ko").undefined()
                     if s.startswith("sipmod_")) if p.returncode == 0 else []
    ok = p.returncode == 0 and bool(imports) and not re.search(r"warning:|WARNING:|undefined",
                                                               p.stdout)
    return rec.add(f"consumer {rel}", ok, f"consumer built with SIPHASH_OOT_INCLUDE={d} and its "
                   f"Module.symvers, imports {' '.join(imports) or 'no sipmod_* symbol'}",
                   "consumer")


def xz_check(path):
    """The integrity check an .xz file names (CRC32, CRC64, ...), or ''."""
    if not str(path).endswith(".xz"):
        return ""
    out = run(["xz", "--robot", "--list", str(path)], check=False).stdout
    m = re.search(r"^file\t(?:\S*\t){5}(\S+)", out, re.M)
    return m.group(1) if m else "unreadable"


def fresh_root(root):
    """ROOT made (or made again when its recipe changed), mounted, its
    headers the archive's newest: [(release, Debian version)], oldest
    first. Bookworm's releases are those of the installed metapackages,
    which the simulated install shows newer; the newer suites' come from
    the archive (Root.release)."""
    recipe = f"{root.suite}: {SUITES[root.suite]} {root.more_opts()}; update-initramfs diverted"
    stamp = root.pristine.with_suffix(".recipe")
    if not (root.pristine / "etc").exists() or not stamp.exists() or stamp.read_text() != recipe:
        root.make()
        stamp.write_text(recipe)
    for attempt in (1, 2):
        root.mount()
        root.apt("update", check=True, log_to=root.log)
        rels = [root.release(m) for m in root.metas]
        newer = re.findall(r"^Inst (\S+)", root.apt("-s", "install", *(
            m for m in root.metas if "/" not in m), *(f"linux-headers-{r}" for r in rels)
        ).stdout, re.M)
        if not newer and all(rels):
            break
        if attempt == 2:
            raise Failure(f"the {root.suite} root still misses {newer or root.metas}")
        log(f"the archive has newer kernel headers ({' '.join(newer)}): making the root again")
        subprocess.run(["umount", "-R", str(root.path)])
        root.make()
    vers = [root.run("dpkg-query", "-W", "-f=${Version}", f"linux-headers-{r}").stdout
            for r in rels]
    return sorted(zip(rels, vers), key=__import__("functools").cmp_to_key(
        lambda a, b: -1 if run(["dpkg", "--compare-versions", a[1], "lt", b[1]],
                               check=False).returncode == 0 else 1))


def write_boot(root, boot):
    """BOOT/boot.json: the kernels staged in BOOT, the versions of ROOT's
    package, kmod and dkms."""
    boot.mkdir(parents=True, exist_ok=True)
    util.write_json(boot / "boot.json", {
        "kvers": sorted(d.name for d in boot.iterdir() if (d / "image").is_dir()),
        "version": util.version(), **{p: root.run("dpkg-query", "-W", "-f=${Version}", p).stdout
                                      for p in ("kmod", "dkms")}})


def stage_boot(root, rel, boot, ko, consumer):
    """KO (as DKMS installed it) into BOOT/REL/modules, CONSUMER into
    BOOT/REL, REL's image and config and busybox into BOOT/REL/image, and
    once the suite's kmod (/kmod/modprobe, /kmod/insmod) with the
    libraries it links and opens into BOOT/kmod, from ROOT."""
    (boot / rel / "modules").mkdir(parents=True, exist_ok=True)
    shutil.copy2(ko, boot / rel / "modules")
    (boot / rel / "modules/modules.order").touch()
    shutil.copy(consumer, boot / rel)
    for f in (f"boot/vmlinuz-{rel}", f"usr/lib/modules/{rel}/vmlinuz", f"boot/config-{rel}",
              f"usr/lib/modules/{rel}/config", "usr/bin/busybox", "bin/busybox"):
        if (root.path / f).is_file():
            (boot / rel / "image" / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(root.path / f, boot / rel / "image" / f)
    kmod = boot / "kmod"
    if kmod.exists():
        return
    libs = re.findall(r"(/\S+\.so[.\d]*) \(0x", root.run("ldd", "/usr/bin/kmod").stdout)
    libs += [f"/usr/lib/x86_64-linux-gnu/{x}" for x in ("liblzma.so.5", "libzstd.so.1", "libz.so.1")
             if (root.path / "usr/lib/x86_64-linux-gnu" / x).exists()]
    for f in ["/kmod/kmod"] + libs:
        dest = kmod / f.lstrip("/").replace("usr/", "", 1)
        dest.parent.mkdir(parents=True, exist_ok=True)
        src = root.run("readlink", "-f", f.replace("/kmod/", "/usr/bin/")).stdout.strip()
        shutil.copy(root.path / src.lstrip("/"), dest)
    # In a directory of its own: busybox --install puts its applets in /sbin.
    for n in ("modprobe", "insmod"):
        os.symlink("kmod", kmod / "kmod" / n)
    # A kmod built for /usr/lib/modules finds the initramfs's modules too.
    (kmod / "usr/lib").mkdir(parents=True)
    os.symlink("/lib/modules", kmod / "usr/lib/modules")


def install_orders(rec, root, deb, rel):
    """docs/install.md, "make install and the package": each order on one
    machine, in a fresh overlay, for REL. The package replaces make
    install's files (its preinst says so); make install refuses while the
    package is installed, naming apt remove, and installs nothing. Either
    way the siphash.ko modprobe resolves must be the one installed last;
    the chroot loads nothing, so "resolves" is modprobe -S REL
    --show-depends (the file modprobe would insmod) and modinfo -k REL."""
    make = f"make -C /tmp/src KDIR=/lib/modules/{rel}/build"
    apt = f"autoinstall_all_kernels=y apt-get -q -y -o Dpkg::Use-Pty=0 install ./{deb.name}"
    ko = {"make": f"/lib/modules/{rel}/extra/siphash.ko",
          "package": f"/lib/modules/{rel}/updates/dkms/siphash.ko"}
    make_files = [ko["make"] + "*", "usr/src/*/include/siphash.h", "usr/src/*/*/Module.symvers"]

    def sh(cmd):
        p = root.run("sh", "-c", f"cd /tmp && {cmd} 2>&1")
        with open(root.log, "a") as f:
            f.write(f"# {cmd}\n{p.stdout}")
        return p

    def resolves(who):
        p = root.run("modprobe", "-S", rel, "--show-depends", "siphash").stdout.strip()
        f = root.run("modinfo", "-k", rel, "-F", "filename", "siphash").stdout.strip()
        ok = p.startswith(f"insmod {ko[who]}") and f.startswith(ko[who])
        return [] if ok else [f"modprobe resolves {p!r}, modinfo {f!r}, not {who}'s {ko[who]}"]

    def state():
        audit = root.run("dpkg", "--audit").stdout.strip()
        return [f"dpkg --audit: {audit[:200]}"] if audit else []
    for first in ("make", "package"):
        root.mount()
        root.apt("update", check=True, log_to=root.log)
        root.apt("install", "make", check=True, log_to=root.log)
        run(["sh", "-c", f"mkdir -p '{root.path}/tmp/src' && tar -C '{ROOT}' --exclude=./build "
             f"--exclude=./.git -cf - . | tar -C '{root.path}/tmp/src' -xf -"])
        shutil.copy(deb, root.path / "tmp")
        bad = [] if sh(f"{make} install" if first == "make" else apt).returncode == 0 \
            else [f"{first} failed ({root.log})"]
        if first == "make":
            p = sh(apt)
            said = f"removing {ko['make']} of make install"
            left = ["/" + str(x.relative_to(root.path)) for g in make_files
                    for x in root.path.glob(g.lstrip("/"))]
            bad += ([] if p.returncode == 0 else [f"apt-get install failed ({root.log})"]) + \
                ([] if said in p.stdout else [f"the preinst did not say '{said}'"]) + \
                [f"left {x}" for x in left] + resolves("package") + state()
            rec.add("order make-then-package", not bad, f"{rel}: make install, then apt-get "
                    f"install: the preinst said '{said}' and its other files, modprobe resolves "
                    f"{ko['package']}" + (f" ({'; '.join(bad)})" if bad else ""), "install-order")
            continue
        p = sh(f"{make} install")
        names = f"apt remove {PKG}"
        left = [str(x) for x in root.path.glob(make_files[0].lstrip("/"))]
        bad += ([] if p.returncode and names in p.stdout else
                [f"make install did not refuse naming '{names}': {p.stdout.strip()[-300:]!r}"]) + \
            [f"left {x}" for x in left] + resolves("package") + state()
        if sh(f"apt-get -q -y remove {PKG}").returncode or sh(f"{make} install").returncode:
            bad.append(f"apt-get remove {PKG}, then make install: failed ({root.log})")
        bad += resolves("make") + state()
        rec.add("order package-then-make", not bad, f"{rel}: apt-get install, then make install "
                f"refused naming '{names}' and installed nothing, modprobe resolves "
                f"{ko['package']}; after it, make install, modprobe resolves {ko['make']}"
                + (f" ({'; '.join(bad)})" if bad else ""), "install-order")
        # The control: a copy in updates/dkms/ shadows make install's.
        root.run("sh", "-c", f"mkdir -p {ko['package'].rsplit('/', 1)[0]} && cp {ko['make']} "
                 f"{ko['package']} && depmod {rel}")
        why = resolves("make")
        rec.add("negative/order", bool(why), ("caught: " + why[0]) if why else "NOT caught: "
                "a siphash.ko in updates/dkms/ shadowing extra/ passed", "control-missed")
