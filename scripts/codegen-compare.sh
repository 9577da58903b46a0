#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# codegen-compare.sh TARGET - compile the kernel's own lib/siphash.c and
# this project's siphash.c as module objects with the target's kbuild and
# compiler, and print for every function the instructions of both
# (objdump) and whether they are the same instructions, jump targets and
# padding aside. The kernel's file is that of the target's series
# (scripts/fetch-source.sh), or of the linux-source tree KSRC names.
# docs/codegen.md says why siphash.c is written so that they are the same.
# It reports and does not judge: the instruction-count gate of a boot does.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: $0 TARGET (one of: $SUPPORTED_TARGETS)"
target_setup "$1"
"$SIPHASH_ROOT/scripts/fetch-kernel.sh" "$TARGET" >&2
load_target_env "$TARGET"
SRC=${KSRC:-$("$SIPHASH_ROOT/scripts/fetch-source.sh" "$TARGET")}
D=$SIPHASH_ROOT/build/$TARGET/codegen
rm -rf "$D"
mkdir -p "$D"
# The kernel's file as it is, but for the unaligned-access header, whose
# path depends on the series: the project's probe picks it for both.
sed 's|^#include <\(asm\|linux\)/unaligned.h>|#include "unaligned.h"|' \
	"$SRC/lib/siphash.c" >"$D/kernel_siphash.c"
printf '%s\n' '#ifdef SIPMOD_HAVE_LINUX_UNALIGNED_H' '#include <linux/unaligned.h>' \
	'#else' '#include <asm/unaligned.h>' '#endif' >"$D/unaligned.h"
cp "$SIPHASH_ROOT/siphash.c" "$D/module_siphash.c"
cp "$SIPHASH_ROOT/siphash.h" "$D/"
# Both as lib/ and the project's Kbuild build them: no function tracing.
cat >"$D/Kbuild" <<'EOF'
obj-m := kernel_siphash.o module_siphash.o
ccflags-y += $(if $(wildcard $(srctree)/include/linux/unaligned.h),-DSIPMOD_HAVE_LINUX_UNALIGNED_H)
CFLAGS_REMOVE_kernel_siphash.o += $(CC_FLAGS_FTRACE)
CFLAGS_REMOVE_module_siphash.o += $(CC_FLAGS_FTRACE)
EOF
export TARGET_RUN_MOUNTS=$D
# shellcheck disable=SC2046
target_run make -C "$KDIR" M="$D" $(kbuild_vars) kernel_siphash.o module_siphash.o \
	>"$D/build.log" 2>&1 || {
	tail -20 "$D/build.log" >&2
	die "$TARGET: build failed ($D/build.log)"
}

# disasm OBJ: "function<TAB>instruction" lines, without addresses,
# comments, local labels, the sipmod_ prefix, padding (nops), and a last
# operand that is a number (a jump target: objects lay out differently).
disasm() {
	target_run "${CROSS:+$CROSS-}objdump" -d --no-show-raw-insn "$1" |
		awk -F'\t' '
		/^[0-9a-f]+ <\.L.*>:$/ { next }	# a local label (riscv)
		/^[0-9a-f]+ <.*>:$/ { f = $0; sub(/^[^<]*</, "", f); sub(/>:$/, "", f)
			sub(/^sipmod_/, "", f); next }
		NF >= 2 && f != "" { i = $2; for (k = 3; k <= NF; k++) i = i " " $k
			sub(/(\/\/|[;#]).*$/, "", i); gsub(/<[^>]*>/, "", i)
			gsub(/ +$/, "", i); sub(/[ ,][0-9a-f]+$/, " N", i)
			if (i !~ /^(nop|data16|xchg +%ax,%ax|\.word|\.\.\.|ori +r2,r2 N)/)
				print f "\t" i }'
}
disasm "$D/kernel_siphash.o" >"$D/kernel.dis"
disasm "$D/module_siphash.o" >"$D/module.dis"
cc=$(target_run "${CROSS:+$CROSS-}readelf" -p .comment "$D/module_siphash.o" |
	grep -o 'GCC: .*' | head -n1)
echo "$TARGET (${cc:-compiler unknown}): instructions per function," \
	"the kernel's lib/siphash.c and siphash.c"
cut -f1 "$D/kernel.dis" "$D/module.dis" | sort -u | grep -v '^__\(pfx\|cfi\)_' |
	while read -r fn; do
		k=$(awk -F'\t' -v f="$fn" '$1 == f' "$D/kernel.dis")
		m=$(awk -F'\t' -v f="$fn" '$1 == f' "$D/module.dis")
		if [ -z "$k" ]; then
			verdict="the kernel builds none here"
		elif [ "$k" = "$m" ]; then
			verdict=same
		elif [ "$(echo "$k" | sort)" = "$(echo "$m" | sort)" ]; then
			verdict="same instructions, other order"
		else
			verdict=differs
		fi
		printf '%-22s %5s %5s  %s\n' "$fn" "$(echo -n "$k" | grep -c .)" \
			"$(echo -n "$m" | grep -c .)" "$verdict"
	done
