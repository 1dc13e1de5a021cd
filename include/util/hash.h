/*
 * util/hash.h - FNV-1a, 64 bits: a small, fast, well-known hash for hash
 * sets of names and for fingerprints (not for anything adversarial).
 */
#ifndef UT_HASH_H
#define UT_HASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where an FNV-1a hash starts (its offset basis). */
#define UT_FNV1A_START UINT64_C(0xcbf29ce484222325)

/* Hash n bytes onward from h (UT_FNV1A_START, or an earlier result, so that
 * several pieces hash as one). */
static inline uint64_t ut_fnv1a(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = (const unsigned char *)data;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ p[i]) * UINT64_C(0x100000001b3);
	return h;
}

/* The hash of a NUL-terminated string. */
static inline uint64_t ut_fnv1a_str(const char *s)
{
	uint64_t h = UT_FNV1A_START;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
	return h;
}

#ifdef __cplusplus
}
#endif

#endif
