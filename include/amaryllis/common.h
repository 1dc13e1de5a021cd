/*
 * amaryllis/common.h - error codes, languages and the thread-local error.
 *
 * Every public function that can fail returns an int: 0 on success, one of
 * the negative am_error_code values on failure.  The library never prints;
 * the text of the last failure on the calling thread is am_error_last().
 */
#ifndef AMARYLLIS_COMMON_H
#define AMARYLLIS_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "../util/error.h"
#include "../util/lang.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Return codes of the library (0 is success). */
typedef enum am_error_code {
	AM_OK = UT_OK,
	AM_ERROR = UT_ERROR,          /**< generic failure */
	AM_ENOMEM = UT_ENOMEM,        /**< allocation failed */
	AM_EINVALID = UT_EINVALID,    /**< not a legal unit, team or sheet */
	AM_EOVERFLOW = UT_EOVERFLOW,  /**< checked integer arithmetic overflowed */
	AM_ELIMIT = UT_ELIMIT         /**< a limit (population, size) was hit */
} am_error_code;

/** Languages of messages and battle logs. */
typedef enum am_lang {
	AM_LANG_JA = 0, /**< Japanese, the language of the rules (default) */
	AM_LANG_EN = 1  /**< English */
} am_lang;

#ifndef __cplusplus
/* The util message catalogue indexes its texts by ut_lang; an am_lang is
 * passed to it as it is. */
_Static_assert((int)AM_LANG_JA == (int)UT_LANG_JA &&
               (int)AM_LANG_EN == (int)UT_LANG_EN,
               "am_lang must keep the values of ut_lang");
#endif

/**
 * The message of the last failure on this thread: ut_error_last()
 * (util/error.h), the error object every system shares.  A function (not
 * a macro), so that other languages' bindings find it by name.
 *
 * @return a borrowed string, valid until the next failing library call on
 *         this thread; "" when nothing failed yet.
 */
const char *am_error_last(void);

/**
 * The message of the last failure in `lang` (an am_lang):
 * ut_error_last_lang().  Messages set in both languages (the hill's)
 * have their Japanese text; any other is the text of am_error_last().
 */
const char *am_error_last_lang(int lang);

/** Clear the thread-local error (ut_error_clear()). */
void am_error_clear(void);

/**
 * The version of these headers, the project's (CMakeLists.txt project():
 * CMake stops when they differ).  am_version() is the library's: a
 * program can check at run time that the library it loaded is the one
 * it was built against (docs/EMBEDDING.md, "Versions").
 */
#define AM_VERSION_MAJOR 0
#define AM_VERSION_MINOR 1
#define AM_VERSION_PATCH 0
#define AM_VERSION "0.1.0"

/** The library's version, "MAJOR.MINOR.PATCH" (AM_VERSION when it was
 *  built): a static string. */
const char *am_version(void);

#ifdef __cplusplus
}
#endif

#endif
