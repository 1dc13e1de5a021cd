/*
 * util/json.h - JSON text as people and programs read it: the reals of a
 * JSON text as jansson writes them (%.17g: 0.63400000000000001) rewritten
 * in the shortest form that reads back as the same double (0.634), as
 * JavaScript, Python and most JSON writers print them.  Plain text in,
 * plain text out: no JSON library here.
 */
#ifndef UT_JSON_H
#define UT_JSON_H

#ifdef __cplusplus
extern "C" {
#endif

/** The longest text of ut_json_real, with its NUL. */
#define UT_JSON_REAL_MAX 40

/** v as a JSON real, in the fewest significant digits that read back as
 *  v, in the notation of %.17g (fixed, with at least one decimal: 6.0;
 *  or with an exponent: 1e-05), into buf, with '.' whatever the locale's
 *  decimal point; returns buf. */
const char *ut_json_real(char buf[UT_JSON_REAL_MAX], double v);

/** Rewrite, in place, every real number of the JSON text `text` (a number
 *  token outside strings with a '.' or an exponent) in the fewest
 *  significant digits that strtod reads back as the same double, keeping
 *  its notation (fixed stays fixed, with at least one decimal: 6.0) and
 *  never making it longer.  Strings, integers and anything that does not
 *  read back exactly (in a locale whose decimal point is not '.', every
 *  real) are left as they are.  NULL is ignored. */
void ut_json_short_reals(char *text);

#ifdef __cplusplus
}
#endif

#endif
