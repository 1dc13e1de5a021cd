/*
 * manastorm/core/version.c - ms_version(): the version the library was
 * built as (manastorm/common.h).
 */
#include "manastorm/common.h"

const char *ms_version(void)
{
	return MS_VERSION;
}
