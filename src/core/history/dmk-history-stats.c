/* dmk-history-stats.c: what a drive's history says, on one base: the newest run against the
 * earlier ones measured with its settings (the others left out, each with why): their scores'
 * median and spread, and whether the newest run differs from them by more than their noise
 * (Welch's t-test on the passes, with Student's t computed here from the incomplete beta
 * function). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dmk-history.h"
#include "dmk-units.h"

/* The continued fraction of the regularized incomplete beta function I_x(a, b), evaluated by
 * Lentz's method; converges quickly for x < (a + 1) / (a + b + 2). */
static double
beta_fraction (double a, double b, double x)
{
  const double tiny = 1e-300;
  double c = 1, d = 1 - (a + b) * x / (a + 1), h;

  d = 1 / (fabs (d) < tiny ? tiny : d);
  h = d;
  for (int m = 1; m <= 500; m++)
    {
      double m2 = 2.0 * m, num, delta;

      num = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
      d = 1 + num * d;
      d = 1 / (fabs (d) < tiny ? tiny : d);
      c = 1 + num / c;
      c = fabs (c) < tiny ? tiny : c;
      h *= d * c;
      num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
      d = 1 + num * d;
      d = 1 / (fabs (d) < tiny ? tiny : d);
      c = 1 + num / c;
      c = fabs (c) < tiny ? tiny : c;
      delta = d * c;
      h *= delta;
      if (fabs (delta - 1) < 1e-14)
        break;
    }
  return h;
}

static double
incomplete_beta (double a, double b, double x)
{
  double front;

  if (x <= 0)
    return 0;
  if (x >= 1)
    return 1;
  front = exp (lgamma (a + b) - lgamma (a) - lgamma (b) + a * log (x) + b * log1p (-x));
  if (x < (a + 1) / (a + b + 2))
    return front * beta_fraction (a, b, x) / a;
  return 1 - front * beta_fraction (b, a, 1 - x) / b;
}

/* P(|T| > t) for Student's t with df degrees of freedom. */
static double
t_two_sided_p (double t, double df)
{
  return incomplete_beta (df / 2, 0.5, df / (df + t * t));
}

double
dmk_t_critical_95 (double df)
{
  double lo = 0, hi = 1000;

  g_return_val_if_fail (df > 0, NAN);
  /* p falls as t grows: bisect to where it is 0.05 (df = 1 needs 12.7; 1000 is far beyond). */
  for (int i = 0; i < 200 && hi - lo > 1e-12; i++)
    {
      double mid = (lo + hi) / 2;
      if (t_two_sided_p (mid, df) > 0.05)
        lo = mid;
      else
        hi = mid;
    }
  return (lo + hi) / 2;
}

static void
mean_var (const double *v, guint n, double *mean, double *var)
{
  double s = 0, ss = 0;

  for (guint i = 0; i < n; i++)
    s += v[i];
  *mean = s / n;
  for (guint i = 0; i < n; i++)
    ss += (v[i] - *mean) * (v[i] - *mean);
  *var = n > 1 ? ss / (n - 1) : 0;
}

gboolean
dmk_welch_test (const double *a, guint na, const double *b, guint nb, double *t, double *df,
                double *p, gboolean *significant)
{
  double ma, va, mb, vb, qa, qb, pv;

  if (na < 2 || nb < 2)
    return FALSE;
  mean_var (a, na, &ma, &va);
  mean_var (b, nb, &mb, &vb);
  qa = va / na;
  qb = vb / nb;
  if (qa + qb == 0)
    {
      /* No spread at all: any difference is beyond it. */
      *t = ma == mb ? 0 : copysign (INFINITY, ma - mb);
      *df = na + nb - 2;
      pv = ma == mb ? 1 : 0;
    }
  else
    {
      *t = (ma - mb) / sqrt (qa + qb);
      *df = (qa + qb) * (qa + qb) / (qa * qa / (na - 1) + qb * qb / (nb - 1));
      pv = t_two_sided_p (*t, *df);
    }
  if (p != NULL)
    *p = pv;
  *significant = pv < 0.05;
  return TRUE;
}

/* ---- per test over a drive's entries ---- */

typedef struct
{
  DmkTestSpec spec;
  DmkDirection direction;
  GArray *scores;     /* double, one per entry, oldest first */
  GArray *older;      /* double: every pass of every entry but the newest */
  GArray *newest;     /* double: the newest entry's passes */
  GArray *pooled;     /* guint: the entries' indexes in the results */
  gboolean in_newest; /* the newest grid measured it */
  GArray *left_out;   /* DmkHistoryLeftOut: the earlier entries measured otherwise */
} Acc;

