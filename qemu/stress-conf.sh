#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stress-conf.sh KBUILD-DIR "MODULES" "EXTRA-KOS" - print the harness.conf
# of a reliability run (qemu/run.sh STRESS=1; qemu/stress.sh does the work):
#   - "deps" for every module that depends on siphash.ko;
#   - "cycle" of CYCLES (default 100) load/unload cycles for every module;
#   - "badparam" for every non-string parameter of every module (names from
#     module_params in scripts/lib.sh), with a
#     malformed and an overflowing value, plus the out-of-range values of
#     $BAD_PARAMS ("module:param=value ..."), each followed by a valid load.
# Modules load with $CYCLE_ARGS_<module> in all of these (the defaults keep
# the test modules quick), never with their ARGS_<module>.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

[ $# -eq 3 ] || die "usage: $0 KBUILD-DIR MODULES EXTRA-KOS"
KBUILD=$1
MODULES=$2
EXTRA=$3
CYCLES=${CYCLES:-100}
: "${CYCLE_ARGS_test_siphash=diff_iters=16 bench_batches=0}"
: "${CYCLE_ARGS_test_siphash_smp=duration_ms=50}"
: "${CYCLE_ARGS_test_secure_seq=bench_calls=10}"
: "${CYCLE_ARGS_test_syncookie=bench_batches=0 forge_tries=1024}"
: "${BAD_PARAMS=test_siphash:diff_iters=0 test_siphash:diff_iters=1000001
test_siphash:bench_batches=102 test_siphash:inject=crash
test_siphash_smp:threads=0 test_siphash_smp:threads=65
test_siphash_smp:duration_ms=0 test_siphash_smp:duration_ms=600001
test_secure_seq:bench_calls=9 test_secure_seq:bench_calls=20001
secure_seq_demo:key=00010203 test_syncookie:bench_batches=102
test_syncookie:forge_tries=1023 syncookie_demo:keys=xyz}"
case "$CYCLES" in
'' | *[!0-9]*) die "CYCLES must be a whole number" ;;
esac

declare -A KO
KO[siphash]=$KBUILD/siphash.ko
for m in $MODULES; do KO[$m]=$KBUILD/$m.ko; done
ORDER="siphash $MODULES"
for ko in $EXTRA; do
	m=$(basename "$ko" .ko)
	KO[$m]=$ko
	ORDER="$ORDER $m"
done

cycle_args() {
	local var=CYCLE_ARGS_${1//-/_}
	echo "${!var:-}"
}

echo "# kind command arguments (qemu/stress.sh)"
for m in $ORDER; do
	modinfo -F depends "${KO[$m]}" | tr ',' '\n' | grep -qx siphash &&
		echo "stress deps $m $(cycle_args "$m")"
done
for m in $ORDER; do
	echo "stress cycle $CYCLES $m $(cycle_args "$m")"
done
for m in $ORDER; do
	for p in $(module_params "${KO[$m]}"); do
		# String parameters take any value; all others must check it.
		modinfo -F parmtype "${KO[$m]}" | grep -qxE "$p:(charp|string)" && continue
		for v in bogus 99999999999999999999999; do
			echo "stress badparam $m $p=$v $(cycle_args "$m")"
		done
	done
done
for spec in $BAD_PARAMS; do
	m=${spec%%:*}
	[ -n "${KO[$m]:-}" ] && echo "stress badparam $m ${spec#*:} $(cycle_args "$m")"
done
exit 0
