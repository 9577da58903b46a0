# SPDX-License-Identifier: GPL-2.0
#
# Out-of-tree SipHash modules. Kbuild lists the modules; this file drives it.
#
#   make [KDIR=...] [ARCH=...]   build the modules against KDIR
#                                (default: the running kernel's build dir)
#   make run [ARCH=i386] [ACCEL=tcg|kvm] [EXTRA_MODULES="a.ko b.ko"]
#                                fetch Debian's kernel for ARCH, build, boot it
#                                in QEMU, load the modules, show KTAP results
#   make bench [ARCH=i386] [BENCH_BATCHES=101]
#                                boot with test_siphash.ko alone, benchmarks at
#                                high effort: table, bench.csv and bench.png
#   make check                   all tests: static gates, both arches,
#                                negative controls (what CI runs)
#   make test-user [FUZZ_SECONDS=60]
#                                siphash.c built in user space against
#                                tests/user/ shims: conformance, ASan/UBSan,
#                                valgrind, libFuzzer, benchmark
#   make clean                   remove build output (keeps the download cache)
#   make distclean               also remove the download cache

ARCH ?= $(shell uname -m)
KDIR ?= /lib/modules/$(shell uname -r)/build
# One output directory per arch, so builds never clobber each other.
BUILD_DIR ?= $(CURDIR)/build/$(ARCH)/kbuild

# Everything kbuild reads, linked into the per-arch build directory.
SOURCES := Kbuild $(wildcard *.c *.h) tests

BENCH_BATCHES ?= 101

.PHONY: all modules run bench check test-user clean distclean

all: modules

modules:
	@test -r "$(KDIR)/Makefile" || { \
	  echo "error: no kernel headers at KDIR=$(KDIR)." >&2; \
	  echo "  Install them (apt-get install linux-headers-\$$(uname -r))," >&2; \
	  echo "  pass KDIR=/path/to/headers, or fetch Debian's with:" >&2; \
	  echo "  scripts/fetch-kernel.sh x86_64   (or i386)" >&2; exit 1; }
	@mkdir -p $(BUILD_DIR)
	@for f in $(SOURCES); do ln -sfn $(CURDIR)/$$f $(BUILD_DIR)/$$f; done
	$(MAKE) -C $(KDIR) M=$(BUILD_DIR) modules

run:
	@scripts/deps.sh
	@qemu/run.sh $(ARCH)

bench:
	@scripts/deps.sh
	@MODULES=test_siphash ARGS_test_siphash="bench_batches=$(BENCH_BATCHES) diff_iters=64" \
		RESULTS=$(CURDIR)/build/results/bench-$(ARCH) qemu/run.sh $(ARCH)

check:
	@scripts/check.sh

test-user:
	@tests/user/run.sh

clean:
	rm -rf build/x86_64 build/i386 build/$(ARCH) build/user build/results

distclean: clean
	rm -rf build
