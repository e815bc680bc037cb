/* test-capacity.c: the capacity check finds a fake stick's real size and its wrapping addresses,
 * tells bad blocks and lost writes from a fake's capacity, passes a true device, fills and
 * verifies a folder leaving nothing, and writes only with consent. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-fuse.h"
#include "dmk-test-loop.h"

#define FAKE_SIZE ((guint64) 128 << 20)

typedef struct
{
  GMainLoop *loop;
  DmkCapacityReport *report;
  GError *error;
  guint progress_calls;
  gboolean saw_reading;
  GCancellable *cancel_on_progress;
} Run;

static void
on_progress (const DmkCapacityProgress *p, gpointer data)
{
  Run *run = data;

  g_assert_cmpfloat (p->fraction, >=, 0.0);
  g_assert_cmpfloat (p->fraction, <=, 1.0);
  run->progress_calls++;
  run->saw_reading |= p->phase == DMK_CAPACITY_READING;
  if (run->cancel_on_progress != NULL && p->done_bytes > 0)
    g_cancellable_cancel (run->cancel_on_progress);
}

static void
on_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Run *run = data;

  run->report = dmk_capacity_check_finish (res, &run->error);
  g_main_loop_quit (run->loop);
}

/* Runs the check on path to the end; the report, or NULL with run->error set. */
static DmkCapacityReport *
check (const char *path, gboolean allow_write, Run *run, GCancellable *cancellable)
{
  DmkDeviceIdentity consent;
  gboolean has_consent;
  DmkSettings s;

  dmk_settings_init_default (&s);
  s.allow_write_device = allow_write;
  /* The fake disks are loops over a FUSE file: the user says they know what that file is. */
  s.allow_stacked_loop = allow_write && g_strcmp0 (path, dmk_test_fuse_loop) == 0;
  /* The consent a user gives: to the device at path as it is now. */
  has_consent = allow_write && dmk_device_identity_read (path, &consent);
  run->loop = g_main_loop_new (NULL, FALSE);
  dmk_capacity_check_async (path, &s, has_consent ? &consent : NULL, NULL, on_progress, run,
                            cancellable, on_done, run);
  if (has_consent)
    dmk_device_identity_clear (&consent);
  g_main_loop_run (run->loop);
  g_clear_pointer (&run->loop, g_main_loop_unref);
  dmk_settings_clear (&s);
  return run->report;
}

/* A fake whose offsets past n wrap to the start: n found within one stamp block, whatever n. */
static void
check_wraps_at (guint64 n)
{
  g_autofree char *arg = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
  const char *options[] = { "--wrap", arg, NULL };
  g_autoptr (DmkCapacityReport) r = NULL;
  g_autofree char *text = NULL;
  Run run = { 0 };

  if (!dmk_test_fuse_setup (FAKE_SIZE, options))
    return;
  r = check (dmk_test_fuse_loop, TRUE, &run, NULL);
  g_assert_no_error (run.error);
  g_assert_false (dmk_capacity_report_passed (r));
  g_assert_cmpuint (r->claimed_bytes, ==, FAKE_SIZE);
  /* N within one stamp block, and the wrap seen where it is: N reads what was written at 0. */
  g_assert_cmpuint (r->usable_bytes, <=, n);
  g_assert_cmpuint (r->usable_bytes + DMK_STAMP_SIZE, >, n);
  g_assert_cmpuint (r->resolution_bytes, ==, DMK_STAMP_SIZE);
  g_assert_true (r->tally.wraps);
  g_assert_cmpuint (r->tally.wraps_at - r->tally.wraps_to, ==, n);
  g_assert_cmpuint (r->tally.first_bad, ==, r->usable_bytes);
  g_assert_cmpuint (run.progress_calls, >, 0);
  g_assert_true (run.saw_reading);
  g_assert_cmpint (dmk_capacity_report_verdict (r), ==, DMK_CAPACITY_VERDICT_FAKE_WRAPS);
  g_assert_cmpuint (r->bad_blocks + r->lost_writes, ==, 0);
  text = dmk_capacity_report_to_text (r);
  g_assert_true (g_str_has_prefix (text, "Fake capacity"));
  g_assert_nonnull (strstr (text, "addresses wrap"));
  g_assert_nonnull (strstr (text, "fake-capacity device"));
  dmk_test_fuse_cleanup ();
}

