/* test-window-files.c: files from elsewhere opened in the real window (issue 24, items 2, 3 and
 * 9): read and parsed in a worker thread, so that a 16 MiB file keeps the window drawing and a
 * FIFO named like a job never holds it up; a file nested past any stack is an error dialog, not
 * a crash. And the comment belongs to the result it was typed for (issue 46): an opened file's
 * goes when it is closed, and a run on another target starts without the last one's. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmk-test-gui.h"

static char *scratch;

static gboolean
error_shown (gpointer win)
{
  return dmk_window_get_error_dialog (win) != NULL && dmk_window_get_n_opening (win) == 0;
}

static const char *
error_body (DmkWindow *win)
{
  return adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dmk_window_get_error_dialog (win)));
}

static gboolean
count_tick (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* The cap's worth of newlines: the longest a loader may work on one file. */
static void
test_big_file_off_main_thread (void)
{
  g_autofree char *path = g_build_filename (scratch, "newlines.json", NULL);
  g_autofree char *text = g_malloc ((16 << 20) - 1);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  DmkWindow *win;
  gint64 t0, t1, t2;
  guint ticks = 0, id;

  memset (text, '\n', (16 << 20) - 1);
  g_assert_true (g_file_set_contents (path, text, (16 << 20) - 1, NULL));
  reset_settings ();
  win = new_window (scratch);
  settle ();
  id = g_timeout_add (5, count_tick, &ticks);
  t0 = g_get_monotonic_time ();
  dmk_window_open_files (win, &file, 1);
  t1 = g_get_monotonic_time ();
  /* Returned at once, still reading: nothing shown yet. */
  g_assert_cmpuint (dmk_window_get_n_opening (win), ==, 1);
  g_assert_null (dmk_window_get_error_dialog (win));
  g_assert_true (iterate_until (error_shown, win));
  t2 = g_get_monotonic_time ();
  g_source_remove (id);
  g_test_message ("open_files returned after %.1f ms; the file was refused after %.1f ms, "
                  "the main loop ran %u 5 ms ticks meanwhile",
                  (t1 - t0) / 1000.0, (t2 - t0) / 1000.0, ticks);
  g_assert_nonnull (strstr (error_body (win), "newlines.json"));
  g_assert_cmpfloat ((t1 - t0) / 1000.0, <, 100.0);
  destroy_window (win);
  g_unlink (path);
}

/* A FIFO named like a job and one named like a result: refused, at once, by name. */
static void
test_fifo (void)
{
  const char *names[] = { "pipe.fio", "pipe.json" };

  alarm (60);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (scratch, names[i], NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      DmkWindow *win;

      g_assert_no_errno (mkfifo (path, 0600));
      reset_settings ();
      win = new_window (scratch);
      dmk_window_open_files (win, &file, 1);
      g_assert_true (iterate_until (error_shown, win));
      g_test_message ("%s: %s", names[i], error_body (win));
      g_assert_nonnull (strstr (error_body (win), names[i]));
      destroy_window (win);
      g_unlink (path);
    }
  alarm (0);
}

/* The file: a comment hides a quote from a guard that counts strict JSON only. */
static void
test_deep_json (void)
{
  g_autofree char *path = g_build_filename (scratch, "deep.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GString *s = g_string_new ("{\"schema\":\"x\", /* \" */ \"a\": ");
  DmkWindow *win;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (s, '[');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (s, ']');
  g_string_append_c (s, '}');
  g_assert_true (g_file_set_contents (path, s->str, (gssize) s->len, NULL));
  g_string_free (s, TRUE);
  reset_settings ();
  win = new_window (scratch);
  dmk_window_open_files (win, &file, 1);
  g_assert_true (iterate_until (error_shown, win));
  g_assert_nonnull (strstr (error_body (win), "“deep.json” is not a GDiskMark result"));
  destroy_window (win);
  g_unlink (path);
}

static char *
saved_result (const char *name)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  g_autoptr (GArray) specs = NULL;
  g_autofree char *json = NULL;
  char *path = g_build_filename (scratch, name, NULL);

  g_free (r->date);
  r->date = g_strdup ("2026-11-01T10:00:00Z");
  r->target.path = g_strdup ("/home");
  r->target.model = g_strdup ("Disk");
  g_assert_true (dmk_profile_lookup ("classic", &specs, NULL));
  for (guint i = 0; i < specs->len; i++)
    {
      DmkTestSpec *spec = &g_array_index (specs, DmkTestSpec, i);
      DmkTestResult *t = dmk_test_result_new (spec, DMK_DIRECTION_READ);
      DmkPass p = { 0 };

      p.iops = 1000.0 * (i + 1);
      p.seconds = 5.0;
      p.bytes = (guint64) (p.iops * p.seconds) * spec->block_size;
      p.mb_per_s = (double) p.bytes / p.seconds / 1e6;
      dmk_test_result_add_pass_series (t, &p, NULL, NULL);
      g_ptr_array_add (r->tests, t);
    }
  json = dmk_result_to_json (r);
  g_assert_true (g_file_set_contents (path, json, -1, NULL));
  return path;
}

