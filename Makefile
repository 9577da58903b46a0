# SPDX-License-Identifier: GPL-2.0
#
# Out-of-tree SipHash modules. Kbuild lists the modules; this file drives it.
# `make help` lists the targets and variables: the "##" comments below, the
# one place they are written.

## Variables (make VAR=value TARGET):
##   TARGET=x86_64-6.1    run, module, bench, kmake, cell, codegen: a row of
##                        qemu/targets.tsv (default: its first; make plan
##                        MATRIX=all lists them)
##   ARCH=, KERNEL=       run, module, ...: instead of TARGET, an arch (or its
##                        uname -m spelling: aarch64, armv7l, i686, ...) and a
##                        kernel series of the table; of a plain build, ARCH
##                        is kbuild's (default: the host's)
##   KDIR=...             headers tree of a plain build (default: the
##                        running kernel's, /lib/modules/$(uname -r)/build)
##   M=DIR                module: the directory of your module's Kbuild
##   EXTRA_MODULES="a.ko" run: your own modules, loaded after the project's
##   ARGS_<module>="p=v"  run, module: parameters of one module, e.g.
##                        ARGS_test_siphash="bench_batches=0"
##   MODULES="..."        run: the project's modules to load after siphash.ko
##                        (default: every module of the build; "" for none)
##   ICOUNT=1, ICOUNT=0   run: only the instruction-count boot (-icount: guest
##                        instructions, deterministic), or none of it
##   STRESS=1             run: the reliability boot instead (load/unload
##                        cycles, bad parameters, leaks; the row's depth)
##   TCG_TIMING=1         run: also print the TCG timing table (host time)
##   TIMEOUT=300          run, module: seconds a boot may take
##   ACCEL=tcg|kvm        run, module: the accelerator (default: KVM where it
##                        can run the guest, else TCG; -icount is always TCG)
##   MATRIX=check         check, plan, merge: make check's rows (default), or
##                        all: every row of qemu/targets.tsv
##   ARCHES=, KERNELS=    check, plan, merge: a subset ("x86_64 mipsel", "6.1")
##   JOBS=2               check: units of work at a time
##   BENCH_BATCHES=101    bench: batches per figure
##   FUZZ_SECONDS=60      test-user: seconds of libFuzzer
##   SIPHASH_CACHE=DIR    every download (default build/cache)
##   APT_MAX_AGE=60       minutes before the private package lists are updated
##   DEBIAN_MIRROR=, DEBIAN_SECURITY=  the archive (default deb.debian.org)
##   INSTALL_MOD_PATH=    install: a staging root instead of /
##   SUITE=trixie|sid     package: in a root of that suite instead of
##                        bookworm (make package-trixie, package-sid)
##
## Targets:
ARCH ?= $(shell uname -m)
KDIR ?= /lib/modules/$(shell uname -r)/build
# One output directory per arch, so builds never clobber each other.
BUILD_DIR ?= $(CURDIR)/build/$(ARCH)/kbuild
# What `make install` builds: the modules for users alone (Kbuild's
# sipmod-user, as DKMS builds them), apart from the test build.
USER_BUILD_DIR = $(BUILD_DIR)-user

# Everything kbuild reads, linked into the per-arch build directory file
# by file: kbuild writes each object beside its source, and the build
# directory, not the tree, must hold them (a linked folder would put the
# objects of tests/ into the tree, shared by every arch's build).
SOURCES := Kbuild $(wildcard *.c *.h)
SOURCE_DIRS := include baselines tests
link_sources = mkdir -p $(1) && \
	for f in $(SOURCES); do ln -sfn $(CURDIR)/$$f $(1)/$$f; done && \
	for d in $(SOURCE_DIRS); do \
	  if [ -L $(1)/$$d ]; then rm $(1)/$$d; fi; \
	  mkdir -p $(1)/$$d && cp -rsf $(CURDIR)/$$d/. $(1)/$$d/; done

BENCH_BATCHES ?= 101
# The harness (scripts/harness.py), with Debian's python3; ARCH is the
# harness's only when given on the command line (else it is kbuild's).
PYTHON := $(firstword $(wildcard /usr/bin/python3) python3)
HARNESS_ENV = HARNESS_ARCH='$(if $(filter command line environment,$(origin ARCH)),$(ARCH))'
HARNESS = $(HARNESS_ENV) $(PYTHON) $(CURDIR)/scripts/harness.py

