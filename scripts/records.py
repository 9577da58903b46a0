# SPDX-License-Identifier: GPL-2.0
"""Verdict records: one JSON object per check, the only thing the merge reads
(docs/harness.md, "Records"). Each unit (a cell, host, package) is one
process that writes build/results/UNIT/records.jsonl, ended by a "done"
record. The merge fails on a failed record and on a unit of the plan that
is missing, crashed (no "done") or seen twice (duplicate)."""
import json
import os
import time
from pathlib import Path

import tables
import util
from package import SUITES
from util import RESULTS

MATRIX_HEADER = ("arch,series,kernel_release,compiler,accel,build,boot_passed,boot_failed,"
                 "reliability,dkms")


class Records:
    """One unit's records, appended as they happen, each printed too."""

    def __init__(self, unit, results=RESULTS):
        self.unit = unit
        self.dir = Path(results) / unit
        self.dir.mkdir(parents=True, exist_ok=True)
        self.path = self.dir / "records.jsonl"
        self.path.write_text("")
        self.passed = self.failed = 0
        self.t0 = time.monotonic()

    def add(self, check, ok, evidence="", reason=""):
        result = "skip" if ok is None else "pass" if ok else "fail"
        r = {"target": self.unit, "check": check, "result": result,
             "reason": reason if result != "pass" else "", "evidence": str(evidence),
             "at": round(time.monotonic() - self.t0, 1)}
        with open(self.path, "a") as f:
            f.write(json.dumps(r) + "\n")
        self.passed += result == "pass"
        self.failed += result == "fail"
        word = {"pass": "ok", "fail": "FAILED", "skip": "skipped"}[result]
        print(f"{word}: {r['target']}: {check}: {evidence}"
              + (f" [{reason}]" if reason and result == "fail" else ""), flush=True)
        return ok

    def boot(self, run, v):
        """One record per KTAP case, load and harness check of verdict V."""
        skips = {(s["module"], s["case"]): s["reason"] for s in v.get("skips", [])}
        out = []
        for c in v.get("cases", []):
            res = {"PASS": "pass", "SKIP": "skip"}.get(c["status"], "fail")
            out.append((f"{run}/{c['module']}/{c['name']}", res,
                        "ktap-not-ok" if res == "fail" else skips.get((c["module"], c["name"]), "")))
        for ld in v.get("loads", []):
            if ld["loaded"] and not ld["ktap"]:
                out.append((f"{run}/load/{ld['module']}", "pass", "loaded, no KTAP"))
        for c in v.get("checks", []):
            out.append((f"{run}/harness/{c.split(':', 1)[0].split()[0].lower()}", "pass", c))
        for f in v.get("failures", []):
            if f["code"] != "ktap-not-ok":
                out.append((f"{run}/harness/{f['code']}", "fail", f["code"], f["evidence"]))
        seen = {}
        with open(self.path, "a") as fh:
            for check, res, reason, *ev in out:
                n = seen[check] = seen.get(check, 0) + 1
                fh.write(json.dumps({"target": self.unit, "check": check + (f"#{n}" if n > 1 else ""),
                                     "result": res, "reason": reason if res != "pass" else "",
                                     "evidence": ev[0] if ev else reason}) + "\n")

    def done(self):
        self.add("done", True, f"{self.passed} passed, {self.failed} failed")


def load(root):
    return {p: [json.loads(x) for x in p.read_text().splitlines() if x.strip()]
            for p in sorted(Path(root).rglob("records.jsonl"))}


