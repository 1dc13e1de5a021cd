/*
 * util/error.h - the thread-local error object shared by every rule system
 * (libgit2's git_error_last pattern).
 *
 * A library function that fails records why with ut_error_set() and returns
 * a negative code; the front end reads the text with the system's own name
 * for ut_error_last(): am_error_last(), mg_error_last() and ms_error_last()
 * return it (and xx_error_clear() calls ut_error_clear()), so every system
 * reads and clears this one object.  The codes below are the one
 * table of return codes: each system's public enum (am_error_code,
 * mg_error_code, ms_error_code) is defined from it, value for value.  The
 * values are API: never renumber them.
 */
#ifndef UT_ERROR_H
#define UT_ERROR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ut_error_code {
	UT_OK = 0,
	UT_ERROR = -1,     /* generic failure */
	UT_ENOMEM = -2,    /* allocation failed */
	UT_EINVALID = -3,  /* the input is not legal */
	UT_EOVERFLOW = -4, /* checked integer arithmetic overflowed */
	UT_ELIMIT = -5     /* a configured limit was hit */
} ut_error_code;

/*
 * Record a failure message for ut_error_last() and return `code`, so callers
 * can write `return ut_error_set(UT_EINVALID, "…", …);`.
 */
int ut_error_set(int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/*
 * ut_error_set with the message in both languages (util/lang.h): `ja` and
 * `en` are printf formats of the same arguments, in the same order.
 * ut_error_last() is the English text, ut_error_last_lang() either.
 */
int ut_error_set_tr(int code, const char *ja, const char *en, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 4), format(printf, 3, 4)))
#endif
	;

/* ut_error_set_tr of two texts made already (each as it is, no format):
 * for a message whose arguments differ by language (ut_strerror). */
int ut_error_set_texts(int code, const char *ja, const char *en);

/* The last message set on this thread ("" when none); borrowed. */
const char *ut_error_last(void);

/* The last message in `lang` (a ut_lang or a system's XX_LANG_*): the
 * Japanese one of ut_error_set_tr when lang is Japanese, else the text of
 * ut_error_last() (a message set by ut_error_set has one text).  Borrowed. */
const char *ut_error_last_lang(int lang);

/*
 * What errno value err says, in lang: Japanese (glibc's libc.mo texts) for
 * the errors a file, a stream or a listening socket gives (ENOENT, EACCES,
 * EISDIR, ENOSPC, EADDRINUSE, …),
 * so that a Japanese message does not end in English; strerror's text
 * otherwise, and in English.
 */
const char *ut_strerror(int lang, int err);

/*
 * msg in lang: the libraries' messages are English (their *_error_last),
 * and the one they all give for UT_ENOMEM, "out of memory", ends many a
 * message made of them ("FILE: out of memory").  In Japanese such a msg
 * comes back with "メモリが足りません" in its place, in buf (size bytes;
 * cut on a character boundary); any other msg, or in English, msg itself.
 */
const char *ut_error_text_lang(int lang, const char *msg, char *buf,
                               size_t size);

/* Forget the last message of this thread. */
void ut_error_clear(void);

#ifdef __cplusplus
}
#endif

#endif
