/* msg.c - message catalogues with positional placeholders (util/msg.h). */
#include "util/msg.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "util/error.h"
#include "util/utf8.h"

const char *ut_msg_text(const ut_msg *m, ut_lang lang)
{
	if ((unsigned)lang >= UT_LANG_COUNT || !m->text[lang])
		return m->text[UT_LANG_JA];
	return m->text[lang];
}

const char *ut_int_text(char *buf, int64_t v, int fullwidth)
{
	char tmp[24];
	size_t i, k = 0;

	snprintf(tmp, sizeof(tmp), "%" PRId64, v);
	if (!fullwidth)
		return strcpy(buf, tmp);
	for (i = 0; tmp[i]; i++) {
		if (tmp[i] == '-') {
			memcpy(buf + k, "－", 3); /* U+FF0D */
		} else {                        /* U+FF10 + digit */
			buf[k] = (char)0xEF;
			buf[k + 1] = (char)0xBC;
			buf[k + 2] = (char)(0x90 + (tmp[i] - '0'));
		}
		k += 3;
	}
	buf[k] = '\0';
	return buf;
}

/* Write one argument. */
static void put_arg(ut_buf *out, const ut_arg *a)
{
	char n[UT_INT_TEXT_MAX];

	switch (a->type) {
	case UT_ARG_STR:
		if (a->v.s)
			ut_buf_puts(out, a->v.s);
		break;
	case UT_ARG_INT:
		ut_buf_puts(out, ut_int_text(n, a->v.i, 0));
		break;
	case UT_ARG_UINT:
		snprintf(n, sizeof(n), "%" PRIu64, a->v.u);
		ut_buf_puts(out, n);
		break;
	case UT_ARG_INT_FW:
		ut_buf_puts(out, ut_int_text(n, a->v.i, 1));
		break;
	}
}

/*
 * template  -> { text | "{{" | placeholder }
 * placeholder -> "{" digit { digit } "}"     (value 1 … nargs)
 */
int ut_msg_format(ut_buf *out, const char *tmpl, const ut_arg *args,
                  size_t nargs)
{
	const char *t = tmpl;

	while (*t) {
		const char *p = strchr(t, '{'), *q;
		size_t n = 0;

		if (!p) {
			ut_buf_puts(out, t);
			break;
		}
		ut_buf_put(out, t, (size_t)(p - t));
		if (p[1] == '{') {
			ut_buf_put(out, "{", 1);
			t = p + 2;
			continue;
		}
		for (q = p + 1; *q >= '0' && *q <= '9' && n <= nargs; q++)
			n = n * 10 + (size_t)(*q - '0');
		if (q == p + 1 || *q != '}' || n < 1 || n > nargs)
			return ut_error_set(UT_EINVALID,
			                    "bad placeholder at byte %zu of message "
			                    "template \"%s\" (%zu argument%s)",
			                    (size_t)(p - tmpl), tmpl, nargs,
			                    nargs == 1 ? "" : "s");
		put_arg(out, &args[n - 1]);
		t = q + 1;
	}
	if (out->failed)
		return ut_error_set(UT_ENOMEM, "out of memory");
	return 0;
}

int ut_msg_put(ut_buf *out, const ut_msg *m, ut_lang lang,
               const ut_arg *args, size_t nargs)
{
	return ut_msg_format(out, ut_msg_text(m, lang), args, nargs);
}

size_t ut_msg_hand_out(char *dst, size_t size, ut_buf *b, ut_lang lang)
{
	const char *t = b->ptr ? b->ptr : "";
	size_t n = b->len;

	if (b->failed) {
		/* no memory to build it: that, in its place, not a part */
		t = ut_strerror((int)lang, ENOMEM);
		n = strlen(t);
	}
	if (dst && size)
		ut_utf8_copy(dst, size, t, n);
	ut_buf_free(b);
	return n;
}
