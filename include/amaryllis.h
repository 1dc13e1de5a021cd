/*
 * amaryllis.h - the whole public API of the Amaryllis engine.
 *
 *   amaryllis/common.h  errors, languages
 *   amaryllis/team.h    plain-data teams (units and actions), costs
 *   amaryllis/engine.h  the battle engine (no I/O, no global state),
 *                       compiled programs, unit states
 *   amaryllis/sheet.h   unit sheets: parsing, validation, diagnostics
 *   amaryllis/render.h  battle logs as text and JSON, standings, cross
 *                       tables, SVG heat maps
 *   amaryllis/league.h  round-robin leagues on threads, shares for MPI
 *   amaryllis/optimize.h  designs of legal units and the search for the
 *                       unit that scores best against a field
 *
 * The shared layer's headers (include/util/) are public too, for front
 * ends; this header includes only what its declarations need.
 */
#ifndef AMARYLLIS_H
#define AMARYLLIS_H

#include "amaryllis/common.h"
#include "amaryllis/team.h"
#include "amaryllis/engine.h"
#include "amaryllis/sheet.h"
#include "amaryllis/render.h"
#include "amaryllis/league.h"
#include "amaryllis/optimize.h"

#endif
