/* test-window-states-views.c: what the window shows beside the grid (issue 1/6): a long path
 * shortened in a narrow window, removing a result from the comparison and undoing it, flagged
 * results in it, and the About window's authors. */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmk-test-gui.h"

/* ---- fits any width ---- */

static GtkLabel *
find_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0 &&
      gtk_widget_get_mapped (widget))
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = find_label (c, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
path_drawn (gpointer data)
{
  DmkWindow *win = data;

  return gtk_widget_get_width (GTK_WIDGET (win)) > 0 &&
         find_label (dmk_window_get_target_dropdown (win), dmk_window_get_target_path (win)) != NULL;
}

static gboolean
narrow_and_drawn (gpointer data)
{
  DmkWindow *win = data;

  return gtk_widget_get_width (GTK_WIDGET (win)) > 0 &&
         gtk_widget_get_width (GTK_WIDGET (win)) <= 560 &&
         find_label (dmk_window_get_target_dropdown (win), dmk_window_get_target_path (win)) != NULL;
}

/* At the narrowest width the target's path stays whole; its usage is what gets cut. */
static void
test_narrow_path (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-XXXXXX", NULL);
  DmkWindow *win;
  GtkLabel *path;

  reset_settings ();
  win = dmk_window_new (NULL);
  dmk_window_set_target_path (win, dir);
  gtk_window_set_default_size (GTK_WINDOW (win), 546, 440);
  gtk_window_present (GTK_WINDOW (win));
  if (!iterate_until (path_drawn, win))
    {
      /* What it showed instead, for the failure's message. */
      GtkWidget *dd = dmk_window_get_target_dropdown (win);

      g_test_message ("window %d px wide; the target dropdown is %s and does not show “%s”",
                      gtk_widget_get_width (GTK_WIDGET (win)),
                      gtk_widget_get_mapped (dd) ? "mapped" : "not mapped",
                      dmk_window_get_target_path (win));
      g_assert_not_reached ();
    }
  /* Mapped while the target was still being described (a loaded machine), the window may have
   * come up at the width of what it showed then; the narrowest width is asked for again. */
  if (gtk_widget_get_width (GTK_WIDGET (win)) > 560)
    {
      g_test_message ("the window came up %d px wide: asking for 546 px again",
                      gtk_widget_get_width (GTK_WIDGET (win)));
      gtk_window_set_default_size (GTK_WINDOW (win), 546, 440);
    }
  g_assert_true (iterate_until (narrow_and_drawn, win));
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  path = find_label (dmk_window_get_target_dropdown (win), dir);
  g_assert_nonnull (path);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (path)));
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- a removed comparison column comes back with Undo ---- */

static DmkResult *
one_test_result (const char *path, double mb_per_s)
{
  DmkResult *r = dmk_result_new ();
  DmkTestSpec spec;
  DmkTestResult *t;
  DmkPass pass = { 0 };

  g_assert_true (dmk_test_spec_parse ("SEQ1M Q1T1", &spec, NULL));
  t = dmk_test_result_new (&spec, DMK_DIRECTION_READ);
  pass.mb_per_s = mb_per_s;
  pass.seconds = 1;
  pass.bytes = (guint64) (mb_per_s * 1e6);
  pass.iops = pass.bytes / (double) spec.block_size;
  dmk_test_result_add_pass_series (t, &pass, NULL, NULL);
  g_ptr_array_add (r->tests, t);
  r->target.path = g_strdup (path);
  g_free (r->date);
  r->date = g_strdup ("2026-11-30T18:09:00Z");
  return r;
}

