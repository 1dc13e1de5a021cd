/*
 * yaml_int.h - what read.c and diag.c of util_yaml share: the problem
 * texts of the typos the layer names itself (UT_YAML_D_SYNTAX's s1, in
 * English; diag.c has them in Japanese).
 */
#ifndef UT_YAML_INT_H
#define UT_YAML_INT_H

#define UT_YAML_TEXT_FULLWIDTH_COLON \
	"a full-width colon '\xEF\xBC\x9A': write a half-width ': ' " \
	"(a colon and a space)"
#define UT_YAML_TEXT_NO_BLANK \
	"no space after ':': write ': ' (a colon and a space) between a key " \
	"and its value"
#define UT_YAML_TEXT_FULLWIDTH_SPACE \
	"a full-width space (U+3000) in the indentation: indent with " \
	"half-width spaces"

/* The problem text of typo kind (UT_YAML_TYPO_*). */
const char *ut_yaml_typo_text(int kind);

#endif
