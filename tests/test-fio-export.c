/* test-fio-export.c: fio job files out. Every profile, mode and setting survives the trip to a
 * job file and back; the exported job is run by the real fio on a folder and on a loop device
 * whose speed the kernel's block throttle sets, and fio's numbers for each section must be that
 * speed, as GDiskMark's are; fio's client/server runs it on two hosts. */
#include "config.h"

#include <arpa/inet.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-fio.h"
#include "dmk-sysinfo.h"
#include "dmk-test-fio.h"
#include "dmk-test-loop.h"


/* Every profile, mode and setting survives the trip out to a job file and back in. */
static void
test_round_trip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-fio-XXXXXX", NULL);
  const char *const *names = dmk_profile_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      DmkSettings s;
      g_autoptr (GArray) jobs = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (DmkFioJob) back = NULL;
      g_autofree char *text = NULL;

      dmk_settings_init_default (&s);
      g_free (s.profile);
      s.profile = g_strdup (names[i]);
      s.mix_read_percent = 70;
      s.size_bytes = (guint64) 3 << 30;
      /* A profile's own timing (the Flash profile's 1 s) is part of what names it. */
      s.measure_s = dmk_profile_find (names[i])->measure_s ? dmk_profile_find (names[i])->measure_s
                                                           : 7;
      s.warmup_s = 2;
      s.passes = 3;
      s.engine = i % 2 == 0 ? DMK_ENGINE_LIBAIO : DMK_ENGINE_IO_URING;
      s.data = i % 2 == 0 ? DMK_DATA_ZERO : DMK_DATA_RANDOM;
      jobs = dmk_runner_plan (&s, NULL, &error);
      g_assert_no_error (error);
      text = dmk_fio_job_export (&s, jobs, dir, &error);
      g_assert_no_error (error);
      /* One [global], stonewall before every job. */
      g_assert_nonnull (strstr (text, "\n[global]\n"));
      {
        guint n_stonewall = 0;
        for (const char *p = text; (p = strstr (p, "\nstonewall\n")) != NULL; p++)
          n_stonewall++;
        g_assert_cmpuint (n_stonewall, ==, jobs->len);
      }
      back = dmk_fio_job_parse (text, -1, "export.fio", &error);
      g_assert_no_error (error);
      assert_same_jobs (jobs, back->jobs);
      g_assert_cmpstr (back->settings.profile, ==, names[i]);
      g_assert_cmpuint (back->settings.size_bytes, ==, s.size_bytes);
      g_assert_cmpuint (back->settings.measure_s, ==, s.measure_s);
      g_assert_cmpint (back->settings.warmup_s, ==, 2);
      /* io_uring, unless the folder cannot take its I/O without a worker (tmpfs). */
      g_assert_cmpint (back->settings.engine, ==,
                       s.engine == DMK_ENGINE_IO_URING && !dmk_path_can_nowait (dir)
                           ? DMK_ENGINE_LIBAIO
                           : s.engine);
      g_assert_cmpint (back->settings.data, ==, s.data);
      g_assert_true (back->settings.direct);
      g_assert_cmpuint (back->settings.mix_read_percent, ==, 70);
      g_assert_cmpstr (back->target, ==, dir);
      dmk_settings_clear (&s);
    }
  g_rmdir (dir);
}

/* Sequential threads stream through slices: size and offset_increment per thread, which read
 * back as the whole test size. */
static void
test_threads_slices (void)
{
  DmkSettings s;
  g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
  g_autoptr (GArray) jobs = NULL;
  g_autoptr (DmkFioJob) back = NULL;
  g_autofree char *text = NULL;
  DmkTestSpec spec;

  dmk_settings_init_default (&s);
  s.mode = DMK_MODE_READ;
  s.size_bytes = (guint64) 1 << 30;
  g_assert_true (dmk_test_spec_parse ("SEQ128K Q2T4", &spec, NULL));
  g_array_append_val (specs, spec);
  jobs = dmk_runner_plan (&s, specs, NULL);
  text = dmk_fio_job_export (&s, jobs, "/tmp", NULL);
  g_assert_nonnull (strstr (text, "\nnumjobs=4\nsize=256m\noffset_increment=256m\n"));
  back = dmk_fio_job_parse (text, -1, "x.fio", NULL);
  g_assert_nonnull (back);
  g_assert_cmpuint (back->settings.size_bytes, ==, (guint64) 1 << 30);
  assert_same_jobs (jobs, back->jobs);
  dmk_settings_clear (&s);
}

