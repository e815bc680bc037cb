/* dmk-card-result.c: the result card: CrystalDiskMark's grid (tests as rows, Read, Write and Mix
 * cells with big numbers and meter bars), each test's spread, the drive, the rule, the warnings,
 * the comment, the date and the tool. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-card-private.h"

#define MARGIN 16.0
#define LABEL_W 100.0
#define GAP 6.0
#define HEAD_H 24.0
#define ROW_H 66.0

typedef struct
{
  DmkTestSpec spec;
  const char *name; /* another tool's job name, else NULL */
} Row;

double
_dmk_card_result_width (DmkResult *r)
{
  return DMK_CARD_WIDTH;
}

/* The tests of r in the order it ran them, each spec (and job name) once. */
static GArray *
result_rows (DmkResult *r, gboolean *has_mix)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (Row));

  *has_mix = FALSE;
  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      gboolean seen = FALSE;

      *has_mix |= t->direction == DMK_DIRECTION_MIX;
      for (guint j = 0; j < rows->len && !seen; j++)
        {
          Row *row = &g_array_index (rows, Row, j);
          seen = dmk_test_spec_equal (&row->spec, &t->spec) && g_strcmp0 (row->name, t->name) == 0;
        }
      if (!seen)
        g_array_append_val (rows, ((Row){ t->spec, t->name }));
    }
  return rows;
}

static DmkTestResult *
find (DmkResult *r, const Row *row, DmkDirection dir)
{
  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);

      if (t->direction == dir && dmk_test_spec_equal (&t->spec, &row->spec) &&
          g_strcmp0 (t->name, row->name) == 0)
        return t;
    }
  return NULL;
}

static double
draw_header (DmkCardCtx *c, DmkResult *r)
{
  const DmkCardPalette *p = c->pal;
  double inner = c->width - 2 * MARGIN, y = 12;
  g_autofree char *tool = _dmk_card_tool_line (r);
  g_autofree char *date = dmk_format_date_human (r->date);
  g_autofree char *drive = _dmk_card_drive_line (r);
  g_autofree char *settings = _dmk_card_settings_line (r);
  double h;

  h = _dmk_card_text (c, tool, MARGIN, y, inner * 0.5, 13, DMK_CARD_BOLD | DMK_CARD_NO_WRAP,
                      PANGO_ALIGN_LEFT, &p->text);
  _dmk_card_text (c, date, MARGIN + inner * 0.5, y, inner * 0.5, 13, DMK_CARD_NO_WRAP,
                  PANGO_ALIGN_RIGHT, &p->dim);
  y += h + 6;
  y += _dmk_card_text (c, drive, MARGIN, y, inner, 18, DMK_CARD_BOLD, PANGO_ALIGN_LEFT, &p->text);
  y += 2;
  y += _dmk_card_text (c, settings, MARGIN, y, inner, 12.5, DMK_CARD_REGULAR, PANGO_ALIGN_LEFT,
                       &p->dim);
  return y + 10;
}

/* The column headings: the unit over the tests, then Read, Write and Mix. */
static void
draw_heads (DmkCardCtx *c, DmkResult *r, double y, guint n_cols, double col_w)
{
  const DmkCardPalette *p = c->pal;
  guint share = r->settings.mix_read_percent > 0 ? r->settings.mix_read_percent : DMK_MIX_DEFAULT;
  /* TRANSLATORS: the mixed test's column on a result card: "Mix R70%" */
  g_autofree char *mix = g_strdup_printf (_("Mix R%u%%"), share);
  const char *heads[] = { _("Read"), _("Write"), mix };

  _dmk_card_text (c, dmk_unit_label (DMK_UNIT_MB_S), MARGIN, y + 3, LABEL_W, 14, DMK_CARD_BOLD,
                  PANGO_ALIGN_CENTER, &p->dim);
  for (guint i = 0; i < n_cols; i++)
    _dmk_card_text (c, heads[i], MARGIN + LABEL_W + GAP + i * (col_w + GAP), y + 3, col_w, 14,
                    DMK_CARD_BOLD, PANGO_ALIGN_CENTER, &p->text);
}

/* The test's button: "SEQ1M" over "Q8T1" (and a job's name), white on green as in
 * CrystalDiskMark. */
