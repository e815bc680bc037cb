/* dmk-window-actions.c: the main window's actions and shortcuts that belong to no other part,
 * and the question it asks before closing during a run. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-capacity-dialog.h"
#include "dmk-iozone-dialog.h"
#include "dmk-gui-utils.h"
#include "dmk-tests-dialog.h"
#include "dmk-preferences.h"
#include "dmk-window-private.h"

static void
toast_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _dmk_window_toast (DMK_WINDOW (user_data), g_variant_get_string (param, NULL));
}

/* Back from a fio job's plan to the controls'. */
static void
close_job_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _dmk_window_set_job (DMK_WINDOW (user_data), NULL, NULL);
}

/* Back from an opened file to the last run, or to an empty grid. */
static void
close_result_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (user_data);

  _dmk_window_show_result (self, self->last_run, NULL);
}

static void
undo_clear_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (user_data);
  g_autoptr (DmkResult) result = g_steal_pointer (&self->undo_result);
  g_autofree char *source = g_strdup (g_object_get_data (G_OBJECT (self), "undo-source"));

  if (result == NULL || dmk_run_controller_get_running (self->run))
    return;
  self->restoring = TRUE;
  /* The Tests dialog's change is undone too: the custom tests the result was made with. */
  if (self->undo_custom != NULL)
    g_settings_set_value (self->settings, "custom-tests", self->undo_custom);
  if (self->undo_profile != NULL)
    g_settings_set_string (self->settings, "profile", self->undo_profile);
  g_settings_set_boolean (self->settings, "mix", self->undo_mix);
  self->restoring = FALSE;
  g_clear_pointer (&self->undo_custom, g_variant_unref);
  /* And the status of the run it came from. */
  g_free (self->end_status);
  self->end_status = g_steal_pointer (&self->undo_status);
  _dmk_window_show_result (self, result, source);
}

/* ---- closing ---- */

static void
close_response (AdwMessageDialog *dialog, const char *response, DmkWindow *self)
{
  gboolean stop = g_str_equal (response, "stop");

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (!stop)
    return;
  if (!dmk_run_controller_get_running (self->run))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  /* The window goes once the worker has seen the cancel and the test file is gone; the runner
   * answers within about 100 ms. */
  self->close_after_run = TRUE;
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  dmk_run_controller_stop (self->run);
}

/* What is lost if the window closes now, said for the job that runs. */
static AdwMessageDialog *
close_question (DmkWindow *self)
{
  GtkWindow *window = GTK_WINDOW (self);
  AdwMessageDialog *dialog;

  switch (dmk_run_controller_get_job (self->run))
    {
    case DMK_RUN_JOB_CAPACITY:
      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
        window, _("Stop the Capacity Check and Close?"),
        _("The capacity check is still running. It stops at once and leaves nothing behind, "
          "but it will not say how much really holds data.")));
      break;
    case DMK_RUN_JOB_IOZONE:
      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
        window, _("Stop the iozone Sweep and Close?"),
        _("The sweep is still running. The tables of the file sizes not yet finished are "
          "lost.")));
      break;
    case DMK_RUN_JOB_RUN:
    default:
      if (dmk_run_controller_get_kind (self->run) == DMK_KIND_GRID)
        dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
          window, _("Stop the Benchmark and Close?"),
          _("The benchmark is still running. Tests that have not finished are lost.")));
      else
        dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
          window, _("Stop the Scan and Close?"),
          _("The scan is still running. What it measured is lost unless you keep running it "
            "and save the result.")));
      break;
    }
  adw_message_dialog_add_responses (dialog, "cancel", _("_Keep Running"), "stop",
                                    _("_Stop and Close"), NULL);
  return dialog;
}

static gboolean
close_request (GtkWindow *window)
{
  DmkWindow *self = DMK_WINDOW (window);
  AdwMessageDialog *dialog;
  int w = 0, h = 0;

  gtk_window_get_default_size (window, &w, &h);
  if (w > 0 && h > 0)
    {
      g_settings_set_int (self->settings, "window-width", w);
      g_settings_set_int (self->settings, "window-height", h);
    }
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  if (!dmk_run_controller_get_running (self->run) || self->close_after_run)
    return FALSE;
  if (self->close_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->close_dialog));
      return TRUE;
    }
  dialog = close_question (self);
  adw_message_dialog_set_response_appearance (dialog, "stop", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (close_response), self);
  self->close_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->close_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* ---- shortcuts ---- */

/* win.show-help-overlay, as GtkApplicationWindow's own, but the Keyboard Shortcuts window is
 * built when it is first asked for: GTK would build it for every window before its first frame
 * (a tenth of the window's startup here). Set, the overlay keeps this action. */
