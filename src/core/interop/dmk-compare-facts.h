/* dmk-compare-facts.h: the comparison's rows of facts beside its tests: each result's link
 * (interface and bottleneck) and the conditions of its run, a row per fact. */
#pragma once

#include <glib.h>

#include "dmk-csv-writer.h"
#include "dmk-result.h"

G_BEGIN_DECLS

/* Widens first_width (the row names) and width[c] (result c's column) to hold the fact rows of
 * results. */
void _dmk_compare_facts_widths (GPtrArray *results, guint *first_width, guint *width);
/* A row per fact that any result knows ("Power", "CPU governor", …), each result's value in its
 * column ("—" where unknown), after a blank line; nothing when no result knows any. */
void _dmk_compare_facts_text (GPtrArray *results, GString *out, guint first_width,
                              const guint *width);
/* The same rows for the CSV: the fact's name in "test", "chain" or "condition" in "direction",
 * each result's value in its column as the JSON has it, then n_after empty cells. */
void _dmk_compare_facts_csv (GPtrArray *results, DmkCsv *csv, guint n_after);

G_END_DECLS
