/* dmk-test-cli.c: running gdiskmark-cli as a user does, for the CLI's tests. */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-test-cli.h"

const char *cli_path;
const char *cli_cwd; /* where run_cli runs the CLI; NULL: here */

void
cli_run_clear (CliRun *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
}

/* Runs the CLI with argv (NULL-terminated, without the program), capturing output and the
 * peak RSS from wait4. Pipes are drained to files so a large output cannot block. */
void
run_cli (CliRun *r, const char *const *args, const char *const *env_extra)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-out-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out", NULL);
  g_autofree char *err_path = g_build_filename (dir, "err", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_auto (GStrv) envp = g_get_environ ();
  struct rusage ru;
  int wstatus = 0;
  pid_t pid;

  /* Made before the fork: the child only execs (g_setenv there is neither thread-safe nor
   * quiet, and its debug line would land in the output). */
  for (guint i = 0; env_extra != NULL && env_extra[i] != NULL; i += 2)
    envp = g_environ_setenv (envp, env_extra[i], env_extra[i + 1], TRUE);
  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int o = open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      int e = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      dup2 (o, 1);
      dup2 (e, 2);
      if (cli_cwd != NULL && chdir (cli_cwd) != 0)
        _exit (127);
      execve (cli_path, (char **) argv->pdata, envp);
      _exit (127);
    }
  g_assert_cmpint (wait4 (pid, &wstatus, 0, &ru), ==, pid);
  r->status = WIFEXITED (wstatus) ? WEXITSTATUS (wstatus) : 128 + WTERMSIG (wstatus);
  r->maxrss_kib = ru.ru_maxrss;
  g_assert_true (g_file_get_contents (out_path, &r->out, NULL, NULL));
  g_assert_true (g_file_get_contents (err_path, &r->err, NULL, NULL));
  g_unlink (out_path);
  g_unlink (err_path);
  g_rmdir (dir);
}

void
assert_dir_empty (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  name = g_dir_read_name (d);
  g_assert_cmpstr (name, ==, NULL);
}

guint
count_lines (const char *s)
{
  guint n = 0;

  for (; *s; s++)
    n += *s == '\n';
  return n;
}

void
expect_failure (const char *const *args, int status, const char *needle)
{
  CliRun r = { 0 };

  run_cli (&r, args, NULL);
  g_test_message ("stderr: %s", r.err);
  g_assert_cmpint (r.status, ==, status);
  g_assert_cmpstr (r.out, ==, "");
  /* One clear line, naming the problem. */
  g_assert_cmpuint (count_lines (r.err), ==, 1);
  g_assert_true (g_str_has_prefix (r.err, "gdiskmark-cli: "));
  g_assert_nonnull (strstr (r.err, needle));
  cli_run_clear (&r);
}

/* What the CLI prints for args, which it must run with exit status 0. */
char *
cli_output (const char *const *args)
{
  CliRun r = { 0 };
  char *out;

  run_cli (&r, args, NULL);
  g_test_message ("stderr: %s", r.err);
  g_assert_cmpint (r.status, ==, 0);
  out = g_steal_pointer (&r.out);
  cli_run_clear (&r);
  return out;
}

