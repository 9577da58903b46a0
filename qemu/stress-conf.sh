#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stress-conf.sh MODULE-DIR "MODULES" "EXTRA-KOS" - print the "stress" lines
# of a reliability run's harness.conf (qemu/run.sh STRESS=1; qemu/stress.sh
# does the work). Everything about a parameter comes from the module itself,
# its modinfo parmtype (modparam.h): "uint MIN..MAX", "ulong", "enum A|B",
# "ksym NAME", "hexkey BYTES" (a secret):
#   - "detectors" first: the checks of the kernel command line are on;
#   - "kmemleak clear" next and "kmemleak scan" after the cycles (the
#     guest does them where the kernel has kmemleak);
#   - "deps" for every module that depends on another (siphash.ko, a demo);
#   - "cycle" of CYCLES (default 20) load/unload cycles for every module,
#     and "leakcontrol" with test_siphash inject=leak where it has that;
#   - "limits" (LIMITS=1; run.sh sets it for the slowest target): every
#     module once with every uint parameter at its maximum and once at its
#     minimum;
#   - "badparam" for every parameter: a malformed and an overflowing value,
#     MIN-1 and MAX+1 of a range, a leading zero, a wrong symbol address,
#     each followed by a valid load;
#   - "secret" for every secret parameter: a near-key (one character not
#     hex), a too long and a too short one; the values, and the valid keys
#     the cycles load with, go to $SECRET_VALUES (a file outside the
#     results) so that the verdict can prove none of them reached a log.
# Modules load with $CYCLE_ARGS_<module> in all of these, by default every
# uint parameter at its minimum (the quickest load a module allows), never
# with their ARGS_<module>. STRESS_CHECKS
# selects kinds (default: all); EXTRA_BADPARAMS="module:param=value ..." adds
# values that must be refused (the negative control uses one that is not).
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

[ $# -eq 3 ] || die "usage: $0 MODULE-DIR MODULES EXTRA-KOS"
DIR=$1
MODULES=$2
EXTRA=$3
CYCLES=${CYCLES:-20}
LIMITS=${LIMITS:-0}
SECRET_VALUES=${SECRET_VALUES:-/dev/null}
STRESS_CHECKS=${STRESS_CHECKS:-detectors kmemleak deps cycle leakcontrol limits badparam secret}
EXTRA_BADPARAMS=${EXTRA_BADPARAMS:-}
case "$CYCLES" in
'' | *[!0-9]*) die "CYCLES must be a whole number" ;;
esac

ORDER="siphash $MODULES"
for ko in $EXTRA; do
	ORDER="$ORDER $(basename "$ko" .ko)"
done

# hex N: N random hexadecimal digits.
hex() {
	od -An -tx1 -N "$(( ($1 + 1) / 2 ))" /dev/urandom | tr -d ' \n' | cut -c1-"$1"
}

# parmtypes MOD: "name type..." lines of every parameter of the module;
# the type is "unknown" for a parameter without a parmtype.
parmtypes() {
	local types p
	types=$(modinfo -F parmtype "$DIR/$1.ko" | sed 's/:/ /')
	for p in $(module_params "$DIR/$1.ko"); do
		echo "$types" | grep -m1 "^$p " || echo "$p unknown"
	done
}

# cycle_args MOD: CYCLE_ARGS_<mod>, by default every uint parameter at its
# minimum, plus a fresh valid key for every secret parameter (recorded in
# SECRET_VALUES).
cycle_args() {
	local var=CYCLE_ARGS_${1//-/_} p t n k
	[ -z "${!var+set}" ] || printf '%s' "${!var}"
	while read -r p t n; do
		case "$t" in
		uint) [ -n "${!var+set}" ] || printf ' %s=%s' "$p" "${n%..*}" ;;
		hexkey)
			k=$(hex $((2 * n)))
			echo "$k" >>"$SECRET_VALUES"
			printf ' %s=%s' "$p" "$k"
			;;
		esac
	done < <(parmtypes "$1")
}

# want KIND: is KIND among STRESS_CHECKS?
want() {
	case " $STRESS_CHECKS " in *" $1 "*) return 0 ;; esac
	return 1
}

echo "# kind command arguments (qemu/stress.sh)"
! want detectors || echo "stress detectors"
! want kmemleak || echo "stress kmemleak clear"
for m in $ORDER; do
	want deps || break
	d=$(modinfo -F depends "$DIR/$m.ko")
	[ -z "$d" ] || echo "stress deps $m $d $(cycle_args "$m")"
done
for m in $ORDER; do
	want cycle || break
	echo "stress cycle $CYCLES $m $(cycle_args "$m")"
done
# Before the leak control, which leaks on purpose.
! want kmemleak || echo "stress kmemleak scan"
if want leakcontrol && [ -e "$DIR/test_siphash.ko" ] &&
   parmtypes test_siphash | grep -qE '^inject enum .*\bleak\b'; then
	echo "stress leakcontrol $CYCLES test_siphash inject=leak $(cycle_args test_siphash)"
fi

for m in $ORDER; do
	max="" min=""
	while read -r p t range; do
		[ "$t" = uint ] || continue
		max="$max $p=${range#*..}"
		min="$min $p=${range%..*}"
	done < <(parmtypes "$m")
	if [ -n "$max" ] && [ "$LIMITS" != 0 ] && want limits; then
		echo "stress limits $m$max"
		echo "stress limits $m$min"
	fi
done

for m in $ORDER; do
	args=$(cycle_args "$m")
	bad=""
	while read -r p t rest; do
		case "$t" in
		hexkey)
			want secret || continue
			n=$((2 * rest))
			for v in "$(hex $((n - 1)))z" "$(hex $((n + 2)))" "$(hex $((n - 2)))"; do
				echo "$v" >>"$SECRET_VALUES"
				echo "stress secret $m $p=$v $args"
			done
			continue
			;;
		uint)
			lo=${rest%..*}
			hi=${rest#*..}
			# 0$hi: integers are decimal, no leading zero
			vals="bogus 99999999999999999999 $((hi + 1)) 0$hi"
			[ "$lo" -eq 0 ] || vals="$vals $((lo - 1))"
			;;
		ksym) vals="bogus 1" ;;
		enum) vals="no-such-value" ;;
		charp | string) continue ;;
		ulong) vals="bogus 99999999999999999999 01" ;;
		*) vals="bogus 99999999999999999999" ;;
		esac
		for v in $vals; do
			bad="$bad $p=$v"
		done
	done < <(parmtypes "$m")
	for spec in $EXTRA_BADPARAMS; do
		[ "${spec%%:*}" = "$m" ] && bad="$bad ${spec#*:}"
	done
	# shellcheck disable=SC2086
	[ -z "$bad" ] || ! want badparam || echo "stress badparam $m $(echo $bad | wc -w)$bad $args"
done
exit 0
