/* dmk-card-compare.c: the comparison card: two to four results side by side, each cell as the
 * comparison window's (the core's ★, its changes against the baseline, "~" and noise), its
 * legend under them. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-card-private.h"
#include "dmk-compare-cell.h"

#define MARGIN 16.0
#define LABEL_W 118.0
#define COL_MIN 150.0
#define GAP 6.0
#define ROW_H 56.0

double
_dmk_card_comparison_width (DmkComparison *cmp)
{
  return MAX (DMK_CARD_WIDTH, 2 * MARGIN + LABEL_W + cmp->results->len * (COL_MIN + GAP));
}

static double
column_width (DmkCardCtx *c, DmkComparison *cmp)
{
  guint n = MAX (cmp->results->len, 1);

  return (c->width - 2 * MARGIN - LABEL_W - n * GAP) / n;
}

static double
column_x (DmkCardCtx *c, DmkComparison *cmp, guint column)
{
  return MARGIN + LABEL_W + GAP + column * (column_width (c, cmp) + GAP);
}

/* Each column's title as the window's header says it, and which is the baseline; all as tall as
 * the tallest. */
static double
draw_headers (DmkCardCtx *c, DmkComparison *cmp, double y)
{
  const DmkCardPalette *p = c->pal;
  double w = column_width (c, cmp), tallest = 0;
  g_autoptr (GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);

  for (guint col = 0; col < cmp->results->len; col++)
    {
      g_autofree char *title = dmk_comparison_column_title (cmp, col);
      GString *s = g_string_new (title);

      if (col == cmp->baseline && cmp->results->len > 1)
        /* TRANSLATORS: under a comparison card's column title: the changes are against it */
        g_string_append_printf (s, "\n%s", _("Baseline"));
      tallest = MAX (tallest, _dmk_card_text_height (c, s->str, w - 12, 11.5, DMK_CARD_REGULAR));
      g_ptr_array_add (titles, g_string_free (s, FALSE));
    }
  for (guint col = 0; col < cmp->results->len; col++)
    {
      double x = column_x (c, cmp, col);

      _dmk_card_box (c, x, y, w, tallest + 12, 5, &p->panel, 1.0);
      _dmk_card_text (c, g_ptr_array_index (titles, col), x + 6, y + 6, w - 12, 11.5,
                      DMK_CARD_REGULAR, PANGO_ALIGN_LEFT, &p->text);
    }
  _dmk_card_text (c, dmk_unit_label (cmp->unit), MARGIN, y + (tallest + 12) / 2 - 9, LABEL_W,
                  15, DMK_CARD_BOLD, PANGO_ALIGN_CENTER, &p->dim);
  return y + tallest + 12 + GAP;
}

/* "SEQ1M" over "Q8T1 Read", white on green. */
static void
draw_row_label (DmkCardCtx *c, DmkComparison *cmp, guint row, double y)
{
  const DmkCardPalette *p = c->pal;
  g_autofree char *name = dmk_comparison_row_name (cmp, row);
  g_auto (GStrv) parts = g_strsplit (name, " ", 2);
  const char *rest = parts[1] != NULL ? parts[1] : "";
  double h1 = _dmk_card_text_height (c, parts[0], LABEL_W - 8, 16, DMK_CARD_BOLD | DMK_CARD_FIT);
  double h2 = _dmk_card_text_height (c, rest, LABEL_W - 8, 12, DMK_CARD_REGULAR);
  double top = y + MAX (2, (ROW_H - h1 - h2) / 2);

  _dmk_card_box (c, MARGIN, y, LABEL_W, ROW_H, 5, &p->label_bg, 1.0);
  _dmk_card_text (c, parts[0], MARGIN + 4, top, LABEL_W - 8, 16, DMK_CARD_BOLD | DMK_CARD_FIT,
                  PANGO_ALIGN_CENTER, &p->label_text);
  _dmk_card_text (c, rest, MARGIN + 4, top + h1, LABEL_W - 8, 12, DMK_CARD_REGULAR,
                  PANGO_ALIGN_CENTER, &p->label_text);
}

static void
draw_cell (DmkCardCtx *c, DmkComparison *cmp, guint row, guint col, int best, double y)
{
  const DmkCardPalette *p = c->pal;
  g_auto (DmkCompareCellFacts) f = { 0 };
  double x = column_x (c, cmp, col), w = column_width (c, cmp);
  const DmkRgb *delta_color;
  g_autofree char *value = NULL;

  dmk_compare_cell_facts (cmp, row, col, best, &f);
  _dmk_card_box (c, x, y, w, ROW_H, 5, &p->border, 1.0);
  _dmk_card_box (c, x + 1, y + 1, w - 2, ROW_H - 2, 4, &p->panel, 1.0);
  value = g_strdup_printf ("%s%s%s", f.best ? "★ " : "", f.value, f.uncertain ? "~" : "");
  _dmk_card_text (c, value, x + 6, y + 3, w - 12, 21, DMK_CARD_BOLD | DMK_CARD_NUMBERS |
                  DMK_CARD_FIT, PANGO_ALIGN_RIGHT, f.missing ? &p->dim : &p->text);
  delta_color = f.trend == DMK_COMPARE_TREND_BETTER  ? &p->better
                : f.trend == DMK_COMPARE_TREND_WORSE ? &p->worse
                                                     : &p->dim;
  _dmk_card_text (c, f.delta, x + 6, y + 30, w - 12, 11.5, DMK_CARD_NUMBERS | DMK_CARD_FIT,
                  PANGO_ALIGN_RIGHT, delta_color);
  _dmk_card_box (c, x + 6, y + ROW_H - 10, w - 12, 5, 2, &p->border, 0.45);
  _dmk_card_box (c, x + 6, y + ROW_H - 10, (w - 12) * f.fraction, 5, 2, &p->meter, 1.0);
}

double
_dmk_card_draw_comparison (DmkCardCtx *c, DmkComparison *cmp)
{
  const DmkCardPalette *p = c->pal;
  double inner = c->width - 2 * MARGIN, y = 12;
  g_autofree char *legend = dmk_compare_legend_text (cmp, cmp->unit, TRUE);

  /* TRANSLATORS: a comparison card's title */
  y += _dmk_card_text (c, _("GDiskMark comparison"), MARGIN, y, inner, 15, DMK_CARD_BOLD,
                       PANGO_ALIGN_LEFT, &p->text) + 8;
  y = draw_headers (c, cmp, y);
  for (guint row = 0; row < cmp->rows->len; row++)
    {
      int best = dmk_comparison_best_column (cmp, row);

      draw_row_label (c, cmp, row, y);
      for (guint col = 0; col < cmp->results->len; col++)
        draw_cell (c, cmp, row, col, best, y);
      y += ROW_H + GAP;
    }
  y += 4;
  y += _dmk_card_text (c, legend, MARGIN, y, inner, 11, DMK_CARD_REGULAR, PANGO_ALIGN_LEFT,
                       &p->dim);
  return y + 12;
}
