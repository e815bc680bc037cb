/* test-start.c: the README's first command: the build tree's gdiskmark opens its window on a
 * display with nothing installed and none of the tests' variables set. */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct
{
  GMainLoop *loop;
  gboolean exited;
} Child;

static void
child_exited (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Child *child = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  child->exited = TRUE;
  g_main_loop_quit (child->loop);
}

static gboolean
quit_loop (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until the child exits or @ms pass; TRUE when it exited. */
static gboolean
wait_for_exit (Child *child, guint ms)
{
  g_autoptr (GSource) timeout = NULL;

  if (child->exited)
    return TRUE;
  timeout = g_timeout_source_new (ms);
  g_source_set_callback (timeout, quit_loop, child->loop, NULL);
  g_source_attach (timeout, NULL);
  g_main_loop_run (child->loop);
  g_source_destroy (timeout);
  return child->exited;
}

/* The data dirs of this desktop, less any where GDiskMark's schema is installed: an install on
 * this machine must not hide a build tree that cannot find its own. */
static char *
data_dirs_without_schema (void)
{
  const char *const *dirs = g_get_system_data_dirs ();
  g_autoptr (GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *schema =
        g_build_filename (dirs[i], "glib-2.0", "schemas", APP_ID ".gschema.xml", NULL);
      if (g_file_test (schema, G_FILE_TEST_EXISTS))
        g_test_message ("leaving out %s: GDiskMark's schema is installed there", dirs[i]);
      else
        g_ptr_array_add (kept, g_strdup (dirs[i]));
    }
  g_ptr_array_add (kept, NULL);
  return g_strjoinv (G_SEARCHPATH_SEPARATOR_S, (char **) kept->pdata);
}

/* The X window of @pid titled GDiskMark, or NULL. */
static char *
find_window (GPid pid)
{
  g_autofree char *pid_text = g_strdup_printf ("%d", (int) pid);
  const char *argv[] = { "xdotool", "search", "--onlyvisible", "--pid", pid_text, "--name",
                         "^GDiskMark$", NULL };
  g_autofree char *out = NULL;
  g_auto (GStrv) ids = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out,
                               NULL, &status, NULL));
  if (!g_spawn_check_wait_status (status, NULL))
    return NULL;
  ids = g_strsplit (g_strstrip (out), "\n", -1);
  return ids[0] != NULL && *ids[0] != '\0' ? g_strdup (ids[0]) : NULL;
}

/* Starts @gui in @env, checks its window after 5 s and closes it with Ctrl+Q; returns what went
 * wrong, or NULL. */
static char *
run_window (const char *gui, char **env)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autofree char *window = NULL;
  Child child = { .loop = loop };
  GPid pid;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_subprocess_launcher_set_environ (launcher, env);
  /* stdout carries this test's TAP: the window's output goes to stderr, into the log. */
  g_subprocess_launcher_take_stdout_fd (launcher, dup (STDERR_FILENO));
  proc = g_subprocess_launcher_spawn (launcher, &error, gui, NULL);
  if (proc == NULL)
    return g_strdup_printf ("could not start %s: %s", gui, error->message);
  pid = atoi (g_subprocess_get_identifier (proc));
  g_subprocess_wait_async (proc, NULL, child_exited, &child);

  if (wait_for_exit (&child, 5000))
    return g_strdup_printf ("%s stopped within 5 s (%s %d): it must run from the build tree "
                            "with nothing installed",
                            gui, g_subprocess_get_if_signaled (proc) ? "signal" : "exit status",
                            g_subprocess_get_if_signaled (proc)
                              ? g_subprocess_get_term_sig (proc)
                              : g_subprocess_get_exit_status (proc));
  window = find_window (pid);
  if (window == NULL)
    {
      g_subprocess_force_exit (proc);
      wait_for_exit (&child, 10000);
      return g_strdup_printf ("%s runs but shows no window titled GDiskMark", gui);
    }
  g_test_message ("window %s of process %d", window, (int) pid);

  /* Closed the way a user would: Ctrl+Q in the focused window, then a clean exit. */
  {
    const char *argv[] = { "xdotool", "windowfocus", window, "key", "--clearmodifiers", "ctrl+q",
                           NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                 NULL, NULL, NULL, NULL));
  }
  if (!wait_for_exit (&child, 10000))
    {
      g_subprocess_force_exit (proc);
      wait_for_exit (&child, 10000);
      return g_strdup_printf ("Ctrl+Q did not close %s within 10 s", gui);
    }
  if (g_subprocess_get_if_signaled (proc))
    return g_strdup_printf ("%s was ended by signal %d after Ctrl+Q", gui,
                            g_subprocess_get_term_sig (proc));
  if (g_subprocess_get_exit_status (proc) != 0)
    return g_strdup_printf ("%s exited with status %d after Ctrl+Q", gui,
                            g_subprocess_get_exit_status (proc));
  return NULL;
}

static void
test_start_window (void)
{
  const char *gui = g_getenv ("GDISKMARK_GUI");
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autoptr (GError) error = NULL;
  g_autofree char *home = NULL;
  g_autofree char *data_home = NULL;
  g_autofree char *config_home = NULL;
  g_autofree char *cache_home = NULL;
  g_autofree char *data_dirs = NULL;
  g_auto (GStrv) env = NULL;
  g_autofree char *failure = NULL;

  if (g_getenv ("DISPLAY") == NULL || *g_getenv ("DISPLAY") == '\0')
    {
      g_test_skip ("no X display: run the tests under xvfb-run -a");
      return;
    }
  if (xdotool == NULL)
    {
      g_test_skip ("xdotool is not installed: apt-get install xdotool");
      return;
    }
  g_assert_nonnull (gui);

  /* A newcomer's environment: none of the variables the other tests use to find the build
   * tree. Settings stay in memory and the XDG homes are fresh, so the user's are neither read
   * nor written. */
  home = g_dir_make_tmp ("gdiskmark-start-XXXXXX", &error);
  g_assert_no_error (error);
  data_home = g_build_filename (home, "data", NULL);
  config_home = g_build_filename (home, "config", NULL);
  cache_home = g_build_filename (home, "cache", NULL);
  data_dirs = data_dirs_without_schema ();
  env = g_get_environ ();
  env = g_environ_unsetenv (env, "GSETTINGS_SCHEMA_DIR");
  env = g_environ_unsetenv (env, "GDISKMARK_LOCALEDIR");
  env = g_environ_unsetenv (env, "GDISKMARK_HELPER");
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "memory", TRUE);
  env = g_environ_setenv (env, "XDG_DATA_HOME", data_home, TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", config_home, TRUE);
  env = g_environ_setenv (env, "XDG_CACHE_HOME", cache_home, TRUE);
  env = g_environ_setenv (env, "XDG_DATA_DIRS", data_dirs, TRUE);

  failure = run_window (gui, env);
  {
    const char *rm[] = { "rm", "-rf", home, NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                                 NULL, NULL, NULL));
  }
  if (failure != NULL)
    g_test_fail_printf ("%s", failure);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/start/build-tree-window", test_start_window);
  return g_test_run ();
}
