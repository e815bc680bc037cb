/* test-spread-stable.c: passes added "until stable" (the rule, a run on a rate that flips and
 * settles, the limit, the CLI) and steady state by SNIA PTS's rule on known series and files. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-plausible.h"
#include "dmk-test-loop.h"
#include "dmk-test-spread.h"

/* The rule itself: passes are added while the RSD is 2.5% or more and stop once it falls below,
 * or at 3× the passes asked; the record says which. */
static void
test_until_stable_rule (void)
{
  const double rates[] = { 37.0, 40.0, 40.0, 40.0, 40.0, 40.0, 40.0, 40.0, 40.0, 40.0 };
  const double settling[] = { 38.0, 40.0, 40.0, 40.0, 40.0 };
  g_autoptr (DmkTestResult) t = make_test ("SEQ1M Q1T1", DMK_DIRECTION_READ, settling, 0);
  g_autofree char *text = NULL;
  guint n = 0;

  /* Fewer than asked always wants more. */
  g_assert_true (dmk_spread_wants_more (t, 3));
  for (; dmk_spread_wants_more (t, 3); n++)
    {
      DmkPass p = { .mb_per_s = settling[n], .seconds = 1, .iops = settling[n] };
      dmk_test_result_add_pass_series (t, &p, NULL, NULL);
    }
  /* 38, 40, 40: RSD 2.9%; 4 passes: 2.5% (still not below); 5: 2.3%. */
  g_assert_cmpuint (n, ==, 5);
  dmk_spread_settle (t, 3);
  g_assert_cmpint (t->stability, ==, DMK_STABILITY_STABLE);
  text = dmk_stability_to_report_text (t);
  g_assert_cmpstr (text, ==, "until stable: 2 passes added, RSD below 2.5%");
  g_clear_pointer (&text, g_free);
  {
    g_autoptr (DmkTestResult) w = make_test ("SEQ1M Q1T1", DMK_DIRECTION_READ, rates, 0);

    for (n = 0; dmk_spread_wants_more (w, 3); n++)
      {
        DmkPass p = { .mb_per_s = rates[n], .seconds = 1, .iops = rates[n] };
        dmk_test_result_add_pass_series (w, &p, NULL, NULL);
      }
    g_assert_cmpuint (n, ==, 9);
    dmk_spread_settle (w, 3);
    g_assert_cmpint (w->stability, ==, DMK_STABILITY_LIMIT);
    text = dmk_stability_to_report_text (w);
    g_assert_cmpstr (text, ==, "until stable: 6 passes added, RSD still 2.5% or more at the "
                               "limit of 9");
  }
  /* Without "until stable" nothing is said. */
  {
    g_autoptr (DmkTestResult) off = make_test ("SEQ1M Q1T1", DMK_DIRECTION_READ, rates, 3);
    g_assert_null (dmk_stability_to_report_text (off));
    g_assert_null (dmk_stability_describe (off));
  }
}

/* ---- steady state (SNIA PTS) over a sustained write's rounds ---- */

#define MIB_ ((guint64) 1 << 20)

/* A series of 100 ms intervals at rate(i) MB/s for the interval i, until total bytes. */
static GArray *
make_series (guint64 total, double (*rate) (guint64 written))
{
  GArray *series = g_array_new (FALSE, TRUE, sizeof (DmkSample));
  guint64 written = 0;
  double t = 0;

  while (written < total)
    {
      DmkSample x = { 0 };

      t += 0.1;
      x.end_s = t;
      x.bytes = (guint64) (rate (written) * 1e6 * 0.1);
      x.ios = x.bytes >> 20;
      written += x.bytes;
      g_array_append_val (series, x);
    }
  return series;
}

/* The rates are low enough that 2 s of each (a round's least, DMK_STEADY_ROUND_MIN_S) are less
 * than the 64 MiB asked for a round, except flat's: its rounds are its 2 s, 80 MB. */
static double
flat (guint64 written)
{
  return 40.0;
}

#define DROP_AT (192 * MIB_)
static double
drop (guint64 written)
{
  return written < DROP_AT ? 20.0 : 5.0;
}