static gboolean
app_loaded (gpointer app)
{
  return dmk_application_get_n_loading (app) == 0;
}

/* Several files go to the comparison, read in a worker thread too: the good one is added, the
 * 16 MiB one is named in the comparison's error. */
static void
test_compare_off_main_thread (void)
{
  g_autofree char *good = saved_result ("good.json");
  g_autofree char *big = g_build_filename (scratch, "newlines-too.json", NULL);
  g_autofree char *text = g_malloc ((16 << 20) - 1);
  g_autoptr (GFile) f1 = g_file_new_for_path (good);
  g_autoptr (GFile) f2 = g_file_new_for_path (big);
  GFile *files[] = { f1, f2 };
  DmkApplication *app = test_application ();
  DmkCompareWindow *cmp;
  DmkWindow *win;
  gint64 t0, t1;

  memset (text, '\n', (16 << 20) - 1);
  g_assert_true (g_file_set_contents (big, text, (16 << 20) - 1, NULL));
  reset_settings ();
  win = dmk_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (win));
  t0 = g_get_monotonic_time ();
  dmk_window_open_files (win, files, 2);
  t1 = g_get_monotonic_time ();
  g_assert_cmpuint (dmk_application_get_n_loading (app), ==, 1);
  g_assert_null (dmk_application_get_compare_window (app, FALSE));
  g_assert_true (iterate_until (app_loaded, app));
  g_test_message ("compare-files returned after %.1f ms, read after %.1f ms",
                  (t1 - t0) / 1000.0, (g_get_monotonic_time () - t0) / 1000.0);
  g_assert_cmpfloat ((t1 - t0) / 1000.0, <, 100.0);
  cmp = dmk_application_get_compare_window (app, FALSE);
  g_assert_nonnull (cmp);
  g_assert_nonnull (dmk_compare_window_get_error_dialog (cmp));
  g_test_message ("%s", adw_message_dialog_get_body (
                          ADW_MESSAGE_DIALOG (dmk_compare_window_get_error_dialog (cmp))));
  g_assert_cmpstr (dmk_compare_window_get_page (cmp), ==, "table");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (
                              ADW_MESSAGE_DIALOG (dmk_compare_window_get_error_dialog (cmp))),
                            "newlines-too.json"));
  gtk_window_destroy (GTK_WINDOW (dmk_compare_window_get_error_dialog (cmp)));

  /* The comparison's own Add… and drops go the same way. */
  {
    g_autofree char *other = saved_result ("other.json");
    g_autoptr (GFile) f3 = g_file_new_for_path (other);
    GFile *more[] = { f3, f2 };

    t0 = g_get_monotonic_time ();
    _dmk_compare_window_read_files (cmp, more, 2);
    t1 = g_get_monotonic_time ();
    g_assert_cmpuint (dmk_application_get_n_loading (app), ==, 1);
    g_assert_true (iterate_until (app_loaded, app));
    g_test_message ("Add… returned after %.1f ms", (t1 - t0) / 1000.0);
    g_assert_cmpfloat ((t1 - t0) / 1000.0, <, 100.0);
    g_assert_nonnull (dmk_compare_window_get_error_dialog (cmp));
    g_assert_nonnull (strstr (adw_message_dialog_get_body (
                                ADW_MESSAGE_DIALOG (dmk_compare_window_get_error_dialog (cmp))),
                              "newlines-too.json"));
    g_unlink (other);
  }
  gtk_window_destroy (GTK_WINDOW (cmp));
  destroy_window (win);
  g_unlink (big);
  g_unlink (good);
}

static const char *
comment_of (DmkWindow *win)
{
  return gtk_editable_get_text (GTK_EDITABLE (dmk_window_get_comment_entry (win)));
}

static void
run_all (DmkWindow *win)
{
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_nonnull (dmk_window_get_shown_result (win));
}

