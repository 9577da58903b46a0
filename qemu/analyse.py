#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Judge one QEMU boot of the harness from its two serial logs.

Writes the verdict as data, RESULTS/verdict.json:

    {"target": "x86_64-6.1", "run": "boot", "accel": "tcg",
     "kernel_release": "6.1.0-57-amd64", "wall_seconds": 21, "cpu_seconds": 30,
     "passed": 61, "failed": 0, "skipped": 1,
     "modules": {"test_siphash": {"passed": 30, "failed": 0, "skipped": 0}},
     "cases": [{"module": "test_siphash", "name": "vectors", "status": "PASS"}],
     "live": {"passed": 14, "failed": 0, "skipped": 0},
     "failures": [{"code": "ktap-not-ok", "evidence": "..."}], ...}

Each failure is a reason code plus the line that proves it; checks and
negative controls compare codes, never messages. The codes:

    timeout, qemu-exit       QEMU did not power off in time / failed
    no-pass-marker           no "HARNESS: PASS" on the success channel
    no-taint-report, taint   the taint report is missing / has a bit other
                             than O (out-of-tree), E (unsigned), N (test)
    ktap-missing, ktap-plan  a module printed no KTAP / plan and results
                             disagree
    ktap-not-ok, kunit-parse a KTAP case failed / kunit.py could not parse
    not-loaded               a module was never tried: an earlier one failed
    mips-unaligned           the MIPS emulated-unaligned counter moved
    unknown-param            the kernel ignored a parameter the module does
                             not have ("unknown parameter 'X' ignored")
    <bad-log codes>          a kernel log line of qemu/bad-log.patterns
    <guest codes>            "HARNESS: FAIL <code> ..." lines of /init and
                             stress.sh (modprobe-failed, not-live, leak,
                             secret-in-log, badparam-accepted, ...)

KTAP is parsed by the kernel's own kunit.py (tools/testing/kunit), one
module at a time. With --load, one line per module of the plan, in load
order: loaded or not (and the error), its KTAP counts, unknown parameters
(verdict.json "loads"). Also writes RESULTS/ktap.txt (the KTAP of every
module, prefixes removed), RESULTS/bench.csv (every "# bench:" line, see
bench.h), RESULTS/kernel.log (every kernel message of the boot at every
level, which the guest forwards as "KLOG " lines of the status channel)
and RESULTS/verdict.txt (what is printed).

No 8 characters of a secret value (--secrets) may appear in console.log,
the status channel or kernel.log: the reliability runs, the only ones that
pass valid keys, mute the console below warnings, and kernel.log is what
sees a key a module prints with pr_info() or pr_debug() there.
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import targets  # noqa: E402  (targets.tsv)

# include/linux/panic.h, TAINT_* bits 0..18, in order.
TAINT_LETTERS = "PFSRMBUDAWCIOELKXTN"
ALLOWED_TAINT = sum(1 << TAINT_LETTERS.index(c) for c in "OEN")
BENCH_RE = re.compile(r"^# bench: function=(\S+) impl=(\S+) len=(\d+) "
                      r"median=([\d.]+) min=([\d.]+) calls=(\d+)$")
CSV_HEADER = "arch,accel,function,impl,len,cycles_median,cycles_min,calls"
LINE_RE = re.compile(r"^(\[\s*\d+\.\d+\] )([A-Za-z0-9_]+): (.*)$")
FAIL_RE = re.compile(r"^HARNESS: FAIL (\S+) ?(.*)$")
# kernel/module/main.c, unknown_module_param_cb().
UNKNOWN_PARAM_RE = re.compile(r"([A-Za-z0-9_]+): unknown parameter '([^']*)' ignored$")


def read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace").replace("\r", "")
    except FileNotFoundError:
        return ""


def bad_log_patterns(path: Path):
    """(code, compiled regex) pairs of qemu/bad-log.patterns."""
    out = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        code, regex = line.split(None, 1)
        out.append((code, re.compile(regex.strip())))
    return out


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


def check_plan(texts):
    """Our own plan check, in addition to kunit.py's: None or the problem."""
    start = texts.index("KTAP version 1")
    plan = next((t for t in texts[start:] if re.fullmatch(r"1\.\.\d+", t)), None)
    if plan is None:
        return "no KTAP plan"
    planned = int(plan[3:])
    results = [t for t in texts[start:] if re.match(r"(not )?ok \d+ ", t)]
    if len(results) != planned:
        return f"plan 1..{planned} but {len(results)} results"
    return None