/* 5% slower every 64 MiB: it never settles. */
static double
sliding (guint64 written)
{
  return 40.0 * pow (0.95, (double) (written / (64 * MIB_)));
}

static void
test_steady_rule (void)
{
  const guint64 round = 64 * MIB_;
  g_autoptr (GArray) a = make_series (768 * MIB_, flat);
  g_autoptr (GArray) b = make_series (768 * MIB_, drop);
  g_autoptr (GArray) c = make_series (768 * MIB_, sliding);
  g_autoptr (GArray) d = make_series (256 * MIB_, flat);
  g_autofree char *text = NULL;
  DmkSteady st;

  g_assert_cmpuint (dmk_steady_round_bytes (64ull << 30), ==, 2ull << 30);
  g_assert_cmpuint (dmk_steady_round_bytes (384 * MIB_), ==, round);
  g_assert_true (dmk_steady_detect (a, round, &st));
  g_assert_true (st.steady);
  g_assert_cmpuint (st.steady_bytes, ==, 0);
  g_assert_cmpfloat (fabs (st.mb_per_s - 40.0), <, 0.4);
  /* A round lasts 2 s at least: 80 MB at 40 MB/s, longer than the 64 MiB asked. */
  g_assert_cmpuint (st.round_bytes, ==, 80000000);
  /* Fast, then a lower rate: steady at the lower one, from within a round of the drop. */
  g_assert_true (dmk_steady_detect (b, round, &st));
  g_test_message ("drop at %" G_GUINT64_FORMAT ": steady from %" G_GUINT64_FORMAT " at %.1f",
                  DROP_AT, st.steady_bytes, st.mb_per_s);
  g_assert_true (st.steady);
  g_assert_cmpfloat (fabs ((double) st.steady_bytes - (double) DROP_AT), <=, (double) round);
  g_assert_cmpfloat (fabs (st.mb_per_s - 5.0), <, 0.1);
  g_assert_cmpuint (st.round_bytes, ==, round);
  /* SNIA's own stop: the end of the stretch's first five rounds (each ends on the interval
   * that fills it, so a little more than five times 64 MiB). */
  g_assert_cmpuint (st.window_bytes, >=, st.steady_bytes + 5 * round);
  g_assert_cmpuint (st.window_bytes, <, st.steady_bytes + 6 * round);
  text = dmk_steady_to_report_text (&st);
  g_assert_true (g_str_has_prefix (text, "steady after 0."));
  g_assert_nonnull (strstr (text, " GiB at 5.0 MB/s, where the steady stretch begins; its first "
                                  "window of 5 rounds ends at 0."));
  g_clear_pointer (&text, g_free);
  /* 5% a round for five rounds moves the best-fit line by 20%: not steady. */
  g_assert_true (dmk_steady_detect (c, round, &st));
  g_assert_false (st.steady);
  text = dmk_steady_to_report_text (&st);
  g_assert_cmpstr (text, ==, "not steady after 0.75 GiB");
  /* Four rounds cannot be judged. */
  g_assert_false (dmk_steady_detect (d, round, &st));
  g_assert_cmpuint (st.n_rounds, <, DMK_STEADY_ROUNDS);
}

/* The report and the JSON of a sustained write say it. */
static void
test_steady_files (void)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  g_autofree char *text = NULL, *json = NULL, *want = NULL, *rounds = NULL;
  DmkSteady st;

  r->kind = DMK_KIND_SUSTAINED;
  r->sustained = dmk_sustained_new ();
  g_assert_true (dmk_test_spec_parse ("SEQ1M Q8T1", &r->sustained->spec, NULL));
  r->sustained->span_bytes = 768 * MIB_;
  g_array_unref (r->sustained->series);
  r->sustained->series = make_series (768 * MIB_, drop);
  r->sustained->bytes = 768 * MIB_;
  g_assert_true (dmk_steady_detect (r->sustained->series, 64 * MIB_, &st));
  want = g_strdup_printf (" GiB (SNIA PTS, last 5 of %u rounds of 0.06 GiB)\n", st.n_rounds);
  rounds = g_strdup_printf ("\"rounds\" : %u", st.n_rounds);
  text = dmk_result_to_text (r);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "\n  Steady state: steady after "));
  g_assert_nonnull (strstr (text, want));
  json = dmk_result_to_json (r);
  g_assert_nonnull (strstr (json, "\"steady_state\""));
  g_assert_nonnull (strstr (json, rounds));
}

