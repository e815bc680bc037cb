/* test-iozone.c: iozone's patterns as tests: backward ("BWD1M Q1T1") and strided ("STR4K Q1T1
 * S17") specs by name and in JSON, the offsets a run's worker makes for them, their rates on a
 * loop device the kernel's block throttle caps, and their fio job (a stride as rw=read:GAP, run by
 * the real fio at the same cap; a backward test said to be forward); and --reread's two passes
 * over the same data, the second from the page cache when buffered, and said to be. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include "dmk-core.h"
#include "dmk-fio.h"
#include "dmk-test-loop.h"

static void
test_names (void)
{
  const char *names[] = { "BWD1M Q1T1", "BWD4K Q32T4", "STR4K Q1T1 S17", "STR64K Q8T2 S3",
                          "REC4K Q1T1", "REC1M Q4T2" };
  const char *bad[] = { "STR4K Q1T1", "STR4K Q1T1 S1", "STR4K Q1T1 S0", "STR4K Q1T1 S",
                        "BWD1M Q1T1 S17", "SEQ1M Q1T1 S2", "STR4K Q1T1S17", "STR4K Q1T1 S99999999", "REC4K Q1T1 S2" };
  DmkTestSpec spec;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *back = NULL;

      g_assert_true (dmk_test_spec_parse (names[i], &spec, &error));
      g_assert_no_error (error);
      back = dmk_test_spec_to_name (&spec);
      g_assert_cmpstr (back, ==, names[i]);
    }
  g_assert_true (dmk_test_spec_parse ("str4kib-q1t1-s17", &spec, NULL));
  g_assert_cmpint (spec.pattern, ==, DMK_PATTERN_STRIDED);
  g_assert_cmpuint (spec.block_size, ==, 4096);
  g_assert_cmpuint (spec.stride, ==, 17);
  g_assert_true (dmk_test_spec_parse ("bwd1m q1t1", &spec, NULL));
  g_assert_cmpint (spec.pattern, ==, DMK_PATTERN_BACKWARD);
  g_assert_cmpuint (spec.stride, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      g_test_message ("%s", bad[i]);
      g_assert_false (dmk_test_spec_parse (bad[i], &spec, &error));
      g_assert_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
    }
}

/* The worker's own offsets: descending for BWD, every stride-th block for STR, each thread in its
 * slice, and both wrap so a long pass keeps going. */
