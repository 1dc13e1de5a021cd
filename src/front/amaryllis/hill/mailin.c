/*
 * mailin.c - an incoming message, read with GMime 3: the headers the hill
 * needs, loop detection, and the text of the body and of a .txt
 * attachment converted to UTF-8 (transfer encodings and charsets are
 * GMime's work: g_mime_data_wrapper_write_to_stream decodes 7bit,
 * quoted-printable and base64; g_mime_iconv_* converts ISO-2022-JP,
 * Shift_JIS, EUC-JP and the rest).
 *
 * Hostile mail never fails the call: m->bad says what was wrong, and the
 * headers that could be read are kept so that the reply can still be sent.
 */
#include <ctype.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gmime/gmime.h>
#include <sodium.h>

#include "hill_int.h"

/* The GMime classes a mail read or a reply can make (the parser makes
 * some for the content types it meets). */
static GType (*const gmime_types[])(void) = {
	g_mime_object_get_type, g_mime_part_get_type, g_mime_text_part_get_type,
	g_mime_multipart_get_type, g_mime_multipart_signed_get_type,
	g_mime_multipart_encrypted_get_type, g_mime_message_get_type,
	g_mime_message_part_get_type, g_mime_message_partial_get_type,
	g_mime_parser_get_type, g_mime_data_wrapper_get_type,
	g_mime_content_type_get_type, g_mime_content_disposition_get_type,
	g_mime_param_get_type, g_mime_param_list_get_type,
	g_mime_header_get_type, g_mime_header_list_get_type,
	g_mime_stream_get_type, g_mime_stream_mem_get_type,
	g_mime_stream_filter_get_type, g_mime_stream_null_get_type,
	g_mime_stream_cat_get_type, g_mime_stream_buffer_get_type,
	g_mime_filter_get_type, g_mime_filter_basic_get_type,
	g_mime_filter_best_get_type, g_mime_filter_charset_get_type,
	g_mime_filter_from_get_type, g_mime_filter_strip_get_type,
	g_mime_filter_windows_get_type, g_mime_filter_smtp_data_get_type,
	g_mime_filter_checksum_get_type,
	internet_address_get_type, internet_address_mailbox_get_type,
	internet_address_group_get_type, internet_address_list_get_type,
};

/* GMime, once per process, with every class above made (and kept) here:
 * a class is otherwise made by the first thread that needs it, and the
 * web server's hill entries run on several threads.  Its first call is
 * in the thread that opens the hill before the server's threads start
 * (am_web_new), so those threads see the classes made (glib's own
 * once-and-lock code is not instrumented: ThreadSanitizer would not). */
static gpointer gmime_init(gpointer unused)
{
	struct sigaction pipe_was;
	int kept;
	size_t i;

	(void)unused;
	/* g_mime_init starts GPGME, which sets SIGPIPE to be ignored in the
	 * whole process; the hill leaves it as it found it, so that a tool
	 * whose output goes to `| head` ends as every other does (docs/CLI.md;
	 * `amaryllis mail` and `serve` ignore SIGPIPE themselves) */
	kept = sigaction(SIGPIPE, NULL, &pipe_was) == 0;
	g_mime_init();
	if (kept)
		sigaction(SIGPIPE, &pipe_was, NULL);
	for (i = 0; i < sizeof(gmime_types) / sizeof(gmime_types[0]); i++) {
		GType t = gmime_types[i]();
		if (G_TYPE_IS_CLASSED(t))
			g_type_class_ref(t);
	}
	return NULL;
}

void am_hill_gmime_once(void)
{
	static GOnce once = G_ONCE_INIT;

	g_once(&once, gmime_init, NULL);
}

void am_hill_mail_free(hill_mail *m)
{
	free(m->key);
	free(m->msgid);
	free(m->from);
	free(m->rate_key);
	free(m->reply_to);
	free(m->display);
	free(m->subject);
	free(m->references);
	free(m->bad_arg);
	free(m->body);
	free(m->attachment);
	free(m->att_name);
	ut_buf_free(&m->att_others);
	memset(m, 0, sizeof(*m));
}

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

/* Whether a is an address the hill may answer: one '@' at least, at
 * most 254 bytes with at most 64 before its last '@' (RFC 5321's limits:
 * a 1 MB address made a 1 MB reply, past --reply-max, mail review
 * 2026-12-03), valid UTF-8 without '<', '>', '"', '\\', control characters
 * (a tab, a line end) or Unicode's separators (the blank, U+00A0, U+2028)
 * and format characters (U+202E…); a domain in brackets is an address
 * literal: digits and dots, or after "IPv6:" hexadecimal digits, dots and
 * colons (RFC 5321: [192.0.2.1], [IPv6:2001:db8::1]; security review
 * 2026-12-07: [1.2.3.4,root] went to sendmail as written). */
static int usable_address(const char *a)
{
	const char *at = a ? strrchr(a, '@') : NULL, *p;

	if (!at || strlen(a) > 254 || at - a > 64 ||
	    strpbrk(a, "<>\"\\") || !g_utf8_validate(a, -1, NULL))
		return 0;
	if (strpbrk(at + 1, "[]")) {
		const char *lit = at + 2, *set = "0123456789.";
		size_t n = strlen(at + 1);
		if (at[1] != '[' || at[n] != ']' || n < 3)
			return 0;
		if (g_ascii_strncasecmp(lit, "IPv6:", 5) == 0) {
			lit += 5;
			set = "0123456789abcdefABCDEF.:";
		}
		if (lit == at + n || strspn(lit, set) != (size_t)(at + n - lit))
			return 0;
	}
	for (p = a; *p; p = g_utf8_next_char(p))
		switch (g_unichar_type(g_utf8_get_char(p))) {
		case G_UNICODE_CONTROL:
		case G_UNICODE_FORMAT:
		case G_UNICODE_LINE_SEPARATOR:
		case G_UNICODE_PARAGRAPH_SEPARATOR:
		case G_UNICODE_SPACE_SEPARATOR:
			return 0;
		default:
			break;
		}
	return 1;
}

/* The first mailbox of a list (groups searched too) with a usable
 * address (usable_address), or NULL. */
static InternetAddress *first_mailbox(InternetAddressList *list)
{
	int i, n = list ? internet_address_list_length(list) : 0;

	for (i = 0; i < n; i++) {
		InternetAddress *ia = internet_address_list_get_address(list, i);
		if (INTERNET_ADDRESS_IS_MAILBOX(ia)) {
			const char *a = internet_address_mailbox_get_addr(
				INTERNET_ADDRESS_MAILBOX(ia));
			if (usable_address(a))
				return ia;
		} else if (INTERNET_ADDRESS_IS_GROUP(ia)) {
			InternetAddress *m = first_mailbox(
				internet_address_group_get_members(
					INTERNET_ADDRESS_GROUP(ia)));
			if (m)
				return m;
		}
	}
	return NULL;
}