.PHONY: all modules modules-user kdir-check install install-guard uninstall install-tests run module kmake bench check cell host package merge plan resolve codegen docs test-user deb deb-check version clean distclean help package-trixie package-sid

all: modules

kdir-check:
	@test -r "$(KDIR)/Makefile" || { \
	  echo "error: no kernel headers at KDIR=$(KDIR)." >&2; \
	  echo "  Install them (apt-get install linux-headers-\$$(uname -r))," >&2; \
	  echo "  pass KDIR=/path/to/headers, or build against Debian's kernel" >&2; \
	  echo "  of a row of qemu/targets.tsv (fetched into build/cache/) with:" >&2; \
	  echo "  make kmake TARGET=x86_64-6.1" >&2; \
	  exit 1; }

modules: kdir-check ## build every module against KDIR (default target)
	@$(call link_sources,$(BUILD_DIR))
	$(MAKE) -C $(KDIR) M=$(BUILD_DIR) modules

modules-user: kdir-check
	@$(call link_sources,$(USER_BUILD_DIR))
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
install: install-guard modules-user ## build and install siphash.ko alone (INSTALL_MOD_PATH=; docs/install.md)
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

# make install and the Debian package exclude each other (docs/install.md):
# both give the kernel a siphash.ko of the same version, which DKMS refuses to
# install over the other (and apt fails) or, installed first, shadows from
# updates/dkms; and both write /usr/src/siphash-oot-<version>/. So make
# install refuses while the package is installed, naming what removes it;
# the package replaces make install's files (debian/siphash-oot-dkms.preinst).
install-guard:
	@st=$$(dpkg-query -W -f='$${db:Status-Status}' siphash-oot-dkms 2>/dev/null || true); \
	if { [ -z "$(INSTALL_MOD_PATH)" ] && [ -n "$$st" ] && [ "$$st" != not-installed ] && \
	     [ "$$st" != config-files ]; } || [ -n "$$(ls -A $(INSTALL_MOD_PATH)/var/lib/dkms/siphash-oot 2>/dev/null)" ]; then \
	  echo "error: siphash-oot is installed with DKMS (the Debian package siphash-oot-dkms$${st:+, $$st}):" >&2; \
	  echo "  its siphash.ko in updates/dkms/ would shadow this one in extra/. Remove it first:" >&2; \
	  echo "    apt remove siphash-oot-dkms" >&2; \
	  echo "  (siphash-oot added to DKMS by hand: dkms remove siphash-oot/<version> --all)," >&2; \
	  echo "  or keep the package and do without make install (docs/install.md)." >&2; \
	  exit 1; fi

SIPMOD_USER = $(patsubst %.o,%,$(shell sed -n 's/^sipmod-user *[:+]= *//p' $(CURDIR)/Kbuild))
MOD_DIR = $(INSTALL_MOD_PATH)/lib/modules/$(KVER)
uninstall: ## remove what make install installed for KDIR's kernel (or KVER=<release>)
	@test -n "$(VERSION)" && test -n "$(KVER)" || { \
	  echo "error: no version in siphash.h or no UTS_RELEASE in KDIR (give KVER=<release>)" >&2; exit 1; }
	rm -f $(foreach m,$(SIPMOD_USER),$(MOD_DIR)/extra/$(m).ko $(MOD_DIR)/extra/$(m).ko.*)
	rm -f $(DEVEL_DIR)/include/siphash.h $(DEVEL_DIR)/$(KVER)/Module.symvers
	@rmdir $(MOD_DIR)/extra $(DEVEL_DIR)/include $(DEVEL_DIR)/$(KVER) $(DEVEL_DIR) 2>/dev/null || true
	if [ -d $(MOD_DIR) ]; then depmod $(if $(INSTALL_MOD_PATH),-b $(abspath $(INSTALL_MOD_PATH))) $(KVER); fi

