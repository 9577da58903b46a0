#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Benchmark reports from the harness's bench.csv files.

  bench_report.py RESULTS_DIR     one boot: reads RESULTS_DIR/bench.csv,
                                  prints the tables, writes bench.png
  bench_report.py summary RESULTS_ROOT TARGET...
                                  across targets, from the instruction
                                  counts (accel=icount): ours/kernel per
                                  arch, RESULTS_ROOT/bench-summary.png
  bench_report.py seed RESULTS_ROOT TARGET...
                                  the seed series' own comparisons, and
                                  the third mail's (HMAC with a prepared
                                  key), from the icount rows, as markdown
                                  tables next to the seed's and the mail's
                                  figures

The table puts this module (impl=module) next to the kernel's built-in
lib/siphash.c (impl=kernel) with their ratio; figures are medians per call.
Under TCG (accel=tcg) a "cycle" is emulation time, host time: only ratios
within one boot count. Under icount (accel=icount) it is one guest
instruction: deterministic, but an instruction count, not a cycle count.
"""
import csv
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import tables  # noqa: E402  (targets.tsv)


def load(path: Path):
    with path.open() as f:
        rows = list(csv.DictReader(f))
    data = {}
    for r in rows:
        # A row repeated by a later module (e.g. its own empty_loop) does
        # not replace test_siphash.ko's, which comes first.
        data.setdefault((r["function"], r["impl"], int(r["len"])), float(r["cycles_median"]))
    meta = (rows[0]["arch"], rows[0]["accel"]) if rows else ("?", "?")
    return rows, data, meta


def ours_vs_kernel(data, functions):
    """Rows (function, len, module, kernel, ratio) for every length."""
    out = []
    for fn in functions:
        lens = sorted(l for (f, i, l) in data if f == fn and i == "module")
        for n in lens:
            m, k = data.get((fn, "module", n)), data.get((fn, "kernel", n))
            if m is not None and k:
                out.append((fn, n, m, k, m / k))
    return out


def unit(accel, arch="x86_64"):
    """What one unit of the figures of ACCEL on ARCH is: under -icount
    shift=0 (one guest instruction per nanosecond of guest time), what
    get_cycles() reads there, the table's icount_unit (the TSC on x86;
    elsewhere a clock of fixed frequency, see the README's Benchmarks)."""
    if accel == "icount":
        return next((t.icount_unit for t in tables.load() if t.arch == arch), "counter ticks")
    return "cycle-counter ticks of host time"


def fig(x):
    """A figure with four significant digits (a tick figure of arm stays
    readable: 4.06, not 4)."""
    return f"{x:.4g}" if abs(x) < 1000 else f"{x:.0f}"


# The third mail ("[PATCH net-next 3/3] ipv6: sr: Prepare HMAC key ahead of
# time"): seg6_hmac_compute() with HMAC-SHA256, cycles on x86_64 (2025).
MAIL_HMAC_RAW, MAIL_HMAC_PREPARED = 1978, 1419
HMACS = ("hmac_sha256", "hmac_sha1")


def keyed_hash(data):
    """Rows (len, {impl: figure}) of test_siphash_hmac.c's keyed_hash, and
    its key preparations {hmac: figure}."""
    lens = sorted({n for (f, _, n) in data if f == "keyed_hash"})
    rows = [(n, {i: c for (f, i, l), c in data.items() if f == "keyed_hash" and l == n})
            for n in lens]
    prep = {i: c for (f, i, _), c in data.items() if f == "preparekey"}
    return rows, prep


def saved(prepared, raw):
    """What preparing the key saves, in percent of the raw-key call."""
    return 100 * (1 - prepared / raw)


