# SPDX-License-Identifier: GPL-2.0
#
# Out-of-tree SipHash modules. Kbuild lists the modules; this file drives it.
# `make help` lists the targets and variables: the "##" comments below, the
# one place they are written.

## Variables (make VAR=value TARGET):
##   TARGET=x86_64-6.1    run, bench: a row of targets.tsv (default: its first,
##                        whatever the host; scripts/targets.py list)
##   ARCH=, KERNEL=       run, bench: instead of TARGET, an arch (or its
##                        uname -m spelling: aarch64, armv7l, i686, ...) and
##                        a kernel series of the table; of a plain build, ARCH
##                        is kbuild's (default: the host's)
##   KDIR=...             headers tree of a plain build (default: the
##                        running kernel's, /lib/modules/$(uname -r)/build)
##   EXTRA_MODULES="a.ko" run: your own modules, loaded after siphash.ko
##                        (build one: scripts/kmake.sh TARGET M=DIR)
##   ARGS_<module>="p=v"  run: parameters of one module, e.g. ARGS_test_siphash
##   MODULES="..."        run: the project's modules to load (default: all)
##   TCG_TIMING=1         run: also print the TCG timing table (host time)
##   TIMEOUT=300          run: seconds a boot may take
##   MATRIX=check         check: the rows of make check (default, within 60
##                        minutes on 2 CPUs), or all: every row of targets.tsv
##   ARCHES=, KERNELS=    check: a subset of the matrix ("x86_64 arm64", "6.1 6.12")
##   JOBS=2               check: matrix cells at a time
##   INSTALL_MOD_PATH=    install: a staging root instead of /
##
## Targets:
ARCH ?= $(shell uname -m)
KDIR ?= /lib/modules/$(shell uname -r)/build
# One output directory per arch, so builds never clobber each other.
BUILD_DIR ?= $(CURDIR)/build/$(ARCH)/kbuild
# What `make install` builds: the modules for users alone (Kbuild's
# sipmod-user, as DKMS builds them), apart from the test build.
USER_BUILD_DIR = $(BUILD_DIR)-user

# Everything kbuild reads, linked into the per-arch build directory.
SOURCES := Kbuild $(wildcard *.c *.h) include baselines tests

BENCH_BATCHES ?= 101
# The harness's target (make run, make bench): TARGET, or ARCH and KERNEL
# as given on the command line; ARCH's default above is kbuild's, for
# builds, and make run ignores it.
HARNESS_ARCH = $(if $(filter command line environment,$(origin ARCH)),$(ARCH))
HARNESS_TARGET = t=$$(scripts/targets.py resolve --target '$(TARGET)' \
	--arch '$(HARNESS_ARCH)' --kernel '$(KERNEL)') || exit 2

.PHONY: all modules modules-user kdir-check install install-tests run bench check docs test-user deb deb-check version clean distclean help

all: modules

kdir-check:
	@test -r "$(KDIR)/Makefile" || { \
	  echo "error: no kernel headers at KDIR=$(KDIR)." >&2; \
	  echo "  Install them (apt-get install linux-headers-\$$(uname -r))," >&2; \
	  echo "  pass KDIR=/path/to/headers, or build against Debian's kernel" >&2; \
	  echo "  of any target of the matrix (fetched into build/cache/) with:" >&2; \
	  echo "  scripts/kmake.sh TARGET   (a row of targets.tsv: scripts/targets.py list)" >&2; \
	  exit 1; }

modules: kdir-check ## build every module against KDIR (default target)
	@mkdir -p $(BUILD_DIR)
	@for f in $(SOURCES); do ln -sfn $(CURDIR)/$$f $(BUILD_DIR)/$$f; done
	$(MAKE) -C $(KDIR) M=$(BUILD_DIR) modules

modules-user: kdir-check
	@mkdir -p $(USER_BUILD_DIR)
	@for f in $(SOURCES); do ln -sfn $(CURDIR)/$$f $(USER_BUILD_DIR)/$$f; done
	$(MAKE) -C $(KDIR) M=$(USER_BUILD_DIR) SIPHASH_OOT_MODULES=user modules

