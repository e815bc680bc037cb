/* test-scan.c: the scans' model on series whose answer is known: the cache cliff detector, steady
 * state on a rate handed out in slices, the cliff's text when it is low, and hostile scan files.
 * The runs end to end are in test-scan-sustained.c, test-scan-sweep-surface.c and
 * test-scan-cli.c. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-cli.h"
#include "dmk-test-loop.h"
#include "dmk-test-scan.h"

/* ---- the cliff detector on series whose answer is known ---- */

static GArray *
synthetic (const double *rates, const guint *counts, guint n_levels, double noise, guint32 seed)
{
  GArray *series = g_array_new (FALSE, TRUE, sizeof (DmkSample));
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  double t = 0;

  for (guint l = 0; l < n_levels; l++)
    for (guint i = 0; i < counts[l]; i++)
      {
        double rate = rates[l] * (1 + noise * (2 * g_rand_double (rand) - 1));
        DmkSample s = { t + 0.1, (guint64) (rate * 1e6 * 0.1), 1, 100 };

        t += 0.1;
        g_array_append_val (series, s);
      }
  return series;
}

static void
test_cliff_synthetic (void)
{
  const double fall[] = { 1000, 200 };
  const guint fall_n[] = { 50, 50 };
  const double recover[] = { 1000, 200, 900 };
  const guint recover_n[] = { 40, 40, 30 };
  const double flat[] = { 500 };
  const guint flat_n[] = { 200 };
  g_autoptr (GArray) a = synthetic (fall, fall_n, 2, 0, 1);
  g_autoptr (GArray) b = synthetic (fall, fall_n, 2, 0.05, 2);
  g_autoptr (GArray) c = synthetic (recover, recover_n, 3, 0.05, 3);
  g_autoptr (GArray) d = synthetic (flat, flat_n, 1, 0.2, 4);
  DmkCliff cl;

  /* Exact: 50 intervals of 100 MB at full speed. */
  cl = dmk_cliff_detect (a);
  g_assert_true (cl.found);
  g_assert_cmpuint (cl.cache_bytes, ==, 50 * (guint64) 100000000);
  g_assert_cmpfloat_with_epsilon (cl.before_mb_per_s, 1000, 1e-6);
  g_assert_cmpfloat_with_epsilon (cl.after_mb_per_s, 200, 1e-6);
  g_assert_false (cl.recovered);

  /* With noise, the drop is still found at the 50th interval. */
  cl = dmk_cliff_detect (b);
  g_assert_true (cl.found);
  g_assert_cmpfloat (fabs ((double) cl.cache_bytes - 5e9), <, 0.06 * 5e9);
  g_assert_cmpfloat (fabs (cl.before_mb_per_s - 1000), <, 30);
  g_assert_cmpfloat (fabs (cl.after_mb_per_s - 200), <, 10);

  /* A recovery after 80 intervals: 40 × 100 MB + 40 × 20 MB. */
  cl = dmk_cliff_detect (c);
  g_assert_true (cl.found);
  g_assert_true (cl.recovered);
  g_assert_cmpfloat (fabs ((double) cl.recovery_bytes - 4.8e9), <, 0.1e9);
  g_assert_cmpfloat (fabs (cl.recovery_mb_per_s - 900), <, 30);

  /* ±20 % noise around a level is not a cliff; nor is a series too short to tell. */
  g_assert_false (dmk_cliff_detect (d).found);
  g_array_set_size (a, 6);
  g_assert_false (dmk_cliff_detect (a).found);
  g_assert_false (dmk_cliff_detect (NULL).found);
}

/* ---- steady state against a device that hands out its rate in slices ---- */
/* What the block throttle does at a 100 MB/s cap: 10 MB at once every 100 ms, the first after
 * phase seconds; sampled as the pass samples, each interval ending 100 ms plus drift seconds
 * after the last, and one in 37 a tick (8 ms) later still; through 1 GiB. */
static GArray *
sliced (double phase, double drift)
{
  const guint64 slice = 10000000, span = 1024 * MIB;
  GArray *series = g_array_new (FALSE, TRUE, sizeof (DmkSample));
  guint64 sent = 0;
  double t = 0, next = phase;

  for (guint k = 1; sent < span; k++)
    {
      DmkSample x = { .end_s = t + 0.1 + drift + (k % 37 == 0 ? 0.008 : 0) };

      for (; next <= x.end_s && sent < span; next += 0.1)
        {
          x.bytes += MIN (slice, span - sent);
          sent += MIN (slice, span - sent);
        }
      x.ios = x.bytes >> 20;
      t = x.end_s;
      g_array_append_val (series, x);
    }
  return series;
}

