/* test-window-states-target.c: problems before the run (issue 11): the last target gone, a
 * missing target refused, one entry per filesystem in the list, a folder dropped on the window. */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmk-test-gui.h"

/* ---- problems before the run (issue 11) ---- */

/* Lets the folder and device scans land, as check_start_with does. */
static void
let_scans_land (DmkWindow *win)
{
  g_assert_true (iterate_until (chooser_settled, dmk_window_get_target_chooser (win)));
}

/* Whether the window's target list holds path (actions aside). */
static gboolean
listed (DmkWindow *win, const char *path)
{
  GtkWidget *dropdown = dmk_window_get_target_dropdown (win);
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (DmkTargetItem) item = g_list_model_get_item (model, i);
      if (g_strcmp0 (dmk_target_item_get_path (item), path) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
test_missing_last_target (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *missing = g_build_filename (dir, "gone", NULL);
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *stored = NULL;
  DmkWindow *win;

  reset_settings ();
  g_settings_set_string (s, "last-target", missing);
  win = new_window (NULL);
  let_scans_land (win);
  /* Home, quietly: no dialog, no folder chooser, the missing folder nowhere in the list. */
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, g_get_home_dir ());
  g_assert_null (dmk_window_get_error_dialog (win));
  g_assert_false (dmk_target_chooser_is_choosing (dmk_window_get_target_chooser (win)));
  g_assert_false (listed (win, missing));
  /* Only a choice of the user's writes the setting: the fallback did not. */
  stored = g_settings_get_string (s, "last-target");
  g_assert_cmpstr (stored, ==, missing);
  destroy_window (win);
  g_rmdir (dir);
}

static void
test_refuse_missing_target (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *missing = g_build_filename (dir, "gone", NULL);
  g_autofree char *file = g_build_filename (dir, "plain", NULL);
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autoptr (GError) error = NULL;
  g_autofree char *stored = NULL;
  DmkWindow *win;

  reset_settings ();
  win = new_window (dir);
  g_assert_false (dmk_window_try_target_path (win, missing, &error));
  g_assert_error (error, DMK_ERROR, DMK_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, missing));
  g_assert_nonnull (strstr (error->message, "does not exist"));
  g_clear_error (&error);
  /* A file is no place to test either, and the message says what it is not. */
  g_assert_true (g_file_set_contents (file, "x", 1, NULL));
  g_assert_false (dmk_target_chooser_try_path (dmk_window_get_target_chooser (win), file, &error));
  g_assert_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET);
  g_assert_nonnull (strstr (error->message, "not a folder or a block device"));
  g_clear_error (&error);
  /* The old target stays, chosen and remembered; neither refused path is listed or stored. */
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, dir);
  g_assert_false (listed (win, missing));
  g_assert_false (listed (win, file));
  stored = g_settings_get_string (s, "last-target");
  g_assert_cmpstr (stored, ==, dir);
  g_assert_null (dmk_window_get_error_dialog (win));
  /* What exists is still taken. */
  g_assert_true (dmk_window_try_target_path (win, g_get_home_dir (), &error));
  g_assert_no_error (error);
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, g_get_home_dir ());
  destroy_window (win);
  g_unlink (file);
  g_rmdir (dir);
}

/* A folder dropped on the window is the next target, as the chooser would make it; a drop that
 * cannot be one is refused with a toast and changes nothing. */