/* A job that would write to a device is not even printed without consent. */
static void
test_device_write_refused (DmkTestLoopFixture *f, gconstpointer seed)
{
  DmkSettings s;
  g_autoptr (GArray) jobs = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  /* The check is on a real block device: a scratch loop device. */
  if (!f->ready)
    return;
  dmk_settings_init_default (&s);
  jobs = dmk_runner_plan (&s, NULL, NULL);
  text = dmk_fio_job_export (&s, jobs, dmk_test_loop, &error);
  g_assert_null (text);
  g_assert_error (error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED);
  g_assert_nonnull (strstr (error->message, dmk_test_loop));
  g_clear_error (&error);
  /* With the consent that a run needs too, the job writes to the device. */
  s.allow_write_device = TRUE;
  text = dmk_fio_job_export (&s, jobs, dmk_test_loop, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "rw=write"));
  g_clear_pointer (&text, g_free);
  s.allow_write_device = FALSE;
  s.mode = DMK_MODE_READ;
  g_clear_pointer (&jobs, g_array_unref);
  jobs = dmk_runner_plan (&s, NULL, NULL);
  text = dmk_fio_job_export (&s, jobs, dmk_test_loop, &error);
  g_assert_no_error (error);
  {
    g_autofree char *line = g_strdup_printf ("\nfilename=%s\n", dmk_test_loop);
    g_assert_nonnull (strstr (text, line));
    g_assert_null (strstr (text, "unlink"));
  }
  dmk_settings_clear (&s);
}

/* ---- The real fio on a device of known speed ---- */

typedef struct
{
  const char *test;
  DmkDirection dir;
  const char *cap;
  guint64 value;
  gboolean iops;
} Case;

static const Case cases[] = {
  { "SEQ1M Q8T1", DMK_DIRECTION_READ, "read_bps", 100000000, FALSE },
  { "RND4K Q32T1", DMK_DIRECTION_READ, "read_iops", 6000, TRUE },
  { "SEQ1M Q1T1", DMK_DIRECTION_WRITE, "write_bps", 60000000, FALSE },
};

static gboolean
fio_available (void)
{
  const char *argv[] = { "fio", "--version", NULL };
  g_autofree char *version = NULL; /* kept off the TAP stream */

  if (dmk_test_run_tool (argv, &version) != 0)
    {
      g_test_skip ("fio is not installed (apt-get install fio)");
      return FALSE;
    }
  return TRUE;
}

static void
run_done (GObject *source, GAsyncResult *res, gpointer data)
{
  DmkResult **out = data;
  g_autoptr (GError) error = NULL;

  *out = dmk_runner_run_finish (DMK_RUNNER (source), res, NULL, &error);
  g_assert_no_error (error);
}

