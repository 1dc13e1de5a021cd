/*
 * manastorm/core/version.c - ms_version(): the version the library was
 * built as (manastorm/common.h); ms_error_last() and ms_error_clear(),
 * the system's names for the shared error object (util/error.h).
 */
#include "manastorm/common.h"
#include "util/error.h"

const char *ms_version(void)
{
	return MS_VERSION;
}

const char *ms_error_last(void)
{
	return ut_error_last();
}

void ms_error_clear(void)
{
	ut_error_clear();
}
