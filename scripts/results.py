#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""results.py RESULTS-DIR - docs/results.md, the figures of the last full
make check, from its records and results: the support matrix, each
target's boots (wall time and counts), the instruction counts of this
module against the kernel's lib/siphash.c, and the comparisons of
"Introduce The SipHash PRF". No path of the machine appears."""
import contextlib
import io
import sys
from pathlib import Path

import bench_report
import tables
import util


def main(results):
    targets = (results / "targets.txt").read_text().split()
    full = {m: [t.name for t in tables.select(m)] for m in ("check", "all")}
    if targets not in full.values():
        sys.exit(f"error: the last make check ran {' '.join(targets)}, not every row of "
                 "MATRIX=check or MATRIX=all: docs come from a full run")
    if targets == full["all"]:
        support(results)
    machine = (results / "wall.txt").read_text().strip()
    out = ["# Figures of the last full `make check`\n",
           f"Machine-specific: `{machine}`.\n",
           (results / "matrix.md").read_text() if (results / "matrix.md").exists() else "",
           "\n## Boots per target\n",
           "Wall seconds of each boot on the machine above (its figures move with"
           " the machine and JOBS), and the verdict's counts (KTAP cases and"
           " harness checks); live is the `live_` cases passed.\n",
           "| target | boot | icount | reliability | boot passed/failed | live | icount passed/failed | reliability passed/failed |",
           "|---|---|---|---|---|---|---|---|"]
    for t in targets:
        v = {r: util.read_json(results / t / r / "verdict.json", {})
             for r in ("boot", "icount", "stress")}
        def c(r, key):
            return str(v[r].get(key, "-"))
        live = v["boot"].get("live", {})
        out.append(f"| {t} | {c('boot', 'wall_seconds')} s | {c('icount', 'wall_seconds')} s |"
                   f" {c('stress', 'wall_seconds')} s | {c('boot', 'passed')}/{c('boot', 'failed')} |"
                   f" {live.get('passed', '-') if isinstance(live, dict) else live} |"
                   f" {c('icount', 'passed')}/{c('icount', 'failed')} |"
                   f" {c('stress', 'passed')}/{c('stress', 'failed')} |")
    with contextlib.redirect_stdout(io.StringIO()) as buf:
        bench_report.summary(results, targets)
    summary = buf.getvalue()
    out += ["\n## This module against the kernel's lib/siphash.c, guest instructions\n",
            "ours/kernel of guest instructions per call under QEMU `-icount"
            " shift=0,sleep=off` (test_siphash.ko calls both, interleaved in the"
            " same batches): over the 16 lengths 0..1024 B of `siphash()` and"
            " `hsiphash()`, and the largest over the 12 fixed-width helpers"
            " (on arm and MIPS the counter ticks once per fixed number of"
            " instructions, see the README's Benchmarks: the ratios are the"
            " same).\n",
            "```", summary.strip(), "```"]
    seed = results / "bench-series.md"
    if seed.exists():
        out += ["\n## The comparisons of \"Introduce The SipHash PRF\"\n", seed.read_text()]
    (Path(__file__).resolve().parent.parent / "docs/results.md").write_text("\n".join(out) + "\n")


def support(results):
    """The README's support statement, between its two support markers:
    each arch's rows with the kernel release and the compiler of the last
    make check MATRIX=all, from its matrix.csv."""
    lines = (results / "matrix.csv").read_text().splitlines()
    rows = [dict(zip(lines[0].split(","), x.split(","))) for x in lines[1:]]
    arches = list(dict.fromkeys(r["arch"] for r in rows))
    text = [f"- {a}: " + "; ".join(
        f"{r['series']} {r['kernel_release']} (gcc {r['compiler'].split()[-1]})"
        if r["build"] == "ok" and r["boot_failed"] == "0" and r["reliability"] == "ok" else
        f"{r['series']} skipped: the mirror serves none of its kernel's files"
        if r["build"] == "skip" else f"{r['series']} FAILS" for r in rows if r["arch"] == a)
        for a in arches]
    readme = Path(__file__).resolve().parent.parent / "README.md"
    head, rest = readme.read_text().split("<!-- support -->\n", 1)
    tail = rest.split("<!-- end support -->", 1)[1]
    readme.write_text(head + "<!-- support -->\n" + "\n".join(text) + "\n<!-- end support -->"
                      + tail)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
