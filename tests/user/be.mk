# SPDX-License-Identifier: GPL-2.0
#
# The big-endian build of the user-space tests (tests/user/run-be.sh):
# test_user for s390x, static, with Debian's cross compiler, from the same
# sources, shims and flags as the x86 variants of the Makefile.
#
#   make -C tests/user -f be.mk O=... BE_CC=s390x-linux-gnu-gcc-12 be

include Makefile

BE_CC ?= s390x-linux-gnu-gcc-12

.PHONY: be
be: $(O)/s390x/test_user $(O)/refgen

$(O)/s390x/test_user: test_user.c $(ROOT)/siphash.c $(ROOT)/siphash.h $(SHIMS) $(VECTORS)
	@mkdir -p $(@D)
	$(BE_CC) $(CFLAGS) -static test_user.c $(ROOT)/siphash.c -o $@
