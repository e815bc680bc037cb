/* test-plausible.c: numbers that cannot be true. Links are read from a fake sysfs tree (a USB
 * stick at USB 2.0 and at USB 3.0, a SATA disk on a 3 Gb/s link, an NVMe drive at PCIe 3.0 x4, a
 * loop device with no link, and hostile trees), then from the real /sys of this machine; the
 * warnings a result gets go with it into its JSON and its text. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "dmk-chain-verdict.h"
#include "dmk-core.h"
#include "dmk-plausible.h"
#include "dmk-test-loop.h"

static char *root;

static void
put (const char *dir, const char *name, const char *text)
{
  g_autofree char *d = g_build_filename (root, dir, NULL);
  g_autofree char *f = g_build_filename (d, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (d, 0755), ==, 0);
  g_assert_true (g_file_set_contents (f, text, -1, NULL));
}

/* /sys/block/NAME → ../devices/…/block/NAME, as the kernel links it. */
static void
disk (const char *name, const char *device_dir)
{
  g_autofree char *blockdir = g_build_filename (root, "block", NULL);
  g_autofree char *target = g_build_filename (root, device_dir, "block", name, NULL);
  g_autofree char *link = g_build_filename (blockdir, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (blockdir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (target, 0755), ==, 0);
  g_assert_cmpint (symlink (target, link), ==, 0);
}

static void
build_tree (void)
{
  const char *usb2 = "devices/pci0000:00/0000:00:14.0/usb1/1-2";
  const char *usb3 = "devices/pci0000:00/0000:00:14.0/usb2/2-1";
  const char *sata = "devices/pci0000:00/0000:00:17.0/ata3/host2/target2:0:0/2:0:0:0";
  const char *nvme = "devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0";

  root = g_dir_make_tmp ("gdiskmark-sysfs-XXXXXX", NULL);
  /* Each bus's root hub tells its speed, as the kernel's does: a link is its device's and its
   * hub's. */
  put ("devices/pci0000:00/0000:00:14.0/usb1", "speed", "480\n");
  put ("devices/pci0000:00/0000:00:14.0/usb2", "speed", "5000\n");
  put (usb2, "speed", "480\n");
  put (usb2, "idVendor", "0781\n");
  disk ("sdb", "devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/host6/target6:0:0/6:0:0:0");
  put (usb3, "speed", "5000\n");
  put (usb3, "idVendor", "0bc2\n");
  disk ("sdc", "devices/pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/host7/target7:0:0/7:0:0:0");
  /* The xHCI controller's own PCIe link is faster than either. */
  put ("devices/pci0000:00/0000:00:14.0", "current_link_speed", "8.0 GT/s PCIe\n");
  put ("devices/pci0000:00/0000:00:14.0", "current_link_width", "1\n");
  disk ("sda", sata);
  put ("class/ata_link/link3", "sata_spd", "3.0 Gbps\n");
  put ("devices/pci0000:00/0000:00:1d.0/0000:3d:00.0", "current_link_speed", "8.0 GT/s PCIe\n");
  put ("devices/pci0000:00/0000:00:1d.0/0000:3d:00.0", "current_link_width", "4\n");
  put ("devices/pci0000:00/0000:00:1d.0", "current_link_speed", "16.0 GT/s PCIe\n");
  put ("devices/pci0000:00/0000:00:1d.0", "current_link_width", "4\n");
  disk ("nvme0n1", nvme);
  disk ("loop0", "devices/virtual");
  /* Hostile: a link out of the tree, and nonsense in the files. */
  {
    g_autofree char *blockdir = g_build_filename (root, "block", "evil", NULL);
    g_assert_cmpint (symlink ("/etc", blockdir), ==, 0);
  }
  put ("devices/pci0000:01/0000:01:00.0", "current_link_speed", "Unknown\n");
  put ("devices/pci0000:01/0000:01:00.0", "current_link_width", "banana\n");
  put ("devices/pci0000:01/0000:01:00.0/usb9/9-1", "speed", "-480\n");
  put ("devices/pci0000:01/0000:01:00.0/usb9/9-1", "idVendor", "dead\n");
  disk ("sdz", "devices/pci0000:01/0000:01:00.0/usb9/9-1/9-1:1.0/host9/target9:0:0/9:0:0:0");
}

static void
remove_tree (const char *path)
{
  const char *argv[] = { "rm", "-rf", path, NULL };
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                NULL);
}