/* On a power of two, as a controller that drops high address bits. */
static void
test_wraps (void)
{
  check_wraps_at ((guint64) 64 << 20);
}

/* Anywhere else: 40 MiB and 3 blocks, off every grid of the first pass's multiples. */
static void
test_wraps_odd (void)
{
  check_wraps_at (((guint64) 40 << 20) + 3 * DMK_STAMP_SIZE);
}

/* Writes past N vanish (reads give zeros): a bad offset not on the first pass's grid is found
 * to the block by the passes that narrow it down. One flipped byte below N, at 8 MiB, is a bad
 * block of its own and not where the capacity ends. */
static void
test_drops (void)
{
  const guint64 n = ((guint64) 40 << 20) + 3 * DMK_STAMP_SIZE, flip = (guint64) 8 << 20;
  g_autofree char *arg = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
  g_autofree char *flip_arg = g_strdup_printf ("%" G_GUINT64_FORMAT, flip + 100);
  const char *options[] = { "--drop", arg, "--flip", flip_arg, NULL };
  g_autoptr (DmkCapacityReport) r = NULL;
  g_autofree char *summary = NULL, *real = NULL;
  Run run = { 0 };

  if (!dmk_test_fuse_setup (FAKE_SIZE, options))
    return;
  r = check (dmk_test_fuse_loop, TRUE, &run, NULL);
  g_assert_no_error (run.error);
  g_assert_false (dmk_capacity_report_passed (r));
  g_assert_cmpint (dmk_capacity_report_verdict (r), ==, DMK_CAPACITY_VERDICT_FAKE_LOSS);
  g_assert_cmpuint (r->usable_bytes, ==, n);
  g_assert_true (r->lost_tail);
  g_assert_true (r->tally.has_bad);
  g_assert_cmpuint (r->tally.first_bad, ==, flip);
  g_assert_false (r->tally.wraps);
  g_assert_cmpuint (r->resolution_bytes, ==, DMK_STAMP_SIZE);
  /* Every stamp past N is bad, and counted there; the flip is the one isolated defect. */
  g_assert_cmpuint (r->tail_stamps + 1, ==, r->tally.bad);
  g_assert_cmpuint (r->bad_blocks, ==, 1);
  g_assert_cmpuint (r->lost_writes, ==, 0);
  g_assert_cmpuint (g_array_index (r->defects, DmkCapacityDefect, 0).offset, ==, flip);
  summary = dmk_capacity_report_summary (r);
  real = dmk_format_size (n);
  g_test_message ("%s", summary);
  g_assert_true (g_str_has_prefix (summary, "Fake capacity"));
  g_assert_nonnull (strstr (summary, real));
  g_assert_nonnull (strstr (summary, "lost"));
  dmk_test_fuse_cleanup ();
}

/* The stamps of a 256 MiB device: 1 MiB apart (about three per square root of its 65536 blocks:
 * every block of the first and last 1 MiB, and every 256th between). */
#define SAMPLED_SIZE ((guint64) 256 << 20)
#define SAMPLED_SPACING ((guint64) 1 << 20)

/* The case: one flipped byte at 150 MiB of 256 MiB, 1 of 1021 stamps bad. One bad
 * block, where it is, and the whole device there: not a capacity limit. */