/* ---- until stable, on a throttled loop device ---- */

#define SLOW_BPS 20000000u
#define FAST_BPS 40000000u

typedef struct
{
  gboolean alternate; /* switch the cap at every measured pass */
  guint last_pass;
} Flipper;

/* At the start of each measured pass (a MEASURE phase with no speed yet) the read cap flips
 * between 20 and 40 MB/s: passes that never agree. */
static void
flip_progress (const DmkProgress *p, gpointer data)
{
  Flipper *f = data;

  if (!f->alternate || p->phase != DMK_PHASE_MEASURE || p->pass == 0 || p->pass == f->last_pass)
    return;
  f->last_pass = p->pass;
  g_assert_true (dmk_test_throttle (dmk_test_loop, "read_bps", p->pass % 2 ? SLOW_BPS : FAST_BPS));
}

static DmkResult *
run_until_stable (gboolean alternate)
{
  g_autoptr (GArray) specs = g_array_new (FALSE, FALSE, sizeof (DmkTestSpec));
  Flipper f = { alternate, 0 };
  DmkTestSpec spec;
  DmkSettings s;
  DmkResult *r;

  dmk_settings_init_default (&s);
  s.mode = DMK_MODE_READ;
  s.size_bytes = DMK_SIZE_MIN;
  s.passes = 3;
  /* blk-throttle can pass one 100 ms slice's budget at once when a pass starts, and a loaded
   * machine (CI runs the ASan build beside 40 other tests) can stall a pass for as long: in a
   * 2 s pass that is 5%, and one such pass among three is an RSD of 2.9%, above the 2.5% that
   * counts (CI saw 5 passes once). The steady case's 5 s passes keep it at 2% (RSD 1.2%); the
   * flipping case differs by 2× a pass and needs no more than 2 s. */
  s.measure_s = alternate ? 2 : 5;
  s.warmup_s = 1; /* blk-throttle lets a burst through just after it is set */
  s.interval_s = 0;
  s.until_stable = TRUE;
  /* blk-throttle v1 charges io_uring's direct I/O to a loop device twice: see test-engines.c. */
  s.engine = DMK_ENGINE_LIBAIO;
  g_assert_true (dmk_test_spec_parse ("SEQ128K Q1T1", &spec, NULL));
  g_array_append_val (specs, spec);
  g_assert_true (dmk_test_throttle (dmk_test_loop, "read_bps", FAST_BPS));
  r = dmk_test_run_to_end (dmk_test_loop, &s, specs, flip_progress, &f);
  dmk_test_unthrottle (NULL);
  dmk_settings_clear (&s);
  return r;
}

/* A steady 40 MB/s cap: the spread is below 2.5%, so "until stable" adds no pass (issue 25's
 * acceptance), and the rate is the cap's. */
static void
test_until_stable_steady (void)
{
  g_autoptr (DmkResult) r = NULL;
  g_autofree char *text = NULL;
  DmkTestResult *t;
  DmkSpread sp;

  if (!dmk_test_throttle_available () || !dmk_test_loop_setup (25))
    return;
  r = run_until_stable (FALSE);
  dmk_test_loop_cleanup ();
  t = g_ptr_array_index (r->tests, 0);
  g_assert_true (dmk_test_result_spread (t, &sp));
  g_test_message ("steady: %u passes, min %.2f median %.2f max %.2f MB/s, RSD %.2f%%", sp.n,
                  sp.min, sp.median, sp.max, sp.rsd_percent);
  for (guint i = 0; i < t->passes->len; i++)
    {
      const DmkPass *pass = &g_array_index (t->passes, DmkPass, i);

      g_test_message ("  pass %u: %.3f MB/s", i + 1, pass->bytes / pass->seconds / 1e6);
    }
  g_assert_cmpfloat (sp.rsd_percent, <, DMK_SPREAD_STABLE_RSD);
  g_assert_cmpuint (sp.n, ==, 3);
  g_assert_cmpint (t->stability, ==, DMK_STABILITY_STABLE);
  g_assert_cmpuint (t->passes_asked, ==, 3);
  g_assert_cmpfloat (fabs (sp.median - FAST_BPS / 1e6), <, 0.05 * FAST_BPS / 1e6);
  text = dmk_result_to_text (r);
  g_assert_nonnull (strstr (text, "(3 passes); until stable: 0 passes added, RSD below 2.5%\n"));
}

