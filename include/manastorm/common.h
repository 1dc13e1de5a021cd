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

#include "../util/lang.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Return codes (0 is success); the values of util/error.h. */
typedef enum ms_error_code {
	MS_OK = 0,
	MS_ERROR = -1,     /**< generic failure */
	MS_ENOMEM = -2,    /**< allocation failed */
	MS_EINVALID = -3,  /**< bad input: scenario, card, choice */
	MS_EOVERFLOW = -4, /**< checked integer arithmetic overflowed */
	MS_ELIMIT = -5     /**< a configured limit was hit */
} ms_error_code;

/** Languages of messages and logs (the values of ut_lang). */
typedef enum ms_lang {
	MS_LANG_JA = 0, /**< Japanese, the language of the rules (default) */
	MS_LANG_EN = 1  /**< English */
} ms_lang;

/**
 * The message of the last failure on this thread.
 * @return a borrowed string, valid until the next failing call on this
 *         thread; "" when nothing failed yet.
 */
const char *ms_error_last(void);

#ifdef __cplusplus
}
#endif

#endif
