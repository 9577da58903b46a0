# SPDX-License-Identifier: GPL-2.0
"""Judge one boot from its two serial logs: verdict.json (counts, KTAP cases,
harness checks, loads, each failure as a reason code with the line that
proves it; docs/harness.md lists the codes). Success needs positive
evidence, "HARNESS: PASS" on the status channel. KTAP is read by the
kernel's own kunit.py parser. Also written: ktap.txt, bench.csv,
kernel.log (the "KLOG " lines) and verdict.txt."""
import io
import re
import sys
from pathlib import Path

import util

TAINT_LETTERS = "PFSRMBUDAWCIOELKXTN"       # include/linux/panic.h, bits 0..18
ALLOWED_TAINT = sum(1 << TAINT_LETTERS.index(c) for c in "OEN")
BENCH_RE = re.compile(r"^# bench: function=(\S+) impl=(\S+) len=(\d+) "
                      r"median=([\d.]+) min=([\d.]+) calls=(\d+)$")
CSV_HEADER = "arch,accel,function,impl,len,cycles_median,cycles_min,calls"
LINE_RE = re.compile(r"^(\[\s*\d+\.\d+\] )([A-Za-z0-9_]+): (.*)$")
UNKNOWN_PARAM_RE = re.compile(r"([A-Za-z0-9_]+): unknown parameter '([^']*)' ignored$")
PATTERNS = [(code, re.compile(rx.strip())) for code, rx in (
    line.split(None, 1) for line in (Path(__file__).parent / "bad-log.patterns")
    .read_text().splitlines() if line.strip() and not line.startswith("#"))]


def kunit(kunit_dir):
    """The kernel's KTAP parser, imported from its tools/testing/kunit."""
    if str(kunit_dir) not in sys.path:
        sys.path.insert(0, str(kunit_dir))
    import kunit_parser
    import kunit_printer
    return kunit_parser, kunit_printer


def module_lines(console, module):
    """The console lines MODULE printed (raw, text): its first KTAP document
    only (busybox's modprobe runs a failing init twice)."""
    seen = 0
    for line in console:
        m = LINE_RE.match(line)
        if m and m.group(2) == module:
            if m.group(3) == "KTAP version 1":
                seen += 1
                if seen > 1:
                    return
            yield line, m.group(3)


def plan_problem(texts):
    texts = texts[texts.index("KTAP version 1"):]
    plan = next((t for t in texts if re.fullmatch(r"1\.\.\d+", t)), None)
    results = [t for t in texts if re.match(r"(not )?ok \d+ ", t)]
    if plan is None:
        return "no KTAP plan"
    return f"plan {plan} but {len(results)} results" if len(results) != int(plan[3:]) else None


def parse_ktap(kunit_dir, module, raw):
    """kunit.py's reading of one module's KTAP: (cases, report, parse_error)."""
    parser, printer = kunit(kunit_dir)
    buf = io.StringIO()
    printer.stdout._output = buf
    test = parser.parse_run_tests(raw)
    cases = []

    def walk(group):
        for sub in group.subtests:
            if sub.subtests:
                walk(sub)
            else:
                status = {"SUCCESS": "PASS", "SKIPPED": "SKIP"}.get(sub.status.name, "FAIL")
                cases.append({"module": module, "name": sub.name, "status": status})
    walk(test)
    error = test.counts.errors > 0 or test.status.name == "FAILURE_TO_PARSE_TESTS"
    return cases, buf.getvalue(), error


def read(path):
    try:
        return path.read_bytes().decode("utf-8", "replace").replace("\r", "")
    except FileNotFoundError:
        return ""


