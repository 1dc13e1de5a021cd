/*
 * encoding.c - a note for a file saved in a Japanese legacy encoding
 * (ut_cli_encoding_note, util/cli.h): UTF-16 (Windows Notepad's
 * "Unicode"), ISO-2022-JP (JIS), Shift_JIS (Windows-31J, CP932) and
 * EUC-JP (eucJP-ms).  The readers take UTF-8 only and report each bad
 * byte where it is; this says once what the file probably is and the
 * iconv line that converts it.  The guess converts the whole text with
 * glibc's iconv and keeps the first candidate that converts without an
 * error, in the order the hill reads mail sent without a charset
 * (src/front/amaryllis/hill/mailin.c: unlabelled_charset); binary junk,
 * which converts as Shift_JIS too, is told apart by its control
 * characters.
 */
#include "util/cli.h"

#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>

#include "util/utf8.h"

/* Whether byte c is a control character that text does not hold: below
 * 0x20 (NUL included) but tab, CR, LF and form feed. */
static int not_text(char c)
{
	return (unsigned char)c < 0x20 && c != '\t' && c != '\r' && c != '\n' &&
	       c != '\f';
}

/* Whether p[0..n) converts from `from` to UTF-8 with no invalid or cut
 * sequence, and, when text is set, into text (no byte not_text: in UTF-8
 * the C0 controls are those bytes). */
static int converts(const char *p, size_t n, const char *from, int text)
{
	iconv_t cd = iconv_open("UTF-8", from);
	char out[4096], *in = (char *)p;
	size_t left = n, k;
	int ok = 1;

	if (cd == (iconv_t)-1)
		return 0;
	while (ok && left > 0) {
		char *o = out;
		size_t room = sizeof out;
		if (iconv(cd, &in, &left, &o, &room) == (size_t)-1)
			ok = errno == E2BIG; /* out is full: convert on */
		for (k = 0; text && ok && out + k < o; k++)
			if (not_text(out[k]))
				ok = 0;
	}
	iconv_close(cd);
	return ok;
}

const char *ut_cli_guess_encoding(const char *p, size_t n)
{
	static const char *const sjis_first[] = {"CP932", "EUC-JP-MS"};
	static const char *const euc_first[] = {"EUC-JP-MS", "CP932"};
	const char *const *order = euc_first;
	size_t i, nul_even = 0, nul_odd = 0, lf_le = 0, lf_be = 0, lf_all = 0;

	/* UTF-16: a byte order mark; or NULs, all in one column of the byte
	 * pairs (from ASCII, CR and LF: a sheet's every line end), a line end
	 * U+000A in that byte order, and text as UTF-16 of that byte order (a
	 * mostly Japanese file has few NULs, but no other encoding has one;
	 * the line end keeps a stray NUL in other text from being taken for
	 * UTF-16, and so does most LFs being such line ends: a stray NUL
	 * before the last LF of ASCII text makes that LF one, not the others) */
	if (n >= 2 && ((unsigned char)p[0] == 0xff && (unsigned char)p[1] == 0xfe))
		return "UTF-16";
	if (n >= 2 && ((unsigned char)p[0] == 0xfe && (unsigned char)p[1] == 0xff))
		return "UTF-16";
	for (i = 0; i < n; i++) {
		nul_odd += p[i] == '\0' && i % 2;
		nul_even += p[i] == '\0' && !(i % 2);
		lf_all += p[i] == '\n';
	}
	for (i = 0; i + 1 < n; i += 2) {
		lf_le += p[i] == '\n' && p[i + 1] == '\0';
		lf_be += p[i] == '\0' && p[i + 1] == '\n';
	}
	/* (and most of its LF bytes are such line ends: in UTF-16 the others
	 * are half of a character, U+xx0A or U+0Axx, rare; in text with a
	 * stray NUL before an LF, the other LFs end its lines) */
	if (n % 2 == 0 && (nul_odd == 0) != (nul_even == 0) &&
	    (nul_odd ? lf_le : lf_be) > 0 &&
	    2 * (nul_odd ? lf_le : lf_be) > lf_all &&
	    converts(p, n, nul_odd ? "UTF-16LE" : "UTF-16BE", 1))
		return nul_odd ? "UTF-16LE" : "UTF-16BE";
	for (i = 0; i + 2 < n; i++) /* JIS: its escapes to kanji or kana */
		if (p[i] == '\x1b' && ((p[i + 1] == '$' &&
		    (p[i + 2] == 'B' || p[i + 2] == '@')) ||
		    (p[i + 1] == '(' && p[i + 2] == 'I')))
			return converts(p, n, "ISO-2022-JP", 0) ? "ISO-2022-JP" : NULL;
	if (ut_utf8_valid(p, n))
		return NULL;
	/* text: no NUL or control character but tab, CR, LF and form feed
	 * (binary junk converts as Shift_JIS too) */
	for (i = 0; i < n; i++)
		if (not_text(p[i]))
			return NULL;
	/* a byte 0x80 … 0xa0 but EUC-JP's single shifts: a Shift_JIS lead
	 * byte (every hiragana and katakana has one), never EUC-JP */
	for (i = 0; i < n; i++) {
		const unsigned char b = (unsigned char)p[i];
		if (b >= 0x80 && b <= 0xa0 && b != 0x8e && b != 0x8f) {
			order = sjis_first;
			break;
		}
	}
	for (i = 0; i < 2; i++)
		if (converts(p, n, order[i], 0))
			return order[i];
	return NULL;
}

