/* error.c - the thread-local last error of every system (libgit2's
 * git_error_last pattern); am_/mg_/ms_error_last are macros for it. */
#include "util/error.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local char last_error[512];

const char *ut_error_last(void)
{
	return last_error;
}

void ut_error_clear(void)
{
	last_error[0] = '\0';
}

int ut_error_set(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last_error, sizeof(last_error), fmt, ap);
	va_end(ap);
	return code;
}