typedef struct
{
  const char *disk;
  guint64 bytes_per_s; /* 0: no link */
  const char *what;
} Want;

static void
test_links (void)
{
  static const Want wants[] = {
    /* What the chain says of each link (dmk-chain.h): the verdict and this check agree. USB 2.0
     * is its bulk transfers' 53 MB/s, not the line's 60. */
    { "sdb", 53248000, "USB 2.0 (480 Mb/s)" },
    { "sdc", 500000000, "USB 3.0 (5 Gb/s)" },
    { "sda", 300000000, "SATA 3.0 Gb/s" },
    { "nvme0n1", 3938461538, "PCIe 3.0 x4" },
    { "loop0", 0, NULL },
    { "evil", 0, NULL },
    { "sdz", 0, NULL },
    { "nonexistent", 0, NULL },
    { "../../etc", 0, NULL },
  };

  build_tree ();
  for (guint i = 0; i < G_N_ELEMENTS (wants); i++)
    {
      DmkLink link;
      gboolean found = dmk_link_find (root, wants[i].disk, &link);

      g_test_message ("%s: %s, %" G_GUINT64_FORMAT " bytes/s", wants[i].disk,
                      link.what ? link.what : "(none)", link.bytes_per_s);
      g_assert_cmpint (found, ==, wants[i].bytes_per_s > 0);
      if (found)
        {
          g_assert_cmpfloat (fabs ((double) link.bytes_per_s - (double) wants[i].bytes_per_s), <,
                             1e-6 * (double) wants[i].bytes_per_s + 1);
          g_assert_cmpstr (link.what, ==, wants[i].what);
        }
      dmk_link_clear (&link);
    }
  remove_tree (root);
  g_clear_pointer (&root, g_free);
}

/* This machine's /sys, as the runner reads it: a loop device has no link. */
static void
test_real_sysfs (void)
{
  DmkLink link;

  g_assert_false (dmk_link_find ("/sys", "loop0", &link));
  g_assert_null (link.what);
  g_assert_cmpuint (dmk_sysinfo_ram_bytes (), >, 64u << 20);
}

static DmkTestResult *
add (DmkResult *r, const char *name, DmkDirection dir, double mb)
{
  DmkTestSpec spec;
  DmkTestResult *t;

  g_assert_true (dmk_test_spec_parse (name, &spec, NULL));
  t = dmk_test_result_new (&spec, dir);
  t->mb_per_s = mb;
  t->iops = mb * 1e6 / spec.block_size;
  g_ptr_array_add (r->tests, t);
  return t;
}

