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

#ifdef __cplusplus
}
#endif

#endif