def run_kunit(kunit: Path, module: str, raw_lines):
    """kunit.py parse over one module's lines: (counts, report, parsed)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / f"{module}.log"
        out = Path(tmp) / f"{module}.json"
        src.write_text("\n".join(raw_lines) + "\n")
        proc = subprocess.run(
            [sys.executable, str(kunit), "parse", f"--json={out}", str(src)],
            capture_output=True, text=True, check=False)
        report = "".join(l for l in proc.stdout.splitlines(True)
                         if "Test results stored in" not in l)
        report += proc.stderr if proc.stderr.strip() else ""
        counts = {"passed": 0, "failed": 0, "skipped": 0}
        failed_cases, cases = [], []
        try:
            doc = json.loads(out.read_text())
        except (OSError, ValueError):
            return counts, report, [], [], False

        def walk(group):
            for case in group.get("test_cases", []):
                status = case.get("status")
                cases.append({"module": module, "name": case.get("name", "?"),
                              "status": status})
                if status == "PASS":
                    counts["passed"] += 1
                elif status == "SKIP":
                    counts["skipped"] += 1
                else:
                    counts["failed"] += 1
                    failed_cases.append(case.get("name", "?"))
            for sub in group.get("sub_groups", []):
                walk(sub)
        walk(doc)
        return counts, report, failed_cases, cases, proc.returncode == 0


class Verdict:
    def __init__(self, args):
        self.data = {
            "target": args.target, "run": args.run, "accel": args.accel,
            "kernel_release": None, "wall_seconds": args.wall,
            "cpu_seconds": args.cpu,
            "passed": 0, "failed": 0, "skipped": 0,
            "modules": {}, "cases": [], "checks": [], "skips": [], "failures": [],
            "live": {"passed": 0, "failed": 0, "skipped": 0},
        }
        self.lines = []

    def fail(self, code, evidence):
        self.data["failures"].append({"code": code, "evidence": evidence.strip()})

    def say(self, text, shown=True):
        """A line of verdict.txt, and of the output unless not SHOWN."""
        self.lines.append((text, shown))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", required=True)
    ap.add_argument("--run", required=True, help="boot, stress or icount")
    ap.add_argument("--accel", required=True)
    ap.add_argument("--qemu-rc", type=int, required=True)
    ap.add_argument("--timeout", type=int, required=True)
    ap.add_argument("--wall", type=int, default=0)
    ap.add_argument("--cpu", type=int, default=0,
                    help="CPU seconds QEMU used (user + system)")
    ap.add_argument("--results", type=Path, required=True)
    ap.add_argument("--patterns", type=Path, required=True)
    ap.add_argument("--kunit", type=Path, required=True)
    ap.add_argument("--secrets", type=Path,
                    help="values of secret parameters, one a line: none of "
                         "their 8-character runs may appear in any log")
    ap.add_argument("--ktap", action="append", default=[],
                    help="a module that must report KTAP (repeatable)")
    ap.add_argument("--load", action="append", default=[],
                    help="a module the plan loads, in load order (repeatable): "
                         "reported one line each")
    args = ap.parse_args()

    v = Verdict(args)
    console = read(args.results / "console.log")
    channel = [l for l in read(args.results / "status.log").splitlines() if l]
    status = [l for l in channel if not l.startswith("KLOG ")]
    kernel_log = [l[len("KLOG "):] for l in channel if l.startswith("KLOG ")]
    (args.results / "kernel.log").write_text("".join(l + "\n" for l in kernel_log))
    v.data["kernel_log_lines"] = len(kernel_log)

    if args.qemu_rc in (124, 137):
        v.fail("timeout", f"no power-off within {args.timeout}s")
    elif args.qemu_rc != 0:
        v.fail("qemu-exit", f"qemu exited with status {args.qemu_rc}")

    tried, failed_load, details = set(), set(), []
    load_error = {}
    mips = {}
    for line in status:
        m = re.match(r"HARNESS: BOOT (\S+)", line)
        if m:
            v.data["kernel_release"] = m.group(1)
        m = re.match(r"HARNESS: (?:LOADED|FAIL (?:modprobe-failed|not-live)) (\S+?):?( |$)", line)
        if m:
            tried.add(m.group(1))
        m = re.match(r"HARNESS: TIME ([\d.]+) (.*?) *$", line)
        if m:
            v.data.setdefault("check_seconds", []).append(
                {"check": m.group(2), "seconds": float(m.group(1))})
        m = re.match(r"HARNESS: MIPS-UNALIGNED (before|after) (\d+)$", line)
        if m:
            mips[m.group(1)] = int(m.group(2))
        m = FAIL_RE.match(line)
        if m:
            code, rest = m.groups()
            v.fail(code, rest)
            if code in ("modprobe-failed", "not-live"):
                mod = rest.split(":", 1)[0]
                failed_load.add(mod)
                load_error[mod] = rest.split(":", 1)[1].strip() if ":" in rest else code
                # What the module itself said, which names the cause.
                said = [t for _, t in module_lines(console, mod)
                        if not re.match(r"(KTAP version|\d+\.\.|ok |not ok |# )", t)]
                details.extend(f"{mod}: {t}" for t in said[:3])
        elif line.startswith("HARNESS: OK "):
            v.data["checks"].append(line[len("HARNESS: OK "):])
            v.data["passed"] += 1
    if mips:
        v.data["mips_unaligned"] = mips
        if mips.get("before") is None or mips.get("after") != mips["before"]:
            v.fail("mips-unaligned", f"emulated unaligned accesses before {mips.get('before')}, after {mips.get('after')}")
    if "HARNESS: PASS" not in status:
        v.fail("no-pass-marker", "missing success marker 'HARNESS: PASS' on the status channel")

    for code, regex in bad_log_patterns(args.patterns):
        hit = next((l for l in console.splitlines() if regex.search(l)), None)
        if hit:
            v.fail(code, hit)

    # A parameter the module does not have: the kernel loads the module
    # anyway and only says so in its log.
    unknown = {}
    for line in console.splitlines():
        m = UNKNOWN_PARAM_RE.search(line)
        if m:
            unknown.setdefault(m.group(1), []).append(m.group(2))
            v.fail("unknown-param", f"{m.group(1)}: unknown parameter '{m.group(2)}'"
                   " (the kernel ignored it; see modinfo for the module's parameters)")

    # Secrets: no run of 8 characters of any secret value in any log.
    # The evidence names where, never the characters.
    if args.secrets and args.secrets.exists():
        logs = {"console.log": console.splitlines(), "status.log": status,
                "kernel.log": kernel_log}
        for n, value in enumerate(args.secrets.read_text().split(), 1):
            runs = {value[i:i + 8] for i in range(max(len(value) - 7, 0))}
            hit = next(((name, no) for name, lines in logs.items()
                        for no, line in enumerate(lines, 1)
                        if any(r in line for r in runs)), None)
            if hit:
                v.fail("secret-in-log", f"8 or more characters of secret value {n} "
                       f"in {hit[0]} line {hit[1]}")

    taint = next((re.match(r"HARNESS: TAINT (\d+)$", l) for l in status
                  if l.startswith("HARNESS: TAINT ")), None)
    if taint:
        value = int(taint.group(1))
        v.data["taint"] = value
        bad = value & ~ALLOWED_TAINT
        if bad:
            letters = "".join(c for i, c in enumerate(TAINT_LETTERS) if bad >> i & 1)
            v.fail("taint", f"kernel tainted {value} (bad flags: {letters or bad})")
    elif "HARNESS: PASS" in status:
        v.fail("no-taint-report", "no taint report on the status channel")

    # KTAP: the required modules, and any other module that printed KTAP.
    modules = list(args.ktap)
    for line in console.splitlines():
        m = LINE_RE.match(line)
        if m and m.group(3) == "KTAP version 1" and m.group(2) not in modules:
            modules.append(m.group(2))
    skipped = [m for m in modules if m not in tried and m in args.ktap]
    if skipped and failed_load:
        v.fail("not-loaded", "an earlier module failed: " + " ".join(skipped))
        modules = [m for m in modules if m not in skipped]
    ktap_out = []
    for mod in modules:
        lines = list(module_lines(console, mod))
        texts = [t for _, t in lines]
        if "KTAP version 1" not in texts:
            if mod not in failed_load:
                v.fail("ktap-missing", f"{mod}: no 'KTAP version 1' line")
            continue
        problem = check_plan(texts)
        if problem:
            v.fail("ktap-plan", f"{mod}: {problem}")
        ktap_out.extend(texts[texts.index("KTAP version 1"):])
        counts, report, failed_cases, cases, parsed = run_kunit(args.kunit, mod, [r for r, _ in lines])
        v.data["cases"].extend(cases)
        # Case by case only where something failed; always in verdict.txt.
        shown = bool(counts["failed"] or problem or not parsed)
        v.say(f"--- KTAP of {mod}, parsed by kunit.py ---", shown)
        v.say(report.rstrip("\n"), shown)
        v.data["modules"][mod] = counts
        for key in ("passed", "failed", "skipped"):
            v.data[key] += counts[key]
        # The live_ cases (the demos against the running kernel), counted
        # apart so that every verdict shows how many ran.
        for t in texts:
            m = re.match(r"(not )?ok \d+ live_\S+( # SKIP)?", t)
            if m:
                key = "failed" if m.group(1) else "skipped" if m.group(2) else "passed"
                v.data["live"][key] += 1
        for t in texts:
            m = re.match(r"ok \d+ (\S+) # SKIP ?(.*)$", t)
            if m:
                v.data["skips"].append({"module": mod, "case": m.group(1),
                                        "reason": m.group(2)})
        for name in failed_cases:
            line = next((t for t in texts if re.match(rf"not ok \d+ {re.escape(name)}\b", t)), name)
            v.fail("ktap-not-ok", f"{mod}: {line}")
        if not parsed and not counts["failed"] and not problem:
            v.fail("kunit-parse", f"{mod}: kunit.py parse reported an error")
    (args.results / "ktap.txt").write_text("\n".join(ktap_out) + "\n")

    # Benchmarks: the "# bench:" diagnostic lines of every module.
    arch = targets.row(args.target)["arch"]
    rows = [CSV_HEADER]
    for text in ktap_out:
        m = BENCH_RE.match(text)
        if m:
            rows.append(",".join((arch, args.accel) + m.groups()))
    (args.results / "bench.csv").write_text("\n".join(rows) + "\n")

    # A failed KTAP case counts once, as a failure; every other reason
    # counts as one failure of its own.
    extra = [f for f in v.data["failures"] if f["code"] != "ktap-not-ok"]
    v.data["failed"] += len(extra)
    v.say(f"--- {args.target} {args.run} ({args.accel}): evidence in {args.results}"
          " (verdict.txt: every KTAP case) ---")
    loads = []
    for mod in args.load:
        entry = {"module": mod, "loaded": mod in tried and mod not in failed_load,
                 "tried": mod in tried, "error": load_error.get(mod),
                 "ktap": v.data["modules"].get(mod),
                 "unknown_params": unknown.get(mod, [])}
        loads.append(entry)
        if entry["loaded"]:
            text = "loaded"
        elif entry["tried"]:
            text = f"NOT loaded: {entry['error']}"
        else:
            text = "not tried (an earlier load failed)" if failed_load else "not loaded"
        k = entry["ktap"]
        if k:
            text += f", KTAP {k['passed']} passed, {k['failed']} failed, {k['skipped']} skipped"
        elif entry["loaded"]:
            # Its load is all a module without KTAP proves: one result.
            text += " (no KTAP: counts as 1 passed)"
            v.data["passed"] += 1
        for p in entry["unknown_params"]:
            text += f", unknown parameter '{p}' ignored"
        v.say(f"module {mod:<18} {text}")
        # A module of one's own that reports no KTAP: what it said.
        if entry["loaded"] and not k:
            said = [t for _, t in module_lines(console, mod)
                    if not re.search(r"taints kernel\.$|^module verification failed", t)]
            for t in said[:3]:
                v.say(f"  console: {mod}: {t}")
    if args.load:
        v.data["loads"] = loads
    for check in v.data["checks"]:
        v.say(f"ok: {check}")
    for f in v.data["failures"]:
        v.say(f"FAIL [{f['code']}] {f['evidence']}")
    for d in details:
        v.say(f"  console: {d}")
    for sk in v.data["skips"]:
        v.say(f"skipped: {sk['module']} {sk['case']}: {sk['reason']}")
    live = v.data["live"]
    if any(live.values()):
        v.say(f"live_ cases: {live['passed']} ok, {live['skipped']} skipped, {live['failed']} not ok")
    (args.results / "verdict.json").write_text(json.dumps(v.data, indent=1) + "\n")
    (args.results / "verdict.txt").write_text("\n".join(t for t, _ in v.lines) + "\n")
    sys.stdout.write("".join(t + "\n" for t, shown in v.lines if shown))
    return 0 if v.data["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