static void
test_offsets (void)
{
  const guint64 size = 64 << 20, bs = 1 << 20, blocks = size / bs;
  DmkTestSpec spec;
  g_autofree guint64 *bwd = NULL, *bwd2 = NULL, *str = NULL, *str2 = NULL;
  g_autofree guint64 *odd = NULL;

  g_assert_true (dmk_test_spec_parse ("BWD1M Q1T1", &spec, NULL));
  bwd = dmk_test_spec_offsets (&spec, size, 0, 2 * blocks);
  for (guint i = 0; i < blocks; i++)
    {
      g_assert_cmpuint (bwd[i], ==, (blocks - 1 - i) * bs);
      g_assert_cmpuint (bwd[blocks + i], ==, bwd[i]); /* wrapped: the same descent again */
    }

  g_assert_true (dmk_test_spec_parse ("BWD1M Q1T2", &spec, NULL));
  bwd2 = dmk_test_spec_offsets (&spec, size, 1, blocks / 2);
  for (guint i = 0; i < blocks / 2; i++)
    g_assert_cmpuint (bwd2[i], ==, (blocks - 1 - i) * bs); /* thread 1: the upper half, down */

  /* 4 KiB records in 64 MiB: 16384 of them; S17 reads 0, 17, 34, … then 1, 18, … */
  g_assert_true (dmk_test_spec_parse ("STR4K Q1T1 S17", &spec, NULL));
  {
    const guint64 n = size / 4096;
    g_autofree guint8 *seen = g_new0 (guint8, n);

    str = dmk_test_spec_offsets (&spec, size, 0, (guint) n);
    g_assert_cmpuint (str[0], ==, 0);
    g_assert_cmpuint (str[1], ==, 17 * 4096);
    g_assert_cmpuint (str[2], ==, 34 * 4096);
    for (guint64 i = 1; i < n; i++)
      {
        /* Every step is the stride, except where a round ends and the next starts one on. */
        if (str[i] != str[i - 1] + 17 * 4096)
          g_assert_cmpuint (str[i - 1] + 17 * 4096, >=, size);
        g_assert_cmpuint (str[i] % 4096, ==, 0);
        g_assert_cmpuint (str[i], <, size);
      }
    /* One round of all 17 lanes covers each record once. */
    for (guint64 i = 0; i < n; i++)
      seen[str[i] / 4096]++;
    for (guint64 i = 0; i < n; i++)
      g_assert_cmpuint (seen[i], ==, 1);
  }

  g_assert_true (dmk_test_spec_parse ("STR1M Q4T2 S3", &spec, NULL));
  str2 = dmk_test_spec_offsets (&spec, size, 1, 4);
  g_assert_cmpuint (str2[0], ==, 32 * bs);
  g_assert_cmpuint (str2[1], ==, 35 * bs);
  g_assert_cmpuint (str2[2], ==, 38 * bs);
  g_assert_cmpuint (str2[3], ==, 41 * bs);

  /* A stride larger than the region: one record a round, each lane the next one. */
  /* iozone's record rewrite: the same record every time, each thread its slice's first. */
  g_assert_true (dmk_test_spec_parse ("REC1M Q1T2", &spec, NULL));
  {
    g_autofree guint64 *rec0 = dmk_test_spec_offsets (&spec, size, 0, 40);
    g_autofree guint64 *rec1 = dmk_test_spec_offsets (&spec, size, 1, 40);

    for (guint i = 0; i < 40; i++)
      {
        g_assert_cmpuint (rec0[i], ==, 0);
        g_assert_cmpuint (rec1[i], ==, size / 2);
      }
  }

  g_assert_true (dmk_test_spec_parse ("STR1M Q1T1 S100", &spec, NULL));
  odd = dmk_test_spec_offsets (&spec, size, 0, 3);
  g_assert_cmpuint (odd[0], ==, 0);
  g_assert_cmpuint (odd[1], ==, bs);
  g_assert_cmpuint (odd[2], ==, 2 * bs);
}

/* A result's tests keep their names through JSON and the text report says the stride. */
static void
test_json (void)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  g_autoptr (DmkResult) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL, *text = NULL;
  const char *names[] = { "BWD1M Q1T1", "STR4K Q1T1 S17" };

  g_free (r->date);
  r->date = g_strdup ("2026-12-02T15:00:00+00:00");
  r->os = g_strdup ("Debian GNU/Linux 12");
  r->target.path = g_strdup ("/srv");
  r->target.kind = DMK_TARGET_DIRECTORY;
  r->target.filesystem = g_strdup ("ext4");
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      DmkTestSpec spec;
      DmkTestResult *t;

      g_assert_true (dmk_test_spec_parse (names[i], &spec, NULL));
      t = dmk_test_result_new (&spec, DMK_DIRECTION_READ);
      t->mb_per_s = 100.0 + i;
      t->iops = 1000.0 + i;
      g_ptr_array_add (r->tests, t);
    }
  json = dmk_result_to_json (r);
  back = dmk_result_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->tests->len, ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const DmkTestResult *t = g_ptr_array_index (back->tests, i);
      g_autofree char *name = dmk_test_spec_to_name (&t->spec);
      g_assert_cmpstr (name, ==, names[i]);
      g_assert_true (dmk_result_find (back, &t->spec, DMK_DIRECTION_READ) != NULL);
    }
  g_assert_nonnull (strstr (json, "\"stride\" : 17"));
  text = dmk_result_to_text (back);
  g_assert_nonnull (strstr (text, "BWD    1MiB (Q=  1, T= 1)"));
  g_assert_nonnull (strstr (text, "STR    4KiB (Q=  1, T= 1, S=17)"));
}

typedef struct
{
  const char *test;
  const char *cap;
  guint64 value;
  gboolean iops;
} Case;

static const Case cases[] = {
  { "BWD1M Q1T1", "read_bps", 100000000, FALSE },
  { "STR64K Q1T1 S17", "read_bps", 60000000, FALSE },
  { "STR4K Q1T1 S17", "read_iops", 3000, TRUE },
};

