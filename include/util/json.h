/*
 * util/json.h - JSON text as people and programs read it: the reals of a
 * JSON text as jansson writes them (%.17g: 0.63400000000000001) rewritten
 * in the shortest form that reads back as the same double (0.634), as
 * JavaScript, Python and most JSON writers print them (plain text in,
 * plain text out); and jansson's writer and reader made whole or not at
 * all.
 */
#ifndef UT_JSON_H
#define UT_JSON_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct json_t; /* jansson's value: this header needs no jansson.h */
struct json_error_t; /* jansson's error */

/** json_loadb(text, len, flags, err) (jansson's flags), that never gives
 *  a wrong document or a wrong error out of memory.  jansson 2.14's
 *  reader does not always say when an allocation failed: a string it
 *  could not allocate is "a token that is not JSON", and a byte it could
 *  not keep is left out of a string without a word, "10" becoming "1"
 *  (jansson issue #362, pull request #747).  So text is read twice, and
 *  two reads that differ (one refused and one not, two documents not
 *  equal, two refusals for different reasons) met a failed allocation.
 *  A failure that strikes both reads alike is not seen.
 *  @param out  the document (json_decref), NULL unless 0 is returned
 *  @param err  why text is not JSON, when 1 is returned (may be NULL)
 *  @return 0; 1 when text is not JSON; UT_ENOMEM */
int ut_json_loadb(struct json_t **out, const char *text, size_t len,
                  size_t flags, struct json_error_t *err);

/** json_dumps(j, flags) (jansson's flags: JSON_COMPACT, JSON_INDENT(n),
 *  JSON_PRESERVE_ORDER, …), whole or NULL (to free with free()).
 *  jansson 2.14's json_dumps drops an object's key that it runs out of
 *  memory to write and goes on, {"turn":0} becoming {:0} (jansson issue
 *  #655): here every piece goes to one buffer whose failure sticks, and
 *  any failure, or j NULL, gives NULL. */
char *ut_json_dumps(const struct json_t *j, size_t flags);

/** json_object_set_new(o, key, v), which takes v whether or not it is
 *  set: 0, or -1 when v is NULL (a value that could not be made) or the
 *  set failed (out of memory). */
int ut_json_put(struct json_t *o, const char *key, struct json_t *v);

/** The JSON string of s[0..n); text that is not UTF-8 (ut_utf8_valid) as
 *  the string `instead`.  NULL only out of memory: jansson's NULL for
 *  text it refuses is told from its NULL out of memory. */
struct json_t *ut_json_text(const char *s, size_t n, const char *instead);

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
