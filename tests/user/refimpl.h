/* SPDX-License-Identifier: GPL-2.0 */
/*
 * refimpl.h - the independent implementations the tests compare with:
 * libsodium's crypto_shorthash_siphash24 and OpenSSL 3's SIPHASH EVP_MAC
 * with c-rounds=1, d-rounds=3 (the call of tests/vectors/gen_vectors.c).
 * Results as integers of the little-endian output bytes.
 */
#ifndef SIPHASH_USER_REFIMPL_H
#define SIPHASH_USER_REFIMPL_H

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>

#include <linux/kernel.h>

static inline u64 siphash24_sodium(const u8 *key, const u8 *msg, size_t len)
{
	u64 out;

	crypto_shorthash_siphash24((u8 *)&out, msg, len, key);
	return le64_to_cpu(out);
}

static inline u64 siphash13_openssl(const u8 *key, const u8 *msg, size_t len)
{
	static EVP_MAC_CTX *ctx;
	unsigned int c = 1, d = 3;
	size_t size = 8, outl = 0;
	u64 out;
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size),
		OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_C_ROUNDS, &c),
		OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_D_ROUNDS, &d),
		OSSL_PARAM_construct_end(),
	};

	if (!ctx) {
		EVP_MAC *mac = EVP_MAC_fetch(NULL, "SIPHASH", NULL);

		ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
		EVP_MAC_free(mac);	/* the context holds a reference */
	}
	if (!ctx || !EVP_MAC_init(ctx, key, 16, params) ||
	    !EVP_MAC_update(ctx, msg, len) ||
	    !EVP_MAC_final(ctx, (u8 *)&out, &outl, sizeof(out)) ||
	    outl != 8) {
		fprintf(stderr, "OpenSSL SIPHASH failed\n");
		abort();
	}
	return le64_to_cpu(out);
}

#endif
