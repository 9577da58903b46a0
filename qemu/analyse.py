#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Judge one QEMU boot of the harness from its two serial logs.

The run fails on: a timeout or an unexpected QEMU exit, a missing success
marker on the status port (ttyS1), a failed modprobe, kernel "BUG:", "Oops",
"WARNING:", "Call Trace" or "Kernel panic" lines, a taint bit other than
O (out-of-tree), E (unsigned) and N (test module), a missing KTAP plan
or a plan count that does not match, and any KTAP result other than ok.
KTAP is parsed by the kernel's own kunit.py (tools/testing/kunit), one
module at a time.

Writes RESULTS/ktap.txt (the KTAP of every module, prefixes removed),
RESULTS/bench.csv (every "# bench:" line of the KTAP, see bench.h) and
prints the kunit.py report, the reasons for a failure, and one last line
"N passed, M failed": the KTAP results of the run and the "HARNESS: OK"
checks of qemu/stress.sh, plus one failure per harness check that failed.
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

# include/linux/panic.h, TAINT_* bits 0..18, in order.
TAINT_LETTERS = "PFSRMBUDAWCIOELKXTN"
# O: out-of-tree, E: unsigned, N: a test module (MODULE_INFO(test, "Y")).
ALLOWED_TAINT = sum(1 << TAINT_LETTERS.index(c) for c in "OEN")
BAD_PATTERNS = ["BUG:", "Oops", "WARNING:", "Call Trace", "Kernel panic"]
BENCH_RE = re.compile(r"^# bench: function=(\S+) impl=(\S+) len=(\d+) "
                      r"median=([\d.]+) min=([\d.]+) calls=(\d+)$")
CSV_HEADER = "arch,accel,function,impl,len,cycles_median,cycles_min,calls"
LINE_RE = re.compile(r"^(\[\s*\d+\.\d+\] )([A-Za-z0-9_]+): (.*)$")


def read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace").replace("\r", "")
    except FileNotFoundError:
        return ""


def module_lines(console: str, module: str):
    """The console lines one module printed: (raw line, text without prefix).

    Only its first KTAP document: busybox modprobe runs a failing init a
    second time (init_module after finit_module), which repeats the KTAP."""
    seen = 0
    for line in console.splitlines():
        m = LINE_RE.match(line)
        if m and m.group(2) == module:
            if m.group(3) == "KTAP version 1":
                seen += 1
                if seen > 1:
                    return
            yield line, m.group(3)


def check_plan(module: str, texts):
    """Our own plan check, in addition to kunit.py's."""
    try:
        start = texts.index("KTAP version 1")
    except ValueError:
        return [f"{module}: no 'KTAP version 1' line"]
    plan = next((t for t in texts[start:] if re.fullmatch(r"1\.\.\d+", t)), None)
    if plan is None:
        return [f"{module}: no KTAP plan"]
    planned = int(plan[3:])
    results = [t for t in texts[start:] if re.match(r"(not )?ok \d+ ", t)]
    if len(results) != planned:
        return [f"{module}: plan 1..{planned} but {len(results)} results"]
    return []


