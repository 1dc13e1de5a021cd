/* error.c - am_error_last(): アマリリス's view of the shared error object. */
#include "amaryllis/common.h"

#include "util/error.h"

_Static_assert((int)AM_ENOMEM == (int)UT_ENOMEM &&
               (int)AM_EINVALID == (int)UT_EINVALID &&
               (int)AM_EOVERFLOW == (int)UT_EOVERFLOW &&
               (int)AM_ELIMIT == (int)UT_ELIMIT,
               "am_error_code mirrors util/error.h");

const char *am_error_last(void)
{
	return ut_error_last();
}

void am_error_clear(void)
{
	ut_error_clear();
}
