#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench_table.py BENCH_CSV BATCHES_CSV - the table of tests/user's benchmark.

Reads build/results/user/bench.csv and batches.csv (bench.sh) and prints,
per function and length: TSC ticks per call of this module, the kernel's
lib/siphash.c, a second copy of the kernel's code (kernel_copy) and
libsodium, each the mean over its code offsets of the median over the
batches; the ratios ours/kernel, copy/kernel and ours/libsodium; how much
the code offset alone moves ours and the kernel's (slowest offset / fastest);
instructions per call. Each ratio is the median over the batches of the
ratio of two implementations timed side by side in the same batch (each the
mean of its offsets), so that a slow drift of the host's speed cancels out.

The A/A spread is the largest distance from 1 of copy/kernel over all rows:
two copies of the same code differ by that much in this run, so a cycle
ratio up to 1 + spread is equal within the noise of the method. The
targets are printed as met or not; they are never a test failure.
Exits 1 only if the file lacks the rows it needs.
"""
import csv
import statistics
import sys

MODULE, KERNEL, COPY, SODIUM = "module", "kernel", "kernel_copy", "libsodium"


def main():
    rows = {}
    order = []
    with open(sys.argv[1], newline="") as f:
        for r in csv.DictReader(f):
            key = (r["function"], int(r["len"]))
            if key not in rows:
                rows[key] = {}
                order.append(key)
            rows[key][r["impl"]] = (float(r["cycles_median"]),
                                    float(r["instructions"] or "nan"))
    batches = {}    # (function, len) -> impl -> batch -> ticks, mean of offsets
    places = {}     # (function, len) -> impl -> offset -> [ticks]
    with open(sys.argv[2], newline="") as f:
        for r in csv.DictReader(f):
            key = (r["function"], int(r["len"]))
            places.setdefault(key, {}).setdefault(r["impl"], {}).setdefault(
                int(r["offset"]), []).append(int(r["ticks"]))
    for key, impls in places.items():
        for impl, offs in impls.items():
            n = len(offs)
            per_batch = zip(*offs.values())
            batches.setdefault(key, {})[impl] = {
                b: sum(t) / n for b, t in enumerate(per_batch)}
    if not order or any({MODULE, KERNEL, COPY} - set(rows[k]) or
                        set(rows[k]) - set(batches.get(k, {})) for k in order):
        print("bench_table: rows missing in", *sys.argv[1:], file=sys.stderr)
        return 1

    def ratio(k, a, b, i=0):
        """a/b: paired median of the batches' ticks (i=0), instructions (i=1)"""
        if i:
            return rows[k][a][i] / rows[k][b][i]
        ta, tb = batches[k][a], batches[k][b]
        return statistics.median(ta[n] / tb[n] for n in ta)

    def placement(k, a):
        """slowest over fastest of @a's offsets (medians over the batches)"""
        med = [statistics.median(t) for t in places[k][a].values()]
        return max(med) / min(med)

    aa = [ratio(k, COPY, KERNEL) for k in order]
    spread = max(abs(x - 1) for x in aa)
    band = 1 + spread

    print("bench: TSC ticks per call, median of %d batches, all implementations"
          " interleaved in the same batches," % len(batches[order[0]][KERNEL]))
    print("       mean of %d code offsets (libsodium: 1); ratios: median of the"
          " batches' side-by-side ratios;" % len(places[order[0]][KERNEL]))
    print("       place: slowest/fastest offset; instructions per call of the"
          " hash function itself (callgrind)")
    print("%-14s %6s | %9s %9s %9s %9s | %6s %6s %6s | %6s %6s | %6s %6s %6s %6s" % (
        "function", "len", "ours", "kernel", "k-copy", "sodium",
        "o/k", "copy/k", "o/sod", "o-pl", "k-pl",
        "i-ours", "i-kern", "i-sod", "i o/k"))
    miss_k, miss_s, miss_i = [], [], []
    n_s = 0
    for k in order:
        fn, n = k
        r = rows[k]
        has_s = SODIUM in r
        ok = ratio(k, MODULE, KERNEL)
        os_ = ratio(k, MODULE, SODIUM) if has_s else None
        ik = ratio(k, MODULE, KERNEL, 1)
        if ok > max(1.0, band):
            miss_k.append("%s/%d %.3f" % (fn, n, ok))
        if has_s:
            n_s += 1
            if os_ > max(1.0, band):
                miss_s.append("%s/%d %.3f" % (fn, n, os_))
        if ik > 1.0:
            miss_i.append("%s/%d %+d" % (fn, n, r[MODULE][1] - r[KERNEL][1]))
        print("%-14s %6d | %9.2f %9.2f %9.2f %9s | %6.3f %6.3f %6s | %6.3f %6.3f | %6.0f %6.0f %6s %6.3f" % (
            fn, n, r[MODULE][0], r[KERNEL][0], r[COPY][0],
            "%.2f" % r[SODIUM][0] if has_s else "-",
            ok, ratio(k, COPY, KERNEL), "%.3f" % os_ if has_s else "-",
            placement(k, MODULE), placement(k, KERNEL),
            r[MODULE][1], r[KERNEL][1],
            "%.0f" % r[SODIUM][1] if has_s else "-", ik))

    print("A/A spread: kernel_copy/kernel %.3f .. %.3f over %d rows: a cycle ratio"
          " up to %.3f is equal within this run's noise" % (
              min(aa), max(aa), len(aa), band))

    def verdict(what, total, misses):
        print("  %-38s %s: %d of %d rows%s" % (
            what, "MET" if not misses else "NOT MET", total - len(misses),
            total, "; over at " + ", ".join(misses) if misses else ""))

    print("targets (printed, not tested):")
    verdict("cycles ours/kernel <= 1.00 or A/A", len(order), miss_k)
    verdict("cycles ours/libsodium <= 1.00 or A/A", n_s, miss_s)
    verdict("instructions ours/kernel <= 1.000", len(order), miss_i)
    long = [k for k in order if k[0] == "siphash" and k[1] >= 65536]
    for k in long:
        r = rows[k]
        print("long input (%d B): ours %.3f, kernel %.3f%s TSC ticks per byte"
              " (target: within 1.5x of 1.1)" % (
                  k[1], r[MODULE][0] / k[1], r[KERNEL][0] / k[1],
                  ", libsodium %.3f" % (r[SODIUM][0] / k[1]) if SODIUM in r else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