static void
test_fio_runs_export (DmkTestLoopFixture *f, gconstpointer size)
{
  g_autoptr (GArray) jobs = g_array_new (FALSE, TRUE, sizeof (DmkJob));
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL, *dir = NULL, *file = NULL, *out = NULL;
  g_autoptr (DmkRunner) runner = dmk_runner_new ();
  DmkResult *ours = NULL;
  JsonArray *fio_jobs;
  DmkSettings s;
  guint n_cases;

  if (!fio_available () || !f->ready)
    return;
  dmk_settings_init_default (&s);
  s.size_bytes = 256 << 20;
  s.passes = 1;
  /* As in test-engines.c: 6 s passes keep blk-throttle's 100 ms slices within ±1.7 %. */
  s.measure_s = 6;
  s.warmup_s = 1;
  s.interval_s = 0;
  s.engine = DMK_ENGINE_LIBAIO;
  s.allow_write_device = TRUE;
  /* Under the sanitizers one section (meson sets this): memory is checked, not speed. */
  n_cases = g_getenv ("GDISKMARK_TEST_SANITIZED") != NULL ? 1 : G_N_ELEMENTS (cases);
  for (guint i = 0; i < n_cases; i++)
    {
      DmkJob job = { .direction = cases[i].dir };
      g_assert_true (dmk_test_spec_parse (cases[i].test, &job.spec, NULL));
      g_array_append_val (jobs, job);
      g_assert_true (dmk_test_throttle (dmk_test_loop, cases[i].cap, cases[i].value));
    }
  text = dmk_fio_job_export (&s, jobs, dmk_test_loop, &error);
  g_assert_no_error (error);
  dir = g_dir_make_tmp ("gdiskmark-fio-XXXXXX", NULL);
  file = g_build_filename (dir, "export.fio", NULL);
  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  {
    const char *argv[] = { "fio", "--output-format=json", file, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  }
  g_unlink (file);
  g_rmdir (dir);

  /* GDiskMark on the same device with the same settings. */
  dmk_test_consent (runner, dmk_test_loop, &s);
  dmk_runner_run_async (runner, dmk_test_loop, &s, jobs, "", NULL, run_done, &ours);
  while (ours == NULL)
    g_main_context_iteration (NULL, TRUE);
  dmk_test_unthrottle (NULL);

  g_assert_true (json_parser_load_from_data (parser, strchr (out, '{'), -1, &error));
  g_assert_no_error (error);
  fio_jobs = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                           "jobs");
  g_assert_cmpuint (json_array_get_length (fio_jobs), ==, n_cases);
  for (guint i = 0; i < n_cases; i++)
    {
      const Case *c = &cases[i];
      JsonObject *fj = json_array_get_object_element (fio_jobs, i);
      JsonObject *side = json_object_get_object_member (fj, c->dir == DMK_DIRECTION_READ
                                                                ? "read" : "write");
      const DmkJob *job = &g_array_index (jobs, DmkJob, i);
      const DmkTestResult *t = dmk_result_find (ours, &job->spec, job->direction);
      double fio = c->iops ? json_object_get_double_member (side, "iops")
                           : json_object_get_double_member (side, "bw_bytes");
      double gdm = c->iops ? t->iops : t->mb_per_s * 1e6;
      double want = (double) c->value;

      g_test_message ("%s (%s cap %" G_GUINT64_FORMAT "): fio %.1f, GDiskMark %.1f (%+.2f %%, "
                      "%+.2f %%)",
                      json_object_get_string_member (fj, "jobname"), c->cap, c->value, fio, gdm,
                      100 * (fio - want) / want, 100 * (gdm - want) / want);
      g_assert_cmpfloat (fabs (fio - want), <=, 0.02 * want);
      g_assert_cmpfloat (fabs (gdm - want), <=, 0.02 * want);
    }
  dmk_result_unref (ours);
  dmk_settings_clear (&s);
}

/* ---- The real fio on a folder: every exported job runs ---- */

/* fio's size text ("1m", "512k", "4096") in bytes. */
static guint64
fio_bytes (const char *text)
{
  char *end = NULL;
  guint64 n = g_ascii_strtoull (text, &end, 10);

  switch (g_ascii_tolower (*end))
    {
    case 'k': return n << 10;
    case 'm': return n << 20;
    case 'g': return n << 30;
    default: return n;
    }
}

static const char *
expected_rw (const DmkJob *job)
{
  gboolean seq = job->spec.pattern == DMK_PATTERN_SEQUENTIAL;

  if (job->direction == DMK_DIRECTION_READ)
    return seq ? "read" : "randread";
  if (job->direction == DMK_DIRECTION_WRITE)
    return seq ? "write" : "randwrite";
  return seq ? "rw" : "randrw";
}

/* Settings for a job fio runs quickly: profile (NULL: the default one), 16 MiB, each job
 * measured 1 s with no ramp. */
static void
quick_fio_settings (DmkSettings *s, const char *profile)
{
  dmk_settings_init_default (s);
  if (profile != NULL)
    {
      g_free (s->profile);
      s->profile = g_strdup (profile);
    }
  s->size_bytes = 16 << 20;
  s->measure_s = 1;
  s->warmup_s = 0;
}

/* Runs text with the real fio in dir: exit status 0, every job without an error, and each job's
 * options in fio's own report are ours, in our order. engines (may be NULL): each job's own
 * ioengine as fio reports it, NULL for a job that takes [global]'s. */