def judge(boot, rc, accel, wall, cpu):
    """The verdict of BOOT (boot.Boot) whose QEMU exited RC."""
    res, t = boot.results, boot.t
    console = read(res / "console.log").splitlines()
    channel = [line for line in read(res / "status.log").splitlines() if line]
    status = [line for line in channel if not line.startswith("KLOG ")]
    klog = [line[5:] for line in channel if line.startswith("KLOG ")]
    (res / "kernel.log").write_text("".join(line + "\n" for line in klog))
    v = {"target": t.name, "run": boot.mode, "accel": accel, "kernel_release": None,
         "wall_seconds": wall, "cpu_seconds": cpu, "passed": 0, "failed": 0, "skipped": 0,
         "modules": {}, "cases": [], "checks": [], "skips": [], "failures": [],
         "live": {"passed": 0, "failed": 0, "skipped": 0}, "kernel_log_lines": len(klog)}
    say = []

    def fail(code, evidence):
        v["failures"].append({"code": code, "evidence": evidence.strip()})

    if rc == "timeout":
        fail("timeout", f"no power-off within {boot.timeout} s")
    elif rc:
        fail("qemu-exit", f"qemu exited with status {rc}: "
             + " ".join(read(res / "qemu.log").splitlines()[-2:]))
    tried, failed_load, load_error, details, mips = set(), set(), {}, [], {}
    for line in status:
        if m := re.match(r"HARNESS: BOOT (\S+)", line):
            v["kernel_release"] = m.group(1)
        if m := re.match(r"HARNESS: (?:LOADED|FAIL (?:modprobe-failed|not-live)) (\S+?):?( |$)",
                         line):
            tried.add(m.group(1))
        if m := re.match(r"HARNESS: TIME ([\d.]+) (.*?) *$", line):
            v.setdefault("check_seconds", []).append({"check": m.group(2),
                                                      "seconds": float(m.group(1))})
        if m := re.match(r"HARNESS: MIPS-UNALIGNED (before|after) (\d+)$", line):
            mips[m.group(1)] = int(m.group(2))
        if m := re.match(r"HARNESS: FAIL (\S+) ?(.*)$", line):
            code, rest = m.groups()
            fail(code, rest)
            if code in ("modprobe-failed", "not-live"):
                mod, _, why = rest.partition(":")
                failed_load.add(mod)
                load_error[mod] = why.strip() or code
                said = [x for _, x in module_lines(console, mod)
                        if not re.match(r"(KTAP version|\d+\.\.|ok |not ok |# )", x)]
                details += [f"{mod}: {x}" for x in said[:3]]
        elif line.startswith("HARNESS: OK "):
            v["checks"].append(line[12:])
            v["passed"] += 1
    if mips:
        v["mips_unaligned"] = mips
        if mips.get("before") is None or mips.get("after") != mips["before"]:
            fail("mips-unaligned", f"emulated unaligned accesses before {mips.get('before')}, "
                 f"after {mips.get('after')}")
    if "HARNESS: PASS" not in status:
        fail("no-pass-marker", "missing success marker 'HARNESS: PASS' on the status channel")
    for code, rx in PATTERNS:
        hit = next((line for line in console if rx.search(line)), None)
        if hit:
            fail(code, hit)
    unknown = {}
    for line in console:
        if m := UNKNOWN_PARAM_RE.search(line):
            unknown.setdefault(m.group(1), []).append(m.group(2))
            fail("unknown-param", f"{m.group(1)}: unknown parameter '{m.group(2)}' (the kernel "
                 "ignored it; see modinfo for the module's parameters)")
    logs = {"console.log": console, "status.log": status, "kernel.log": klog}
    for n, value in enumerate(boot.secrets, 1):
        runs = {value[i:i + 8] for i in range(max(len(value) - 7, 0))}
        hit = next(((name, no) for name, lines in logs.items()
                    for no, line in enumerate(lines, 1) if any(r in line for r in runs)), None)
        if hit:
            fail("secret-in-log", f"8 or more characters of secret value {n} in {hit[0]} "
                 f"line {hit[1]}")
    taint = next((m for x in status if (m := re.match(r"HARNESS: TAINT (\d+)$", x))), None)
    if taint:
        v["taint"] = value = int(taint.group(1))
        bad = value & ~ALLOWED_TAINT
        if bad:
            letters = "".join(c for i, c in enumerate(TAINT_LETTERS) if bad >> i & 1)
            fail("taint", f"kernel tainted {value} (bad flags: {letters or bad})")
    elif "HARNESS: PASS" in status:
        fail("no-taint-report", "no taint report on the status channel")

    want = boot.ktap() if boot.mode != "stress" else []
    modules = list(want)
    for line in console:
        m = LINE_RE.match(line)
        if m and m.group(3) == "KTAP version 1" and m.group(2) not in modules:
            modules.append(m.group(2))
    skipped = [m for m in modules if m not in tried and m in want]
    if skipped and failed_load:
        fail("not-loaded", "an earlier module failed: " + " ".join(skipped))
        modules = [m for m in modules if m not in skipped]
    ktap_out = []
    for mod in modules:
        lines = list(module_lines(console, mod))
        texts = [x for _, x in lines]
        if "KTAP version 1" not in texts:
            if mod not in failed_load:
                fail("ktap-missing", f"{mod}: no 'KTAP version 1' line")
            continue
        problem = plan_problem(texts)
        if problem:
            fail("ktap-plan", f"{mod}: {problem}")
        ktap_out += texts[texts.index("KTAP version 1"):]
        cases, report, error = parse_ktap(boot.kunit, mod, [r for r, _ in lines])
        counts = {k: sum(c["status"] == s for c in cases)
                  for k, s in (("passed", "PASS"), ("failed", "FAIL"), ("skipped", "SKIP"))}
        v["cases"] += cases
        shown = bool(counts["failed"] or problem or error)
        say += [(f"--- KTAP of {mod}, parsed by kunit.py ---", shown), (report.rstrip(), shown)]
        v["modules"][mod] = counts
        for key in counts:
            v[key] += counts[key]
        for x in texts:
            if m := re.match(r"(not )?ok \d+ live_\S+( # SKIP)?", x):
                v["live"]["failed" if m.group(1) else "skipped" if m.group(2) else "passed"] += 1
            if m := re.match(r"ok \d+ (\S+) # SKIP ?(.*)$", x):
                v["skips"].append({"module": mod, "case": m.group(1), "reason": m.group(2)})
        for c in cases:
            if c["status"] == "FAIL":
                line = next((x for x in texts if re.match(rf"not ok \d+ {re.escape(c['name'])}\b",
                                                          x)), c["name"])
                fail("ktap-not-ok", f"{mod}: {line}")
        if error and not counts["failed"] and not problem:
            fail("kunit-parse", f"{mod}: kunit.py could not parse its KTAP")
    (res / "ktap.txt").write_text("\n".join(ktap_out) + "\n")
    rows = [CSV_HEADER] + [",".join((t.arch, accel) + m.groups()) for x in ktap_out
                           if (m := BENCH_RE.match(x))]
    (res / "bench.csv").write_text("\n".join(rows) + "\n")

    v["failed"] += len([f for f in v["failures"] if f["code"] != "ktap-not-ok"])
    say.append((f"--- {t.name} {boot.mode} ({accel}): evidence in {res} "
                "(verdict.txt: every KTAP case) ---", True))
    if boot.mode != "stress":
        v["loads"] = []
        for mod in boot.order():
            e = {"module": mod, "loaded": mod in tried and mod not in failed_load,
                 "tried": mod in tried, "error": load_error.get(mod),
                 "ktap": v["modules"].get(mod), "unknown_params": unknown.get(mod, [])}
            v["loads"].append(e)
            text = ("loaded" if e["loaded"] else f"NOT loaded: {e['error']}" if e["tried"]
                    else "not tried (an earlier load failed)" if failed_load else "not loaded")
            if e["ktap"]:
                k = e["ktap"]
                text += f", KTAP {k['passed']} passed, {k['failed']} failed, {k['skipped']} skipped"
            elif e["loaded"]:
                text += " (no KTAP: counts as 1 passed)"
                v["passed"] += 1
            text += "".join(f", unknown parameter '{p}' ignored" for p in e["unknown_params"])
            say.append((f"module {mod:<18} {text}", True))
            if e["loaded"] and not e["ktap"] and mod != "siphash":
                said = [x for _, x in module_lines(console, mod)
                        if not re.search(r"taints kernel\.$|^module verification failed", x)]
                say += [(f"  console: {mod}: {x}", True) for x in said[:3]]
    say += [(f"ok: {c}", True) for c in v["checks"]]
    say += [(f"FAIL [{f['code']}] {f['evidence']}", True) for f in v["failures"]]
    say += [(f"  console: {d}", True) for d in details]
    say += [(f"skipped: {s['module']} {s['case']}: {s['reason']}", True) for s in v["skips"]]
    if any(v["live"].values()):
        lv = v["live"]
        say.append((f"live_ cases: {lv['passed']} ok, {lv['skipped']} skipped, "
                    f"{lv['failed']} not ok", True))
    say.append((f"{v['passed']} passed, {v['failed']} failed", True))
    util.write_json(res / "verdict.json", v)
    (res / "verdict.txt").write_text("\n".join(x for x, _ in say) + "\n")
    v["text"] = "\n".join(x for x, shown in say if shown)
    return v