# The version: SIPHASH_OOT_VERSION in siphash.h is the one place it is set.
# Everything else asks `make -s version` (scripts, debian/rules, the DKMS
# template dkms.conf) or is checked against it (debian/changelog).
VERSION = $(shell sed -n 's/^\#define SIPHASH_OOT_VERSION "\(.*\)"$$/\1/p' $(CURDIR)/siphash.h)
# (Debian's include/config/kernel.release says 6.1.x; utsrelease.h has the
# release modules_install uses, e.g. 6.1.0-57-amd64.)
KVER = $(shell sed -n 's/^\#define UTS_RELEASE "\(.*\)"$$/\1/p' $(KDIR)/include/generated/utsrelease.h 2>/dev/null)
DEVEL_DIR = $(INSTALL_MOD_PATH)/usr/src/siphash-oot-$(VERSION)
# Debian's headers set CONFIG_MODULE_SIG_ALL=y but ship no signing key: then
# modules_install would try (and fail) to sign, so signing is switched off
# unless the key is really there.
SIGN_KEY = $(KDIR)/$(shell sed -n 's/^CONFIG_MODULE_SIG_KEY="\(.*\)"$$/\1/p' $(KDIR)/.config 2>/dev/null)
NO_SIGN = $(if $(wildcard $(SIGN_KEY)),,CONFIG_MODULE_SIG_ALL=)

# What a host gets: siphash.ko and what modules that use it build with.
# The test and demo modules only with install-tests: a host that has them
# is one modprobe away from their fault injection and kprobes.
install: modules-user ## build and install siphash.ko alone (INSTALL_MOD_PATH=; docs/install.md)
	@test -n "$(VERSION)" && test -n "$(KVER)" || { \
	  echo "error: no version in siphash.h or no UTS_RELEASE in KDIR" >&2; exit 1; }
	@echo "note: expected and harmless:$(if $(wildcard $(KDIR)/vmlinux),, 'Skipping BTF generation'" \
	  "above (these headers have no vmlinux: no BTF in the modules);)$(if $(wildcard $(KDIR)/System.map),," \
	  "kbuild's missing 'System.map' below (Debian's headers have none: this Makefile runs depmod" \
	  "itself);)$(if $(INSTALL_MOD_PATH), depmod's missing modules.order and modules.builtin* (a staging" \
	  "root holds only these modules, not the kernel's lists))"
	$(MAKE) -C $(KDIR) M=$(USER_BUILD_DIR) $(NO_SIGN) modules_install
	depmod $(if $(INSTALL_MOD_PATH),-b $(abspath $(INSTALL_MOD_PATH))) $(KVER)
	install -D -m 0644 siphash.h $(DEVEL_DIR)/include/siphash.h
	install -D -m 0644 $(USER_BUILD_DIR)/Module.symvers $(DEVEL_DIR)/$(KVER)/Module.symvers

