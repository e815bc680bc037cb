/* test-cli.c: gdiskmark-cli as users run it: output, exit codes, one-line errors, signals, memory. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"

#include "dmk-test-cli.h"

#define TINY "--size=16MiB", "--passes=1", "--time=1", "--interval=0"

static void
test_classic_text_and_memory (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-XXXXXX", NULL);
  const char *args[] = { TINY, "--comment=hello", dir, NULL };
  CliRun r = { 0 };

  run_cli (&r, args, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "* MB/s = 1,000,000 bytes/s"));
  g_assert_nonnull (strstr (r.out, "[Read]"));
  g_assert_nonnull (strstr (r.out, "[Write]"));
  g_assert_nonnull (strstr (r.out, "  SEQ    1MiB (Q=  1, T= 1): "));
  g_assert_nonnull (strstr (r.out, "  RND    4KiB (Q= 32, T= 1): "));
  g_assert_nonnull (strstr (r.out, "Comment: hello"));
  /* Not a terminal: no progress on stderr; only the result's warnings, if this machine earns
   * any (a virtio disk that says it rotates and reads 4 KiB from the host's cache at 15,000
   * IOPS does), each of them in the report too. */
  {
    g_auto (GStrv) lines = g_strsplit (r.err, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++)
      {
        g_autofree char *in_report = NULL;
        if (lines[i][0] == '\0')
          continue;
        g_assert_true (g_str_has_prefix (lines[i], "gdiskmark-cli: warning: "));
        in_report = g_strdup_printf ("Warning: %s\n", lines[i] + strlen ("gdiskmark-cli: warning: "));
        g_assert_nonnull (strstr (r.out, in_report));
      }
  }
  g_test_message ("peak RSS: %ld KiB", r.maxrss_kib);
  g_assert_cmpint (r.maxrss_kib, <, 64 * 1024);
  assert_dir_empty (dir);
  g_rmdir (dir);
  cli_run_clear (&r);
}

static void
test_json_output_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-XXXXXX", NULL);
  g_autofree char *outdir = g_dir_make_tmp ("dmk-cli-json-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (outdir, "r.json", NULL);
  g_autofree char *out_opt = g_strconcat ("--output=", out, NULL);
  const char *args[] = { TINY, "--json", "--mode=write", "--mix=60", "--test=RND4K Q32T16",
                         "--test=SEQ128K Q32T1", out_opt, dir, NULL };
  g_autoptr (DmkResult) result = NULL;
  g_autoptr (GError) error = NULL;
  CliRun r = { 0 };

  run_cli (&r, args, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, "");
  result = dmk_result_load (out, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result->settings.profile, ==, "custom");
  g_assert_cmpuint (result->settings.mix_read_percent, ==, 60);
  g_assert_cmpuint (result->tests->len, ==, 4); /* 2 tests × (write, mix) */
  g_assert_cmpuint (((DmkTestResult *) g_ptr_array_index (result->tests, 0))->spec.threads, ==,
                    16);
  assert_dir_empty (dir);
  g_unlink (out);

  /* Read mode never writes: --mix with it is refused, saying why, and nothing is written. */
  {
    const char *read_mix[] = { TINY, "--mode=read", "--mix", "--test=RND4K Q1T1", out_opt, dir,
                               NULL };

    cli_run_clear (&r);
    run_cli (&r, read_mix, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "--mix writes"));
    g_assert_nonnull (strstr (r.err, "--mode=read"));
    g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    assert_dir_empty (dir);
  }

  /* No --format: a .json output file gets JSON, which the window and compare read back. */
  {
    const char *auto_args[] = { TINY, "--mode=read", "--test=RND4K Q1T1", out_opt, dir, NULL };
    g_autoptr (DmkResult) again = NULL;

    cli_run_clear (&r);
    run_cli (&r, auto_args, NULL);
    g_assert_cmpint (r.status, ==, 0);
    again = dmk_result_load (out, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (again->tests->len, ==, 1);
  }
  g_unlink (out);
  g_rmdir (outdir);
  g_rmdir (dir);
  cli_run_clear (&r);
}

