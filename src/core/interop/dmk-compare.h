/* dmk-compare.h: results side by side: best per row, deltas against a baseline, text/CSV. */
#pragma once

#include <glib.h>

#include "dmk-result.h"
#include "dmk-units.h"

G_BEGIN_DECLS

/* The test's score in unit. */
double dmk_test_result_value (const DmkTestResult *test, DmkUnit unit);

typedef struct
{
  DmkTestSpec spec;
  DmkDirection direction;
  guint nth;        /* the nth test of this spec in each result (two fio jobs of one test) */
  const char *name; /* the job's name where a result has several of the test, else NULL */
  guint mix;        /* a mixed test's read share in percent (70 and 30 are two rows), else 0 */
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
/* The value of row in column in the comparison's unit; FALSE where it is missing: no such
 * test, or 0 (what tools print for what they did not measure). Missing is "—", never ranked. */
gboolean dmk_comparison_value (DmkComparison *cmp, guint row, guint column, double *value);
/* Whether column's value in row cannot be ranked against clean ones: its result has a warning
 * about it (one that names the test, or one about the whole run: tmpfs, buffered, interrupted),
 * or the test ran at a depth psync capped. Neither a note on the engine nor the scatter of the
 * test's passes leaves a value out. */
gboolean dmk_comparison_flagged (DmkComparison *cmp, guint row, guint column);
/* Whether column's value in row is uncertain: its result has a warning that the test's passes
 * scatter. It is ranked all the same (it may have the ★), marked "~". */
gboolean dmk_comparison_uncertain (DmkComparison *cmp, guint row, guint column);
/* The column with the best value in row, or -1 when fewer than two columns have one: the best
 * of the values that compare. Flagged values count only when every value of the row is. */
int dmk_comparison_best_column (DmkComparison *cmp, guint row);
/* Whether a warning leaves some value out of its row's ranking (the legend then says why). */
gboolean dmk_comparison_any_unranked (DmkComparison *cmp);
/* Whether some value is uncertain (the legend then says what "~" after a value means). */
gboolean dmk_comparison_any_uncertain (DmkComparison *cmp);
/* "RND4K Q1T1 Read", "RND4K Q8T2 Read (rand-read-b)" where a result has several of the test. */
char *dmk_comparison_row_name (DmkComparison *cmp, guint row);
/* Percent change of column against the baseline, in the unit's terms; FALSE when missing. */
gboolean dmk_comparison_delta (DmkComparison *cmp, guint row, guint column, double *percent);
/* Whether column's change against the baseline in row is smaller than the two results' spread
 * (dmk_spread_within_noise ()): it may be noise rather than a difference. */
gboolean dmk_comparison_within_noise (DmkComparison *cmp, guint row, guint column);
/* A short header for a column: target path, model, date, profile and comment, each only where
 * the result knows it. */
char *dmk_comparison_column_title (DmkComparison *cmp, guint column);
char *dmk_comparison_to_text (DmkComparison *cmp);
char *dmk_comparison_to_csv (DmkComparison *cmp);
/* The CSV's table as a spreadsheet file (.ods or .xlsx), each value and delta a numeric cell with
 * every digit (the CSV rounds them to four significant digits). */
gboolean dmk_comparison_save_sheet (DmkComparison *cmp, DmkSheetFormat format, const char *path,
                                    GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkComparison, dmk_comparison_free)

G_END_DECLS