def run_kunit(kunit: Path, module: str, raw_lines):
    """kunit.py parse over one module's lines; returns (passed, failed, ok)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / f"{module}.log"
        out = Path(tmp) / f"{module}.json"
        src.write_text("\n".join(raw_lines) + "\n")
        proc = subprocess.run(
            [sys.executable, str(kunit), "parse", f"--json={out}", str(src)],
            capture_output=True, text=True, check=False)
        print(f"--- KTAP of {module}, parsed by kunit.py ---")
        sys.stdout.write("".join(l for l in proc.stdout.splitlines(True)
                                 if "Test results stored in" not in l))
        if proc.stderr.strip():
            sys.stdout.write(proc.stderr)
        passed = failed = 0
        try:
            doc = json.loads(out.read_text())
        except (OSError, ValueError):
            return 0, 1, False

        def walk(group):
            nonlocal passed, failed
            for case in group.get("test_cases", []):
                if case.get("status") in ("PASS", "SKIP"):
                    passed += 1
                else:
                    failed += 1
            for sub in group.get("sub_groups", []):
                walk(sub)
        walk(doc)
        return passed, failed, proc.returncode == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch", required=True)
    ap.add_argument("--accel", required=True)
    ap.add_argument("--qemu-rc", type=int, required=True)
    ap.add_argument("--timeout", type=int, required=True)
    ap.add_argument("--results", type=Path, required=True)
    ap.add_argument("--kunit", type=Path, required=True)
    ap.add_argument("--ktap", action="append", default=[],
                    help="a module that must report KTAP (repeatable)")
    args = ap.parse_args()

    console = read(args.results / "console.log")
    status = read(args.results / "status.log")
    reasons = []

    if args.qemu_rc in (124, 137):
        reasons.append(f"timeout: no power-off within {args.timeout}s")
    elif args.qemu_rc != 0:
        reasons.append(f"qemu exited with status {args.qemu_rc}")
    checks = 0
    tried, failed_load, details = set(), set(), []
    for line in status.splitlines():
        m = re.match(r"HARNESS: (LOADED|FAIL modprobe) (\S+)", line)
        if m:
            tried.add(m.group(2))
        if line.startswith("HARNESS: FAIL"):
            reasons.append(line[len("HARNESS: FAIL "):])
        if line.startswith("HARNESS: FAIL modprobe"):
            # What the module itself said, which names the cause.
            failed_load.add(m.group(2))
            said = [t for _, t in module_lines(console, m.group(2))
                    if not re.match(r"(KTAP version|\d+\.\.|ok |not ok |# )", t)]
            details.extend(f"{m.group(2)}: {t}" for t in said[:3])
        elif line.startswith("HARNESS: OK "):
            checks += 1  # one passed check of qemu/stress.sh
            print(f"ok: {line[len('HARNESS: OK '):]}")
    if "HARNESS: PASS" not in status.splitlines():
        reasons.append("missing success marker 'HARNESS: PASS' on ttyS1")
    for pat in BAD_PATTERNS:
        hit = next((l for l in console.splitlines() if pat in l), None)
        if hit:
            reasons.append(f"console has '{pat}': {hit.strip()}")
    taint = re.search(r"^HARNESS: TAINT (\d+)$", status, re.M)
    if taint:
        bad = int(taint.group(1)) & ~ALLOWED_TAINT
        if bad:
            letters = "".join(c for i, c in enumerate(TAINT_LETTERS) if bad >> i & 1)
            reasons.append(f"kernel tainted {taint.group(1)} (bad flags: {letters or bad})")
    elif "HARNESS: PASS" in status:
        reasons.append("no taint report on ttyS1")

    # KTAP: the required modules, and any other module that printed KTAP.
    modules = list(args.ktap)
    for line in console.splitlines():
        m = LINE_RE.match(line)
        if m and m.group(3) == "KTAP version 1" and m.group(2) not in modules:
            modules.append(m.group(2))
    passed, failed = checks, 0
    ktap_out = []
    skipped = [m for m in modules if m not in tried and m in args.ktap]
    if skipped and any(l.startswith("HARNESS: FAIL modprobe") for l in status.splitlines()):
        reasons.append("not loaded, an earlier module failed: " + " ".join(skipped))
        modules = [m for m in modules if m not in skipped]
    for mod in modules:
        lines = list(module_lines(console, mod))
        texts = [t for _, t in lines]
        if mod in failed_load and "KTAP version 1" not in texts:
            continue  # refused before its init ran: the modprobe failure says it
        plan_problems = check_plan(mod, texts)
        reasons.extend(plan_problems)
        if "KTAP version 1" not in texts:
            continue
        ktap_out.extend(texts[texts.index("KTAP version 1"):])
        p, f, ok = run_kunit(args.kunit, mod, [raw for raw, _ in lines])
        passed += p
        failed += f
        if not ok and not f and not plan_problems:
            reasons.append(f"{mod}: kunit.py parse reported an error")
    (args.results / "ktap.txt").write_text("\n".join(ktap_out) + "\n")

    # Benchmarks: the "# bench:" diagnostic lines of every module.
    rows = [CSV_HEADER]
    for text in ktap_out:
        m = BENCH_RE.match(text)
        if m:
            rows.append(",".join((args.arch, args.accel) + m.groups()))
    (args.results / "bench.csv").write_text("\n".join(rows) + "\n")

    print(f"--- {args.arch} ({args.accel.upper()}): evidence in {args.results} ---")
    for r in reasons:
        print(f"FAIL: {r}")
    for d in details:
        print(f"  console: {d}")
    failed += len(reasons)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
