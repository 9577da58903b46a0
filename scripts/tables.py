# SPDX-License-Identifier: GPL-2.0
"""The arches and targets tables of qemu/targets.tsv. A Target is one row of
the targets table joined with its arch's row, with the facts that follow
from them (its name, its linux-source package, its image metapackage)."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "qemu/targets.tsv"
MATRICES = ("check", "all")
STATUS_DEV = {"serial": "ttyS1", "pci-serial": "ttyS0", "virtconsole": "hvc0",
              "spapr-vty": "hvc1"}


class TableError(Exception):
    pass


class Target:
    def __init__(self, arch, row):
        self.__dict__.update(arch)
        self.__dict__.update(row)
        self.name = f"{self.arch}-{self.series}"
        self.suites = self.suite.split(",")
        self.roles = self.roles.split(",") if self.roles else []
        self.kconfig = self.kernel if self.kernel.endswith(".config") else ""
        self.image_meta = "" if self.kconfig else self.kernel.format(flavour=self.flavour)
        m = re.match(r"\d+\.\d+", self.series)
        self.source = f"linux-source-{m.group(0)}" if m else "linux-source"
        self.icount = "debug" not in self.roles
        self.status_kind, _, dev = self.status.partition(":")
        if self.status_kind not in STATUS_DEV:
            raise TableError(f"{self.arch}: unknown status channel '{self.status}'; "
                             f"known: {' '.join(STATUS_DEV)}")
        self.status_dev = "/dev/" + (dev or STATUS_DEV[self.status_kind])
        self.smp_max = int(self.smp_max)
        self.bits = int(self.bits)

    def plan(self):
        """The row as the CI workflow's matrix entry."""
        return {"target": self.name, "arch": self.arch, "series": self.series,
                "built": bool(self.kconfig), "roles": self.roles}


def _tables(path):
    tables, cols = [], None
    for no, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            cols = None
            continue
        if line.startswith("#"):
            continue
        fields = line.split("\t")
        if cols is None:
            cols = fields
            tables.append([])
            continue
        if len(fields) != len(cols):
            raise TableError(f"{path.name} line {no}: {len(fields)} fields, "
                             f"its header has {len(cols)}")
        tables[-1].append({c: "" if v == "-" else v for c, v in zip(cols, fields)})
    return tables


def load(path=TABLE):
    """Every target, in table order."""
    arches, targets = _tables(path)
    by_arch = {a["arch"]: a for a in arches}
    out = []
    for row in targets:
        if row["arch"] not in by_arch:
            raise TableError(f"target {row['arch']}-{row['series']}: no arch "
                             f"{row['arch']} in the arches table")
        out.append(Target(by_arch[row["arch"]], row))
    return out


def arch_of(spelling, targets):
    for t in targets:
        if spelling == t.arch or spelling in t.uname.split():
            return t.arch
    spellings = sorted({s for t in targets for s in [t.arch] + t.uname.split()})
    raise TableError(f"unknown arch '{spelling}'; known: {' '.join(spellings)}")


def get(name, targets=None):
    targets = targets if targets is not None else load()
    for t in targets:
        if t.name == name:
            return t
    raise TableError(f"unknown target '{name}'; known: "
                     + " ".join(t.name for t in targets))


def select(matrix="check", arches="", kernels="", targets=None):
    """The targets of MATRIX, of the arches and series named (default all)."""
    targets = targets if targets is not None else load()
    if matrix not in MATRICES:
        raise TableError(f"unknown MATRIX '{matrix}'; known: {' '.join(MATRICES)}")
    want_a = {arch_of(a, targets) for a in arches.split()}
    series = {t.series for t in targets}
    for s in kernels.split():
        if s not in series:
            raise TableError(f"unknown series '{s}' in KERNELS; known: "
                             + " ".join(sorted(series)))
    picked = [t for t in targets if (not want_a or t.arch in want_a)
              and (not kernels.split() or t.series in kernels.split())]
    out = [t for t in picked if matrix == "all" or t.matrix == "check"]
    if not out:
        hint = " (they are in MATRIX=all only)" if picked else ""
        raise TableError(f"ARCHES='{arches}' KERNELS='{kernels}' select no "
                         f"target of MATRIX={matrix}{hint}")
    return out


def resolve(target="", arch="", kernel="", targets=None):
    """The one target make run means: TARGET, or ARCH and KERNEL."""
    targets = targets if targets is not None else load()
    if target:
        if arch or kernel:
            raise TableError("give TARGET=, or ARCH= and KERNEL=, not both")
        return get(target, targets)
    arch = arch_of(arch, targets) if arch else targets[0].arch
    kernel = kernel or targets[0].series
    for t in targets:
        if t.arch == arch and t.series == kernel:
            return t
    raise TableError(f"no target for ARCH={arch} KERNEL={kernel}; {arch} has: "
                     + " ".join(t.series for t in targets if t.arch == arch))


def role(name, targets=None):
    """The first target with role NAME, or None."""
    targets = targets if targets is not None else load()
    return next((t for t in targets if name in t.roles), None)


def plan(matrix="check", arches="", kernels=""):
    """The CI workflow's job list: one entry per selected row."""
    return [t.plan() for t in select(matrix, arches, kernels)]
