# SPDX-License-Identifier: GPL-2.0
#
# Out-of-tree SipHash modules. Kbuild lists the modules; this file drives it.
#
#   make [KDIR=...] [ARCH=...]   build the modules against KDIR
#                                (default: the running kernel's build dir)
#   make run [ARCH=x86_64] [KERNEL=6.1|6.12|6.12-rt|sid] [ACCEL=tcg|kvm]
#            [EXTRA_MODULES="a.ko b.ko"] [ARGS_<module>="param=value ..."]
#            [TIMEOUT=seconds]
#                                fetch Debian's kernel of that series for ARCH
#                                (x86_64 i386 arm64 armhf s390x mipsel
#                                mips64el), build, boot it in QEMU, load the
#                                modules, show KTAP results and benchmarks;
#                                results in build/results/ARCH-KERNEL/boot/
#   make bench [ARCH=x86_64] [KERNEL=6.1] [BENCH_BATCHES=101]
#                                boot with test_siphash.ko alone, benchmarks at
#                                high effort: table, bench.csv and bench.png
#   make install [KDIR=...] [ARCH=...] [INSTALL_MOD_PATH=/staging]
#                                build siphash.ko alone, then install it like
#                                any out-of-tree module (see docs/install.md):
#                                - siphash.ko with the kernel's
#                                  modules_install into
#                                  $(INSTALL_MOD_PATH)/lib/modules/<kver>/extra/,
#                                  then depmod for <kver>;
#                                - for consumer modules, siphash.h into
#                                  $(INSTALL_MOD_PATH)/usr/src/siphash-oot-<version>/include/
#                                  and the Module.symvers of this build into
#                                  $(INSTALL_MOD_PATH)/usr/src/siphash-oot-<version>/<kver>/
#   make install-tests [KDIR=...] [ARCH=...] [INSTALL_MOD_PATH=/staging]
#                                for test machines only: every module, the
#                                demos and test modules too (their parameters
#                                can oops or hang the machine on purpose)
#   make check [ARCHES="x86_64 s390x"] [KERNELS="6.1 sid"] [JOBS=2]
#                                all tests: the whole support matrix (every
#                                arch and kernel series, or the subset),
#                                static gates, negative controls, matrix.csv
#                                (what CI runs)
#   make test-user [FUZZ_SECONDS=60]
#                                siphash.c built in user space against
#                                tests/user/ shims: conformance, ASan/UBSan,
#                                valgrind, libFuzzer, benchmark
#   make deb                     the Debian package siphash-oot-dkms (debian/):
#                                build/deb/siphash-oot-dkms_<version>_all.deb,
#                                for `apt install`; DKMS then builds
#                                siphash.ko for every kernel
#   make deb-check               prove that package in a clean Debian root
#                                (scripts/deb-check.sh): lintian, DKMS for
#                                6.1 and 6.12, autoinstall, purge
#   make version                 print the version (SIPHASH_OOT_VERSION)
#   make clean                   remove build output (keeps the download cache)
#   make distclean               also remove the download cache

ARCH ?= $(shell uname -m)
KDIR ?= /lib/modules/$(shell uname -r)/build
# One output directory per arch, so builds never clobber each other.
BUILD_DIR ?= $(CURDIR)/build/$(ARCH)/kbuild
# What `make install` builds: the modules for users alone (Kbuild's
# sipmod-user, as DKMS builds them), apart from the test build.
USER_BUILD_DIR = $(BUILD_DIR)-user

# Everything kbuild reads, linked into the per-arch build directory.
SOURCES := Kbuild $(wildcard *.c *.h) tests

BENCH_BATCHES ?= 101
# The harness's kernel series (make run, make bench).
KERNEL ?= 6.1

.PHONY: all modules modules-user kdir-check install install-tests run bench check test-user deb deb-check version clean distclean

all: modules

kdir-check:
	@test -r "$(KDIR)/Makefile" || { \
	  echo "error: no kernel headers at KDIR=$(KDIR)." >&2; \
	  echo "  Install them (apt-get install linux-headers-\$$(uname -r))," >&2; \
	  echo "  pass KDIR=/path/to/headers, or build against Debian's kernel" >&2; \
	  echo "  of any target of the matrix (fetched into build/cache/) with:" >&2; \
	  echo "  scripts/kmake.sh x86_64-6.1   (or i386-6.1, arm64-6.12, x86_64-sid, ...)" >&2; \
	  exit 1; }

modules: kdir-check
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
install: modules-user
	@test -n "$(VERSION)" && test -n "$(KVER)" || { \
	  echo "error: no version in siphash.h or no UTS_RELEASE in KDIR" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(USER_BUILD_DIR) $(NO_SIGN) modules_install
	depmod $(if $(INSTALL_MOD_PATH),-b $(abspath $(INSTALL_MOD_PATH))) $(KVER)
	install -D -m 0644 siphash.h $(DEVEL_DIR)/include/siphash.h
	install -D -m 0644 $(USER_BUILD_DIR)/Module.symvers $(DEVEL_DIR)/$(KVER)/Module.symvers

install-tests: modules
	@test -n "$(KVER)" || { echo "error: no UTS_RELEASE in KDIR" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(BUILD_DIR) $(NO_SIGN) modules_install
	depmod $(if $(INSTALL_MOD_PATH),-b $(abspath $(INSTALL_MOD_PATH))) $(KVER)

run:
	@scripts/deps.sh
	@qemu/run.sh $(ARCH)-$(KERNEL)

bench:
	@scripts/deps.sh
	@MODULES=test_siphash ARGS_test_siphash="bench_batches=$(BENCH_BATCHES) diff_iters=64" \
		RESULTS=$(CURDIR)/build/results/$(ARCH)-$(KERNEL)/bench qemu/run.sh $(ARCH)-$(KERNEL)

check:
	@scripts/check.sh

# The package is built by dpkg-buildpackage in a copy of the tree, so that
# debhelper's files stay out of the sources and the .deb lands in build/deb/.
DEB_DIR = $(CURDIR)/build/deb
DEB_SRC = $(DEB_DIR)/src/siphash-oot-$(VERSION)

deb:
	@scripts/deps.sh dpkg-buildpackage:dpkg-dev dh:debhelper dh_dkms:dh-dkms
	@rm -rf $(DEB_DIR)/src && mkdir -p $(DEB_SRC)
	@tar -C $(CURDIR) --exclude=./build --exclude=./.git -cf - . | tar -C $(DEB_SRC) -xf -
	cd $(DEB_SRC) && dpkg-buildpackage --build=all --no-sign >../build.log 2>&1 || \
	  { cat $(DEB_DIR)/src/build.log >&2; exit 1; }
	@mv $(DEB_DIR)/src/siphash-oot-dkms_$(VERSION)_all.deb $(DEB_DIR)/
	@echo "built $(DEB_DIR)/siphash-oot-dkms_$(VERSION)_all.deb"

deb-check:
	@scripts/deb-check.sh

version:
	@test -n "$(VERSION)" || { echo "error: no SIPHASH_OOT_VERSION in siphash.h" >&2; exit 1; }
	@echo $(VERSION)

test-user:
	@tests/user/run.sh

clean:
	find build -mindepth 1 -maxdepth 1 ! -name cache -exec rm -rf {} + 2>/dev/null || true

distclean: clean
	rm -rf build