static void
settings_for_cap (DmkSettings *s)
{
  dmk_settings_init_default (s);
  s->size_bytes = 256 << 20;
  s->passes = 1;
  /* As in test-engines.c: 6 s passes keep blk-throttle's 100 ms slices within ±1.7 %. */
  s->measure_s = 6;
  s->warmup_s = 1;
  s->interval_s = 0;
  s->mode = DMK_MODE_READ;
  /* libaio: the throttle charges io_uring's direct I/O to a loop device up to twice
   * (dmk-test-loop.h). */
  s->engine = DMK_ENGINE_LIBAIO;
}

static double
off_by (double got, double want)
{
  return fabs (got - want) / want;
}

/* Backward and strided reads at a known rate: the kernel's cap, within 2 %. */
static void
test_known_rate (DmkTestLoopFixture *f, gconstpointer size)
{
  gboolean one = g_getenv ("GDISKMARK_TEST_SANITIZED") != NULL;

  if (!f->ready)
    return;
  for (guint i = 0; i < (one ? 1 : G_N_ELEMENTS (cases)); i++)
    {
      const Case *c = &cases[i];
      g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
      DmkTestSpec spec;
      DmkSettings s;
      DmkResult *r;
      const DmkTestResult *t;
      double got;

      g_assert_true (dmk_test_spec_parse (c->test, &spec, NULL));
      g_array_append_val (specs, spec);
      settings_for_cap (&s);
      g_assert_true (dmk_test_throttle (dmk_test_loop, c->cap, c->value));
      r = dmk_test_run_to_end (dmk_test_loop, &s, specs, NULL, NULL);
      dmk_test_unthrottle (NULL);
      t = dmk_result_find (r, &spec, DMK_DIRECTION_READ);
      g_assert_nonnull (t);
      got = c->iops ? t->iops : t->mb_per_s * 1e6;
      g_test_message ("%s, %s cap %" G_GUINT64_FORMAT ": %.1f (%+.2f %%)", c->test, c->cap,
                      c->value, got, 100.0 * (got - c->value) / c->value);
      g_assert_cmpfloat (off_by (got, (double) c->value), <=, 0.03);
      dmk_result_unref (r);
      dmk_settings_clear (&s);
    }
}

/* --reread: two passes over the same data, each the whole test size once. Direct, both are the
 * device's (the cap); buffered, the second comes from the page cache, far above the cap, and the
 * result says a cache answered it. */
static void
test_reread (DmkTestLoopFixture *f, gconstpointer size)
{
  const guint64 cap = 50000000;

  if (!f->ready)
    return;
  for (guint buffered = 0; buffered < 2; buffered++)
    {
      g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
      g_autoptr (DmkResult) back = NULL;
      g_autofree char *json = NULL, *text = NULL;
      const DmkTestResult *t;
      const DmkPass *first, *second;
      DmkTestSpec spec;
      DmkSettings s;
      DmkResult *r;
      gboolean flagged = FALSE;

      g_assert_true (dmk_test_spec_parse ("SEQ1M Q1T1", &spec, NULL));
      g_array_append_val (specs, spec);
      settings_for_cap (&s);
      s.reread = TRUE;
      s.direct = !buffered;
      g_assert_true (dmk_test_throttle (dmk_test_loop, "read_bps", cap));
      r = dmk_test_run_to_end (dmk_test_loop, &s, specs, NULL, NULL);
      dmk_test_unthrottle (NULL);
      t = dmk_result_find (r, &spec, DMK_DIRECTION_READ);
      g_assert_nonnull (t);
      g_assert_cmpuint (t->passes->len, ==, 2);
      first = &g_array_index (t->passes, DmkPass, 0);
      second = &g_array_index (t->passes, DmkPass, 1);
      g_test_message ("%s at a %.0f MB/s cap: read %.1f MB/s (%+.2f %%), re-read %.1f MB/s",
                      buffered ? "buffered" : "direct", cap / 1e6, first->mb_per_s,
                      100.0 * (first->mb_per_s * 1e6 - cap) / cap, second->mb_per_s);
      /* Each pass is the whole test size once: no more, no less. */
      g_assert_cmpuint (first->bytes, ==, s.size_bytes);
      g_assert_cmpuint (second->bytes, ==, s.size_bytes);
      /* A bounded pass of 5 s: blk-throttle's 100 ms slices are within ±2 %. */
      g_assert_cmpfloat (off_by (first->mb_per_s * 1e6, (double) cap), <=, 0.03);
      for (guint i = 0; i < r->warnings->len; i++)
        flagged |= strstr (g_ptr_array_index (r->warnings, i), "second pass over the same data")
                   != NULL;
      if (buffered)
        g_assert_cmpfloat (second->mb_per_s * 1e6, >, 3.0 * cap);
      else
        g_assert_cmpfloat (off_by (second->mb_per_s * 1e6, (double) cap), <=, 0.03);
      g_assert_true (flagged == (gboolean) buffered);
      /* The setting and both passes survive JSON; the text report says both. */
      json = dmk_result_to_json (r);
      back = dmk_result_from_json (json, -1, NULL);
      g_assert_nonnull (back);
      g_assert_true (back->settings.reread);
      text = dmk_result_to_text (back);
      g_assert_nonnull (strstr (text, ", re-read : "));
      dmk_result_unref (r);
      dmk_settings_clear (&s);
      if (g_getenv ("GDISKMARK_TEST_SANITIZED") != NULL)
        break;
    }
}