/* Starts the CLI on dir with a long measure time, waits until its test file is open, then
 * sends sig. Returns the exit status (128 + signal when killed). */
static int
interrupt_mid_run (const char *dir, int sig, const char *const *env_extra)
{
  g_autofree char *fd_dir = NULL, *open_link = NULL;
  int wstatus = 0;
  gboolean open_seen = FALSE, laid_out = FALSE;
  pid_t pid = fork ();

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int devnull = open ("/dev/null", O_WRONLY);
      dup2 (devnull, 1);
      dup2 (devnull, 2);
      for (guint i = 0; env_extra != NULL && env_extra[i] != NULL; i += 2)
        g_setenv (env_extra[i], env_extra[i + 1], TRUE);
      execl (cli_path, cli_path, "--size=64MiB", "--time=30", "--interval=0", dir, NULL);
      _exit (127);
    }
  fd_dir = g_strdup_printf ("/proc/%d/fd", pid);
  /* Wait (up to 30 s) for an open file inside dir: the test file, possibly nameless. */
  for (guint tries = 0; tries < 3000 && !open_seen; tries++)
    {
      g_autoptr (GDir) d = g_dir_open (fd_dir, 0, NULL);
      const char *name;

      while (d != NULL && (name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *link = g_build_filename (fd_dir, name, NULL);
          g_autofree char *target = g_file_read_link (link, NULL);
          if (target != NULL && g_str_has_prefix (target, dir) && target[strlen (dir)] == '/' &&
              !open_seen)
            {
              open_seen = TRUE;
              open_link = g_steal_pointer (&link);
            }
        }
      if (!open_seen)
        g_usleep (10000);
    }
  g_assert_true (open_seen);
  /* Wait (up to 30 s) until it is into layout or measuring: the file has its size (the
   * layout reserves it first, or grows it as it writes). */
  for (guint tries = 0; tries < 3000 && !laid_out; tries++)
    {
      struct stat st;

      laid_out = stat (open_link, &st) == 0 && st.st_size > 0;
      if (!laid_out)
        g_usleep (10000);
    }
  g_assert_true (laid_out);
  g_assert_cmpint (kill (pid, sig), ==, 0);
  g_assert_cmpint (waitpid (pid, &wstatus, 0), ==, pid);
  return WIFEXITED (wstatus) ? WEXITSTATUS (wstatus) : 128 + WTERMSIG (wstatus);
}

static void
test_sigint (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-XXXXXX", NULL);
  int status = interrupt_mid_run (dir, SIGINT, NULL);

  g_assert_cmpint (status, ==, 130);
  assert_dir_empty (dir);
  g_rmdir (dir);
}

static void
test_sigkill (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-XXXXXX", NULL);
  const char *named[] = { "GDISKMARK_TEST_NO_TMPFILE", "1", NULL };

  g_assert_cmpint (interrupt_mid_run (dir, SIGKILL, NULL), ==, 128 + SIGKILL);
  assert_dir_empty (dir);
  /* Without O_TMPFILE the named file was unlinked at once: nothing is left either. */
  g_assert_cmpint (interrupt_mid_run (dir, SIGKILL, named), ==, 128 + SIGKILL);
  assert_dir_empty (dir);
  g_rmdir (dir);
}


