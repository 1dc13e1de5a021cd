/*
 * amaryllis/core/version.c - am_version(): the version the library was
 * built as (amaryllis/common.h).
 */
#include "amaryllis/common.h"

const char *am_version(void)
{
	return AM_VERSION;
}