/* Issue 48: wherever the series' intervals fall against the slices, some hold two of them
 * ("200 MB/s"), and the verdict is still steady at 100 MB/s, in five rounds or more of 1 GiB. */
static void
test_steady_slices (void)
{
  const double drifts[] = { 0.0002, 0.0005, 0.001, 0.003 };
  guint64 fullest = 0;

  for (guint d = 0; d < G_N_ELEMENTS (drifts); d++)
    for (double phase = 0.001; phase < 0.1; phase += 0.002)
      {
        g_autoptr (GArray) series = sliced (phase, drifts[d]);
        DmkSteady st;

        fullest = MAX (fullest, fullest_interval (series));
        g_assert_true (dmk_steady_detect (series, dmk_steady_round_bytes (1024 * MIB), &st));
        if (!st.steady)
          g_test_message ("phase %.3f s, drift %.4f s: not steady", phase, drifts[d]);
        g_assert_true (st.steady);
        g_assert_cmpuint (st.n_rounds, >=, DMK_STEADY_ROUNDS);
        g_assert_cmpfloat (fabs (st.mb_per_s - 100), <, 2);
      }
  g_assert_cmpuint (fullest, ==, 20000000);
}

/* ---- hostile files ---- */

static DmkResult *
made_up (DmkResultKind kind)
{
  DmkResult *r = dmk_result_new ();

  r->kind = kind;
  r->date = g_strdup ("2026-12-01T10:00:00+00");
  r->target.path = g_strdup ("/tmp");
  if (kind == DMK_KIND_SUSTAINED)
    {
      const double rates[] = { 900, 100 };
      const guint counts[] = { 20, 20 };

      r->sustained = dmk_sustained_new ();
      g_array_unref (r->sustained->series);
      r->sustained->series = synthetic (rates, counts, 2, 0, 9);
      dmk_test_spec_parse ("SEQ1M Q8T1", &r->sustained->spec, NULL);
      r->sustained->span_bytes = 1ull << 32;
      for (guint i = 0; i < r->sustained->series->len; i++)
        r->sustained->bytes += g_array_index (r->sustained->series, DmkSample, i).bytes;
      r->sustained->seconds = 4.0;
      r->sustained->mb_per_s = r->sustained->bytes / 4e6;
      r->sustained->cliff = dmk_cliff_detect (r->sustained->series);
    }
  else
    {
      r->surface = dmk_surface_new ();
      dmk_test_spec_parse ("SEQ1M Q1T1", &r->surface->spec, NULL);
      r->surface->span_bytes = 100 * MIB;
      r->surface->sample_bytes = 10 * MIB;
      r->surface->access_block = 4096;
      for (guint i = 0; i < 10; i++)
        {
          DmkSurfacePoint p = { i * 10 * MIB, 10 * MIB, 0.01 * (i + 1) };
          DmkAccessPoint a = { i * 4096, i * 4096, 100 + i };
          g_array_append_val (r->surface->points, p);
          g_array_append_val (r->surface->access, a);
        }
    }
  return r;
}

static void
expect_refused (const char *json, const char *needle)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = dmk_result_from_json (json, -1, &error);

  g_assert_null (r);
  g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("“%s” does not name “%s”", error->message, needle);
}

static char *
replaced (const char *json, const char *from, const char *to)
{
  GString *s = g_string_new (json);

  g_assert_nonnull (strstr (json, from));
  g_string_replace (s, from, to, 1);
  return g_string_free (s, FALSE);
}