static void
test_one_bad_block (void)
{
  const guint64 at = (guint64) 150 << 20;
  g_autofree char *arg = g_strdup_printf ("%" G_GUINT64_FORMAT, at);
  const char *options[] = { "--flip", arg, NULL };
  g_autoptr (DmkCapacityReport) r = NULL;
  g_autofree char *summary = NULL, *text = NULL;
  Run run = { 0 };

  if (!dmk_test_fuse_setup (SAMPLED_SIZE, options))
    return;
  r = check (dmk_test_fuse_loop, TRUE, &run, NULL);
  g_assert_no_error (run.error);
  g_assert_false (dmk_capacity_report_passed (r));
  g_assert_cmpint (dmk_capacity_report_verdict (r), ==, DMK_CAPACITY_VERDICT_BAD_BLOCKS);
  g_assert_cmpuint (r->spacing_bytes, ==, SAMPLED_SPACING);
  g_assert_cmpuint (r->usable_bytes, ==, SAMPLED_SIZE);
  g_assert_false (r->lost_tail);
  g_assert_false (r->tally.wraps);
  g_assert_cmpuint (r->tally.bad, ==, 1);
  g_assert_cmpuint (r->bad_blocks, ==, 1);
  g_assert_cmpuint (r->lost_writes, ==, 0);
  g_assert_cmpuint (r->defects->len, ==, 1);
  g_assert_cmpuint (g_array_index (r->defects, DmkCapacityDefect, 0).offset, ==, at);
  summary = dmk_capacity_report_summary (r);
  text = dmk_capacity_report_to_text (r);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (summary, "1 bad block (at 150 MiB) among "));
  g_assert_nonnull (strstr (summary, "stamps 1 MiB apart; no capacity limit"));
  g_assert_null (strstr (text, "Only "));
  g_assert_nonnull (strstr (text, "Not a capacity limit"));
  g_assert_nonnull (strstr (text, "150 MiB (157286400)"));
  dmk_test_fuse_cleanup ();
}

/* Ten bad blocks scattered over 256 MiB, each on a stamp (whole MiBs), the flipped byte
 * anywhere in its block: the CLI's JSON counts ten, lists each block, and exits 3. */
static void
test_ten_bad_blocks_cli (void)
{
  static const guint mib[] = { 3, 17, 40, 64, 99, 128, 150, 187, 222, 249 };
  const char *cli = g_getenv ("GDISKMARK_CLI");
  g_autoptr (GPtrArray) options = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  JsonObject *o;
  JsonArray *defects;

  for (guint i = 0; i < G_N_ELEMENTS (mib); i++)
    {
      g_ptr_array_add (options, g_strdup ("--flip"));
      g_ptr_array_add (options, g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                 ((guint64) mib[i] << 20) + i * 409));
    }
  g_ptr_array_add (options, NULL);
  if (!dmk_test_fuse_setup (SAMPLED_SIZE, (const char *const *) options->pdata))
    return;
  {
    const char *argv[] = { cli, "capacity", "-q", "--json", "--allow-write-device",
                           "--allow-stacked-loop", dmk_test_fuse_loop, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 3);
  }
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  o = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (o, "verdict"), ==, "bad-blocks");
  g_assert_cmpint (json_object_get_int_member (o, "bad_blocks"), ==, G_N_ELEMENTS (mib));
  g_assert_cmpint (json_object_get_int_member (o, "lost_writes"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "stamps_bad"), ==, G_N_ELEMENTS (mib));
  g_assert_cmpint (json_object_get_int_member (o, "usable_bytes"), ==, SAMPLED_SIZE);
  g_assert_cmpint (json_object_get_int_member (o, "spacing_bytes"), ==, SAMPLED_SPACING);
  g_assert_false (json_object_get_boolean_member (o, "wraps"));
  g_assert_false (json_object_get_boolean_member (o, "lost_tail"));
  defects = json_object_get_array_member (o, "defects");
  g_assert_cmpuint (json_array_get_length (defects), ==, G_N_ELEMENTS (mib));
  for (guint i = 0; i < G_N_ELEMENTS (mib); i++)
    {
      JsonObject *d = json_array_get_object_element (defects, i);
      g_assert_cmpint (json_object_get_int_member (d, "offset"), ==, (gint64) mib[i] << 20);
      g_assert_cmpstr (json_object_get_string_member (d, "kind"), ==, "damaged");
    }
  dmk_test_fuse_cleanup ();
}

