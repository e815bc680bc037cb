/* dmk-compare.h: results side by side: units, best per row, deltas against a baseline, text/CSV. */
#pragma once

#include <glib.h>

#include "dmk-result.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_UNIT_MB_S,
  DMK_UNIT_GB_S,
  DMK_UNIT_IOPS,
  DMK_UNIT_US,
} DmkUnit;

#define DMK_N_UNITS 4

const char *dmk_unit_to_string (DmkUnit unit); /* "MB/s", "GB/s", "IOPS", "us" */
gboolean dmk_unit_from_string (const char *s, DmkUnit *out);
/* Latency is better low; everything else high. */
gboolean dmk_unit_higher_is_better (DmkUnit unit);
/* The value shown in unit, from a throughput, its IOPS and mean latency (also for a pass that is
 * still running, which has no DmkTestResult yet). */
double dmk_unit_value (DmkUnit unit, double mb_per_s, double iops, double latency_us);
double dmk_test_result_value (const DmkTestResult *test, DmkUnit unit);
/* C-locale number in the unit's usual precision: "1234.567", "0.123", "12345.6", "84.12". */
char *dmk_format_value (double value, DmkUnit unit);

typedef struct
{
  DmkTestSpec spec;
  DmkDirection direction;
} DmkCompareRow;

typedef struct
{
  GPtrArray *results; /* DmkResult*, one per column */
  GArray *rows;       /* DmkCompareRow: every test of any result, in first-seen order */
  DmkUnit unit;
  guint baseline; /* column the deltas are against */
} DmkComparison;

DmkComparison *dmk_comparison_new (GPtrArray *results, DmkUnit unit, guint baseline);
void dmk_comparison_free (DmkComparison *cmp);
/* The result of row in column, or NULL where that result lacks the test. */
DmkTestResult *dmk_comparison_get (DmkComparison *cmp, guint row, guint column);
/* The column with the best value in row, or -1 when fewer than two columns have one. */
int dmk_comparison_best_column (DmkComparison *cmp, guint row);
/* Percent change of column against the baseline, in the unit's terms; FALSE when missing. */
gboolean dmk_comparison_delta (DmkComparison *cmp, guint row, guint column, double *percent);
/* A short header for a column: target path, model, date and profile. */
char *dmk_comparison_column_title (DmkComparison *cmp, guint column);
char *dmk_comparison_to_text (DmkComparison *cmp);
char *dmk_comparison_to_csv (DmkComparison *cmp);

/* One result as CSV rows: test, direction, block size, Q, T, MB/s, IOPS, latency. */
char *dmk_result_to_csv (DmkResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkComparison, dmk_comparison_free)

G_END_DECLS
