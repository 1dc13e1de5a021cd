/*
 * tests/install/install.sh: a program built against all three INSTALLED
 * libraries at once (pkg-config amaryllis megami manastorm).  They share
 * one error object (docs/EMBEDDING.md): an error that libmegami sets is
 * the one am_error_last and ms_error_last read.  libmegami sets it
 * through libamaryllis-util's ut_error_set, the one copy of util in the
 * program; when each library held its own copy of util, a library linked
 * with -Bsymbolic-functions (Ubuntu's default) set its own copy, and the
 * others read "".  Prints "megami: MESSAGE" for each of the three
 * readers; "2D6+" ends where a term is needed.  Then each library's
 * version at run time against its headers' (common.h): "versions:
 * V V V", or a line that names the one that differs.
 */
#include <stdio.h>
#include <string.h>

#include <amaryllis.h>
#include <manastorm/duel.h>
#include <megami/dice.h>

int main(void)
{
	mg_dice_expr *e = NULL;
	mg_dice_diag d;

	am_error_clear();
	if (mg_dice_parse(&e, &d, "2D6+", 4, MG_LANG_EN) >= 0) {
		puts("2D6+ parsed");
		return 1;
	}
	printf("megami: %s\nmegami: %s\nmegami: %s\n", mg_error_last(),
	       am_error_last(), ms_error_last());
	if (strcmp(am_version(), AM_VERSION) || strcmp(mg_version(), MG_VERSION) ||
	    strcmp(ms_version(), MS_VERSION)) {
		printf("versions differ: %s %s, %s %s, %s %s\n", am_version(),
		       AM_VERSION, mg_version(), MG_VERSION, ms_version(),
		       MS_VERSION);
		return 1;
	}
	printf("versions: %s %s %s\n", am_version(), mg_version(), ms_version());
	return 0;
}
