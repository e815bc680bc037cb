/* test-blockdev.c: block-device targets on real loop devices: read runs, data safety, refusals. */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-loop.h"

static const char *cli_path;

static void
on_abort (int sig)
{
  dmk_test_loop_cleanup ();
  signal (sig, SIG_DFL);
  raise (sig);
}

static int
cli (const char *const *args, char **err_out)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  int wait_status = 0;

  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, err_out, &wait_status, &error));
  g_assert_no_error (error);
  g_test_message ("gdiskmark-cli … → %d, stderr: %s", wait_status, *err_out);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : 128 + WTERMSIG (wait_status);
}

/* gdiskmark-cli devices, as JSON and as text: the loop device is listed, as a loop device of
 * the image's size, and in use or not. Returns whether it is in use. */
static gboolean
listed_in_use (void)
{
  const char *json_argv[] = { cli_path, "devices", "--format=json", NULL };
  const char *text_argv[] = { cli_path, "devices", NULL };
  g_autofree char *json = NULL, *text = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *list;
  JsonObject *entry = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) json_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &json, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  list = json_node_get_array (json_parser_get_root (parser));
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *o = json_array_get_object_element (list, i);
      if (g_strcmp0 (json_object_get_string_member (o, "path"), dmk_test_loop) == 0)
        entry = o;
    }
  g_assert_nonnull (entry);
  g_assert_cmpstr (json_object_get_string_member (entry, "transport"), ==, "loop");
  g_assert_cmpint (json_object_get_int_member (entry, "size_bytes"), ==, DMK_TEST_IMAGE_SIZE);
  g_assert_false (json_object_get_boolean_member (entry, "partition"));

  g_assert_true (g_spawn_sync (NULL, (char **) text_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &text, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_str_has_prefix (text, "DEVICE"));
  {
    g_autofree char *line_start = g_strconcat ("\n", dmk_test_loop, " ", NULL);
    const char *line = strstr (text, line_start);
    g_autofree char *row = NULL;

    g_assert_nonnull (line);
    row = g_strndup (line + 1, strcspn (line + 1, "\n"));
    g_assert_nonnull (strstr (row, " loop "));
    g_assert_nonnull (strstr (row, json_object_get_boolean_member (entry, "in_use") ? "in use"
                                                                                     : "free"));
  }
  return json_object_get_boolean_member (entry, "in_use");
}

typedef struct
{
  GMainLoop *loop;
  DmkResult *result;
  GError *error;
} Run;

static void
on_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  Run *run = user_data;

  run->result = dmk_runner_run_finish (DMK_RUNNER (source), res, NULL, &run->error);
  g_main_loop_quit (run->loop);
}

#define TINY "--size=16MiB", "--passes=1", "--time=1", "--interval=0"

