/*
 * fuzz_mail.c - libFuzzer target for the mail hill: any bytes handed to
 * am_hill_process (as a mail from an MTA) must be processed without a
 * crash, leak or undefined behaviour, and give 0 with a result; a reply,
 * when there is one, must be a message with the result header.
 *
 * The hill lives in a temporary folder (on /dev/shm when there is one, so
 * that SQLite's fsyncs cost little), created once, with the cheapest
 * password hashing and a small population limit.  libFuzzer ends with
 * _Exit (no atexit handlers), so the folder is named after the process and
 * the next run removes the folders of processes that are gone.
 * Its state carries over from input to input (members, processed
 * Message-IDs), as a real hill's does.
 *
 * Seeds: tests/fuzz/corpus/fuzz_mail/; dictionary: tests/fuzz/fuzz_mail.dict.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "amaryllis/hill.h"

static am_hill *hill;
static char dir[64], path[96];

static void check(int ok)
{
	if (!ok)
		abort();
}

/* Remove the hill folder `d` (its database files, the lock file of its
 * deliveries, docs/HILL.md, then itself: a folder that kept the lock file
 * was never removed, and /dev/shm filled with them). */
static void remove_hill(const char *d)
{
	static const char *const files[] = {"hill.db", "hill.db-wal",
	                                    "hill.db-shm", "hill.db-journal",
	                                    "hill.db-sending"};
	char p[160];
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", d, files[i]);
		unlink(p);
	}
	rmdir(d);
}

/* The folders of earlier runs whose process is gone. */
static void remove_stale(const char *base)
{
	DIR *dp = opendir(base);
	struct dirent *de;
	char p[160];

	if (!dp)
		return;
	while ((de = readdir(dp))) {
		long pid;
		if (sscanf(de->d_name, "am_fuzz_mail.%ld", &pid) != 1 || pid <= 0)
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		snprintf(p, sizeof(p), "%s/%s", base, de->d_name);
		remove_hill(p);
	}
	closedir(dp);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	am_hill_config cfg = AM_HILL_CONFIG_INIT;

	(void)argc;
	(void)argv;
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";

	remove_stale(base);
	snprintf(dir, sizeof(dir), "%s/am_fuzz_mail.%ld", base, (long)getpid());
	remove_hill(dir); /* a pid reused */
	check(mkdir(dir, 0700) == 0);
	snprintf(path, sizeof(path), "%s/hill.db", dir);
	cfg.address = "hill@example.org";
	cfg.size = 3;
	cfg.pwhash_ops = 1;
	cfg.pwhash_mem = 8192;
	/* every input is a new mail, mostly from a few addresses: no limit
	 * of replies per hour, so that each reaches the rules */
	cfg.replies_per_hour = 0;
	check(am_hill_create(path, &cfg) == 0);
	check(am_hill_open(&hill, path) == 0);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	am_hill_limits lim = AM_HILL_LIMITS_INIT;
	char *reply = NULL;
	size_t len = 0;
	const char *result = NULL;
	int rc;

	lim.max_bytes = 65536;
	lim.max_units = 200;
	rc = am_hill_process(&reply, &len, &result, hill, (const char *)data,
	                     size, &lim);
	check(rc == 0);
	check(result != NULL);
	if (reply) {
		check(len == strlen(reply));
		check(strstr(reply, "\nX-Amaryllis-Result: ") != NULL);
		check(strstr(reply, "\nAuto-Submitted: auto-replied") != NULL);
		check(len <= 262144); /* the hill's default reply_max */
		check(am_hill_mark_sent(hill) == 0);
	} else {
		check(!strcmp(result, "ignored") || !strcmp(result, "duplicate") ||
		      !strcmp(result, "limited"));
	}
	free(reply);
	return 0;
}
