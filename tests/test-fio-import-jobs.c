/* test-fio-import-jobs.c: fio job files in: seed 004's crystaldiskmark.fio runs as the classic
 * profile, fio's public example jobs run as they are or are refused for what they would change,
 * options that change no I/O are named in a note, and anything else outside the supported subset
 * is refused by file, line, option and why. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-fio.h"
#include "dmk-sysinfo.h"
#include "dmk-test-fio.h"
#include "dmk-test-loop.h"

/* Seed 004's job: CrystalDiskMark 3's eight tests, one at a time, as the classic profile. */
static void
test_seed_job (void)
{
  g_autofree char *path = example_job ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkFioJob) job = dmk_fio_job_load (path, &error);
  DmkSettings s;
  g_autoptr (GArray) classic = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (job->jobs->len, ==, 8);
  g_assert_cmpstr (job->settings.profile, ==, "classic");
  g_assert_cmpint (job->settings.mode, ==, DMK_MODE_READ_WRITE);
  g_assert_cmpstr (g_ptr_array_index (job->names, 0), ==, "Seq-Read");
  g_assert_cmpstr (g_ptr_array_index (job->names, 7), ==, "Rand-Write-4K-QD32");
  g_assert_cmpuint (job->settings.size_bytes, ==, (guint64) 1 << 30);
  g_assert_cmpint (job->settings.engine, ==, DMK_ENGINE_LIBAIO);
  g_assert_true (job->settings.direct);
  g_assert_cmpuint (job->settings.passes, ==, 1);    /* fio runs a job once */
  g_assert_cmpint (job->settings.warmup_s, ==, 0);   /* no ramp_time */
  g_assert_cmpuint (job->runtime_cap, ==, 60);       /* size-based, at most 60 s */
  g_assert_cmpuint (job->settings.measure_s, ==, 5);
  /* directory=/tmp filename=fiodiskmark: GDiskMark uses its own hidden file in /tmp. */
  g_assert_cmpstr (job->target, ==, "/tmp");
  /* Size-based, and runtime=60 only a limit (issue 47 item 10: that was said nowhere). */
  g_assert_cmpuint (job->notes->len, ==, 2);
  g_assert_nonnull (strstr (g_ptr_array_index (job->notes, 1), "runtime=60 without time_based"));
  /* Issue 23 item 9: the note about the job's own file goes with a run on the job's target
   * only, not with one on a target the command line chose. */
  g_assert_nonnull (strstr (job->target_note, "not with /tmp/fiodiskmark"));
  {
    g_autoptr (GPtrArray) own = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) other = g_ptr_array_new_with_free_func (g_free);

    dmk_fio_job_add_notes (job, "/tmp", own);
    dmk_fio_job_add_notes (job, "/home/vagrant", other);
    g_assert_cmpuint (own->len, ==, 3);
    g_assert_cmpuint (other->len, ==, 2);
    g_assert_true (g_str_has_prefix (g_ptr_array_index (other, 0), "fio job: fio would end"));
  }
  /* The same eight tests as the classic profile, in the file's order (each read, then
   * written). */
  dmk_settings_init_default (&s);
  classic = dmk_runner_plan (&s, NULL, NULL);
  g_assert_cmpuint (classic->len, ==, 8);
  for (guint i = 0; i < 4; i++)
    {
      const DmkJob *r = &g_array_index (job->jobs, DmkJob, 2 * i);
      const DmkJob *w = &g_array_index (job->jobs, DmkJob, 2 * i + 1);
      g_assert_true (dmk_test_spec_equal (&r->spec, &g_array_index (classic, DmkJob, i).spec));
      g_assert_cmpint (r->direction, ==, DMK_DIRECTION_READ);
      g_assert_true (dmk_test_spec_equal (&w->spec, &r->spec));
      g_assert_cmpint (w->direction, ==, DMK_DIRECTION_WRITE);
    }
  dmk_settings_clear (&s);
}

/* Issue 23 items 5 and 7: fio's own syntax. fio accepts a B after a size (bs=4096B, 4kB) and
 * ends a line at its first ; or # ("direct=1 # non-buffered IO", as its examples write); both
 * were refused. The text is checked with fio itself where it is installed. */
