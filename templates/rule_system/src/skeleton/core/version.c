/*
 * skeleton/core/version.c - sk_version(): the version the library was
 * built as (skeleton/common.h).
 */
#include "skeleton/common.h"

const char *sk_version(void)
{
	return SK_VERSION;
}
