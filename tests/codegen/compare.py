#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""make codegen TARGET=...: compile the kernel's own lib/siphash.c and this
project's siphash.c as module objects with the target's kbuild and
compiler, and print for every function the instruction counts of both
(objdump) and whether they are the same instructions, jump targets and
padding aside. The kernel's file is that of the target's series (its
linux-source, fetch.source_tools), or of the linux-source tree KSRC names.
docs/codegen.md says why siphash.c is written so that they are the same.
It reports and does not judge (exit 0 when functions differ): the
instruction-count gate of a boot does. Exits non-zero when TARGET is
unknown or the build fails.

Usage: compare.py [TARGET]   (default: the harness's TARGET, ARCH, KERNEL)
"""
import os
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent / "scripts")]
import fetch  # noqa: E402
import harness  # noqa: E402
import kbuild  # noqa: E402
import tables  # noqa: E402
from util import ROOT, Failure, log  # noqa: E402

# The kernel's file as it is, but for the unaligned-access header, whose
# path depends on the series: compat.mk's probe picks it for both files.
UNALIGNED_INCLUDE = re.compile(r"^#include <(asm|linux)/unaligned\.h>", re.M)
UNALIGNED_H = ("#ifdef SIPMOD_HAVE_LINUX_UNALIGNED_H\n#include <linux/unaligned.h>\n"
               "#else\n#include <asm/unaligned.h>\n#endif\n")
# Both as lib/ and the project's Kbuild build them: no function tracing.
KBUILD = """\
obj-m := kernel_siphash.o module_siphash.o
include {root}/include/compat.mk
CFLAGS_REMOVE_kernel_siphash.o += $(CC_FLAGS_FTRACE)
CFLAGS_REMOVE_module_siphash.o += $(CC_FLAGS_FTRACE)
"""
# objdump's lines: a function's, a local label's (riscv), an instruction's.
FUNC = re.compile(r"^[0-9a-f]+ <(.*)>:$")
LOCAL = re.compile(r"^[0-9a-f]+ <\.L.*>:$")
# Padding between functions, not code.
PADDING = re.compile(r"^(nop|data16|cs nop|xchg +%ax,%ax|\.word|\.\.\.|ori +r2,r2 N)")


def disasm(env, obj):
    """{function: [instruction, ...]} of OBJ: without addresses, comments,
    symbols, local labels, the sipmod_ prefix, padding (nops), and a last
    operand that is a number (a jump target: the objects lay out apart)."""
    out = env.run([f"{env.t.cross}-objdump" if env.t.cross else "objdump",
                   "-d", "--no-show-raw-insn", str(obj)], dirs=[obj.parent])
    funcs, f = {}, None
    for line in out.splitlines():
        if LOCAL.match(line):
            continue
        m = FUNC.match(line)
        if m:
            f = m.group(1).removeprefix("sipmod_")
            funcs.setdefault(f, [])
            continue
        fields = line.split("\t")
        if len(fields) < 2 or f is None:
            continue
        i = " ".join(fields[1:])
        i = re.sub(r"(//|[;#]).*$", "", i)
        i = re.sub(r"<[^>]*>", "", i).rstrip(" ")
        i = re.sub(r"[ ,][0-9a-f]+$", " N", i)
        if not PADDING.match(i):
            funcs[f].append(i)
    return funcs


def verdict(k, m):
    if not k:
        return "the kernel builds none here"
    if k == m:
        return "same"
    if sorted(k) == sorted(m):
        return "same instructions, other order"
    return "differs"


def compare(t):
    targets = tables.load()
    k = fetch.kernel(t, targets)
    env = kbuild.Env(t, k)
    ksrc = os.environ.get("KSRC")
    if ksrc and not (Path(ksrc) / "lib/siphash.c").is_file():
        raise Failure(f"KSRC={ksrc} has no lib/siphash.c (a linux-source tree is meant)")
    ksrc = Path(ksrc) if ksrc else fetch.source_tools(t, targets)
    d = ROOT / "build" / t.name / "codegen"
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    (d / "kernel_siphash.c").write_text(UNALIGNED_INCLUDE.sub(
        '#include "unaligned.h"', (ksrc / "lib/siphash.c").read_text()))
    (d / "unaligned.h").write_text(UNALIGNED_H)
    for f in ("siphash.c", "siphash.h"):
        shutil.copy(ROOT / f, d / ("module_siphash.c" if f == "siphash.c" else f))
    (d / "Kbuild").write_text(KBUILD.format(root=ROOT))
    logf = d / "build.log"
    log(f"{t.name}: building the kernel's lib/siphash.c ({ksrc.name}) and siphash.c in {d}")
    if env.make("-C", env.kdir, f"M={d}", "kernel_siphash.o", "module_siphash.o",
                dirs=[d], log_to=logf, check=False).returncode:
        print("\n".join(logf.read_text(errors="replace").splitlines()[-20:]), file=sys.stderr)
        raise Failure(f"{t.name}: the build failed ({logf})")

    kern = disasm(env, d / "kernel_siphash.o")
    ours = disasm(env, d / "module_siphash.o")
    comment = env.run([f"{t.cross}-readelf" if t.cross else "readelf", "-p", ".comment",
                       str(d / "module_siphash.o")], dirs=[d])
    cc = next(iter(re.findall(r"GCC: .*", comment)), "compiler unknown").strip()
    print(f"{t.name} ({cc}): instructions per function, the kernel's lib/siphash.c "
          f"({ksrc.name}) and siphash.c")
    print(f"{'function':<22} {'kernel':>6} {'ours':>5}  verdict")
    for fn in sorted(set(kern) | set(ours)):
        if fn.startswith(("__pfx_", "__cfi_")):
            continue
        kf, mf = kern.get(fn, []), ours.get(fn, [])
        print(f"{fn:<22} {len(kf):>6} {len(mf):>5}  {verdict(kf, mf)}")
    return 0


def main(argv):
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        sys.exit(__doc__)
    try:
        t = tables.get(argv[0]) if argv else harness.target()
        return compare(t)
    except (Failure, tables.TableError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
