#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""make test-user: the module's siphash.c built and tested in user space
(see Makefile here):
  1. conformance of every variant (x86_64 word-at-a-time tail, x86_64 byte
     tail, i386) against the reference vectors of "Introduce The SipHash
     PRF", libsodium, OpenSSL and halfsiphash.py, each TAP result a record;
     the demos' known answers of this CPU's byte order (kat_model.c);
  2. the same under ASan + UBSan (full) and valgrind memcheck (quick);
  3. big-endian: test_user built for s390x with Debian's cross compiler
     (unpacked into the cache) and run under qemu-s390x-static;
  4. negative controls: a corrupted vector, and the kernel's over-reading
     tail load, which ASan and memcheck must both report;
  5. the libFuzzer differential target for FUZZ_SECONDS (default 60);
  6. the benchmark against the kernel's own lib/siphash.c (bench.sh).
Ends with "N passed, M failed"; exits non-zero on any failure.
"""
import os
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent / "scripts")]
import fetch  # noqa: E402
import records  # noqa: E402
import tables  # noqa: E402
import util  # noqa: E402
from util import CACHE, ROOT, Failure, run  # noqa: E402

O = ROOT / "build/user"
R = ROOT / "build/results/user"
CLANG_RT = "libclang-rt-{v}-dev"


def tap(rec, prefix, log):
    """One record per "ok N ..." / "not ok N ..." line of a TAP log."""
    seen = {}
    for line in Path(log).read_text(errors="replace").splitlines():
        m = re.match(r"(not )?ok \d+ (.*)$", line)
        if m:
            name = f"{prefix}: {m.group(2)}"
            seen[name] = seen.get(name, 0) + 1
            rec.add(name + (f" #{seen[name]}" if seen[name] > 1 else ""), not m.group(1), line)


def sanitizer_clean(log):
    return not re.search(r"ERROR: AddressSanitizer|runtime error:|ERROR SUMMARY: [1-9]|"
                         r"Invalid read|uninitialised", Path(log).read_text(errors="replace"))


def go(rec, cmd, log, **kw):
    return run(cmd, kind="test", check=False, log_to=log, **kw).returncode


def user_tests(rec):
    from harness import deps
    clang = run(["sh", "-c", "clang -dumpversion 2>/dev/null | cut -d. -f1"]).strip() or "14"
    deps("gcc:gcc", "objcopy:binutils", "clang:clang", "valgrind:valgrind",
         "qemu-i386-static:qemu-user-static", "/usr/include/sodium.h:libsodium-dev",
         "/usr/include/openssl/evp.h:libssl-dev",
         "/usr/lib/gcc/x86_64-linux-gnu/12/32/libasan.so:gcc-multilib",
         "/usr/include/valgrind/callgrind.h:valgrind")
    rt = run(["clang", "-print-runtime-dir"]).strip()
    deps(f"{rt}/libclang_rt.fuzzer-x86_64.a:{CLANG_RT.format(v=clang)}")
    targets = tables.load()
    apt = fetch.Apt(util.HOST_SUITE, targets)
    # valgrind needs glibc's symbols for -m32 too: unpacked, never installed.
    dbg, ver = CACHE / "libc6-dbg-i386", apt.version("libc6-dbg:i386")
    if not (dbg / f".version-{ver}").exists():
        apt.download(dbg, [f"libc6-dbg:i386={ver}"])
        fetch.extract(next(dbg.glob("libc6-dbg_*.deb")), dbg)
        (dbg / f".version-{ver}").touch()
    O.mkdir(parents=True, exist_ok=True)
    R.mkdir(parents=True, exist_ok=True)
    ksrc = fetch.source_tools(tables.role("reference", targets), targets)
    rec.add("kernel-source", (ksrc / "lib/siphash.c").exists(), f"lib/siphash.c of {ksrc.name}")
    if not rec.add("build", go(rec, ["make", "-C", str(HERE), f"-j{os.cpu_count()}", f"O={O}",
                                     f"KSRC={ksrc}"], R / "build.log") == 0,
                   "3 variants plain and ASan+UBSan, fuzzer, bench with the kernel's "
                   f"lib/siphash.c ({R / 'build.log'})"):
        return
    tables_ = [str(O / "ref.bin"), str(O / "half.txt")]
    rec.add("refgen", go(rec, [str(O / "refgen"), tables_[0]], R / "refgen.log") == 0,
            "libsodium and OpenSSL reproduce the reference vectors; table written")
    rec.add("halfref", go(rec, [sys.executable, str(HERE / "halfref.py"), *tables_],
                          R / "halfref.log") == 0,
            "halfsiphash.py reproduces the reference vectors; table written")
    rec.add("kat_model", go(rec, [str(O / "kat_model")], R / "kat_model.log") == 0,
            "the demos' known answers for this CPU agree with their hashing over siphash.c")
    vg = ["valgrind", "-q", f"--extra-debuginfo-path={dbg}/usr/lib/debug", "--error-exitcode=99",
          "--leak-check=full", "--errors-for-leak-kinds=definite"]
    # A host kernel without IA32 emulation cannot run -m32 programs (126):
    # the i386 variant then runs under qemu-i386-static, without ASan's
    # shadow memory or valgrind, which are skipped with the reason.
    run32 = []
    if run([str(O / "i386/test_user"), "--probe"], check=False).returncode == 126:
        run32 = ["qemu-i386-static"]
    for v in ("x86_64-wat", "x86_64-byte", "i386"):
        pre = run32 if v == "i386" else []
        rc = go(rec, pre + [str(O / v / "test_user"), *tables_], R / f"{v}.log")
        tap(rec, v, R / f"{v}.log")
        rec.add(f"{v}: exit", rc == 0, f"exit status {rc} ({R / f'{v}.log'})")
        if pre:
            rec.add(f"{v}: sanitizers", None, "not run: this host's kernel cannot execute 32-bit "
                    "x86 programs; the checks ran under qemu-i386-static", "no-ia32")
            continue
        log = R / f"{v}-asan.log"
        rec.add(f"{v}: asan", go(rec, [str(O / v / "test_user-asan"), *tables_], log) == 0
                and sanitizer_clean(log), f"all checks under ASan + UBSan, no report ({log})")
        log = R / f"{v}-memcheck.log"
        rc = go(rec, vg + [str(O / v / "test_user"), *tables_, "quick"], log)
        # -m32 programs load Debian's libc6-i386, a build of its own whose
        # ld.so symbols no package of the archive holds (libc6-dbg:i386 is
        # libc6:i386's): valgrind then cannot start at all, says so, and
        # has checked nothing.
        if v == "i386" and rc and "must-be-redirected function" in log.read_text():
            rec.add(f"{v}: memcheck", None, "not run: valgrind finds no symbols for this "
                    f"host's 32-bit ld.so (libc6-i386) ({log})", "no-ld.so-symbols")
            continue
        rec.add(f"{v}: memcheck", rc == 0 and sanitizer_clean(log),
                f"quick checks under valgrind memcheck, no report ({log})")
    big_endian(rec, apt, tables_)
    log = R / "negative-vector.log"
    rc = go(rec, [str(O / "x86_64-wat/test_user"), *tables_], log,
            env=dict(os.environ, SIPTEST_INJECT="1"))
    rec.add("negative/user-vector", rc != 0 and re.search(
        r"^not ok .*series_siphash_vectors", log.read_text(), re.M) is not None,
        f"a corrupted reference vector fails the test ({log})", "control-missed")
    log = R / "negative-overread-asan.log"
    rc = go(rec, [str(O / "overread/test_user-asan"), *tables_], log)
    rec.add("negative/overread-asan", rc != 0 and "AddressSanitizer: heap-buffer-overflow"
            in log.read_text(), f"ASan reports the kernel-style tail over-read ({log})",
            "control-missed")
    log = R / "negative-overread-memcheck.log"
    rc = go(rec, vg + [str(O / "overread/test_user"), *tables_, "quick"], log)
    rec.add("negative/overread-memcheck", rc == 99 and "Invalid read of size 8" in
            log.read_text(), f"memcheck reports the kernel-style tail over-read ({log})",
            "control-missed")
    secs = os.environ.get("FUZZ_SECONDS", "60")
    log = R / "fuzz.log"
    (O / "fuzz-corpus").mkdir(exist_ok=True)
    rc = go(rec, [str(O / "fuzz_siphash"), f"-max_total_time={secs}", "-max_len=4200",
                  "-print_final_stats=1", str(O / "fuzz-corpus")], log)
    text = log.read_text(errors="replace")
    execs = re.search(r"^stat::number_of_executed_units: *(\d+)", text, re.M)
    rec.add("fuzz", rc == 0 and execs and "MISMATCH" not in text,
            f"{execs.group(1) if execs else '?'} inputs in {secs} s, both tails agree with "
            f"libsodium and OpenSSL ({log})")
    rc = go(rec, ["bash", str(HERE / "bench.sh"), str(O), str(R)], R / "bench.log")
    rec.add("bench", rc == 0, "ours, the kernel's, its copy and libsodium computed equal "
            f"results; {R / 'bench.csv'} has every row")


def big_endian(rec, apt, tables_):
    """test_user for s390x (static), run under qemu-s390x-static against the
    same reference table, read by the s390x binary as data."""
    from harness import deps
    deps("qemu-s390x-static:qemu-user-static")
    cross = "s390x-linux-gnu"
    try:
        path, lib = fetch.toolchain(apt, cross, ["libc6-dev-s390x-cross"])
    except Failure as e:
        return rec.add("s390x: toolchain", False, str(e))
    log = R / "s390x-build.log"
    env = dict(os.environ, PATH=f"{path}:{os.environ['PATH']}", LD_LIBRARY_PATH=lib)
    if not rec.add("s390x: build", go(rec, ["make", "-C", str(HERE), "-f", "be.mk", f"O={O}",
                                            f"BE_CC={cross}-gcc-12", "be"], log, env=env) == 0,
                   f"test_user built static with Debian's {cross}-gcc-12 ({log})"):
        return
    log = R / "s390x.log"
    rc = go(rec, ["qemu-s390x-static", str(O / "s390x/test_user"), *tables_], log)
    data = (O / "s390x/test_user").read_bytes()
    rec.add("s390x: big-endian", data[5] == 2 and data[18:20] == b"\x00\x16" and
            "# 64-bit big-endian" in log.read_text(), "the binary is big-endian s390x and "
            f"runs as such under qemu-s390x-static ({log})")
    tap(rec, "s390x", log)
    rec.add("s390x: exit", rc == 0, f"exit status {rc}")
    log = R / "s390x-negative-vector.log"
    rc = go(rec, ["qemu-s390x-static", str(O / "s390x/test_user"), *tables_, "quick"], log,
            env=dict(os.environ, SIPTEST_INJECT="1"))
    rec.add("negative/s390x-vector", rc != 0 and re.search(
        r"^not ok .*series_siphash_vectors", log.read_text(), re.M) is not None,
        "a corrupted reference vector fails the s390x test", "control-missed")


def main():
    rec = records.Records("test-user")
    try:
        user_tests(rec)
    except Failure as e:
        rec.add("harness", False, f"make test-user stopped: {e}", "harness")
    rec.done()
    print(f"{rec.passed} passed, {rec.failed} failed")
    return 1 if rec.failed else 0


if __name__ == "__main__":
    sys.exit(main())