install-tests: modules ## for test machines only: every module, demos and tests too
	@test -n "$(KVER)" || { echo "error: no UTS_RELEASE in KDIR" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(BUILD_DIR) $(NO_SIGN) modules_install
	depmod $(if $(INSTALL_MOD_PATH),-b $(abspath $(INSTALL_MOD_PATH))) $(KVER)

run: ## build, boot Debian's kernel of TARGET in QEMU, load every module; then the icount benchmarks
	@$(HARNESS) run

module: ## your module in M=DIR: built against TARGET's kernel, one boot of siphash.ko and it
	@$(HARNESS) module $(M)

kmake: ## the project's modules for TARGET, against its Debian kernel (build/TARGET/kbuild/)
	@$(HARNESS) kmake

bench: ## test_siphash.ko alone, TCG timing (host time) at high effort (BENCH_BATCHES=101)
	@ICOUNT=0 TCG_TIMING=1 MODULES=test_siphash \
	  ARGS_test_siphash="bench_batches=$(BENCH_BATCHES) diff_iters=64" $(HARNESS) run

check: ## every test: static gates, package, every cell of MATRIX; what CI runs (.ci/run)
	@$(HARNESS) check

cell: ## one cell of the matrix, every check (what make check and each CI job run)
	@$(HARNESS) cell $(TARGET)

host: ## the checks of no target: checkpatch, kernel-doc, vectors, test-user, plan, merge, actionlint
	@$(HARNESS) host

package: ## the Debian package in a clean root, DKMS, and a boot of what DKMS built
	@$(HARNESS) package

# The package in a trixie or sid root (MATRIX=all and CI only): the same
# as make package SUITE=trixie.
package-trixie: ## the package in a trixie root, each kernel booted with trixie's kmod
package-sid: ## the same in a sid root
package-trixie package-sid:
	@SUITE=$(@:package-%=%) $(HARNESS) package

merge: ## judge build/results/: matrix.csv, the summary; fails on a failed or missing cell
	@$(HARNESS) merge

plan: ## the rows of MATRIX as JSON (the CI workflow's job list)
	@$(HARNESS) plan

resolve: ## the package versions TARGET's cell fetches (the CI cache key)
	@$(HARNESS) resolve

codegen: ## siphash.c against the kernel's lib/siphash.c, per function, as TARGET compiles them
	@$(HARNESS_ENV) $(PYTHON) $(CURDIR)/tests/codegen/compare.py $(TARGET)

RESULTS_DIR = $(CURDIR)/build/results
docs: ## the README's matrix and docs/results.md from the last full make check
	@test -r $(RESULTS_DIR)/targets.txt || { echo "error: no make check results in build/results" >&2; exit 1; }
	$(PYTHON) scripts/results.py $(RESULTS_DIR)

# The package is built by dpkg-buildpackage in a copy of the tree, so that
# debhelper's files stay out of the sources and the .deb lands in build/deb/.
DEB_DIR = $(CURDIR)/build/deb
DEB_SRC = $(DEB_DIR)/src/siphash-oot-$(VERSION)

deb: ## the Debian package siphash-oot-dkms in build/deb/
	@command -v dh_dkms >/dev/null || { echo "error: no dh_dkms: apt-get install dpkg-dev debhelper dh-dkms" >&2; exit 1; }
	@rm -rf $(DEB_DIR)/src && mkdir -p $(DEB_SRC)
	@tar -C $(CURDIR) --exclude=./build --exclude=./.git -cf - . | tar -C $(DEB_SRC) -xf -
	cd $(DEB_SRC) && dpkg-buildpackage --build=all --no-sign >../build.log 2>&1 || \
	  { cat $(DEB_DIR)/src/build.log >&2; exit 1; }
	@mv $(DEB_DIR)/src/siphash-oot-dkms_$(VERSION)_all.deb $(DEB_DIR)/
	@echo "built $(DEB_DIR)/siphash-oot-dkms_$(VERSION)_all.deb"

deb-check: package ## the same as package (its old name)

version: ## print the version (SIPHASH_OOT_VERSION in siphash.h)
	@test -n "$(VERSION)" || { echo "error: no SIPHASH_OOT_VERSION in siphash.h" >&2; exit 1; }
	@echo $(VERSION)

test-user: ## siphash.c in user space: conformance, sanitizers, fuzzing, benchmark
	@$(PYTHON) tests/user/run.py

clean: ## remove build output, keep the download cache (build/cache/)
	find build -mindepth 1 -maxdepth 1 ! -name cache -exec rm -rf {} + 2>/dev/null || true

distclean: clean ## also remove the download cache
	rm -rf build

help: ## this list
	@sed -n 's/^## \{0,1\}//p; s/^\([a-z-]*\):.*## \(.*\)/  \1\t\2/p' $(firstword $(MAKEFILE_LIST)) | expand -t 16