static char *lower_dup(const char *s)
{
	char *d = dup_or_null(s), *p;

	for (p = d; p && *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return d;
}

/* RFC 5322 comments ("(...)", nested, with \-escapes) taken out of s, in
 * place. */
static void drop_comments(char *s)
{
	char *r = s, *w = s;
	int depth = 0;

	for (; *r; r++) {
		if (depth && *r == '\\' && r[1]) {
			r++;
		} else if (*r == '(') {
			depth++;
		} else if (*r == ')' && depth) {
			depth--;
		} else if (!depth) {
			*w++ = *r;
		}
	}
	*w = '\0';
}

/* The header's value without comments, trimmed and in lower case, up to
 * ';' (owned), or NULL when absent: "No (a person wrote this)" is "no"
 * (RFC 3834 section 5 allows a comment after Auto-Submitted's keyword). */
static char *header_word(GMimeObject *obj, const char *name)
{
	const char *v = g_mime_object_get_header(obj, name);
	char *w, *e;

	if (!v)
		return NULL;
	if (!(w = lower_dup(v)))
		return NULL;
	drop_comments(w);
	if ((e = strchr(w, ';')))
		*e = '\0';
	for (e = w; *e == ' ' || *e == '\t'; e++)
		;
	memmove(w, e, strlen(e) + 1);
	e = w + strlen(w);
	while (e > w && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return w;
}

/* 1 when the header X-Auto-Response-Suppress (Microsoft, [MS-OXCMAIL]
 * 2.2.3.2.14: the auto-responses the sender does not want, a list of
 * DR, NDR, RN, NRN, OOF, AutoReply, All, None) suppresses an auto-reply:
 * it names All or AutoReply.  Only out-of-office or receipts (OOF, DR,
 * RN, ...), which a person's mail may carry, are not this. */
static int suppresses_reply(const char *v)
{
	char *w = lower_dup(v), *t, *save = NULL;
	int yes = 0;

	for (t = w ? strtok_r(w, ", \t", &save) : NULL; t;
	     t = strtok_r(NULL, ", \t", &save))
		if (strcmp(t, "all") == 0 || strcmp(t, "autoreply") == 0)
			yes = 1;
	free(w);
	return yes;
}

/* 1 when a header `name` (any of them, if repeated) holds the address own
 * (X-Loop: the mark a responder or a list puts on mail it sent). */
static int header_names(GMimeObject *obj, const char *name, const char *own)
{
	GMimeHeaderList *hl = g_mime_object_get_header_list(obj);
	int i, n = hl ? g_mime_header_list_get_count(hl) : 0;
	size_t ol = own ? strlen(own) : 0, vl, k;

	for (i = 0; ol && i < n; i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(hl, i);
		const char *v = h ? g_mime_header_get_value(h) : NULL;
		if (!v || g_ascii_strcasecmp(g_mime_header_get_name(h), name) != 0)
			continue;
		/* linear: the value may be as long as the mail (max_bytes) */
		for (vl = strlen(v), k = 0; k + ol <= vl; k++)
			if (g_ascii_strncasecmp(v + k, own, ol) == 0 &&
			    (k == 0 || strchr(" \t<\"", v[k - 1])) &&
			    (v[k + ol] == '\0' || strchr(" \t>\";,", v[k + ol])))
				return 1;
	}
	return 0;
}

/* 1 when the sender's local part (lower case; a "+detail" left out) is a
 * robot's: mailer-daemon, postmaster, noreply, no-reply, donotreply,
 * do-not-reply, or a mailing list's owner-*, *-owner, *-request,
 * *-bounces (RFC 2142, majordomo, Mailman). */
static int robot_sender(const char *from)
{
	static const char *const exact[] = {
		"mailer-daemon", "postmaster", "noreply", "no-reply",
		"donotreply", "do-not-reply",
	};
	static const char *const suffix[] = {"-owner", "-request", "-bounces"};
	const char *at = strrchr(from, '@');
	size_t n = at ? (size_t)(at - from) : strlen(from), k, i;

	if (memchr(from, '+', n))
		n = (size_t)((const char *)memchr(from, '+', n) - from);
	for (i = 0; i < sizeof(exact) / sizeof(exact[0]); i++)
		if (strlen(exact[i]) == n && strncmp(from, exact[i], n) == 0)
			return 1;
	if (n > 6 && strncmp(from, "owner-", 6) == 0)
		return 1;
	for (i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
		k = strlen(suffix[i]);
		if (n > k && strncmp(from + n - k, suffix[i], k) == 0)
			return 1;
	}
	return 0;
}

/*
 * Mail that must get no reply (RFC 3834 section 2, which lets a
 * responder refuse whatever looks automatic, and the usual practice;
 * docs/HILL.md): Auto-Submitted other than "no", a null Return-Path (a
 * bounce), Precedence bulk/junk/list, a mailing list's List-Id (RFC
 * 2919), X-Autoreply (any value), X-Auto-Response-Suppress naming All or
 * AutoReply, an X-Loop naming the hill's address, a delivery or
 * disposition report (multipart/report, RFC 6522), a robot's local part
 * (robot_sender), mail from the hill itself, and any hill's own reply
 * (X-Amaryllis-Result).
 */
static int is_loop(GMimeObject *obj, const char *from, const char *own)
{
	const char *v;
	char *w;
	int loop = 0;

	if ((w = header_word(obj, "Auto-Submitted")) && strcmp(w, "no") != 0)
		loop = 1;
	free(w);
	if ((w = header_word(obj, "Return-Path")) && strcmp(w, "<>") == 0)
		loop = 1;
	free(w);
	if ((w = header_word(obj, "Precedence")) &&
	    (!strcmp(w, "bulk") || !strcmp(w, "junk") || !strcmp(w, "list")))
		loop = 1;
	free(w);
	if (GMIME_IS_MESSAGE(obj)) {
		GMimeObject *part = g_mime_message_get_mime_part(GMIME_MESSAGE(obj));
		if (part && g_mime_content_type_is_type(
		                g_mime_object_get_content_type(part), "multipart",
		                "report"))
			loop = 1;
	}
	if (g_mime_object_get_header(obj, "List-Id") ||
	    g_mime_object_get_header(obj, "X-Autoreply"))
		loop = 1;
	if ((v = g_mime_object_get_header(obj, "X-Auto-Response-Suppress")) &&
	    suppresses_reply(v))
		loop = 1;
	if (header_names(obj, "X-Loop", own))
		loop = 1;
	if (g_mime_object_get_header(obj, "X-Amaryllis-Result"))
		loop = 1;
	if (from) {
		if (robot_sender(from))
			loop = 1;
		if (own && g_ascii_strcasecmp(from, own) == 0)
			loop = 1;
	}
	return loop;
}

static void set_bad(hill_mail *m, hill_bad why, const char *arg)
{
	if (m->bad)
		return;
	m->bad = why;
	free(m->bad_arg);
	m->bad_arg = dup_or_null(arg);
}

/* The bytes of a stream (reset first) as a GByteArray owned by *mem. */
static GByteArray *stream_bytes(GMimeStream *s, GMimeStream **mem)
{
	*mem = g_mime_stream_mem_new();
	g_mime_stream_reset(s);
	if (g_mime_stream_write_to_stream(s, *mem) < 0)
		return NULL;
	return g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(*mem));
}

/* Base64 text has only its alphabet, '=' padding at the end, and blanks. */
static int base64_valid(const unsigned char *p, size_t n)
{
	size_t i;
	int pad = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
			continue;
		if (c == '=') {
			pad++;
			continue;
		}
		if (pad || !(isalnum(c) || c == '+' || c == '/'))
			return 0;
	}
	return pad <= 2;
}

/* LF line ends (CRLF and lone CR become LF), in place. */
static void unix_lines(char *s)
{
	char *r = s, *w = s;

	for (; *r; r++) {
		if (*r == '\r') {
			*w++ = '\n';
			if (r[1] == '\n')
				r++;
		} else {
			*w++ = *r;
		}
	}
	*w = '\0';
}

