/* error.h - the one helper that sets the thread-local error (see common.h). */
#ifndef AM_UTIL_ERROR_H
#define AM_UTIL_ERROR_H

#include "amaryllis/common.h"

/*
 * Record a failure message for am_error_last() and return `code`, so callers
 * can write `return am_error_set(AM_EINVALID, "…", …);`.
 */
int am_error_set(int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

#endif
