# SPDX-License-Identifier: GPL-2.0
"""What every part of the harness shares: paths, commands with their cost
counted by kind, reading a module's ELF (modinfo, symbols) without forking."""
import json
import lzma
import os
import resource
import shlex
import struct
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("SIPHASH_CACHE") or ROOT / "build" / "cache").resolve()
RESULTS = ROOT / "build" / "results"
MIRROR = os.environ.get("DEBIAN_MIRROR", "http://deb.debian.org/debian")
SECURITY = os.environ.get("DEBIAN_SECURITY", "http://deb.debian.org/debian-security")
HOST_SUITE = "bookworm"


class Failure(Exception):
    """A step that cannot go on; the message says what happened."""


def log(msg):
    print(f">>> {msg}", file=sys.stderr, flush=True)


class Clock:
    """Wall and CPU seconds of a process's commands, by kind (fetch, build,
    qemu, tools), and of the harness itself: what a cell's time goes to."""

    def __init__(self):
        self.start = time.monotonic()
        self.kinds = {}

    def add(self, kind, wall, cpu):
        w, c = self.kinds.get(kind, (0.0, 0.0))
        self.kinds[kind] = (w + wall, c + cpu)

    def split(self):
        wall = time.monotonic() - self.start
        own = resource.getrusage(resource.RUSAGE_SELF)
        out = {k: {"wall": round(w, 1), "cpu": round(c, 1)} for k, (w, c) in self.kinds.items()}
        spent = sum(w for w, _ in self.kinds.values())
        out["harness"] = {"wall": round(wall - spent + self.kinds.get("tools", (0, 0))[0], 1),
                          "cpu": round(own.ru_utime + own.ru_stime
                                       + self.kinds.get("tools", (0, 0))[1], 1)}
        out.pop("tools", None)
        out["total"] = {"wall": round(wall, 1)}
        return out


CLOCK = Clock()


def _children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd, kind="tools", check=True, log_to=None, env=None, cwd=None, input=None):
    """Run CMD (a list), its time counted as KIND. With LOG_TO, its output
    goes there; else it is returned. Raises Failure naming the command and
    the end of its output when CHECK and it fails."""
    t0, c0 = time.monotonic(), _children_cpu()
    if log_to:
        Path(log_to).parent.mkdir(parents=True, exist_ok=True)
    out = open(log_to, "a") if log_to else subprocess.PIPE
    try:
        p = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, text=True,
                           env=env, cwd=cwd, input=input, errors="replace")
    finally:
        if log_to:
            out.close()
        CLOCK.add(kind, time.monotonic() - t0, _children_cpu() - c0)
    text = p.stdout if not log_to else ""
    if check and p.returncode != 0:
        tail = text if not log_to else Path(log_to).read_text(errors="replace")
        tail = "\n".join(tail.rstrip().splitlines()[-15:])
        raise Failure(f"{shlex.join(str(c) for c in cmd[:6])}{' ...' if len(cmd) > 6 else ''}"
                      f" exited {p.returncode}{f' ({log_to})' if log_to else ''}:\n{tail}")
    return p if not check else text


def version():
    """The project's version (`make version`: SIPHASH_OOT_VERSION in siphash.h)."""
    return run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "version"]).strip()


def write_json(path, data):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    tmp.rename(path)


def read_json(path, default=None):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return default


class Module:
    """A kernel module file read as ELF: its .modinfo, its symbols."""

    def __init__(self, path):
        self.path = Path(path)
        data = self.path.read_bytes()
        if self.path.suffix == ".xz":
            data = lzma.decompress(data)
        if data[:4] != b"\x7fELF":
            raise Failure(f"{path}: not an ELF file")
        self.bits = 64 if data[4] == 2 else 32
        e, b64 = "<" if data[5] == 1 else ">", self.bits == 64
        shoff, = struct.unpack_from(e + ("Q" if b64 else "I"), data, 0x28 if b64 else 0x20)
        esz, num, strndx = struct.unpack_from(e + "HHH", data, 0x3A if b64 else 0x2E)
        fmt = e + ("IIQQQQIIQQ" if b64 else "I" * 10)
        secs = [struct.unpack_from(fmt, data, shoff + i * esz) for i in range(num)]
        body = [data[s[4]:s[4] + s[5]] for s in secs]
        names = body[strndx]
        self.sections = {names[s[0]:names.index(b"\0", s[0])].decode(): i
                         for i, s in enumerate(secs)}
        info = body[self.sections[".modinfo"]] if ".modinfo" in self.sections else b""
        self.info = [f.decode(errors="replace") for f in info.split(b"\0") if f]
        self.symbols = []          # (name, defined)
        for i, s in enumerate(secs):
            if s[1] != 2:          # SHT_SYMTAB
                continue
            strtab, size = body[s[6]], (24 if b64 else 16)
            for off in range(size, len(body[i]), size):
                name, *_, shndx = struct.unpack_from(e + ("IBBH" if b64 else "IIIBBH"), body[i],
                                                     off)
                if name:
                    self.symbols.append((strtab[name:strtab.index(b"\0", name)].decode(),
                                         shndx != 0))

    def field(self, key):
        """Every value of modinfo field KEY, in order."""
        return [f.split("=", 1)[1] for f in self.info if f.split("=", 1)[0] == key]

    def first(self, key):
        return next(iter(self.field(key)), "")

    @property
    def name(self):
        return self.first("name") or self.path.name.split(".ko")[0].replace("-", "_")

    def undefined(self):
        return {n for n, defined in self.symbols if not defined}

    def params(self):
        """Every parameter: {name: {kind, min, max, symbol}}, from modinfo
        parmtype and parmrange, plus the names kbuild's __param_str_
        symbols give (a parameter modinfo does not type is kind '')."""
        out = {n[len("__param_str_"):]: {"kind": ""} for n, _ in self.symbols
               if n.startswith("__param_str_")}
        for v in self.field("parmtype"):
            name, _, kind = v.partition(":")
            out.setdefault(name, {})["kind"] = kind
        for v in self.field("parmrange"):
            name, lo, hi = v.split(":")
            out.setdefault(name, {"kind": "uint"}).update(min=int(lo), max=int(hi))
        for name, p in out.items():
            if p["kind"] == "ksym":
                p.setdefault("symbol", name.removesuffix("_addr"))
            if p["kind"] == "siphash_key":
                p.setdefault("digits", 32)
        return out
