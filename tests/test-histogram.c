/* test-histogram.c: histogram percentiles against exact percentiles of synthetic samples. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "dmk-core.h"

static int
cmp_u64 (const void *a, const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of sorted samples. */
static guint64
exact_percentile (const guint64 *sorted, gsize n, double p)
{
  gsize rank = (gsize) ceil (p / 100.0 * (double) n);
  if (rank < 1)
    rank = 1;
  return sorted[MIN (rank, n) - 1];
}

typedef guint64 (*Sampler) (GRand *rand);

static guint64
uniform_sample (GRand *rand)
{
  return (guint64) g_rand_int_range (rand, 50000, 150000); /* 50–150 µs */
}

static guint64
lognormal_sample (GRand *rand)
{
  /* Heavy-tailed, like real device latency: median ~100 µs, tail to tens of ms. */
  double u1 = g_rand_double (rand), u2 = g_rand_double (rand);
  double z = sqrt (-2.0 * log (u1 + 1e-300)) * cos (2 * G_PI * u2);
  return (guint64) (100000.0 * exp (1.2 * z)) + 1;
}

static guint64
bimodal_sample (GRand *rand)
{
  /* Cache hits at ~10 µs and media reads at ~8 ms. */
  if (g_rand_int_range (rand, 0, 100) < 90)
    return (guint64) g_rand_int_range (rand, 9000, 11000);
  return (guint64) g_rand_int_range (rand, 7000000, 9000000);
}

static guint64
tiny_sample (GRand *rand)
{
  return (guint64) g_rand_int_range (rand, 0, 200); /* ns: exercises the exact buckets */
}

static void
check_distribution (gconstpointer data)
{
  Sampler sampler = (Sampler) data;
  const gsize n = 200000;
  g_autofree guint64 *samples = g_new (guint64, n);
  g_autofree DmkHistogram *h = g_new0 (DmkHistogram, 1);
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);
  const double ps[] = { 0, 1, 10, 50, 90, 99, 99.9, 99.99, 100 };
  double sum = 0;

  dmk_histogram_reset (h);
  for (gsize i = 0; i < n; i++)
    {
      samples[i] = sampler (rand);
      sum += (double) samples[i];
      dmk_histogram_add (h, samples[i]);
    }
  qsort (samples, n, sizeof *samples, cmp_u64);
  g_assert_cmpuint (h->count, ==, n);
  g_assert_cmpfloat_with_epsilon (dmk_histogram_mean (h), sum / (double) n, 1e-6 * sum / n);
  for (guint i = 0; i < G_N_ELEMENTS (ps); i++)
    {
      double exact = (double) exact_percentile (samples, n, ps[i]);
      double got = dmk_histogram_percentile (h, ps[i]);
      double err = exact > 0 ? fabs (got - exact) / exact : fabs (got);

      g_test_message ("p%g: exact %.0f, histogram %.1f, error %.3f%%", ps[i], exact, got,
                      err * 100);
      g_assert_cmpfloat (err, <=, 0.01);
    }
}

static void
test_merge (void)
{
  g_autofree DmkHistogram *a = g_new0 (DmkHistogram, 1);
  g_autofree DmkHistogram *b = g_new0 (DmkHistogram, 1);
  g_autofree DmkHistogram *all = g_new0 (DmkHistogram, 1);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  dmk_histogram_reset (a);
  dmk_histogram_reset (b);
  dmk_histogram_reset (all);
  for (guint i = 0; i < 10000; i++)
    {
      guint64 v = lognormal_sample (rand);
      dmk_histogram_add (i % 2 ? a : b, v);
      dmk_histogram_add (all, v);
    }
  dmk_histogram_merge (a, b);
  g_assert_cmpuint (a->count, ==, all->count);
  g_assert_cmpuint (a->sum_ns, ==, all->sum_ns);
  g_assert_cmpuint (a->min_ns, ==, all->min_ns);
  g_assert_cmpuint (a->max_ns, ==, all->max_ns);
  g_assert_cmpfloat (dmk_histogram_percentile (a, 99), ==, dmk_histogram_percentile (all, 99));
}

static void
test_empty (void)
{
  g_autofree DmkHistogram *h = g_new0 (DmkHistogram, 1);

  dmk_histogram_reset (h);
  g_assert_cmpfloat (dmk_histogram_mean (h), ==, 0);
  g_assert_cmpfloat (dmk_histogram_percentile (h, 50), ==, 0);
  /* A value beyond the top bucket still counts and is reported by its exact maximum. */
  dmk_histogram_add (h, G_MAXUINT64 / 2);
  g_assert_cmpfloat (dmk_histogram_percentile (h, 100), ==, (double) (G_MAXUINT64 / 2));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/histogram/uniform", uniform_sample, check_distribution);
  g_test_add_data_func ("/histogram/lognormal", lognormal_sample, check_distribution);
  g_test_add_data_func ("/histogram/bimodal", bimodal_sample, check_distribution);
  g_test_add_data_func ("/histogram/tiny", tiny_sample, check_distribution);
  g_test_add_func ("/histogram/merge", test_merge);
  g_test_add_func ("/histogram/empty", test_empty);
  return g_test_run ();
}