static gboolean
has_warning (DmkResult *r, const char *part)
{
  for (guint i = 0; i < r->warnings->len; i++)
    if (strstr (g_ptr_array_index (r->warnings, i), part) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_checks (void)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  DmkLink usb2 = { 60000000, g_strdup ("USB 2.0 (480 Mb/s)") };
  DmkTestResult *t;

  r->date = g_strdup ("2026-12-01T10:00:00+00");
  r->target.path = g_strdup ("/media/stick");
  /* 6 GB/s through USB 2.0: a cache (ntfs-3g's, the host's). */
  t = add (r, "SEQ1M Q8T1", DMK_DIRECTION_READ, 6000);
  dmk_plausibility_check_test (r, t, &usb2);
  g_assert_true (has_warning (r, "SEQ1M Q8T1 Read: 6000.0 MB/s is more than the USB 2.0 (480 "
                                 "Mb/s) link can carry (60 MB/s)"));
  /* 41 MB/s through it is possible: nothing said. */
  t = add (r, "SEQ1M Q1T1", DMK_DIRECTION_READ, 41);
  dmk_plausibility_check_test (r, t, &usb2);
  g_assert_cmpuint (r->warnings->len, ==, 1);
  /* A second look at the same test says it once. */
  dmk_plausibility_check_test (r, g_ptr_array_index (r->tests, 0), &usb2);
  g_assert_cmpuint (r->warnings->len, ==, 1);

  /* A rotating disk reading 4 KiB at random one at a time: 150 IOPS is physics, 5000 is not. */
  r->target.rotational = TRUE;
  t = add (r, "RND4K Q1T1", DMK_DIRECTION_READ, 150 * 4096 / 1e6);
  dmk_plausibility_check_test (r, t, NULL);
  g_assert_cmpuint (r->warnings->len, ==, 1);
  t = add (r, "RND4K Q1T1", DMK_DIRECTION_WRITE, 5000 * 4096 / 1e6);
  dmk_plausibility_check_test (r, t, NULL); /* writes land in the drive's cache: allowed */
  g_assert_cmpuint (r->warnings->len, ==, 1);
  t->direction = DMK_DIRECTION_READ;
  dmk_plausibility_check_test (r, t, NULL);
  g_assert_true (has_warning (r, "RND4K Q1T1 Read: 5000 IOPS one at a time"));

  /* Buffered and smaller than memory; device-mapper underneath. */
  r->settings.direct = FALSE;
  r->settings.size_bytes = (guint64) 1 << 30;
  dmk_plausibility_check_run (r, "dm-0", (guint64) 24 << 30);
  g_assert_true (has_warning (r, "Buffered I/O on a test size of 1 GiB, less than this "
                                 "machine’s 24 GiB"));
  g_assert_true (has_warning (r, "device-mapper (dm-0"));
  {
    g_autoptr (DmkResult) big = dmk_result_new ();
    big->settings.direct = FALSE;
    big->settings.size_bytes = (guint64) 64 << 30;
    dmk_plausibility_check_run (big, "sda", (guint64) 24 << 30);
    g_assert_cmpuint (big->warnings->len, ==, 0);
  }

  /* The warnings go with the result: its JSON and its text. */
  {
    g_autofree char *json = dmk_result_to_json (r);
    g_autoptr (DmkResult) back = dmk_result_from_json (json, -1, NULL);
    g_autofree char *text = NULL;

    g_assert_nonnull (back);
    g_assert_cmpuint (back->warnings->len, ==, r->warnings->len);
    text = dmk_result_to_text (back);
    g_assert_nonnull (strstr (text, "is more than the USB 2.0 (480 Mb/s) link can carry"));
  }
  dmk_link_clear (&usb2);
}

/* Gives t passes at these rates. */
static void
set_passes (DmkTestResult *t, const double *mb, guint n)
{
  if (t->passes == NULL)
    t->passes = g_array_new (FALSE, TRUE, sizeof (DmkPass));
  g_array_set_size (t->passes, 0);
  for (guint i = 0; i < n; i++)
    {
      DmkPass p = { .mb_per_s = mb[i], .seconds = 1.0 };

      g_array_append_val (t->passes, p);
    }
}

/* Which test a warning names, as the window marks cells and the comparison its rows. */
static void
test_warning_names_test (void)
{
  DmkTestSpec spec;
  DmkDirection dir = DMK_DIRECTION_READ;
  g_autofree char *name = NULL;

  g_assert_true (dmk_warning_names_test ("RND4K Q32T16 Write: the passes scatter", &spec, &dir));
  name = dmk_test_spec_to_name (&spec);
  g_assert_cmpstr (name, ==, "RND4K Q32T16");
  g_assert_cmpint (dir, ==, DMK_DIRECTION_WRITE);
  g_assert_true (dmk_warning_names_test ("SEQ1M Q8T1 Mix: x", NULL, &dir));
  g_assert_cmpint (dir, ==, DMK_DIRECTION_MIX);
  /* Chinese and Japanese write the full-width colon. */
  g_assert_true (dmk_warning_names_test ("SEQ1M Q8T1 Read：各轮结果: x", NULL, &dir));
  g_assert_cmpint (dir, ==, DMK_DIRECTION_READ);
  g_assert_true (dmk_warning_names_test ("SEQ1M Q8T1 Mix: x", NULL, &dir));
  g_assert_cmpint (dir, ==, DMK_DIRECTION_MIX);
  /* The whole run's: no test, no direction, or a sentence that only has a colon. */
  g_assert_false (dmk_warning_names_test ("The target is on tmpfs: memory", NULL, NULL));
  g_assert_false (dmk_warning_names_test ("SEQ1M Q8T1 Lesen: x", NULL, NULL));
  g_assert_false (dmk_warning_names_test ("SEQ1M Q8T1 Read - no colon", NULL, NULL));
  g_assert_false (dmk_warning_names_test ("Read: x", NULL, NULL));
  g_assert_false (dmk_warning_names_test ("", NULL, NULL));
}

/* The window's notes (issue 46): the passes' scatter about several tests is one note, the worst
 * first, after the other warnings in their order; one test's scatter stays as it is; the result
 * keeps every warning. */
static void
test_notes (void)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  g_autoptr (GPtrArray) notes = NULL;
  static const double steady[] = { 100, 100.5, 99.8 }, wide[] = { 100, 120, 80 },
                      wider[] = { 100, 150, 60 }, slight[] = { 100, 110, 100 };
  DmkTestResult *a, *b, *c, *d;
  const char *grouped;

  r->settings.passes = 3;
  a = add (r, "SEQ1M Q8T1", DMK_DIRECTION_READ, 120);
  b = add (r, "SEQ1M Q8T1", DMK_DIRECTION_WRITE, 150);
  c = add (r, "RND4K Q1T1", DMK_DIRECTION_READ, 100.5);
  d = add (r, "RND4K Q1T1", DMK_DIRECTION_WRITE, 110);
  set_passes (a, wide, 3);
  set_passes (b, wider, 3);
  set_passes (c, steady, 3);
  set_passes (d, slight, 3);
  g_ptr_array_add (r->warnings, g_strdup ("The target is on tmpfs: memory, not a disk."));
  /* One test's scatter: a note of its own, word for word. */
  dmk_plausibility_check_test (r, a, NULL);
  g_assert_cmpuint (r->warnings->len, ==, 2);
  notes = dmk_result_notes (r);
  g_assert_cmpuint (notes->len, ==, 2);
  g_assert_cmpstr (notes->pdata[1], ==, r->warnings->pdata[1]);
  g_clear_pointer (&notes, g_ptr_array_unref);

  dmk_plausibility_check_test (r, b, NULL);
  dmk_plausibility_check_test (r, c, NULL);
  g_ptr_array_add (r->warnings, g_strdup ("The engine io_uring was not available."));
  dmk_plausibility_check_test (r, d, NULL);
  /* tmpfs, a, b, engine, d: c's passes agree. */
  g_assert_cmpuint (r->warnings->len, ==, 5);
  notes = dmk_result_notes (r);
  for (guint i = 0; i < notes->len; i++)
    g_test_message ("note %u: %s", i, (char *) notes->pdata[i]);
  g_assert_cmpuint (notes->len, ==, 3);
  g_assert_cmpstr (notes->pdata[0], ==, "The target is on tmpfs: memory, not a disk.");
  g_assert_cmpstr (notes->pdata[1], ==, "The engine io_uring was not available.");
  grouped = notes->pdata[2];
  g_assert_true (g_str_has_prefix (grouped, "3 tests: the passes scatter by up to 43.6% "));
  /* Worst first, each with its own scatter. */
  g_assert_nonnull (strstr (grouped, "(relative standard deviation; SEQ1M Q8T1 Write 43.6%, "
                                     "SEQ1M Q8T1 Read 20.0%, RND4K Q1T1 Write 5.6%)"));
  g_assert_nonnull (strstr (grouped, "these scores are not ones to repeat"));
  g_assert_null (strstr (grouped, "RND4K Q1T1 Read"));
  /* The result itself keeps each warning, for its text and JSON. */
  g_assert_cmpuint (r->warnings->len, ==, 5);
  g_clear_pointer (&notes, g_ptr_array_unref);

  /* Saved in another language, with decimal commas: still the same three tests' scatter. */
  g_free (r->warnings->pdata[1]);
  r->warnings->pdata[1] = g_strdup ("SEQ1M Q8T1 Read: Die Durchgänge streuen um 20,0 % "
                                    "(80,0 bis 120,0 MB/s).");
  g_free (r->warnings->pdata[2]);
  r->warnings->pdata[2] = g_strdup ("SEQ1M Q8T1 Write: Die Durchgänge streuen um 43,6 % "
                                    "(60,0 bis 150,0 MB/s).");
  notes = dmk_result_notes (r);
  g_assert_cmpuint (notes->len, ==, 3);
  g_assert_true (g_str_has_prefix (notes->pdata[2], "3 tests: the passes scatter by up to 43.6%"));
  g_clear_pointer (&notes, g_ptr_array_unref);
  /* Another warning about a test with numbers of its own is not its scatter. */
  g_free (r->warnings->pdata[1]);
  r->warnings->pdata[1] = g_strdup ("SEQ1M Q8T1 Read: 120.0 MB/s is more than the link carries.");
  notes = dmk_result_notes (r);
  g_assert_cmpuint (notes->len, ==, 4);
  g_assert_cmpstr (notes->pdata[1], ==, r->warnings->pdata[1]);
  g_assert_true (g_str_has_prefix (notes->pdata[3], "2 tests: the passes scatter by up to 43.6%"));
}

