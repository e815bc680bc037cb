/* dmk-compare.c: builds the comparison of several results and prints it as text or CSV. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dmk-compare.h"
#include "dmk-import.h"
#include "dmk-text.h"

double
dmk_test_result_value (const DmkTestResult *t, DmkUnit unit)
{
  return dmk_unit_value (unit, t->mb_per_s, t->iops, t->latency_us.mean);
}

DmkComparison *
dmk_comparison_new (GPtrArray *results, DmkUnit unit, guint baseline)
{
  DmkComparison *cmp = g_new0 (DmkComparison, 1);

  g_return_val_if_fail (results != NULL, NULL);
  cmp->results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  for (guint i = 0; i < results->len; i++)
    g_ptr_array_add (cmp->results, dmk_result_ref (g_ptr_array_index (results, i)));
  cmp->unit = unit;
  cmp->baseline = baseline < results->len ? baseline : 0;
  cmp->rows = g_array_new (FALSE, TRUE, sizeof (DmkCompareRow));

  /* Rows grouped by direction (reads, writes, mixes, as in a report), tests in first-seen
   * order within each. */
  for (DmkDirection dir = DMK_DIRECTION_READ; dir <= DMK_DIRECTION_MIX; dir++)
    for (guint c = 0; c < cmp->results->len; c++)
      {
        DmkResult *r = g_ptr_array_index (cmp->results, c);
        for (guint i = 0; i < r->tests->len; i++)
          {
            DmkTestResult *t = g_ptr_array_index (r->tests, i);
            gboolean seen = FALSE;

            if (t->direction != dir)
              continue;
            for (guint k = 0; k < cmp->rows->len && !seen; k++)
              {
                DmkCompareRow *row = &g_array_index (cmp->rows, DmkCompareRow, k);
                seen = row->direction == dir && dmk_test_spec_equal (&row->spec, &t->spec);
              }
            if (!seen)
              {
                DmkCompareRow row = { t->spec, dir };
                g_array_append_val (cmp->rows, row);
              }
          }
      }
  return cmp;
}

void
dmk_comparison_free (DmkComparison *cmp)
{
  if (cmp == NULL)
    return;
  g_ptr_array_unref (cmp->results);
  g_array_unref (cmp->rows);
  g_free (cmp);
}

DmkTestResult *
dmk_comparison_get (DmkComparison *cmp, guint row, guint column)
{
  DmkCompareRow *r;

  g_return_val_if_fail (row < cmp->rows->len && column < cmp->results->len, NULL);
  r = &g_array_index (cmp->rows, DmkCompareRow, row);
  return dmk_result_find (g_ptr_array_index (cmp->results, column), &r->spec, r->direction);
}

static gboolean
flagged (DmkComparison *cmp, guint column)
{
  return ((DmkResult *) g_ptr_array_index (cmp->results, column))->warnings->len > 0;
}

/* A result with warnings (tmpfs, buffered, interrupted…) may be fast for a reason that is not the
 * drive: it gets the ★ only when every result of the row has warnings too. */
int
dmk_comparison_best_column (DmkComparison *cmp, guint row)
{
  int best = -1;
  double best_value = 0;
  guint n = 0, n_clean = 0;

  for (guint c = 0; c < cmp->results->len; c++)
    if (dmk_comparison_get (cmp, row, c) != NULL)
      {
        n++;
        n_clean += !flagged (cmp, c);
      }
  for (guint c = 0; c < cmp->results->len; c++)
    {
      DmkTestResult *t = dmk_comparison_get (cmp, row, c);
      double v;

      if (t == NULL || (n_clean > 0 && flagged (cmp, c)))
        continue;
      v = dmk_test_result_value (t, cmp->unit);
      if (best < 0 || (dmk_unit_higher_is_better (cmp->unit) ? v > best_value : v < best_value))
        {
          best = (int) c;
          best_value = v;
        }
    }
  return n >= 2 ? best : -1;
}

gboolean
dmk_comparison_delta (DmkComparison *cmp, guint row, guint column, double *percent)
{
  DmkTestResult *base = dmk_comparison_get (cmp, row, cmp->baseline);
  DmkTestResult *t = dmk_comparison_get (cmp, row, column);
  double b, v;

  if (base == NULL || t == NULL)
    return FALSE;
  b = dmk_test_result_value (base, cmp->unit);
  v = dmk_test_result_value (t, cmp->unit);
  if (b <= 0 || !isfinite (b) || !isfinite (v))
    return FALSE;
  *percent = (v - b) / b * 100.0;
  return TRUE;
}

static char *
short_date (const char *iso)
{
  g_autoptr (GDateTime) dt = iso ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;

  return dt ? g_date_time_format (dt, "%Y/%m/%d %H:%M") : g_strdup (iso ? iso : "");
}

char *
dmk_comparison_column_title (DmkComparison *cmp, guint column)
{
  DmkResult *r = g_ptr_array_index (cmp->results, column);
  g_autofree char *date = short_date (r->date);
  g_autofree char *owned = NULL;
  g_autofree char *title = NULL;
  const char *tool = dmk_result_tool_label (r, &owned);

  /* Another tool's result says whose it is first: "CrystalDiskMark 8.0.4 x64: C: (…)". */
  if (tool != NULL)
    title = g_strdup_printf ("%s: %s (%s, %s)", tool,
                             r->target.path && *r->target.path ? r->target.path : "?", date,
                             r->settings.profile ? r->settings.profile : "?");
  else
    title = g_strdup_printf ("%s (%s, %s, %s)", r->target.path ? r->target.path : "?",
                             r->target.model ? r->target.model : "?", date,
                             r->settings.profile ? r->settings.profile : "?");
  /* Every word of it comes from a file: nothing in it may drive the terminal it is printed to
   * or turn the line around (U+202E). */
  return dmk_text_escape_controls (title, FALSE);
}