static void
check_fio_runs_on (const char *text, GArray *jobs, guint mix, const char *dir,
                   const char *job_file, const char *const *engines)
{
  g_autofree char *file = g_strdup (job_file);
  g_autofree char *out = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  const char *json;
  JsonArray *fio_jobs;

  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  {
    const char *argv[] = { "nice", "fio", "--output-format=json", file, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  }
  g_unlink (file);
  json = strchr (out, '{');
  g_assert_nonnull (json);
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  fio_jobs = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                           "jobs");
  g_assert_cmpuint (json_array_get_length (fio_jobs), ==, jobs->len);
  for (guint i = 0; i < jobs->len; i++)
    {
      const DmkJob *job = &g_array_index (jobs, DmkJob, i);
      JsonObject *fj = json_array_get_object_element (fio_jobs, i);
      JsonObject *o = json_object_get_object_member (fj, "job options");

      g_test_message ("%s: error %" G_GINT64_FORMAT ", rw=%s bs=%s iodepth=%s numjobs=%s",
                      json_object_get_string_member (fj, "jobname"),
                      json_object_get_int_member (fj, "error"),
                      json_object_get_string_member (o, "rw"),
                      json_object_get_string_member (o, "bs"),
                      json_object_get_string_member (o, "iodepth"),
                      json_object_get_string_member (o, "numjobs"));
      g_assert_cmpint (json_object_get_int_member (fj, "error"), ==, 0);
      g_assert_cmpstr (json_object_get_string_member (o, "rw"), ==, expected_rw (job));
      g_assert_cmpuint (fio_bytes (json_object_get_string_member (o, "bs")), ==,
                        job->spec.block_size);
      g_assert_cmpuint (g_ascii_strtoull (json_object_get_string_member (o, "iodepth"), NULL, 10),
                        ==, job->spec.queue_depth);
      g_assert_cmpuint (g_ascii_strtoull (json_object_get_string_member (o, "numjobs"), NULL, 10),
                        ==, job->spec.threads);
      if (job->direction == DMK_DIRECTION_MIX)
        g_assert_cmpuint (g_ascii_strtoull (json_object_get_string_member (o, "rwmixread"), NULL,
                                            10),
                          ==, mix);
      if (engines != NULL)
        g_assert_cmpstr (json_object_get_string_member_with_default (o, "ioengine", NULL), ==,
                         engines[i]);
    }
  if (dir != NULL)
    {
      /* The last job removed the file that every job shared. */
      g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
      g_assert_null (g_dir_read_name (d));
    }
}

static void
check_fio_runs (const char *text, GArray *jobs, guint mix, const char *dir, const char *job_file)
{
  check_fio_runs_on (text, jobs, mix, dir, job_file, NULL);
}

/* Issue 23 item 1: unlink=1 in [global] removed the shared file after the first job, and every
 * later read job failed with ENOENT (classic: 3 of 8, fio exit status 3). Every built-in profile
 * we export (two with a mix) and a custom set with threads and a mix run in fio 3.33 on a folder
 * as they are, and the classic profile with its writes on a loop device. */
static const struct
{
  const char *profile;
  const char *tests[3];
  guint mix;
} fio_runs[] = {
  { "classic", { NULL }, 0 },
  { "default", { NULL }, 70 },
  { "nvme", { NULL }, 0 },
  { "peak", { NULL }, 0 },
  { "real", { NULL }, 70 },
  { "demo", { NULL }, 0 },
  { DMK_PROFILE_CUSTOM, { "SEQ128K Q2T4", "RND4K Q4T2", NULL }, 70 },
};