/* A real run on a RAM-backed loop device that sysfs (a fake tree the runner is pointed at) says
 * hangs on USB 2.0: far faster than its 53 MB/s, so the result says it cannot be true. */
static void
test_run_on_fake_usb (DmkTestLoopFixture *f, gconstpointer seed)
{
  g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
  g_autofree char *name = NULL;
  DmkResult *r;
  DmkTestSpec spec;
  DmkSettings s;

  if (!f->ready)
    return;
  name = g_path_get_basename (dmk_test_loop);
  root = g_dir_make_tmp ("gdiskmark-sysfs-XXXXXX", NULL);
  put ("devices/pci0000:00/0000:00:14.0/usb1", "speed", "480\n");
  put ("devices/pci0000:00/0000:00:14.0/usb1/1-2", "speed", "480\n");
  put ("devices/pci0000:00/0000:00:14.0/usb1/1-2", "idVendor", "0781\n");
  disk (name, "devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/host6/target6:0:0/6:0:0:0");
  g_setenv ("GDISKMARK_SYSFS_ROOT", root, TRUE);
  dmk_settings_init_default (&s);
  s.mode = DMK_MODE_READ;
  s.size_bytes = DMK_TEST_IMAGE_SIZE;
  s.passes = 1;
  s.measure_s = 1;
  s.warmup_s = 0;
  s.interval_s = 0;
  g_assert_true (dmk_test_spec_parse ("SEQ1M Q8T1", &spec, NULL));
  g_array_append_val (specs, spec);
  r = dmk_test_run_to_end (dmk_test_loop, &s, specs, NULL, NULL);
  g_unsetenv ("GDISKMARK_SYSFS_ROOT");
  g_test_message ("SEQ1M Q8T1 read: %.1f MB/s",
                  ((DmkTestResult *) g_ptr_array_index (r->tests, 0))->mb_per_s);
  g_assert_cmpfloat (((DmkTestResult *) g_ptr_array_index (r->tests, 0))->mb_per_s, >, 63);
  g_assert_true (has_warning (r, "is more than the USB 2.0 (480 Mb/s) link can carry"));
  dmk_result_unref (r);
  dmk_settings_clear (&s);
  remove_tree (root);
  g_clear_pointer (&root, g_free);
}

