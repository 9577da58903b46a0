#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The target table (targets.tsv at the project's root), for every script.

  targets.py list [--matrix check|all] [--arches "A ..."] [--kernels "S ..."]
                      the targets, one a line, in table order: the rows
                      whose matrix column is "check" (make check's), or
                      every row (all); ARCHES and KERNELS (the harness's
                      arch names, or uname -m spellings; kernel series)
                      select a subset of those
  targets.py resolve [--target T] [--arch A] [--kernel S]
                      the one target make run means: T, or the row of
                      arch A (any spelling of the uname column) and
                      series S (default: the first row's)
  targets.py env TARGET
                      the row as shell assignments, for eval (lib.sh)
  targets.py values COLUMN[:COLUMN...] [TARGET...]
                      the distinct values of one column (or of several,
                      joined by ":"), one a line
  targets.py role ROLE
                      the targets whose roles column names ROLE

Every error names what is allowed and exits 2. Python code imports
load() and row() instead.
"""
import argparse
import shlex
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "targets.tsv"


class TargetError(Exception):
    pass


def load(path=TABLE):
    """The rows of the old one-table form, joined from tables.py's two."""
    import tables
    rows = []
    for t in tables.load(path):
        r = {k: v for k, v in vars(t).items() if isinstance(v, str)}
        r.update(target=t.name, image_meta=t.image_meta, source=t.source,
                 kconfig=t.kconfig, roles=",".join(t.roles), smp_max=str(t.smp_max),
                 bits=str(t.bits), icount_sleep=t.icount_sleep if t.icount else "",
                 guest_kmods="" if "," in t.suite else t.guest_kmods,
                 uname="" if t.kconfig else t.uname, flavour="" if t.kconfig else t.flavour,
                 dkms="no" if t.kconfig else t.dkms)
        rows.append(r)
    return rows


def row(target, rows=None):
    rows = rows if rows is not None else load()
    for r in rows:
        if r["target"] == target:
            return r
    raise TargetError(f"unknown target '{target}'; supported: "
                      + " ".join(r["target"] for r in rows))


def arch_of(spelling, rows):
    """The harness's arch name for an arch or uname -m spelling."""
    names = {}
    for r in rows:
        for s in [r["arch"]] + r["uname"].split():
            names.setdefault(s, set()).add(r["arch"])
    found = names.get(spelling, set())
    if len(found) != 1:
        raise TargetError(f"unknown arch '{spelling}'; supported: "
                          + " ".join(sorted(names)))
    return found.pop()


MATRICES = ("check", "all")


def select(rows, arches="", kernels="", matrix="check"):
    if matrix not in MATRICES:
        raise TargetError(f"unknown MATRIX '{matrix}'; supported: "
                          + " ".join(MATRICES))
    want_a = {arch_of(a, rows) for a in arches.split()}
    series = {r["series"] for r in rows}
    for s in kernels.split():
        if s not in series:
            raise TargetError(f"unknown kernel series '{s}' in KERNELS; "
                              f"supported: {' '.join(sorted(series))}")
    picked = [r for r in rows
              if (not want_a or r["arch"] in want_a)
              and (not kernels.split() or r["series"] in kernels.split())]
    out = [r["target"] for r in picked if matrix == "all" or r["matrix"] == "check"]
    if not out:
        hint = " (add MATRIX=all: they are in the wide matrix only)" if picked else ""
        raise TargetError(f"ARCHES='{arches}' KERNELS='{kernels}' select no target of "
                          f"MATRIX={matrix}{hint}: "
                          + " ".join(r["target"] for r in rows))
    return out


def resolve(rows, target="", arch="", kernel=""):
    if target:
        if arch or kernel:
            raise TargetError("give TARGET=, or ARCH= and KERNEL=, not both")
        return row(target, rows)["target"]
    arch = arch_of(arch, rows) if arch else rows[0]["arch"]
    kernel = kernel or rows[0]["series"]
    for r in rows:
        if r["arch"] == arch and r["series"] == kernel:
            return r["target"]
    raise TargetError(f"no target for arch {arch} and kernel {kernel}; "
                      f"{arch} has: " + " ".join(r["series"] for r in rows
                                                 if r["arch"] == arch))


def main(argv):
    ap = argparse.ArgumentParser(usage=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("list")
    p.add_argument("--matrix", default="check")
    p.add_argument("--arches", default="")
    p.add_argument("--kernels", default="")
    p = sub.add_parser("resolve")
    p.add_argument("--target", default="")
    p.add_argument("--arch", default="")
    p.add_argument("--kernel", default="")
    p = sub.add_parser("env")
    p.add_argument("target")
    p = sub.add_parser("values")
    p.add_argument("column")
    p.add_argument("targets", nargs="*")
    p = sub.add_parser("role")
    p.add_argument("role")
    args = ap.parse_args(argv)
    try:
        rows = load()
        if args.cmd == "list":
            print("\n".join(select(rows, args.arches, args.kernels, args.matrix)))
        elif args.cmd == "resolve":
            print(resolve(rows, args.target, args.arch, args.kernel))
        elif args.cmd == "env":
            r = row(args.target, rows)
            for col, val in r.items():
                print(f"T_{col.upper()}={shlex.quote(val)}")
        elif args.cmd == "values":
            cols = args.column.split(":")
            for c in cols:
                if c not in rows[0]:
                    raise TargetError(f"unknown column '{c}'; the table has: "
                                      + " ".join(rows[0]))
            sel = [row(t, rows) for t in args.targets] if args.targets else rows
            seen = []
            for r in sel:
                v = ":".join(r[c] for c in cols)
                if v not in seen and all(r[c] for c in cols):
                    seen.append(v)
            if seen:
                print("\n".join(seen))
        elif args.cmd == "role":
            print("\n".join(r["target"] for r in rows if args.role in r["roles"].split(",")))
    except TargetError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
