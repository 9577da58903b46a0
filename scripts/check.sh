#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh - every test of the project, as `make check` and CI run it:
#   1. for every kernel series: checkpatch --strict and kernel-doc -Werror of
#      that series' own tools; the reference values regenerated; the
#      user-space suite (tests/user);
#   2. every cell of the support matrix (scripts/target-check.sh): W=1 +
#      sparse build, external consumer, boot, icount boot, reliability boot,
#      DKMS, modinfo; then the Debian package, and the negative controls:
#      runs that must fail, each for its reason code; one queue, JOBS at a
#      time;
#   3. build/results/matrix.csv and matrix.md, computed from the records.
# MATRIX=all runs every row of targets.tsv instead of make check's (the
# rows whose matrix column says check); ARCHES="x86_64 ..." and
# KERNELS="6.1 ..." select a subset of those; an issue is resolved only on
# the full run.
# Every check is a verdict record (scripts/records.py) in
# build/results/checks.json: each step of each cell, each KTAP case and
# harness check of every boot, each static gate and negative control. The
# last line "N passed, M failed" counts those records. It writes nothing
# outside build/: `make docs` turns the records into the README's matrix
# and docs/results.md.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$SIPHASH_ROOT"

start=$(date +%s)
TARGETS=$(selected_targets) || exit 1
TARGETS=$(echo $TARGETS)
# The target of the negative controls and the package's boot: the table's
# reference row, whatever ARCHES and KERNELS select.
REF=$(role_target reference)
export RECORDS=$SIPHASH_RESULTS/checks.jsonl
mkdir -p "$SIPHASH_RESULTS"
rm -f "$RECORDS" "$SIPHASH_RESULTS/checks.json"
TARGET=host
JOBS=${JOBS:-2}
case "$JOBS" in '' | *[!0-9]* | 0) die "JOBS must be a positive whole number" ;; esac
# The module sources and the headers of expected values they include (not
# tests/vectors/le.h, which only the host programs there use).
SOURCES=$(ls ./*.c ./*.h tests/vectors/*.h | grep -vx tests/vectors/le.h | sed 's|^\./||' | tr '\n' ' ')
echo "make check: targets $TARGETS ($JOBS at a time)"

scripts/deps.sh /usr/include/sodium.h:libsodium-dev \
	/usr/include/openssl/evp.h:libssl-dev dkms:dkms || exit 1
# A kernel the harness builds itself (the table's kconfig column: the debug
# kernel) builds in the background at the lowest priority, on the CPU time
# the fetches, the static gates and the boots leave idle; its cell waits
# for it (fetch-kernel.sh holds a lock while it builds).
for t in $TARGETS; do
	if [ -n "$(python3 scripts/targets.py values kconfig "$t")" ]; then
		mkdir -p "$SIPHASH_RESULTS/$t"
		nice -n 19 scripts/fetch-kernel.sh "$t" >"$SIPHASH_RESULTS/$t/kernel-build.log" 2>&1 &
		# Not a job of the queue below, which counts its own.
		disown $!
		continue
	fi
	scripts/fetch-kernel.sh "$t" || die "fetching $t failed"
done
# The kernel's tools (checkpatch, kernel-doc) of every kernel series of the
# selection, once per linux-source package of the table.
declare -A TOOLS
SOURCES_SEEN=" "
for t in $REF $TARGETS; do
	src=$(python3 scripts/targets.py values source "$t")
	case "$SOURCES_SEEN" in *" $src "*) continue ;; esac
	SOURCES_SEEN="$SOURCES_SEEN$src "
	TOOLS[$src]=$(scripts/fetch-source.sh "$t") || die "fetching the tools of $t ($src) failed"
done

# ---- 1. static gates of every series, vectors, user space ----------------------
# siphash.h must include <linux/siphash.h>, which checkpatch -f takes for
# the file naming itself (EMBEDDED_FILENAME), and where a series lacks them
# it spells SIPHASH_PERMUTATION() and HSIPHASH_PERMUTATION() as the kernel
# does, updating the four state words they name in place
# (MACRO_ARG_REUSE); modparam.h's declaration macros name their parameter
# several times, as module_param() itself does (MACRO_ARG_REUSE).
for s in $SOURCES_SEEN; do
	T=${TOOLS[$s]}
	checkpatch() {
		perl "$T/scripts/checkpatch.pl" --strict --no-tree --quiet --show-types "$@"
	}
	rc=0
	# shellcheck disable=SC2046
	checkpatch -f $(echo $SOURCES | tr ' ' '\n' | grep -vxE 'siphash.h|modparam.h') \
		tests/consumer/*.c || rc=1
	checkpatch --ignore EMBEDDED_FILENAME,MACRO_ARG_REUSE -f siphash.h || rc=1
	checkpatch --ignore MACRO_ARG_REUSE -f modparam.h || rc=1
	result "$s: checkpatch.pl --strict of $s: no errors, warnings or checks" $rc

	# shellcheck disable=SC2086
	"$T/scripts/kernel-doc" -none -Werror $SOURCES 2>&1
	result "$s: kernel-doc -none -Werror of $s" $?
done

make -s -C tests/vectors verify
result "tests/vectors: recorded reference values match their generators" $?

tests/user/run.sh >"$SIPHASH_RESULTS/test-user.log" 2>&1
rc=$?
result "make test-user ($SIPHASH_RESULTS/test-user.log)" $rc test-user

# ---- 2. the matrix and two lanes: one queue, JOBS at a time ---------------------
# Every cell (scripts/target-check.sh) in its own log; the package's checks
# and the static negative controls in one lane, the negative-control boots
# in the other. A job starts when one ends. What the
# lanes need from the host is built first; their boots build in their own
# directories (build/lane/TARGET, build/negative/TARGET), so no two jobs
# share a build tree, and a lane waits for the one cell whose results it
# reads (wait_cell).
NEG=$SIPHASH_RESULTS/negative
mkdir -p "$NEG"
# The first target: the icount repeat and the icount gate's controls.
t=${TARGETS%% *}
# A consumer with a wrong expected value, and one with an undocumented
# parameter and no author.
bad=$SIPHASH_ROOT/build/$REF/consumer-bad/siphash_consumer.ko
scripts/consumer-build.sh "$REF" "$bad" 's/0x726fdb47dd0e0e31ULL/0x726fdb47dd0e0e32ULL/' \
	>"$NEG/consumer-vector-build.log" 2>&1 ||
	result "negative control 'consumer-vector': the bad consumer did not build" 1 negative/consumer-vector
undoc=$SIPHASH_ROOT/build/$REF/consumer-bad/undoc.ko
scripts/consumer-build.sh "$REF" "$undoc" \
	's/^MODULE_LICENSE/static int undoc;\nmodule_param(undoc, int, 0444);\nMODULE_LICENSE/; /^MODULE_AUTHOR/d' \
	>"$NEG/modinfo.log" 2>&1
undoc_rc=$?
# The modules of tests/controls, for each target that boots some.
declare -A CONTROLS
for role in reference align-control; do
	ct=$(role_target $role)
	echo " $TARGETS " | grep -q " $ct " || continue
	CONTROLS[$role]=$(scripts/controls-build.sh "$ct") ||
		result "negative controls: tests/controls did not build for $ct" 1 negative/build
done

lane_package() {
	# ---- the Debian package, and a boot of what DKMS built from it ---------------------
	scripts/deb-check.sh >"$SIPHASH_RESULTS/deb-check.log" 2>&1
	rc=$?
	grep -E '^(ok|FAILED|lintian|dkms status|modinfo|dpkg -c|autoinstall|time):' "$SIPHASH_RESULTS/deb-check.log"
	result "Debian package: every check of scripts/deb-check.sh ($SIPHASH_RESULTS/deb-check.log)" $rc deb-check
	# The modules DKMS built in the package's root for 6.1 amd64 boot in the
	# harness's x86_64-6.1 kernel, with the test modules and the consumer the
	# root built against the package's siphash.h and Module.symvers.
	if echo " $TARGETS " | grep -q " $REF "; then
		load_target_env "$REF"
		dkms=$SIPHASH_ROOT/build/deb/dkms-modules/$KVER
		if [ -r "$dkms/dkms-modules.env" ] &&
		   grep -qx "HEADERS_DEB_VERSION=$DEB_VERSION" "$dkms/dkms-modules.env"; then
			env PREBUILT="$dkms" RESULTS="$SIPHASH_RESULTS/$REF/dkms-boot" \
				BUILD="$SIPHASH_ROOT/build/lane/$REF" \
				ARGS_test_siphash=bench_batches=0 \
				EXTRA_MODULES="$SIPHASH_ROOT/build/deb/consumer/$KVER/siphash_consumer.ko" \
				qemu/run.sh "$REF" >"$SIPHASH_RESULTS/$REF/dkms-boot.log" 2>&1
			rc=$?
			result "$REF: boot of the modules DKMS built from the package ($(cd "$dkms" && echo *.ko)), $(python3 scripts/verdict.py line "$SIPHASH_RESULTS/$REF/dkms-boot/verdict.json")" $rc dkms-boot
			python3 scripts/records.py boot "$REF" dkms-boot "$SIPHASH_RESULTS/$REF/dkms-boot/verdict.json"
		else
			result "$REF: no DKMS build of the package for $KVER ($DEB_VERSION) in $dkms" 1 dkms-boot
		fi
	fi
	# load_target_env set TARGET: what follows is tagged by itself or host.
	TARGET=host

	# ---- instruction counts: deterministic, and the cross-arch summary ----------------
	# The icount benchmark of the first target again: every figure must repeat
	# within 0.1%.
	env ICOUNT=1 MODULES="test_siphash test_secure_seq test_syncookie" \
		ARGS_test_siphash="bench_batches=11 diff_iters=64" KBUILD_FLAGS=W=1 \
		BUILD="$SIPHASH_ROOT/build/lane/$t" \
		RESULTS="$SIPHASH_RESULTS/$t/icount-repeat" qemu/run.sh "$t" \
		>"$SIPHASH_RESULTS/$t/icount-repeat.log" 2>&1

	# Static checks that must fail, each with its reason code.
	# caught NAME CODE RC LOG: the check exited non-zero and LOG has [CODE].
	caught() {
		if [ "$3" -ne 0 ] && grep -q "\[$2\]" "$4"; then
			result "negative control '$1' caught: $(grep -m1 "\[$2\]" "$4")" 0 "negative/$1"
		else
			result "negative control '$1' NOT caught (exit $3, no [$2] in $4)" 1 "negative/$1"
		fi
	}
	rc=$undoc_rc
	[ $rc -ne 0 ] || scripts/modinfo-check.sh "$undoc" >>"$NEG/modinfo.log" 2>&1 || rc=$?
	caught modinfo no-param-desc $rc "$NEG/modinfo.log"
	caught modinfo-author no-author $rc "$NEG/modinfo.log"

	tmp=$SIPHASH_ROOT/build/negative-dkms
	rm -rf "$tmp"
	mkdir -p "$tmp"
	cp -r Kbuild Makefile targets.tsv dkms.conf ./*.c ./*.h scripts tests "$tmp/"
	sed -i '/^BUILT_MODULE_NAME\[0\]/d' "$tmp/dkms.conf"
	RECORDS= SIPHASH_ROOT=$tmp SIPHASH_CACHE=$SIPHASH_CACHE "$tmp/scripts/dkms-check.sh" "$REF" >"$NEG/dkms.log" 2>&1
	caught dkms dkms-conf-drift $? "$NEG/dkms.log"
	rm -rf "$tmp"

	# A file that compiles only on 6.1 (<asm/unaligned.h>) must fail the build
	# of a series without that header: the table's series-control row.
	SERIES_CTL=$(role_target series-control)
	if echo " $TARGETS " | grep -q " $SERIES_CTL "; then
		tmp=$SIPHASH_ROOT/build/negative-series
		rm -rf "$tmp"
		mkdir -p "$tmp"
		cp -r Kbuild Makefile targets.tsv ./*.c ./*.h scripts qemu tests "$tmp/"
		printf '%s\n' '// SPDX-License-Identifier: GPL-2.0' \
			'/* Negative control: <asm/unaligned.h> exists on 6.1 only. */' \
			'#include <linux/module.h>' '#include <asm/unaligned.h>' \
			'MODULE_LICENSE("GPL");' >"$tmp/only61.c"
		echo 'obj-m += only61.o' >>"$tmp/Kbuild"
		RECORDS=$tmp/results/checks.jsonl SIPHASH_ROOT=$tmp SIPHASH_RESULTS=$tmp/results STATIC_ONLY=1 \
			"$tmp/scripts/target-check.sh" "$SERIES_CTL" >"$NEG/series-build.log" 2>&1
		rc=$?
		build=$(RECORDS=$tmp/results/checks.jsonl python3 scripts/records.py matrix "$SERIES_CTL" |
			python3 -c 'import csv,sys; print(list(csv.DictReader(sys.stdin))[0]["build"])' 2>/dev/null)
		if [ $rc -ne 0 ] && [ "$build" = fail ]; then
			TARGET=$SERIES_CTL result "negative control 'series-build' caught: a 6.1-only file fails the $SERIES_CTL cell (build=fail)" 0 negative/series-build
		else
			TARGET=$SERIES_CTL result "negative control 'series-build' NOT caught (exit $rc, build=$build; $NEG/series-build.log)" 1 negative/series-build
		fi
		rm -rf "$tmp"
	fi

	wait_cell "$t"
	out=$(python3 scripts/bench_report.py compare "$SIPHASH_RESULTS/$t/icount/bench.csv" \
		"$SIPHASH_RESULTS/$t/icount-repeat/bench.csv")
	TARGET=$t result "$t: the icount benchmarks repeat within 0.1%: $out" $? icount-repeat
}