typedef struct
{
  char *sensor;
  DmkResult *result;
} TempRun;

static void
set_temp (const char *sensor, const char *milli)
{
  g_assert_true (g_file_set_contents (sensor, milli, -1, NULL));
}

/* The drive warms up while it is measured and cools a little after: the sensor file follows
 * the run's progress. */
static void
on_temp_progress (const DmkProgress *p, gpointer data)
{
  TempRun *run = data;

  /* Progress reaches this thread a moment after the runner posts it: the 2 s pass and the 2 s
   * rest between the tests leave it the time. */
  if (p->phase == DMK_PHASE_MEASURE && p->test_index == 0)
    set_temp (run->sensor, "52000\n");
  else if (p->phase == DMK_PHASE_INTERVAL)
    set_temp (run->sensor, "45000\n");
}

/* Every interval of a series carries a reading, and each is one the sensor gave. */
static void
check_series_temperatures (const GArray *series, double lo, double hi)
{
  g_assert_nonnull (series);
  g_assert_cmpuint (series->len, >, 0);
  for (guint i = 0; i < series->len; i++)
    {
      const DmkSample *x = &g_array_index (series, DmkSample, i);

      g_assert_true (x->has_celsius);
      g_assert_cmpfloat (x->celsius, >=, lo);
      g_assert_cmpfloat (x->celsius, <=, hi);
    }
}