static void
test_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "nope", NULL);
  g_autofree char *file = g_build_filename (dir, "file.txt", NULL);

  {
    const char *a[] = { TINY, missing, NULL };
    expect_failure (a, 1, "does not exist");
  }
  g_assert_true (g_file_set_contents (file, "keep me", -1, NULL));
  {
    const char *a[] = { TINY, file, NULL };
    g_autofree char *contents = NULL;
    expect_failure (a, 1, "is a regular file");
    /* The file given by mistake is untouched. */
    g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
    g_assert_cmpstr (contents, ==, "keep me");
  }
  g_unlink (file);
  {
    const char *a[] = { "--passes=10", dir, NULL };
    expect_failure (a, 2, "Passes must be between 1 and 9");
  }
  {
    const char *a[] = { "--time=0", dir, NULL };
    expect_failure (a, 2, "Measure time");
  }
  {
    const char *a[] = { "devices", dir, NULL };
    expect_failure (a, 2, "devices takes no arguments");
  }
  {
    const char *a[] = { "devices", "--format=csv", NULL };
    expect_failure (a, 2, "Unknown format “csv”: choose text or json");
  }
  {
    const char *a[] = { "--interval=-1", dir, NULL };
    expect_failure (a, 2, "--interval cannot be negative");
  }
  {
    const char *a[] = { "--size=128GiB", dir, NULL };
    expect_failure (a, 2, "128 GiB");
  }
  {
    const char *a[] = { "--size=lots", dir, NULL };
    expect_failure (a, 2, "is not a size");
  }
  {
    const char *a[] = { "--mix=100", dir, NULL };
    expect_failure (a, 2, "--mix");
  }
  {
    const char *a[] = { "--profile=turbo", dir, NULL };
    expect_failure (a, 2, "turbo");
  }
  {
    const char *a[] = { "--test=RND4K", dir, NULL };
    expect_failure (a, 2, "RND4K");
  }
  {
    const char *a[] = { "--no-such-option", dir, NULL };
    expect_failure (a, 2, "--no-such-option");
  }
  {
    const char *a[] = { dir, dir, NULL };
    expect_failure (a, 2, "one target");
  }
  assert_dir_empty (dir);
  g_rmdir (dir);
}

/* The CLI copied where an unprivileged user can run it, whatever the build tree's modes. */
static char *
copy_cli_for_nobody (char **tmpdir)
{
  g_autofree char *contents = NULL;
  gsize len = 0;
  char *path;

  *tmpdir = g_dir_make_tmp ("dmk-cli-bin-XXXXXX", NULL);
  g_assert_cmpint (chmod (*tmpdir, 0755), ==, 0);
  path = g_build_filename (*tmpdir, "gdiskmark-cli", NULL);
  g_assert_true (g_file_get_contents (cli_path, &contents, &len, NULL));
  g_assert_true (g_file_set_contents_full (path, contents, (gssize) len,
                                           G_FILE_SET_CONTENTS_NONE, 0755, NULL));
  return path;
}

static void
test_unwritable_directory (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-XXXXXX", NULL);
  g_autofree char *bindir = NULL, *bin = NULL;
  const char *saved = cli_path;
  CliRun r = { 0 };

  g_assert_cmpint (chmod (dir, 0555), ==, 0);
  if (geteuid () == 0)
    {
      /* Root writes anywhere: run as nobody, as a user would meet this. */
      if (!g_file_test ("/usr/bin/setpriv", G_FILE_TEST_IS_EXECUTABLE))
        {
          g_test_skip ("setpriv (util-linux) is needed to drop root");
          g_rmdir (dir);
          return;
        }
      bin = copy_cli_for_nobody (&bindir);
      cli_path = "/usr/bin/setpriv";
      {
        const char *args[] = { "--reuid=65534", "--regid=65534", "--clear-groups", bin, TINY,
                               dir, NULL };
        run_cli (&r, args, NULL);
      }
      cli_path = saved;
      g_unlink (bin);
      g_rmdir (bindir);
    }
  else
    {
      const char *args[] = { TINY, dir, NULL };
      run_cli (&r, args, NULL);
    }
  g_test_message ("stderr: %s", r.err);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpuint (count_lines (r.err), ==, 1);
  /* The step that failed is named: the test file's creation. */
  g_assert_nonnull (strstr (r.err, "Creating a test file in"));
  g_assert_nonnull (strstr (r.err, "was refused"));
  g_assert_nonnull (strstr (r.err, "Permission denied"));
  assert_dir_empty (dir);
  chmod (dir, 0700);
  g_rmdir (dir);
  cli_run_clear (&r);
}