static void
test_fio_runs_on_folder (void)
{
  g_autofree char *dir = NULL, *file = NULL;
  guint n = G_N_ELEMENTS (fio_runs);

  if (!fio_available ())
    return;
  /* Under the sanitizers the classic profile and the custom set: fio is not what is checked. */
  if (g_getenv ("GDISKMARK_TEST_SANITIZED") != NULL)
    n = 2;
  /* ext4 or whatever /tmp is, not tmpfs: direct I/O, as exported. */
  dir = g_dir_make_tmp ("gdiskmark-fio-folder-XXXXXX", NULL);
  file = g_strdup_printf ("%s.fio", dir);
  for (guint k = 0; k < n; k++)
    {
      guint i = n == G_N_ELEMENTS (fio_runs) ? k : k == 0 ? 0 : G_N_ELEMENTS (fio_runs) - 1;
      g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
      g_autoptr (GArray) jobs = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      DmkSettings s;

      quick_fio_settings (&s, fio_runs[i].profile);
      s.mix_read_percent = fio_runs[i].mix;
      s.engine = i % 2 == 0 ? DMK_ENGINE_LIBAIO : DMK_ENGINE_IO_URING;
      for (guint t = 0; fio_runs[i].tests[t] != NULL; t++)
        {
          DmkTestSpec spec;
          g_assert_true (dmk_test_spec_parse (fio_runs[i].tests[t], &spec, NULL));
          g_array_append_val (specs, spec);
        }
      jobs = dmk_runner_plan (&s, specs->len > 0 ? specs : NULL, &error);
      g_assert_no_error (error);
      text = dmk_fio_job_export (&s, jobs, dir, &error);
      g_assert_no_error (error);
      g_test_message ("%s, mix %u: %u jobs", fio_runs[i].profile, fio_runs[i].mix, jobs->len);
      check_fio_runs (text, jobs, fio_runs[i].mix, dir, file);
      /* The note says how much room fio's one file takes. */
      g_assert_nonnull (strstr (text, "needs 16 MiB free"));
      dmk_settings_clear (&s);
    }
  g_rmdir (dir);
}

/* A folder on tmpfs cannot take io_uring's I/O without a kernel worker thread per I/O
 * (fio's io_uring there: 95 MB/s at RND4K Q1T1 on zram against libaio's 1814): the job says
 * libaio, as GDiskMark's own run there uses, and why; the real fio runs it in that folder and
 * leaves nothing. A folder that can (this tree's filesystem, where it can) keeps io_uring. */
static void
test_fio_engine_for_target (void)
{
  g_autoptr (GArray) jobs = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *file = NULL, *here = NULL;
  DmkSettings s;

  if (!fio_available () || !dmk_test_tmpfs_setup ("64m"))
    return;
  quick_fio_settings (&s, "demo");
  g_assert_cmpint (s.engine, ==, DMK_ENGINE_IO_URING);
  jobs = dmk_runner_plan (&s, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (dmk_path_can_nowait (dmk_test_tmpfs));
  text = dmk_fio_job_export (&s, jobs, dmk_test_tmpfs, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "\nioengine=libaio\n"));
  g_assert_null (strstr (text, "fixedbufs"));
  g_assert_nonnull (strstr (text, "; io_uring cannot start I/O on this target without waiting"));
  {
    /* Each job's one-line command says the same. */
    g_autofree char *command = dmk_fio_command (&s, &g_array_index (jobs, DmkJob, 0),
                                                dmk_test_tmpfs);
    g_assert_nonnull (strstr (command, " --ioengine=libaio "));
  }
  {
    /* Read back, the job is a libaio run's. */
    g_autoptr (DmkFioJob) back = dmk_fio_job_parse (text, -1, "tmpfs.fio", &error);
    g_assert_no_error (error);
    g_assert_cmpint (back->settings.engine, ==, DMK_ENGINE_LIBAIO);
  }
  file = g_build_filename (g_get_tmp_dir (), "gdiskmark-tmpfs-job.fio", NULL);
  check_fio_runs (text, jobs, s.mix_read_percent, dmk_test_tmpfs, file);
  dmk_test_tmpfs_cleanup ();
  /* Where the probe says io_uring can go without a worker, the job keeps it. */
  here = g_get_current_dir ();
  if (dmk_path_can_nowait (here))
    {
      g_autofree char *there = dmk_fio_job_export (&s, jobs, here, &error);
      g_assert_no_error (error);
      g_assert_nonnull (strstr (there, "\nioengine=io_uring\nfixedbufs=1\n"));
      g_assert_null (strstr (there, "; io_uring cannot start I/O"));
    }
  dmk_settings_clear (&s);
}