static void
draw_label (DmkCardCtx *c, const Row *row, double y)
{
  const DmkCardPalette *p = c->pal;
  g_autofree char *name = dmk_test_spec_to_name (&row->spec);
  g_auto (GStrv) parts = g_strsplit (name, " ", 2);
  double h1, h2, top;
  g_autofree char *second =
    row->name != NULL ? g_strdup_printf ("%s\n%s", parts[1] ? parts[1] : "", row->name)
                      : g_strdup (parts[1] ? parts[1] : "");

  _dmk_card_box (c, MARGIN, y, LABEL_W, ROW_H, 5, &p->label_bg, 1.0);
  h1 = _dmk_card_text_height (c, parts[0], LABEL_W - 8, 18,
                              DMK_CARD_BOLD | DMK_CARD_NUMBERS | DMK_CARD_FIT);
  h2 = _dmk_card_text_height (c, second, LABEL_W - 8, 13, DMK_CARD_NUMBERS);
  top = y + MAX (2, (ROW_H - h1 - h2) / 2);
  _dmk_card_text (c, parts[0], MARGIN + 4, top, LABEL_W - 8, 18,
                  DMK_CARD_BOLD | DMK_CARD_NUMBERS | DMK_CARD_FIT, PANGO_ALIGN_CENTER,
                  &p->label_text);
  _dmk_card_text (c, second, MARGIN + 4, top + h1, LABEL_W - 8, 13, DMK_CARD_NUMBERS,
                  PANGO_ALIGN_CENTER, &p->label_text);
}

/* The bar from the left of the cell, on CrystalDiskMark's log scale; the spread a line over it
 * from the lowest pass to the highest, with a tick at the median. */
static void
draw_meter (DmkCardCtx *c, DmkTestResult *t, const DmkSpread *spread, double x, double y,
            double w)
{
  const DmkCardPalette *p = c->pal;
  double fill = CLAMP (dmk_unit_fill (DMK_UNIT_MB_S, t->mb_per_s, t->latency_us.mean), 0, 1);
  double lo, hi, mid;

  _dmk_card_box (c, x, y, w, 8, 2, &p->border, 0.45);
  _dmk_card_box (c, x, y, w * fill, 8, 2, &p->meter, 1.0);
  if (spread == NULL)
    return;
  lo = w * CLAMP (dmk_unit_fill (DMK_UNIT_MB_S, spread->min, 0), 0, 1);
  hi = w * CLAMP (dmk_unit_fill (DMK_UNIT_MB_S, spread->max, 0), 0, 1);
  mid = w * CLAMP (dmk_unit_fill (DMK_UNIT_MB_S, spread->median, 0), 0, 1);
  /* A spread of a few percent is narrower than a pixel on a log scale: at least 3 wide. */
  if (hi - lo < 3)
    {
      lo = (lo + hi) / 2 - 1.5;
      hi = lo + 3;
    }
  cairo_set_source_rgb (c->cr, p->whisker.r, p->whisker.g, p->whisker.b);
  cairo_set_line_width (c->cr, 1.5);
  cairo_move_to (c->cr, x + lo, y + 4);
  cairo_line_to (c->cr, x + hi, y + 4);
  cairo_move_to (c->cr, x + lo, y + 1);
  cairo_line_to (c->cr, x + lo, y + 7);
  cairo_move_to (c->cr, x + hi, y + 1);
  cairo_line_to (c->cr, x + hi, y + 7);
  cairo_stroke (c->cr);
  _dmk_card_box (c, x + mid - 1, y - 1, 2, 10, 0, &p->whisker, 1.0);
}

/* "480.12–500.30 · RSD 1.2%"; in a narrow cell, fast tests' passes in whole MB/s. */
static char *
spread_text (const DmkSpread *spread, double w)
{
  gboolean whole = w < 180 && spread->max >= 100;
  g_autofree char *lo = whole ? g_strdup_printf ("%.0f", spread->min)
                              : dmk_unit_format (DMK_UNIT_MB_S, spread->min);
  g_autofree char *hi = whole ? g_strdup_printf ("%.0f", spread->max)
                              : dmk_unit_format (DMK_UNIT_MB_S, spread->max);

  /* TRANSLATORS: a result card's spread under a score: the lowest and the highest pass and
   * their relative standard deviation: "480.12–500.30 · RSD 1.2%" */
  return g_strdup_printf (_("%s–%s · RSD %.1f%%"), lo, hi, spread->rsd_percent);
}

