/*
 * fuzz_request.h - the request line of the HTTP fuzz targets (fuzz_web,
 * fuzz_megami_serve): an input whose first line is "METHOD PATH[?QUERY]"
 * is that request, the rest its body.
 */
#ifndef FUZZ_REQUEST_H
#define FUZZ_REQUEST_H

#include <stddef.h>
#include <string.h>

/* The first line of (*body, *len), "METHOD PATH", into method and path
 * (NUL-terminated; msize and psize bytes at most with the NUL), and the
 * body past it; nothing changes when there is no such line or a part does
 * not fit.  The query stays in path, after its '?'. */
static inline void fuzz_request_line(char *method, size_t msize, char *path,
                                     size_t psize, const char **body,
                                     size_t *len)
{
	const char *b = *body, *nl = memchr(b, '\n', *len);
	const char *sp = nl ? memchr(b, ' ', (size_t)(nl - b)) : NULL;

	if (!sp || (size_t)(sp - b) >= msize || (size_t)(nl - sp - 1) >= psize)
		return;
	memcpy(method, b, (size_t)(sp - b));
	method[sp - b] = '\0';
	memcpy(path, sp + 1, (size_t)(nl - sp - 1));
	path[nl - sp - 1] = '\0';
	*len -= (size_t)(nl + 1 - b);
	*body = nl + 1;
}

#endif
