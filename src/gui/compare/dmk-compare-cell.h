/* dmk-compare-cell.h: one cell of the comparison: a value, its change against the baseline and a
 * bar against the row's best. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"

G_BEGIN_DECLS

/* How the delta line is coloured: unchanged (dimmed), better or worse than the baseline. */
typedef enum
{
  DMK_COMPARE_TREND_NONE,
  DMK_COMPARE_TREND_BETTER,
  DMK_COMPARE_TREND_WORSE,
} DmkCompareTrend;

GType dmk_compare_trend_get_type (void) G_GNUC_CONST;
#define DMK_TYPE_COMPARE_TREND (dmk_compare_trend_get_type ())

#define DMK_TYPE_COMPARE_CELL (dmk_compare_cell_get_type ())
G_DECLARE_FINAL_TYPE (DmkCompareCell, dmk_compare_cell, DMK, COMPARE_CELL, GtkBox)

/* What a cell of row and column of cmp says, in words and numbers: the window's cell and the
 * comparison card draw the same. best is the row's best column (dmk_comparison_best_column ()). */
typedef struct
{
  char *value; /* "1234.56", or "—" where the result lacks the test */
  char *delta; /* "+12.3%", "+1.2% (noise)", or "" (the baseline's own cells, missing ones) */
  DmkCompareTrend trend;
  gboolean best, missing, uncertain;
  gboolean have_delta;
  double percent;  /* the change against the baseline, with have_delta */
  double fraction; /* the bar: the value against the row's best, 0–1 */
} DmkCompareCellFacts;

void dmk_compare_cell_facts (DmkComparison *cmp, guint row, guint column, int best,
                             DmkCompareCellFacts *out);
void dmk_compare_cell_facts_clear (DmkCompareCellFacts *facts);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (DmkCompareCellFacts, dmk_compare_cell_facts_clear)

/* The legend under a comparison in unit: what ★, the changes, "—" and "~" mean. picture: for an
 * image, which has no tooltips to point to. */
char *dmk_compare_legend_text (DmkComparison *cmp, DmkUnit unit, gboolean picture);

/* The cell of row and column of cmp. best is the row's best column (or -1) and header the
 * column's title: both the same for a whole row or column, so the caller works them out once. */
GtkWidget *dmk_compare_cell_new_for_comparison (DmkComparison *cmp, guint row, guint column,
                                                int best, const char *header);

/* "1234.56", or "—" where the result lacks the test. */
const char *dmk_compare_cell_get_value (DmkCompareCell *self);
void dmk_compare_cell_set_value (DmkCompareCell *self, const char *value);
/* "+12.3%", or "" (the baseline's own cells, and missing ones). */
const char *dmk_compare_cell_get_delta (DmkCompareCell *self);
void dmk_compare_cell_set_delta (DmkCompareCell *self, const char *delta);
void dmk_compare_cell_set_trend (DmkCompareCell *self, DmkCompareTrend trend);
gboolean dmk_compare_cell_get_best (DmkCompareCell *self);
void dmk_compare_cell_set_best (DmkCompareCell *self, gboolean best);
void dmk_compare_cell_set_missing (DmkCompareCell *self, gboolean missing);
/* A value whose passes scatter: ranked, marked "~" (dmk_comparison_uncertain ()). */
gboolean dmk_compare_cell_get_uncertain (DmkCompareCell *self);
void dmk_compare_cell_set_uncertain (DmkCompareCell *self, gboolean uncertain);
/* The bar's fill, 0–1. */
double dmk_compare_cell_get_fraction (DmkCompareCell *self);
void dmk_compare_cell_set_fraction (DmkCompareCell *self, double fraction);
void dmk_compare_cell_set_description (DmkCompareCell *self, const char *description);

G_END_DECLS
