/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gen_common.h - what the C generators of this folder share
 * (gen_common.c): libsodium checked against the SipHash paper before any
 * value is written, and the frame of a known-answer header.
 */
#ifndef SIPHASH_VECTORS_GEN_COMMON_H
#define SIPHASH_VECTORS_GEN_COMMON_H

int gen_sodium_init(unsigned char key[16]);
void gen_kat_head(const char *gen, const char *comment, const char *guard);
void gen_tail(const char *guard);

#endif /* SIPHASH_VECTORS_GEN_COMMON_H */