static GArray *
read_jobs (const char *const *names)
{
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (DmkJob));

  for (guint i = 0; names[i] != NULL; i++)
    {
      DmkJob job = { .direction = DMK_DIRECTION_READ };
      g_assert_true (dmk_test_spec_parse (names[i], &job.spec, NULL));
      g_array_append_val (jobs, job);
    }
  return jobs;
}

/* Out to a job file and back in: a stride is rw=read:GAP (the gap in bytes) and comes back the
 * same test; a backward test goes out forward, saying so, and comes back sequential. */
static void
test_fio_round_trip (void)
{
  const char *names[] = { "STR4K Q1T1 S17", "STR1M Q4T2 S3", "BWD1M Q1T1", NULL };
  g_autoptr (GArray) jobs = read_jobs (names);
  g_autoptr (DmkFioJob) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  DmkSettings s;

  dmk_settings_init_default (&s);
  text = dmk_fio_job_export (&s, jobs, "/tmp", &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "\nrw=read:64k\nbs=4k\n"));
  g_assert_nonnull (strstr (text, "\nrw=read:2m\nbs=1m\n"));
  g_assert_nonnull (strstr (text, "fio cannot,\n; so this job runs forward"));
  back = dmk_fio_job_parse (text, -1, "export.fio", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->jobs->len, ==, 3);
  for (guint i = 0; i < 2; i++)
    g_assert_true (dmk_test_spec_equal (&g_array_index (jobs, DmkJob, i).spec,
                                        &g_array_index (back->jobs, DmkJob, i).spec));
  g_assert_cmpint (g_array_index (back->jobs, DmkJob, 2).spec.pattern, ==,
                   DMK_PATTERN_SEQUENTIAL);
  dmk_settings_clear (&s);

  /* A gap that is not whole blocks is no GDiskMark test: refused, by line. */
  g_clear_pointer (&back, dmk_fio_job_free);
  back = dmk_fio_job_parse ("[a]\nrw=read:1000\nbs=4k\n", -1, "gap.fio", &error);
  g_assert_null (back);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "gap.fio:2"));
  g_clear_error (&error);
  back = dmk_fio_job_parse ("[a]\nrw=randread:8k\n", -1, "gap.fio", &error);
  g_assert_null (back);
  g_assert_nonnull (error);
}

/* The real fio runs the exported stride job on the capped device and meets the cap as
 * GDiskMark does. */
