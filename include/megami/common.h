/*
 * megami/common.h - error codes, languages and the last error of the
 * 戦女神TRPG combat library (prefix mg_).
 *
 * Every public function that can fail returns an int: 0 on success, one of
 * the negative mg_error_code values on failure.  The library never prints;
 * the text of the last failure on the calling thread is mg_error_last().
 */
#ifndef MEGAMI_COMMON_H
#define MEGAMI_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "../util/error.h"
#include "../util/lang.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Return codes (0 is success); the values of util/error.h. */
typedef enum mg_error_code {
	MG_OK = UT_OK,
	MG_ERROR = UT_ERROR,          /**< generic failure */
	MG_ENOMEM = UT_ENOMEM,        /**< allocation failed */
	MG_EINVALID = UT_EINVALID,    /**< bad scenario, expression, action, dice */
	MG_EOVERFLOW = UT_EOVERFLOW,  /**< checked integer arithmetic overflowed */
	MG_ELIMIT = UT_ELIMIT         /**< a configured limit was hit */
} mg_error_code;

/** Languages of messages and logs (the values of ut_lang). */
typedef enum mg_lang {
	MG_LANG_JA = 0, /**< Japanese, the language of the rules (default) */
	MG_LANG_EN = 1  /**< English */
} mg_lang;

#ifndef __cplusplus
_Static_assert((int)MG_LANG_JA == (int)UT_LANG_JA &&
               (int)MG_LANG_EN == (int)UT_LANG_EN,
               "mg_lang must keep the values of ut_lang");
#endif

/**
 * The message of the last failure on this thread: ut_error_last()
 * (util/error.h), the error object every system shares.  A function (not
 * a macro), so that other languages' bindings find it by name.
 * @return a borrowed string, valid until the next failing call on this
 *         thread; "" when nothing failed yet.
 */
const char *mg_error_last(void);

/** Clear the thread-local error (ut_error_clear()). */
void mg_error_clear(void);

/**
 * The version of these headers, the project's (CMakeLists.txt project():
 * CMake stops when they differ).  mg_version() is the library's: a
 * program can check at run time that the library it loaded is the one
 * it was built against (docs/EMBEDDING.md, "Versions").
 */
#define MG_VERSION_MAJOR 0
#define MG_VERSION_MINOR 1
#define MG_VERSION_PATCH 0
#define MG_VERSION "0.1.0"

/** The library's version, "MAJOR.MINOR.PATCH" (MG_VERSION when it was
 *  built): a static string. */
const char *mg_version(void);

#ifdef __cplusplus
}
#endif

#endif