static void
test_comment_belongs (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *other = make_target_dir ();
  g_autofree char *run = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "fuzz", "seeds",
                                           "grid-default-mix.json", NULL);
  g_autofree char *saved = g_build_filename (scratch, "commented.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = dmk_result_load (run, &error);
  g_autoptr (GFile) file = g_file_new_for_path (saved);
  DmkWindow *win;

  g_assert_no_error (error);
  g_free (r->comment);
  r->comment = g_strdup ("the opened run's");
  g_assert_true (dmk_result_save (r, saved, &error));
  g_assert_no_error (error);
  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (dmk_test_settings (), "mode", "read");
  win = new_window (dir);

  /* An opened result shows its comment; closing it (to an empty grid) takes it along. */
  open_files_and_wait (win, &file, 1);
  g_assert_cmpstr (comment_of (win), ==, "the opened run's");
  g_action_group_activate_action (G_ACTION_GROUP (win), "close-result", NULL);
  g_assert_null (dmk_window_get_shown_result (win));
  g_assert_cmpstr (comment_of (win), ==, "");

  /* Typed for the next run: that run has it. */
  gtk_editable_set_text (GTK_EDITABLE (dmk_window_get_comment_entry (win)), "disk A, cold");
  run_all (win);
  g_assert_cmpstr (dmk_window_get_shown_result (win)->comment, ==, "disk A, cold");
  g_assert_cmpstr (comment_of (win), ==, "disk A, cold");

  /* Another target, nothing typed: the run starts without the last run's comment. */
  dmk_window_set_target_path (win, other);
  run_all (win);
  g_test_message ("status: %s; error: %s", dmk_window_get_status_text (win),
                  dmk_window_get_last_error (win));
  g_assert_cmpstr (dmk_window_get_shown_result (win)->comment, ==, "");
  g_assert_cmpstr (comment_of (win), ==, "");
  destroy_window (win);
  g_unlink (saved);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_assert_cmpint (g_rmdir (other), ==, 0);
}

/* GDiskMark's own text and CSV open in the window as its JSON does (issue 47, item 8): each
 * shows the run's tests with the numbers the JSON of the same run holds. */
static void
test_own_text_and_csv (void)
{
  g_autofree char *json_path = g_test_build_filename (G_TEST_DIST, "imports",
                                                      "gdiskmark-0.1.0-folder.json", NULL);
  g_autoptr (DmkResult) json = dmk_result_load (json_path, NULL);
  const char *names[] = { "gdiskmark-0.1.0-folder.txt", "gdiskmark-0.1.0-folder.csv" };

  g_assert_nonnull (json);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "imports", names[i], NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      DmkWindow *win = new_window (NULL);
      DmkResult *shown;

      open_files_and_wait (win, &file, 1);
      shown = dmk_window_get_shown_result (win);
      g_test_message ("%s: %s", names[i], dmk_window_get_status_text (win));
      g_assert_nonnull (shown);
      g_assert_cmpuint (shown->tests->len, ==, json->tests->len);
      for (guint k = 0; k < json->tests->len; k++)
        {
          DmkTestResult *a = g_ptr_array_index (json->tests, k);
          DmkTestResult *b = dmk_result_find (shown, &a->spec, a->direction);

          g_assert_nonnull (b);
          g_assert_cmpfloat_with_epsilon (b->mb_per_s, a->mb_per_s, 0.0006);
        }
      destroy_window (win);
    }
}

int
main (int argc, char **argv)
{
  g_autofree char *tmpl = NULL;
  int status;

  if (!dmk_test_gui_init (&argc, &argv, "window-files"))
    return g_test_run ();
  test_application ();
  tmpl = g_build_filename (g_get_tmp_dir (), "dmk-window-files-XXXXXX", NULL);
  scratch = g_mkdtemp (tmpl);
  g_assert_nonnull (scratch);
  g_test_add_func ("/window-files/big-file-off-main-thread", test_big_file_off_main_thread);
  g_test_add_func ("/window-files/fifo", test_fifo);
  g_test_add_func ("/window-files/deep-json", test_deep_json);
  g_test_add_func ("/window-files/compare-off-main-thread", test_compare_off_main_thread);
  g_test_add_func ("/window-files/comment-belongs", test_comment_belongs);
  g_test_add_func ("/window-files/own-text-and-csv", test_own_text_and_csv);
  status = g_test_run ();
  g_rmdir (scratch);
  return status;
}