static void
test_fio_runs_stride (DmkTestLoopFixture *f, gconstpointer size)
{
  const char *names[] = { "STR64K Q1T1 S17", NULL };
  const char *fio_version[] = { "fio", "--version", NULL };
  g_autoptr (GArray) jobs = read_jobs (names);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL, *dir = NULL, *file = NULL, *out = NULL, *version = NULL;
  JsonObject *job, *read;
  DmkSettings s;
  double fio_bw;

  if (dmk_test_run_tool (fio_version, &version) != 0)
    {
      g_test_skip ("fio is not installed (apt-get install fio)");
      return;
    }
  if (!f->ready)
    return;
  settings_for_cap (&s);
  text = dmk_fio_job_export (&s, jobs, dmk_test_loop, &error);
  g_assert_no_error (error);
  dir = g_dir_make_tmp ("gdiskmark-wt26i-XXXXXX", NULL);
  file = g_build_filename (dir, "stride.fio", NULL);
  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  g_assert_true (dmk_test_throttle (dmk_test_loop, "read_bps", 60000000));
  {
    const char *argv[] = { "fio", "--output-format=json", file, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  }
  dmk_test_unthrottle (NULL);
  g_unlink (file);
  g_rmdir (dir);
  g_assert_true (json_parser_load_from_data (parser, strchr (out, '{'), -1, &error));
  g_assert_no_error (error);
  job = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "jobs"),
    0);
  read = json_object_get_object_member (job, "read");
  fio_bw = json_object_get_double_member (read, "bw_bytes");
  g_test_message ("fio %s at a 60 MB/s cap: %.1f MB/s (%+.2f %%), %.0f IOPS",
                  json_object_get_string_member (job, "jobname"), fio_bw / 1e6,
                  100.0 * (fio_bw - 6e7) / 6e7, json_object_get_double_member (read, "iops"));
  g_assert_cmpfloat (off_by (fio_bw, 6e7), <=, 0.02);
  dmk_settings_clear (&s);
}

/* gdiskmark-cli iozone on a throttled device: the tables' shape is the bounds asked for, the
 * operations are those asked for, and every cell is measured on the device, not a cache. */
static void
test_cli_sweep (DmkTestLoopFixture *fixture, gconstpointer size)
{
  const char *cli = g_getenv ("GDISKMARK_CLI");
  const double cap = 100e6;
  g_autofree char *text = NULL, *csv = NULL;
  g_auto (GStrv) lines = NULL;
  guint n_cells = 0;

  if (!fixture->ready)
    return;
  g_assert_true (dmk_test_throttle (dmk_test_loop, "read_bps", (guint64) cap));
  {
    const char *argv[] = { cli, "iozone", "--min-file=16MiB", "--max-file=32MiB",
                           "--min-record=256K", "--max-record=1M",
                           "--ops=read,reread,backward,stride", "--engine=libaio", "--quiet",
                           dmk_test_loop, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &text), ==, 0);
  }
  {
    const char *argv[] = { cli, "iozone", "--min-file=16MiB", "--max-file=16MiB",
                           "--min-record=1M", "--max-record=1M", "--ops=stride,backward",
                           "--engine=libaio", "--format=csv", "--quiet", dmk_test_loop, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &csv), ==, 0);
  }
  dmk_test_unthrottle (NULL);
  g_test_message ("%s%s", text, csv);
  g_assert_nonnull (strstr (text, "\nread (Reader report)\n       KiB        256        512"
                                  "       1024\n     16384 "));
  g_assert_nonnull (strstr (text, "\n     32768 "));
  g_assert_nonnull (strstr (text, "(Re-Reader report)"));
  g_assert_nonnull (strstr (text, "(Backward read report)"));
  g_assert_nonnull (strstr (text, "(Stride read report)"));
  g_assert_null (strstr (text, "Writer report"));
  lines = g_strsplit (csv, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "operation,file_bytes,record_bytes,mb_per_s");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
      double v;

      g_assert_cmpuint (g_strv_length (f), ==, 4);
      g_assert_true (strcmp (f[0], "stride") == 0 || strcmp (f[0], "backward") == 0);
      g_assert_cmpstr (f[1], ==, "16777216");
      g_assert_cmpstr (f[2], ==, "1048576");
      v = g_ascii_strtod (f[3], NULL);
      g_assert_cmpfloat (v, >, 0);
      /* Direct I/O at the device's cap, not a cache's speed (thousands of MB/s): a pass of
       * 16 MiB is short against blk-throttle's slices, whose first after idle runs ahead (up to
       * 2.96 × the cap seen), so only the order of magnitude is asserted here; the rates to 2 %
       * are /iozone/known-rate's. */
      g_assert_cmpfloat (v * 1e6, <, 5 * cap);
      n_cells++;
    }
  g_assert_cmpuint (n_cells, ==, 2);
}

/* Sectors written to dev so far (/sys/block/NAME/stat's seventh field). */
static guint64
sectors_written (const char *dev)
{
  g_autofree char *path = g_strdup_printf ("/sys/block/%s/stat", strrchr (dev, '/') + 1);
  g_autofree char *text = NULL;
  guint64 f[7];

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpint (sscanf (text, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                                 " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                                 " %" G_GUINT64_FORMAT,
                           &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6]),
                   ==, 7);
  return f[6];
}

