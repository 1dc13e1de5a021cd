/*
 * amaryllis/core/version.c - am_version(): the version the library was
 * built as (amaryllis/common.h); am_error_last() and am_error_clear(),
 * the system's names for the shared error object (util/error.h).
 */
#include "amaryllis/common.h"
#include "util/error.h"

const char *am_version(void)
{
	return AM_VERSION;
}

const char *am_error_last(void)
{
	return ut_error_last();
}

const char *am_error_last_lang(int lang)
{
	return ut_error_last_lang(lang);
}

void am_error_clear(void)
{
	ut_error_clear();
}
