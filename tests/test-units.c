/* test-units.c: the core's one place for units, the random generator and shared sentences. */
#include "config.h"

#include <locale.h>
#include <math.h>

#include "dmk-core.h"

/* Digits after the decimal point of a C-locale number. */
static guint
decimals_of (const char *number)
{
  const char *dot = strchr (number, '.');

  return dot != NULL ? (guint) strlen (dot + 1) : 0;
}

/* One result holding one test whose score in unit is about value. */
static DmkResult *
result_with (DmkUnit unit, double value, const char *path)
{
  DmkResult *r = dmk_result_new ();
  DmkTestSpec spec = { DMK_PATTERN_RANDOM, 4096, 32, 1 };
  DmkTestResult *t = dmk_test_result_new (&spec, DMK_DIRECTION_READ);
  DmkPass p = { 0 };

  r->target.path = g_strdup (path);
  p.mb_per_s = unit == DMK_UNIT_GB_S ? value * 1000.0 : value;
  p.iops = value;
  p.seconds = 5;
  dmk_test_result_add_pass_series (t, &p, NULL, NULL);
  t->latency_us.mean = value;
  g_ptr_array_add (r->tests, t);
  return r;
}

/* The comparison's text and CSV print each value as the window's cells do (dmk_unit_format),
 * with the unit's precision, and with more decimals where that leaves fewer than four
 * significant digits (issue 47, item 9: a slow 0.3338 MB/s was 0.33, 1.15 % off). */
static void
test_precision_agrees (void)
{
  const double values[] = { 0.0, 0.004, 1.5, 12.3456, 987.6549, 18874.368, 1234567.891 };

  for (DmkUnit unit = 0; unit < DMK_N_UNITS; unit++)
    for (guint i = 0; i < G_N_ELEMENTS (values); i++)
      {
        g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func (
          (GDestroyNotify) dmk_result_unref);
        g_autoptr (DmkComparison) cmp = NULL;
        g_autofree char *text = NULL, *csv = NULL, *expected = NULL, *cell = NULL;
        g_autofree char *row_csv = NULL, *precise = NULL;
        g_auto (GStrv) lines = NULL;
        double shown;

        g_ptr_array_add (results, result_with (unit, values[i], "/a"));
        cmp = dmk_comparison_new (results, unit, 0);
        shown = dmk_test_result_value (dmk_comparison_get (cmp, 0, 0), unit);
        expected = dmk_format_value (shown, unit);
        cell = dmk_unit_format (unit, shown);
        g_test_message ("%s %g: %s", dmk_unit_to_string (unit), shown, expected);

        /* The window's cell (C locale here) and the files' number are one string. */
        g_assert_cmpstr (cell, ==, expected);
        g_assert_cmpuint (decimals_of (expected), ==, dmk_unit_decimals (unit));
        g_assert_cmpfloat_with_epsilon (g_ascii_strtod (expected, NULL), shown,
                                        0.5 * pow (10, -(double) dmk_unit_decimals (unit)) +
                                          1e-9 * shown);

        text = dmk_comparison_to_text (cmp);
        lines = g_strsplit (text, "\n", -1);
        g_assert_cmpuint (g_strv_length (lines), >=, 6);
        if (shown == 0)
          {
            /* Nothing measured is "—" in the text and an empty field in the CSV, never 0. */
            g_test_message ("%s", text);
            g_assert_nonnull (strstr (text, "RND4K Q32T1 Read"));
            g_assert_nonnull (strstr (text, "—"));
            csv = dmk_comparison_to_csv (cmp);
            g_assert_nonnull (strstr (csv, "\r\nRND4K Q32T1,read,\r\n") != NULL
                                ? csv
                                : strstr (csv, "\r\nRND4K Q32T1,read,,"));
            continue;
          }
        /* The table's one row: the test's name, then its value as the last word. */
        {
          const char *row = NULL, *last;

          for (guint l = 0; lines[l] != NULL && row == NULL; l++)
            if (g_str_has_prefix (lines[l], "RND4K Q32T1 Read "))
              row = g_strchomp (lines[l]);
          g_assert_nonnull (row);
          last = strrchr (row, ' ');
          precise = dmk_format_value_digits (shown, unit, 4);
          g_assert_cmpstr (last + 1, ==, precise);
          /* The cell's string where it already has four digits; else its digits and more. */
          if (fabs (shown) >= pow (10, 3 - (double) dmk_unit_decimals (unit)))
            g_assert_cmpstr (precise, ==, expected);
          else
            g_assert_cmpuint (decimals_of (precise), >, dmk_unit_decimals (unit));
          g_assert_cmpfloat (fabs (g_ascii_strtod (precise, NULL) - shown), <=,
                             5e-4 * fabs (shown) + 1e-12);
        }

        csv = dmk_comparison_to_csv (cmp);
        /* The value, then the ★ and not-ranked columns. */
        row_csv = g_strdup_printf ("\r\nRND4K Q32T1,read,%s,", precise);
        g_assert_nonnull (strstr (csv, row_csv));
      }
}