/* The same on a block device (a loop device): the classic profile, its writes allowed. */
static void
test_fio_runs_on_device (DmkTestLoopFixture *f, gconstpointer size)
{
  g_autoptr (GArray) jobs = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *dir = NULL, *file = NULL;
  DmkSettings s;

  if (!fio_available () || !f->ready)
    return;
  quick_fio_settings (&s, NULL);
  s.mix_read_percent = 70;
  s.engine = DMK_ENGINE_LIBAIO;
  s.allow_write_device = TRUE;
  jobs = dmk_runner_plan (&s, NULL, &error);
  g_assert_no_error (error);
  text = dmk_fio_job_export (&s, jobs, dmk_test_loop, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (text, "unlink"));
  dir = g_dir_make_tmp ("gdiskmark-fio-dev-XXXXXX", NULL);
  file = g_build_filename (dir, "device.fio", NULL);
  check_fio_runs (text, jobs, 70, NULL, file);
  dmk_settings_clear (&s);
  {
    /* With the engine left to GDiskMark (io_uring), a loop device's deep queue of small I/O is
     * libaio's (dmk_engine_for_test): that job says so, and fio runs it on libaio. */
    g_autoptr (GArray) reads = NULL;
    g_autofree char *job = NULL;
    g_autofree const char **engines = NULL;
    guint deep = 0;

    quick_fio_settings (&s, NULL);
    s.mode = DMK_MODE_READ;
    g_assert_cmpint (s.engine, ==, DMK_ENGINE_IO_URING);
    g_assert_false (s.engine_asked);
    reads = dmk_runner_plan (&s, NULL, &error);
    g_assert_no_error (error);
    engines = g_new0 (const char *, reads->len);
    for (guint i = 0; i < reads->len; i++)
      {
        const DmkTestSpec *spec = &g_array_index (reads, DmkJob, i).spec;

        if (spec->queue_depth >= 32 && spec->block_size <= 4096)
          engines[deep++, i] = "libaio";
      }
    g_assert_cmpuint (deep, ==, 1); /* RND4K Q32T1 */
    job = dmk_fio_job_export (&s, reads, dmk_test_loop, &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (job, "\n[RND4K-Q32T1-Read]\nstonewall\nioengine=libaio\n"));
    check_fio_runs_on (job, reads, 0, NULL, file, engines);
    dmk_settings_clear (&s);
  }
  g_rmdir (dir);
}

/* Whether a socket listens on TCP ip:port now, as /proc/net/tcp lists it (the address as the
 * kernel prints it: its bytes in network order, read as one native integer). */
static gboolean
listening (const char *ip, guint port)
{
  g_autofree char *tcp = NULL, *want = NULL;
  g_auto (GStrv) lines = NULL;
  struct in_addr addr;

  g_assert_cmpint (inet_pton (AF_INET, ip, &addr), ==, 1);
  if (!g_file_get_contents ("/proc/net/tcp", &tcp, NULL, NULL))
    return FALSE;
  want = g_strdup_printf ("%08X:%04X", (guint) addr.s_addr, port);
  lines = g_strsplit (tcp, "\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      char local[64], remote[64];
      unsigned int state;

      if (sscanf (lines[i], " %*u: %63s %63s %x", local, remote, &state) == 3 &&
          strcmp (local, want) == 0 && state == 0x0A /* TCP_LISTEN */)
        return TRUE;
    }
  return FALSE;
}

/* Waits until a fio server listens on ip:port; FALSE if it did not within 60 s. */
static gboolean
wait_listening (const char *ip, guint port)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!listening (ip, port))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_usleep (10 * 1000);
    }
  return TRUE;
}

/* fio's client/server on loopback, as a fleet runs our tests: the exported job runs on two fio
 * servers (127.0.0.1 and 127.0.0.2, each in its own folder) through one fio --client with a host
 * list, and its JSON ("client_stats") comes back as a column per host with our tests. */