static void
test_drop_folder (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *other = make_target_dir ();
  g_autofree char *gone = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autoptr (GFile) other_file = g_file_new_for_path (other);
  g_autoptr (GFile) gone_file = g_file_new_for_path (gone);
  g_autofree char *stored = NULL;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("demo");
  win = new_window (dir);
  g_assert_true (dmk_window_drop_files (win, &other_file, 1));
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, other);
  g_assert_true (listed (win, other));
  stored = g_settings_get_string (s, "last-target");
  g_assert_cmpstr (stored, ==, other);
  g_assert_false (dmk_target_chooser_is_choosing (dmk_window_get_target_chooser (win)));
  g_assert_null (dmk_window_get_error_dialog (win));

  /* Gone between the drag and the drop: refused, said, not listed, not stored. */
  g_assert_cmpint (g_rmdir (gone), ==, 0);
  g_assert_false (dmk_window_drop_files (win, &gone_file, 1));
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, other);
  g_assert_false (listed (win, gone));
  g_assert_nonnull (dmk_window_get_last_toast (win));
  g_assert_nonnull (strstr (dmk_window_get_last_toast (win), gone));

  /* During a run the target stays what the run is measuring. */
  {
    g_autoptr (GFile) dir_file = g_file_new_for_path (dir);

    click (dmk_window_get_all_button (win));
    g_assert_true (dmk_window_is_running (win));
    g_assert_false (dmk_window_drop_files (win, &dir_file, 1));
    g_assert_cmpstr (dmk_window_get_target_path (win), ==, other);
    g_assert_nonnull (strstr (dmk_window_get_last_toast (win), "stop the benchmark"));
    g_assert_nonnull (strstr (dmk_window_get_last_toast (win), dir));
    g_assert_true (iterate_until (not_running, win));
    /* After it, the same drop is taken. */
    g_assert_true (dmk_window_drop_files (win, &dir_file, 1));
    g_assert_cmpstr (dmk_window_get_target_path (win), ==, dir);
  }
  destroy_window (win);
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_assert_cmpuint (count_entries (other), ==, 0);
  g_rmdir (dir);
  g_rmdir (other);
}

/* No two listed folders on one filesystem (paths: char*). */
static void
check_one_per_fs (GPtrArray *paths)
{
  g_autoptr (GArray) devs = g_array_new (FALSE, FALSE, sizeof (dev_t));

  for (guint i = 0; i < paths->len; i++)
    {
      struct stat st;

      g_assert_cmpint (stat (paths->pdata[i], &st), ==, 0);
      for (guint j = 0; j < devs->len; j++)
        g_assert_true (g_array_index (devs, dev_t, j) != st.st_dev);
      g_array_append_val (devs, st.st_dev);
    }
}

static gboolean
scan_landed (gpointer data)
{
  GPtrArray *found = g_object_get_data (G_OBJECT (data), "found");

  for (guint i = 0; i < found->len; i++)
    if (!listed (data, ((DmkPlace *) found->pdata[i])->path))
      return FALSE;
  return TRUE;
}

/* Each filesystem once (issue 2/6 #7): the scan's, home first; and in the window a chosen folder
 * stands for its filesystem instead of being listed beside its mount point. */
static void
test_one_entry_per_fs (void)
{
  g_autofree char *dir = make_target_dir ();
  const char *const chosen[] = { dir, NULL };
  g_autoptr (GPtrArray) found = dmk_places_list_folders (chosen);
  g_autoptr (GPtrArray) paths = g_ptr_array_new ();
  GtkWidget *dropdown;
  GListModel *model;
  DmkTargetItem *selected;
  DmkWindow *win;
  struct stat dir_st, root_st;

  g_assert_cmpint (stat (dir, &dir_st), ==, 0);
  g_assert_cmpint (stat ("/", &root_st), ==, 0);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (paths, ((DmkPlace *) found->pdata[i])->path);
  check_one_per_fs (paths);
  reset_settings ();
  win = new_window ("/");
  dmk_window_set_target_path (win, dir);
  g_object_set_data (G_OBJECT (win), "found", found);
  g_assert_true (iterate_until (scan_landed, win));
  let_scans_land (win);
  dropdown = dmk_window_get_target_dropdown (win);
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));
  g_ptr_array_set_size (paths, 0);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (DmkTargetItem) item = g_list_model_get_item (model, i);

      if (dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_FOLDER)
        g_ptr_array_add (paths, (gpointer) dmk_target_item_get_path (item));
    }
  check_one_per_fs (paths);
  g_assert_true (listed (win, dir));
  /* "/" was chosen first and the folder later, on the same filesystem here: the folder stands. */
  if (dir_st.st_dev == root_st.st_dev)
    g_assert_false (listed (win, "/"));
  selected = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown));
  g_assert_cmpstr (dmk_target_item_get_path (selected), ==, dir);
  g_object_set_data (G_OBJECT (win), "found", NULL);
  destroy_window (win);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  if (!dmk_test_gui_init (&argc, &argv, "window-states"))
    return g_test_run ();
  g_test_add_func ("/window-states/target/missing-last", test_missing_last_target);
  g_test_add_func ("/window-states/target/refuse-missing", test_refuse_missing_target);
  g_test_add_func ("/window-states/target/one-per-fs", test_one_entry_per_fs);
  g_test_add_func ("/window-states/target/drop-folder", test_drop_folder);
  return g_test_run ();
}