static void
test_errors_mounted (void)
{
  g_autofree char *dir = NULL;

  if (geteuid () != 0)
    {
      g_test_skip ("needs root to mount a small tmpfs and a ramfs");
      return;
    }
  dir = g_dir_make_tmp ("dmk-cli-mnt-XXXXXX", NULL);
  g_assert_cmpint (mount ("dmk-test", dir, "tmpfs", 0, "size=10m"), ==, 0);
  {
    const char *a[] = { TINY, dir, NULL };
    expect_failure (a, 1, "the test needs 16 MiB and only 10 MiB is free");
  }
  assert_dir_empty (dir);
  umount (dir);
  g_assert_cmpint (mount ("dmk-test", dir, "ramfs", 0, NULL), ==, 0);
  {
    const char *a[] = { TINY, dir, NULL };
    expect_failure (a, 1, "--buffered");
  }
  assert_dir_empty (dir);
  umount (dir);
  g_rmdir (dir);
}

static void
test_compare (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-cmp-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *b = g_build_filename (dir, "b.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "notes.json", NULL);
  g_autofree char *future = g_build_filename (dir, "future.json", NULL);
  g_autofree char *cut = g_build_filename (dir, "cut.json", NULL);
  g_autofree char *oa = g_strconcat ("--output=", a, NULL);
  g_autofree char *ob = g_strconcat ("--output=", b, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *workdir = g_dir_make_tmp ("dmk-cli-XXXXXX", NULL);
  CliRun r = { 0 };

  {
    const char *args[] = { TINY, "--format=json", "--mode=read", "--test=RND4K Q1T1", oa, workdir,
                           NULL };
    run_cli (&r, args, NULL);
    g_assert_cmpint (r.status, ==, 0);
    cli_run_clear (&r);
  }
  {
    const char *args[] = { TINY, "--json", "--mode=read", "--profile=real", ob, workdir, NULL };
    run_cli (&r, args, NULL);
    g_assert_cmpint (r.status, ==, 0);
    cli_run_clear (&r);
  }
  {
    const char *args[] = { "compare", a, b, NULL };
    run_cli (&r, args, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "RND4K Q1T1 Read"));
    g_assert_nonnull (strstr (r.out, "SEQ1M Q1T1 Read"));
    g_assert_nonnull (strstr (r.out, "—")); /* a has no SEQ1M test */
    cli_run_clear (&r);
  }
  {
    const char *args[] = { "compare", "--format=csv", "--unit=IOPS", "--baseline=2", a, b, NULL };
    run_cli (&r, args, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_str_has_prefix (r.out, "test,direction,"));
    g_assert_nonnull (strstr (r.out, "[IOPS]"));
    g_assert_nonnull (strstr (r.out, "[1] delta %"));
    cli_run_clear (&r);
  }
  /* Bad files: one line naming the file and the problem, exit 1. */
  g_assert_true (g_file_set_contents (bad, "{\"notes\": 1}", -1, NULL));
  g_assert_true (g_file_get_contents (a, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (cut, contents, (gssize) strlen (contents) / 2, NULL));
  {
    g_autoptr (GString) f = g_string_new (contents);
    g_string_replace (f, "gdiskmark-result/1", "gdiskmark-result/2", 1);
    g_assert_true (g_file_set_contents (future, f->str, -1, NULL));
  }
  {
    const char *args[] = { "compare", a, bad, NULL };
    expect_failure (args, 1, "“notes.json” is not a GDiskMark result (it has no “schema” key)");
  }
  {
    const char *args[] = { "compare", cut, NULL };
    expect_failure (args, 1, "“cut.json” is not a GDiskMark result (line ");
  }
  {
    const char *args[] = { "compare", future, a, NULL };
    expect_failure (args, 1,
                    "“future.json” was saved by a newer GDiskMark (schema “gdiskmark-result/2”): "
                    "update GDiskMark to open it");
  }
  {
    const char *args[] = { "compare", "--baseline=3", a, b, NULL };
    expect_failure (args, 2, "--baseline");
  }
  g_unlink (a);
  g_unlink (b);
  g_unlink (bad);
  g_unlink (cut);
  g_unlink (future);
  g_rmdir (dir);
  assert_dir_empty (workdir);
  g_rmdir (workdir);
}

/* Messages follow the user's language; the report stays in the C locale, so it stays parseable. */
static void
test_japanese (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-ja-XXXXXX", NULL);
  const char *env[] = { "LC_ALL", "ja_JP.UTF-8", "LANGUAGE", "ja", NULL };
  CliRun r = { 0 };

  /* Whether the locale is there, however it came (locale-gen's archive, or locales-all's own
   * folders, which have no archive): glibc says. */
  if (setlocale (LC_ALL, "ja_JP.UTF-8") == NULL)
    {
      setlocale (LC_ALL, "C.UTF-8");
      g_test_skip ("the ja_JP.UTF-8 locale is not there (package locales-all, or locales and "
                   "locale-gen)");
      g_rmdir (dir);
      return;
    }
  setlocale (LC_ALL, "C.UTF-8");
  {
    const char *args[] = { "--passes=12", dir, NULL };
    run_cli (&r, args, env);
    g_test_message ("stderr: %s", r.err);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "12"));
    g_assert_null (strstr (r.err, "Passes must be"));
    cli_run_clear (&r);
  }
  {
    const char *args[] = { TINY, "--mode=read", "--test=SEQ1M Q1T1", dir, NULL };
    run_cli (&r, args, env);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "* MB/s = 1,000,000 bytes/s"));
    g_assert_nonnull (strstr (r.out, "[Read]"));
    g_assert_nonnull (strstr (r.out, "Profile: Custom"));
    cli_run_clear (&r);
  }
  assert_dir_empty (dir);
  g_rmdir (dir);
}

