/* test-tests-dialog.c: the Tests dialog (issue 11): rows set one by one become the Custom profile,
 * named as the CLI's --test names them, and run as the grid shows them. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dmk-test-gui.h"
#include "dmk-tests-dialog.h"

static DmkTestsDialog *
open_dialog (DmkWindow *win)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_action_group_activate_action (G_ACTION_GROUP (win), "edit-tests", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (DMK_IS_TESTS_DIALOG (w))
        return DMK_TESTS_DIALOG (w);
    }
  g_assert_not_reached ();
}

/* The grid's rows are exactly names, in order, each with its name in its button's tooltip. */
static void
check_grid (DmkWindow *win, const char *const *names)
{
  g_assert_cmpuint (dmk_window_get_n_rows (win), ==, g_strv_length ((char **) names));
  for (guint r = 0; names[r] != NULL; r++)
    {
      DmkTestSpec want;
      const DmkTestSpec *spec = dmk_result_grid_get_spec (win->grid, r);
      const char *tip = gtk_widget_get_tooltip_text (dmk_window_get_test_button (win, r));

      g_assert_true (dmk_test_spec_parse (names[r], &want, NULL));
      g_assert_nonnull (spec);
      g_assert_true (dmk_test_spec_equal (spec, &want));
      g_assert_nonnull (tip);
      g_assert_nonnull (strstr (tip, names[r]));
    }
}

