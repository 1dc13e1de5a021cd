/*
 * manastorm/common.h - error codes, languages and the last error of the
 * card duel simulator library (prefix ms_).
 *
 * Every public function that can fail returns an int: 0 on success, one of
 * the negative ms_error_code values on failure.  The library never prints;
 * the text of the last failure on the calling thread is ms_error_last().
 */
#ifndef MANASTORM_COMMON_H
#define MANASTORM_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "../util/error.h"
#include "../util/lang.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Return codes (0 is success); the values of util/error.h. */
typedef enum ms_error_code {
	MS_OK = UT_OK,
	MS_ERROR = UT_ERROR,          /**< generic failure */
	MS_ENOMEM = UT_ENOMEM,        /**< allocation failed */
	MS_EINVALID = UT_EINVALID,    /**< bad input: scenario, card, choice */
	MS_EOVERFLOW = UT_EOVERFLOW,  /**< checked integer arithmetic overflowed */
	MS_ELIMIT = UT_ELIMIT         /**< a configured limit was hit */
} ms_error_code;

/** Languages of messages and logs (the values of ut_lang). */
typedef enum ms_lang {
	MS_LANG_JA = 0, /**< Japanese, the language of the rules (default) */
	MS_LANG_EN = 1  /**< English */
} ms_lang;

#ifndef __cplusplus
_Static_assert((int)MS_LANG_JA == (int)UT_LANG_JA &&
               (int)MS_LANG_EN == (int)UT_LANG_EN,
               "ms_lang must keep the values of ut_lang");
#endif

/**
 * The message of the last failure on this thread: ut_error_last()
 * (util/error.h), the error object every system shares.  A function (not
 * a macro), so that other languages' bindings find it by name.
 * @return a borrowed string, valid until the next failing call on this
 *         thread; "" when nothing failed yet.
 */
const char *ms_error_last(void);

/** Clear the thread-local error (ut_error_clear()). */
void ms_error_clear(void);

/**
 * The version of these headers, the project's (CMakeLists.txt project():
 * CMake stops when they differ).  ms_version() is the library's: a
 * program can check at run time that the library it loaded is the one
 * it was built against (docs/EMBEDDING.md, "Versions").
 */
#define MS_VERSION_MAJOR 0
#define MS_VERSION_MINOR 1
#define MS_VERSION_PATCH 0
#define MS_VERSION "0.1.0"

/** The library's version, "MAJOR.MINOR.PATCH" (MS_VERSION when it was
 *  built): a static string. */
const char *ms_version(void);

#ifdef __cplusplus
}
#endif

#endif