static void
draw_cell (DmkCardCtx *c, DmkTestResult *t, double x, double y, double w)
{
  const DmkCardPalette *p = c->pal;
  DmkSpread spread;
  gboolean has_spread;
  g_autofree char *value = NULL;

  _dmk_card_box (c, x, y, w, ROW_H, 5, &p->border, 1.0);
  _dmk_card_box (c, x + 1, y + 1, w - 2, ROW_H - 2, 4, &p->panel, 1.0);
  if (t == NULL || !(t->mb_per_s > 0))
    {
      _dmk_card_text (c, "—", x + 8, y + 10, w - 16, 26, DMK_CARD_NUMBERS, PANGO_ALIGN_RIGHT,
                      &p->dim);
      return;
    }
  value = dmk_unit_format (DMK_UNIT_MB_S, t->mb_per_s);
  _dmk_card_text (c, value, x + 8, y + 4, w - 16, 27,
                  DMK_CARD_BOLD | DMK_CARD_NUMBERS | DMK_CARD_FIT, PANGO_ALIGN_RIGHT, &p->text);
  has_spread = dmk_test_result_spread (t, &spread) && spread.n >= 2;
  if (has_spread)
    {
      g_autofree char *text = spread_text (&spread, w);

      _dmk_card_text (c, text, x + 8, y + 38, w - 16, 11, DMK_CARD_NUMBERS | DMK_CARD_FIT,
                      PANGO_ALIGN_RIGHT, &p->dim);
    }
  draw_meter (c, t, has_spread ? &spread : NULL, x + 6, y + ROW_H - 13, w - 12);
}

static double
draw_grid (DmkCardCtx *c, DmkResult *r, double y)
{
  gboolean has_mix;
  g_autoptr (GArray) rows = result_rows (r, &has_mix);
  guint n_cols = has_mix ? 3 : 2;
  double col_w = (c->width - 2 * MARGIN - LABEL_W - n_cols * GAP) / n_cols;

  draw_heads (c, r, y, n_cols, col_w);
  y += HEAD_H;
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);

      draw_label (c, row, y);
      for (guint col = 0; col < n_cols; col++)
        draw_cell (c, find (r, row, (DmkDirection) col),
                   MARGIN + LABEL_W + GAP + col * (col_w + GAP), y, col_w);
      y += ROW_H + GAP;
    }
  return y;
}

/* The warnings, the comment and the unit's meaning: each wraps. */
static double
draw_notes (DmkCardCtx *c, DmkResult *r, double y)
{
  const DmkCardPalette *p = c->pal;
  double inner = c->width - 2 * MARGIN;

  y += 4;
  for (guint i = 0; r->warnings != NULL && i < r->warnings->len; i++)
    {
      const char *warning = g_ptr_array_index (r->warnings, i);
      g_autofree char *line = g_strdup_printf ("⚠ %s", warning);

      y += _dmk_card_text (c, line, MARGIN, y, inner, 12, DMK_CARD_REGULAR, PANGO_ALIGN_LEFT,
                           &p->warn) + 3;
    }
  if (r->comment != NULL && *r->comment != '\0')
    {
      y += 3;
      y += _dmk_card_text (c, r->comment, MARGIN, y, inner, 14, DMK_CARD_REGULAR, PANGO_ALIGN_LEFT,
                           &p->text) + 3;
    }
  y += 3;
  y += _dmk_card_text (c,
                       _("1 MB/s = 1,000,000 bytes per second · the line over a bar runs from the "
                         "lowest pass to the highest"),
                       MARGIN, y, inner, 11, DMK_CARD_REGULAR, PANGO_ALIGN_LEFT, &p->dim);
  return y + 12;
}

double
_dmk_card_draw_result (DmkCardCtx *c, DmkResult *r)
{
  double y = draw_header (c, r);

  if (r->kind == DMK_KIND_GRID)
    y = draw_grid (c, r, y);
  else
    {
      g_autofree char *scan = dmk_describe_scan_result (r);

      if (scan != NULL)
        y += _dmk_card_text (c, scan, MARGIN, y, c->width - 2 * MARGIN, 15, DMK_CARD_REGULAR,
                             PANGO_ALIGN_LEFT, &c->pal->text) + 8;
    }
  return draw_notes (c, r, y);
}