static void
show_help_overlay_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplicationWindow *self = user_data;
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (self);

  if (overlay == NULL)
    {
      g_autoptr (GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/gdiskmark/GDiskMark/dmk-shortcuts.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (self, overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static gboolean
focus_shortcut (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (widget);
  const char *which = g_variant_get_string (args, NULL);
  GtkWidget *target = NULL;

  if (g_str_equal (which, "passes"))
    target = GTK_WIDGET (self->passes_dropdown);
  else if (g_str_equal (which, "size"))
    target = GTK_WIDGET (self->size_dropdown);
  else if (g_str_equal (which, "target"))
    target = dmk_target_chooser_get_dropdown (self->target_chooser);
  else if (g_str_equal (which, "unit"))
    target = GTK_WIDGET (self->unit_dropdown);
  else if (g_str_equal (which, "comment"))
    target = GTK_WIDGET (self->comment_entry);
  return target != NULL && gtk_widget_grab_focus (target);
}

/* CrystalDiskMark's Settings dialog: each row's test, kept as the Custom profile. */
static void
edit_tests_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  DmkWindow *self = data;

  GtkWindow *dialog = dmk_tests_dialog_new (GTK_WINDOW (self), self->settings);

  /* While it is open, its changes wait: the shown result goes (with Undo) when it closes. */
  _dmk_window_tests_dialog_opened (self, dialog);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (_dmk_window_tests_dialog_closed), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (dialog);
}

/* Every setting the menu held, in one window with search (GNOME's Preferences). */
static void
preferences_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  DmkWindow *self = data;

  gtk_window_present (dmk_preferences_new (GTK_WINDOW (self), self->settings));
}

/* The fastest sequential write the shown result measured on path, in MB/s; 0 when it is another
 * target's, or has none. */
static double
write_rate_here (DmkWindow *self, const char *path)
{
  double best = 0;

  if (self->shown == NULL || g_strcmp0 (self->shown->target.path, path) != 0)
    return 0;
  for (guint i = 0; i < self->shown->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (self->shown->tests, i);

      if (t->direction == DMK_DIRECTION_WRITE && t->spec.pattern == DMK_PATTERN_SEQUENTIAL)
        best = MAX (best, t->mb_per_s);
    }
  return best;
}

/* Check Capacity…: its dialog says what it will do (a folder's free space filled, a device
 * overwritten whole: its own question, whatever write tests were allowed) and starts only on
 * the user's word, through the window's run controller. */
static void
check_capacity_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  DmkWindow *self = data;
  const char *path = dmk_target_chooser_get_path (self->target_chooser);
  DmkSettings s;
  GtkWindow *dialog;

  if (path == NULL || dmk_run_controller_get_running (self->run))
    return;
  _dmk_window_read_settings (self, &s);
  dialog = dmk_capacity_dialog_new (GTK_WINDOW (self), self->run, path, &s,
                                    write_rate_here (self, path));
  dmk_settings_clear (&s);
  gtk_window_present (dialog);
}

/* iozone Sweep…: the window's target and settings; on a device the writes only with the consent
 * write tests have, which the dialog's runs check against the device at the path. */
static void
iozone_sweep_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  DmkWindow *self = data;
  const char *path = dmk_target_chooser_get_path (self->target_chooser);
  gboolean device = _dmk_window_target_is_device (self);
  DmkSettings s;
  GtkWindow *dialog;

  if (path == NULL || dmk_run_controller_get_running (self->run))
    return;
  /* The device at the path now is the one writes were allowed on, or they are not. */
  if (device)
    dmk_target_chooser_recheck_consent (self->target_chooser);
  _dmk_window_read_settings (self, &s);
  dialog = dmk_iozone_dialog_new (GTK_WINDOW (self), self->run, path, &s, device,
                                  s.allow_write_device
                                    ? dmk_target_chooser_get_consent (self->target_chooser)
                                    : NULL);
  dmk_settings_clear (&s);
  gtk_window_present (dialog);
}

static void
actions_class_init (GtkWidgetClass *widget_class)
{
  static const struct
  {
    guint key;
    const char *which;
  } focus_keys[] = {
    { GDK_KEY_p, "passes" }, { GDK_KEY_s, "size" },       { GDK_KEY_t, "target" },
    { GDK_KEY_u, "unit" },   { GDK_KEY_c, "comment" },
  };

  /* The question before closing during a run. */
  GTK_WINDOW_CLASS (widget_class)->close_request = close_request;
  /* GNOME's key for Preferences. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, GDK_CONTROL_MASK,
                                       "win.preferences", NULL);
  /* CrystalDiskMark's keys for copying and saving. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK,
                                       "win.save-text", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "win.save-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.share", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "win.compare",
                                       NULL);
  for (guint i = 0; i < G_N_ELEMENTS (focus_keys); i++)
    gtk_widget_class_add_binding (widget_class, focus_keys[i].key, GDK_ALT_MASK, focus_shortcut,
                                  "s", focus_keys[i].which);
}

static const GActionEntry win_actions[] = {
  { "close-result", close_result_activated, NULL, NULL, NULL },
  { "close-job", close_job_activated, NULL, NULL, NULL },
  { "undo-clear", undo_clear_activated, NULL, NULL, NULL },
  { "toast", toast_activated, "s", NULL, NULL },
  { "edit-tests", edit_tests_activated, NULL, NULL, NULL },
  { "preferences", preferences_activated, NULL, NULL, NULL },
  { "check-capacity", check_capacity_activated, NULL, NULL, NULL },
  { "iozone-sweep", iozone_sweep_activated, NULL, NULL, NULL },
  { "show-help-overlay", show_help_overlay_activated, NULL, NULL, NULL },
};

static const char *const settings_actions[] = {
  "profile", "mode", "mix", "mix-ratio", "data", "measure-time", "interval", "engine", "direct",
  "verify",
  "save-history",
  "until-stable", "score", "reread",
};

static void
actions_init (DmkWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions),
                                   self);
  for (guint i = 0; i < G_N_ELEMENTS (settings_actions); i++)
    {
      g_autoptr (GAction) action = g_settings_create_action (self->settings, settings_actions[i]);
      g_action_map_add_action (G_ACTION_MAP (self), action);
    }
}

/* The settings actions follow GSettings, which outlives the window: take them out while the
 * window's action group is still there, or a later settings change reaches a freed group (a
 * window that GTK keeps alive a little longer, as under a resting pointer, is disposed first). */
static void
actions_dispose (DmkWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (settings_actions); i++)
    g_action_map_remove_action (G_ACTION_MAP (self), settings_actions[i]);
}

const DmkWindowPart _dmk_window_actions_part = { actions_class_init, actions_init,
                                                 actions_dispose };
