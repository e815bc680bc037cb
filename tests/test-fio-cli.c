/* test-fio-cli.c: gdiskmark-cli with fio job files: the example job and a job as people write it
 * run from the command line, and the corners of its options. */
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

/* ---- The CLI ---- */

static int
cli (const char *const *args, char **out, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  int status = 0;

  g_ptr_array_add (argv, (char *) g_getenv ("GDISKMARK_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out,
                               err, &status, NULL));
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
}

static void
test_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-fio-XXXXXX", NULL);
  g_autofree char *seed = example_job ();
  g_autofree char *small = g_build_filename (dir, "small.fio", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.fio", NULL);
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  g_autoptr (GRegex) size = g_regex_new ("size=1g", 0, 0, NULL);
  g_autofree char *small_text = NULL;

  if (g_getenv ("GDISKMARK_CLI") == NULL)
    {
      g_test_skip ("GDISKMARK_CLI is not set");
      return;
    }
  /* --print-fio-job runs nothing and prints what the core exports. */
  {
    const char *args[] = { "--print-fio-job", "-p", "nvme", "-s", "64MiB", "-t", "3", dir, NULL };
    g_assert_cmpint (cli (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "[SEQ1M-Q8T1-Read]\nstonewall\nrw=read\nbs=1m\niodepth=8\n"));
    g_assert_nonnull (strstr (out, "\nruntime=3\nramp_time=3\n"));
    g_assert_nonnull (strstr (out, "\nsize=64m\n"));
    g_assert_nonnull (strstr (out, "; fio --name=RND4K-Q1T1-Write "));
    {
      /* It ran nothing: the folder is as empty as before. */
      g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
      g_assert_null (g_dir_read_name (d));
    }
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  /* Seed 004's job, made small, runs as the classic eight and prints CrystalDiskMark's text. */
  g_assert_true (g_file_get_contents (seed, &text, NULL, NULL));
  small_text = g_regex_replace_literal (size, text, -1, 0, "size=16m", 0, NULL);
  g_assert_true (g_file_set_contents (small, small_text, -1, NULL));
  {
    const char *args[] = { "--job-file", small, "-t", "1", "-i", "0", "-q", dir, NULL };
    g_assert_cmpint (cli (args, &out, &err), ==, 0);
    g_test_message ("%s%s", out, err);
    g_assert_nonnull (strstr (out, "[Read]\n  SEQ    1MiB (Q=  1, T= 1):"));
    g_assert_nonnull (strstr (out, "[Write]\n  SEQ    1MiB (Q=  1, T= 1):"));
    g_assert_nonnull (strstr (out, "  RND    4KiB (Q= 32, T= 1):"));
    g_assert_nonnull (strstr (out, "Profile: Classic (CrystalDiskMark 3)"));
    g_assert_nonnull (strstr (out, "libaio, direct I/O"));
    g_assert_nonnull (strstr (err, "fio job: fio would end each job after its size"));
    /* The command line's folder was tested, not the job's /tmp: no word about /tmp. */
    g_assert_null (strstr (err, "GDiskMark tests in /tmp"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  /* Nothing left behind in the folder but the job file itself. */
  {
    g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name (d)) != NULL)
      g_assert_cmpstr (name, ==, "small.fio");
  }
  /* A bad job is a usage error naming the file, the line and the option. */
  g_assert_true (g_file_set_contents (bad, "[global]\nsize=16m\n\n[x]\nrw=read\nverify=md5\n", -1,
                                      NULL));
  {
    const char *args[] = { "--job-file", bad, dir, NULL };
    g_autofree char *want = g_strdup_printf ("%s:6: “verify=md5” is not supported: it reads back",
                                             bad);
    g_assert_cmpint (cli (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, want));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "--job-file", small, "-T", "SEQ1M Q1T1", dir, NULL };
    g_assert_cmpint (cli (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--job-file says which tests run"));
  }
  g_unlink (small);
  g_unlink (bad);
  g_rmdir (dir);
}

/* Issue 47 item 10: fio's tiobench example runs as it is (bsrange=4k-4k, timeout=60), its
 * runtime said to be a limit only; a job with options that change no I/O runs, and its result
 * names them. */
static void
test_cli_public (void)
{
  g_autofree char *dir = NULL, *wild = NULL;
  g_autofree char *tiobench = g_test_build_filename (G_TEST_DIST, "imports",
                                                     "tiobench-example.fio", NULL);
  g_autofree char *out = NULL, *err = NULL;

  if (g_getenv ("GDISKMARK_CLI") == NULL)
    {
      g_test_skip ("GDISKMARK_CLI is not set");
      return;
    }
  dir = g_dir_make_tmp ("gdiskmark-fio-XXXXXX", NULL);
  {
    const char *args[] = { "--job-file", tiobench, "-t", "1", "-i", "0", "--no-history", dir,
                           NULL };
    g_assert_cmpint (cli (args, &out, &err), ==, 0);
    g_test_message ("%s%s", out, err);
    g_assert_nonnull (strstr (out, "[Read]\n  SEQ    4KiB (Q=  1, T= 4):"));
    g_assert_nonnull (strstr (out, "  RND    4KiB (Q=  1, T= 4):"));
    g_assert_nonnull (strstr (out, "[Write]\n  SEQ    4KiB (Q=  1, T= 4):"));
    g_assert_nonnull (strstr (out, "psync, direct I/O"));
    g_assert_nonnull (strstr (out, "Measure 1 sec"));
    g_assert_nonnull (strstr (err, "fio job: runtime=60 without time_based only limits each job"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  wild = g_build_filename (dir, "wild.fio", NULL);
  g_assert_true (g_file_set_contents (wild, wild_job, -1, NULL));
  {
    const char *args[] = { "--job-file", wild, "-t", "1", "-i", "0", "--no-history", dir, NULL };
    g_assert_cmpint (cli (args, &out, &err), ==, 0);
    g_test_message ("%s%s", out, err);
    g_assert_nonnull (strstr (out, "  SEQ    1MiB (Q=  8, T= 1):"));
    g_assert_nonnull (strstr (out, "  RND    4KiB (Q= 32, T= 1):"));
    g_assert_nonnull (strstr (err, "fio job: GDiskMark runs the job without what changes only "
                                   "fio’s own reports, logs, clocks, random numbers or file "
                                   "layout, not the I/O: random_generator, clat_percentiles"));
  }
  g_unlink (wild);
  g_rmdir (dir);
}

/* Issue 23 item 13: --print-fio-job on a device without --allow-write-device exited 2; it prints
 * the read tests a run would do, and says so. With --job-file, an option the file already sets
 * was ignored without a word. */
static void
test_cli_corners (void)
{
  g_autofree char *dir = NULL, *seed = example_job ();
  g_autofree char *out = NULL, *err = NULL;

  if (g_getenv ("GDISKMARK_CLI") == NULL)
    {
      g_test_skip ("GDISKMARK_CLI is not set");
      return;
    }
  dir = g_dir_make_tmp ("gdiskmark-fio-XXXXXX", NULL);
  {
    /* crystaldiskmark.fio sets size=1g and runtime=60. */
    const char *args[] = { "--job-file", seed, "--print-fio-job", "-s", "64MiB", "-t", "3", "-n",
                           "2", dir, NULL };
    g_assert_cmpint (cli (args, &out, &err), ==, 0);
    g_test_message ("%s", err);
    g_assert_nonnull (strstr (err, "--size is not used:"));
    g_assert_nonnull (strstr (err, "sets size=; change it there"));
    g_assert_null (strstr (err, "--time is not used")); /* not time_based: --time is its pass */
    g_assert_null (strstr (err, "--passes is not used")); /* no loops= in the file */
    g_assert_nonnull (strstr (out, "\nsize=1g\n"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  g_rmdir (dir);
  if (!dmk_test_loop_setup (1))
    return;
  {
    const char *args[] = { "--print-fio-job", "-p", "classic", dmk_test_loop, NULL };
    g_assert_cmpint (cli (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (err, "writes need --allow-write-device"));
    g_assert_nonnull (strstr (out, "rw=read\n"));
    g_assert_nonnull (strstr (out, "rw=randread\n"));
    g_assert_null (strstr (out, "write\n"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    /* Nothing left to print: still a usage error. */
    const char *args[] = { "--print-fio-job", "-m", "write", dmk_test_loop, NULL };
    g_assert_cmpint (cli (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--allow-write-device"));
  }
  dmk_test_loop_cleanup ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add_func ("/fio/cli", test_cli);
  g_test_add_func ("/fio/cli-corners", test_cli_corners);
  g_test_add_func ("/fio/cli-public", test_cli_public);
  return g_test_run ();
}