/* Three blocks whose writes vanish (they read as they were, zeros): lost writes, not bad
 * blocks, and no capacity limit. */
static void
test_lost_writes (void)
{
  static const guint mib[] = { 20, 77, 201 };
  g_autoptr (GPtrArray) options = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (DmkCapacityReport) r = NULL;
  g_autofree char *summary = NULL;
  Run run = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (mib); i++)
    {
      g_ptr_array_add (options, g_strdup ("--lose"));
      g_ptr_array_add (options, g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) mib[i] << 20));
    }
  g_ptr_array_add (options, NULL);
  if (!dmk_test_fuse_setup (SAMPLED_SIZE, (const char *const *) options->pdata))
    return;
  r = check (dmk_test_fuse_loop, TRUE, &run, NULL);
  g_assert_no_error (run.error);
  g_assert_cmpint (dmk_capacity_report_verdict (r), ==, DMK_CAPACITY_VERDICT_LOST_WRITES);
  g_assert_cmpuint (r->lost_writes, ==, G_N_ELEMENTS (mib));
  g_assert_cmpuint (r->bad_blocks, ==, 0);
  g_assert_cmpuint (r->usable_bytes, ==, SAMPLED_SIZE);
  for (guint i = 0; i < G_N_ELEMENTS (mib); i++)
    g_assert_cmpuint (g_array_index (r->defects, DmkCapacityDefect, i).offset, ==,
                      (guint64) mib[i] << 20);
  summary = dmk_capacity_report_summary (r);
  g_test_message ("%s", summary);
  g_assert_true (g_str_has_prefix (summary, "3 lost writes (the first at 20 MiB)"));
  dmk_test_fuse_cleanup ();
}

/* A true device passes, through the CLI, in JSON, exit status 0; without consent it is refused
 * (exit 2) and not one byte changes. */
static void
test_true_device_cli (DmkTestLoopFixture *f, gconstpointer size)
{
  const char *cli = g_getenv ("GDISKMARK_CLI");
  g_autofree char *before = NULL, *after = NULL, *out = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *o;

  if (!f->ready)
    return;
  before = dmk_test_loop_checksum ();
  {
    const char *argv[] = { cli, "capacity", "-q", dmk_test_loop, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, NULL), ==, 2);
  }
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);
  {
    const char *argv[] = { cli, "capacity", "-q", "--json", "--allow-write-device",
                           dmk_test_loop, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  }
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  o = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (o, "kind"), ==, "capacity");
  g_assert_true (json_object_get_boolean_member (o, "passed"));
  g_assert_false (json_object_get_boolean_member (o, "wraps"));
  g_assert_cmpint (json_object_get_int_member (o, "usable_bytes"), ==, DMK_TEST_IMAGE_SIZE);
  g_assert_cmpint (json_object_get_int_member (o, "stamps_bad"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "stamps_checked"), >, 0);
  g_assert_cmpstr (json_object_get_string_member (o, "verdict"), ==, "ok");
  g_assert_true (json_object_get_null_member (o, "first_bad_offset"));
  g_clear_pointer (&after, g_free);
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, !=, after); /* it did write */
}


static guint64
free_bytes (const char *dir)
{
  struct statvfs v;
  g_assert_cmpint (statvfs (dir, &v), ==, 0);
  return (guint64) v.f_bavail * v.f_frsize;
}

static guint64
fs_size (const char *dir)
{
  struct statvfs v;
  g_assert_cmpint (statvfs (dir, &v), ==, 0);
  return (guint64) v.f_blocks * v.f_frsize;
}

static gboolean
dir_is_empty (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  return dir != NULL && g_dir_read_name (dir) == NULL;
}

