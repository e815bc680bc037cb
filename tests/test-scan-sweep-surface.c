/* test-scan-sweep-surface.c: the block-size sweep and its CSV, and rate over position (the
 * surface scan), on a loop device and on a folder. */
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

/* ---- sweeps ---- */

static char *
python_csv_rows (const char *csv_path)
{
  const char *argv[] = { "/usr/bin/python3", "-c",
                         "import csv, sys\n"
                         "rows = list(csv.DictReader(open(sys.argv[1], newline='')))\n"
                         "print(','.join(rows[0].keys()))\n"
                         "for r in rows: print(r['block_bytes'], float(r['read_mb_per_s']))\n",
                         csv_path, NULL };
  char *out = NULL;

  if (!g_file_test (argv[0], G_FILE_TEST_IS_EXECUTABLE))
    return NULL;
  g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  return out;
}

static void
test_sweep_device (DmkTestLoopFixture *f, gconstpointer seed)
{
  g_autoptr (GArray) specs = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *sum_before = NULL, *sum_after = NULL;
  g_autofree char *csv_path = NULL;
  DmkSettings s;
  Run run = { 0 };

  if (!f->ready)
    return;
  sum_before = dmk_test_loop_checksum ();
  settings_for_scan (&s);
  s.mode = DMK_MODE_READ;
  s.size_bytes = 32 * MIB;
  specs = dmk_sweep_specs (DMK_PATTERN_SEQUENTIAL, 1, 1, 512, 1 << 20, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (specs->len, ==, 12);
  run_scan (&run, dmk_test_loop, &s, NULL, specs);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->kind, ==, DMK_KIND_SWEEP);
  /* Every size asked for, 512 B to 1 MiB, was measured. */
  g_assert_cmpuint (run.result->tests->len, ==, 12);
  for (guint i = 0; i < 12; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (run.result->tests, i);
      g_assert_cmpuint (t->spec.block_size, ==, 512u << i);
      g_assert_cmpint (t->direction, ==, DMK_DIRECTION_READ);
      g_assert_cmpfloat (t->mb_per_s, >, 0);
    }
  sum_after = dmk_test_loop_checksum ();
  g_assert_cmpstr (sum_before, ==, sum_after);

  /* The CSV opens with Python's csv module, with the documented header and a row per size. */
  {
    g_autofree char *csv = dmk_result_to_csv (run.result);
    g_autofree char *rows = NULL;
    g_auto (GStrv) lines = NULL;
    int fd = g_file_open_tmp ("gdiskmark-sweep-XXXXXX.csv", &csv_path, NULL);

    close (fd);
    g_assert_true (g_file_set_contents (csv_path, csv, -1, NULL));
    rows = python_csv_rows (csv_path);
    g_unlink (csv_path);
    if (rows == NULL)
      g_test_message ("/usr/bin/python3 is missing: the CSV was not read back");
    else
      {
        lines = g_strsplit (g_strstrip (rows), "\n", -1);
        g_assert_cmpstr (lines[0], ==,
                         "block_size,block_bytes,read_mb_per_s,read_iops,read_lat_mean_us,"
                         "read_lat_p50_us,read_lat_p99_us,read_lat_p99_9_us,write_mb_per_s,"
                         "write_iops,write_lat_mean_us,write_lat_p50_us,write_lat_p99_us,"
                         "write_lat_p99_9_us");
        g_assert_cmpuint (g_strv_length (lines), ==, 13);
        g_assert_true (g_str_has_prefix (lines[1], "512 "));
        g_assert_true (g_str_has_prefix (lines[12], "1048576 "));
      }
  }
  run_clear (&run);
  dmk_settings_clear (&s);
}

/* On a folder with 4 KiB direct-I/O alignment (tmpfs) the sizes below are left out, and said
 * so. */