/* Deltas: the text's and the CSV's are the same digits, the text's signed. */
static void
test_delta_agrees (void)
{
  const double base[] = { 100.0, 3.0, 777.7 };
  const double other[] = { 400.0, 1.0, 777.7 };

  for (guint i = 0; i < G_N_ELEMENTS (base); i++)
    {
      g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func (
        (GDestroyNotify) dmk_result_unref);
      g_autoptr (DmkComparison) cmp = NULL;
      g_autofree char *text = NULL, *csv = NULL, *plain = NULL, *signed_ = NULL;
      g_autofree char *in_text = NULL, *in_csv = NULL;
      double pct;

      g_ptr_array_add (results, result_with (DMK_UNIT_MB_S, base[i], "/a"));
      g_ptr_array_add (results, result_with (DMK_UNIT_MB_S, other[i], "/b"));
      cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
      g_assert_true (dmk_comparison_delta (cmp, 0, 1, &pct));
      g_assert_cmpfloat_with_epsilon (pct, (other[i] - base[i]) / base[i] * 100, 1e-9);
      plain = dmk_format_delta (pct, FALSE);
      signed_ = dmk_format_delta (pct, TRUE);
      g_assert_cmpuint (decimals_of (plain), ==, DMK_DELTA_DECIMALS);
      g_assert_cmpstr (signed_[0] == '+' ? signed_ + 1 : signed_, ==, plain);
      g_assert_true ((signed_[0] == '+') == (pct >= 0));

      text = dmk_comparison_to_text (cmp);
      in_text = g_strdup_printf ("(%s%%)", signed_);
      g_assert_nonnull (strstr (text, in_text));
      csv = dmk_comparison_to_csv (cmp);
      /* The delta, then the ★ and not-ranked columns. */
      in_csv = g_strdup_printf (",%s,", plain);
      g_assert_nonnull (strstr (strrchr (g_strchomp (csv), '\n'), in_csv));
    }
}

static void
test_names (void)
{
  for (DmkUnit unit = 0; unit < DMK_N_UNITS; unit++)
    {
      DmkUnit back = DMK_N_UNITS;
      g_autofree char *lower = g_ascii_strdown (dmk_unit_to_string (unit), -1);

      g_assert_true (dmk_unit_from_string (dmk_unit_to_string (unit), &back));
      g_assert_cmpint (back, ==, unit);
      back = DMK_N_UNITS;
      g_assert_true (dmk_unit_from_string (lower, &back));
      g_assert_cmpint (back, ==, unit);
      g_assert_cmpint (dmk_unit_from_nick (dmk_unit_nick (unit)), ==, unit);
      g_assert_cmpstr (dmk_unit_label (unit), !=, "");
      g_assert_cmpstr (dmk_unit_spoken (unit), !=, "");
      g_assert_true (dmk_unit_higher_is_better (unit) == (unit != DMK_UNIT_US));
      for (DmkUnit other = 0; other < unit; other++)
        {
          g_assert_cmpstr (dmk_unit_nick (unit), !=, dmk_unit_nick (other));
          g_assert_cmpstr (dmk_unit_to_string (unit), !=, dmk_unit_to_string (other));
        }
    }
  /* An unknown or edited setting falls back to MB/s rather than failing. */
  g_assert_cmpint (dmk_unit_from_nick ("furlongs"), ==, DMK_UNIT_MB_S);
  g_assert_cmpint (dmk_unit_from_nick (NULL), ==, DMK_UNIT_MB_S);
  {
    DmkUnit u = DMK_UNIT_MB_S;
    g_assert_true (dmk_unit_from_string ("µs", &u));
    g_assert_cmpint (u, ==, DMK_UNIT_US);
    g_assert_false (dmk_unit_from_string ("furlongs", &u));
  }
  /* The meter: more throughput fills more, more latency fills less, always within 0–1. */
  g_assert_cmpfloat (dmk_unit_fill (DMK_UNIT_MB_S, 100, 0), <,
                     dmk_unit_fill (DMK_UNIT_MB_S, 1000, 0));
  g_assert_cmpfloat (dmk_unit_fill (DMK_UNIT_US, 0, 100), >, dmk_unit_fill (DMK_UNIT_US, 0, 1000));
  g_assert_cmpfloat (dmk_unit_fill (DMK_UNIT_MB_S, 1e12, 0), ==, 1.0);
  g_assert_cmpfloat (dmk_unit_fill (DMK_UNIT_MB_S, 0, 0), ==, 0.0);
}

