#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Read the harness's verdicts as data (qemu/analyse.py writes verdict.json).

  verdict.py line VERDICT.json        print "N passed, M failed"
  verdict.py live VERDICT.json [MIN]  print the live_ cases' counts (the
                                      demos against the running kernel);
                                      exit 1 if fewer than MIN passed or
                                      any failed
  verdict.py expect VERDICT.json CODE [CODE...]
                                      exit 0 if the run failed and one of its
                                      failures has one of the reason codes
                                      (a negative control caught for the
                                      right reason); print that failure
  verdict.py cell CELL.json KEY VALUE set one field of a target's cell
  verdict.py matrix RESULTS-DIR TARGET...
                                      write RESULTS-DIR/matrix.csv and
                                      matrix.md from every target's cell.json
                                      and boot verdict; exit 1 if any cell
                                      failed
"""
import json
import sys
from datetime import datetime, timezone
from pathlib import Path

MATRIX_HEADER = "arch,series,kernel_release,build,boot_passed,boot_failed,reliability,dkms"


def load(path):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None


def cmd_line(path):
    v = load(path)
    if v is None:
        print(f"0 passed, 1 failed (no verdict in {path})")
        return 1
    print(f"{v['passed']} passed, {v['failed']} failed")
    return 0 if v["failed"] == 0 else 1


def cmd_live(path, minimum="0"):
    v = load(path)
    live = (v or {}).get("live") or {"passed": 0, "failed": 0, "skipped": 0}
    print(f"live_ cases: {live['passed']} ok, {live['skipped']} skipped, {live['failed']} not ok")
    return 0 if live["passed"] >= int(minimum) and not live["failed"] else 1


def cmd_expect(path, *codes):
    v = load(path)
    if v is None:
        print(f"no verdict in {path}")
        return 1
    hits = [f for f in v["failures"] if f["code"] in codes]
    if v["failed"] and hits:
        print(f"[{hits[0]['code']}] {hits[0]['evidence']}")
        return 0
    got = ", ".join(sorted({f["code"] for f in v["failures"]})) or "none"
    print(f"expected a failure with code {' or '.join(codes)}; failed={v['failed']}, codes: {got}")
    return 1


def cmd_cell(path, key, value):
    cell = load(path) or {}
    cell[key] = value
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(cell, indent=1) + "\n")
    return 0


def cmd_matrix(results, *targets):
    results = Path(results)
    rows, bad = [MATRIX_HEADER], 0
    table = ["| arch | series | kernel release | build | boot passed | boot failed | reliability | dkms |",
             "|---|---|---|---|---|---|---|---|"]
    for target in targets:
        arch, series = target.split("-", 1)
        cell = load(results / target / "cell.json") or {}
        boot = load(results / target / "boot" / "verdict.json") or {}
        release = cell.get("kernel_release") or boot.get("kernel_release") or "?"
        row = [arch, series, release, cell.get("build", "fail"),
               str(boot.get("passed", 0)), str(boot.get("failed", 1) if boot else 1),
               cell.get("reliability", "fail"), cell.get("dkms", "fail")]
        if (row[3] != "ok" or row[5] != "0" or row[6] != "ok"
                or row[7] not in ("ok", "n/a")):
            bad += 1
        rows.append(",".join(row))
        table.append("| " + " | ".join(row) + " |")
    (results / "matrix.csv").write_text("\n".join(rows) + "\n")
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    (results / "matrix.md").write_text(
        f"Support matrix of the last `make check` ({stamp}):\n\n" + "\n".join(table) + "\n")
    print("\n".join(rows))
    return 1 if bad else 0


def main(argv):
    cmds = {"line": (cmd_line, 1), "live": (cmd_live, 1), "expect": (cmd_expect, 2),
            "cell": (cmd_cell, 3), "matrix": (cmd_matrix, 1)}
    if len(argv) < 2 or argv[1] not in cmds or len(argv) - 2 < cmds[argv[1]][1]:
        sys.stderr.write(__doc__)
        return 2
    return cmds[argv[1]][0](*argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
