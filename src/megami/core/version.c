/*
 * megami/core/version.c - mg_version(): the version the library was
 * built as (megami/common.h); mg_error_last() and mg_error_clear(),
 * the system's names for the shared error object (util/error.h).
 */
#include "megami/common.h"
#include "util/error.h"

const char *mg_version(void)
{
	return MG_VERSION;
}

const char *mg_error_last(void)
{
	return ut_error_last();
}

void mg_error_clear(void)
{
	ut_error_clear();
}