static Acc *
acc_for (GArray *accs, const DmkTestResult *t)
{
  Acc fresh = { t->spec, t->direction, NULL, NULL, NULL, NULL, FALSE, NULL };

  for (guint i = 0; i < accs->len; i++)
    {
      Acc *a = &g_array_index (accs, Acc, i);
      if (a->direction == t->direction && dmk_test_spec_equal (&a->spec, &t->spec))
        return a;
    }
  fresh.scores = g_array_new (FALSE, FALSE, sizeof (double));
  fresh.older = g_array_new (FALSE, FALSE, sizeof (double));
  fresh.newest = g_array_new (FALSE, FALSE, sizeof (double));
  fresh.pooled = g_array_new (FALSE, FALSE, sizeof (guint));
  fresh.left_out = g_array_new (FALSE, FALSE, sizeof (DmkHistoryLeftOut));
  g_array_append_val (accs, fresh);
  return &g_array_index (accs, Acc, accs->len - 1);
}

static void
acc_add (Acc *a, const DmkTestResult *t, guint index)
{
  g_array_append_val (a->pooled, index);
  /* The passes so far move to the older ones: this entry is now the newest. */
  g_array_append_vals (a->older, a->newest->data, a->newest->len);
  g_array_set_size (a->newest, 0);
  for (guint i = 0; t->passes != NULL && i < t->passes->len; i++)
    g_array_append_val (a->newest, g_array_index (t->passes, DmkPass, i).mb_per_s);
  g_array_append_val (a->scores, t->mb_per_s);
}

static int
cmp_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median_of (const double *v, guint n)
{
  g_autofree double *s = g_memdup2 (v, n * sizeof (double));

  qsort (s, n, sizeof (double), cmp_double);
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static GArray *
doubles (const double *v, guint n)
{
  GArray *a = g_array_sized_new (FALSE, FALSE, sizeof (double), n);

  g_array_append_vals (a, v, n);
  return a;
}

/* The newest entry against the earlier ones: their scores' median, range and spread (the one
 * entry's when there is no earlier), and Welch's test of the passes when the newest run measured
 * this test. */
static DmkHistoryStat
stat_of (const Acc *a)
{
  const double *scores = (const double *) (void *) a->scores->data;
  guint n = a->scores->len, base = n > 1 ? n - 1 : 1;
  DmkHistoryStat s = { .spec = a->spec, .direction = a->direction, .n_entries = n };
  double mean, var;
  gboolean significant;

  s.n_earlier = n - 1;
  s.median = median_of (scores, base);
  s.min = s.max = scores[0];
  for (guint i = 1; i < base; i++)
    s.min = MIN (s.min, scores[i]), s.max = MAX (s.max, scores[i]);
  mean_var (scores, base, &mean, &var);
  s.rsd = mean > 0 ? 100 * sqrt (var) / mean : 0;
  s.newest = scores[n - 1];
  s.noise = DMK_NOISE_UNKNOWN;
  s.t = s.df = s.p_value = NAN;
  s.in_newest = a->in_newest;
  s.earlier_scores = doubles (scores, n - 1);
  s.newest_passes = g_array_new (FALSE, FALSE, sizeof (double));
  s.earlier_passes = g_array_new (FALSE, FALSE, sizeof (double));
  s.pooled = g_array_ref (a->pooled);
  s.left_out_entries = g_array_ref (a->left_out);
  s.n_left_out = a->left_out->len;
  for (guint i = 0; i < a->left_out->len; i++)
    s.left_out[g_array_index (a->left_out, DmkHistoryLeftOut, i).why]++;
  if (n < 2 || !a->in_newest)
    return s;
  g_array_append_vals (s.newest_passes, a->newest->data, a->newest->len);
  g_array_append_vals (s.earlier_passes, a->older->data, a->older->len);
  s.delta_percent = s.median > 0 ? 100 * (s.newest - s.median) / s.median : 0;
  if (dmk_welch_test ((const double *) (void *) a->newest->data, a->newest->len,
                      (const double *) (void *) a->older->data, a->older->len, &s.t, &s.df,
                      &s.p_value, &significant))
    s.noise = significant ? DMK_NOISE_BEYOND : DMK_NOISE_WITHIN;
  return s;
}

static void
stat_clear (gpointer data)
{
  DmkHistoryStat *s = data;

  g_clear_pointer (&s->earlier_scores, g_array_unref);
  g_clear_pointer (&s->newest_passes, g_array_unref);
  g_clear_pointer (&s->earlier_passes, g_array_unref);
  g_clear_pointer (&s->pooled, g_array_unref);
  g_clear_pointer (&s->left_out_entries, g_array_unref);
}

/* The first setting in which run a was measured otherwise than run b. Each changes what a
 * number means, so that pooling would make a difference look like noise or noise like one: the
 * engine and test size; the score (the best pass is above the median one by the passes'
 * scatter); until-stable (up to three times the passes, and the best of more is higher);
 * verification (the stamps cost time on every block); the page cache; zero data (which
 * compressing or deduplicating drives store for nothing); the mode and iozone's re-read. */
DmkHistoryUnlike
dmk_history_results_unlike (const DmkResult *a, const DmkResult *b)
{
  const DmkSettings *x = &a->settings, *y = &b->settings;

  g_return_val_if_fail (a != NULL && b != NULL, DMK_HISTORY_ALIKE);
  if (g_strcmp0 (a->engine, b->engine) != 0 || x->engine != y->engine)
    return DMK_HISTORY_OTHER_ENGINE;
  if (x->size_bytes != y->size_bytes)
    return DMK_HISTORY_OTHER_SIZE;
  if (x->score != y->score)
    return DMK_HISTORY_OTHER_SCORE;
  if (!x->until_stable != !y->until_stable)
    return DMK_HISTORY_OTHER_UNTIL_STABLE;
  if (!x->verify != !y->verify)
    return DMK_HISTORY_OTHER_VERIFY;
  if (!x->direct != !y->direct)
    return DMK_HISTORY_OTHER_CACHE;
  if (x->data != y->data)
    return DMK_HISTORY_OTHER_DATA;
  if (x->mode != y->mode)
    return DMK_HISTORY_OTHER_MODE;
  if (!x->reread != !y->reread)
    return DMK_HISTORY_OTHER_REREAD;
  return DMK_HISTORY_ALIKE;
}

gboolean
dmk_history_results_alike (const DmkResult *a, const DmkResult *b)
{
  return dmk_history_results_unlike (a, b) == DMK_HISTORY_ALIKE
         && a->settings.mix_read_percent == b->settings.mix_read_percent;
}

/* The engine a test ran on: its own where it is not its run's. */
static const char *
test_engine (const DmkResult *r, const DmkTestResult *t)
{
  return t->engine != NULL ? t->engine : r->engine;
}

static const DmkTestResult *
find_test (const DmkResult *r, const DmkTestResult *t)
{
  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *n = g_ptr_array_index (r->tests, i);

      if (n->direction == t->direction && dmk_test_spec_equal (&n->spec, &t->spec))
        return n;
    }
  return NULL;
}