def print_keyed_hash(data, accel):
    rows, prep = keyed_hash(data)
    hmacs = [h for h in HMACS if any(h in r for _, r in rows)]
    if not hmacs:
        return
    print(f"keyed_hash, median {unit(accel)} per call: the kernel's siphash() against"
          " its HMACs, key prepared once and raw (_usingrawkey); the third mail saw"
          f" {saved(MAIL_HMAC_PREPARED, MAIL_HMAC_RAW):.0f}% saved")
    head = f"{'len':>5} | {'siphash':>8}"
    for h in hmacs:
        head += f" | {h:>12} {'rawkey':>8} {'saved':>6} {'/siphash':>8}"
    print(head)
    for n, r in rows:
        line = f"{n:>5} | {r.get('siphash', float('nan')):>8.1f}"
        for h in hmacs:
            p, raw, sip = r.get(h), r.get(h + "_usingrawkey"), r.get("siphash")
            if p and raw and sip:
                line += f" | {p:>12.1f} {raw:>8.1f} {saved(p, raw):>5.1f}% {p / sip:>8.1f}"
        print(line)
    if prep:
        print("preparekey: " + ", ".join(f"{h} {c:.1f}" for h, c in sorted(prep.items())))


def print_siphash_state(data):
    """test_siphash_hmac.c's SipHash from a stored keyed state."""
    lens = sorted({n for (f, _, n) in data if f == "siphash_state"})
    for n in lens:
        r = {i: c for (f, i, l), c in data.items() if f == "siphash_state" and l == n}
        if "keyed" in r and "prepared" in r:
            print(f"siphash_state {n} B: kernel {r.get('kernel', float('nan')):.1f},"
                  f" keyed {r['keyed']:.1f}, prepared {r['prepared']:.1f}"
                  f" (saves {saved(r['prepared'], r['keyed']):.1f}%)")


def print_tables(data, arch, accel):
    # icount figures are exact: three decimals of a ratio mean something;
    # TCG timing moves by about 10% between boots: two.
    rd = 3 if accel == "icount" else 2
    if accel == "icount":
        print(f"--- benchmarks, {arch}, instruction counts (QEMU -icount, deterministic):"
              f" median {unit(accel, arch)} per call ---")
    else:
        print(f"--- benchmarks, {arch}, {accel.upper()} timing: HOST TIME, median"
              f" {unit(accel, arch)} per call; moves by about 10% between boots,"
              " compare ratios within this boot only ---")
    bufs = ours_vs_kernel(data, ["siphash", "hsiphash"])
    if bufs:
        print(f"{'len':>5} | {'siphash ours':>12} {'kernel':>9} {'ratio':>6} |"
              f" {'hsiphash ours':>13} {'kernel':>9} {'ratio':>6}")
        by_len = defaultdict(dict)
        for fn, n, m, k, r in bufs:
            by_len[n][fn] = (m, k, r)
        # One number of decimals per column, enough for the smallest
        # figure (arm's ticks of 16 instructions are a few units).
        d = 2 if min(min(m, k) for _, _, m, k, _ in bufs) < 20 else 1
        for n in sorted(by_len):
            s = by_len[n].get("siphash", (0, 0, 0))
            h = by_len[n].get("hsiphash", (0, 0, 0))
            print(f"{n:>5} | {s[0]:>12.{d}f} {s[1]:>9.{d}f} {s[2]:>6.{rd}f} |"
                  f" {h[0]:>13.{d}f} {h[1]:>9.{d}f} {h[2]:>6.{rd}f}")
        for fn in ("siphash", "hsiphash"):
            ratios = [r for f, _, _, _, r in bufs if f == fn]
            print(f"{fn}: ours/kernel median {statistics.median(ratios):.{rd}f},"
                  f" max {max(ratios):.{rd}f} over {len(ratios)} lengths")
    helpers = sorted({f for (f, i, _) in data if i == "module"} - {"siphash", "hsiphash"})
    rows = ours_vs_kernel(data, helpers)
    if rows:
        print("helpers, ours/kernel: " + ", ".join(
            f"{fn} {r:.{rd}f}" for fn, _, _, _, r in rows))
    seed = [("siphash", "module", "SipHash-2-4"), ("siphash13", "siphash13", "SipHash-1-3"),
            ("halfsiphash13", "hsiphash13", "HalfSipHash-1-3"), ("jhash", "kernel", "jhash")]
    lens = [n for n in (8, 16, 32, 64) if all((f, i, n) in data for f, i, _ in seed)]
    if lens:
        print("the seed's comparison set, " + " : ".join(name for _, _, name in seed)
              + ", relative to SipHash-2-4 (its figure in brackets): " + "; ".join(
                  f"{n} B ({fig(data[('siphash', 'module', n)])}) " + " : ".join(
                      f"{data[(f, i, n)] / data[('siphash', 'module', n)]:.2f}"
                      for f, i, _ in seed)
                  for n in lens))
    others = [(f, i, n) for (f, i, n) in data
              if f in ("sha1_transform", "empty_loop") or f.startswith("get_random")]
    if others:
        print("others: " + ", ".join(f"{f}/{i} {fig(data[(f, i, n)])}"
                                     for f, i, n in sorted(others)))
    print_keyed_hash(data, accel)
    print_siphash_state(data)
    # Demo modules: the same function before (md5, sha1) and after (siphash);
    # the lengths differ (an MD5 block is 64 bytes), so pair by function.
    for f in sorted({f for (f, i, _) in data if i == "siphash"}):
        new = [c for (ff, i, _), c in data.items() if ff == f and i == "siphash"]
        for old in ("md5", "sha1"):
            before = [c for (ff, i, _), c in data.items() if ff == f and i == old]
            if before and new:
                print(f"{f}: {old} {fig(before[0])}, siphash {fig(new[0])},"
                      f" speedup {before[0] / new[0]:.{rd - 1}f}x")


