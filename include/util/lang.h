/*
 * util/lang.h - the languages of messages, shared by every rule system
 * (each system's public enum, like am_lang, has the same values).
 */
#ifndef UT_LANG_H
#define UT_LANG_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ut_lang {
	UT_LANG_JA = 0,   /* Japanese, the language of the rules (default) */
	UT_LANG_EN = 1,   /* English */
	UT_LANG_COUNT = 2
} ut_lang;

/*
 * The one language switch for a text written in both languages in place:
 * UT_TRL(lang, "日本語", "English") is the English text when lang is
 * UT_LANG_EN (or a system's XX_LANG_EN, which has the same value), the
 * Japanese one otherwise.  Both may be printf formats; the compiler checks
 * both arms.  Messages whose arguments move with the language go in a
 * catalogue instead (util/msg.h).
 */
#define UT_TRL(lang, ja, en) ((int)(lang) == (int)UT_LANG_EN ? (en) : (ja))

/* UT_TRL in the language of c, anything with a `lang` member (a ut_cli, a
 * tool's options): UT_TR(c, "日本語", "English"). */
#define UT_TR(c, ja, en) UT_TRL((c)->lang, ja, en)

/* The language a name asks for: UT_LANG_JA for ja (also jp, jpn,
 * japanese, 日本語), UT_LANG_EN for en (also eng, english, 英語), in any
 * case and full-width ASCII (EN, ｅｎ, English); -1 for anything else or
 * NULL.  It allocates nothing (a --lang is read also when memory runs
 * out).  The tools' --lang and the hill's #lang both read it. */
int ut_lang_from_name(const char *name);

#ifdef __cplusplus
}
#endif

#endif
