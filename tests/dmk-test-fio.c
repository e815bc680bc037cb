/* dmk-test-fio.c: what the fio job tests share: the example job, a job as people write it, and
 * two job lists compared. */
#include "config.h"

#include "dmk-core.h"
#include "dmk-fio.h"
#include "dmk-test-fio.h"

char *
example_job (void)
{
  return g_test_build_filename (G_TEST_DIST, "..", "examples", "crystaldiskmark.fio", NULL);
}

void
assert_same_jobs (GArray *a, GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const DmkJob *x = &g_array_index (a, DmkJob, i), *y = &g_array_index (b, DmkJob, i);
      g_assert_true (dmk_test_spec_equal (&x->spec, &y->spec));
      g_assert_cmpint (x->direction, ==, y->direction);
    }
}

/* A job as people write it (the options of public CrystalDiskMark-like jobs): two tests, with
 * options that change only fio's reports, logs, clocks, random numbers or start, and options at
 * fio's defaults. */
const char wild_job[] = "[global]\nsize=16m\ndirect=1\nioengine=libaio\nthread=1\n"
                            "group_reporting=1\nrandom_generator=tausworthe64\n"
                            "random_distribution=random\nrandrepeat=0\nrate_iops=0\nsync=0\n"
                            "clat_percentiles=0\nlat_percentiles=1\n"
                            "percentile_list=50:99:99.9\nkb_base=1024\n"
                            "unified_rw_reporting=1\nsignificant_figures=6\nstartdelay=2\n"
                            "randseed=1234\n"
                            "[seq]\nrw=read\nbs=1m\niodepth=8\ngtod_reduce=1\n"
                            "write_bw_log=seq\nwrite_lat_log=seq\nlog_avg_msec=1000\n"
                            "per_job_logs=0\n"
                            "[rnd]\nstonewall\nrw=randread\nbs=4k\niodepth=32\ndisable_slat=1\n"
                            "clat_percentiles=1\n";
