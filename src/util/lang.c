/*
 * lang.c - the language a name asks for (util/lang.h).
 */
#include <string.h>

#include "util/lang.h"

int ut_lang_from_name(const char *name)
{
	static const char *const ja[] = {"ja", "jp", "jpn", "japanese", "日本語"};
	static const char *const en[] = {"en", "eng", "english", "英語"};
	const unsigned char *p = (const unsigned char *)name;
	char folded[40];
	size_t i, n = 0;

	/* any case and width: EN, ｅｎ, English (language review
	 * 2026-12-07: a person asking for English got a Japanese error).
	 * Folded here, without allocating: --lang must be read also when
	 * memory runs out (output/no_memory). */
	if (!name)
		return -1;
	while (*p && n + 4 < sizeof(folded)) {
		unsigned c = *p;
		if (c == 0xEF && (p[1] == 0xBC || p[1] == 0xBD) && p[2] >= 0x80 &&
		    p[2] <= 0xBF) {
			/* U+FF01..U+FF5E: full-width ASCII */
			unsigned cp = 0xF000u | (unsigned)(p[1] & 0x3F) << 6 |
			              (unsigned)(p[2] & 0x3F);
			if (cp >= 0xFF01 && cp <= 0xFF5E) {
				c = cp - 0xFEE0;
				p += 2;
			}
		}
		folded[n++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
		p++;
	}
	if (*p)
		return -1; /* longer than any name */
	folded[n] = '\0';
	for (i = 0; i < sizeof(ja) / sizeof(ja[0]); i++)
		if (strcmp(folded, ja[i]) == 0)
			return UT_LANG_JA;
	for (i = 0; i < sizeof(en) / sizeof(en[0]); i++)
		if (strcmp(folded, en[i]) == 0)
			return UT_LANG_EN;
	return -1;
}
