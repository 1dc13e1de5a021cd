/*
 * scenario_io.h - reading scenario files for the commands that take one
 * (check, fight, track, fight --replay): the file capped in size, and the
 * parser's diagnostics printed as FILE:LINE:COL: error: … with the line and
 * a caret, the same way everywhere.
 */
#ifndef MG_CLI_SCENARIO_IO_H
#define MG_CLI_SCENARIO_IO_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "megami/replay.h"
#include "megami/scenario_yaml.h"

/* Scenario files: at most UT_CLI_MAX_BYTES_DEFAULT (1 MiB) unless
 * --max-bytes says otherwise; replays, which hold every die: 16 MiB. */
#define MG_TRACK_MAX_BYTES ((size_t)16 << 20)

/*
 * The diagnostics of a scenario that did not parse, on stderr, then how
 * many were not shown.  Its lines are lines line_off+1… of the file `shown`,
 * shifted right by col_off columns (an embedded scenario, whose whole file
 * is outer[0..outer_len), for the line under a message; outer NULL: the
 * scenario is the file).
 */
void mg_cli_show_diags(const ut_cli *ui, const mg_scenario_doc *doc,
                       const char *shown, uint32_t line_off, uint32_t col_off,
                       const char *outer, size_t outer_len);

/*
 * Parse the scenario in text[0..len) (placed as for mg_cli_show_diags).  On
 * success *doc holds it (free with mg_scenario_doc_free); on failure the
 * diagnostics are on stderr and *doc is NULL.  Returns the exit status.
 */
int mg_cli_scenario_text(const ut_cli *ui, const char *shown, const char *text,
                         size_t len, uint32_t line_off, uint32_t col_off,
                         const char *outer, size_t outer_len,
                         mg_scenario_doc **doc);

/* Line `line` (1-based) of text[0..len), without its end of line, for the
 * caret under an error; NULL past the end. */
const char *mg_cli_nth_line(const char *text, size_t len, uint32_t line,
                            size_t *n);

/* The same for a file read with ut_cli_read_path (opt NULL: no option). */
int mg_cli_scenario_file(const ut_cli *ui, const char *path, size_t max,
                         const char *opt, mg_scenario_doc **doc);
/* The same, and *hash the FNV-1a of the text read (UT-CLI-MPI-1: ranks
 * compare what they read), when hash is not NULL.  On a quiet MPI rank it
 * says nothing: rank 0 says what is wrong (UT-CLI-MPI-3). */
int mg_cli_scenario_file_hash(const ut_cli *ui, const char *path,
                              size_t max, const char *opt,
                              mg_scenario_doc **doc, uint64_t *hash);

/* cmd_fight_replay.c: a replay FILE read and parsed with its scenario
 * (MG-REPLAY-1, MG-REPLAY-2), for fight --replay and track --resume:
 * UT_EXIT_OK, else the status after the error, located in `shown`
 * (*r, *doc and *text, the file's text, are the caller's to free in
 * both cases). */
int mg_cli_replay_load(const ut_cli *ui, const char *file, const char *shown,
                       mg_replay *r, mg_scenario_doc **doc, char **text,
                       size_t *len, size_t max_bytes);
/* "FILE:LINE:COL: error: MSG" and the line with a caret (or "FILE:
 * error: MSG" without a place, line 0). */
void mg_cli_replay_located(const char *file, const char *text, size_t len,
                           uint32_t line, uint32_t col, const char *msg);

#endif