static char *
row_name (const DmkCompareRow *row)
{
  g_autofree char *name = dmk_test_spec_to_name (&row->spec);

  return g_strdup_printf ("%s %s", name, dmk_direction_report_label (row->direction));
}

static char *
cell_text (DmkComparison *cmp, guint row, guint column)
{
  DmkTestResult *t = dmk_comparison_get (cmp, row, column);
  g_autofree char *v = NULL;
  GString *s;
  double pct;

  if (t == NULL)
    return g_strdup ("—");
  v = dmk_format_value (dmk_test_result_value (t, cmp->unit), cmp->unit);
  s = g_string_new (v);
  if (dmk_comparison_best_column (cmp, row) == (int) column)
    g_string_append (s, " *");
  if (column != cmp->baseline && dmk_comparison_delta (cmp, row, column, &pct))
    {
      g_autofree char *delta = dmk_format_delta (pct, TRUE);
      g_string_append_printf (s, " (%s%%)", delta);
    }
  return g_string_free (s, FALSE);
}

/* Width in characters, not bytes: "—" and "µ" are one column each. */
static void
append_padded (GString *out, const char *text, guint width, gboolean right)
{
  glong len = g_utf8_strlen (text, -1);

  if (right)
    for (glong i = len; i < (glong) width; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (!right)
    for (glong i = len; i < (glong) width; i++)
      g_string_append_c (out, ' ');
}

char *
dmk_comparison_to_text (DmkComparison *cmp)
{
  guint n = cmp->results->len, first_width = 10;
  g_autofree guint *width = g_new0 (guint, n);
  GString *out = g_string_new (NULL);

  for (guint r = 0; r < cmp->rows->len; r++)
    {
      g_autofree char *name = row_name (&g_array_index (cmp->rows, DmkCompareRow, r));
      first_width = MAX (first_width, (guint) strlen (name));
      for (guint c = 0; c < n; c++)
        {
          g_autofree char *cell = cell_text (cmp, r, c);
          width[c] = MAX (width[c], (guint) g_utf8_strlen (cell, -1));
        }
    }
  g_string_append_printf (out, "GDiskMark comparison: %s (MB/s = 1,000,000 bytes/s); * best; "
                               "(±%%) against column %u\n\n",
                          dmk_unit_to_string (cmp->unit), cmp->baseline + 1);
  for (guint c = 0; c < n; c++)
    {
      g_autofree char *title = dmk_comparison_column_title (cmp, c);
      g_string_append_printf (out, "[%u] %s\n", c + 1, title);
    }
  g_string_append_c (out, '\n');
  for (guint c = 0; c < n; c++)
    width[c] = MAX (width[c], 12u);
  append_padded (out, "", first_width, FALSE);
  for (guint c = 0; c < n; c++)
    {
      g_autofree char *h = g_strdup_printf ("[%u]", c + 1);
      g_string_append (out, "  ");
      append_padded (out, h, width[c], TRUE);
    }
  g_string_append_c (out, '\n');
  for (guint r = 0; r < cmp->rows->len; r++)
    {
      g_autofree char *name = row_name (&g_array_index (cmp->rows, DmkCompareRow, r));
      append_padded (out, name, first_width, FALSE);
      for (guint c = 0; c < n; c++)
        {
          g_autofree char *cell = cell_text (cmp, r, c);
          g_string_append (out, "  ");
          append_padded (out, cell, width[c], TRUE);
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

char *
dmk_comparison_to_csv (DmkComparison *cmp)
{
  GString *out = g_string_new ("test,direction");
  guint n = cmp->results->len;

  for (guint c = 0; c < n; c++)
    {
      g_autofree char *title = dmk_comparison_column_title (cmp, c);
      g_autofree char *head = g_strdup_printf ("%s [%s]", title, dmk_unit_to_string (cmp->unit));
      g_string_append_c (out, ',');
      dmk_csv_append_text (out, head);
    }
  for (guint c = 0; c < n; c++)
    if (c != cmp->baseline)
      g_string_append_printf (out, ",[%u] delta %%", c + 1);
  g_string_append (out, "\r\n");

  for (guint r = 0; r < cmp->rows->len; r++)
    {
      DmkCompareRow *row = &g_array_index (cmp->rows, DmkCompareRow, r);
      g_autofree char *name = dmk_test_spec_to_name (&row->spec);

      g_string_append_printf (out, "%s,%s", name, dmk_direction_to_string (row->direction));
      for (guint c = 0; c < n; c++)
        {
          DmkTestResult *t = dmk_comparison_get (cmp, r, c);
          g_string_append_c (out, ',');
          if (t != NULL)
            {
              g_autofree char *v = dmk_format_value (dmk_test_result_value (t, cmp->unit),
                                                     cmp->unit);
              g_string_append (out, v);
            }
        }
      for (guint c = 0; c < n; c++)
        {
          double pct;

          if (c == cmp->baseline)
            continue;
          g_string_append_c (out, ',');
          if (dmk_comparison_delta (cmp, r, c, &pct))
            {
              g_autofree char *delta = dmk_format_delta (pct, FALSE);
              g_string_append (out, delta);
            }
        }
      g_string_append (out, "\r\n");
    }
  return g_string_free (out, FALSE);
}