/*
 * The charset of text sent without one (old Japanese mail programs): its
 * escape sequences make ISO-2022-JP certain; text that is not UTF-8 is
 * taken for Windows-31J, the commonest, else eucJP-ms, whichever iconv
 * converts whole; otherwise NULL (UTF-8 or ASCII, checked by the caller).
 * Text with no byte 0x80 … 0xa0 but EUC-JP's single shifts 0x8e and 0x8f
 * is tried as eucJP-ms first: every EUC-JP kanji and kana is two bytes of
 * 0xa1 … 0xfe, which Windows-31J would also convert (as half-width
 * katakana and other kanji), while Japanese Windows-31J text almost
 * always holds a lead byte 0x81 … 0x9f (every hiragana and katakana).
 */
static const char *unlabelled_charset(const char *p, size_t n)
{
	static const char *const sjis_first[] = {"CP932", "EUC-JP-MS"};
	static const char *const euc_first[] = {"EUC-JP-MS", "CP932"};
	const char *const *guesses = euc_first;
	size_t i;

	for (i = 0; i + 2 < n; i++)
		if (p[i] == '\x1b' && ((p[i + 1] == '$' &&
		    (p[i + 2] == 'B' || p[i + 2] == '@')) ||
		    (p[i + 1] == '(' && p[i + 2] == 'I')))
			return "ISO-2022-JP";
	if (g_utf8_validate(p, (gssize)n, NULL))
		return NULL;
	for (i = 0; i < n; i++) {
		const unsigned char b = (unsigned char)p[i];
		if (b >= 0x80 && b <= 0xa0 && b != 0x8e && b != 0x8f) {
			guesses = sjis_first;
			break;
		}
	}
	for (i = 0; i < 2; i++) {
		iconv_t cd = g_mime_iconv_open("UTF-8", guesses[i]);
		char *conv;
		int ok;
		if (cd == (iconv_t)-1)
			continue;
		conv = g_mime_iconv_strndup(cd, p, n);
		g_mime_iconv_close(cd);
		ok = conv && g_utf8_validate(conv, -1, NULL);
		g_free(conv);
		if (ok)
			return guesses[i];
	}
	return NULL;
}

/*
 * RFC 3676 format=flowed, in place: a line ending in a space is a soft
 * break and joins the next line (the space itself dropped with delsp=yes);
 * a leading space is space-stuffing and dropped; the signature separator
 * "-- " is a hard line.  Mail programs wrap long lines this way, and a
 * sheet line (a unit with many actions) is often long.
 */
static void unflow(char *s, int delsp)
{
	char *r = s, *w = s;

	while (*r) {
		char *e = strchr(r, '\n'), *end;
		int sig;
		if (!e)
			e = r + strlen(r);
		sig = e - r == 3 && strncmp(r, "-- ", 3) == 0;
		if (*r == ' ' && !sig)
			r++;
		end = e;
		if (!sig && end > r && end[-1] == ' ' && *e == '\n') {
			if (delsp)
				end--;
			memmove(w, r, (size_t)(end - r));
			w += end - r;
			r = e + 1;
			continue; /* soft break: no newline */
		}
		memmove(w, r, (size_t)(e - r));
		w += e - r;
		if (*e == '\n')
			*w++ = '\n', e++;
		r = e;
	}
	*w = '\0';
}

/* A base64 part's encoded bytes hold nothing but base64 text (GMime would
 * skip the rest silently); 0, or -1 with m->bad set.  *raw_mem keeps the
 * bytes, for the caller to release. */
static int base64_checked(hill_mail *m, GMimePart *part,
                          GMimeDataWrapper *content, GMimeStream **raw_mem)
{
	GMimeStream *s = g_mime_data_wrapper_get_stream(content);
	GByteArray *ba = s ? stream_bytes(s, raw_mem) : NULL;

	if (ba && !base64_valid(ba->data, ba->len)) {
		set_bad(m, HILL_MAIL_BASE64, g_mime_part_get_filename(part));
		return -1;
	}
	return 0;
}

/* 1 when the charset cs names UTF-8 or ASCII, or is NULL (the text must
 * then be valid UTF-8). */
static int utf8_charset(const char *cs)
{
	return !cs || g_ascii_strcasecmp(cs, "utf-8") == 0 ||
	       g_ascii_strcasecmp(cs, "us-ascii") == 0 ||
	       g_ascii_strcasecmp(cs, "utf8") == 0;
}

/*
 * The labels that mean Shift_JIS or Windows-31J (the IANA names and
 * aliases, and what Java, Microsoft and old mailers write).  Mail labelled
 * Shift_JIS is nearly always Windows-31J (CP932, its superset: ①, NEC and
 * IBM extensions), as browsers also read it (WHATWG Encoding), so all of
 * them are read as CP932.  Each is named here, not left to GMime: GMime
 * rewrites "windows-NNN" to "CPNNN", so it opened "windows-31j" as "CP31J",
 * which iconv does not have, and refused the mail.
 */
static const char *const cp932_labels[] = {
	"shift_jis", "shift-jis", "sjis", "x-sjis", "s-jis", "ms_kanji",
	"csshiftjis", "windows-31j", "cswindows31j", "cp932", "ms932",
	"x-ms-cp932", "ibm-943", "ibm943",
};

/*
 * The converter from the charset cs to UTF-8, or (iconv_t)-1: the
 * cp932_labels as CP932; EUC-JP as eucJP-ms (its superset, as for CP932).
 */
static iconv_t charset_converter(const char *cs)
{
	const char *as = cs;
	iconv_t cd = (iconv_t)-1;
	size_t i;

	for (i = 0; i < sizeof(cp932_labels) / sizeof(cp932_labels[0]); i++)
		if (!g_ascii_strcasecmp(cs, cp932_labels[i]))
			as = "CP932";
	if (!g_ascii_strcasecmp(cs, "euc-jp") ||
	    !g_ascii_strcasecmp(cs, "x-euc-jp") ||
	    !g_ascii_strcasecmp(cs, "cseucpkdfmtjapanese"))
		as = "EUC-JP-MS";
	if (as != cs)
		cd = g_mime_iconv_open("UTF-8", as);
	if (cd == (iconv_t)-1)
		cd = g_mime_iconv_open("UTF-8", cs);
	return cd;
}

/* 1 when cs names ISO-2022-JP (RFC 1468). */
static int iso2022jp_label(const char *cs)
{
	return !g_ascii_strcasecmp(cs, "iso-2022-jp") ||
	       !g_ascii_strcasecmp(cs, "csiso2022jp");
}

/*
 * ISO-2022-JP as Windows mailers write it (Microsoft's CP50220/CP50221,
 * sent labelled "iso-2022-jp") turned into the Windows-31J bytes it
 * stands for, in a new buffer (*len bytes), or NULL when it is not that.
 * Their JIS X 0208 mode also holds the NEC special characters of row 13
 * (①, ㈱, Ⅰ) and the IBM extensions in rows 89-92, whose CP932 codes are
 * the same JIS-to-Shift_JIS arithmetic (row 13 is 0x87xx, rows 89-92
 * 0xED40-0xEEFC); half-width katakana come in ESC ( I (or SO ... SI),
 * bytes 0x21-0x5F that are 0xA1-0xDF in CP932.  ESC ( B and ESC ( J are
 * ASCII, ESC $ @ and ESC $ B JIS X 0208; any other escape (JIS X 0212,
 * ISO-2022-JP-2's sets) or an 8-bit byte: NULL.  The output is never
 * longer than the input (escapes dropped, two bytes for two, one for one).
 */