static void
test_loop_device (DmkTestLoopFixture *f, gconstpointer data)
{
  g_autofree char *before = NULL, *after = NULL;
  DmkSettings s;

  if (!f->ready)
    return;
  before = dmk_test_loop_checksum ();

  /* 1. A read run through the core. */
  {
    g_autoptr (DmkRunner) runner = dmk_runner_new ();
    g_autoptr (GArray) jobs = NULL;
    Run run = { g_main_loop_new (NULL, FALSE), NULL, NULL };

    dmk_settings_init_default (&s);
    s.size_bytes = DMK_SIZE_MIN;
    s.passes = 1;
    s.measure_s = 1;
    s.interval_s = 0;
    s.mode = DMK_MODE_READ;
    jobs = dmk_runner_plan (&s, NULL, NULL);
    dmk_runner_run_async (runner, dmk_test_loop, &s, jobs, NULL, NULL, on_done, &run);
    g_main_loop_run (run.loop);
    g_main_loop_unref (run.loop);
    g_assert_no_error (run.error);
    g_assert_cmpint (run.result->target.kind, ==, DMK_TARGET_BLOCK_DEVICE);
    g_assert_cmpuint (run.result->target.size_bytes, ==, DMK_TEST_IMAGE_SIZE);
    g_assert_nonnull (strstr (run.result->target.model, "Loop device"));
    g_assert_cmpuint (run.result->tests->len, ==, 4);
    for (guint i = 0; i < run.result->tests->len; i++)
      {
        DmkTestResult *t = g_ptr_array_index (run.result->tests, i);
        g_assert_cmpint (t->direction, ==, DMK_DIRECTION_READ);
        g_assert_cmpfloat (t->mb_per_s, >, 0);
      }
    dmk_result_unref (run.result);
    dmk_settings_clear (&s);
  }
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);

  /* 2. The CLI: read mode works and changes nothing. */
  {
    const char *args[] = { TINY, "--mode=read", dmk_test_loop, NULL };
    g_autofree char *err = NULL;
    g_assert_cmpint (cli (args, &err), ==, 0);
  }
  g_free (after);
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);

  /* 3. Writes without explicit consent are refused before the device is even opened. */
  {
    const char *args[] = { TINY, dmk_test_loop, NULL };
    g_autofree char *err = NULL;
    g_assert_cmpint (cli (args, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--allow-write-device"));
    g_assert_nonnull (strstr (err, dmk_test_loop));
  }
  {
    const char *args[] = { TINY, "--mode=read", "--mix", dmk_test_loop, NULL };
    g_autofree char *err = NULL;
    /* A mix test writes too: read mode refuses it before anything else. */
    g_assert_cmpint (cli (args, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--mix writes"));
  }
  g_free (after);
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);

  /* 4. Held open exclusively by someone else: refused even with consent. */
  {
    int held = open (dmk_test_loop, O_RDONLY | O_EXCL);
    const char *args[] = { TINY, "--mode=write", "--allow-write-device", dmk_test_loop, NULL };
    g_autofree char *err = NULL;

    g_assert_cmpint (held, >=, 0);
    g_assert_cmpint (cli (args, &err), ==, 1);
    g_assert_nonnull (strstr (err, "in use"));
    close (held);
  }
  g_free (after);
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);

  /* 5. Mounted: refused, naming the mount point. */
  if (g_find_program_in_path ("mkfs.ext4") != NULL)
    {
      const char *mkfs[] = { "mkfs.ext4", "-q", "-F", dmk_test_loop, NULL };
      const char *args[] = { TINY, "--mode=write", "--allow-write-device", dmk_test_loop, NULL };
      g_autofree char *err = NULL;

      g_assert_cmpint (dmk_test_run_tool (mkfs, NULL), ==, 0);
      g_assert_false (listed_in_use ());
      dmk_test_mount = g_dir_make_tmp ("dmk-blk-mnt-XXXXXX", NULL);
      g_assert_cmpint (mount (dmk_test_loop, dmk_test_mount, "ext4", 0, NULL), ==, 0);
      /* gdiskmark-cli devices says so before anyone tries. */
      g_assert_true (listed_in_use ());
      g_assert_cmpint (cli (args, &err), ==, 1);
      g_assert_nonnull (strstr (err, "is mounted at"));
      g_assert_nonnull (strstr (err, dmk_test_mount));
      g_assert_nonnull (strstr (err, "unmount it"));
      g_assert_cmpint (umount (dmk_test_mount), ==, 0);
      g_rmdir (dmk_test_mount);
      g_clear_pointer (&dmk_test_mount, g_free);
    }
  else
    g_test_message ("mkfs.ext4 missing: mounted-device check skipped");

  /* 6. With consent on an idle device, writes run. */
  {
    const char *args[] = { TINY, "--mode=write", "--allow-write-device", "--test=SEQ1M Q1T1",
                           dmk_test_loop, NULL };
    g_autofree char *err = NULL;
    g_assert_cmpint (cli (args, &err), ==, 0);
  }
}

/* One read run of one test on the loop device by the CLI, with a program of our own (argv, may be
 * NULL) started start_us after it, using the device too: the result's warning about others' I/O,
 * or NULL. */
static char *
others_warning (const char *const *other, gulong start_us)
{
  g_autofree char *out = g_build_filename (g_get_tmp_dir (), "gdiskmark-others.json", NULL);
  /* Alone, a second is enough; with another program, time for it to run within the pass. */
  const char *argv[] = { cli_path, "--size=16MiB", "--passes=1",
                         other != NULL ? "--time=3" : "--time=1", "--interval=0",
                         "--mode=read", "--test=SEQ1M Q1T1", "--format=json", "-q", "-o", out,
                         dmk_test_loop, NULL };
  g_autoptr (GSubprocess) run = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *warnings;
  char *found = NULL;

  g_unlink (out);
  run = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_NONE, &error);
  g_assert_no_error (error);
  if (other != NULL)
    {
      g_usleep (start_us);
      g_assert_cmpint (dmk_test_run_tool (other, NULL), ==, 0);
    }
  g_assert_true (g_subprocess_wait_check (run, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_file (parser, out, &error));
  g_assert_no_error (error);
  warnings = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                           "warnings");
  for (guint i = 0; i < json_array_get_length (warnings); i++)
    if (g_str_has_prefix (json_array_get_string_element (warnings, i), "Another program used "))
      found = g_strdup (json_array_get_string_element (warnings, i));
  g_unlink (out);
  return found;
}