static double
cell_of (JsonArray *ops, const char *name)
{
  for (guint i = 0; i < json_array_get_length (ops); i++)
    {
      JsonObject *op = json_array_get_object_element (ops, i);
      JsonArray *cells = json_object_get_array_member (op, "cells");

      if (strcmp (json_object_get_string_member (op, "name"), name) == 0)
        {
          g_assert_cmpuint (json_array_get_length (cells), ==, 1);
          return json_object_get_double_member (json_array_get_object_element (cells, 0),
                                                "mb_per_s");
        }
    }
  g_assert_not_reached ();
}

/* iozone's Writer writes a new file and its Re-writer the same file again: on ext4 over a loop
 * device whose writes the block throttle caps at 50 MB/s, a 256 MiB write,rewrite,record-rewrite
 * sweep writes the file's size four times (no layout first: the Writer, the Re-writer and the
 * record rewrite's two passes, of which iozone's is the first; a file written first would make
 * it five), and each runs at the cap within 5 %, the record rewrite (one record written again and
 * again) too. */
static void
test_writer_new_file (DmkTestLoopFixture *f, gconstpointer size)
{
  const char *cli = g_getenv ("GDISKMARK_CLI");
  const double cap = 50e6, file = 256 << 20;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  guint64 before;
  JsonArray *ops;
  double writer, rewriter, record, written;

  if (g_find_program_in_path ("mkfs.ext4") == NULL)
    {
      g_test_skip ("mkfs.ext4 is not installed (e2fsprogs)");
      return;
    }
  if (!f->ready)
    return;
  {
    const char *mkfs[] = { "mkfs.ext4", "-q", "-F", dmk_test_loop, NULL };
    g_assert_cmpint (dmk_test_run_tool (mkfs, NULL), ==, 0);
  }
  dmk_test_mount = g_dir_make_tmp ("gdiskmark-iozone-mnt-XXXXXX", NULL);
  g_assert_cmpint (mount (dmk_test_loop, dmk_test_mount, "ext4", 0, NULL), ==, 0);
  g_assert_true (dmk_test_throttle (dmk_test_loop, "write_bps", (guint64) cap));
  before = sectors_written (dmk_test_loop);
  {
    const char *argv[] = { cli, "iozone", "--min-file=256MiB", "--max-file=256MiB",
                           "--min-record=1M", "--max-record=1M",
                           "--ops=write,rewrite,record-rewrite",
                           "--engine=libaio", "--quiet", "--format=json", dmk_test_mount, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  }
  written = (double) (sectors_written (dmk_test_loop) - before) * 512;
  dmk_test_unthrottle (NULL);
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  ops = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                      "operations");
  writer = cell_of (ops, "write");
  rewriter = cell_of (ops, "rewrite");
  record = cell_of (ops, "record-rewrite");
  g_test_message ("ext4 at a %.0f MB/s write cap, 256 MiB, 1 MiB records: Writer %.1f MB/s "
                  "(%+.2f %%), Re-writer %.1f MB/s (%+.2f %%), record rewrite %.1f MB/s "
                  "(%+.2f %%); %.0f MiB reached the device",
                  cap / 1e6, writer, 100.0 * (writer * 1e6 - cap) / cap, rewriter,
                  100.0 * (rewriter * 1e6 - cap) / cap, record, 100.0 * (record * 1e6 - cap) / cap,
                  written / (1 << 20));
  g_assert_cmpfloat (written, >=, 4 * file);
  g_assert_cmpfloat (written, <, 4.25 * file);
  if (g_getenv ("GDISKMARK_TEST_SANITIZED") == NULL)
    {
      g_assert_cmpfloat (off_by (writer * 1e6, cap), <=, 0.05);
      g_assert_cmpfloat (off_by (rewriter * 1e6, cap), <=, 0.05);
      g_assert_cmpfloat (off_by (record * 1e6, cap), <=, 0.05);
    }
}

/* A re-write faster than its write is no cache's doing (the write allocated a new file's
 * blocks): no warning; a re-read as much faster is one's. */
