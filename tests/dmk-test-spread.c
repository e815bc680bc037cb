/* dmk-test-spread.c: what the spread tests share: a test result with passes at known rates. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-plausible.h"
#include "dmk-test-loop.h"
#include "dmk-test-spread.h"

/* A test with passes at these rates (MB/s) of 1 MiB blocks over 5 s each. */
DmkTestResult *
make_test (const char *name, DmkDirection dir, const double *rates, guint n)
{
  DmkTestSpec spec;
  DmkTestResult *t;

  g_assert_true (dmk_test_spec_parse (name, &spec, NULL));
  t = dmk_test_result_new (&spec, dir);
  for (guint i = 0; i < n; i++)
    {
      DmkPass p = { .mb_per_s = rates[i], .seconds = 5.0 };

      p.bytes = (guint64) (rates[i] * 1e6 * p.seconds);
      p.iops = rates[i] * 1e6 / spec.block_size;
      dmk_test_result_add_pass_series (t, &p, NULL, NULL);
    }
  t->latency_us.mean = 1e6 / t->iops * spec.queue_depth;
  return t;
}
