# SPDX-License-Identifier: GPL-2.0
# The compat probes of the project's Kbuild files (the top one and
# tests/controls'), the make half of include/compat.h: what the kernel tree
# at $(srctree) (sources and headers) and $(objtree) (its build,
# Module.symvers) provides, as -D flags for compat.h, the one place that
# acts on them. Each probe reads the kernel's own files; none tests a
# version.
sipmod-header = $(if $(wildcard $(srctree)/include/$(1)),-D$(2))
sipmod-grep = $(if $(shell grep -qE '$(1)' $(2) 2>/dev/null && echo y),-D$(3))

ccflags-y += $(call sipmod-header,linux/unaligned.h,SIPMOD_HAVE_LINUX_UNALIGNED_H)
ccflags-y += $(call sipmod-header,linux/hex.h,SIPMOD_HAVE_LINUX_HEX_H)
ccflags-y += $(call sipmod-grep,param_set_uint_minmax,$(srctree)/include/linux/moduleparam.h,SIPMOD_HAVE_PARAM_SET_UINT_MINMAX)
ccflags-y += $(call sipmod-grep,define MODULE_IMPORT_NS[(]ns[)][[:space:]]+MODULE_INFO[(]import_ns$(comma) ns[)],$(srctree)/include/linux/module.h,SIPMOD_NS_IS_STRING)
ccflags-y += $(call sipmod-grep,void sha1_transform\b,$(srctree)/include/crypto/sha1.h,SIPMOD_HAVE_SHA1_TRANSFORM)
ccflags-y += $(call sipmod-grep,void sha1_transform\b,$(srctree)/include/crypto/sha.h,SIPMOD_HAVE_SHA1_TRANSFORM_IN_SHA_H)
ccflags-y += $(call sipmod-grep,[[:space:]]secure_dccp_sequence_number[[:space:]],$(objtree)/Module.symvers,SIPMOD_HAVE_DCCP)
ccflags-y += $(call sipmod-grep,[[:space:]]secure_tcp_seq_and_ts_off[[:space:]],$(objtree)/Module.symvers,SIPMOD_HAVE_TCP_SEQ_AND_TS_OFF)
ccflags-y += $(call sipmod-grep,int __cookie_v4_check[(]const struct iphdr [*]iph$(comma) const struct tcphdr [*]th[)];,$(srctree)/include/net/tcp.h,SIPMOD_COOKIE_CHECK_FROM_ACK)
ccflags-y += $(call sipmod-grep,^struct sockaddr_unsized [{],$(srctree)/include/linux/socket.h,SIPMOD_HAVE_SOCKADDR_UNSIZED)
# The kernel's HMAC library calls, for the one object that acts on them.
CFLAGS_tests/test_hmac.o += $(call sipmod-grep,[[:space:]]hmac_sha256_preparekey[[:space:]],$(objtree)/Module.symvers,SIPMOD_HAVE_HMAC_SHA256)
CFLAGS_tests/test_hmac.o += $(call sipmod-grep,[[:space:]]hmac_sha1_preparekey[[:space:]],$(objtree)/Module.symvers,SIPMOD_HAVE_HMAC_SHA1)