/* The MiB in "… it read 32.0 MiB and wrote 16.0 MiB …" after word ("read", "wrote"). */
static double
mib_after (const char *text, const char *word)
{
  g_autofree char *pattern = g_strdup_printf ("%s ([0-9.]+) (KiB|MiB|GiB)", word);
  g_autoptr (GRegex) rx = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *n = NULL, *unit = NULL;

  g_assert_true (g_regex_match (rx, text, 0, &m));
  n = g_match_info_fetch (m, 1);
  unit = g_match_info_fetch (m, 2);
  return g_ascii_strtod (n, NULL) * (g_str_equal (unit, "KiB")   ? 1.0 / 1024
                                     : g_str_equal (unit, "GiB") ? 1024
                                                                 : 1);
}

/* Issue 49: another program's I/O on the tested device while a run goes on is said, with its
 * size (the device's counters less the run's own I/O); without one, nothing is said. */
static void
test_others_io (DmkTestLoopFixture *f, gconstpointer data)
{
  g_autofree char *if_arg = NULL, *of_arg = NULL;

  if (!f->ready)
    return;
  /* Alone, twenty times: never a word about others. */
  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *w = others_warning (NULL, 0);

      if (w != NULL)
        g_test_message ("run %u alone: %s", i, w);
      g_assert_null (w);
    }
  /* dd reads 32 MiB and writes 16 MiB of it (direct, so that all of it reaches the device)
   * while the run measures. */
  if_arg = g_strconcat ("if=", dmk_test_loop, NULL);
  of_arg = g_strconcat ("of=", dmk_test_loop, NULL);
  {
    const char *sh[] = { "sh", "-c",
                         "dd \"$1\" of=/dev/null bs=1M count=32 iflag=direct status=none && "
                         "dd if=/dev/zero \"$2\" bs=1M count=16 seek=32 oflag=direct "
                         "conv=notrunc status=none",
                         "sh", if_arg, of_arg, NULL };
    g_autofree char *w = others_warning (sh, 1500000);

    g_assert_nonnull (w);
    g_test_message ("with dd: %s", w);
    g_assert_cmpfloat (fabs (mib_after (w, "read") - 32), <=, 32 * 0.05);
    g_assert_cmpfloat (fabs (mib_after (w, "wrote") - 16), <=, 16 * 0.05);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("GDISKMARK_CLI");
  if (cli_path == NULL)
    return 77;
  signal (SIGABRT, on_abort);
  g_test_add ("/blockdev/loop", DmkTestLoopFixture, GUINT_TO_POINTER (1234),
              dmk_test_loop_fixture_seeded, test_loop_device, dmk_test_loop_fixture_teardown);
  g_test_add ("/blockdev/others-io", DmkTestLoopFixture, GUINT_TO_POINTER (4321),
              dmk_test_loop_fixture_seeded, test_others_io, dmk_test_loop_fixture_teardown);
  return g_test_run ();
}