static char *iso2022jp_cp932(const unsigned char *p, size_t n, size_t *len)
{
	enum { ASCII, JIS, KANA } mode = ASCII;
	unsigned char *o = malloc(n + 1), *w = o;
	int so = 0;
	size_t i = 0;

	if (!o)
		return NULL;
	while (i < n) {
		unsigned char c = p[i];
		if (c == 0x1b) {
			if (i + 2 < n && p[i + 1] == '(' &&
			    (p[i + 2] == 'B' || p[i + 2] == 'J'))
				mode = ASCII;
			else if (i + 2 < n && p[i + 1] == '(' && p[i + 2] == 'I')
				mode = KANA;
			else if (i + 2 < n && p[i + 1] == '$' &&
			         (p[i + 2] == 'B' || p[i + 2] == '@'))
				mode = JIS;
			else
				goto fail;
			i += 3;
		} else if (c == 0x0e || c == 0x0f) {
			so = c == 0x0e;
			i++;
		} else if (c >= 0x80) {
			goto fail;
		} else if ((mode == KANA || so) && c >= 0x21 && c <= 0x5f) {
			*w++ = (unsigned char)(c + 0x80);
			i++;
		} else if (mode == KANA || so) {
			if (c >= 0x21)
				goto fail; /* 0x60-0x7E: no katakana */
			*w++ = c;
			i++;
		} else if (mode == JIS && c >= 0x21 && c <= 0x7e) {
			unsigned char j2 = i + 1 < n ? p[i + 1] : 0;
			if (j2 < 0x21 || j2 > 0x7e)
				goto fail;
			*w++ = (unsigned char)(((c + 1) >> 1) +
			                       (c <= 0x5e ? 0x70 : 0xb0));
			*w++ = (unsigned char)(j2 + ((c & 1) ?
			                       (j2 >= 0x60 ? 0x20 : 0x1f) : 0x7e));
			i += 2;
		} else {
			*w++ = c;
			i++;
		}
	}
	*len = (size_t)(w - o);
	return (char *)o;
fail:
	free(o);
	return NULL;
}

/* p[0..n) converted strictly (no byte skipped) from `from` to UTF-8
 * without NUL (owned, malloc), or NULL. */
static char *strict_utf8(const char *p, size_t n, const char *from)
{
	gsize wrote = 0;
	gchar *u = g_convert(p, (gssize)n, "UTF-8", from, NULL, &wrote, NULL);
	char *text = NULL;

	if (u && strlen(u) == wrote && g_utf8_validate(u, -1, NULL))
		text = strdup(u);
	g_free(u);
	return text;
}

/*
 * ISO-2022-JP text p[0..n) in UTF-8 (owned), or NULL.  Strict ISO-2022-JP
 * (glibc's, as before) first, so that what it reads is read exactly as
 * before; only text it refuses, or whose reading still holds an ESC, SO
 * or SI (glibc passes an escape it does not know, such as ESC ( I, through
 * as text: in a good reading every escape is consumed), is read as CP50221
 * (iso2022jp_cp932, then CP932): Windows mailers' ①, IBM kanji and
 * half-width katakana.  When that fails too, the strict reading (if any)
 * stands, and the sheet's checks name the control character.
 */
static char *iso2022jp_utf8(const char *p, size_t n)
{
	char *text = strict_utf8(p, n, "ISO-2022-JP"), *sj, *alt;
	size_t sn;

	if (text && !strpbrk(text, "\x1b\x0e\x0f"))
		return text;
	if (!(sj = iso2022jp_cp932((const unsigned char *)p, n, &sn)))
		return text;
	alt = strict_utf8(sj, sn, "CP932");
	free(sj);
	if (!alt)
		return text;
	free(text);
	return alt;
}

/* Whether cs encodes text in units wider than a byte (UTF-16, UTF-32,
 * UCS-2, UCS-4), where a 0 byte is no NUL. */
static int wide_charset(const char *cs)
{
	static const char *const wide[] = {"utf-16", "utf16", "utf-32", "utf32",
	                                   "ucs-2", "ucs2", "ucs-4", "ucs4"};
	size_t i;

	for (i = 0; i < sizeof(wide) / sizeof(wide[0]); i++)
		if (g_ascii_strncasecmp(cs, wide[i], strlen(wide[i])) == 0)
			return 1;
	return 0;
}

/* The decoded bytes ba in the charset cs (not UTF-8) converted to UTF-8
 * (owned), or NULL with m->bad set (or out of memory: m->bad unset).  A
 * NUL is undecodable, as in UTF-8 (utf8_text): the conversion's string
 * ended there, and the rest of the text (a #withdraw after it) was lost
 * without a word (mail review, 2026-12-03). */
static char *converted_text(hill_mail *m, const char *cs, const GByteArray *ba)
{
	iconv_t cd;
	char *conv, *text;

	if (!wide_charset(cs) && memchr(ba->data, '\0', ba->len)) {
		set_bad(m, HILL_MAIL_UNDECODABLE, cs);
		return NULL;
	}
	if (iso2022jp_label(cs)) {
		if (!(text = iso2022jp_utf8((const char *)ba->data, ba->len)))
			set_bad(m, HILL_MAIL_UNDECODABLE, cs);
		return text;
	}
	cd = charset_converter(cs);
	if (cd == (iconv_t)-1) {
		set_bad(m, HILL_MAIL_CHARSET, cs);
		return NULL;
	}
	conv = g_mime_iconv_strndup(cd, (const char *)ba->data, ba->len);
	g_mime_iconv_close(cd);
	if (!conv || !g_utf8_validate(conv, -1, NULL)) {
		g_free(conv);
		set_bad(m, HILL_MAIL_UNDECODABLE, cs);
		return NULL;
	}
	text = strdup(conv);
	g_free(conv);
	return text;
}

/* The decoded bytes ba, in UTF-8 or ASCII (cs, or no charset), as a string
 * (owned): they must be valid UTF-8 without NUL.  NULL with m->bad set (or
 * out of memory: m->bad unset). */
static char *utf8_text(hill_mail *m, const char *cs, const GByteArray *ba)
{
	char *text;

	if (memchr(ba->data, '\0', ba->len) ||
	    !g_utf8_validate((const char *)ba->data, (gssize)ba->len, NULL)) {
		set_bad(m, HILL_MAIL_UNDECODABLE, cs ? cs : "UTF-8");
		return NULL;
	}
	if ((text = malloc(ba->len + 1))) {
		memcpy(text, ba->data, ba->len);
		text[ba->len] = '\0';
	}
	return text;
}

/* The part's lines in place: LF line ends, and format=flowed undone
 * (delsp=yes drops the space of a soft break). */
static void part_lines(GMimePart *part, char *text)
{
	const char *fmt = g_mime_object_get_content_type_parameter(
		GMIME_OBJECT(part), "format");

	unix_lines(text);
	if (fmt && g_ascii_strcasecmp(fmt, "flowed") == 0) {
		const char *ds = g_mime_object_get_content_type_parameter(
			GMIME_OBJECT(part), "delsp");
		unflow(text, ds && g_ascii_strcasecmp(ds, "yes") == 0);
	}
}

/*
 * The decoded text of a leaf part in UTF-8 (owned), or NULL with m->bad set
 * (or out of memory: m->bad unset).
 */
