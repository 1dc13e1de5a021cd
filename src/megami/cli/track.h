/*
 * track.h - what `megami track` (cmd_track.c) and `megami fight --replay`
 * (cmd_fight_replay.c) share: reading a scenario with located diagnostics.
 */
#ifndef MG_CLI_TRACK_H
#define MG_CLI_TRACK_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "megami/scenario_yaml.h"

/* Scenario files and replays: at most 16 MiB. */
#define MG_TRACK_MAX_BYTES ((size_t)16 << 20)

/*
 * Read the scenario in text[0..len) (`shown` names it in messages; its
 * lines are lines line_off+1… of that file, shifted right by col_off
 * columns: an embedded scenario, whose whole file is outer[0..outer_len)
 * for the line under a message; outer NULL: the scenario is the file).
 * On success *doc holds it (free with mg_scenario_doc_free); on failure
 * the diagnostics are on stderr.  Returns the exit status (UT_EXIT_OK or
 * UT_EXIT_INPUT).
 */
int mg_track_scenario_text(const ut_cli *ui, const char *shown,
                           const char *text, size_t len, uint32_t line_off,
                           uint32_t col_off, const char *outer,
                           size_t outer_len, mg_scenario_doc **doc);

/* The same for a file (- is standard input). */
int mg_track_scenario_file(const ut_cli *ui, const char *path,
                           mg_scenario_doc **doc);

/* Read a whole file (capped); *text owned.  0, or prints "FILE: error: …"
 * and returns UT_EXIT_INPUT. */
int mg_track_read(const ut_cli *ui, const char *path, char **text,
                  size_t *len);

#endif
