#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""readme-matrix.py README MATRIX.md - put the support matrix of the last
full make check (build/results/matrix.md, made from matrix.csv by
scripts/verdict.py) into README between its two marker lines."""
import sys
from pathlib import Path

BEGIN = "<!-- matrix: begin (make docs writes this part) -->"
END = "<!-- matrix: end -->"


def main(readme, table):
    text = Path(readme).read_text()
    if BEGIN not in text or END not in text:
        sys.exit(f"{readme} has no matrix markers")
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    Path(readme).write_text(head + BEGIN + "\n" + Path(table).read_text() + END + tail)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
