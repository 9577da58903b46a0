#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Verdict records: one JSON object per check, the only thing summaries read.

A record (one line of RESULTS/checks.jsonl while make check runs, and the
array RESULTS/checks.json when it ends):

    {"target": "x86_64-6.1",     a row of targets.tsv, or "host"
     "check": "boot",            what was checked: a step of a cell (fetch,
                                 build, consumer, boot, live, icount,
                                 reliability, dkms, modinfo), RUN/MODULE/CASE
                                 for a KTAP case of a boot, RUN/harness/...
                                 for a check of the harness inside a boot,
                                 negative/NAME for a negative control, or a
                                 sentence for a one-off check
     "result": "pass",           pass, fail or skip
     "reason": "",               for a failure, its reason code where it
                                 has one (timeout, ktap-not-ok, ...); for a
                                 skip, why
     "evidence": "..."}          what proves it: the line, the log, a figure

  records.py add --target T --check C --result R [--reason X] [--evidence E]
                      append one record (RECORDS names the file)
  records.py boot TARGET RUN VERDICT.json
                      append one record per KTAP case and per harness
                      check or failure of one boot (qemu/analyse.py's
                      verdict)
  records.py summary  write checks.json, print the failures and the last
                      line "N passed, M failed" (the records whose result
                      is pass and fail); exit 1 if any failed
  records.py matrix TARGET...
                      write matrix.csv and matrix.md from the records;
                      exit 1 if a cell did not pass
"""
import argparse
import json
import os
import sys
from pathlib import Path

MATRIX_HEADER = "arch,series,kernel_release,build,boot_passed,boot_failed,reliability,dkms"
sys.path.insert(0, str(Path(__file__).resolve().parent))
import targets  # noqa: E402


def records_file():
    path = os.environ.get("RECORDS")
    if not path:
        sys.exit("records.py: RECORDS is not set")
    return Path(path)


def append(recs):
    """Append records, each line in one write: cells append in parallel."""
    path = records_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as f:
        for r in recs:
            f.write(json.dumps(r) + "\n")
            f.flush()


def record(target, check, result, reason="", evidence=""):
    assert result in ("pass", "fail", "skip"), result
    return {"target": target, "check": check, "result": result,
            "reason": reason, "evidence": evidence}


def load():
    path = records_file()
    try:
        lines = path.read_text().splitlines()
    except FileNotFoundError:
        return []
    return [json.loads(line) for line in lines if line.strip()]


def cmd_boot(target, run, verdict_path):
    try:
        v = json.loads(Path(verdict_path).read_text())
    except (OSError, ValueError):
        append([record(target, f"{run}/harness/verdict", "fail", "no-verdict",
                       f"no verdict in {verdict_path}")])
        return 0
    recs = []
    skips = {(s["module"], s["case"]): s["reason"] for s in v.get("skips", [])}
    for c in v.get("cases", []):
        result = {"PASS": "pass", "SKIP": "skip"}.get(c["status"], "fail")
        reason = "ktap-not-ok" if result == "fail" else skips.get((c["module"], c["name"]), "")
        recs.append(record(target, f"{run}/{c['module']}/{c['name']}", result, reason))
    for load in v.get("loads", []):
        if load["loaded"] and not load["ktap"]:
            # A module without KTAP: its load is its one result.
            recs.append(record(target, f"{run}/load/{load['module']}", "pass", "",
                               "loaded, no KTAP"))
    for check in v.get("checks", []):
        recs.append(record(target, f"{run}/harness/{check.split(':', 1)[0].split()[0].lower()}",
                           "pass", "", check))
    for f in v.get("failures", []):
        if f["code"] == "ktap-not-ok":
            continue        # the case's own record is the failure
        recs.append(record(target, f"{run}/harness/{f['code']}", "fail", f["code"],
                           f["evidence"]))
    append(recs)
    return 0


def cmd_summary():
    recs = load()
    out = records_file().with_suffix(".json")
    out.write_text(json.dumps(recs, indent=1) + "\n")
    failed = [r for r in recs if r["result"] == "fail"]
    passed = sum(r["result"] == "pass" for r in recs)
    skipped = sum(r["result"] == "skip" for r in recs)
    print()
    for r in failed:
        reason = f" [{r['reason']}]" if r["reason"] else ""
        print(f"failed: {r['target']} {r['check']}{reason}: {r['evidence']}")
    print(f"records: {len(recs)} in {out.name}, {skipped} skipped")
    print(f"{passed} passed, {len(failed)} failed")
    return 1 if failed else 0


def cmd_matrix(*names):
    recs = load()
    rows_t = targets.load()
    csv, bad = [MATRIX_HEADER], 0
    table = ["| arch | series | kernel release | build | boot passed | boot failed | reliability | dkms |",
             "|---|---|---|---|---|---|---|---|"]
    for name in names:
        t = targets.row(name, rows_t)
        mine = [r for r in recs if r["target"] == name]

        def step(check, absent="fail"):
            hits = [r["result"] for r in mine if r["check"] == check]
            if not hits:
                return absent
            return "ok" if all(h == "pass" for h in hits) else "fail"
        release = next((r["evidence"] for r in mine
                        if r["check"] == "fetch" and r["result"] == "pass"), "?")
        boot = [r for r in mine if r["check"].startswith("boot/")]
        boot_ok = step("boot")
        passed = sum(r["result"] == "pass" for r in boot)
        failed = sum(r["result"] == "fail" for r in boot) + (boot_ok != "ok")
        row = [t["arch"], t["series"], release, step("build"), str(passed), str(failed),
               step("reliability"), step("dkms") if t["dkms"] == "yes" else "n/a"]
        if row[3] != "ok" or row[5] != "0" or row[6] != "ok" or row[7] not in ("ok", "n/a"):
            bad += 1
        csv.append(",".join(row))
        table.append("| " + " | ".join(row) + " |")
    path = records_file().parent
    (path / "matrix.csv").write_text("\n".join(csv) + "\n")
    (path / "matrix.md").write_text("\n".join(table) + "\n")
    print("\n".join(csv))
    return 1 if bad else 0


def main(argv):
    ap = argparse.ArgumentParser(usage=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add")
    p.add_argument("--target", required=True)
    p.add_argument("--check", required=True)
    p.add_argument("--result", required=True, choices=("pass", "fail", "skip"))
    p.add_argument("--reason", default="")
    p.add_argument("--evidence", default="")
    p = sub.add_parser("boot")
    p.add_argument("target")
    p.add_argument("run")
    p.add_argument("verdict")
    sub.add_parser("summary")
    p = sub.add_parser("matrix")
    p.add_argument("targets", nargs="+")
    args = ap.parse_args(argv)
    if args.cmd == "add":
        append([record(args.target, args.check, args.result, args.reason, args.evidence)])
        return 0
    if args.cmd == "boot":
        return cmd_boot(args.target, args.run, args.verdict)
    if args.cmd == "summary":
        return cmd_summary()
    return cmd_matrix(*args.targets)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
