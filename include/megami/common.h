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

#include "../util/lang.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Return codes (0 is success); the values of util/error.h. */
typedef enum mg_error_code {
	MG_OK = 0,
	MG_ERROR = -1,     /**< generic failure */
	MG_ENOMEM = -2,    /**< allocation failed */
	MG_EINVALID = -3,  /**< bad input: scenario, expression, action, dice */
	MG_EOVERFLOW = -4, /**< checked integer arithmetic overflowed */
	MG_ELIMIT = -5     /**< a configured limit was hit */
} mg_error_code;

/** Languages of messages and logs (the values of ut_lang). */
typedef enum mg_lang {
	MG_LANG_JA = 0, /**< Japanese, the language of the rules (default) */
	MG_LANG_EN = 1  /**< English */
} mg_lang;

/**
 * The message of the last failure on this thread.
 * @return a borrowed string, valid until the next failing call on this
 *         thread; "" when nothing failed yet.
 */
const char *mg_error_last(void);

#ifdef __cplusplus
}
#endif

#endif