/* Why t (of r, whose settings differ from the newest run's by run_why) is not pooled with the
 * newest run's same test. On a loop device a deep queue of small I/O runs on libaio unless the
 * engine was named, so two alike runs may still have measured a test with different engines;
 * and the mixed test's read share matters to the Mix tests only. */
static DmkHistoryUnlike
test_unlike (const DmkResult *newest, const DmkResult *r, const DmkTestResult *t,
             DmkHistoryUnlike run_why)
{
  const DmkTestResult *n = find_test (newest, t);

  if (run_why != DMK_HISTORY_ALIKE)
    return run_why;
  if (n != NULL && g_strcmp0 (test_engine (newest, n), test_engine (r, t)) != 0)
    return DMK_HISTORY_OTHER_ENGINE;
  if (t->direction == DMK_DIRECTION_MIX
      && r->settings.mix_read_percent != newest->settings.mix_read_percent)
    return DMK_HISTORY_OTHER_MIX;
  return DMK_HISTORY_ALIKE;
}

static const DmkResult *
newest_grid (GPtrArray *results)
{
  for (guint i = results->len; i > 0; i--)
    {
      const DmkResult *r = g_ptr_array_index (results, i - 1);
      if (r->kind == DMK_KIND_GRID)
        return r;
    }
  return NULL;
}

static void
acc_free (Acc *a)
{
  g_array_unref (a->scores);
  g_array_unref (a->older);
  g_array_unref (a->newest);
  g_array_unref (a->pooled);
  g_array_unref (a->left_out);
}