# Length 0 on the log-scale x axis: drawn at this x, labelled "0".
ZERO_X = 0.5


def plot(rows, data, arch, accel, out: Path):
    # Every series its own colour and mark (open marks for the kernel's
    # code): on x86_64, hsiphash is SipHash-1-3 and their curves overlap.
    series = [("siphash", "module", "SipHash-2-4 (this module)", "#0050c8", 7),
              ("siphash", "kernel", "SipHash-2-4 (kernel lib/siphash.c)", "#00a0ff", 6),
              ("hsiphash", "module", "hsiphash (this module)", "#d00000", 5),
              ("hsiphash", "kernel", "hsiphash (kernel)", "#ff8c00", 4),
              ("siphash13", "siphash13", "SipHash-1-3", "#208020", 9),
              ("halfsiphash13", "hsiphash13", "HalfSipHash-1-3", "#9030b0", 13),
              ("jhash", "kernel", "jhash (kernel)", "#000000", 11)]
    blocks, plots, xs, ys = [], [], [], []
    for fn, impl, title, colour, mark in series:
        pts = sorted((n, c) for (f, i, n), c in data.items() if f == fn and i == impl)
        if pts:
            blocks.append("\n".join(f"{n if n else ZERO_X} {c}" for n, c in pts))
            plots.append(f"'-' with linespoints title '{title}' lc rgb '{colour}'"
                         f" pt {mark} ps 1.3 lw 2")
            xs += [n if n else ZERO_X for n, _ in pts]
            ys += [c for _, c in pts]
    if not blocks:
        return False
    tics = sorted({x for x in xs if x == ZERO_X} | {2 ** k for k in range(0, 11)
                                                     if min(xs) <= 2 ** k <= max(xs)})
    what = ("instruction counts (QEMU -icount)" if accel == "icount"
            else f"{accel.upper()} timing, host time: compare ratios only")
    script = [
        "set terminal png size 1000,650",
        f"set output '{out}'",
        f"set title noenhanced '{arch}, {what}: cost per call against input length'",
        "set xlabel 'input length (bytes, log scale; length 0 drawn at 0.5)'",
        f"set ylabel noenhanced 'median {unit(accel, arch)} per call (log scale)'",
        "set logscale xy", "set key top left noenhanced", "set grid",
        f"set xrange [{min(xs) / 1.3}:{max(xs) * 1.3}]",
        f"set yrange [{min(ys) / 1.3}:{max(ys) * 1.3}]",
        "set xtics (" + ", ".join(f"'{0 if x == ZERO_X else int(x)}' {x}" for x in tics) + ")",
        "plot " + ", ".join(plots),
    ]
    text = "\n".join(script) + "\n" + "\ne\n".join(blocks) + "\ne\n"
    proc = subprocess.run(["gnuplot"], input=text, text=True, capture_output=True, check=False)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        return False
    return True


