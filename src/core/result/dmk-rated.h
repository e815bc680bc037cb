/* dmk-rated.h: the drive's rated speed (the box's), which the user gives, and each result's share
 * of it: said in the text, the JSON, the comparison and the window. */
#pragma once

#include <json-glib/json-glib.h>

#include "dmk-json-codec.h"
#include "dmk-result.h"

G_BEGIN_DECLS

/* The fastest rating believed: a rating above it is a typing error. */
#define DMK_RATED_MAX_MB_S 1000000.0

/* Whether either direction has a rating. */
gboolean dmk_rated_known (const DmkRated *rated);
/* The rating of direction (read or write); 0 where none (a mix has none). */
double dmk_rated_of (const DmkRated *rated, DmkDirection direction);
/* "3500,3000" (read, write in MB/s; a direction 0 or left empty has none, "3500," rates reads
 * only), or "none" to clear both; a DMK_ERROR_INVALID_ARGUMENT error that says what is wrong. */
gboolean dmk_rated_parse (const char *text, DmkRated *out, GError **error);
/* The test a result's share of the rating is told by: its best sequential test of direction
 * (the highest MB/s of the SEQ tests of that direction); NULL when it has none. */
const DmkTestResult *dmk_rated_best_test (const DmkResult *result, DmkDirection direction);
/* test's score in percent of the result's rating of its direction; FALSE where the test is not
 * sequential, its direction has no rating, or it measured nothing. */
gboolean dmk_rated_share (const DmkResult *result, const DmkTestResult *test, double *percent);
/* "46 % of the rated 3500 MB/s", translated, for a cell's tooltip; NULL where no share. */
char *dmk_rated_share_text (const DmkResult *result, const DmkTestResult *test);
/* "Rated 3500 MB/s read, 3000 MB/s write", translated; NULL without a rating. */
char *dmk_rated_describe (const DmkRated *rated);
/* "SEQ1M Q8T1 Read 1600 MB/s is 46 % of the rated 3500 MB/s (the best sequential read)",
 * translated or (report) in English; NULL when direction has no rating. */
char *dmk_rated_sentence (const DmkResult *result, DmkDirection direction, gboolean report);

/* ---- the result's files (result/ only) ---- */
/* "rated": the rating and, for other readers, each direction's best test and share. */
void _dmk_result_write_rated (JsonBuilder *b, DmkResult *r);
/* Reads the rating back where present (the shares are found again). */
void _dmk_result_read_rated (DmkJsonReader *rd, JsonObject *o, DmkResult *r);
/* "  Rated: …" lines of the text report. */
void _dmk_report_append_rated (GString *s, DmkResult *r);

G_END_DECLS