static char *part_text(hill_mail *m, GMimePart *part)
{
	GMimeDataWrapper *content = g_mime_part_get_content(part);
	GMimeStream *raw_mem = NULL, *mem = NULL;
	GByteArray *ba;
	const char *cs;
	char *text = NULL;

	if (!content)
		return strdup("");
	if (g_mime_part_get_content_encoding(part) == GMIME_CONTENT_ENCODING_BASE64 &&
	    base64_checked(m, part, content, &raw_mem) < 0)
		goto out;
	mem = g_mime_stream_mem_new();
	if (g_mime_data_wrapper_write_to_stream(content, mem) < 0) {
		set_bad(m, HILL_MAIL_UNDECODABLE, NULL);
		goto out;
	}
	ba = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	if (!ba || ba->len == 0) { /* an empty part (ba->data may be NULL) */
		text = strdup("");
		goto out;
	}
	cs = g_mime_object_get_content_type_parameter(GMIME_OBJECT(part), "charset");
	if (!cs || !*cs)
		cs = unlabelled_charset((const char *)ba->data, ba->len);
	text = utf8_charset(cs) ? utf8_text(m, cs, ba) : converted_text(m, cs, ba);
	if (text)
		part_lines(part, text);
out:
	if (raw_mem)
		g_object_unref(raw_mem);
	if (mem)
		g_object_unref(mem);
	return text;
}

static int ends_with_txt(const char *name)
{
	size_t n = name ? strlen(name) : 0;

	return n >= 4 && g_ascii_strcasecmp(name + n - 4, ".txt") == 0;
}

typedef struct walk_state {
	hill_mail *m;
	const am_hill_limits *lim;
	size_t parts;
	char *html;
	int nomem;
} walk_state;

/* A leaf part: its text kept when it is the first .txt attachment (or a
 * .txt part that is not plain text), the first plain-text body or the
 * first text/html part; the name of a later .txt attachment is kept in
 * m->att_others (the reply says it was not read); any other is
 * skipped. */
static void take_part(walk_state *w, GMimeObject *obj)
{
	hill_mail *m = w->m;
	GMimeContentType *ct = g_mime_object_get_content_type(obj);
	GMimePart *part = GMIME_PART(obj);
	const char *fname = g_mime_part_get_filename(part);
	int attach = g_mime_part_is_attachment(part);
	int plain = ct && g_mime_content_type_is_type(ct, "text", "plain");
	int html = ct && g_mime_content_type_is_type(ct, "text", "html");
	char **slot = NULL, *t;

	if (ends_with_txt(fname) && (attach || !plain) && m->attachment) {
		/* a second sheet: not read, but named in the reply */
		ut_buf_printf(&m->att_others, "%s\n", fname);
		if (m->att_others.failed)
			w->nomem = 1;
		return;
	}
	if (ends_with_txt(fname) && (attach || !plain))
		slot = &m->attachment;
	else if (plain && !attach && !m->body)
		slot = &m->body;
	else if (html && !attach && !w->html)
		slot = &w->html;
	if (!slot)
		return;
	if (!(t = part_text(m, part))) {
		w->nomem = !m->bad;
		return;
	}
	*slot = t;
	if (slot == &m->attachment && !(m->att_name = strdup(fname)))
		w->nomem = 1;
}

/* Visit the MIME tree depth first: count parts, check the depth, keep the
 * first text/plain body, the first .txt attachment, the first text/html. */
static void walk(walk_state *w, GMimeObject *obj, size_t depth)
{
	hill_mail *m = w->m;

	if (m->bad || w->nomem || !obj)
		return;
	if (++w->parts > w->lim->max_parts) {
		set_bad(m, HILL_MAIL_TOO_MANY_PARTS, NULL);
		return;
	}
	if (depth > w->lim->max_depth) {
		set_bad(m, HILL_MAIL_TOO_DEEP, NULL);
		return;
	}
	if (GMIME_IS_MULTIPART(obj)) {
		int i, n = g_mime_multipart_get_count(GMIME_MULTIPART(obj));
		for (i = 0; i < n && !m->bad; i++)
			walk(w, g_mime_multipart_get_part(GMIME_MULTIPART(obj), i),
			     depth + 1);
		return;
	}
	if (!GMIME_IS_PART(obj))
		return; /* an attached message: not read */
	take_part(w, obj);
}

static void hash_field(crypto_hash_sha256_state *st, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	unsigned char len[8];
	int i;

	/* length-prefixed, so that no two field lists hash alike */
	for (i = 0; i < 8; i++)
		len[i] = (unsigned char)((uint64_t)n >> (8 * i));
	crypto_hash_sha256_update(st, len, sizeof(len));
	crypto_hash_sha256_update(st, (const unsigned char *)(s ? s : ""), n);
}

/*
 * The message's key, "sha256:HEX" of what makes it this mail: the sender
 * (lower case), the Message-ID, the subject, the MIME headers of the body
 * and the body's bytes (everything after the header block).  The trace
 * headers an MTA adds (Received, Delivered-To, Return-Path) are left out,
 * so that a re-delivery of the same mail has the same key; another
 * sender's mail, or other content under the same Message-ID, has another
 * (docs/HILL.md, "Security": a Message-ID is not an identity).  Without a
 * parsed message (obj NULL): the raw bytes.
 */
static char *hash_key(GMimeObject *obj, const char *from, const char *msgid,
                      const char *raw, size_t len, size_t body_at)
{
	static const char *const heads[] = {
		"Subject", "MIME-Version", "Content-Type",
		"Content-Transfer-Encoding"
	};
	unsigned char h[crypto_hash_sha256_BYTES];
	crypto_hash_sha256_state st;
	char *k = malloc(7 + 2 * sizeof(h) + 1);
	size_t i;

	if (!k)
		return NULL;
	crypto_hash_sha256_init(&st);
	if (obj) {
		hash_field(&st, "amaryllis-hill-key-2");
		hash_field(&st, from);
		hash_field(&st, msgid);
		for (i = 0; i < sizeof(heads) / sizeof(heads[0]); i++)
			hash_field(&st, g_mime_object_get_header(obj, heads[i]));
		raw += body_at;
		len -= body_at;
	}
	crypto_hash_sha256_update(&st, (const unsigned char *)raw, len);
	crypto_hash_sha256_final(&st, h);
	memcpy(k, "sha256:", 7);
	sodium_bin2hex(k + 7, 2 * sizeof(h) + 1, h, sizeof(h));
	return k;
}

/* The end of the header block (after its blank line) within raw[0..len),
 * or len. */
static size_t header_end(const char *raw, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < len; i++) {
		if (raw[i] == '\n' && raw[i + 1] == '\n')
			return i + 2;
		if (raw[i] == '\n' && raw[i + 1] == '\r' && i + 2 < len &&
		    raw[i + 2] == '\n')
			return i + 3;
	}
	return len;
}

/* Skips an mbox envelope line ("From …"), as some MTAs' pipes add: it is
 * not a header. */
static void skip_envelope(const char **raw, size_t *len)
{
	const char *nl;
	size_t skip;

	if (*len < 5 || memcmp(*raw, "From ", 5) != 0)
		return;
	nl = memchr(*raw, '\n', *len);
	skip = nl ? (size_t)(nl - *raw) + 1 : *len;
	*raw += skip;
	*len -= skip;
}

