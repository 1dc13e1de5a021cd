/*
 * util/msg.h - message catalogues: one text per language, with positional
 * placeholders, so that a translation may put the arguments in any order.
 *
 *     enum { M_OF, M_COUNT };
 *     static const ut_msg msgs[M_COUNT] = {
 *             [M_OF] = {{"{2}の{1}", "{1} of {2}"}},     // {ja, en}
 *     };
 *     ut_msg_put(&b, &msgs[M_OF], lang,
 *                UT_ARGS(ut_arg_str("ATK"), ut_arg_str("グリスク")));
 *     // ja: グリスクのATK    en: ATK of グリスク
 *
 * Template syntax: `{N}` (N = 1, 2, … in decimal) is replaced by argument N;
 * `{{` is a literal `{`; every other byte, `}` included, is copied as it is.
 * An argument may be used any number of times, or not at all.
 */
#ifndef UT_MSG_H
#define UT_MSG_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "lang.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One message: its template in each language, indexed by ut_lang. */
typedef struct ut_msg {
	const char *text[UT_LANG_COUNT];
} ut_msg;

/** How an argument is written. */
typedef enum ut_arg_type {
	UT_ARG_STR,    /**< v.s as it is (NULL writes nothing) */
	UT_ARG_INT,    /**< v.i in ASCII decimal: -12 */
	UT_ARG_UINT,   /**< v.u in ASCII decimal */
	UT_ARG_INT_FW  /**< v.i in full-width digits and minus: －１２ (the
	                    notation of Japanese rule texts) */
} ut_arg_type;

/** One typed argument; build it with ut_arg_str() and friends. */
typedef struct ut_arg {
	ut_arg_type type;
	union {
		const char *s;
		int64_t i;
		uint64_t u;
	} v;
} ut_arg;

/** A string argument (borrowed: it must outlive the formatting; NULL
 *  writes nothing). */
static inline ut_arg ut_arg_str(const char *s)
{
	ut_arg a;
	a.type = UT_ARG_STR;
	a.v.s = s;
	return a;
}

/** A signed argument, in ASCII decimal. */
static inline ut_arg ut_arg_int(int64_t i)
{
	ut_arg a;
	a.type = UT_ARG_INT;
	a.v.i = i;
	return a;
}

/** An unsigned argument, in ASCII decimal. */
static inline ut_arg ut_arg_uint(uint64_t u)
{
	ut_arg a;
	a.type = UT_ARG_UINT;
	a.v.u = u;
	return a;
}

/** A signed argument, in full-width digits and minus. */
static inline ut_arg ut_arg_int_fw(int64_t i)
{
	ut_arg a;
	a.type = UT_ARG_INT_FW;
	a.v.i = i;
	return a;
}

/**
 * The pair `args, nargs` for a literal list of one or more arguments:
 * ut_msg_put(b, m, lang, UT_ARGS(ut_arg_str(name), ut_arg_int(3))).
 * (The list is evaluated once; sizeof does not evaluate its operand.)
 */
#define UT_ARGS(...)                                                       \
	((const ut_arg[]){__VA_ARGS__}),                                       \
	(sizeof((const ut_arg[]){__VA_ARGS__}) / sizeof(ut_arg))

/**
 * The template of m in `lang`; the Japanese one when m has none in that
 * language or lang is not a ut_lang.  Borrowed from the catalogue.
 */
const char *ut_msg_text(const ut_msg *m, ut_lang lang);

/**
 * Append template `tmpl` to out with its placeholders replaced by
 * args[0..nargs) ({1} is args[0]).
 * @return 0; UT_EINVALID when tmpl has a `{` that is neither `{{` nor a
 *         placeholder {N} with 1 ≤ N ≤ nargs (a bug in the catalogue: the
 *         error names the template); UT_ENOMEM.  On failure out holds the
 *         text up to the fault.
 */
int ut_msg_format(ut_buf *out, const char *tmpl, const ut_arg *args,
                  size_t nargs);

/** ut_msg_format with the template of m in lang. */
int ut_msg_put(ut_buf *out, const ut_msg *m, ut_lang lang,
               const ut_arg *args, size_t nargs);

/**
 * The message built in b, as a formatter hands it to its caller: copied
 * into dst (size bytes, cut on a character boundary, NUL-terminated; none
 * of it when dst is NULL or size 0), then b freed.  If b failed (out of
 * memory), the text for want of memory (ut_strerror(lang, ENOMEM)) in
 * its place, not a part of the message.
 * @return the length of the whole text (like snprintf)
 */
size_t ut_msg_hand_out(char *dst, size_t size, ut_buf *b, ut_lang lang);

/** Bytes enough for any int64_t written by ut_int_text, NUL included. */
#define UT_INT_TEXT_MAX 64

/**
 * v in decimal into buf (UT_INT_TEXT_MAX bytes): ASCII, or full-width
 * digits and minus when fullwidth (U+FF10…U+FF19, U+FF0D).
 * @return buf
 */
const char *ut_int_text(char *buf, int64_t v, int fullwidth);

#ifdef __cplusplus
}
#endif

#endif