static void
test_rng (void)
{
  guint64 a = dmk_rng_seed (), b = a, c = dmk_rng_seed ();
  guint hits[7] = { 0 };
  g_autoptr (GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree guint64 *words = g_new (guint64, 4096);
  guint64 state = 0;

  g_assert_cmpuint (a, !=, 0);
  g_assert_cmpuint (a, !=, c);
  /* The same state gives the same numbers: a run is reproducible from its seed. */
  for (guint i = 0; i < 1000; i++)
    g_assert_cmpuint (dmk_rng_next (&a), ==, dmk_rng_next (&b));
  /* below(n) stays below n and reaches every value. */
  for (guint i = 0; i < 7000; i++)
    {
      guint64 v = dmk_rng_below (&a, G_N_ELEMENTS (hits));
      g_assert_cmpuint (v, <, G_N_ELEMENTS (hits));
      hits[v]++;
    }
  for (guint i = 0; i < G_N_ELEMENTS (hits); i++)
    g_assert_cmpuint (hits[i], >, 700);
  /* Random test data repeats no word (nothing to deduplicate); zero data is all zeros. */
  dmk_fill_buffer (words, 4096 * sizeof (guint64), DMK_DATA_RANDOM, &state);
  g_assert_cmpuint (state, !=, 0);
  for (guint i = 0; i < 4096; i++)
    g_hash_table_add (seen, &words[i]);
  g_assert_cmpuint (g_hash_table_size (seen), ==, 4096);
  dmk_fill_buffer (words, 4096 * sizeof (guint64), DMK_DATA_ZERO, &state);
  for (guint i = 0; i < 4096; i++)
    g_assert_cmpuint (words[i], ==, 0);
}

/* The status lines the window and the CLI both show. */
static void
test_progress (void)
{
  DmkProgress p = { 0 };
  g_autofree char *name = NULL;

  g_assert_true (dmk_test_spec_parse ("SEQ1M Q8T1", &p.spec, NULL));
  name = dmk_test_spec_to_name (&p.spec);
  p.n_tests = 8;
  p.n_passes = 5;
  for (DmkDirection dir = DMK_DIRECTION_READ; dir <= DMK_DIRECTION_MIX; dir++)
    for (DmkPhase phase = DMK_PHASE_OPEN; phase <= DMK_PHASE_INTERVAL; phase++)
      {
        g_autofree char *s = NULL;
        g_autofree char *pass = NULL, *secs = NULL, *percent = NULL;

        p.phase = phase;
        p.direction = dir;
        p.pass = 2;
        p.fraction = 0.4;
        p.interval_remaining_s = 3;
        s = dmk_progress_describe (&p);
        g_test_message ("phase %d: %s", phase, s ? s : "(none)");
        if (phase == DMK_PHASE_PASS_DONE || phase == DMK_PHASE_TEST_DONE)
          {
            g_assert_null (s);
            continue;
          }
        g_assert_nonnull (s);
        if (phase == DMK_PHASE_OPEN)
          continue;
        if (phase == DMK_PHASE_LAYOUT)
          {
            percent = g_strdup_printf ("%.0f%%", p.fraction * 100);
            g_assert_nonnull (strstr (s, percent));
            continue;
          }
        g_assert_nonnull (strstr (s, name));
        g_assert_nonnull (strstr (s, dmk_direction_label (dir)));
        pass = g_strdup_printf ("%u/%u", p.pass, p.n_passes);
        secs = g_strdup_printf ("%u", p.interval_remaining_s);
        if (phase == DMK_PHASE_MEASURE)
          g_assert_nonnull (strstr (s, pass));
        if (phase == DMK_PHASE_INTERVAL)
          g_assert_nonnull (strstr (s, secs));
      }
}

static void
test_describe (void)
{
  guint64 size = (guint64) 29 << 30;
  g_autofree char *sz = dmk_format_size (size);
  g_autofree char *with = dmk_describe_device ("/dev/sdb", "SanDisk Ultra", size);
  g_autofree char *without = dmk_describe_device ("/dev/sdb", NULL, size);
  g_autofree char *empty = dmk_describe_device ("/dev/sdb", "", size);
  g_autofree char *expect_with = g_strdup_printf ("/dev/sdb (SanDisk Ultra, %s)", sz);
  g_autofree char *expect_without = g_strdup_printf ("/dev/sdb (%s)", sz);

  g_assert_cmpstr (with, ==, expect_with);
  g_assert_cmpstr (without, ==, expect_without);
  g_assert_cmpstr (empty, ==, expect_without);

  for (DmkDirection dir = DMK_DIRECTION_READ; dir <= DMK_DIRECTION_MIX; dir++)
    {
      DmkTestSpec spec;
      g_autofree char *s = NULL, *bs = NULL;

      g_assert_true (dmk_test_spec_parse ("RND4K Q32T16", &spec, NULL));
      s = dmk_describe_test (&spec, dir);
      bs = dmk_format_size (spec.block_size);
      g_assert_nonnull (strstr (s, bs));
      g_assert_true (g_str_has_suffix (s, dmk_direction_lower_label (dir)));
      g_assert_cmpstr (dmk_direction_report_label (dir), ==, dmk_direction_label (dir));
    }
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/units/precision-agrees", test_precision_agrees);
  g_test_add_func ("/units/delta-agrees", test_delta_agrees);
  g_test_add_func ("/units/names", test_names);
  g_test_add_func ("/units/rng", test_rng);
  g_test_add_func ("/units/progress", test_progress);
  g_test_add_func ("/units/describe", test_describe);
  return g_test_run ();
}
