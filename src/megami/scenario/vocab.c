/* vocab.c - the names of the scenario format in English and Japanese (M1,
 * MG-SCN-KEY-4: exactly as M1 writes them),
 * and the nearest name for a misspelt one (MG-SCN-DIAG-3). */
#include <stdint.h>
#include <string.h>

#include "sc_int.h"

const sc_name sc_top_keys[SC_TKEY_COUNT] = {
	{"round_limit", "ラウンド上限"},
	{"characters", "キャラクター"},
};

const sc_name sc_character_keys[MG_CKEY_COUNT] = {
	[MG_CKEY_NAME] = {"name", "名前"},
	[MG_CKEY_SIDE] = {"side", "陣営"},
	[MG_CKEY_HP] = {"hp", "HP"},
	[MG_CKEY_HP_NOW] = {"hp_now", "現在HP"},
	[MG_CKEY_INITIATIVE] = {"initiative", "行動"},
	[MG_CKEY_ACCURACY] = {"accuracy", "命中"},
	[MG_CKEY_EVASION] = {"evasion", "回避"},
	[MG_CKEY_RESISTANCE] = {"resistance", "抵抗"},
	[MG_CKEY_POSITION] = {"position", "位置"},
	[MG_CKEY_ARMOR] = {"armor", "防具"},
	[MG_CKEY_FINISH] = {"finish", "とどめ"},
	[MG_CKEY_ATTACKS] = {"attacks", "攻撃"},
};

const sc_name sc_attack_keys[MG_AKEY_COUNT] = {
	[MG_AKEY_NAME] = {"name", "名前"},
	[MG_AKEY_KIND] = {"kind", "種別"},
	[MG_AKEY_CHECK] = {"check", "判定"},
	[MG_AKEY_DAMAGE] = {"damage", "ダメージ"},
	[MG_AKEY_ATTRIBUTES] = {"attributes", "属性"},
	[MG_AKEY_RANGE] = {"range", "射程"},
	[MG_AKEY_AREA] = {"area", "範囲"},
	[MG_AKEY_TIMING] = {"timing", "タイミング"},
};

/* Sides have no Japanese names in M1: PC and NPC are written so in
 * Japanese too. */
const sc_name sc_sides[2] = {{"PC", "PC"}, {"NPC", "NPC"}};
const sc_name sc_kinds[2] = {{"physical", "物理"}, {"magic", "魔法"}};
const sc_name sc_areas[2] = {{"single", "単体"}, {"engagement", "エンゲージ"}};
const sc_name sc_timings[2] = {{"normal", "通常"}, {"complex", "複雑"}};
const sc_name sc_attrs[MG_ATTR_COUNT] = {
	[MG_ATTR_PIERCE] = {"pierce", "貫通"},
	[MG_ATTR_IMPACT] = {"impact", "衝撃"},
	[MG_ATTR_ENERGY] = {"energy", "エネルギー"},
	[MG_ATTR_FIRE] = {"fire", "火"},
	[MG_ATTR_ICE] = {"ice", "氷"},
	[MG_ATTR_THUNDER] = {"thunder", "雷"},
	[MG_ATTR_LIGHT] = {"light", "光"},
	[MG_ATTR_HOLY] = {"holy", "聖"},
	[MG_ATTR_DARK] = {"dark", "闇"},
};
const sc_name sc_stats[MG_STAT_COUNT] = {
	[MG_STAT_INITIATIVE] = {"initiative", "行動"},
	[MG_STAT_ACCURACY] = {"accuracy", "命中"},
	[MG_STAT_EVASION] = {"evasion", "回避"},
	[MG_STAT_RESISTANCE] = {"resistance", "抵抗"},
};

const sc_name *sc_vocab(int v, size_t *n)
{
	switch (v) {
	case MG_VOCAB_SIDE: *n = 2; return sc_sides;
	case MG_VOCAB_KIND: *n = 2; return sc_kinds;
	case MG_VOCAB_AREA: *n = 2; return sc_areas;
	case MG_VOCAB_TIMING: *n = 2; return sc_timings;
	case MG_VOCAB_ATTRIBUTE: *n = MG_ATTR_COUNT; return sc_attrs;
	default: *n = MG_STAT_COUNT; return sc_stats;
	}
}

int sc_lookup(const sc_name *names, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i].en, s) == 0 || strcmp(names[i].ja, s) == 0)
			return (int)i;
	return -1;
}

#define MAXW 64

/* The code points of s (at most MAXW; bytes of bad UTF-8 count one each),
 * ASCII letters folded to lower case.  Returns the count, or MAXW + 1 when
 * s is longer. */
static size_t decode(const char *s, int32_t *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;

	while (*p) {
		int32_t c = *p++;
		int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
		if (more)
			c &= 0x3F >> more;
		while (more-- > 0 && (*p & 0xC0) == 0x80)
			c = (c << 6) | (*p++ & 0x3F);
		if (c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		if (n == MAXW)
			return MAXW + 1;
		cp[n++] = c;
	}
	return n;
}

/* Edit distance between a[0..na) and b[0..nb), both ≤ MAXW: insertions,
 * deletions, substitutions and transpositions of two neighbours
 * (optimal string alignment), each 1. */
static size_t lev(const int32_t *a, size_t na, const int32_t *b, size_t nb)
{
	size_t rows[3][MAXW + 1], i, j;
	size_t *pp = rows[0], *prev = rows[1], *cur = rows[2], *t;

	for (j = 0; j <= nb; j++)
		prev[j] = j;
	for (i = 1; i <= na; i++) {
		cur[0] = i;
		for (j = 1; j <= nb; j++) {
			size_t best = prev[j - 1] + (a[i - 1] != b[j - 1]);
			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && pp[j - 2] + 1 < best)
				best = pp[j - 2] + 1;
			cur[j] = best;
		}
		t = pp;
		pp = prev;
		prev = cur;
		cur = t;
	}
	return prev[nb];
}

const char *sc_suggest(const sc_name *names, size_t n, const char *s)
{
	int32_t a[MAXW], b[MAXW];
	size_t na = decode(s, a), i, k, best = SIZE_MAX;
	const char *found = NULL;

	if (na == 0 || na > MAXW)
		return NULL;
	for (i = 0; i < n; i++)
		for (k = 0; k < 2; k++) {
			const char *cand = k ? names[i].ja : names[i].en;
			size_t nb = decode(cand, b), d;
			if (nb > MAXW)
				continue;
			d = lev(a, na, b, nb);
			if (d <= (nb + 1) / 2 && d < nb && d < best) {
				best = d;
				found = cand;
			}
		}
	return found;
}