/* A cap that flips every pass: the passes never settle, so "until stable" runs 3× the passes
 * and says it stopped at the limit, in the result, its JSON and its text. */
static void
test_until_stable_limit (void)
{
  g_autoptr (DmkResult) r = NULL, back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL, *text = NULL;
  DmkTestResult *t;
  DmkSpread sp;

  if (!dmk_test_throttle_available () || !dmk_test_loop_setup (26))
    return;
  r = run_until_stable (TRUE);
  dmk_test_loop_cleanup ();
  t = g_ptr_array_index (r->tests, 0);
  g_assert_true (dmk_test_result_spread (t, &sp));
  g_test_message ("flipping: %u passes, min %.2f median %.2f max %.2f MB/s, RSD %.2f%%", sp.n,
                  sp.min, sp.median, sp.max, sp.rsd_percent);
  g_assert_cmpuint (sp.n, ==, 3 * DMK_SPREAD_MAX_FACTOR);
  g_assert_cmpfloat (sp.rsd_percent, >=, DMK_SPREAD_STABLE_RSD);
  g_assert_cmpint (t->stability, ==, DMK_STABILITY_LIMIT);
  g_assert_true (r->settings.until_stable);
  json = dmk_result_to_json (r);
  g_assert_nonnull (strstr (json, "\"stopped\" : \"limit\""));
  back = dmk_result_from_json (json, -1, &error);
  g_assert_no_error (error);
  t = g_ptr_array_index (back->tests, 0);
  g_assert_cmpint (t->stability, ==, DMK_STABILITY_LIMIT);
  g_assert_cmpuint (t->passes_asked, ==, 3);
  g_assert_true (back->settings.until_stable);
  text = dmk_result_to_text (back);
  g_assert_nonnull (strstr (text, "(9 passes); until stable: 6 passes added, RSD still 2.5% or "
                                  "more at the limit of 9\n"));
  /* So wide a scatter is warned of too. */
  g_assert_cmpuint (r->warnings->len, >=, 1);
}

/* The CLI's --until-stable reaches the result file. */
static void
test_until_stable_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-spread-cli-XXXXXX", NULL);
  g_autofree char *out = NULL;
  const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "--until-stable", "-T", "SEQ1M Q1T1",
                         "--passes=2", "--time=1", "--warmup=0", "--interval=0", "--size=16M",
                         "--mode=read", "--json", "--quiet", dir, NULL };
  g_autoptr (DmkResult) r = NULL;
  g_autoptr (GError) error = NULL;
  DmkTestResult *t;

  g_assert_nonnull (argv[0]);
  g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  r = dmk_result_from_json (out, -1, &error);
  g_assert_no_error (error);
  g_assert_true (r->settings.until_stable);
  t = g_ptr_array_index (r->tests, 0);
  g_assert_cmpint (t->stability, !=, DMK_STABILITY_OFF);
  g_assert_cmpuint (t->passes->len, >=, 2);
  g_assert_cmpuint (t->passes->len, <=, 6);
  g_assert_true ((t->stability == DMK_STABILITY_LIMIT) == (t->passes->len == 6));
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add_func ("/spread/steady/rule", test_steady_rule);
  g_test_add_func ("/spread/steady/files", test_steady_files);
  g_test_add_func ("/spread/until-stable/rule", test_until_stable_rule);
  g_test_add_func ("/spread/until-stable/steady", test_until_stable_steady);
  g_test_add_func ("/spread/until-stable/limit", test_until_stable_limit);
  g_test_add_func ("/spread/until-stable/cli", test_until_stable_cli);
  return g_test_run ();
}