def compare(a: Path, b: Path, tolerance=0.001):
    """Every figure of run A within TOLERANCE of run B's: (ok, text)."""
    def figures(path):
        if not path.exists():
            return {}
        with path.open() as f:
            return {(r["function"], r["impl"], r["len"], col): float(r[col])
                    for r in csv.DictReader(f)
                    for col in ("cycles_median", "cycles_min")}
    fa, fb = figures(a), figures(b)
    if not fa or set(fa) != set(fb):
        return False, f"the two runs measured different things ({len(fa)} and {len(fb)} figures)"
    worst, where = 0.0, None
    for key, x in fa.items():
        y = fb[key]
        dev = abs(x - y) / max(abs(x), abs(y), 1e-9)
        if dev > worst:
            worst, where = dev, key
    return worst <= tolerance, (f"{len(fa)} figures, largest difference {worst * 100:.4f}%"
                                + (f" ({'/'.join(where)})" if where else ""))


def summary(root: Path, targets) -> int:
    """ours/kernel per target from the icount rows, and one bar chart."""
    lines, blocks = [], []
    print(f"{'target':<16} {'siphash median':>14} {'max':>6} {'hsiphash median':>15} {'max':>6}"
          f" {'helpers max':>11}")
    for t in targets:
        path = root / t / "icount" / "bench.csv"
        if not path.exists():
            continue
        _, data, _ = load(path)
        cols = []
        for fn in ("siphash", "hsiphash"):
            r = [x for _, _, _, _, x in ours_vs_kernel(data, [fn])]
            cols += [statistics.median(r), max(r)] if r else [float("nan")] * 2
        helpers = sorted({f for (f, i, _) in data if i == "module"} - {"siphash", "hsiphash"})
        h = [x for _, _, _, _, x in ours_vs_kernel(data, helpers)]
        cols.append(max(h) if h else float("nan"))
        print(f"{t:<16} {cols[0]:>14.3f} {cols[1]:>6.3f} {cols[2]:>15.3f} {cols[3]:>6.3f} {cols[4]:>11.3f}")
        lines.append(f"{t} {cols[0]} {cols[1]} {cols[2]} {cols[3]}")
    if not lines:
        print("no icount rows")
        return 1
    out = root / "bench-summary.png"
    data_block = "\n".join(lines) + "\ne\n"
    script = "\n".join([
        "set terminal png size 1100,600", f"set output '{out}'",
        "set title 'This module against the kernel lib/siphash.c, guest instructions"
        " per call (QEMU -icount): ours/kernel over all lengths'",
        "set style data histogram", "set style histogram cluster gap 1",
        "set style fill solid 0.8 border -1", "set yrange [0.8:1.2]", "set grid ytics",
        "set ylabel 'ours / kernel (1.0 = the same instructions)'", "set xtics rotate by -30 noenhanced",
        "set key top left noenhanced",
        "plot '-' using 2:xtic(1) title 'siphash median', '-' using 3 title 'siphash max',"
        " '-' using 4 title 'hsiphash median', '-' using 5 title 'hsiphash max'",
    ]) + "\n" + data_block * 4
    proc = subprocess.run(["gnuplot"], input=script, text=True, capture_output=True, check=False)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        return 1
    print(f"plot: {out.name}")
    return 0


