/*
 * reply.c - the reply to a mail, built with GMime (RFC 5322, RFC 3834):
 *
 *   From: the hill        To: Reply-To or From of the mail
 *   Subject: Re: SUBJECT (one "Re: ", never two)
 *   In-Reply-To, References: from the mail's Message-ID (and its
 *   References), the ids that RFC 5322 allows only
 *   Message-ID: its own    Auto-Submitted: auto-replied
 *   X-Amaryllis-Result: entered | replaced | tested | withdrawn | status |
 *                       rejected
 *   text/plain; charset=UTF-8 (and the battle logs as a text/plain
 *   attachment logs.txt when #logs asked for them)
 */
#include <stdlib.h>
#include <string.h>

#include <gmime/gmime.h>

#include "hill_int.h"

/* "Re: " + subject unless it already starts with "Re:" (any case, also
 * the full-width colon). */
static char *reply_subject(const char *subject, const char *fallback)
{
	const char *s = subject;

	if (!s || !*s)
		s = fallback;
	while (*s == ' ' || *s == '\t')
		s++;
	if (g_ascii_strncasecmp(s, "re:", 3) == 0 ||
	    (g_ascii_strncasecmp(s, "re", 2) == 0 && strncmp(s + 2, "：", 3) == 0))
		return g_strdup(s);
	return g_strconcat("Re: ", s, NULL);
}

/* A text/plain; charset=UTF-8 part holding the UTF-8 bytes as they are
 * (g_mime_text_part_set_text would pick the "best" charset, e.g.
 * ISO-8859-1 for a text with "×" in it). */
static GMimeObject *text_part(const char *text)
{
	GMimeTextPart *tp = g_mime_text_part_new_with_subtype("plain");
	GMimeStream *s = g_mime_stream_mem_new_with_buffer(text, strlen(text));
	GMimeDataWrapper *w = g_mime_data_wrapper_new_with_stream(
		s, GMIME_CONTENT_ENCODING_DEFAULT);

	g_mime_part_set_content(GMIME_PART(tp), w);
	g_object_unref(w);
	g_object_unref(s);
	g_mime_text_part_set_charset(tp, "UTF-8");
	/* always base64: 7bit-safe through any MTA, and one decoding for
	 * programs that read replies */
	g_mime_part_set_content_encoding(GMIME_PART(tp),
	                                 GMIME_CONTENT_ENCODING_BASE64);
	return GMIME_OBJECT(tp);
}

/* 1 when a message id (without its angle brackets) is made of what RFC
 * 5322's msg-id allows outside quotes and comments: atext, '.', '@', '['
 * and ']' (dot-atom and no-fold-literal), at most 249 bytes.  Anything
 * else -- a control or bidi character, a blank, a quote, a bracket or a
 * parenthesis that would open a comment -- is never echoed in a reply's
 * header (hostile mail review 2026-12-06, D3 and D4). */
static int msgid_ok(const char *id)
{
	size_t n = 0;

	for (; id[n]; n++) {
		unsigned char c = (unsigned char)id[n];
		if (!g_ascii_isalnum(c) && !strchr("!#$%&'*+-/=?^_`{|}~.@[]", c))
			return 0;
	}
	return n > 0 && n < 250;
}

/* The reply's References: each id in angle brackets in the mail's
 * References that msgid_ok keeps, then its Message-ID `parent`, one blank
 * apart.  Read by hand, bracket to bracket: GMime's parser stops at the
 * first malformed id and loses the rest. */
static char *references(const char *refs, const char *parent)
{
	GString *all = g_string_new(NULL);
	const char *p = refs, *open, *close;

	while (p && (open = strchr(p, '<')) && (close = strchr(open + 1, '>'))) {
		char *id = g_strndup(open + 1, (gsize)(close - open - 1));
		if (msgid_ok(id))
			g_string_append_printf(all, "<%s> ", id);
		g_free(id);
		p = close + 1;
	}
	g_string_append_printf(all, "<%s>", parent);
	return g_string_free(all, FALSE);
}

int am_hill_reply_build(char **out, size_t *len, const hill_reply_in *in,
                     char **id_out)
{
	GMimeMessage *msg;
	GMimeObject *body;
	GDateTime *now;
	const char *at = strrchr(in->hill_address, '@');
	char *s, *id;

	am_hill_gmime_once();
	*out = NULL;
	*len = 0;
	if (id_out)
		*id_out = NULL;
	msg = g_mime_message_new(TRUE);
	g_mime_message_add_mailbox(msg, GMIME_ADDRESS_TYPE_FROM, in->hill_name,
	                           in->hill_address);
	g_mime_message_add_mailbox(msg, GMIME_ADDRESS_TYPE_TO, NULL,
	                           in->to->reply_to);
	if (in->subject) {
		s = g_strdup(in->subject);
	} else {
		/* an excerpt: the sender's subject is never echoed in bulk */
		char *ex = am_hill_excerpt(in->to->subject, 60);
		s = reply_subject(ex, in->hill_name);
		free(ex);
	}
	g_mime_message_set_subject(msg, s, "UTF-8");
	g_free(s);
	now = g_date_time_new_now_utc();
	g_mime_message_set_date(msg, now);
	g_date_time_unref(now);
	id = g_mime_utils_generate_message_id(at && at[1] ? at + 1 : "amaryllis.invalid");
	g_mime_message_set_message_id(msg, id);
	if (id_out)
		*id_out = strdup(id);
	g_free(id);
	if (in->to->msgid && msgid_ok(in->to->msgid)) {
		char *ref = g_strdup_printf("<%s>", in->to->msgid);
		char *all = references(in->to->references, in->to->msgid);
		g_mime_object_set_header(GMIME_OBJECT(msg), "In-Reply-To", ref, NULL);
		g_mime_object_set_header(GMIME_OBJECT(msg), "References", all, NULL);
		g_free(all);
		g_free(ref);
	}
	/* RFC 3834: a reply is auto-replied, a notice auto-generated */
	g_mime_object_set_header(GMIME_OBJECT(msg), "Auto-Submitted",
	                         in->subject ? "auto-generated" : "auto-replied",
	                         NULL);
	g_mime_object_set_header(GMIME_OBJECT(msg), "X-Amaryllis-Result",
	                         in->result, NULL);
	body = text_part(in->body);
	if (in->logs) {
		GMimeMultipart *mp = g_mime_multipart_new_with_subtype("mixed");
		GMimeObject *att = text_part(in->logs);
		g_mime_part_set_filename(GMIME_PART(att), "logs.txt");
		g_mime_multipart_add(mp, body);
		g_mime_multipart_add(mp, att);
		g_object_unref(body);
		g_object_unref(att);
		body = GMIME_OBJECT(mp);
	}
	g_mime_message_set_mime_part(msg, body);
	g_object_unref(body);
	s = g_mime_object_to_string(GMIME_OBJECT(msg), NULL);
	g_object_unref(msg);
	if (!s || (id_out && !*id_out)) {
		g_free(s);
		if (id_out) {
			free(*id_out);
			*id_out = NULL;
		}
		return AM_ENOMEM;
	}
	*len = strlen(s);
	*out = malloc(*len + 1);
	if (*out)
		memcpy(*out, s, *len + 1);
	g_free(s);
	if (!*out && id_out) {
		free(*id_out);
		*id_out = NULL;
	}
	return *out ? 0 : AM_ENOMEM;
}