static void
test_fio_syntax (void)
{
  static const char text[] = "; fio's examples comment like this\n"
                             "[global]\n"
                             "size=16m ; the test size\n"
                             "direct=1 # non-buffered IO\n"
                             "ioengine=libaio # the kernel's AIO\n"
                             "runtime=5\n"
                             "time_based\n"
                             "[rand-4k] # one job\n"
                             "rw=randread\t; random\n"
                             "bs=4096B\n"
                             "iodepth=32\n"
                             "stonewall\n"
                             "[seq-1m]\n"
                             "rw=read\n"
                             "bs=1MiB\n"
                             "stonewall\n"
                             "[seq-4k]\n"
                             "rw=write\n"
                             "bs=4kB\n"
                             "stonewall\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkFioJob) job = dmk_fio_job_parse (text, -1, "syntax.fio", &error);
  const guint bs[] = { 4096, 1 << 20, 4096 };

  g_assert_no_error (error);
  g_assert_cmpuint (job->jobs->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (g_array_index (job->jobs, DmkJob, i).spec.block_size, ==, bs[i]);
  g_assert_cmpuint (g_array_index (job->jobs, DmkJob, 0).spec.queue_depth, ==, 32);
  g_assert_cmpstr (g_ptr_array_index (job->names, 0), ==, "rand-4k");
  g_assert_true (job->settings.direct);
  g_assert_cmpint (job->settings.engine, ==, DMK_ENGINE_LIBAIO);
  g_assert_cmpuint (job->settings.size_bytes, ==, 16 << 20);
  g_assert_cmpuint (job->settings.measure_s, ==, 5);
  /* A bad size names its option. */
  g_clear_pointer (&job, dmk_fio_job_free);
  job = dmk_fio_job_parse ("[a]\nrw=read\nbs=4096X # no\n", -1, "bad.fio", &error);
  g_assert_null (job);
  g_assert_nonnull (strstr (error->message, "bad.fio:3: “bs=4096X” is not a size"));
  g_clear_error (&error);
  {
    g_autofree char *dir = g_dir_make_tmp ("gdiskmark-fio-XXXXXX", NULL);
    g_autofree char *file = g_build_filename (dir, "syntax.fio", NULL);
    const char *argv[] = { "fio", "--parse-only", file, NULL };
    g_autofree char *out = NULL;

    g_assert_true (g_file_set_contents (file, text, -1, NULL));
    if (dmk_test_run_tool (argv, &out) != 127)
      g_assert_cmpint (dmk_test_run_tool (argv, NULL), ==, 0);
    g_unlink (file);
    g_rmdir (dir);
  }
}

/* Issue 23 item 8: a job file runs as fio runs it. Without ioengine fio uses psync and caps
 * the depth at 1 (fio 3.33: "note: both iodepth >= 1 and synchronous I/O engine are selected,
 * queue depth will be capped at 1"), where GDiskMark ran io_uring at the file's depth; stonewall
 * in [global] is every job's. */
static void
test_fio_runs_as_fio (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkFioJob) job = dmk_fio_job_parse ("[global]\nstonewall\nsize=16m\n"
                                                 "[a]\nrw=randread\niodepth=8\n"
                                                 "[b]\nrw=read\nioengine=psync\niodepth=4\n",
                                                 -1, "engine.fio", &error);
  g_autoptr (DmkFioJob) aio = NULL;
  DmkSettings s;
  DmkFioOverrides o = { 0 };

  g_assert_no_error (error);
  g_assert_cmpuint (job->jobs->len, ==, 2);
  g_assert_cmpint (job->settings.engine, ==, DMK_ENGINE_PSYNC);
  g_assert_false (job->settings.direct); /* fio's default: buffered */
  g_assert_cmpuint (g_array_index (job->jobs, DmkJob, 0).spec.queue_depth, ==, 1);
  g_assert_cmpuint (g_array_index (job->jobs, DmkJob, 1).spec.queue_depth, ==, 1);
  g_assert_cmpuint (job->notes->len, >=, 2);
  g_assert_nonnull (strstr (g_ptr_array_index (job->notes, 0), "fio’s default engine"));
  g_assert_true (dmk_fio_job_settings (job, &o, &s, &error));
  g_assert_cmpint (s.engine, ==, DMK_ENGINE_PSYNC);
  dmk_settings_clear (&s);
  /* An engine with a queue keeps the file's depth. */
  aio = dmk_fio_job_parse ("[a]\nrw=randread\niodepth=8\nioengine=libaio\n", -1, "aio.fio",
                           &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_array_index (aio->jobs, DmkJob, 0).spec.queue_depth, ==, 8);
  /* A job that says nothing runs psync, not the other job's libaio: jobs may differ in engine,
   * each test then runs on its job's (the run's is the first job's). */
  {
    g_autoptr (DmkFioJob) mixed =
      dmk_fio_job_parse ("[a]\nrw=read\n[b]\nrw=read\nioengine=libaio\nstonewall\n", -1,
                         "mixed.fio", &error);

    g_assert_no_error (error);
    g_assert_cmpint (mixed->settings.engine, ==, DMK_ENGINE_PSYNC);
    g_assert_true (g_array_index (mixed->jobs, DmkJob, 0).has_engine);
    g_assert_cmpint (g_array_index (mixed->jobs, DmkJob, 0).engine, ==, DMK_ENGINE_PSYNC);
    g_assert_true (g_array_index (mixed->jobs, DmkJob, 1).has_engine);
    g_assert_cmpint (g_array_index (mixed->jobs, DmkJob, 1).engine, ==, DMK_ENGINE_LIBAIO);
    /* Where they agree, the run's engine is every job's, and --engine may replace it. */
    g_clear_pointer (&aio, dmk_fio_job_free);
    aio = dmk_fio_job_parse ("[a]\nrw=read\nioengine=libaio\n[b]\nrw=read\nioengine=libaio\n"
                             "stonewall\n", -1, "same.fio", &error);
    g_assert_no_error (error);
    g_assert_false (g_array_index (aio->jobs, DmkJob, 0).has_engine);
    g_assert_false (g_array_index (aio->jobs, DmkJob, 1).has_engine);
  }
  g_assert_null (dmk_fio_job_parse ("[a]\nrw=read\n[b]\nrw=read\ndirect=1\nstonewall\n", -1,
                                    "direct.fio", &error));
  g_assert_nonnull (strstr (error->message, "direct.fio:5: direct differs"));
}