/* The small tmpfs of one folder test, mounted before it and gone after it. */
typedef struct
{
  gboolean ready;
} Tmpfs;

static void
tmpfs_set_up (Tmpfs *f, gconstpointer size)
{
  f->ready = dmk_test_tmpfs_setup (size);
}

static void
tmpfs_tear_down (Tmpfs *f, gconstpointer size)
{
  dmk_test_tmpfs_cleanup ();
}

/* A folder: its free space filled (all but the margin), read back, and given back whole. */
static void
test_folder (Tmpfs *f, gconstpointer size)
{
  g_autoptr (DmkCapacityReport) r = NULL;
  Run run = { 0 };
  guint64 free_before;

  if (!f->ready)
    return;
  free_before = free_bytes (dmk_test_tmpfs);
  r = check (dmk_test_tmpfs, FALSE, &run, NULL);
  g_assert_no_error (run.error);
  g_assert_true (dmk_capacity_report_passed (r));
  g_assert_cmpuint (r->target.kind, ==, DMK_TARGET_DIRECTORY);
  g_assert_cmpuint (r->written_bytes, ==, r->claimed_bytes);
  /* All but the margin (nobody else writes here: the rule's floor, a tenth of 48 MiB) and the
   * filesystem's allowance (4 MiB here), to a chunk. */
  g_assert_cmpuint (r->margin_bytes, ==, dmk_capacity_folder_margin (fs_size (dmk_test_tmpfs), 0));
  g_assert_cmpuint (r->margin_bytes, ==, ((guint64) 48 << 20) / 10);
  g_assert_cmpuint (r->written_bytes + r->margin_bytes, <=, free_before);
  g_assert_cmpuint (r->written_bytes + r->margin_bytes + ((guint64) 5 << 20), >=, free_before);
  g_assert_cmpuint (r->usable_bytes, ==, r->written_bytes);
  g_assert_cmpuint (r->tally.checked, ==, r->written_bytes / DMK_STAMP_SIZE);
  g_assert_true (run.saw_reading);
  g_assert_true (dir_is_empty (dmk_test_tmpfs));
  g_assert_cmpuint (free_bytes (dmk_test_tmpfs), ==, free_before);
}

/* A stop while writing ends the check at once with nothing left behind. */
static void
test_folder_cancel (Tmpfs *f, gconstpointer size)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Run run = { .cancel_on_progress = cancellable };
  guint64 free_before;

  if (!f->ready)
    return;
  free_before = free_bytes (dmk_test_tmpfs);
  g_assert_null (check (dmk_test_tmpfs, FALSE, &run, cancellable));
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&run.error);
  g_assert_true (dir_is_empty (dmk_test_tmpfs));
  g_assert_cmpuint (free_bytes (dmk_test_tmpfs), ==, free_before);
}

/* ---- the margin kept for other programs (issue 44, item 7) ---- */

typedef struct
{
  const char *dir;
  guint64 free_at_start;
  guint n_files, failures;
  int first_errno;
} OtherProgram;

/* Another program on the same filesystem: once the check has begun filling it, it saves
 * n_files files of 2 MiB, each written and synced; every failure (a full disk) is counted. */