# The seed series' figures ("[PATCH v3 net-next 2/4]" and "3/4", and the
# review of 4/4): cycle totals of one loop on real x86 CPUs (2016).
SEED_ALGOS = {64: (4049181, 2512884, 3429920, 978267),
              32: (14812892, 9510710, 3856157, 1148567)}
SEED_SECURE_SEQ = {64: {"tcp_v4_isn": 92890502 / 67485526, "tcp_v6_isn": 99563527 / 67825362},
                   32: {"tcp_v4_isn": 94732544 / 86015473, "tcp_v6_isn": 103227892 / 96299384}}
SEED_SYNCOOKIE = 12 / 1.9   # share of CPU under a SYN flood, SHA-1 / SipHash


GATE_WORST = 1.02
GATE_MEDIAN = 1.00


def gate(path: Path):
    """The icount gate of one bench.csv: (ok, one line naming the worst)."""
    if not Path(path).exists():
        return False, f"{path}: no benchmark figures"
    _, data, (arch, accel) = load(Path(path))
    if accel != "icount":
        return False, f"{path}: accel={accel}, not icount: no instruction counts to gate"
    functions = sorted({f for (f, i, _) in data if i == "module"})
    rows = ours_vs_kernel(data, functions)
    if not rows:
        return False, f"{path}: no ours/kernel figures"
    fn, n, m, k, worst = max(rows, key=lambda r: r[4])
    median = statistics.median(r[4] for r in rows)
    # Compared as printed, to three decimals: on MIPS a figure is a tick of
    # two instructions and its icount boot lets idle time pass in real
    # time (sleep=on), which moved mipsel's median from 1.000 to 1.00007
    # between two runs of the same code.
    ok = round(worst, 3) <= GATE_WORST and round(median, 3) <= GATE_MEDIAN
    return ok, (f"{arch}: ours/kernel worst {worst:.3f} ({fn} len {n}: {m:.0f} vs {k:.0f}"
                f" {unit(accel, arch)}), median {median:.3f} over {len(rows)} figures"
                f" (limits {GATE_WORST:.2f}, {GATE_MEDIAN:.2f})")