static void
test_rewrite_not_cached (void)
{
  for (guint d = 0; d < 2; d++)
    {
      g_autoptr (DmkResult) r = dmk_result_new ();
      DmkTestResult *t;
      DmkTestSpec spec;
      DmkPass pass = { 0 };
      guint cached = 0;

      r->settings.reread = TRUE;
      g_assert_true (dmk_test_spec_parse ("SEQ1M Q1T1", &spec, NULL));
      t = dmk_test_result_new (&spec, d == 0 ? DMK_DIRECTION_WRITE : DMK_DIRECTION_READ);
      pass.mb_per_s = 100;
      dmk_test_result_add_pass_series (t, &pass, NULL, NULL);
      pass.mb_per_s = 200;
      dmk_test_result_add_pass_series (t, &pass, NULL, NULL);
      g_ptr_array_add (r->tests, t);
      dmk_plausibility_check_test (r, t, NULL);
      for (guint i = 0; i < r->warnings->len; i++)
        {
          const char *w = g_ptr_array_index (r->warnings, i);
          g_test_message ("%s", w);
          cached += strstr (w, "a cache answered it") != NULL;
        }
      g_assert_cmpuint (cached, ==, d == 0 ? 0 : 1);
    }
}

/* ---- /iozone/sweep-object: the sweep as the window runs it, on a real folder ---- */

typedef struct
{
  GMainLoop *loop;
  GCancellable *cancellable;
  DmkIozoneSweep *sweep;
  const char *dir;
  gboolean done, ok;
  GError *error;
  double last_fraction;
  guint n_filled, n_reports, files_seen;
  gint64 cancelled_at, ended_at;
  guint cancel_on_file; /* cancel at the first cell of this file size (G_MAXUINT: never) */
  guint dir_entries_max;
} SweepRun;