static void
on_scan_done (GObject *source, GAsyncResult *res, gpointer data)
{
  GError *error = NULL;

  *(DmkResult **) data = dmk_sustained_run_finish (DMK_RUNNER (source), res, NULL, &error);
  g_assert_no_error (error);
}

/* A sustained write on the same drive, now at 61 °C: its series and its CSV carry the
 * temperature, and the JSON keeps it. */
static void
check_sustained_temperature (const char *sensor, const DmkSettings *grid_settings)
{
  g_autoptr (DmkRunner) runner = dmk_runner_new ();
  g_autoptr (DmkResult) back = NULL;
  g_autofree char *csv = NULL, *json = NULL;
  g_auto (GStrv) lines = NULL;
  DmkResult *r = NULL;
  DmkScanOptions o;
  DmkSettings s;

  set_temp (sensor, "61000\n");
  dmk_settings_copy (&s, grid_settings);
  s.allow_write_device = TRUE;
  dmk_scan_options_init (&o, DMK_KIND_SUSTAINED);
  o.span = DMK_SPAN_DEVICE;
  dmk_test_consent (runner, dmk_test_loop, &s);
  dmk_sustained_run_async (runner, dmk_test_loop, &s, &o, "", NULL, on_scan_done, &r);
  while (r == NULL)
    g_main_context_iteration (NULL, TRUE);
  dmk_settings_clear (&s);
  g_assert_true (r->temperature.known);
  g_assert_cmpfloat (r->temperature.before_c, ==, 61.0);
  check_series_temperatures (r->sustained->series, 61, 61);
  csv = dmk_result_to_csv (r);
  lines = g_strsplit (csv, "\r\n", 3);
  g_assert_cmpstr (lines[0], ==, "end_s,bytes_written,mb_per_s,iops,lat_mean_us,celsius");
  g_assert_true (g_str_has_suffix (lines[1], ",61.0"));
  json = dmk_result_to_json (r);
  back = dmk_result_from_json (json, -1, NULL);
  g_assert_nonnull (back);
  g_assert_cmpuint (back->sustained->series->len, ==, r->sustained->series->len);
  check_series_temperatures (back->sustained->series, 61, 61);
  dmk_result_unref (r);
}

/* A drive with a hwmon sensor (faked under a sysfs tree the runner is pointed at): the result
 * keeps its temperature before, at the peak and after, in the report and the JSON, and every
 * interval of every pass its reading then. */
