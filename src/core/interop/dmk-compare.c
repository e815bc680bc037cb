/* dmk-compare.c: builds the comparison of several results and prints it as text or CSV. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dmk-compare.h"
#include "dmk-compare-facts.h"
#include "dmk-csv-writer.h"
#include "dmk-import.h"
#include "dmk-rated.h"
#include "dmk-spread.h"
#include "dmk-text.h"

double
dmk_test_result_value (const DmkTestResult *t, DmkUnit unit)
{
  return dmk_unit_value (unit, t->mb_per_s, t->iops, t->latency_us.mean);
}

/* The index of r's first test of t's spec. */
static guint
first_of (DmkResult *r, const DmkTestResult *t)
{
  for (guint k = 0; k < r->tests->len; k++)
    {
      const DmkTestResult *x = g_ptr_array_index (r->tests, k);
      if (x->direction == t->direction && dmk_test_spec_equal (&x->spec, &t->spec))
        return k;
    }
  return 0;
}

/* How many tests of r before index i are t's test. */
static guint
nth_of (DmkResult *r, const DmkTestResult *t, guint i)
{
  guint n = 0;

  for (guint k = 0; k < i; k++)
    {
      const DmkTestResult *x = g_ptr_array_index (r->tests, k);
      n += x->direction == t->direction && dmk_test_spec_equal (&x->spec, &t->spec);
    }
  return n;
}

/* A mixed test's read share in r (the run's), else 0: 30 % and 70 % reads are two tests. */
static guint
mix_of (const DmkResult *r, DmkDirection direction)
{
  return dmk_settings_mix_share (&r->settings, direction);
}

