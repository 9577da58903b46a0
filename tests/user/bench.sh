#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh O R - run build O's bench natively BENCH_RUNS times (default 5,
# each a new process: the same code's speed differs from one process to the
# next) and once under callgrind (instructions per call), then let
# bench_table.py write R/bench.csv and print the comparison table (also in
# R/bench.txt); every batch of every run is kept in R/batches.csv.
# Performance targets are printed, never asserted: timings are not tests.
# Fails if the implementations' results differ, a run fails, or a row is
# missing. BENCH_BATCHES (default 101) sets the batches per figure and run.
set -uo pipefail
O=$1
R=$2
BATCHES=${BENCH_BATCHES:-101}
RUNS=${BENCH_RUNS:-5}
CALLS=64
cg=$O/callgrind
rm -rf "$cg"
mkdir -p "$cg" "$R"

for run in $(seq 1 "$RUNS"); do
	"$O/bench" "$BATCHES" "$cg/batches-$run.csv" >/dev/null 2>"$cg/bench.err" || {
		cat "$cg/bench.err" >&2
		exit 1
	}
done
awk -F, 'FNR == 1 { run++; if (run == 1) print "run," $0; next }
	{ print run "," $0 }' "$cg"/batches-*.csv >"$R/batches.csv"

# Instructions of the hash functions alone (every implementation's names
# contain "siphash"; the timed loops' do not), per dump of one case.
valgrind --tool=callgrind --callgrind-out-file="$cg/callgrind.out" \
	--collect-atstart=no '--toggle-collect=*siphash*' \
	"$O/bench" callgrind $CALLS >"$cg/valgrind.log" 2>&1 || {
	tail -5 "$cg/valgrind.log" >&2
	exit 1
}
for f in "$cg"/callgrind.out.*; do
	awk -v calls=$CALLS '
		sub(/^desc: Trigger: Client Request: /, "") { what = $0 }
		/^(summary|totals):/ { ir = $2 }
		END { print what, ir / calls }' "$f"
done | sed 's/[a-z]*=//g' >"$cg/instructions"

python3 "$(dirname "$0")/bench_table.py" "$R/batches.csv" "$cg/instructions" \
	"$R/bench.csv" | tee "$R/bench.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1

# One row per (function, len, implementation), each with its instructions.
rows=$(grep -c ',native,' "$R/bench.csv")
[ "$rows" -eq "$(wc -l <"$cg/instructions")" ] && [ "$rows" -gt 0 ] &&
	! grep -qE ',$' "$R/bench.csv"