/*
 * The raw text p[0..n) of a header written without encoded words by an
 * old Japanese mail program (ISO-2022-JP escapes, or 8-bit Shift_JIS or
 * EUC-JP: unlabelled_charset's guess) in UTF-8 (owned), or NULL when it is
 * UTF-8 or ASCII already or reads as none of them.  A line break in the
 * reading must still be a folding one (CR LF or LF, then a blank), as in
 * the header: nothing the conversion made can start a header.
 */
static char *raw_header_utf8(const char *p, size_t n)
{
	const char *cs = unlabelled_charset(p, n);
	char *u, *c;

	if (!cs)
		return NULL;
	u = strcmp(cs, "ISO-2022-JP") == 0 ? iso2022jp_utf8(p, n)
	                                   : strict_utf8(p, n, cs);
	for (c = u; c && *c; c++)
		if ((*c == '\r' && c[1] != '\n') ||
		    (*c == '\n' && c[1] != ' ' && c[1] != '\t') ||
		    ((unsigned char)*c < 0x20 && !strchr("\r\n\t", *c))) {
			free(u);
			return NULL;
		}
	return u;
}

/*
 * raw[0..hlen) (the header block) with the values of From and Subject
 * that old Japanese mail programs wrote raw (raw_header_utf8) in UTF-8,
 * which GMime reads as RFC 6532 allows, into *out (owned, *outlen bytes,
 * followed by raw[hlen..len)); 0, or -1 when nothing changed (or out of
 * memory).  Without it GMime read 8-bit ones as Latin-1 (the reply's
 * subject and the standings' player name garbled) and a raw ISO-2022-JP
 * display name not at all (no sender: no reply).  Linear in len: only
 * the first From and the first Subject are looked at.
 */
static int raw_headers_utf8(const char *raw, size_t hlen, size_t len,
                            char **out, size_t *outlen)
{
	char *buf = NULL;
	size_t at = 0, bn = 0, i = 0;
	unsigned done = 0;

	while (i < hlen && done != 3) {
		size_t start = i, colon, end;
		unsigned which;
		char *u;
		/* one field: its first line and every line after it that
		 * starts with a blank */
		end = i;
		do {
			const char *nl = memchr(raw + end, '\n', hlen - end);
			end = nl ? (size_t)(nl - raw) + 1 : hlen;
		} while (end < hlen && (raw[end] == ' ' || raw[end] == '\t'));
		i = end;
		for (colon = start; colon < end && raw[colon] != ':' &&
		     raw[colon] != '\n'; colon++)
			;
		if (colon == end || raw[colon] != ':')
			continue;
		/* the first From and the first Subject only:
		 * at most two conversions, whatever the mail repeats */
		if (colon - start == 4 &&
		    g_ascii_strncasecmp(raw + start, "From", 4) == 0)
			which = 0;
		else if (colon - start == 7 &&
		         g_ascii_strncasecmp(raw + start, "Subject", 7) == 0)
			which = 1;
		else
			continue;
		if (done & (1 << which))
			continue;
		done |= 1 << which;
		/* the value, without the line end that ends the field */
		while (end > colon + 1 && (raw[end - 1] == '\n' || raw[end - 1] == '\r'))
			end--;
		if (!(u = raw_header_utf8(raw + colon + 1, end - colon - 1)))
			continue;
		{
			size_t un = strlen(u), keep = colon + 1 - at;
			char *nb = realloc(buf, bn + keep + un + (len - end) + 1);
			if (!nb) {
				free(u);
				free(buf);
				return -1;
			}
			buf = nb;
			memcpy(buf + bn, raw + at, keep);
			memcpy(buf + bn + keep, u, un);
			bn += keep + un;
			at = end;
			free(u);
		}
	}
	if (!buf)
		return -1;
	memcpy(buf + bn, raw + at, len - at);
	*out = buf;
	*outlen = bn + len - at;
	return 0;
}

/*
 * What GMime would make objects of in p[0..n), counted up to just past
 * cap: in a header block, each line and each ',' or ';' (a field, an
 * address, a parameter); in a body, each line that begins with "--" (a
 * MIME delimiter, after which a part's header block may follow, up to its
 * blank line), and each line that looks like a header field ("Name:",
 * the name printable ASCII without a blank) with its ',' and ';': the
 * header block of a message/rfc822 part (or of a digest's part) follows
 * a part's header block with no "--" before it, and GMime parses it
 * whole (349,000 lines "a:" in 1 MiB took 179 MB: mail review,
 * 2026-12-03).  GMime takes about 0.5-1.5 KB of memory for each (a mail
 * of 1 MiB made of 100,000 empty parts took 138 MB), so a mail past the
 * cap is refused before it is parsed (docs/HILL.md, "Limits").  A text
 * line such as "-- ", "-----" or "Note: …" counts too: an upper bound,
 * not an exact count (a sheet's lines begin with a unit's name or '・',
 * and their colon is mostly full width).
 */
static size_t raw_items(const char *p, size_t n, int header, size_t cap)
{
	const char *end = p + n;
	size_t items = 0;

	while (p < end && items <= cap) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end, *q;
		size_t ln = (size_t)(e - p);
		if (ln > 0 && p[ln - 1] == '\r')
			ln--;
		if (header) {
			if (ln == 0) {
				header = 0;
			} else {
				items++;
				for (q = p; q < p + ln; q++)
					items += *q == ',' || *q == ';';
			}
		} else if (ln >= 2 && p[0] == '-' && p[1] == '-') {
			items++;
			header = 1;
		} else {
			for (q = p; q < p + ln && *q > ' ' && *q < 0x7f && *q != ':'; q++)
				;
			if (q > p && q < p + ln && *q == ':') {
				items++;
				for (; q < p + ln; q++)
					items += *q == ',' || *q == ';';
			}
		}
		p = nl ? nl + 1 : end;
	}
	return items;
}

/* Whether the header field at p[0..n) (its name up to ':') is one the hill
 * reads (read_sender, read_thread, is_loop, hash_key). */
static int wanted_field(const char *p, size_t n)
{
	static const char *const names[] = {
		"From", "Message-ID", "Subject", "References", "In-Reply-To",
		"Auto-Submitted", "Return-Path", "Precedence", "List-Id",
		"X-Autoreply", "X-Auto-Response-Suppress", "X-Loop",
		"X-Amaryllis-Result", "MIME-Version", "Content-Type",
		"Content-Transfer-Encoding",
	};
	const char *colon = memchr(p, ':', n);
	size_t k, i;

	if (!colon)
		return 0;
	for (k = (size_t)(colon - p); k > 0 && (p[k - 1] == ' ' || p[k - 1] == '\t'); k--)
		;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == k && g_ascii_strncasecmp(p, names[i], k) == 0)
			return 1;
	return 0;
}

/*
 * The header block raw[0..hlen) cut down to the fields the hill reads,
 * each at most 4 KiB with its continuation lines and 64 KiB in all (a
 * longer field is left out), then a blank line (owned; NULL when out of
 * memory): what is parsed of a mail whose header block is past the cap of
 * raw_items, so that even its reply does not cost GMime's memory for every
 * field, address and parameter.
 */