typedef struct
{
  const char *text;
  guint line;
  const char *says;      /* part of the message */
  gboolean fio_accepts;  /* fio itself runs it: GDiskMark refuses what it would change */
} Bad;

/* fio's own verdict on a job: its exit status from --parse-only, 127 where fio is missing. */
static int
fio_parse_only (const char *text)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-fio-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "job.fio", NULL);
  const char *argv[] = { "fio", "--parse-only", file, NULL };
  int status;

  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  status = dmk_test_run_tool (argv, NULL);
  g_unlink (file);
  g_rmdir (dir);
  return status;
}

/* Outside the subset: an error naming the file, the line and what is wrong; never ignored. An
 * option fio knows that changes the I/O says how (issue 47 item 10), and fio itself takes the
 * same file: the refusal is GDiskMark's, for that reason. */
static void
test_refused (void)
{
  static const Bad bad[] = {
    { "[global]\nsize=1g\n\n[a]\nrw=read\nverify=crc32c\n", 6,
      "“verify=crc32c” is not supported: it reads back and checks what was written", TRUE },
    { "[a]\nrw=read\nbs=4k-64k\n", 3, "is not a size" },
    { "[a]\nrw=trim\n", 2, "“rw=trim” is not supported" },
    /* A gap is a strided test (issue 26) only when it is whole blocks: 8 bytes is not. */
    { "[a]\nrw=read:8\n", 2, "must be a whole number of blocks" },
    { "[a]\nrw=read\nsize=1g\n[b]\nrw=write\nsize=2g\n", 6, "size differs" },
    { "[a]\nrw=read\nruntime=5ms\n", 3, "is not a time" },
    { "include other.fio\n[a]\nrw=read\n", 1, "include" },
    { "[a]\nrw=read\nfilename=${DEV}\n", 3, "variables" },
    { "[a]\nrw=read\nioengine=mmap\n", 3, "“ioengine=mmap” is not supported" },
    { "[a]\nrw=read\nnumjobs=0\n", 3, "numjobs must be between 1 and 64" },
    { "[a]\nrw=read\niodepth=100000\n", 3, "iodepth must be between 1 and 512" },
    { "[a]\nrw=read\nbs=1000\n", 3, "multiple of 512" },
    { "[a]\nrw=read\nbs=99999999999999999999k\n", 3, "too large" },
    { "[a]\nrw=read\nbs=9223372036854775807g\n", 3, "too large" },
    { "[a]\nrw=randrw\nrwmixread=0\n", 3, "rwmixread must be between 1 and 99" },
    { "[a]\nrw=randrw\nrwmixread=70\n[b]\nrw=randrw\nrwmixread=50\n", 6, "rwmixread differs" },
    { "[a]\nrw=read\nsize=1g\noffset_increment=2g\n", 1, "offset_increment must equal size" },
    { "[a]\nrw=read\nsize=1000k\n", 3, "whole number of MiB" },
    { "[a]\nrw=read\nfilename=/tmp/x\n[b]\nrw=read\nfilename=/tmp/y\n", 6, "another file" },
    { "[a]\nrw=read\nfilename=/dev/a:/dev/b\n", 3, "one file" },
    { "[a]\nbs=4k\n", 1, "says no rw=" },
    { "[global]\nbs=4k\n", 1, "has no job" },
    { "", 0, "has no job" },
    { "[a]\nrw=read\n[global]\nbs=4k\n", 3, "[global] must come before" },
    { "[a\nrw=read\n", 1, "not a section header" },
    { "[]\nrw=read\n", 1, "not a section header" },
    { "[a]\nrw\n", 2, "needs a value" },
    { "[a]\nrw=read\ndirect=maybe\n", 3, "must be 0 or 1" },
    { "[a]\nrw=read\nloops=10\n", 3, "loops must be between 1 and 9" },
    { "[a]\nrw=read\nkb_base=1000\n", 3, "“kb_base=1000” is not supported: it changes what k",
      TRUE },
    { "[a]\nrw=read\nrate_iops=500\n", 3, "“rate_iops=500” is not supported: it holds", TRUE },
    { "[a]\nrw=read\nrate=0,10m\n", 3, "“rate=0,10m” is not supported: it holds", TRUE },
    { "[a]\nrw=read\nthinktime=100\n", 3, "it holds fio’s I/O back", TRUE },
    { "[a]\nrw=randread\nlatency_target=500000\n", 3, "“latency_target” is not supported: it holds",
      TRUE },
    { "[a]\nrw=read\nbssplit=4k/50:64k/50\n", 3, "“bssplit” is not supported: it changes the block",
      TRUE },
    { "[a]\nrw=read\nbsrange=4k-64k\n", 3,
      "“bsrange=4k-64k” is not supported: it changes the block", TRUE },
    { "[a]\nrw=randread\nrandom_distribution=zipf:1.2\n", 3, "how its offsets are spread", TRUE },
    { "[a]\nrw=read\nio_size=1g\n", 3, "how much fio does", TRUE },
    { "[a]\nrw=write\nfsync=1\n", 3, "“fsync=1” is not supported: it adds flushes", TRUE },
    { "[a]\nrw=write\nsync=1\n", 3, "“sync=1” is not supported: it adds flushes", TRUE },
    { "[a]\nrw=read\noffset=1g\n", 3, "“offset=1g” is not supported: it changes which part",
      TRUE },
    { "[a]\nrw=write\nbuffer_compress_percentage=50\n", 3, "it changes the data written", TRUE },
    { "[a]\nrw=read\nss=iops:10%\nss_dur=30s\n", 3, "numbers settle", TRUE },
    { "[a]\nrw=read\ncpus_allowed=0\n", 3, "CPUs", TRUE },
    { "[a]\nrw=read\nexec_prerun=true\n", 3, "it runs a program", TRUE },
    { "[a]\nrw=read\npre_read=1\n", 3, "page cache", TRUE },
    { "[a]\nrw=read\n[b]\nwait_for=a\nrw=read\n", 4, "ties jobs", TRUE },
    /* fio reads backwards with a negative gap: before, its message was set twice (a GLib
     * warning, fatal in a test). */
    { "[a]\nrw=read:-8k\n", 2, "“rw=read:-8k” is not supported: a gap (“:”) goes only after read, "
      "write or rw, forward", TRUE },
    { "[a]\nrw=read\nno_such_option=1\n", 3, "leaves out only those that change no I/O" },
    /* Issue 23 item 8: fio runs b beside a (one group), GDiskMark would run them in turn. */
    { "[a]\nrw=read\n[b]\nrw=write\n", 3, "job “b” has no stonewall" },
    { "[a]\nrw=read\nstonewall\n[b]\nrw=write\n[c]\nrw=write\nstonewall\n", 4,
      "job “b” has no stonewall" },
    { "[a]\nrw=read\n[b]\nrw=write\nstonewall=0\n", 3, "job “b” has no stonewall" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (DmkFioJob) job = dmk_fio_job_parse (bad[i].text, -1, "bad.fio", &error);
      g_autofree char *where = g_strdup_printf ("bad.fio:%u: ", bad[i].line);

      g_test_message ("%s → %s", bad[i].text, error != NULL ? error->message : "(accepted)");
      g_assert_null (job);
      g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
      if (bad[i].line > 0)
        g_assert_true (g_str_has_prefix (error->message, where));
      g_assert_nonnull (strstr (error->message, bad[i].says));
      if (bad[i].fio_accepts)
        {
          int fio = fio_parse_only (bad[i].text);
          if (fio != 127)
            g_assert_cmpint (fio, ==, 0);
        }
    }
  g_assert_cmpint (fio_parse_only ("[a]\nrw=read\nno_such_option=1\n"), !=, 0);
}


/* Issue 47 item 10: a job as people write it, with options that change only fio's reports, logs,
 * clocks, random numbers or start, runs the same tests with the same settings as the job without
 * them, and one note names each of those options once, in the file's order. Options at fio's
 * defaults, or that say what GDiskMark does anyway, are not named. fio takes the file too. */
static void
test_ignored_options (void)
{
  static const char plain[] = "[global]\nsize=16m\ndirect=1\nioengine=libaio\n"
                              "[seq]\nrw=read\nbs=1m\niodepth=8\n"
                              "[rnd]\nstonewall\nrw=randread\nbs=4k\niodepth=32\n";
  const char *const named[] = { "random_generator", "clat_percentiles", "lat_percentiles",
                                "percentile_list", "unified_rw_reporting", "significant_figures",
                                "startdelay", "randseed", "gtod_reduce", "write_bw_log",
                                "write_lat_log", "log_avg_msec", "per_job_logs", "disable_slat",
                                NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkFioJob) a = dmk_fio_job_parse (plain, -1, "plain.fio", &error);
  g_autoptr (DmkFioJob) b = dmk_fio_job_parse (wild_job, -1, "wild.fio", &error);
  g_auto (GStrv) list = NULL;
  const char *note, *colon;
  int fio;

  g_assert_no_error (error);
  assert_same_jobs (a->jobs, b->jobs);
  g_assert_cmpuint (b->settings.size_bytes, ==, a->settings.size_bytes);
  g_assert_cmpint (b->settings.direct, ==, a->settings.direct);
  g_assert_cmpint (b->settings.engine, ==, a->settings.engine);
  g_assert_cmpuint (b->settings.measure_s, ==, a->settings.measure_s);
  g_assert_cmpint (b->settings.warmup_s, ==, a->settings.warmup_s);
  g_assert_cmpuint (b->settings.passes, ==, a->settings.passes);
  g_assert_cmpint (b->settings.mode, ==, a->settings.mode);
  g_assert_cmpstr (b->settings.profile, ==, a->settings.profile);
  /* One note more, the last, and its list is the options above in the file's order. */
  g_assert_cmpuint (b->notes->len, ==, a->notes->len + 1);
  for (guint i = 0; i < a->notes->len; i++)
    g_assert_cmpstr (g_ptr_array_index (b->notes, i), ==, g_ptr_array_index (a->notes, i));
  note = g_ptr_array_index (b->notes, b->notes->len - 1);
  g_test_message ("%s", note);
  g_assert_true (g_str_has_prefix (note, "GDiskMark runs the job without what changes only"));
  colon = strstr (note, "not the I/O: ");
  g_assert_nonnull (colon);
  list = g_strsplit (colon + strlen ("not the I/O: "), ", ", -1);
  g_assert_cmpstrv (list, named);
  fio = fio_parse_only (wild_job);
  if (fio != 127)
    g_assert_cmpint (fio, ==, 0);
}

/* Issue 47 item 10: fio's examples run 900 s; GDiskMark's longest pass is 60 s. A time_based
 * runtime beyond it is shortened to it with a note naming both (the tests stay the file's);
 * without time_based, runtime only limits a job, which is said as size= is. timeout= is fio's
 * other name for runtime, and fio's units (s, m, h) are read. */
static void
test_long_runtime (void)
{
  static const struct
  {
    const char *timing;
    guint measure_s, cap, warmup_s;
    const char *note; /* part of a note; NULL: no note about runtime or ramp_time */
  } cases[] = {
    { "time_based\nruntime=900\n", 60, 0, 0, "each pass lasts 60 s, GDiskMark’s longest, where "
      "fio would run each job for runtime=900 s" },
    { "time_based\nruntime=15m\n", 60, 0, 0, "runtime=900 s" },
    { "time_based\ntimeout=1h\n", 60, 0, 0, "runtime=3600 s" },
    { "time_based\nruntime=60\n", 60, 0, 0, NULL },
    { "time_based\nruntime=1m\nramp_time=2m\n", 60, 0, 60, "each test warms up for 60 s, "
      "GDiskMark’s longest, where fio would ramp each job up for ramp_time=120 s" },
    { "time_based\nruntime=7\nramp_time=3\n", 7, 0, 3, NULL },
    { "runtime=30\n", 5, 30, 0, "runtime=30 without time_based only limits each job (fio ends it "
      "after its size or 30 s, whichever comes first): GDiskMark measures each pass for its "
      "pass time, at most 30 s" },
    { "timeout=2\n", 2, 2, 0, "runtime=2 without time_based" },
    { "runtime=900\n", 5, 60, 0, "at most 60 s" },
    { "runtime=0\n", 5, 0, 0, NULL }, /* fio's "no limit" */
    { "", 5, 0, 0, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("[global]\nsize=16m\n%s[a]\nrw=read\n",
                                               cases[i].timing);
      g_autoptr (GError) error = NULL;
      g_autoptr (DmkFioJob) job = dmk_fio_job_parse (text, -1, "time.fio", &error);
      guint timing_notes = 0;
      gboolean found = FALSE;
      int fio;

      g_test_message ("%s", text);
      g_assert_no_error (error);
      g_assert_cmpuint (job->settings.measure_s, ==, cases[i].measure_s);
      g_assert_cmpuint (job->runtime_cap, ==, cases[i].cap);
      g_assert_cmpint (job->settings.warmup_s, ==, (int) cases[i].warmup_s);
      for (guint n = 0; n < job->notes->len; n++)
        {
          const char *note = g_ptr_array_index (job->notes, n);
          g_test_message ("  note: %s", note);
          timing_notes += strstr (note, "runtime=") != NULL || strstr (note, "ramp_time=") != NULL;
          found |= cases[i].note != NULL && strstr (note, cases[i].note) != NULL;
        }
      g_assert_cmpuint (timing_notes, ==, cases[i].note != NULL ? 1 : 0);
      g_assert_true (found == (cases[i].note != NULL));
      fio = fio_parse_only (text);
      if (fio != 127)
        g_assert_cmpint (fio, ==, 0);
    }
  /* --time fills in a size-based job's pass, within its runtime; a time_based job's is the
   * file's, shortened or not. */
  {
    g_autoptr (DmkFioJob) capped = dmk_fio_job_parse ("[a]\nrw=read\nruntime=30\n", -1, "c.fio",
                                                      NULL);
    g_autoptr (DmkFioJob) timed = dmk_fio_job_parse ("[a]\nrw=read\ntime_based\nruntime=900\n",
                                                     -1, "t.fio", NULL);
    DmkFioOverrides o = { .has_time = TRUE, .measure_s = 45 };
    DmkSettings s;

    g_assert_true (dmk_fio_job_settings (capped, &o, &s, NULL));
    g_assert_cmpuint (s.measure_s, ==, 30);
    dmk_settings_clear (&s);
    o.measure_s = 10;
    g_assert_true (dmk_fio_job_settings (capped, &o, &s, NULL));
    g_assert_cmpuint (s.measure_s, ==, 10);
    dmk_settings_clear (&s);
    g_assert_true (dmk_fio_job_settings (timed, &o, &s, NULL));
    g_assert_cmpuint (s.measure_s, ==, 60);
    dmk_settings_clear (&s);
  }
}

/* fio's own example jobs in tests/imports (SOURCES says where each comes from), as they are:
 * what each runs in GDiskMark, read by hand from the file, or why it is refused. fio takes
 * every one of them. */
typedef struct
{
  const char *file;
  const char *tests; /* "SEQ256K Q16T1 Read, …" in the file's order; NULL: refused */
  guint measure_s;   /* or, refused, the line */
  const char *says;  /* part of a note, or of the refusal */
} PublicJob;

static const PublicJob public_jobs[] = {
  { "fio-rand-read.fio", "RND4K Q16T1 Read", 60, "runtime=900 s" },
  { "fio-rand-write.fio", "RND4K Q16T4 Write", 60, "runtime=900 s" },
  { "fio-seq-read.fio", "SEQ256K Q16T1 Read", 60, "runtime=900 s" },
  { "fio-seq-write.fio", "SEQ256K Q16T1 Write", 60, "runtime=900 s" },
  { "fio-rand-RW.fio", "RND4K Q16T4 Mix", 60, "runtime=900 s" },
  { "fio-seq-RW.fio", "SEQ256K Q16T4 Mix", 60, "runtime=900 s" },
  { "ssd-test.fio", "SEQ4K Q4T1 Read, RND4K Q4T1 Read, SEQ4K Q4T1 Write, RND4K Q4T1 Write", 5,
    "runtime=60 without time_based" },
  /* bsrange=4k-4k is bs=4k; timeout=60 is runtime=60; no ioengine: psync. */
  { "tiobench-example.fio", "SEQ4K Q1T4 Write, RND4K Q1T4 Write, SEQ4K Q1T4 Read, RND4K Q1T4 Read",
    5, "runtime=60 without time_based" },
  { "ssd-steadystate.fio", "SEQ1M Q16T1 Write, RND4K Q32T4 Write", 5, "not the I/O: write_bw_log" },
  { "aio-read.fio", NULL, 13, "job “file2” has no stonewall" },
  { "backwards-read.fio", NULL, 6, "“rw=read:-8k” is not supported" },
  { "jesd219.fio", NULL, 16, "“bssplit” is not supported: it changes the block size" },
  { "latency-profile.fio", NULL, 14, "“latency_target” is not supported: it holds" },
  { "surface-scan.fio", NULL, 8, "“verify=meta” is not supported: it reads back" },
};

static char *
job_tests (const DmkFioJob *job)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < job->jobs->len; i++)
    {
      const DmkJob *j = &g_array_index (job->jobs, DmkJob, i);
      g_autofree char *name = dmk_test_spec_to_name (&j->spec);

      g_string_append_printf (s, "%s%s %s", i > 0 ? ", " : "", name,
                              j->direction == DMK_DIRECTION_READ    ? "Read"
                              : j->direction == DMK_DIRECTION_WRITE ? "Write"
                                                                    : "Mix");
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
test_public_jobs (void)
{
  guint runs = 0;

  for (guint i = 0; i < G_N_ELEMENTS (public_jobs); i++)
    {
      const PublicJob *c = &public_jobs[i];
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "imports", c->file, NULL);
      const char *argv[] = { "fio", "--parse-only", path, NULL };
      g_autoptr (GError) error = NULL;
      g_autoptr (DmkFioJob) job = dmk_fio_job_load (path, &error);
      int fio = dmk_test_run_tool (argv, NULL);

      if (fio != 127)
        g_assert_cmpint (fio, ==, 0);
      if (c->tests == NULL)
        {
          g_autofree char *where = g_strdup_printf ("%s:%u: ", path, c->measure_s);

          g_test_message ("%s: %s", c->file, error->message);
          g_assert_null (job);
          g_assert_true (g_str_has_prefix (error->message, where));
          g_assert_nonnull (strstr (error->message, c->says));
          continue;
        }
      g_assert_no_error (error);
      {
        g_autofree char *tests = job_tests (job);
        g_autofree char *notes = NULL;

        g_ptr_array_add (job->notes, NULL);
        notes = g_strjoinv ("\n", (char **) job->notes->pdata);
        g_ptr_array_remove_index (job->notes, job->notes->len - 1);
        g_test_message ("%s: %s, %u s\n%s", c->file, tests, job->settings.measure_s, notes);
        g_assert_cmpstr (tests, ==, c->tests);
        g_assert_cmpuint (job->settings.measure_s, ==, c->measure_s);
        g_assert_nonnull (strstr (notes, c->says));
      }
      runs++;
    }
  g_test_message ("%u of %zu public job files run unchanged", runs, G_N_ELEMENTS (public_jobs));
}

/* Files that are not job files at all: binary, huge, not UTF-8, missing. */
static void
test_hostile (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkFioJob) job = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-fio-XXXXXX", NULL);
  g_autofree char *big = g_build_filename (dir, "big.fio", NULL);
  g_autofree char *many = NULL;
  GString *s = g_string_new (NULL);

  job = dmk_fio_job_parse ("[a]\nrw=read\0bs=4k\n", 18, "nul.fio", &error);
  g_assert_null (job);
  g_assert_nonnull (strstr (error->message, "not text"));
  g_clear_error (&error);
  job = dmk_fio_job_parse ("[a]\nrw=re\xff\xfe" "ad\n", -1, "utf.fio", &error);
  g_assert_null (job);
  g_assert_nonnull (strstr (error->message, "not text"));
  g_clear_error (&error);

  /* A file of 2 MiB is refused before it is read. */
  while (s->len < (2u << 20))
    g_string_append (s, "; padding padding padding padding padding padding padding padding\n");
  g_assert_true (g_file_set_contents (big, s->str, (gssize) s->len, NULL));
  job = dmk_fio_job_load (big, &error);
  g_assert_null (job);
  g_assert_nonnull (strstr (error->message, "too large"));
  g_assert_nonnull (strstr (error->message, "big.fio"));
  g_clear_error (&error);
  g_unlink (big);

  /* More jobs than anyone writes by hand. */
  g_string_truncate (s, 0);
  for (guint i = 0; i < 300; i++)
    g_string_append_printf (s, "[j%u]\nrw=read\n", i);
  many = g_string_free (s, FALSE);
  job = dmk_fio_job_parse (many, -1, "many.fio", &error);
  g_assert_null (job);
  g_assert_nonnull (strstr (error->message, "more than 256 jobs"));
  g_clear_error (&error);

  job = dmk_fio_job_load ("/nonexistent/job.fio", &error);
  g_assert_null (job);
  g_assert_nonnull (strstr (error->message, "/nonexistent/job.fio"));
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add_func ("/fio/import/seed-004", test_seed_job);
  g_test_add_func ("/fio/import/fio-syntax", test_fio_syntax);
  g_test_add_func ("/fio/import/runs-as-fio", test_fio_runs_as_fio);
  g_test_add_func ("/fio/import/refused", test_refused);
  g_test_add_func ("/fio/import/ignored-options", test_ignored_options);
  g_test_add_func ("/fio/import/long-runtime", test_long_runtime);
  g_test_add_func ("/fio/import/public-jobs", test_public_jobs);
  g_test_add_func ("/fio/import/hostile", test_hostile);
  return g_test_run ();
}