static void
test_sweep_dir_alignment (void)
{
  g_autofree char *dir = NULL;
  g_autoptr (GArray) specs = dmk_sweep_specs (DMK_PATTERN_RANDOM, 4, 1, 512, 8192, NULL);
  gboolean said = FALSE;
  DmkSettings s;
  Run run = { 0 };

  if (!g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no /dev/shm: no folder with 4 KiB direct-I/O alignment to test in");
      return;
    }
  dir = g_build_filename ("/dev/shm", "gdiskmark-scan-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (dir));
  settings_for_scan (&s);
  s.size_bytes = DMK_SIZE_MIN;
  run_scan (&run, dir, &s, NULL, specs);
  g_assert_no_error (run.error);
  /* 4K and 8K, read and write; 512 B to 2 KiB left out. */
  g_assert_cmpuint (run.result->tests->len, ==, 4);
  for (guint i = 0; i < run.result->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (run.result->tests, i);
      g_assert_cmpuint (t->spec.block_size, >=, 4096);
      g_assert_cmpint (t->spec.pattern, ==, DMK_PATTERN_RANDOM);
      g_assert_cmpuint (t->spec.queue_depth, ==, 4);
    }
  for (guint i = 0; i < run.result->warnings->len; i++)
    said |= strstr (g_ptr_array_index (run.result->warnings, i), "were left out") != NULL;
  g_assert_true (said);
  assert_dir_empty (dir);
  g_rmdir (dir);
  run_clear (&run);
  dmk_settings_clear (&s);

  g_assert_null (dmk_sweep_specs (DMK_PATTERN_SEQUENTIAL, 1, 1, 768, 4096, NULL));
  g_assert_null (dmk_sweep_specs (DMK_PATTERN_SEQUENTIAL, 1, 1, 4096, 512, NULL));
  g_assert_null (dmk_sweep_specs (DMK_PATTERN_SEQUENTIAL, 1, 1, 256, 4096, NULL));
  g_assert_null (dmk_sweep_specs (DMK_PATTERN_SEQUENTIAL, 1, 1, 512, 128u << 20, NULL));
}

/* ---- rate over position ---- */

static void
check_surface (const DmkSurface *sf, guint samples, guint access)
{
  guint64 room;

  g_assert_cmpuint (sf->points->len, ==, samples);
  room = sf->span_bytes - sf->sample_bytes;
  /* From the first byte to the last: 0 % and 100 % of the span are both sampled. */
  g_assert_cmpuint (g_array_index (sf->points, DmkSurfacePoint, 0).offset, ==, 0);
  g_assert_cmpuint (g_array_index (sf->points, DmkSurfacePoint, samples - 1).offset +
                      sf->sample_bytes,
                    ==, sf->span_bytes);
  for (guint i = 0; i < samples; i++)
    {
      const DmkSurfacePoint *p = &g_array_index (sf->points, DmkSurfacePoint, i);
      double ideal = (double) room * i / (samples - 1);

      g_assert_cmpfloat (fabs ((double) p->offset - ideal), <=, sf->spec.block_size);
      g_assert_cmpuint (p->offset % sf->spec.block_size, ==, 0);
      g_assert_cmpuint (p->bytes, ==, sf->sample_bytes);
      g_assert_cmpfloat (p->seconds, >, 0);
    }
  g_assert_cmpuint (sf->access->len, ==, access);
  for (guint i = 0; i < sf->access->len; i++)
    {
      const DmkAccessPoint *a = &g_array_index (sf->access, DmkAccessPoint, i);
      g_assert_cmpuint (a->offset + sf->access_block, <=, sf->span_bytes);
      g_assert_cmpuint (a->offset % sf->access_block, ==, 0);
      g_assert_cmpfloat (a->latency_us, >, 0);
    }
  {
    double min, mean, max;
    g_assert_true (dmk_surface_summarize (sf, &min, &mean, &max));
    g_assert_cmpfloat (min, <=, mean);
    g_assert_cmpfloat (mean, <=, max);
  }
}

static void
test_surface_device (DmkTestLoopFixture *f, gconstpointer seed)
{
  g_autofree char *sum_before = NULL, *sum_after = NULL;
  g_autoptr (DmkResult) back = NULL;
  DmkSettings s;
  DmkScanOptions o;
  Run run = { 0 };

  if (!f->ready)
    return;
  sum_before = dmk_test_loop_checksum ();
  settings_for_scan (&s);
  dmk_scan_options_init (&o, DMK_KIND_SURFACE);
  o.samples = 25;
  o.sample_bytes = 1 * MIB;
  o.access_reads = 300;
  run_scan (&run, dmk_test_loop, &s, &o, NULL);
  g_assert_no_error (run.error);
  g_assert_cmpuint (run.result->surface->span_bytes, ==, DMK_TEST_IMAGE_SIZE);
  check_surface (run.result->surface, 25, 300);
  g_assert_cmpuint (run.n_measure, ==, 25);
  g_assert_cmpfloat (run.last_position, >, 0.95);
  back = json_round_trip (run.result);
  check_surface (back->surface, 25, 300);
  sum_after = dmk_test_loop_checksum ();
  g_assert_cmpstr (sum_before, ==, sum_after);
  run_clear (&run);

  /* Writing a device takes the same consent as the grid's write tests. */
  o.direction = DMK_DIRECTION_WRITE;
  run_scan (&run, dmk_test_loop, &s, &o, NULL);
  g_assert_error (run.error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED);
  g_free (sum_after);
  sum_after = dmk_test_loop_checksum ();
  g_assert_cmpstr (sum_before, ==, sum_after);
  run_clear (&run);
  dmk_settings_clear (&s);
}

static void
test_surface_dir (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-scan-XXXXXX", NULL);
  DmkSettings s;
  DmkScanOptions o;
  Run run = { 0 };

  settings_for_scan (&s);
  dmk_scan_options_init (&o, DMK_KIND_SURFACE);
  o.span_bytes = 32 * MIB;
  o.samples = 9;
  o.sample_bytes = 2 * MIB;
  o.access_reads = 50;
  run_scan (&run, dir, &s, &o, NULL);
  g_assert_no_error (run.error);
  g_assert_cmpuint (run.result->surface->span_bytes, ==, 32 * MIB);
  check_surface (run.result->surface, 9, 50);
  {
    g_autofree char *text = dmk_result_to_text (run.result);
    g_assert_nonnull (strstr (text, "[Rate over Position] SEQ1M Q1T1 Read, 9 samples of 2 MiB"));
    g_assert_nonnull (strstr (text, "Access time (50 random reads"));
  }
  assert_dir_empty (dir);
  run_clear (&run);

  /* A sample larger than the span cannot be placed. */
  o.sample_bytes = 64 * MIB;
  run_scan (&run, dir, &s, &o, NULL);
  g_assert_error (run.error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
  assert_dir_empty (dir);
  g_rmdir (dir);
  run_clear (&run);
  dmk_settings_clear (&s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add ("/scan/sweep/device", DmkTestLoopFixture, GUINT_TO_POINTER (7),
              dmk_test_loop_fixture_seeded, test_sweep_device, dmk_test_loop_fixture_teardown);
  g_test_add_func ("/scan/sweep/dir-alignment", test_sweep_dir_alignment);
  g_test_add ("/scan/surface/device", DmkTestLoopFixture, GUINT_TO_POINTER (11),
              dmk_test_loop_fixture_seeded, test_surface_device, dmk_test_loop_fixture_teardown);
  g_test_add_func ("/scan/surface/dir", test_surface_dir);
  return g_test_run ();
}
