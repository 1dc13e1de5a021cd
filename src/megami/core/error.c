/* error.c - mg_error_last(): the megami view of the shared error object. */
#include "megami/common.h"

#include "util/error.h"

_Static_assert((int)MG_ENOMEM == (int)UT_ENOMEM &&
               (int)MG_EINVALID == (int)UT_EINVALID &&
               (int)MG_EOVERFLOW == (int)UT_EOVERFLOW &&
               (int)MG_ELIMIT == (int)UT_ELIMIT,
               "mg_error_code mirrors util/error.h");
_Static_assert((int)MG_LANG_JA == (int)UT_LANG_JA &&
               (int)MG_LANG_EN == (int)UT_LANG_EN,
               "mg_lang mirrors util/lang.h");

const char *mg_error_last(void)
{
	return ut_error_last();
}
