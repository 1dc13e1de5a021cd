/*
 * main.c - megami-serve, the executable `megami serve` runs
 * (ut_cli_exec_helper): the BCDice-API server (cmd_serve.c) apart from
 * megami, so that libmicrohttpd and GnuTLS, which it links, are loaded
 * only by the server and not by every `megami roll` or `fight`.
 *
 *     megami-serve [--lang ja|en] [OPTION]...    (= megami serve …)
 *     megami-serve --version
 */
#include <string.h>

#include "cli.h"

#ifndef MEGAMI_VERSION
#error "MEGAMI_VERSION is set by CMakeLists.txt from the project version"
#endif

int main(int argc, char **argv)
{
	mg_cli o = MG_CLI_INIT;

	if (argc == 2 && strcmp(argv[1], "--version") == 0)
		return ut_cli_exit(&o.ui, NULL, ut_cli_version(&o.ui, MEGAMI_VERSION));
	return ut_cli_exit(&o.ui, "serve", cmd_serve(&o.ui, argc, argv));
}
