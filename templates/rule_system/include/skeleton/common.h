/*
 * skeleton/common.h - error codes, languages and the last error of the
 * skeleton rule system (prefix sk_), the template of a rule system
 * (docs/HACKING.md).
 *
 * Every public function that can fail returns an int: 0 on success, one of
 * the negative sk_error_code values on failure.  The library never prints;
 * the text of the last failure on the calling thread is sk_error_last().
 */
#ifndef SKELETON_COMMON_H
#define SKELETON_COMMON_H

#include "../util/error.h"
#include "../util/lang.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Return codes (0 is success); the values of util/error.h. */
typedef enum sk_error_code {
	SK_OK = UT_OK,
	SK_ENOMEM = UT_ENOMEM,       /**< allocation failed */
	SK_EINVALID = UT_EINVALID,   /**< bad input */
	SK_EOVERFLOW = UT_EOVERFLOW  /**< checked integer arithmetic overflowed */
} sk_error_code;

/** The message of the last failure on this thread (util/error.h). */
#define sk_error_last ut_error_last

/**
 * The version of these headers, the project's (CMakeLists.txt project():
 * CMake stops when they differ).  sk_version() is the library's: a
 * program can check at run time that the library it loaded is the one
 * it was built against (docs/EMBEDDING.md, "Versions").
 */
#define SK_VERSION_MAJOR @VERSION_MAJOR@
#define SK_VERSION_MINOR @VERSION_MINOR@
#define SK_VERSION_PATCH @VERSION_PATCH@
#define SK_VERSION "@VERSION@"

/** The library's version, "MAJOR.MINOR.PATCH" (SK_VERSION when it was
 *  built): a static string. */
const char *sk_version(void);

#ifdef __cplusplus
}
#endif

#endif