GArray *
dmk_history_stats (GPtrArray *results)
{
  g_autoptr (GArray) accs = g_array_new (FALSE, FALSE, sizeof (Acc));
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DmkHistoryStat));
  const DmkResult *newest;

  g_array_set_clear_func (out, stat_clear);
  g_return_val_if_fail (results != NULL, out);
  /* The newest grid's settings choose which of the older runs it is judged against. */
  newest = newest_grid (results);
  for (guint i = 0; i < results->len; i++)
    {
      DmkResult *r = g_ptr_array_index (results, i);
      DmkHistoryUnlike run_why;

      if (r->kind != DMK_KIND_GRID)
        continue;
      run_why = dmk_history_results_unlike (r, newest);
      for (guint j = 0; j < r->tests->len; j++)
        {
          DmkTestResult *t = g_ptr_array_index (r->tests, j);
          Acc *a = acc_for (accs, t);
          DmkHistoryLeftOut left = { i, test_unlike (newest, r, t, run_why) };

          if (left.why != DMK_HISTORY_ALIKE)
            {
              g_array_append_val (a->left_out, left);
              continue;
            }
          acc_add (a, t, i);
          a->in_newest |= r == newest;
        }
    }
  for (guint i = 0; i < accs->len; i++)
    {
      Acc *a = &g_array_index (accs, Acc, i);

      /* Only runs measured otherwise have it: nothing to say of it at the newest's settings. */
      if (a->scores->len > 0)
        {
          DmkHistoryStat s = stat_of (a);
          s.mix = newest != NULL ? dmk_settings_mix_share (&newest->settings, s.direction) : 0;
          g_array_append_val (out, s);
        }
      acc_free (a);
    }
  return out;
}

guint
dmk_history_left_out (GPtrArray *results, guint counts[DMK_HISTORY_N_UNLIKE])
{
  const DmkResult *newest;
  guint total = 0;

  g_return_val_if_fail (results != NULL && counts != NULL, 0);
  memset (counts, 0, DMK_HISTORY_N_UNLIKE * sizeof (guint));
  newest = newest_grid (results);
  for (guint i = 0; newest != NULL && i < results->len; i++)
    {
      const DmkResult *r = g_ptr_array_index (results, i);
      DmkHistoryUnlike run_why, why = DMK_HISTORY_ALIKE;
      gboolean shared = FALSE, pooled = FALSE;

      if (r == newest)
        break;
      if (r->kind != DMK_KIND_GRID)
        continue;
      run_why = dmk_history_results_unlike (r, newest);
      for (guint j = 0; j < r->tests->len; j++)
        {
          const DmkTestResult *t = g_ptr_array_index (r->tests, j);
          DmkHistoryUnlike w;

          if (find_test (newest, t) == NULL)
            continue;
          shared = TRUE;
          w = test_unlike (newest, r, t, run_why);
          pooled |= w == DMK_HISTORY_ALIKE;
          if (why == DMK_HISTORY_ALIKE)
            why = w;
        }
      if (shared && !pooled)
        {
          counts[why]++;
          total++;
        }
    }
  return total;
}

/* "p = 0.412", or "p < 0.001": the JSON has it whole. */
static char *
format_p (double p)
{
  g_autofree char *v = dmk_format_number (p, 3);

  return p < 0.001 ? g_strdup ("p < 0.001") : g_strdup_printf ("p = %s", v);
}

char *
dmk_history_stat_verdict (const DmkHistoryStat *stat)
{
  g_autofree char *delta = dmk_format_delta (stat->delta_percent, TRUE);
  g_autofree char *p = NULL;
  guint nn, ne;

  if (!stat->in_newest)
    return g_strdup (_("not measured by the newest run"));
  if (stat->n_entries < 2 && stat->n_left_out > 0)
    return g_strdup (_("the first run of this test with these settings on this drive"));
  if (stat->n_entries < 2)
    return g_strdup (_("the first run of this test on this drive"));
  if (stat->noise == DMK_NOISE_UNKNOWN)
    /* TRANSLATORS: "+6.1 % against the earlier runs’ median (too few passes to judge)" */
    return g_strdup_printf (_("%s %% against the earlier runs’ median (too few passes to judge)"),
                            delta);
  p = format_p (stat->p_value);
  nn = stat->newest_passes->len;
  ne = stat->earlier_passes->len;
  /* TRANSLATORS: "+6.1 % against the earlier runs’ median (beyond noise: p = 0.002, Welch’s
   * t-test on 3 and 6 passes)": the newest run against the median of the drive's earlier runs,
   * judged on the passes of the newest run and of the earlier ones (two-sided, 95 %) */
  if (stat->noise == DMK_NOISE_BEYOND)
    return g_strdup_printf (_("%s %% against the earlier runs’ median (beyond noise: %s, Welch’s "
                              "t-test on %u and %u passes)"),
                            delta, p, nn, ne);
  return g_strdup_printf (_("%s %% against the earlier runs’ median (within noise: %s, Welch’s "
                            "t-test on %u and %u passes)"),
                          delta, p, nn, ne);
}

