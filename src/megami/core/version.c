/*
 * megami/core/version.c - mg_version(): the version the library was
 * built as (megami/common.h).
 */
#include "megami/common.h"

const char *mg_version(void)
{
	return MG_VERSION;
}
