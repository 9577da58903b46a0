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

The verdict records of make check (one per check) are scripts/records.py's.
"""
import json
import sys
from pathlib import Path

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


def main(argv):
    cmds = {"line": (cmd_line, 1), "live": (cmd_live, 1), "expect": (cmd_expect, 2)}
    if len(argv) < 2 or argv[1] not in cmds or len(argv) - 2 < cmds[argv[1]][1]:
        sys.stderr.write(__doc__)
        return 2
    return cmds[argv[1]][0](*argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