def doctor(src, dst, kind, factor):
    """A negative control of the gate: SRC with one ours/kernel ratio made
    FACTOR (kind worst), or every one (kind median)."""
    with open(src) as f:
        rows = list(csv.DictReader(f))
    kernel = {(r["function"], r["len"]): float(r["cycles_median"])
              for r in rows if r["impl"] == "kernel"}
    changed = 0
    for r in rows:
        k = kernel.get((r["function"], r["len"]))
        if r["impl"] == "module" and k and (kind == "median" or not changed):
            r["cycles_median"] = f"{k * factor:.2f}"
            changed += 1
    Path(dst).parent.mkdir(parents=True, exist_ok=True)
    with open(dst, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def seed(root: Path, targets) -> int:
    """The seed's comparisons from the icount rows of every target."""
    algos = [("siphash", "module", "SipHash-2-4"), ("siphash13", "siphash13", "SipHash-1-3"),
             ("halfsiphash13", "hsiphash13", "HalfSipHash-1-3"), ("jhash", "kernel", "jhash")]
    print("SipHash-2-4 : SipHash-1-3 : HalfSipHash-1-3 : jhash, guest instructions per"
          " call under icount, each relative to SipHash-2-4 (= 1.00):\n")
    print("| target | bits | 8 B | 16 B | 32 B | 64 B | the seed (cycles, x86, 2016) |")
    print("|---|---|---|---|---|---|---|")
    demo_rows = []
    for t in targets:
        path = root / t / "icount" / "bench.csv"
        if not path.exists():
            continue
        _, data, _ = load(path)
        bits = tables.get(t).bits
        cells = []
        for n in (8, 16, 32, 64):
            if all((f, i, n) in data for f, i, _ in algos):
                base = data[("siphash", "module", n)]
                cells.append(" : ".join(f"{data[(f, i, n)] / base:.2f}" for f, i, _ in algos))
            else:
                cells.append("-")
        s = SEED_ALGOS[bits]
        print(f"| {t} | {bits} | " + " | ".join(cells) + " | "
              + " : ".join(f"{x / s[0]:.2f}" for x in s) + " |")
        for f in sorted({f for (f, i, _) in data if i == "siphash"}):
            new = [c for (ff, i, _), c in data.items() if ff == f and i == "siphash"]
            for old in ("md5", "sha1"):
                before = [c for (ff, i, _), c in data.items() if ff == f and i == old]
                if before and new:
                    ref = SEED_SECURE_SEQ[bits].get(f) if old == "md5" else SEED_SYNCOOKIE
                    demo_rows.append((t, f, old, before[0] / new[0], ref))
    print_seed_hmac(root, targets)
    if demo_rows:
        print("\nThe demos: the code SipHash replaced against SipHash, guest instructions"
              " per call under icount, next to the seed's ratio where it gave one:\n")
        print("| target | function | before | before/SipHash | the seed |")
        print("|---|---|---|---|---|")
        for t, f, old, r, ref in demo_rows:
            print(f"| {t} | {f} | {old.upper()} | {r:.2f}x | "
                  + (f"{ref:.2f}x" if ref else "-") + " |")
    return 0


def print_seed_hmac(root: Path, targets):
    """The third mail's comparison where the kernel has the HMAC calls."""
    lines = []
    for t in targets:
        path = root / t / "icount" / "bench.csv"
        if not path.exists():
            continue
        _, data, _ = load(path)
        rows, prep = keyed_hash(data)
        for n, r in rows:
            sip = r.get("siphash")
            cells = []
            for h in HMACS:
                p, raw = r.get(h), r.get(h + "_usingrawkey")
                cells += ([f"{p:.0f}", f"{raw:.0f}", f"{saved(p, raw):.0f}%", f"{p / sip:.1f}"]
                          if p and raw and sip else ["-"] * 4)
            lines.append(f"| {t} | {n} | {sip:.0f} | " + " | ".join(cells) + " | "
                         + f"{saved(MAIL_HMAC_PREPARED, MAIL_HMAC_RAW):.0f}% |")
        if prep:
            lines.append(f"| {t} | key | - | " + " | ".join(
                f"{prep[h]:.0f} (preparekey) | - | - | -" if h in prep else "- | - | - | -"
                for h in HMACS) + " | - |")
    if not lines:
        return
    print("\nThe third mail (\"[PATCH net-next 3/3] ipv6: sr: Prepare HMAC key ahead of"
          " time\"): HMAC with the key prepared once against the raw key"
          " (hmac_*_usingrawkey()), beside the kernel's siphash(), guest instructions per"
          " call under icount, on the targets whose kernel has the calls; \"saved\" is"
          " 1 - prepared/raw. The mail: seg6_hmac_compute() with HMAC-SHA256,"
          f" ~{MAIL_HMAC_RAW} -> ~{MAIL_HMAC_PREPARED} cycles on x86_64, 28% saved.\n")
    print("| target | bytes | siphash | hmac_sha256 | _usingrawkey | saved | /siphash"
          " | hmac_sha1 | _usingrawkey | saved | /siphash | the mail, saved |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(lines))


def main() -> int:
    if len(sys.argv) >= 3 and sys.argv[1] == "seed":
        return seed(Path(sys.argv[2]), sys.argv[3:])
    if len(sys.argv) >= 3 and sys.argv[1] == "summary":
        return summary(Path(sys.argv[2]), sys.argv[3:])
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    return report(Path(sys.argv[1]))


def report(results: Path) -> int:
    """One boot's tables, and its bench.png."""
    rows, data, (arch, accel) = load(results / "bench.csv")
    if not rows:
        print("no benchmark rows in bench.csv")
        return 0
    print_tables(data, arch, accel)
    png = results / "bench.png"
    if not plot(rows, data, arch, accel, png):
        print("error: gnuplot failed to write bench.png", file=sys.stderr)
        return 1
    print(f"plot: {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