static void
test_fio_client_server (void)
{
  g_autofree char *dir = NULL, *hosts = NULL, *job = NULL, *out = NULL, *list = NULL;
  g_autoptr (GPtrArray) servers = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
  g_autoptr (GArray) jobs = NULL;
  g_autoptr (GPtrArray) all = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *json_file = NULL;
  guint port = 20000 + (guint) getpid () % 20000;
  DmkTestSpec spec;
  DmkSettings s;

  if (!fio_available ())
    return;
  dir = g_dir_make_tmp ("gdiskmark-fio-cs-XXXXXX", NULL);
  for (guint h = 0; h < 2; h++)
    {
      g_autofree char *own = g_strdup_printf ("%s/host%u", dir, h + 1);
      g_autofree char *arg = g_strdup_printf ("--server=ip:127.0.0.%u,%u", h + 1, port);
      g_autoptr (GSubprocessLauncher) l = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                                                    G_SUBPROCESS_FLAGS_STDERR_SILENCE);
      g_assert_cmpint (g_mkdir (own, 0700), ==, 0);
      g_subprocess_launcher_set_cwd (l, own);
      g_ptr_array_add (servers, g_subprocess_launcher_spawn (l, &error, "fio", arg, NULL));
      g_assert_no_error (error);
    }
  for (guint h = 0; h < 2; h++)
    {
      g_autofree char *ip = g_strdup_printf ("127.0.0.%u", h + 1);
      g_assert_true (wait_listening (ip, port));
    }
  quick_fio_settings (&s, DMK_PROFILE_CUSTOM);
  s.mode = DMK_MODE_READ;
  s.engine = DMK_ENGINE_LIBAIO;
  g_assert_true (dmk_test_spec_parse ("RND4K Q4T2", &spec, NULL));
  g_array_append_val (specs, spec);
  jobs = dmk_runner_plan (&s, specs, &error);
  /* "." is each server's own folder. */
  text = dmk_fio_job_export (&s, jobs, ".", &error);
  g_assert_no_error (error);
  job = g_build_filename (dir, "job.fio", NULL);
  list = g_build_filename (dir, "hosts.list", NULL);
  hosts = g_strdup_printf ("ip:127.0.0.1,%u\nip:127.0.0.2,%u\n", port, port);
  g_assert_true (g_file_set_contents (job, text, -1, NULL));
  g_assert_true (g_file_set_contents (list, hosts, -1, NULL));
  {
    g_autofree char *client = g_strdup_printf ("--client=%s", list);
    const char *argv[] = { "timeout", "60", "fio", client, job, "--output-format=json", NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  }
  for (guint h = 0; h < servers->len; h++)
    g_subprocess_force_exit (g_ptr_array_index (servers, h));
  json_file = g_build_filename (dir, "fio.json", NULL);
  g_assert_true (g_file_set_contents (json_file, out, -1, NULL));
  all = dmk_result_load_all (json_file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (all->len, ==, 2);
  /* fio lists the hosts as they finish: each one once, in either order. */
  for (guint h = 0; h < 2; h++)
    {
      g_autofree char *host = g_strdup_printf ("127.0.0.%u:%u: ", h + 1, port);
      guint found = 0;

      for (guint k = 0; k < all->len; k++)
        {
          DmkResult *r = g_ptr_array_index (all, k);
          DmkTestResult *t = dmk_result_find (r, &spec, DMK_DIRECTION_READ);

          if (!g_str_has_prefix (r->target.path, host))
            continue;
          found++;
          g_test_message ("%s: %.1f MB/s", r->target.path, t != NULL ? t->mb_per_s : -1);
          g_assert_nonnull (t);
          g_assert_cmpfloat (t->mb_per_s, >, 0);
        }
      g_assert_cmpuint (found, ==, 1);
    }
  g_unlink (job);
  g_unlink (list);
  g_unlink (json_file);
  for (guint h = 0; h < 2; h++)
    {
      g_autofree char *own = g_strdup_printf ("%s/host%u", dir, h + 1);
      g_assert_cmpint (g_rmdir (own), ==, 0); /* empty: the last job removed its file */
    }
  g_rmdir (dir);
  dmk_settings_clear (&s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add_func ("/fio/export/round-trip", test_round_trip);
  g_test_add_func ("/fio/export/thread-slices", test_threads_slices);
  g_test_add ("/fio/export/device-write-refused", DmkTestLoopFixture, GUINT_TO_POINTER (1),
              dmk_test_loop_fixture_seeded, test_device_write_refused,
              dmk_test_loop_fixture_teardown);
  g_test_add ("/fio/export/fio-runs-it", DmkTestLoopFixture, GSIZE_TO_POINTER (256 << 20),
              dmk_test_loop_fixture_throttled, test_fio_runs_export,
              dmk_test_loop_fixture_teardown);
  g_test_add_func ("/fio/export/fio-runs-on-folder", test_fio_runs_on_folder);
  g_test_add ("/fio/export/fio-runs-on-device", DmkTestLoopFixture, GSIZE_TO_POINTER (64 << 20),
              dmk_test_loop_fixture_sized, test_fio_runs_on_device,
              dmk_test_loop_fixture_teardown);
  g_test_add_func ("/fio/export/engine-for-target", test_fio_engine_for_target);
  g_test_add_func ("/fio/export/client-server", test_fio_client_server);
  return g_test_run ();
}