static void
test_json_hostile (void)
{
  g_autoptr (DmkResult) sus = made_up (DMK_KIND_SUSTAINED);
  g_autoptr (DmkResult) sur = made_up (DMK_KIND_SURFACE);
  g_autofree char *a = dmk_result_to_json (sus);
  g_autofree char *b = dmk_result_to_json (sur);
  g_autoptr (DmkResult) a_back = json_round_trip (sus);
  g_autoptr (DmkResult) b_back = json_round_trip (sur);
  struct
  {
    const char *json, *from, *to, *needle;
  } cases[] = {
    { a, "\"kind\" : \"sustained\"", "\"kind\" : \"teleport\"", "kind" },
    { a, "\"kind\" : \"sustained\"", "\"kind\" : 7", "kind" },
    { a, "\"span_bytes\" : 4294967296", "\"span_bytes\" : -5", "sustained.span_bytes" },
    { a, "\"span_bytes\" : 4294967296", "\"span_bytes\" : 1e300", "sustained.span_bytes" },
    { a, "\"queue_depth\" : 8", "\"queue_depth\" : 0", "sustained.queue_depth" },
    /* Files from before the one encoding name the test only: "test" : "SEQ1M Q8T1". */
    { a, "\"pattern\" : \"sequential\"", "\"test\" : \"SEQ0 Q0T0\"", "sustained.test" },
    { a, "\"end_s\" : [", "\"end_s\" : [1e400, ", NULL },
    { a, "\"end_s\" : [", "\"end_s\" : [0.05, ", "different lengths" },
    { a, "\"ios\" : [\n        1,", "\"ios\" : [\n        1.5,", "sustained.series.ios" },
    { a, "\"cache_bytes\" : ", "\"cache_bytes\" : -", "sustained.cliff.cache_bytes" },
    { a, "\"cliff\" : {", "\"cliff\" : 3, \"c\" : {", "sustained.cliff" },
    { a, "\"sustained\" : {", "\"sustained\" : [], \"s\" : {", "sustained" },
    { b, "\"direction\" : \"read\"", "\"direction\" : \"mix\"", "surface.direction" },
    { b, "\"offset\" : [", "\"offset\" : [104857600, ", "different lengths" },
    { b, "\"span_bytes\" : 104857600", "\"span_bytes\" : 1048576", "surface.points.offset" },
    { b, "\"distance\" : [\n        0,", "\"distance\" : [\n        \"far\",",
      "surface.access.distance" },
    { b, "\"offset\" : [\n        0,", "\"offset\" : [\n        null,", "surface.points.offset" },
  };

  /* A test is written one way, by its members, and read back from files of either way. */
  g_assert_null (strstr (a, "\"test\" :"));
  {
    g_autofree char *old = replaced (a, "\"pattern\" : \"sequential\"",
                                     "\"test\" : \"SEQ1M Q32T1\"");
    g_autoptr (DmkResult) back = dmk_result_from_json (old, -1, NULL);

    g_assert_nonnull (back);
    g_assert_cmpuint (back->sustained->spec.queue_depth, ==, 32);
  }
  g_assert_true (a_back->sustained->cliff.found);
  g_assert_cmpuint (a_back->sustained->cliff.cache_bytes, ==, sus->sustained->cliff.cache_bytes);
  g_assert_cmpuint (b_back->surface->access->len, ==, 10);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *bad = replaced (cases[i].json, cases[i].from, cases[i].to);
      g_test_message ("case %u: %s", i, cases[i].to);
      expect_refused (bad, cases[i].needle);
    }

  /* A million points is refused by count, quickly, before any is kept. */
  {
    GString *big = g_string_new ("\"end_s\" : [");
    g_autofree char *bad = NULL;

    for (guint i = 1; i <= 1000000; i++)
      g_string_append_printf (big, "%u, ", i);
    bad = replaced (a, "\"end_s\" : [", big->str);
    g_string_free (big, TRUE);
    expect_refused (bad, "more than 4096 points");
  }
}

/* What a sustained write without a cliff says is true of its series (issue 2/6 #13: "stayed
 * above 70 % of its peak" was said of a write whose first point was 46 %): a slow start is
 * named as such, and the share is the lowest the speed fell to after it. */
static void
test_cliff_low_text (void)
{
  static const double rates[] = { 230, 500, 470, 500 };
  static const guint counts[] = { 8, 30, 30, 30 };
  g_autoptr (GArray) series = synthetic (rates, counts, G_N_ELEMENTS (rates), 0.0, 1);
  g_autofree char *text = dmk_cliff_low_text_c (series);
  double share = 0;
  guint64 ramp = 0;

  g_assert_true (dmk_cliff_low (series, &share, &ramp));
  g_assert_cmpfloat_with_epsilon (share, 470.0 / 500.0, 0.01);
  /* The slow start: 8 intervals of 0.1 s at 230 MB/s, give or take the median's window. */
  g_assert_cmpuint (ramp, >=, (guint64) (4 * 0.1 * 230e6));
  g_assert_cmpuint (ramp, <=, (guint64) (12 * 0.1 * 500e6));
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "after a slow first "));
  g_assert_nonnull (strstr (text, "stayed above 94% of its peak"));

  /* At speed from the start: no slow start to name. */
  {
    static const double even[] = { 500, 480 };
    static const guint even_counts[] = { 40, 40 };
    g_autoptr (GArray) flat = synthetic (even, even_counts, 2, 0.0, 2);
    g_autofree char *flat_text = dmk_cliff_low_text_c (flat);

    g_assert_cmpstr (flat_text, ==, "the speed stayed above 96% of its peak");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add_func ("/scan/cliff/synthetic", test_cliff_synthetic);
  g_test_add_func ("/scan/cliff/low-text", test_cliff_low_text);
  g_test_add_func ("/scan/steady/slices", test_steady_slices);
  g_test_add_func ("/scan/json-hostile", test_json_hostile);
  return g_test_run ();
}