static void
test_temperature (DmkTestLoopFixture *f, gconstpointer seed)
{
  g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
  g_autofree char *name = NULL, *text = NULL, *json = NULL;
  g_autoptr (DmkResult) back = NULL;
  TempRun run = { 0 };
  DmkTestSpec spec;
  DmkSettings s;

  if (!f->ready)
    return;
  name = g_path_get_basename (dmk_test_loop);
  root = g_dir_make_tmp ("gdiskmark-sysfs-XXXXXX", NULL);
  disk (name, "devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0");
  {
    /* drivetemp's place: the disk's device/hwmon/hwmonN/temp1_input, in millidegrees. */
    g_autofree char *dev = g_strdup_printf ("block/%s/device/hwmon/hwmon4", name);
    put (dev, "temp1_input", "38000\n");
    /* Its own warning threshold, which the first test's 52 °C passes. */
    put (dev, "temp1_max", "50000\n");
    run.sensor = g_build_filename (root, dev, "temp1_input", NULL);
  }
  {
    g_autofree char *found = dmk_temperature_sensor (root, name);
    g_assert_cmpstr (found, ==, run.sensor);
  }
  g_setenv ("GDISKMARK_SYSFS_ROOT", root, TRUE);
  dmk_settings_init_default (&s);
  s.mode = DMK_MODE_READ;
  s.size_bytes = DMK_TEST_IMAGE_SIZE;
  s.passes = 1;
  s.measure_s = 2;
  s.warmup_s = 0;
  s.interval_s = 2;
  g_assert_true (dmk_test_spec_parse ("RND4K Q32T1", &spec, NULL));
  g_array_append_val (specs, spec);
  g_assert_true (dmk_test_spec_parse ("SEQ1M Q1T1", &spec, NULL));
  g_array_append_val (specs, spec);
  run.result = dmk_test_run_to_end (dmk_test_loop, &s, specs, on_temp_progress, &run);
  g_assert_true (run.result->temperature.known);
  g_assert_cmpfloat (run.result->temperature.before_c, ==, 38.0);
  g_assert_cmpfloat (run.result->temperature.peak_c, ==, 52.0);
  g_assert_cmpfloat (run.result->temperature.after_c, ==, 45.0);
  g_assert_cmpfloat (run.result->temperature.warning_c, ==, 50.0);
  {
    /* Past its warning temperature the drive slows itself: the verdict says so, once. */
    g_autoptr (GPtrArray) verdict = dmk_chain_verdict (run.result->chain, run.result);
    guint hot = 0;

    for (guint i = 0; i < verdict->len; i++)
      if (strstr (verdict->pdata[i], "reached 52 °C, at or above its own warning temperature "
                                     "(50 °C)") != NULL)
        hot++;
    g_assert_cmpuint (hot, ==, 1);
  }
  {
    DmkTestResult *first = g_ptr_array_index (run.result->tests, 0);
    DmkTestResult *second = g_ptr_array_index (run.result->tests, 1);
    const GArray *warming = g_ptr_array_index (first->series, 0);
    double hi = 0;

    /* The first test warms from 38 to 52 °C; the second runs at 45 °C throughout (the sensor
     * is read at its pass's first moment). */
    check_series_temperatures (warming, 38, 52);
    for (guint i = 0; i < warming->len; i++)
      hi = MAX (hi, g_array_index (warming, DmkSample, i).celsius);
    g_assert_cmpfloat (hi, ==, 52.0);
    check_series_temperatures (g_ptr_array_index (second->series, 0), 45, 45);
  }
  text = dmk_result_to_text (run.result);
  g_assert_nonnull (strstr (text, "   Temp: 38 °C before, 52 °C peak, 45 °C after "
                                  "(the drive warns at 50 °C)\n"));
  json = dmk_result_to_json (run.result);
  back = dmk_result_from_json (json, -1, NULL);
  g_assert_nonnull (back);
  g_assert_true (back->temperature.known);
  g_assert_cmpfloat (back->temperature.peak_c, ==, 52.0);
  g_assert_cmpfloat (back->temperature.warning_c, ==, 50.0);
  for (guint i = 0; i < back->tests->len; i++)
    {
      DmkTestResult *a = g_ptr_array_index (run.result->tests, i);
      DmkTestResult *b = g_ptr_array_index (back->tests, i);
      const GArray *sa = g_ptr_array_index (a->series, 0), *sb = g_ptr_array_index (b->series, 0);

      g_assert_cmpuint (sa->len, ==, sb->len);
      for (guint j = 0; j < sa->len; j++)
        g_assert_cmpfloat (g_array_index (sa, DmkSample, j).celsius, ==,
                           g_array_index (sb, DmkSample, j).celsius);
    }
  /* A file from a drive without a sensor has no such column, and still loads. */
  {
    g_autoptr (GRegex) re = g_regex_new (",\\s*\"celsius\" : \\[[^]]*\\]", 0, 0, NULL);
    g_autofree char *old = g_regex_replace_literal (re, json, -1, 0, "", 0, NULL);
    g_autoptr (DmkResult) r = dmk_result_from_json (old, -1, NULL);
    DmkTestResult *t;

    g_assert_null (strstr (old, "\"celsius\""));
    g_assert_nonnull (r);
    t = g_ptr_array_index (r->tests, 0);
    g_assert_false (g_array_index ((GArray *) g_ptr_array_index (t->series, 0), DmkSample, 0)
                      .has_celsius);
  }
  /* A damaged reading in a series, or a column of the wrong length, is refused by name. */
  {
    static const char *const bad_columns[] = { "\"celsius\" : [\n            999,",
                                               "\"celsius\" : [\n            \"hot\",",
                                               "\"celsius\" : [\n            1, 2, 3," };
    for (guint i = 0; i < G_N_ELEMENTS (bad_columns); i++)
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (GRegex) re = g_regex_new ("\"celsius\" : \\[\\s*[0-9.]+,", 0, 0, NULL);
        g_autofree char *bad = g_regex_replace_literal (re, json, -1, 0, bad_columns[i],
                                                        G_REGEX_MATCH_DEFAULT, NULL);
        g_autoptr (DmkResult) r = NULL;

        g_assert_cmpstr (bad, !=, json);
        r = dmk_result_from_json (bad, -1, &error);
        g_assert_null (r);
        g_test_message ("%s", error->message);
        g_assert_nonnull (strstr (error->message, "results[0].passes[0].series.celsius"));
      }
  }
  /* A drive without a sensor: nothing claimed. */
  {
    g_autoptr (DmkResult) none = dmk_result_new ();
    g_autofree char *none_json = dmk_result_to_json (none);
    g_assert_null (strstr (none_json, "temperature_c"));
  }
  /* A damaged temperature in a file is refused by name. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GRegex) re = g_regex_new ("\"peak\" : [0-9.]+", 0, 0, NULL);
    g_autofree char *bad = g_regex_replace_literal (re, json, -1, 0, "\"peak\" : 5000", 0, NULL);
    g_autoptr (DmkResult) r = dmk_result_from_json (bad, -1, &error);
    g_assert_null (r);
    g_assert_nonnull (strstr (error->message, "temperature_c.peak"));
  }
  check_sustained_temperature (run.sensor, &s);
  g_unsetenv ("GDISKMARK_SYSFS_ROOT");
  dmk_result_unref (run.result);
  g_free (run.sensor);
  dmk_settings_clear (&s);
  remove_tree (root);
  g_clear_pointer (&root, g_free);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add_func ("/plausible/links", test_links);
  g_test_add_func ("/plausible/real-sysfs", test_real_sysfs);
  g_test_add_func ("/plausible/checks", test_checks);
  g_test_add_func ("/plausible/warning-names-test", test_warning_names_test);
  g_test_add_func ("/plausible/notes", test_notes);
  g_test_add ("/plausible/run-on-fake-usb", DmkTestLoopFixture, GUINT_TO_POINTER (7),
              dmk_test_loop_fixture_seeded, test_run_on_fake_usb, dmk_test_loop_fixture_teardown);
  g_test_add ("/plausible/temperature", DmkTestLoopFixture, GUINT_TO_POINTER (9),
              dmk_test_loop_fixture_seeded, test_temperature, dmk_test_loop_fixture_teardown);
  return g_test_run ();
}
