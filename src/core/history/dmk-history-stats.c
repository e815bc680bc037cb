/* dmk-history-stats.c: what a drive's history says: each test's median and spread, and whether
 * the newest run differs from the others by more than their noise (Welch's t-test on the passes,
 * with Student's t computed here from the incomplete beta function). */
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
                gboolean *significant)
{
  double ma, va, mb, vb, qa, qb;

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
      *significant = ma != mb;
      return TRUE;
    }
  *t = (ma - mb) / sqrt (qa + qb);
  *df = (qa + qb) * (qa + qb) / (qa * qa / (na - 1) + qb * qb / (nb - 1));
  *significant = fabs (*t) > dmk_t_critical_95 (*df);
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
  gboolean in_newest; /* the newest grid measured it */
} Acc;

static Acc *
acc_for (GArray *accs, const DmkTestResult *t)
{
  Acc fresh = { t->spec, t->direction, NULL, NULL, NULL, FALSE };

  for (guint i = 0; i < accs->len; i++)
    {
      Acc *a = &g_array_index (accs, Acc, i);
      if (a->direction == t->direction && dmk_test_spec_equal (&a->spec, &t->spec))
        return a;
    }
  fresh.scores = g_array_new (FALSE, FALSE, sizeof (double));
  fresh.older = g_array_new (FALSE, FALSE, sizeof (double));
  fresh.newest = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_val (accs, fresh);
  return &g_array_index (accs, Acc, accs->len - 1);
}

static void
acc_add (Acc *a, const DmkTestResult *t)
{
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

static DmkHistoryStat
stat_of (const Acc *a)
{
  const double *scores = (const double *) (void *) a->scores->data;
  guint n = a->scores->len;
  DmkHistoryStat s = { .spec = a->spec, .direction = a->direction, .n_entries = n };
  double mean, var, t, df, others;
  gboolean significant;

  s.median = median_of (scores, n);
  s.min = s.max = scores[0];
  for (guint i = 1; i < n; i++)
    s.min = MIN (s.min, scores[i]), s.max = MAX (s.max, scores[i]);
  mean_var (scores, n, &mean, &var);
  s.rsd = mean > 0 ? 100 * sqrt (var) / mean : 0;
  s.newest = scores[n - 1];
  s.noise = DMK_NOISE_UNKNOWN;
  s.in_newest = a->in_newest;
  if (n < 2 || !a->in_newest)
    return s;
  others = median_of (scores, n - 1);
  s.delta_percent = others > 0 ? 100 * (s.newest - others) / others : 0;
  if (dmk_welch_test ((const double *) (void *) a->newest->data, a->newest->len,
                      (const double *) (void *) a->older->data, a->older->len, &t, &df,
                      &significant))
    s.noise = significant ? DMK_NOISE_BEYOND : DMK_NOISE_WITHIN;
  return s;
}

/* Whether two runs measured alike enough to be pooled: a run through the page cache, at another
 * test size, with another engine, another mode or iozone's second pass measures something else
 * than the drive's normal, and would make any difference look like noise or noise look like one. */
gboolean
dmk_history_results_alike (const DmkResult *a, const DmkResult *b)
{
  const DmkSettings *x = &a->settings, *y = &b->settings;

  return g_strcmp0 (a->engine, b->engine) == 0 && x->engine == y->engine
         && x->size_bytes == y->size_bytes && x->mode == y->mode && x->direct == y->direct
         && x->reread == y->reread && x->data == y->data
         && x->mix_read_percent == y->mix_read_percent;
}

/* The engine a test ran on: its own where it is not its run's. */
static const char *
test_engine (const DmkResult *r, const DmkTestResult *t)
{
  return t->engine != NULL ? t->engine : r->engine;
}

/* Whether t (of r) ran on the engine the newest run's same test did: on a loop device a deep
 * queue of small I/O runs on libaio unless the engine was named, so two alike runs may still
 * have measured that test with different engines. */
static gboolean
same_test_engine (const DmkResult *newest, const DmkResult *r, const DmkTestResult *t)
{
  for (guint i = 0; i < newest->tests->len; i++)
    {
      const DmkTestResult *n = g_ptr_array_index (newest->tests, i);

      if (n->direction == t->direction && dmk_test_spec_equal (&n->spec, &t->spec))
        return g_strcmp0 (test_engine (newest, n), test_engine (r, t)) == 0;
    }
  return TRUE;
}

GArray *
dmk_history_stats (GPtrArray *results)
{
  g_autoptr (GArray) accs = g_array_new (FALSE, FALSE, sizeof (Acc));
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DmkHistoryStat));
  const DmkResult *newest = NULL;

  /* The newest grid's settings choose which of the older runs it is judged against. */
  for (guint i = results->len; i > 0 && newest == NULL; i--)
    {
      const DmkResult *r = g_ptr_array_index (results, i - 1);
      if (r->kind == DMK_KIND_GRID)
        newest = r;
    }
  for (guint i = 0; i < results->len; i++)
    {
      DmkResult *r = g_ptr_array_index (results, i);
      if (r->kind != DMK_KIND_GRID || !dmk_history_results_alike (r, newest))
        continue;
      for (guint j = 0; j < r->tests->len; j++)
        {
          DmkTestResult *t = g_ptr_array_index (r->tests, j);

          if (same_test_engine (newest, r, t))
            {
              Acc *a = acc_for (accs, t);

              acc_add (a, t);
              a->in_newest |= r == newest;
            }
        }
    }
  for (guint i = 0; i < accs->len; i++)
    {
      Acc *a = &g_array_index (accs, Acc, i);
      DmkHistoryStat s = stat_of (a);
      g_array_append_val (out, s);
      g_array_unref (a->scores);
      g_array_unref (a->older);
      g_array_unref (a->newest);
    }
  return out;
}

char *
dmk_history_stat_verdict (const DmkHistoryStat *stat)
{
  g_autofree char *delta = dmk_format_delta (stat->delta_percent, TRUE);

  if (!stat->in_newest)
    return g_strdup (_("not measured by the newest run"));
  if (stat->n_entries < 2)
    return g_strdup (_("the first run of this test on this drive"));
  /* TRANSLATORS: "+6.1 % against this drive's median (beyond noise)": the newest run against
   * the median of the drive's earlier runs, judged on their passes (Welch's t-test, 95 %) */
  if (stat->noise == DMK_NOISE_BEYOND)
    return g_strdup_printf (_("%s %% against this drive’s median (beyond noise)"), delta);
  if (stat->noise == DMK_NOISE_WITHIN)
    return g_strdup_printf (_("%s %% against this drive’s median (within noise)"), delta);
  return g_strdup_printf (_("%s %% against this drive’s median (too few passes to judge)"), delta);
}
