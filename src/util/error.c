/* error.c - the thread-local last error of every system (libgit2's
 * git_error_last pattern); am_/mg_/ms_error_last are macros for it. */
#include "util/error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/lang.h"

static _Thread_local char last_error[512];
/* (a message longer than the buffer is cut on a character boundary:
 * whole_chars) */
/* the Japanese text of ut_error_set_tr; has_ja 0 after ut_error_set */
static _Thread_local char last_error_ja[512];
static _Thread_local int has_ja;

/* After vsnprintf into s[0..size) said the text needed n bytes: when it
 * was cut, drop a last character left incomplete (a lead byte without all
 * its continuation bytes), so that the message stays UTF-8. */
static void whole_chars(char *s, size_t size, int n)
{
	size_t len, k;
	unsigned char c;

	if (n < 0 || (size_t)n < size)
		return;
	len = strlen(s);
	for (k = len; k > 0 && len - k < 3 &&
	              ((unsigned char)s[k - 1] & 0xC0) == 0x80;
	     k--)
		;
	if (k == 0)
		return;
	c = (unsigned char)s[k - 1];
	if (c >= 0xC0 &&
	    len - (k - 1) < (size_t)(c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2))
		s[k - 1] = '\0';
}

const char *ut_error_last(void)
{
	return last_error;
}

const char *ut_error_last_lang(int lang)
{
	return lang == (int)UT_LANG_JA && has_ja ? last_error_ja : last_error;
}

void ut_error_clear(void)
{
	last_error[0] = '\0';
	has_ja = 0;
}

int ut_error_set(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	whole_chars(last_error, sizeof(last_error),
	            vsnprintf(last_error, sizeof(last_error), fmt, ap));
	va_end(ap);
	has_ja = 0;
	return code;
}

int ut_error_set_tr(int code, const char *ja, const char *en, ...)
{
	va_list ap;

	va_start(ap, en);
	whole_chars(last_error, sizeof(last_error),
	            vsnprintf(last_error, sizeof(last_error), en, ap));
	va_end(ap);
	va_start(ap, en);
	whole_chars(last_error_ja, sizeof(last_error_ja),
	            vsnprintf(last_error_ja, sizeof(last_error_ja), ja, ap));
	va_end(ap);
	has_ja = 1;
	return code;
}

int ut_error_set_texts(int code, const char *ja, const char *en)
{
	whole_chars(last_error, sizeof(last_error),
	            snprintf(last_error, sizeof(last_error), "%s", en));
	whole_chars(last_error_ja, sizeof(last_error_ja),
	            snprintf(last_error_ja, sizeof(last_error_ja), "%s", ja));
	has_ja = 1;
	return code;
}

const char *ut_error_text_lang(int lang, const char *msg, char *buf,
                               size_t size)
{
	static const char en[] = "out of memory";
	size_t len = strlen(msg), k = sizeof(en) - 1;

	if (lang != (int)UT_LANG_JA || len < k || !size ||
	    memcmp(msg + len - k, en, k) != 0)
		return msg;
	whole_chars(buf, size, snprintf(buf, size, "%.*sメモリが足りません",
	                                (int)(len - k), msg));
	return buf;
}

const char *ut_strerror(int lang, int err)
{
	/* glibc's Japanese texts (libc.mo, ja) of the errors that opening,
	 * reading and writing files and streams, and listening, give */
	static const struct {
		int err;
		const char *ja;
	} ja[] = {
		{ENOENT, "そのようなファイルやディレクトリはありません"},
		{EACCES, "許可がありません"},
		{EPERM, "許可されていない操作です"},
		{EISDIR, "ディレクトリです"},
		{ENOTDIR, "ディレクトリではありません"},
		{ENOSPC, "デバイスに空き領域がありません"},
		{EROFS, "読み込み専用ファイルシステムです"},
		{EIO, "入力/出力エラーです"},
		{ELOOP, "シンボリックリンクの階層が多すぎます"},
		{ENAMETOOLONG, "ファイル名が長すぎます"},
		{EMFILE, "開いているファイルが多すぎます"},
		{ENFILE, "システム全体で開いているファイルが多すぎます"},
		{ENOMEM, "メモリを確保できません"},
		{EFBIG, "ファイルが大きすぎます"},
		{EPIPE, "パイプが切断されました"},
		{EEXIST, "ファイルが存在します"},
		{ENXIO, "そのようなデバイスやアドレスはありません"},
		{ENODEV, "そのようなデバイスはありません"},
		{EBADF, "不正なファイル記述子です"},
		{EINVAL, "無効な引数です"},
		{EAGAIN, "リソースが一時的に利用できません"},
		{EINTR, "システムコールが中断されました"},
		{EDQUOT, "ディスク使用量制限を超過しました"},
		/* and what a server's listening socket gives */
		{EADDRINUSE, "アドレスは既に使用中です"},
		{EADDRNOTAVAIL, "要求アドレスに割り当てられません"},
	};
	size_t i;

	if (lang != (int)UT_LANG_EN)
		for (i = 0; i < sizeof ja / sizeof ja[0]; i++)
			if (ja[i].err == err)
				return ja[i].ja;
	return strerror(err);
}