static void
test_compare_remove_undo (void)
{
  g_autoptr (DmkResult) a = one_test_result ("/mnt/a", 100);
  g_autoptr (DmkResult) b = one_test_result ("/mnt/b", 200);
  g_autoptr (DmkResult) c = one_test_result ("/mnt/c", 300);
  DmkCompareWindow *cmp = dmk_compare_window_new (NULL);
  GActionGroup *ag = G_ACTION_GROUP (cmp);

  gtk_window_present (GTK_WINDOW (cmp));
  g_assert_true (dmk_compare_window_add_result (cmp, a, NULL));
  g_assert_true (dmk_compare_window_add_result (cmp, b, NULL));
  g_assert_true (dmk_compare_window_add_result (cmp, c, NULL));
  dmk_compare_window_set_baseline (cmp, 1);
  /* Remove the baseline from its menu: gone, then back in its place and still the baseline. */
  g_action_group_activate_action (ag, "remove", g_variant_new_uint32 (1));
  g_assert_cmpuint (dmk_compare_window_get_n_columns (cmp), ==, 2);
  g_assert_true (dmk_compare_window_get_result (cmp, 1) == c);
  g_action_group_activate_action (ag, "undo-remove", NULL);
  g_assert_cmpuint (dmk_compare_window_get_n_columns (cmp), ==, 3);
  g_assert_true (dmk_compare_window_get_result (cmp, 0) == a);
  g_assert_true (dmk_compare_window_get_result (cmp, 1) == b);
  g_assert_true (dmk_compare_window_get_result (cmp, 2) == c);
  g_assert_cmpuint (dmk_compare_window_get_baseline (cmp), ==, 1);
  /* Undo once only. */
  g_action_group_activate_action (ag, "undo-remove", NULL);
  g_assert_cmpuint (dmk_compare_window_get_n_columns (cmp), ==, 3);
  /* A column before the baseline: the baseline stays on its result. */
  g_action_group_activate_action (ag, "remove", g_variant_new_uint32 (0));
  g_assert_cmpuint (dmk_compare_window_get_baseline (cmp), ==, 0);
  g_action_group_activate_action (ag, "undo-remove", NULL);
  g_assert_true (dmk_compare_window_get_result (cmp, 0) == a);
  g_assert_cmpuint (dmk_compare_window_get_baseline (cmp), ==, 1);
  gtk_window_destroy (GTK_WINDOW (cmp));
}

/* A result with a warning says so on its column and is not the row's best while a clean result
 * has the test. */
static void
test_compare_flagged (void)
{
  g_autoptr (DmkResult) clean = one_test_result ("/mnt/ssd", 100);
  g_autoptr (DmkResult) tmpfs = one_test_result ("/dev/shm", 3000);
  DmkCompareWindow *cmp = dmk_compare_window_new (NULL);
  g_autofree char *header0 = NULL, *header1 = NULL;

  g_ptr_array_add (tmpfs->warnings, g_strdup ("“/dev/shm” is on tmpfs"));
  gtk_window_present (GTK_WINDOW (cmp));
  g_assert_true (dmk_compare_window_add_result (cmp, clean, NULL));
  g_assert_true (dmk_compare_window_add_result (cmp, tmpfs, NULL));
  g_assert_true (dmk_compare_window_cell_is_best (cmp, 0, 0));
  g_assert_false (dmk_compare_window_cell_is_best (cmp, 0, 1));
  header0 = dmk_compare_window_get_header_text (cmp, 0);
  header1 = dmk_compare_window_get_header_text (cmp, 1);
  g_assert_null (strstr (header0, "warning"));
  g_assert_nonnull (strstr (header1, "⚠ 1 warning"));
  gtk_window_destroy (GTK_WINDOW (cmp));
}

/* ---- the same authors in the About window and the report ---- */

static void
test_about_authors (void)
{
  g_autoptr (DmkApplication) app = test_application ();
  g_autoptr (DmkResult) r = one_test_result ("/mnt/a", 100);
  g_autofree char *report = dmk_result_to_text (r);
  DmkWindow *win = dmk_window_new (GTK_APPLICATION (app));
  GListModel *toplevels = gtk_window_get_toplevels ();
  AdwAboutWindow *about = NULL;
  g_autofree char *line = NULL;

  gtk_window_present (GTK_WINDOW (win));
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && about == NULL; i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_ABOUT_WINDOW (w))
        about = ADW_ABOUT_WINDOW (w);
    }
  g_assert_nonnull (about);
  line = g_strdup_printf ("(C) 2026 %s\n", adw_about_window_get_developer_name (about));
  g_assert_nonnull (strstr (report, line));
  g_assert_nonnull (strstr (adw_about_window_get_copyright (about),
                            adw_about_window_get_developer_name (about)));
  gtk_window_destroy (GTK_WINDOW (about));
  destroy_window (win);
}

int
main (int argc, char **argv)
{
  if (!dmk_test_gui_init (&argc, &argv, "window-states"))
    return g_test_run ();
  g_test_add_func ("/window-states/narrow-path", test_narrow_path);
  g_test_add_func ("/window-states/compare-remove-undo", test_compare_remove_undo);
  g_test_add_func ("/window-states/compare-flagged", test_compare_flagged);
  g_test_add_func ("/window-states/about-authors", test_about_authors);
  return g_test_run ();
}