const char *
dmk_history_unlike_to_string (DmkHistoryUnlike why)
{
  static const char *const names[] = { "alike", "engine", "test_size", "score", "until_stable",
                                       "verify", "cache", "data", "mode", "reread", "mix_share" };

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == DMK_HISTORY_N_UNLIKE);
  g_return_val_if_fail (why < DMK_HISTORY_N_UNLIKE, NULL);
  return names[why];
}

/* The sentences of the run-wide settings that are on or off: what the earlier runs had is the
 * newest's other choice. */
static char *
switch_sentence (DmkHistoryUnlike why, guint n, const DmkSettings *s)
{
  switch (why)
    {
    case DMK_HISTORY_OTHER_UNTIL_STABLE:
      if (s->until_stable)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%u earlier run had a fixed number of passes, not "
                                             "until stable: not compared",
                                             "%u earlier runs had a fixed number of passes, not "
                                             "until stable: not compared", n), n);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u earlier run added passes until stable: not compared",
                                           "%u earlier runs added passes until stable: not "
                                           "compared", n), n);
    case DMK_HISTORY_OTHER_VERIFY:
      if (s->verify)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%u earlier run was not verified: not compared",
                                             "%u earlier runs were not verified: not compared",
                                             n), n);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u earlier run was verified: not compared",
                                           "%u earlier runs were verified: not compared", n), n);
    case DMK_HISTORY_OTHER_CACHE:
      if (s->direct)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%u earlier run went through the page cache: not "
                                             "compared",
                                             "%u earlier runs went through the page cache: not "
                                             "compared", n), n);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u earlier run used direct I/O: not compared",
                                           "%u earlier runs used direct I/O: not compared", n), n);
    case DMK_HISTORY_OTHER_DATA:
      if (s->data == DMK_DATA_RANDOM)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%u earlier run wrote zeros: not compared",
                                             "%u earlier runs wrote zeros: not compared", n), n);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u earlier run wrote random data: not compared",
                                           "%u earlier runs wrote random data: not compared", n),
                              n);
    default:
      return NULL;
    }
}

char *
dmk_history_unlike_sentence (DmkHistoryUnlike why, guint n, const DmkResult *newest)
{
  const char *rule;

  g_return_val_if_fail (newest != NULL && why > DMK_HISTORY_ALIKE, NULL);
  switch (why)
    {
    case DMK_HISTORY_OTHER_ENGINE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u earlier run used another engine: not compared",
                                           "%u earlier runs used another engine: not compared",
                                           n), n);
    case DMK_HISTORY_OTHER_SIZE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u earlier run used another test size: not compared",
                                           "%u earlier runs used another test size: not compared",
                                           n), n);
    case DMK_HISTORY_OTHER_SCORE:
      /* The earlier runs' rule: the newest's other one. */
      rule = newest->settings.score == DMK_SCORE_MEDIAN ? _("the best pass")
                                                         : _("the median pass");
      /* TRANSLATORS: "3 earlier runs used another score rule (the best pass): not compared" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u earlier run used another score rule (%s): not "
                                           "compared",
                                           "%u earlier runs used another score rule (%s): not "
                                           "compared", n), n, rule);
    case DMK_HISTORY_OTHER_MODE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u earlier run used another mode (read, write or "
                                           "both): not compared",
                                           "%u earlier runs used another mode (read, write or "
                                           "both): not compared", n), n);
    case DMK_HISTORY_OTHER_REREAD:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u earlier run differed in iozone’s re-read: not "
                                           "compared",
                                           "%u earlier runs differed in iozone’s re-read: not "
                                           "compared", n), n);
    case DMK_HISTORY_OTHER_MIX:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u earlier run used another read share in the mixed "
                                           "test: not compared",
                                           "%u earlier runs used another read share in the mixed "
                                           "test: not compared", n), n);
    default:
      return switch_sentence (why, n, &newest->settings);
    }
}

char *
dmk_history_left_out_text (GPtrArray *results)
{
  guint counts[DMK_HISTORY_N_UNLIKE];
  GString *out;

  g_return_val_if_fail (results != NULL, NULL);
  if (dmk_history_left_out (results, counts) == 0)
    return NULL;
  out = g_string_new (NULL);
  for (guint why = DMK_HISTORY_ALIKE + 1; why < DMK_HISTORY_N_UNLIKE; why++)
    if (counts[why] > 0)
      {
        g_autofree char *sentence =
          dmk_history_unlike_sentence (why, counts[why], newest_grid (results));
        g_string_append_printf (out, "%s%s", out->len > 0 ? "; " : "", sentence);
      }
  return g_string_free (out, FALSE);
}
