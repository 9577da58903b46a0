#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh O R - run build O's bench natively (cycles) and under callgrind
# (instructions per call), write R/bench.csv (per implementation) and
# R/batches.csv (every batch), and print the comparison table of
# bench_table.py (also in R/bench.txt). Performance targets are
# printed, never asserted: timings are not tests. Fails if the
# implementations' results differ, a run fails, or a row is missing.
# BENCH_BATCHES (default 101) sets the batches per figure.
set -uo pipefail
O=$1
R=$2
BATCHES=${BENCH_BATCHES:-101}
CALLS=64
cg=$O/callgrind
rm -rf "$cg"
mkdir -p "$cg" "$R"

"$O/bench" "$BATCHES" "$R/batches.csv" >"$cg/cycles.csv" 2>"$cg/cycles.err" || {
	cat "$cg/cycles.err" >&2
	exit 1
}
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

{
	echo "arch,accel,function,impl,len,cycles_median,cycles_min,calls,instructions"
	awk -F, 'NR == FNR { split($0, a, " "); ins[a[1], a[2], a[3]] = a[4]; next }
		{ print $0 "," ins[$3, $4, $5] }' "$cg/instructions" "$cg/cycles.csv"
} >"$R/bench.csv"

python3 "$(dirname "$0")/bench_table.py" "$R/bench.csv" "$R/batches.csv" |
	tee "$R/bench.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1

# Every (function, len) has module, kernel and kernel_copy rows, siphash
# libsodium ones too; every row has an instruction count.
rows=$(grep -c ',native,' "$R/bench.csv")
[ "$rows" -eq "$(wc -l <"$cg/instructions")" ] && [ "$rows" -gt 0 ] &&
	! grep -qE ',$' "$R/bench.csv"
