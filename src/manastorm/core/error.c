/* error.c - ms_error_last(): the manastorm view of the shared error object. */
#include "manastorm/common.h"

#include "util/error.h"

_Static_assert((int)MS_ENOMEM == (int)UT_ENOMEM &&
               (int)MS_EINVALID == (int)UT_EINVALID &&
               (int)MS_EOVERFLOW == (int)UT_EOVERFLOW &&
               (int)MS_ELIMIT == (int)UT_ELIMIT,
               "ms_error_code mirrors util/error.h");
_Static_assert((int)MS_LANG_JA == (int)UT_LANG_JA &&
               (int)MS_LANG_EN == (int)UT_LANG_EN,
               "ms_lang mirrors util/lang.h");

const char *ms_error_last(void)
{
	return ut_error_last();
}
