/*
 * tests/util/support/fail_alloc.h - allocation failures on demand, for the
 * tests of what must fail cleanly (or do without) when memory runs out.
 *
 * A test linked with am_test_fail_alloc(<target>) (cmake/rule_system.cmake:
 * -Wl,--wrap for malloc, calloc, realloc and aligned_alloc) sends every
 * allocation of the code linked into it statically through this file;
 * calls the libraries make inside themselves (glibc's own, cmocka's) do
 * not come here.  Once armed with n, the nth allocation from then fails,
 * once, on whichever thread makes it:
 *
 *   for (n = 1; misses < 3; n++) {
 *           tf_fail_arm(n);
 *           rc = run(...);
 *           if (tf_fail_disarm()) ... rc is the ENOMEM code, or the run
 *                                     did without: the same result;
 *           else misses++;          ... past the last allocation
 *   }
 */
#ifndef TF_FAIL_ALLOC_H
#define TF_FAIL_ALLOC_H

/* The nth allocation from now (n ≥ 1) fails. */
void tf_fail_arm(long n);

/* No allocation fails from now; whether one failed since tf_fail_arm. */
int tf_fail_disarm(void);

#endif
