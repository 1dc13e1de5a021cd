/* main.c - the amaryllis command: dispatch to cmd_<name>.c. */
#include <string.h>

#include "cli.h"

static const char usage[] =
	"usage: amaryllis <command> [options] ...\n"
	"\n"
	"commands:\n"
	"  check  [--lang ja|en] SHEET...\n"
	"         validate unit sheets; print each legal sheet normalised,\n"
	"         with 技術 and every action's computed cost\n"
	"  battle [--lang ja|en] [--format text|json] [--tie-break SEED]\n"
	"         [--max-units N] A B\n"
	"         run the battle of sheet A against sheet B and print its log;\n"
	"         a battle whose population passes N units (default 1000000)\n"
	"         stops with an error after its partial log\n"
	"  league [--lang ja|en] [--format text|csv|json] [--jobs N]\n"
	"         [--points W,D,L] [--matrix FILE.csv] [--svg FILE.svg]\n"
	"         [--max-units N] DIR_OR_SHEET...\n"
	"         play every pair of sheets once and print the standings;\n"
	"         illegal sheets are reported and left out\n"
	"\n"
	"A sheet path of - reads standard input.  Exit status: 0 ok, 1 bad\n"
	"input (illegal sheet, unreadable file), 2 usage.\n";

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(usage, stdout);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		puts("amaryllis 0.1.0");
		return EXIT_OK;
	}
	if (strcmp(argv[1], "check") == 0)
		return cmd_check(argc - 1, argv + 1);
	if (strcmp(argv[1], "battle") == 0)
		return cmd_battle(argc - 1, argv + 1);
	if (strcmp(argv[1], "league") == 0)
		return cmd_league(argc - 1, argv + 1);
	cli_error("unknown command '%s'", argv[1]);
	fputs(usage, stderr);
	return EXIT_USAGE;
}