static char *wanted_headers(const char *raw, size_t hlen, size_t *outlen)
{
	enum { FIELD_MAX = 4096, ALL_MAX = 65536 };
	char *out = malloc(ALL_MAX + 2);
	size_t at = 0, o = 0;

	if (!out)
		return NULL;
	while (at < hlen) {
		size_t start = at, fl;
		const char *nl;
		/* a field: its line and the lines that begin with a blank */
		do {
			nl = memchr(raw + at, '\n', hlen - at);
			at = nl ? (size_t)(nl - raw) + 1 : hlen;
		} while (at < hlen && (raw[at] == ' ' || raw[at] == '\t'));
		fl = at - start;
		if (fl <= FIELD_MAX && o + fl <= ALL_MAX && raw[start] != '\r' &&
		    raw[start] != '\n' && wanted_field(raw + start, fl)) {
			memcpy(out + o, raw + start, fl);
			o += fl;
			if (raw[at - 1] != '\n')
				out[o++] = '\n';
		}
	}
	out[o++] = '\n';
	*outlen = o;
	return out;
}

/* The message parsed by GMime, or NULL; past lim->max_bytes only its
 * headers are read (m->bad set), to reply and to know the Message-ID;
 * past the cap of raw_items (64 a MIME part allowed) likewise, and of a
 * header block past it only the fields the hill reads (wanted_headers). */
static GMimeMessage *parse_message(hill_mail *m, const char *raw, size_t len,
                                   const am_hill_limits *lim)
{
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *msg;
	size_t parse_len = len, fixed_len, hlen;
	size_t cap = lim->max_parts > SIZE_MAX / 64 ? SIZE_MAX
	                                            : lim->max_parts * 64;
	char *fixed, *cut = NULL;

	if (len > lim->max_bytes) {
		set_bad(m, HILL_MAIL_TOO_BIG, NULL);
		parse_len = header_end(raw, len < 262144 ? len : 262144);
	}
	hlen = header_end(raw, parse_len);
	if (raw_items(raw, hlen, 1, cap) > cap) {
		set_bad(m, HILL_MAIL_TOO_COMPLEX, NULL);
		if (!(cut = wanted_headers(raw, hlen, &parse_len)))
			return NULL;
		raw = cut;
		hlen = parse_len;
	} else if (raw_items(raw + hlen, parse_len - hlen, 0, cap) > cap) {
		set_bad(m, HILL_MAIL_TOO_COMPLEX, NULL);
		parse_len = hlen;
	}
	if (raw_headers_utf8(raw, hlen, parse_len, &fixed, &fixed_len) == 0) {
		stream = g_mime_stream_mem_new_with_buffer(fixed, fixed_len);
		free(fixed);
	} else
		stream = g_mime_stream_mem_new_with_buffer(raw, parse_len);
	free(cut);
	parser = g_mime_parser_new_with_stream(stream);
	g_object_unref(stream);
	msg = g_mime_parser_construct_message(parser, NULL);
	g_object_unref(parser);
	return msg;
}

/*
 * The address the replies per hour count a sender under (mail review
 * 2026-12-03, 3): one mailbox written many ways is one sender.  The
 * mailbox's address with its domain in ASCII (IDNA: Bücher.example and
 * xn--bcher-kva.example are one domain; GMime's IDN form), a "+detail"
 * left out of the local part (RFC 5233: x+1@… and x+2@… reach x@…; not
 * a local part that begins with '+'), the local part in lower case and
 * NFC (Unicode), the domain in lower case; a domain that IDNA refuses
 * (GMime leaves it as written: an emoji, which other MTAs convert) in
 * lower case and NFKC, so that its fullwidth and capital spellings are
 * one (review L1).  Gmail's mailboxes without the dots of their local
 * part and under gmail.com (security review 2026-12-07: v.ictim@gmail.com
 * and victim@googlemail.com reach victim@gmail.com, and each got replies
 * of its own).  NULL when out of memory.
 */
static char *rate_key(InternetAddressMailbox *mb)
{
	const char *a = internet_address_mailbox_get_idn_addr(mb);
	const char *at = a ? strrchr(a, '@') : NULL, *plus;
	gchar *local, *lnfc, *down, *dnfc;
	char *key = NULL;
	size_t n;

	if (!at)
		return NULL;
	plus = memchr(a, '+', (size_t)(at - a));
	n = plus && plus > a ? (size_t)(plus - a) : (size_t)(at - a);
	local = g_utf8_strdown(a, (gssize)n);
	lnfc = local ? g_utf8_normalize(local, -1, G_NORMALIZE_NFC) : NULL;
	down = g_utf8_strdown(at + 1, -1);
	dnfc = down ? g_utf8_normalize(down, -1, G_NORMALIZE_NFKC) : NULL;
	if (lnfc && dnfc && (strcmp(dnfc, "gmail.com") == 0 ||
	                     strcmp(dnfc, "googlemail.com") == 0) &&
	    strspn(lnfc, ".") < strlen(lnfc)) { /* not dots alone */
		char *r = lnfc, *w = lnfc;
		for (; *r; r++)
			if (*r != '.')
				*w++ = *r;
		*w = '\0';
		dnfc[0] = '\0'; /* "gmail.com" is shorter than either */
		strcat(dnfc, "gmail.com");
	}
	if (lnfc && dnfc &&
	    (key = malloc(strlen(lnfc) + strlen(dnfc) + 2)) != NULL)
		sprintf(key, "%s@%s", lnfc, dnfc);
	g_free(local);
	g_free(lnfc);
	g_free(down);
	g_free(dnfc);
	return key;
}

/* The Message-ID (echoed in In-Reply-To: a sane length only, RFC 5322
 * lines) and the sender: the first usable mailbox of From. */
static void read_sender(hill_mail *m, GMimeMessage *msg)
{
	const char *v = g_mime_message_get_message_id(msg);
	InternetAddress *fa;

	if (v && *v && strlen(v) < 250 && g_utf8_validate(v, -1, NULL))
		m->msgid = strdup(v);
	fa = first_mailbox(g_mime_message_get_from(msg));
	if (fa) {
		const char *dn = internet_address_get_name(fa);
		v = internet_address_mailbox_get_addr(
			INTERNET_ADDRESS_MAILBOX(fa));
		m->from = lower_dup(v);
		m->rate_key = rate_key(INTERNET_ADDRESS_MAILBOX(fa));
		/* the reply goes to From as written (the local part's
		 * case kept); Reply-To is not used (docs/HILL.md) */
		m->reply_to = dup_or_null(v);
		if (dn && *dn && g_utf8_validate(dn, -1, NULL))
			m->display = dup_or_null(dn);
	}
}

/*
 * The bytes of one encoded word's text (RFC 2047: "B" base64, "Q" with
 * '_' for a space and =XX) appended to *buf (*len bytes, malloc); 0, or
 * -1 when it is not valid.
 */
static int word_bytes(char enc, const char *t, size_t n, char **buf, size_t *len)
{
	char *nb = realloc(*buf, *len + n + 1), *c;
	size_t i;

	if (!nb)
		return -1;
	*buf = nb;
	if (enc == 'b' || enc == 'B') {
		guchar *d;
		gsize dn;
		if (!(c = g_strndup(t, n)) || !base64_valid((const unsigned char *)c, n)) {
			g_free(c);
			return -1;
		}
		d = g_base64_decode(c, &dn);
		g_free(c);
		if (dn > n) { /* never: base64 shrinks */
			g_free(d);
			return -1;
		}
		memcpy(*buf + *len, d, dn);
		*len += dn;
		g_free(d);
		return 0;
	}
	for (i = 0; i < n; i++) {
		if (t[i] == '_') {
			(*buf)[(*len)++] = ' ';
		} else if (t[i] == '=' && i + 2 < n && g_ascii_isxdigit(t[i + 1]) &&
		           g_ascii_isxdigit(t[i + 2])) {
			(*buf)[(*len)++] = (char)(g_ascii_xdigit_value(t[i + 1]) * 16 +
			                          g_ascii_xdigit_value(t[i + 2]));
			i += 2;
		} else {
			(*buf)[(*len)++] = t[i];
		}
	}
	return 0;
}

