/* test-start.c: the README's first command: the build tree's gdiskmark opens its window on a
 * display with nothing installed and none of the tests' variables set. */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
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

typedef char *(*WhileUp) (const char *window, gpointer data);

/* Starts @gui in @env, checks its window after 5 s, runs @while_up on it (what it returns is a
 * failure) and closes it with Ctrl+Q; returns what went wrong, or NULL. */
static char *
run_window (const char *gui, char **env, WhileUp while_up, gpointer data)
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
  if (while_up != NULL)
    {
      char *failure = while_up (window, data);

      if (failure != NULL)
        {
          g_subprocess_force_exit (proc);
          wait_for_exit (&child, 10000);
          return failure;
        }
    }

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

/* ---- a newcomer's environment ---- */

typedef struct
{
  char *home;
  char **env;
} Newcomer;

/* None of the variables the other tests use to find the build tree. Settings stay in memory and
 * the XDG homes are fresh, so the user's are neither read nor written. */
static void
newcomer_setup (Newcomer *n)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data_home = NULL, *config_home = NULL, *cache_home = NULL;
  g_autofree char *data_dirs = NULL;

  n->home = g_dir_make_tmp ("gdiskmark-start-XXXXXX", &error);
  g_assert_no_error (error);
  data_home = g_build_filename (n->home, "data", NULL);
  config_home = g_build_filename (n->home, "config", NULL);
  cache_home = g_build_filename (n->home, "cache", NULL);
  data_dirs = data_dirs_without_schema ();
  n->env = g_get_environ ();
  n->env = g_environ_unsetenv (n->env, "GSETTINGS_SCHEMA_DIR");
  n->env = g_environ_unsetenv (n->env, "GDISKMARK_LOCALEDIR");
  n->env = g_environ_unsetenv (n->env, "GDISKMARK_HELPER");
  n->env = g_environ_setenv (n->env, "GSETTINGS_BACKEND", "memory", TRUE);
  n->env = g_environ_setenv (n->env, "XDG_DATA_HOME", data_home, TRUE);
  n->env = g_environ_setenv (n->env, "XDG_CONFIG_HOME", config_home, TRUE);
  n->env = g_environ_setenv (n->env, "XDG_CACHE_HOME", cache_home, TRUE);
  n->env = g_environ_setenv (n->env, "XDG_DATA_DIRS", data_dirs, TRUE);
}

static void
newcomer_teardown (Newcomer *n)
{
  const char *rm[] = { "rm", "-rf", n->home, NULL };

  g_assert_true (g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                               NULL, NULL, NULL));
  g_clear_pointer (&n->home, g_free);
  g_clear_pointer (&n->env, g_strfreev);
}

static gboolean
can_show_windows (void)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");

  if (g_getenv ("DISPLAY") == NULL || *g_getenv ("DISPLAY") == '\0')
    {
      g_test_skip ("no X display: run the tests under xvfb-run -a");
      return FALSE;
    }
  if (xdotool == NULL)
    {
      g_test_skip ("xdotool is not installed: apt-get install xdotool");
      return FALSE;
    }
  return TRUE;
}

/* F1 in the build tree's window: the help viewer is given the build tree's guide (issue 2/6 #3:
 * help: URIs name only an installed guide, so Yelp said "Document Not Found"). The viewer here
 * is a stand-in on PATH that writes down what it was asked to show. */
static char *
press_f1 (const char *window, gpointer data)
{
  const char *asked = data;
  const char *argv[] = { "xdotool", "windowfocus", window, "key", "--clearmodifiers", "F1",
                         NULL };
  g_autofree char *text = NULL;
  g_autofree char *index = NULL;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                               NULL, NULL, NULL));
  for (int i = 0; i < 100 && !g_file_test (asked, G_FILE_TEST_EXISTS); i++)
    g_usleep (100 * 1000);
  if (!g_file_get_contents (asked, &text, NULL, NULL))
    return g_strdup ("F1 started no help viewer within 10 s");
  g_strstrip (text);
  g_test_message ("F1 asked the help viewer for “%s”", text);
  index = g_build_filename (text, "index.page", NULL);
  if (!g_file_test (index, G_FILE_TEST_IS_REGULAR))
    return g_strdup_printf ("F1 asked for “%s”, which holds no guide (index.page)", text);
  return NULL;
}