install-tests: modules ## for test machines only: every module, demos and tests too
	@test -n "$(KVER)" || { echo "error: no UTS_RELEASE in KDIR" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(BUILD_DIR) $(NO_SIGN) modules_install
	depmod $(if $(INSTALL_MOD_PATH),-b $(abspath $(INSTALL_MOD_PATH))) $(KVER)

# make run: the boot of every module, judged (qemu/run.sh), then, if it
# passed, the benchmarks' boot under -icount, whose figures are guest
# instructions and repeat exactly. A user's EXTRA_MODULES go to the first.
BENCH_MODULES = test_siphash test_secure_seq test_syncookie

run: ## build, boot Debian's kernel of TARGET in QEMU, load the modules; then the icount benchmarks
	@$(HARNESS_TARGET); scripts/deps.sh && \
	qemu/run.sh "$$t" || { \
	  echo "make run: the boot failed: no instruction-count boot (see above)"; exit 1; } && \
	echo && \
	if [ -z "$$(scripts/targets.py values icount_sleep $$t)" ]; then \
	  echo ">>> no instruction-count boot on $$t: its kernel's instrumentation is in every figure"; exit 0; fi && \
	echo ">>> the benchmarks again, under -icount: guest instructions, deterministic" && \
	env ICOUNT=1 MODULES="$(BENCH_MODULES)" EXTRA_MODULES= \
	  ARGS_test_siphash="bench_batches=11 diff_iters=64" qemu/run.sh "$$t"

bench: ## test_siphash.ko alone, TCG timing (host time) at high effort (BENCH_BATCHES=101)
	@$(HARNESS_TARGET); scripts/deps.sh && \
	TCG_TIMING=1 MODULES=test_siphash ARGS_test_siphash="bench_batches=$(BENCH_BATCHES) diff_iters=64" \
		RESULTS=$(CURDIR)/build/results/$$t/bench qemu/run.sh "$$t"

check: ## every test on the whole matrix (or MATRIX=all, ARCHES=, KERNELS=): what CI runs
	@scripts/check.sh

RESULTS_DIR = $(CURDIR)/build/results
docs: ## the README's matrix and docs/results.md from the last full make check
	@test -r $(RESULTS_DIR)/targets.txt || { echo "error: no make check results in build/results" >&2; exit 1; }
	@test "$$(cat $(RESULTS_DIR)/targets.txt)" = "$$(scripts/targets.py list | tr '\n' ' ' | sed 's/ $$//')" || { \
	  echo "error: the last make check ran another selection ($$(cat $(RESULTS_DIR)/targets.txt)); docs come from a full run of MATRIX=check" >&2; exit 1; }
	python3 scripts/readme-matrix.py README.md $(RESULTS_DIR)/matrix.md
	python3 scripts/results.py $(RESULTS_DIR) >docs/results.md

# The package is built by dpkg-buildpackage in a copy of the tree, so that
# debhelper's files stay out of the sources and the .deb lands in build/deb/.
DEB_DIR = $(CURDIR)/build/deb
DEB_SRC = $(DEB_DIR)/src/siphash-oot-$(VERSION)

deb: ## the Debian package siphash-oot-dkms in build/deb/
	@scripts/deps.sh dpkg-buildpackage:dpkg-dev dh:debhelper dh_dkms:dh-dkms
	@rm -rf $(DEB_DIR)/src && mkdir -p $(DEB_SRC)
	@tar -C $(CURDIR) --exclude=./build --exclude=./.git -cf - . | tar -C $(DEB_SRC) -xf -
	cd $(DEB_SRC) && dpkg-buildpackage --build=all --no-sign >../build.log 2>&1 || \
	  { cat $(DEB_DIR)/src/build.log >&2; exit 1; }
	@mv $(DEB_DIR)/src/siphash-oot-dkms_$(VERSION)_all.deb $(DEB_DIR)/
	@echo "built $(DEB_DIR)/siphash-oot-dkms_$(VERSION)_all.deb"

deb-check: ## that package in a clean Debian root: lintian, DKMS, purge
	@scripts/deb-check.sh

version: ## print the version (SIPHASH_OOT_VERSION in siphash.h)
	@test -n "$(VERSION)" || { echo "error: no SIPHASH_OOT_VERSION in siphash.h" >&2; exit 1; }
	@echo $(VERSION)

test-user: ## siphash.c in user space: conformance, sanitizers, fuzzing, benchmark
	@tests/user/run.sh

clean: ## remove build output, keep the download cache (build/cache/)
	find build -mindepth 1 -maxdepth 1 ! -name cache -exec rm -rf {} + 2>/dev/null || true

distclean: clean ## also remove the download cache
	rm -rf build

help: ## this list
	@awk '/^##/ { sub(/^## ?/, ""); print; next } \
	  /^[a-z-]+:.*## / { t = $$0; sub(/:.*/, "", t); sub(/^[^#]*## /, ""); \
	  printf "  %-14s %s\n", t, $$0 }' $(firstword $(MAKEFILE_LIST))