static guint
entries_in (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
on_sweep_progress (const DmkIozoneProgress *p, gpointer data)
{
  SweepRun *run = data;

  g_assert_cmpfloat (p->fraction, >=, run->last_fraction - 1e-9);
  g_assert_cmpfloat (p->fraction, <=, 1.0);
  g_assert_cmpuint (p->n_files, ==, dmk_iozone_sweep_get_table (run->sweep)->n_files);
  run->last_fraction = p->fraction;
  run->n_reports++;
  run->files_seen |= 1u << p->file;
  /* While it runs, the test file has no name: the folder looks empty. */
  run->dir_entries_max = MAX (run->dir_entries_max, entries_in (run->dir));
  if (p->filled)
    {
      run->n_filled++;
      if (p->file == run->cancel_on_file && run->cancelled_at == 0)
        {
          run->cancelled_at = g_get_monotonic_time ();
          g_cancellable_cancel (run->cancellable);
        }
    }
}

static void
on_sweep_done (GObject *source, GAsyncResult *res, gpointer data)
{
  SweepRun *run = data;

  run->ok = dmk_iozone_sweep_run_finish (DMK_IOZONE_SWEEP (source), res, &run->error);
  run->ended_at = g_get_monotonic_time ();
  run->done = TRUE;
  g_main_loop_quit (run->loop);
}

static DmkIozoneSweep *
run_sweep_on (const char *dir, guint cancel_on_file, SweepRun *run)
{
  const guint64 files[] = { 16 << 20, 32 << 20 };
  const guint32 records[] = { 1 << 20, 4 << 20 };
  guint mask = 0;
  DmkSettings s;

  g_assert_true (dmk_iozone_ops_parse ("write,rewrite,read,reread,random-read", &mask, NULL));
  memset (run, 0, sizeof *run);
  run->dir = dir;
  run->cancel_on_file = cancel_on_file;
  run->loop = g_main_loop_new (NULL, FALSE);
  run->cancellable = g_cancellable_new ();
  run->sweep = dmk_iozone_sweep_new (
    dmk_iozone_table_new (mask, files, G_N_ELEMENTS (files), records, G_N_ELEMENTS (records)));
  dmk_settings_init_default (&s);
  s.engine = DMK_ENGINE_PSYNC;
  dmk_iozone_sweep_set_progress_func (run->sweep, on_sweep_progress, run, NULL);
  g_assert_false (dmk_iozone_sweep_get_running (run->sweep));
  dmk_iozone_sweep_run_async (run->sweep, dir, &s, NULL, run->cancellable, on_sweep_done, run);
  g_assert_true (dmk_iozone_sweep_get_running (run->sweep));
  g_main_loop_run (run->loop);
  g_assert_false (dmk_iozone_sweep_get_running (run->sweep));
  dmk_settings_clear (&s);
  g_clear_object (&run->cancellable);
  g_clear_pointer (&run->loop, g_main_loop_unref);
  return run->sweep;
}

static void
test_sweep_object (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-sweep-XXXXXX", NULL);
  g_autoptr (DmkIozoneSweep) sweep = NULL, stopped = NULL;
  DmkIozoneTable *t;
  SweepRun run;

  g_assert_nonnull (dir);
  /* To the end: every cell that fits measured, the progress rising to 1. */
  sweep = run_sweep_on (dir, G_MAXUINT, &run);
  g_assert_no_error (run.error);
  g_assert_true (run.ok);
  t = dmk_iozone_sweep_get_table (sweep);
  g_assert_cmpuint (dmk_iozone_sweep_get_n_done (sweep), ==, 2);
  g_assert_cmpfloat (run.last_fraction, ==, 1.0);
  g_assert_cmpuint (run.files_seen, ==, 3);
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    for (guint f = 0; f < t->n_files; f++)
      for (guint r = 0; r < t->n_records; r++)
        {
          double v = *dmk_iozone_table_cell (t, op, f, r);
          if ((t->mask & (1u << op)) != 0)
            g_assert_cmpfloat (v, >, 0);
          else
            g_assert_true (isnan (v));
        }
  /* Cells were told as their tests ended: more than once a file size. */
  g_assert_cmpuint (run.n_filled, >, t->n_files);
  g_assert_cmpuint (run.dir_entries_max, ==, 0);
  g_assert_cmpuint (entries_in (dir), ==, 0);

  /* Cancelled at the second file size's first cell: it ends at once, the first row kept, the
   * second one's later cells never measured, and nothing left in the folder. */
  stopped = run_sweep_on (dir, 1, &run);
  g_assert_false (run.ok);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&run.error);
  g_test_message ("cancel to end: %.3f s", (run.ended_at - run.cancelled_at) / 1e6);
  g_assert_cmpint (run.ended_at - run.cancelled_at, <, G_USEC_PER_SEC);
  t = dmk_iozone_sweep_get_table (stopped);
  g_assert_cmpuint (dmk_iozone_sweep_get_n_done (stopped), ==, 1);
  g_assert_cmpfloat (*dmk_iozone_table_cell (t, DMK_IOZONE_READ, 0, 1), >, 0);
  g_assert_true (isnan (*dmk_iozone_table_cell (t, DMK_IOZONE_RANDOM_READ, 1, 1)));
  g_assert_cmpuint (entries_in (dir), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add_func ("/iozone/names", test_names);
  g_test_add_func ("/iozone/offsets", test_offsets);
  g_test_add_func ("/iozone/json", test_json);
  g_test_add ("/iozone/known-rate", DmkTestLoopFixture, GSIZE_TO_POINTER (256 << 20),
              dmk_test_loop_fixture_throttled, test_known_rate, dmk_test_loop_fixture_teardown);
  g_test_add ("/iozone/reread", DmkTestLoopFixture, GSIZE_TO_POINTER (256 << 20),
              dmk_test_loop_fixture_throttled, test_reread, dmk_test_loop_fixture_teardown);
  g_test_add ("/iozone/cli-sweep", DmkTestLoopFixture, GSIZE_TO_POINTER (256 << 20),
              dmk_test_loop_fixture_throttled, test_cli_sweep, dmk_test_loop_fixture_teardown);
  g_test_add_func ("/iozone/sweep-object", test_sweep_object);
  g_test_add ("/iozone/writer-new-file", DmkTestLoopFixture,
              GSIZE_TO_POINTER (640 << 20), dmk_test_loop_fixture_throttled,
              test_writer_new_file, dmk_test_loop_fixture_teardown);
  g_test_add_func ("/iozone/rewrite-not-cached", test_rewrite_not_cached);
  g_test_add_func ("/iozone/fio/round-trip", test_fio_round_trip);
  g_test_add ("/iozone/fio/runs-stride", DmkTestLoopFixture,
              GSIZE_TO_POINTER (256 << 20), dmk_test_loop_fixture_throttled,
              test_fio_runs_stride, dmk_test_loop_fixture_teardown);
  return g_test_run ();
}