/* The pending bytes of encoded words pend[0..*pn) decoded into out (at
 * *on; at most 4 bytes of UTF-8 a byte), *pn then 0.  -1 when they do not
 * decode (the caller keeps GMime's reading). */
static int flush_words(char *out, size_t *on, const char *pend, size_t *pn)
{
	char *t;

	if (!*pn)
		return 0;
	if (!(t = iso2022jp_utf8(pend, *pn)) || strlen(t) > 4 * *pn) {
		free(t);
		return -1;
	}
	memcpy(out + *on, t, strlen(t));
	*on += strlen(t);
	free(t);
	*pn = 0;
	return 0;
}

/*
 * A Subject whose encoded words are all ISO-2022-JP, decoded by
 * iso2022jp_utf8 (so Windows mailers' ① and half-width katakana read as
 * in the body; GMime put '?' for them), or NULL to keep GMime's reading
 * (other charsets, 8-bit bytes, a malformed word).  The bytes of adjacent
 * words are joined before decoding (the blanks between them dropped, RFC
 * 2047 section 6.2), so a character split across two words reads whole.
 */
static char *iso2022jp_subject(const char *raw)
{
	char *out = NULL, *pend = NULL;
	size_t on = 0, pn = 0, n = strlen(raw), i = 0;
	int any = 0;

	if (!(out = malloc(4 * n + 1)))
		return NULL;
	while (i < n && strchr(" \t\r\n", raw[i]))
		i++;
	while (n > i && strchr(" \t\r\n", raw[n - 1]))
		n--;
	while (i < n) {
		/* an encoded word is at most 75 characters (RFC 2047
		 * section 2): the searches stay within that, linear */
		size_t wl = n - i < 75 ? n - i : 75;
		const char *q, *e, *cs = raw + i + 2;
		if (wl > 8 && strncmp(raw + i, "=?", 2) == 0 &&
		    (q = memchr(cs, '?', wl - 2)) && q + 3 < raw + i + wl &&
		    q[2] == '?' &&
		    (e = g_strstr_len(q + 3, raw + i + wl - (q + 3), "?=")) &&
		    !memchr(q + 3, ' ', (size_t)(e - q - 3))) {
			size_t cl = (size_t)(q - cs), k;
			const char *star = memchr(cs, '*', cl); /* RFC 2231 language */
			if (star)
				cl = (size_t)(star - cs);
			if (!((cl == 11 && g_ascii_strncasecmp(cs, "iso-2022-jp", 11) == 0) ||
			      (cl == 11 && g_ascii_strncasecmp(cs, "csiso2022jp", 11) == 0)) ||
			    !strchr("bBqQ", q[1]) ||
			    word_bytes(q[1], q + 3, (size_t)(e - q - 3), &pend, &pn) < 0)
				goto keep;
			any = 1;
			i = (size_t)(e + 2 - raw);
			/* blanks up to the next encoded word are not text */
			for (k = i; k < n && strchr(" \t\r\n", raw[k]); k++)
				;
			if (k > i && strncmp(raw + k, "=?", 2) == 0)
				i = k;
			continue;
		}
		if ((unsigned char)raw[i] >= 0x80 ||
		    flush_words(out, &on, pend, &pn) < 0)
			goto keep;
		if (raw[i] != '\r' && raw[i] != '\n')
			out[on++] = raw[i];
		i++;
	}
	if (flush_words(out, &on, pend, &pn) < 0)
		goto keep;
	out[on] = '\0';
	free(pend);
	if (!any || !g_utf8_validate(out, -1, NULL))
		goto drop;
	return out;
keep:
	free(pend);
drop:
	free(out);
	return NULL;
}

/* The Subject (when UTF-8) and References, to thread the reply. */
static void read_thread(hill_mail *m, GMimeMessage *msg)
{
	const char *v;

	GMimeHeaderList *hl = g_mime_object_get_header_list(GMIME_OBJECT(msg));
	GMimeHeader *h = hl ? g_mime_header_list_get_header(hl, "Subject") : NULL;
	const char *raw = h ? g_mime_header_get_raw_value(h) : NULL;

	if (!raw || !(m->subject = iso2022jp_subject(raw)))
		m->subject = dup_or_null(g_mime_message_get_subject(msg));
	if (m->subject && !g_utf8_validate(m->subject, -1, NULL)) {
		free(m->subject);
		m->subject = NULL;
	}
	/* kept (to thread the reply) only when short: never echoed in bulk */
	v = g_mime_object_get_header(GMIME_OBJECT(msg), "References");
	if (v && strlen(v) <= 900 && g_utf8_validate(v, -1, NULL))
		m->references = dup_or_null(v);
}

/* 1 when s holds nothing but blanks and line ends. */
static int blank_text(const char *s)
{
	return s[strspn(s, " \t\r\n")] == '\0';
}

/* The body and the .txt attachment of a message that is neither bad nor a
 * loop (the text of an HTML part when there is no plain text); no text at
 * all is bad.  0, or AM_ENOMEM. */
static int read_texts(hill_mail *m, GMimeMessage *msg, const am_hill_limits *lim)
{
	walk_state w;

	memset(&w, 0, sizeof(w));
	w.m = m;
	w.lim = lim;
	if (!m->bad && !m->loop)
		walk(&w, g_mime_message_get_mime_part(msg), 0);
	/* the HTML when there is no plain text, or only blanks (an empty
	 * text/plain alternative beside the HTML that holds the entry) */
	if (w.html && !m->bad && (!m->body || blank_text(m->body))) {
		free(m->body);
		m->body = am_hill_html_text(w.html, strlen(w.html));
		if (!m->body)
			w.nomem = 1;
	}
	free(w.html);
	if (w.nomem)
		return AM_ENOMEM;
	if (!m->bad && !m->loop && !m->body && !m->attachment)
		set_bad(m, HILL_MAIL_NO_TEXT, NULL);
	return 0;
}

int am_hill_mail_read(hill_mail *m, const char *raw, size_t len,
                   const am_hill_limits *lim, const char *own_address)
{
	GMimeMessage *msg;
	GMimeObject *obj;
	int rc;

	am_hill_gmime_once();
	memset(m, 0, sizeof(*m));
	skip_envelope(&raw, &len);
	if (!(msg = parse_message(m, raw, len, lim))) {
		set_bad(m, HILL_MAIL_UNPARSABLE, NULL);
		if (!(m->key = hash_key(NULL, NULL, NULL, raw, len, 0)))
			return AM_ENOMEM;
		return 0;
	}
	obj = GMIME_OBJECT(msg);
	read_sender(m, msg);
	m->key = hash_key(obj, m->from, m->msgid, raw, len,
	                  header_end(raw, len));
	read_thread(m, msg);
	m->loop = is_loop(obj, m->from, own_address);
	/* no sender counted for the replies per hour: no mail read */
	if (!m->key || (m->from && !m->rate_key)) {
		g_object_unref(msg);
		return AM_ENOMEM;
	}
	rc = read_texts(m, msg, lim);
	g_object_unref(msg);
	return rc;
}