lane_negatives() {
	# negative NAME CODES [VAR=VALUE...]: a boot of the reference target that
	# must fail with one of the reason codes CODES ("a|b").
	negative() {
		negative_on "$REF" "$@"
	}

	# negative_on TARGET NAME CODES [VAR=VALUE...]: the same on TARGET.
	negative_on() {
		local target=$1 name=$2 codes=$3 out
		shift 3
		env RESULTS="$NEG/$name" BUILD="$SIPHASH_ROOT/build/negative/$target" \
			MODULES=test_siphash "$@" qemu/run.sh "$target" >"$NEG/$name.log" 2>&1
		if out=$(python3 scripts/verdict.py expect "$NEG/$name/verdict.json" ${codes//|/ }); then
			TARGET=$target result "negative control '$name' caught: $out" 0 "negative/$name"
		else
			TARGET=$target result "negative control '$name' NOT caught: $out ($NEG/$name.log)" 1 "negative/$name"
		fi
	}
	negative vector 'ktap-not-ok' ARGS_test_siphash=inject=vector
	negative oops 'oops|bug' ARGS_test_siphash=inject=oops
	negative warn 'warning' ARGS_test_siphash=inject=warn
	negative hang 'timeout' ARGS_test_siphash=inject=hang TIMEOUT=60
	negative bad-param 'modprobe-failed' ARGS_test_siphash=diff_iters=0
	# A parameter the module does not have: the kernel ignores it and loads
	# the module anyway, saying so only in its log.
	negative unknown-param 'unknown-param' MODULES=test_siphash_smp \
		ARGS_test_siphash_smp="duration_ms=100 bogus=1"
	# The HMAC known answers (test_siphash_hmac.c) fail the load with a
	# corrupted RFC digest, on the newest kernel, which has the HMAC calls.
	NEWEST=$(role_target newest)
	if echo " $TARGETS " | grep -q " $NEWEST "; then
		negative_on "$NEWEST" hmac-vector 'ktap-not-ok' \
			ARGS_test_siphash="inject=hmac bench_batches=0"
	fi
	# A demo that packs the two ports the wrong way round: the live_ cases,
	# which compare it with the running kernel, fail, and with them the load.
	negative live-swap 'ktap-not-ok' MODULES="secure_seq_demo test_secure_seq" \
		ARGS_test_secure_seq="inject=swap_ports bench_calls=10"

	# A consumer with a wrong expected value, loaded after the modules.
	negative consumer-vector 'ktap-not-ok|modprobe-failed' EXTRA_MODULES="$bad" \
		MODULES=test_siphash_smp ARGS_test_siphash_smp=duration_ms=100

	# The kernel, not modprobe, says whether a module loaded: an init that
	# returns -EEXIST passes modprobe but is not live.
	REF_CONTROLS=${CONTROLS[reference]:-}
	negative eexist 'not-live' EXTRA_MODULES="$REF_CONTROLS/control_eexist.ko" \
		MODULES=test_siphash_smp ARGS_test_siphash_smp=duration_ms=100

	# A loop that runs for 25 s with preemption off trips the soft-lockup
	# detector.
	negative lockup 'soft-lockup' ARGS_test_siphash=inject=lockup

	# MIPS traps unaligned kernel accesses, and the boots make each one oops
	# (init.sh's mips-unaligned line): a module with one misaligned load must
	# fail the run, or the proof that the modules make none proves nothing.
	ALIGN=$(role_target align-control)
	if echo " $TARGETS " | grep -q " $ALIGN "; then
		if [ -n "${CONTROLS[align-control]:-}" ]; then
			negative_on "$ALIGN" mips-misaligned 'oops|mips-unaligned' \
				EXTRA_MODULES="${CONTROLS[align-control]}/control_misaligned.ko" \
				MODULES=test_siphash_smp ARGS_test_siphash_smp=duration_ms=100
		else
			result "negative control 'mips-misaligned': tests/controls did not build for $ALIGN" 1 negative/mips-misaligned
		fi
	fi

	# A key parameter whose errors the kernel echoes: the near-key reaches the
	# kernel log.
	negative secret-leak 'secret-in-log' STRESS=1 STRESS_CHECKS=secret \
		MODULES=test_siphash_smp EXTRA_MODULES="$REF_CONTROLS/control_leaky_key.ko"
	# A valid key printed with pr_info() in a reliability run, whose console
	# shows warnings only: the kernel log it forwards in full must show it.
	negative secret-info 'secret-in-log' STRESS=1 STRESS_CHECKS=cycle CYCLES=2 \
		MODULES=test_siphash_smp EXTRA_MODULES="$REF_CONTROLS/control_secret_info.ko"

	# A module that leaks 4 KiB of kmalloc and a vmalloc page per load.
	negative leak 'leak' STRESS=1 STRESS_CHECKS=cycle MODULES=test_siphash \
		CYCLE_ARGS_test_siphash="inject=leak diff_iters=16 bench_batches=0"

	# A reliability check that must fail: a parameter value that is accepted.
	negative stress-badparam 'badparam-accepted' STRESS=1 CYCLES=2 LIMITS=0 \
		MODULES=test_siphash_smp STRESS_CHECKS=badparam \
		EXTRA_BADPARAMS=test_siphash_smp:threads=2

	# The debug kernel's detectors (qemu/debug.config): a module of
	# tests/controls that does what each one detects, and the run fails
	# with that detector's reason code.
	DEBUG=$(role_target debug)
	if echo " $TARGETS " | grep -q " $DEBUG "; then
		# After its kernel is built (fetch-kernel.sh waits for that).
		if scripts/fetch-kernel.sh "$DEBUG" >/dev/null 2>&1 &&
		   CONTROLS[debug]=$(scripts/controls-build.sh "$DEBUG"); then
			for c in kasan atomic-sleep lockdep ubsan; do
				negative_on "$DEBUG" "$c" "$c" \
					EXTRA_MODULES="${CONTROLS[debug]}/control_${c//-/_}.ko" \
					MODULES=test_siphash_smp ARGS_test_siphash_smp=duration_ms=100
			done
			# kmemleak reports after the reliability boot's cycles.
			negative_on "$DEBUG" kmemleak kmemleak STRESS=1 CYCLES=2 \
				STRESS_CHECKS="kmemleak cycle" MODULES=test_siphash_smp \
				EXTRA_MODULES="${CONTROLS[debug]}/control_kmemleak.ko"
		else
			result "negative controls of $DEBUG: tests/controls did not build" 1 negative/debug
		fi
	fi

	wait_cell "$t"
	# The icount gate (target-check.sh) must be able to fail: the first target's
	# figures with one ratio made 1.05 (worst), and with every ratio made 1.01
	# (within 1.02 each, median above 1.00).
	for bad in worst:1.05 median:1.01; do
		name=icount-gate-${bad%%:*}
		python3 - "$SIPHASH_RESULTS/$t/icount/bench.csv" "$NEG/$name.csv" "${bad%%:*}" "${bad#*:}" <<-'EOF2'
	import csv
	import sys

	src, dst, kind, factor = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
	with open(src) as f:
	    rows = list(csv.DictReader(f))
	kernel = {(r["function"], r["len"]): float(r["cycles_median"])
	          for r in rows if r["impl"] == "kernel"}
	changed = 0
	for r in rows:
	    k = kernel.get((r["function"], r["len"]))
	    if r["impl"] == "module" and k and (kind == "median" or not changed):
	        r["cycles_median"] = f"{k * factor:.2f}"
	        changed += 1
	with open(dst, "w", newline="") as f:
	    w = csv.DictWriter(f, fieldnames=list(rows[0]))
	    w.writeheader()
	    w.writerows(rows)
	EOF2
		if out=$(python3 scripts/bench_report.py gate "$NEG/$name.csv"); then
			TARGET=$t result "negative control '$name' NOT caught: $out" 1 "negative/$name"
		else
			TARGET=$t result "negative control '$name' caught: $out" 0 "negative/$name"
		fi
	done
}

# wait_cell T: until the job of cell T has ended.
wait_cell() {
	while [ ! -e "$SIPHASH_RESULTS/$1/cell.done" ]; do
		sleep 5
	done
}

cell_job() {
	scripts/target-check.sh "$1" >"$SIPHASH_RESULTS/$1/cell.log" 2>&1
	touch "$SIPHASH_RESULTS/$1/cell.done"
	echo "=== $1 ($(tail -n1 "$SIPHASH_RESULTS/$1/cell.log")) ==="
	grep -vE "^$|passed, [0-9]+ failed$" "$SIPHASH_RESULTS/$1/cell.log"
}

lane_job() {
	"lane_$1" >"$SIPHASH_RESULTS/lane-$1.log" 2>&1
	echo "=== $1 ==="
	cat "$SIPHASH_RESULTS/lane-$1.log"
}

# The order: the first cell (the lanes read its results), the two lanes,
# the cells of a built kernel, then the others. A built kernel's cell is the
# longest, and waits for its kernel (fetch-kernel.sh): while it waits, the
# build has its CPU, and the short cells after it fill the end of the run.
built="" others=""
for c in $TARGETS; do
	mkdir -p "$SIPHASH_RESULTS/$c"
	rm -f "$SIPHASH_RESULTS/$c/cell.done"
	[ "$c" != "$t" ] || continue
	if [ -n "$(python3 scripts/targets.py values kconfig "$c")" ]; then
		built="$built $c"
	else
		others="$others $c"
	fi
done
queue="$t lane:negatives lane:package$built$others"
for job in $queue; do
	while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
		wait -n
	done
	case "$job" in
	lane:*) lane_job "${job#lane:}" & ;;
	*) cell_job "$job" & ;;
	esac
done
wait
TARGET=host
python3 scripts/bench_report.py summary "$SIPHASH_RESULTS" $TARGETS
result "bench_report.py summary: ours/kernel per target (bench-summary.png)" $? bench-summary
python3 scripts/bench_report.py seed "$SIPHASH_RESULTS" $TARGETS >"$SIPHASH_RESULTS/bench-seed.md"
result "bench_report.py seed: the seed's and the third mail's comparisons (bench-seed.md)" $? bench-seed

# ---- 3. the matrix, computed from the records ------------------------------------
python3 scripts/records.py matrix $TARGETS >/dev/null
result "matrix.csv: every cell built, booted with 0 failed, passed its reliability boot and DKMS" $? matrix
cat "$SIPHASH_RESULTS/matrix.csv"
echo "make check took $(( ($(date +%s) - start) / 60 )) min $(( ($(date +%s) - start) % 60 )) s" \
	"on $(nproc) CPUs, JOBS=$JOBS" | tee "$SIPHASH_RESULTS/wall.txt"
echo "$TARGETS" >"$SIPHASH_RESULTS/targets.txt"
python3 scripts/records.py summary