static gpointer
other_program (gpointer data)
{
  OtherProgram *o = data;
  g_autofree char *block = g_malloc0 (2 << 20);

  while (free_bytes (o->dir) + ((guint64) 16 << 20) > o->free_at_start)
    g_usleep (20 * 1000);
  for (guint i = 0; i < o->n_files; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/other-%02u", o->dir, i);
      int fd = open (name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      gboolean ok = fd >= 0 && write (fd, block, 2 << 20) == 2 << 20 && fsync (fd) == 0;

      if (!ok && o->failures++ == 0)
        o->first_errno = errno;
      if (fd >= 0)
        close (fd);
    }
  return NULL;
}

/* A folder check on a filesystem (ext4 on a loop device capped at 20 MB/s, so that the check
 * takes seconds) while another program saves 80 MiB there: every one of that program's writes
 * succeeds; the check stops when the free space comes down to its margin, says why, and gives
 * the space back (it filled the disk's last megabytes before, and 1 write in 40 failed). */
static void
test_folder_keeps_margin (DmkTestLoopFixture *f, gconstpointer size)
{
  const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "capacity", "-q", NULL, NULL };
  const char *mkfs[] = { "mkfs.ext4", "-q", "-F", NULL, NULL };
  g_autoptr (GSubprocess) check = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *err = NULL;
  OtherProgram o = { .n_files = 40 };
  GThread *thread;
  guint n = 0;

  if (!f->ready)
    return;
  mkfs[3] = dmk_test_loop;
  g_assert_cmpint (dmk_test_run_tool (mkfs, NULL), ==, 0);
  dmk_test_mount = g_dir_make_tmp ("gdiskmark-margin-XXXXXX", NULL);
  g_assert_no_errno (mount (dmk_test_loop, dmk_test_mount, "ext4", 0, NULL));
  g_assert_true (dmk_test_throttle (dmk_test_loop, "write_bps", 20000000));
  o.dir = dmk_test_mount;
  o.free_at_start = free_bytes (dmk_test_mount);
  argv[3] = dmk_test_mount;
  check = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                             G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  thread = g_thread_new ("other program", other_program, &o);
  g_assert_true (g_subprocess_communicate_utf8 (check, NULL, NULL, NULL, &err, &error));
  g_assert_no_error (error);
  g_thread_join (thread);
  dmk_test_unthrottle (NULL);
  g_test_message ("check: exit %d: %s; the other program: %u of %u writes failed (%s)",
                  g_subprocess_get_exit_status (check), err, o.failures, o.n_files,
                  g_strerror (o.first_errno));
  g_assert_cmpuint (o.failures, ==, 0);
  g_assert_cmpint (g_subprocess_get_exit_status (check), ==, 1);
  g_assert_nonnull (strstr (err, "kept free for other programs"));
  /* Only the other program's files and ext4's own folder are left. */
  {
    g_autoptr (GDir) dir = g_dir_open (dmk_test_mount, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (dir)) != NULL)
      if (g_strcmp0 (name, "lost+found") != 0)
        {
          g_assert_true (g_str_has_prefix (name, "other-"));
          n++;
        }
  }
  g_assert_cmpuint (n, ==, o.n_files);
}

static void
cleanup_all (void)
{
  dmk_test_fuse_cleanup ();
  dmk_test_tmpfs_cleanup ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (cleanup_all);
  g_test_add_func ("/capacity/device/wraps", test_wraps);
  g_test_add_func ("/capacity/device/wraps-odd", test_wraps_odd);
  g_test_add_func ("/capacity/device/drops", test_drops);
  g_test_add_func ("/capacity/device/one-bad-block", test_one_bad_block);
  g_test_add_func ("/capacity/device/ten-bad-blocks-cli", test_ten_bad_blocks_cli);
  g_test_add_func ("/capacity/device/lost-writes", test_lost_writes);
  g_test_add ("/capacity/device/true-cli", DmkTestLoopFixture,
              GSIZE_TO_POINTER (DMK_TEST_IMAGE_SIZE), dmk_test_loop_fixture_sized,
              test_true_device_cli, dmk_test_loop_fixture_teardown);
  g_test_add ("/capacity/folder/fill", Tmpfs, "48m", tmpfs_set_up, test_folder, tmpfs_tear_down);
  g_test_add ("/capacity/folder/cancel", Tmpfs, "48m", tmpfs_set_up, test_folder_cancel,
              tmpfs_tear_down);
  g_test_add ("/capacity/folder/keeps-margin", DmkTestLoopFixture,
              GSIZE_TO_POINTER ((guint64) 256 << 20), dmk_test_loop_fixture_throttled,
              test_folder_keeps_margin, dmk_test_loop_fixture_teardown);
  return g_test_run ();
}
