#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh O R - run build O's bench natively and under callgrind, write
# R/bench.csv and print ours/libsodium ratios. Targets (printed, never
# asserted: timings are not tests): ratio <= 1 at every length, long input
# within 1.5x of 1.1 cycles/byte. Fails only if a row is missing.
set -uo pipefail
O=$1
R=$2
CALLS=2000
cg=$O/callgrind
rm -rf "$cg"
mkdir -p "$cg" "$R"

"$O/bench" >"$cg/cycles.csv" 2>/dev/null || exit 1
valgrind --tool=callgrind --callgrind-out-file="$cg/callgrind.out" \
	--collect-atstart=no --toggle-collect=sipmod___siphash_unaligned \
	--toggle-collect=crypto_shorthash_siphash24 \
	"$O/bench" callgrind $CALLS >"$cg/valgrind.log" 2>&1 || exit 1

# "impl len instructions-per-call" from each dump of the callgrind run.
for f in "$cg"/callgrind.out.*; do
	awk -v calls=$CALLS '
		/^desc: Trigger: Client Request: / {
			split($0, a, "impl=|len=| "); impl = $5; len = $6 }
		/^(summary|totals):/ { ir = $2 }
		END { sub("impl=", "", impl); sub("len=", "", len)
		      printf "%s %s %.1f\n", impl, len, ir / calls }' "$f"
done >"$cg/instructions"

{
	echo "arch,accel,function,impl,len,cycles_median,cycles_min,calls,instructions"
	while IFS=, read -r arch accel fn impl len med min calls; do
		ins=$(awk -v i="$impl" -v l="$len" '$1 == i && $2 == l { print $3 }' \
			"$cg/instructions")
		echo "$arch,$accel,$fn,$impl,$len,$med,$min,$calls,$ins"
	done <"$cg/cycles.csv"
} >"$R/bench.csv"

echo "bench (rdtsc: TSC ticks, not core cycles; ratio = module / libsodium):"
awk -F, 'NR > 1 { med[$4, $5] = $6; ins[$4, $5] = $9; lens[$5] = 1 }
	END {
		printf "  %6s %10s %10s %7s %9s %9s %7s\n", "len", "module", "libsodium",
		       "ratio", "ins-mod", "ins-sod", "ratio"
		n = split("8 16 32 64 256 1024 4096 65536", L, " ")
		for (j = 1; j <= n; j++) {
			l = L[j]
			printf "  %6d %10.2f %10.2f %7.3f %9s %9s %7.3f\n", l,
			       med["module", l], med["libsodium", l],
			       med["module", l] / med["libsodium", l],
			       ins["module", l], ins["libsodium", l],
			       ins["module", l] / ins["libsodium", l]
		}
		printf "  long input (65536 B): module %.3f, libsodium %.3f cycles/byte (target <= %.2f)\n",
		       med["module", 65536] / 65536, med["libsodium", 65536] / 65536, 1.1 * 1.5
	}' "$R/bench.csv"

rows=$(grep -c ',native,' "$R/bench.csv")
[ "$rows" -eq 16 ] && ! grep -qE ',$' "$R/bench.csv"