/* What the CLI runs for --test name, as the first column of its CSV. */
static void
check_cli_names (const char *dir, const char *const *names)
{
  g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();
  g_auto (GStrv) args = NULL;
  g_auto (GStrv) lines = NULL;
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_strv_builder_add_many (argv, g_getenv ("GDISKMARK_CLI"), "-m", "read", "-n", "1", "-s",
                           "16MiB", "-t", "1", "-i", "0", "-f", "csv", "-q", NULL);
  for (guint i = 0; names[i] != NULL; i++)
    g_strv_builder_add_many (argv, "--test", names[i], NULL);
  g_strv_builder_add (argv, dir);
  args = g_strv_builder_end (argv);
  g_assert_true (g_spawn_sync (NULL, args, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (g_strstrip (out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, g_strv_length ((char **) names) + 1);
  for (guint i = 0; names[i] != NULL; i++)
    g_assert_true (g_str_has_prefix (lines[i + 1], names[i]) &&
                   lines[i + 1][strlen (names[i])] == ',');
}

static void
check_profile (GSettings *s, const char *want)
{
  g_autofree char *profile = g_settings_get_string (s, "profile");

  g_assert_cmpstr (profile, ==, want);
}

static void
check_run (DmkWindow *win, const char *const *names)
{
  DmkResult *result;

  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  result = dmk_window_get_shown_result (win);
  g_assert_nonnull (result);
  g_assert_cmpstr (result->settings.profile, ==, DMK_PROFILE_CUSTOM);
  g_assert_cmpuint (result->tests->len, ==, g_strv_length ((char **) names));
  for (guint i = 0; i < result->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (result->tests, i);
      g_autofree char *name = dmk_test_spec_to_name (&t->spec);
      g_assert_cmpstr (name, ==, names[i]);
    }
  check_grid (win, names);
}

static void
test_custom_rows (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *dir = make_target_dir ();
  g_auto (GStrv) names = NULL;
  g_auto (GStrv) stored = NULL;
  const char *const def[] = { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1", NULL };
  const char *const custom[] = { "SEQ1M Q8T1", "SEQ128K Q32T1", "RND4K Q32T1", "RND4K Q1T1",
                                 NULL };
  DmkTestsDialog *dialog;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("default");
  g_settings_set_string (s, "mode", "read");
  win = new_window (dir);
  dialog = open_dialog (win);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (win));
  g_assert_cmpuint (dmk_tests_dialog_get_n_rows (dialog), ==, 4);
  names = dmk_tests_dialog_get_names (dialog);
  g_assert_cmpstrv (names, def);
  g_clear_pointer (&names, g_strfreev);

  /* Row 2: 128 KiB (the sixth step from 4 KiB), queue depth 32 (the sixth from 1). */
  adw_combo_row_set_selected (dmk_tests_dialog_get_combo (dialog, 1, DMK_TESTS_FIELD_BLOCK), 5);
  adw_combo_row_set_selected (dmk_tests_dialog_get_combo (dialog, 1, DMK_TESTS_FIELD_QUEUE), 5);
  names = dmk_tests_dialog_get_names (dialog);
  g_assert_cmpstrv (names, custom);
  stored = g_settings_get_strv (s, "custom-tests");
  g_assert_cmpstrv (stored, custom);
  check_profile (s, DMK_PROFILE_CUSTOM);
  for (guint i = 0; stored[i] != NULL; i++)
    {
      DmkTestSpec spec;
      g_autofree char *again = NULL;
      g_assert_true (dmk_test_spec_parse (stored[i], &spec, NULL));
      again = dmk_test_spec_to_name (&spec);
      g_assert_cmpstr (again, ==, stored[i]);
    }
  check_grid (win, custom);
  g_assert_nonnull (strstr (dmk_window_get_subtitle (win), "Custom"));
  check_run (win, custom);
  check_cli_names (dir, custom);

  click (dmk_tests_dialog_get_reset_button (dialog));
  check_profile (s, "default");
  g_clear_pointer (&names, g_strfreev);
  names = dmk_tests_dialog_get_names (dialog);
  g_assert_cmpstrv (names, def);
  /* The run's result stays in front of the dialog; its rows give way once it closes. */
  check_grid (win, custom);
  gtk_window_destroy (GTK_WINDOW (dialog));
  settle ();
  check_grid (win, def);

  destroy_window (win);
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_rmdir (dir);
}

/* A strided row shows its stride, which the keyboard changes (real key presses): the name, the
 * stored custom tests, the grid and the CLI all take it, and the dialog opened again shows it. */
static void
test_stride (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *dir = make_target_dir ();
  g_auto (GStrv) names = NULL;
  g_auto (GStrv) stored = NULL;
  const char *const strided[] = { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "STR4K Q1T1 S17",
                                  NULL };
  const char *const wider[] = { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "STR4K Q1T1 S20",
                                NULL };
  DmkTestsDialog *dialog;
  GtkSpinButton *spin;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("default");
  g_settings_set_string (s, "mode", "read");
  win = new_window (dir);
  dialog = open_dialog (win);
  gtk_window_present (GTK_WINDOW (dialog));
  spin = dmk_tests_dialog_get_stride (dialog, 3);
  settle ();
  /* A random row has no stride to show. */
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (spin)));
  adw_combo_row_set_selected (dmk_tests_dialog_get_combo (dialog, 3, DMK_TESTS_FIELD_TYPE),
                              DMK_PATTERN_STRIDED);
  settle ();
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (spin)));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 17);
  names = dmk_tests_dialog_get_names (dialog);
  g_assert_cmpstrv (names, strided);
  g_clear_pointer (&names, g_strfreev);

  /* Three presses of Up in the focused spin button: 17 → 20. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (spin)));
  settle ();
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (press_key (GTK_WIDGET (dialog), "Up"));
      settle ();
    }
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 20);
  names = dmk_tests_dialog_get_names (dialog);
  g_assert_cmpstrv (names, wider);
  stored = g_settings_get_strv (s, "custom-tests");
  g_assert_cmpstrv (stored, wider);
  check_profile (s, DMK_PROFILE_CUSTOM);
  check_grid (win, wider);
  check_cli_names (dir, wider);

  /* Opened again, the dialog shows the stride kept. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  settle ();
  dialog = open_dialog (win);
  spin = dmk_tests_dialog_get_stride (dialog, 3);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 20);
  g_clear_pointer (&names, g_strfreev);
  names = dmk_tests_dialog_get_names (dialog);
  g_assert_cmpstrv (names, wider);
  gtk_window_destroy (GTK_WINDOW (dialog));
  settle ();

  destroy_window (win);
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_rmdir (dir);
}

/* Custom tests a hand edit broke plan Default's rows rather than none. */
static void
test_broken_custom (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  const char *const bad[] = { "SEQ1M Q8T1", "FAST", NULL };
  const char *const def[] = { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1", NULL };
  DmkWindow *win;

  reset_settings ();
  set_tiny ("custom");
  g_settings_set_strv (s, "custom-tests", bad);
  win = new_window (NULL);
  check_grid (win, def);
  destroy_window (win);
}

int
main (int argc, char *argv[])
{
  if (!dmk_test_gui_init (&argc, &argv, "tests-dialog"))
    return g_test_run ();
  g_test_add_func ("/tests-dialog/custom-rows", test_custom_rows);
  g_test_add_func ("/tests-dialog/stride", test_stride);
  g_test_add_func ("/tests-dialog/broken-custom", test_broken_custom);
  return g_test_run ();
}