/* --help lists exactly the core's profiles and its default, from the real binary. */
static void
test_help_profiles (void)
{
  const char *args[] = { "--help", NULL };
  const char *marker = "one of: ", *def_marker = " (default: ";
  CliRun r = { 0 };
  DmkSettings defaults;
  const char *line, *start, *end;
  g_autofree char *list = NULL, *def = NULL;
  g_auto (GStrv) listed = NULL;

  run_cli (&r, args, NULL);
  g_assert_cmpint (r.status, ==, 0);
  line = strstr (r.out, "--profile=NAME");
  g_assert_nonnull (line);
  start = strstr (line, marker);
  g_assert_nonnull (start);
  start += strlen (marker);
  end = strstr (start, def_marker);
  g_assert_nonnull (end);
  g_assert_null (memchr (start, '\n', (gsize) (end - start)));
  list = g_strndup (start, (gsize) (end - start));
  listed = g_strsplit (list, ", ", -1);
  g_assert_cmpstrv ((const char *const *) listed, dmk_profile_names ());

  end += strlen (def_marker);
  /* "(default: classic, CrystalDiskMark 3’s eight; …)": the name before the comma. */
  def = g_strndup (end, strcspn (end, ",)"));
  dmk_settings_init_default (&defaults);
  g_assert_cmpstr (def, ==, defaults.profile);
  g_assert_nonnull (dmk_profile_find (def));
  dmk_settings_clear (&defaults);
  cli_run_clear (&r);
}


int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("GDISKMARK_CLI");
  if (cli_path == NULL)
    {
      g_test_message ("GDISKMARK_CLI is not set");
      return 77;
    }
  g_test_add_func ("/cli/classic-text-memory", test_classic_text_and_memory);
  g_test_add_func ("/cli/json-output", test_json_output_file);
  g_test_add_func ("/cli/sigint", test_sigint);
  g_test_add_func ("/cli/sigkill", test_sigkill);
  g_test_add_func ("/cli/errors", test_errors);
  g_test_add_func ("/cli/unwritable", test_unwritable_directory);
  g_test_add_func ("/cli/errors-mounted", test_errors_mounted);
  g_test_add_func ("/cli/compare", test_compare);
  g_test_add_func ("/cli/help-profiles", test_help_profiles);
  g_test_add_func ("/cli/japanese", test_japanese);
  return g_test_run ();
}