static void
add_row (DmkComparison *cmp, DmkResult *r, const DmkTestResult *t, guint i)
{
  guint nth = nth_of (r, t, i);
  DmkCompareRow row = { t->spec, t->direction, nth, nth > 0 ? t->name : NULL,
                        mix_of (r, t->direction) };

  for (guint k = 0; k < cmp->rows->len; k++)
    {
      DmkCompareRow *x = &g_array_index (cmp->rows, DmkCompareRow, k);
      if (x->direction == t->direction && dmk_test_spec_equal (&x->spec, &t->spec) &&
          x->mix == row.mix)
        {
          /* The first of several: named too, by this result's first test of it. */
          if (nth == 1 && x->nth == 0 && x->name == NULL)
            x->name = ((DmkTestResult *) g_ptr_array_index (r->tests, first_of (r, t)))->name;
          if (x->nth == nth)
            return;
        }
    }
  g_array_append_val (cmp->rows, row);
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
   * order within each. A result with two tests of the same spec (two fio jobs) has two rows for
   * it, the nth test of each result in the nth row, each named by its job. */
  for (DmkDirection dir = DMK_DIRECTION_READ; dir <= DMK_DIRECTION_MIX; dir++)
    for (guint c = 0; c < cmp->results->len; c++)
      {
        DmkResult *r = g_ptr_array_index (cmp->results, c);
        for (guint i = 0; i < r->tests->len; i++)
          {
            DmkTestResult *t = g_ptr_array_index (r->tests, i);
            if (t->direction == dir)
              add_row (cmp, r, t, i);
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
  DmkResult *result;
  guint n = 0;

  g_return_val_if_fail (row < cmp->rows->len && column < cmp->results->len, NULL);
  r = &g_array_index (cmp->rows, DmkCompareRow, row);
  result = g_ptr_array_index (cmp->results, column);
  if (mix_of (result, r->direction) != r->mix)
    return NULL;
  for (guint i = 0; i < result->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (result->tests, i);
      if (t->direction == r->direction && dmk_test_spec_equal (&t->spec, &r->spec) &&
          n++ == r->nth)
        return t;
    }
  return NULL;
}

gboolean
dmk_comparison_value (DmkComparison *cmp, guint row, guint column, double *value)
{
  DmkTestResult *t = dmk_comparison_get (cmp, row, column);
  double v;

  if (t == NULL)
    return FALSE;
  /* 0 is what the tools print for what they did not measure: CrystalDiskMark 6's latency, fio's
   * under gtod_reduce, a test never run (0.000). No drive does a test at 0 MB/s. */
  v = dmk_test_result_value (t, cmp->unit);
  if (!isfinite (v) || v <= 0)
    return FALSE;
  if (value != NULL)
    *value = v;
  return TRUE;
}

/* Whether warning, one that names test, is its scatter warning (dmk-plausible.c writes it): the
 * test's passes scatter by the threshold or more, and the warning carries that scatter, the
 * lowest and the highest pass, so that a file saved in another language reads alike. */
static gboolean
is_scatter_warning (const DmkTestResult *test, const char *warning)
{
  DmkSpread spread;

  return test != NULL && dmk_test_result_spread (test, &spread) && spread.n >= 2 &&
         spread.rsd_percent >= DMK_SPREAD_WARN_RSD && dmk_spread_warning_carries (warning, &spread);
}

/* Whether a warning about the whole run is about the engine it ran on: engines are named by
 * their names in every language. Which engine each test ran on is in the result itself (the
 * run's, or the test's own where a loop device's deep queue ran on libaio), so such a note
 * leaves nothing out by itself: what it can mean for a value, a depth that psync capped, is
 * read from the result (capped_depth ()). */
static gboolean
names_engine (const char *warning)
{
  static const char *const engines[] = { "io_uring", "libaio", "psync" };

  for (guint i = 0; i < G_N_ELEMENTS (engines); i++)
    if (strstr (warning, engines[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* A test asked deeper than 1 that ran on psync ran at depth 1: it is not the test of its row. */
static gboolean
capped_depth (const DmkResult *r, const DmkTestResult *test)
{
  const char *engine = test->engine != NULL ? test->engine : r->engine;

  return g_strcmp0 (engine, "psync") == 0 && test->spec.queue_depth > 1;
}

typedef enum
{
  CONCERN_NONE,      /* not about this value */
  CONCERN_UNCERTAIN, /* its passes scatter: ranked, and marked */
  CONCERN_LEFT_OUT,  /* it may be fast for a reason other than the drive */
} Concern;

/* What warning says about test (the row's test in a result; NULL where it lacks it). A warning
 * that names a test (dmk_warning_names_test (): "RND4K Q1T1 Read: …", as the plausibility checks
 * write them) concerns that row only; any other (tmpfs, buffered, interrupted…) every row,
 * except a note on the engine. */
static Concern
warning_concern (const char *warning, const DmkCompareRow *row, const DmkTestResult *test)
{
  DmkTestSpec spec;
  DmkDirection direction;
  g_autofree char *name = NULL, *of_row = NULL;

  if (!dmk_warning_names_test (warning, &spec, &direction))
    return names_engine (warning) ? CONCERN_NONE : CONCERN_LEFT_OUT;
  name = dmk_test_spec_to_name (&spec);
  of_row = dmk_test_spec_to_name (&row->spec);
  if (direction != row->direction || strcmp (name, of_row) != 0)
    return CONCERN_NONE;
  /* Scatter is uncertainty, not another measurement: the value still competes for the ★. */
  return is_scatter_warning (test, warning) ? CONCERN_UNCERTAIN : CONCERN_LEFT_OUT;
}

static gboolean
any_concern (DmkComparison *cmp, guint row, guint column, Concern concern)
{
  DmkResult *r = g_ptr_array_index (cmp->results, column);
  const DmkCompareRow *cr = &g_array_index (cmp->rows, DmkCompareRow, row);
  const DmkTestResult *test = dmk_comparison_get (cmp, row, column);

  if (concern == CONCERN_LEFT_OUT && test != NULL && capped_depth (r, test))
    return TRUE;
  for (guint i = 0; i < r->warnings->len; i++)
    if (warning_concern (g_ptr_array_index (r->warnings, i), cr, test) == concern)
      return TRUE;
  return FALSE;
}

gboolean
dmk_comparison_flagged (DmkComparison *cmp, guint row, guint column)
{
  g_return_val_if_fail (cmp != NULL && row < cmp->rows->len, FALSE);
  g_return_val_if_fail (column < cmp->results->len, FALSE);
  return any_concern (cmp, row, column, CONCERN_LEFT_OUT);
}

gboolean
dmk_comparison_uncertain (DmkComparison *cmp, guint row, guint column)
{
  g_return_val_if_fail (cmp != NULL && row < cmp->rows->len, FALSE);
  g_return_val_if_fail (column < cmp->results->len, FALSE);
  return dmk_comparison_value (cmp, row, column, NULL) &&
         any_concern (cmp, row, column, CONCERN_UNCERTAIN);
}

/* The ★ goes to the best of the values that compare. One whose result has a warning that leaves
 * it out (tmpfs, buffered, a cache that answered, a depth psync capped) may be fast for a reason
 * that is not the drive: it gets the ★ only when every value of the row has one too (buffered
 * against buffered). A value whose passes scatter competes like any other, marked uncertain. A
 * missing value is never ranked. */
int
dmk_comparison_best_column (DmkComparison *cmp, guint row)
{
  int best = -1;
  double best_value = 0;
  guint n = 0, n_clean = 0;

  for (guint c = 0; c < cmp->results->len; c++)
    if (dmk_comparison_value (cmp, row, c, NULL))
      {
        n++;
        n_clean += !dmk_comparison_flagged (cmp, row, c);
      }
  for (guint c = 0; c < cmp->results->len; c++)
    {
      double v;

      if (!dmk_comparison_value (cmp, row, c, &v) ||
          (n_clean > 0 && dmk_comparison_flagged (cmp, row, c)))
        continue;
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
  double b, v;

  if (!dmk_comparison_value (cmp, row, cmp->baseline, &b) ||
      !dmk_comparison_value (cmp, row, column, &v))
    return FALSE;
  *percent = (v - b) / b * 100.0;
  return TRUE;
}

gboolean
dmk_comparison_within_noise (DmkComparison *cmp, guint row, guint column)
{
  DmkTestResult *a, *b;
  double pct;

  g_return_val_if_fail (cmp != NULL && row < cmp->rows->len, FALSE);
  if (column == cmp->baseline || !dmk_comparison_delta (cmp, row, column, &pct))
    return FALSE;
  a = dmk_comparison_get (cmp, row, cmp->baseline);
  b = dmk_comparison_get (cmp, row, column);
  return dmk_spread_within_noise (a, b, pct);
}

static char *
short_date (const char *iso)
{
  g_autoptr (GDateTime) dt = iso ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;

  return dt ? g_date_time_format (dt, "%Y/%m/%d %H:%M") : g_strdup (iso ? iso : "");
}

static gboolean
has_text (const char *s)
{
  return s != NULL && *s != '\0';
}

/* The parts that are known, ", " between them: a file that does not say its drive or date gets
 * no "?" and no "(, custom)". */
static void
append_known (GString *s, const char *const *parts, guint n)
{
  gboolean first = TRUE;

  for (guint i = 0; i < n; i++)
    if (has_text (parts[i]))
      {
        g_string_append (s, first ? "" : ", ");
        g_string_append (s, parts[i]);
        first = FALSE;
      }
}

char *
dmk_comparison_column_title (DmkComparison *cmp, guint column)
{
  DmkResult *r = g_ptr_array_index (cmp->results, column);
  g_autofree char *date = short_date (r->date);
  g_autofree char *owned = NULL;
  const char *tool = dmk_result_tool_label (r, &owned);
  /* Ours says how its scores were taken: a best of 5 and a median of 9 do not compare. */
  g_autofree char *rule = tool == NULL ? dmk_score_rule_text (&r->settings, FALSE) : NULL;
  const char *head = has_text (r->target.path) ? r->target.path : NULL;
  g_autoptr (GString) title = g_string_new (NULL);
  g_autoptr (GString) facts = g_string_new (NULL);

  if (tool != NULL)
    {
      /* Another tool's result says whose it is first: "CrystalDiskMark 8.0.4 x64: C: (…)". */
      const char *parts[] = { date, r->settings.profile };

      g_string_append (title, tool);
      if (head != NULL)
        g_string_append_printf (title, ": %s", head);
      append_known (facts, parts, G_N_ELEMENTS (parts));
    }
  else
    {
      /* Its path first, else its drive's model. */
      const char *parts[] = { head != NULL ? r->target.model : NULL, date, r->settings.profile,
                              rule };

      g_string_append (title, head != NULL ? head : has_text (r->target.model) ? r->target.model
                                                                              : "");
      append_known (facts, parts, G_N_ELEMENTS (parts));
    }
  if (facts->len > 0 && title->len > 0)
    g_string_append_printf (title, " (%s)", facts->str);
  else
    g_string_append (title, facts->str);
  /* The comment is where a CrystalDiskMark user names the drive: often the only name it has. */
  if (has_text (r->comment))
    g_string_append_printf (title, "%s“%s”", title->len > 0 ? " " : "", r->comment);
  /* Every word of it comes from a file: nothing in it may drive the terminal it is printed to
   * or turn the line around (U+202E). */
  return dmk_text_escape_controls (title->str, FALSE);
}

gboolean
dmk_comparison_any_uncertain (DmkComparison *cmp)
{
  for (guint r = 0; r < cmp->rows->len; r++)
    for (guint c = 0; c < cmp->results->len; c++)
      if (dmk_comparison_uncertain (cmp, r, c))
        return TRUE;
  return FALSE;
}

gboolean
dmk_comparison_any_unranked (DmkComparison *cmp)
{
  for (guint r = 0; r < cmp->rows->len; r++)
    for (guint c = 0; c < cmp->results->len; c++)
      if (dmk_comparison_value (cmp, r, c, NULL) && dmk_comparison_flagged (cmp, r, c) &&
          dmk_comparison_best_column (cmp, r) != (int) c)
        return TRUE;
  return FALSE;
}

/* "RND4K Q1T1 Mix R70%": a mixed test with its read share, which tells 30 % from 70 % apart. */
static char *
row_name (const DmkCompareRow *row)
{
  g_autofree char *name = dmk_test_full_name (&row->spec, row->direction, row->mix);

  if (row->name != NULL)
    return g_strdup_printf ("%s (%s)", name, row->name);
  return g_steal_pointer (&name);
}

char *
dmk_comparison_row_name (DmkComparison *cmp, guint row)
{
  g_return_val_if_fail (row < cmp->rows->len, NULL);
  return row_name (&g_array_index (cmp->rows, DmkCompareRow, row));
}

static char *
cell_text (DmkComparison *cmp, guint row, guint column)
{
  g_autofree char *v = NULL;
  GString *s;
  double pct, value;

  if (!dmk_comparison_value (cmp, row, column, &value))
    return g_strdup ("—");
  /* Four significant digits at least: a slow value keeps what it was measured to. */
  v = dmk_format_value_digits (value, cmp->unit, 4);
  s = g_string_new (v);
  if (dmk_comparison_best_column (cmp, row) == (int) column)
    g_string_append (s, " *");
  else if (dmk_comparison_flagged (cmp, row, column))
    g_string_append (s, " !");
  else if (dmk_comparison_uncertain (cmp, row, column))
    g_string_append_c (s, ' ');
  /* Its passes scatter: ranked, the ★ too, but the order may not repeat. */
  if (dmk_comparison_uncertain (cmp, row, column))
    g_string_append_c (s, '~');
  if (column != cmp->baseline && dmk_comparison_delta (cmp, row, column, &pct))
    {
      g_autofree char *delta = dmk_format_delta (pct, TRUE);
      g_string_append_printf (s, " (%s%%%s)", delta,
                              dmk_comparison_within_noise (cmp, row, column) ? " ~" : "");
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

static gboolean
any_within_noise (DmkComparison *cmp)
{
  for (guint r = 0; r < cmp->rows->len; r++)
    for (guint c = 0; c < cmp->results->len; c++)
      if (dmk_comparison_within_noise (cmp, r, c))
        return TRUE;
  return FALSE;
}

/* The drives' ratings, a row per fact under the tests: each direction's rating and the share of
 * it that the best sequential test of that direction measured ("46 % (SEQ1M Q8T1)"); none when
 * no result has a rating. */
static GPtrArray *
rated_rows (DmkComparison *cmp)
{
  static const DmkDirection directions[] = { DMK_DIRECTION_READ, DMK_DIRECTION_WRITE };
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  guint n = cmp->results->len;
  gboolean any = FALSE;

  for (guint c = 0; c < n; c++)
    any = any || dmk_rated_known (&((DmkResult *) g_ptr_array_index (cmp->results, c))->rated);
  for (guint d = 0; any && d < G_N_ELEMENTS (directions); d++)
    {
      const char *label = dmk_direction_report_label (directions[d]);
      char **rated = g_new0 (char *, n + 2), **share = g_new0 (char *, n + 2);

      rated[0] = g_strdup_printf ("Rated %s MB/s", label);
      share[0] = g_strdup_printf ("%s of rated", label);
      for (guint c = 0; c < n; c++)
        {
          DmkResult *r = g_ptr_array_index (cmp->results, c);
          double mb = dmk_rated_of (&r->rated, directions[d]), pct;
          const DmkTestResult *best = dmk_rated_best_test (r, directions[d]);

          rated[c + 1] = mb > 0 ? dmk_format_number (mb, 0) : g_strdup ("—");
          if (best != NULL && dmk_rated_share (r, best, &pct))
            {
              g_autofree char *name = dmk_test_spec_to_name (&best->spec);
              share[c + 1] = g_strdup_printf ("%.0f %% (%s)", pct, name);
            }
          else
            share[c + 1] = g_strdup ("—");
        }
      g_ptr_array_add (rows, rated);
      g_ptr_array_add (rows, share);
    }
  return rows;
}

static void
append_rated_rows (GString *out, GPtrArray *rated, guint first_width, const guint *width, guint n)
{
  for (guint r = 0; r < rated->len; r++)
    {
      char **row = g_ptr_array_index (rated, r);

      append_padded (out, row[0], first_width, FALSE);
      for (guint c = 0; c < n; c++)
        {
          g_string_append (out, "  ");
          append_padded (out, row[c + 1], width[c], TRUE);
        }
      g_string_append_c (out, '\n');
    }
  if (rated->len > 0)
    g_string_append (out, "Rated: the drive's rated speed as the user gave it; its share is the "
                          "best sequential test of that direction\n");
}

char *
dmk_comparison_to_text (DmkComparison *cmp)
{
  g_autoptr (GPtrArray) rated = rated_rows (cmp);
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
  for (guint r = 0; r < rated->len; r++)
    {
      char **row = g_ptr_array_index (rated, r);

      first_width = MAX (first_width, (guint) strlen (row[0]));
      for (guint c = 0; c < n; c++)
        width[c] = MAX (width[c], (guint) g_utf8_strlen (row[c + 1], -1));
    }
  g_string_append_printf (out, "GDiskMark comparison: %s (MB/s = 1,000,000 bytes/s); * best; "
                               "(±%%) against column %u\n",
                          dmk_unit_to_string (cmp->unit), cmp->baseline + 1);
  g_string_append (out, "! not ranked: that result has a warning about the test; — not "
                        "measured, never ranked\n");
  if (dmk_comparison_any_uncertain (cmp))
    g_string_append (out, "~ after a value: its passes scatter (a warning about the test): "
                          "ranked, but uncertain\n");
  if (any_within_noise (cmp))
    g_string_append (out, "~ within noise: the change is smaller than the two results' spread "
                          "(the sum of their passes' RSD)\n");
  g_string_append_c (out, '\n');
  for (guint c = 0; c < n; c++)
    {
      g_autofree char *title = dmk_comparison_column_title (cmp, c);
      g_string_append_printf (out, "[%u] %s\n", c + 1, title);
    }
  g_string_append_c (out, '\n');
  _dmk_compare_facts_widths (cmp->results, &first_width, width);
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
  append_rated_rows (out, rated, first_width, width, n);
  /* Each result's link and conditions, a row per fact, under its column. */
  _dmk_compare_facts_text (cmp->results, out, first_width, width);
  return g_string_free (out, FALSE);
}

/* Column numbers counted from 1, a space between them ("2 4"), as one field. */
static void
csv_columns (DmkCsv *csv, const gboolean *in, guint n)
{
  g_autoptr (GString) list = g_string_new (NULL);

  for (guint c = 0; c < n; c++)
    if (in[c])
      g_string_append_printf (list, "%s%u", list->len > 0 ? " " : "", c + 1);
  dmk_csv_plain (csv, list->str);
}

/* The row's ★ column, the columns a warning leaves out of it, and those whose change against
 * the baseline is within noise, as the text marks them with *, ! and ~. */
static void
csv_ranking (DmkCsv *csv, DmkComparison *cmp, guint row)
{
  guint n = cmp->results->len;
  g_autofree gboolean *flagged = g_new0 (gboolean, n), *noise = g_new0 (gboolean, n);
  int best = dmk_comparison_best_column (cmp, row);

  if (best >= 0)
    dmk_csv_uint (csv, (guint) best + 1);
  else
    dmk_csv_empty (csv);
  for (guint c = 0; c < n; c++)
    {
      flagged[c] = (int) c != best && dmk_comparison_value (cmp, row, c, NULL) &&
                   dmk_comparison_flagged (cmp, row, c);
      noise[c] = dmk_comparison_within_noise (cmp, row, c);
    }
  csv_columns (csv, flagged, n);
  csv_columns (csv, noise, n);
}

static void
csv_header (DmkCsv *csv, DmkComparison *cmp)
{
  guint n = cmp->results->len;

  dmk_csv_plain (csv, "test");
  dmk_csv_plain (csv, "direction");
  for (guint c = 0; c < n; c++)
    {
      g_autofree char *title = dmk_comparison_column_title (cmp, c);
      g_autofree char *head = g_strdup_printf ("%s [%s]", title, dmk_unit_to_string (cmp->unit));
      dmk_csv_text (csv, head);
    }
  for (guint c = 0; c < n; c++)
    if (c != cmp->baseline)
      {
        g_autofree char *head = g_strdup_printf ("[%u] delta %%", c + 1);
        dmk_csv_plain (csv, head);
      }
  dmk_csv_plain (csv, "best");
  dmk_csv_plain (csv, "not ranked (a warning about the test)");
  dmk_csv_plain (csv, "within noise");
  dmk_csv_end_row (csv);
}

/* The CSV's table, into csv (a CSV or a spreadsheet's sheet). */
static void
comparison_table (DmkComparison *cmp, DmkCsv *csv)
{
  guint n = cmp->results->len;

  csv_header (csv, cmp);
  for (guint r = 0; r < cmp->rows->len; r++)
    {
      DmkCompareRow *row = &g_array_index (cmp->rows, DmkCompareRow, r);
      g_autofree char *name = dmk_test_spec_to_name (&row->spec);
      g_autofree char *named = row->name != NULL ? g_strdup_printf ("%s (%s)", name, row->name)
                                                 : g_strdup (name);

      g_autofree char *direction = dmk_direction_share_string (row->direction, row->mix);

      dmk_csv_text (csv, named);
      dmk_csv_plain (csv, direction);
      for (guint c = 0; c < n; c++)
        {
          double value = NAN;
          g_autofree char *v = dmk_comparison_value (cmp, r, c, &value)
                                 ? dmk_format_value_digits (value, cmp->unit, 4)
                                 : NULL;
          dmk_csv_value (csv, v != NULL ? value : NAN, v);
        }
      for (guint c = 0; c < n; c++)
        {
          double pct = NAN;
          g_autofree char *delta = NULL;

          if (c == cmp->baseline)
            continue;
          if (dmk_comparison_delta (cmp, r, c, &pct))
            delta = dmk_format_delta (pct, FALSE);
          dmk_csv_value (csv, delta != NULL ? pct : NAN, delta);
        }
      csv_ranking (csv, cmp, r);
      dmk_csv_end_row (csv);
    }
  /* Then the facts: no delta, no ranking (n - 1 deltas, best, not ranked, within noise). */
  _dmk_compare_facts_csv (cmp->results, csv, n - 1 + 3);
}

char *
dmk_comparison_to_csv (DmkComparison *cmp)
{
  GString *out = g_string_new (NULL);
  DmkCsv csv;

  dmk_csv_init (&csv, out);
  comparison_table (cmp, &csv);
  return g_string_free (out, FALSE);
}

gboolean
dmk_comparison_save_sheet (DmkComparison *cmp, DmkSheetFormat format, const char *path,
                           GError **error)
{
  g_autoptr (DmkSheet) sheet = dmk_sheet_new ();
  DmkCsv csv;

  g_return_val_if_fail (cmp != NULL && path != NULL, FALSE);
  dmk_sheet_add_table (sheet, "Comparison");
  dmk_csv_init_sheet (&csv, sheet);
  comparison_table (cmp, &csv);
  return dmk_sheet_save (sheet, format, path, error);
}