void ut_cli_shell_word(char *out, size_t size, const char *s)
{
	static const char safe[] = "abcdefghijklmnopqrstuvwxyz"
	                           "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                           "0123456789._/+,:@%=-";
	const char *p;
	size_t o = 0;
	int plain = *s != '\0' && *s != '-';

	if (size == 0)
		return;
	for (p = s; *p && plain; p++)
		plain = (unsigned char)*p >= 0x80 || strchr(safe, *p);
	if (plain) {
		snprintf(out, size, "%s", s);
		return;
	}
	/* 'it'\''s': each ' closes the quote, is escaped, opens it again;
	 * what does not fit is left out whole, never half a quote */
	if (o + 1 < size)
		out[o++] = '\'';
	for (p = s; *p; p++) {
		size_t k = *p == '\'' ? 4 : 1;
		if (o + k + 1 >= size)
			break;
		memcpy(out + o, *p == '\'' ? "'\\''" : p, k);
		o += k;
	}
	if (o + 1 < size)
		out[o++] = '\'';
	out[o] = '\0';
}

int ut_cli_encoding_text(ut_buf *out, int lang, const char *path,
                         const char *text, size_t len)
{
	static const struct {
		const char *cs, *ja, *en;
	} names[] = {
		{"UTF-16", "UTF-16（メモ帳の「Unicode」）", "UTF-16 (Notepad's \"Unicode\")"},
		{"UTF-16LE", "UTF-16（メモ帳の「Unicode」）", "UTF-16 (Notepad's \"Unicode\")"},
		{"UTF-16BE", "UTF-16", "UTF-16"},
		{"ISO-2022-JP", "ISO-2022-JP（JIS）", "ISO-2022-JP (JIS)"},
		{"CP932", "Shift_JIS", "Shift_JIS"},
		{"EUC-JP-MS", "EUC-JP", "EUC-JP"},
	};
	char name[UT_CLI_NAME_MAX], word[UT_CLI_NAME_MAX + 3];
	const char *cs = ut_cli_guess_encoding(text, len), *shown;
	size_t i;

	if (!cs)
		return 0;
	for (i = 0; strcmp(names[i].cs, cs) != 0; i++)
		;
	shown = ut_cli_shown_name(name, path);
	/* standard input: iconv reads it too, and writes standard output */
	if (strcmp(path, "-") == 0 || strcmp(path, "<stdin>") == 0)
		snprintf(word, sizeof word, "< FILE");
	else
		ut_cli_shell_word(word, sizeof word, shown);
	if (lang == UT_LANG_EN)
		ut_buf_printf(out, "the file seems to be saved in %s, not UTF-8; "
		              "save it as UTF-8, or convert it: iconv -f %s -t "
		              "UTF-8 %s > new.txt", names[i].en, cs, word);
	else
		ut_buf_printf(out, "ファイルは UTF-8 でなく %s で保存されている"
		              "ようです。UTF-8 で保存するか、変換してください："
		              "iconv -f %s -t UTF-8 %s > new.txt", names[i].ja, cs,
		              word);
	return 1;
}

int ut_cli_encoding_note(int lang, const char *path, const char *text,
                         size_t len)
{
	char name[UT_CLI_NAME_MAX];
	ut_buf b = UT_BUF_INIT;
	int rc = ut_cli_encoding_text(&b, lang, path, text, len);

	if (rc && !b.failed)
		fprintf(stderr, "%s: note: %s\n", ut_cli_shown_name(name, path),
		        b.ptr);
	ut_buf_free(&b);
	return rc && !b.failed;
}