def merge(root, units, targets):
    """The records under ROOT judged against UNITS, the plan: (records with
    the merge's own, exit status)."""
    files = load(root)
    recs, problems, owner = [], [], {}
    for path, rs in files.items():
        unit = path.parent.name.removeprefix("records-")
        for r in rs:
            key = (r["target"], r["check"])
            if key in owner:
                problems.append(("duplicate", f"{key[0]} {key[1]}: in {owner[key]} and {path}"))
                continue
            owner[key] = path
            recs.append(r)
        if not any(r["check"] == "done" for r in rs):
            problems.append(("crashed", f"{unit}: its records ({path}) end without 'done': "
                             "it stopped before its last check"))
    have = {r["target"] for r in recs}
    problems += [("missing", f"{u}: no records at all") for u in units if u not in have]
    for code, ev in problems:
        recs.append({"target": "merge", "check": f"merge/{code}", "result": "fail",
                     "reason": code, "evidence": ev})
    csv, md, bad = [MATRIX_HEADER], [], 0
    for t in targets:
        mine = [r for r in recs if r["target"] == t.name]

        def step(check, absent="fail"):
            hits = [r["result"] for r in mine if r["check"] == check]
            return absent if not hits else "ok" if all(h != "fail" for h in hits) else "fail"
        boot = [r for r in mine if r["check"].startswith("boot/")]
        release = next((r["evidence"].split()[1].rstrip(",") for r in mine if r["check"] == "fetch"
                        and r["result"] == "pass"), "?")
        accel = next((r["evidence"].split("under ")[1].split()[0] for r in mine
                      if r["check"] == "boot" and "under " in r["evidence"]), "?")
        cc = next((r["evidence"].split("gcc ", 1)[1] for r in mine if r["check"] == "compiler"
                   and r["result"] == "pass"), "?")
        row = [t.arch, t.series, release, cc, accel, step("build"),
               str(sum(r["result"] == "pass" for r in boot)),
               str(sum(r["result"] == "fail" for r in boot) + (step("boot") != "ok")),
               step("reliability"), step("dkms") if t.dkms == "yes" and not t.kconfig else "n/a"]
        if any(r["check"] == "fetch" and r["result"] == "skip" for r in mine):
            # The mirror serves no file of the row's kernel: never a pass.
            row[5:] = ["skip", "0", "0", "skip", "skip"]
        else:
            bad += row[5] != "ok" or row[7] != "0" or row[8] != "ok" \
                or row[9] not in ("ok", "n/a")
        csv.append(",".join(row))
        md.append("| " + " | ".join(row) + " |")
    out = Path(root)
    (out / "checks.json").write_text(json.dumps(recs, indent=1) + "\n")
    (out / "matrix.csv").write_text("\n".join(csv) + "\n")
    head = "| " + " | ".join(MATRIX_HEADER.replace("_", " ").split(",")) + " |\n"
    (out / "matrix.md").write_text(head + "|---" * len(csv[0].split(",")) + "|\n"
                                   + "\n".join(md) + "\n")
    failed = [r for r in recs if r["result"] == "fail"]
    passed = sum(r["result"] == "pass" for r in recs)
    lines = [f"failed: {r['target']} {r['check']}"
             + (f" [{r['reason']}]" if r["reason"] else "") + f": {r['evidence'][:300]}"
             for r in failed]
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a") as f:
            f.write("## The matrix\n\n" + (out / "matrix.md").read_text() + "\n"
                    + "".join(f"- {x}\n" for x in lines[:50])
                    + f"\n{passed} passed, {len(failed)} failed\n")
    print("\n".join(csv))
    print("\n".join(lines))
    print(f"records: {len(recs)} in {out / 'checks.json'}, "
          f"{sum(r['result'] == 'skip' for r in recs)} skipped")
    print(f"{passed} passed, {len(failed)} failed")
    return recs, 1 if failed or bad else 0


def units(selected, targets=None):
    """The units of a run of SELECTED: host, the package (it boots on the
    reference row; with MATRIX=all in the newer suites' roots too), each
    cell."""
    ref = tables.role("reference", targets)
    wide = ref in selected and os.environ.get("MATRIX") == "all"
    return ["host"] + (["package"] if ref in selected else []) + [
        f"package-{s}" for s in SUITES if wide and s != util.HOST_SUITE] + [t.name for t in selected]