static void
test_help_from_build_tree (void)
{
  const char *gui = g_getenv ("GDISKMARK_GUI");
  Newcomer n = { 0 };
  g_autofree char *bin = NULL, *viewer = NULL, *asked = NULL, *script = NULL, *path = NULL;
  g_autofree char *failure = NULL;

  if (!can_show_windows ())
    return;
  g_assert_nonnull (gui);
  newcomer_setup (&n);
  bin = g_build_filename (n.home, "bin", NULL);
  g_assert_cmpint (g_mkdir (bin, 0755), ==, 0);
  viewer = g_build_filename (bin, "yelp", NULL);
  asked = g_build_filename (n.home, "asked", NULL);
  script = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$1\" > '%s.part' && mv '%s.part' '%s'\n",
                            asked, asked, asked);
  g_assert_true (g_file_set_contents (viewer, script, -1, NULL));
  g_assert_cmpint (g_chmod (viewer, 0755), ==, 0);
  path = g_strdup_printf ("%s:%s", bin, g_getenv ("PATH"));
  n.env = g_environ_setenv (n.env, "PATH", path, TRUE);
  failure = run_window (gui, n.env, press_f1, asked);
  newcomer_teardown (&n);
  if (failure != NULL)
    g_test_fail_printf ("%s", failure);
}

/* The build tree's gdiskmark-cli speaks the desktop's language, as its window does (issue 2/6
 * #16: it printed English, ignoring the build tree's translations). */
static void
test_cli_translated_from_build_tree (void)
{
  const char *cli = g_getenv ("GDISKMARK_CLI");
  const char *argv[] = { cli, "--help", NULL };
  Newcomer n = { 0 };
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  gboolean japanese = FALSE;
  int status = 0;

  g_assert_nonnull (cli);
  if (setlocale (LC_ALL, "ja_JP.UTF-8") == NULL)
    {
      g_test_skip ("the ja_JP.UTF-8 locale is not generated: locale-gen ja_JP.UTF-8");
      return;
    }
  setlocale (LC_ALL, "");
  newcomer_setup (&n);
  n.env = g_environ_setenv (n.env, "LC_ALL", "ja_JP.UTF-8", TRUE);
  n.env = g_environ_setenv (n.env, "LANGUAGE", "ja", TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, n.env, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               NULL, &status, &error));
  g_assert_no_error (error);
  newcomer_teardown (&n);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  /* Kana in the text: the translation was found, not just the locale set. */
  for (const char *p = out; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (c >= 0x3040 && c <= 0x30ff)
        japanese = TRUE;
    }
  if (!japanese)
    g_test_fail_printf ("gdiskmark-cli --help in ja_JP.UTF-8 printed no Japanese:\n%s", out);
}

static void
test_start_window (void)
{
  const char *gui = g_getenv ("GDISKMARK_GUI");
  Newcomer n = { 0 };
  g_autofree char *failure = NULL;

  if (!can_show_windows ())
    return;
  g_assert_nonnull (gui);
  newcomer_setup (&n);
  failure = run_window (gui, n.env, NULL, NULL);
  newcomer_teardown (&n);
  if (failure != NULL)
    g_test_fail_printf ("%s", failure);
}

/* What --help says matches the README: the window takes FILE… arguments, and the CLI's default
 * profile is named beside the window's (issue 2/6 #15). */
static void
test_help_options (void)
{
  const char *gui = g_getenv ("GDISKMARK_GUI");
  const char *cli = g_getenv ("GDISKMARK_CLI");
  const char *gui_argv[] = { gui, "--help", NULL };
  const char *cli_argv[] = { cli, "--help", NULL };
  g_autofree char *gui_out = NULL, *cli_out = NULL;
  int status = 0;

  g_assert_nonnull (gui);
  g_assert_nonnull (cli);
  g_assert_true (g_spawn_sync (NULL, (char **) gui_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &gui_out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (gui_out, "[FILE…]"));
  g_assert_nonnull (strstr (gui_out, ".fio"));
  g_assert_true (g_spawn_sync (NULL, (char **) cli_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &cli_out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (cli_out, "default: classic"));
  g_assert_nonnull (strstr (cli_out, "the window starts with default"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/start/build-tree-window", test_start_window);
  g_test_add_func ("/start/build-tree-help", test_help_from_build_tree);
  g_test_add_func ("/start/help-options", test_help_options);
  g_test_add_func ("/start/build-tree-cli-translated", test_cli_translated_from_build_tree);
  return g_test_run ();
}
