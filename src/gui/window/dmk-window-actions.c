/* dmk-window-actions.c: the main window's actions and shortcuts, and the questions it asks
 * before destroying data or a run. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-capacity-dialog.h"
#include "dmk-iozone-dialog.h"
#include "dmk-gui-utils.h"
#include "dmk-tests-dialog.h"
#include "dmk-window-private.h"

static void
start_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _dmk_window_start_run (DMK_WINDOW (user_data), DMK_RESULT_GRID_ALL);
}

static void
run_test_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _dmk_window_start_run (DMK_WINDOW (user_data), g_variant_get_int32 (param));
}

static void
stop_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dmk_run_controller_stop (DMK_WINDOW (user_data)->run);
}

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

/* ---- the destroy-data confirmation ---- */

static void
identity_free (gpointer identity)
{
  dmk_device_identity_clear (identity);
  g_free (identity);
}

static void
allow_response (AdwMessageDialog *dialog, const char *response, DmkWindow *self)
{
  g_autofree char *path = g_strdup (g_object_get_data (G_OBJECT (dialog), "device"));
  const DmkDeviceIdentity *named = g_object_get_data (G_OBJECT (dialog), "identity");
  int row = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "row"));
  gboolean confirmed = g_str_equal (response, "destroy") &&
                       g_strcmp0 (path, dmk_window_get_target_path (self)) == 0 &&
                       !dmk_run_controller_get_running (self->run);
  /* For the device the question named, and only if it is still the one there. */
  gboolean allowed = confirmed && named != NULL &&
                     dmk_target_chooser_allow_writes (self->target_chooser, named);

  if (!confirmed)
    dmk_target_chooser_forget_consent_lost (self->target_chooser);
  /* Also when answered from code (adw_message_dialog_response), which does not close it. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (allowed)
    {
      g_autofree char *msg = g_strdup_printf (_("Write tests are allowed on %s until you choose "
                                                "another target"),
                                              path);
      _dmk_window_toast (self, msg);
      /* "Destroy Data and Test": the test the user asked for runs now. */
      _dmk_window_start_run (self, row);
    }
  else if (confirmed)
    /* Another device took the name while the question was open: ask about that one. */
    _dmk_window_actions_ask_device_writes (self, row);
}

void
_dmk_window_actions_ask_device_writes (DmkWindow *self, int row)
{
  DmkTargetItem *device = dmk_target_chooser_get_device (self->target_chooser);
  const char *path = dmk_window_get_target_path (self);
  g_autofree char *body = NULL, *what = NULL;
  AdwMessageDialog *dialog;

  if (device == NULL || dmk_target_item_get_in_use (device) ||
      dmk_run_controller_get_running (self->run) ||
      dmk_target_chooser_get_writes_allowed (self->target_chooser))
    return;
  if (self->allow_dialog != NULL)
    {
      g_object_set_data (G_OBJECT (self->allow_dialog), "row", GINT_TO_POINTER (row));
      gtk_window_present (GTK_WINDOW (self->allow_dialog));
      return;
    }
  /* The question names the device there now, whatever the list saw last. */
  dmk_target_chooser_describe_target_now (self->target_chooser);
  device = dmk_target_chooser_get_device (self->target_chooser);
  if (dmk_target_item_get_in_use (device))
    return;
  what = dmk_describe_device (path, dmk_target_item_get_model (device),
                              dmk_target_item_get_size (device));
  {
    g_autofree char *warning = g_strdup_printf (
      _("Write tests write over the whole test area of %s. All data on this device will be "
        "destroyed: its files, partitions and file systems cannot be recovered afterwards.\n\n"
        "Allow this only for a device whose contents you no longer need."),
      what);

    /* What the kernel's exclusive open cannot see: a holder that never asked for it. */
    body = g_strdup_printf ("%s\n\n%s", warning,
                            _("A program that uses the device without locking it, such as a "
                              "virtual machine using it as its disk, is not noticed: close such "
                              "programs first."));
  }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("Destroy All Data on This Device?"),
                                                       body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "destroy",
                                    _("_Destroy Data and Test"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "destroy", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "device", g_strdup (path), g_free);
  g_object_set_data (G_OBJECT (dialog), "row", GINT_TO_POINTER (row));
  {
    DmkDeviceIdentity *named = g_new0 (DmkDeviceIdentity, 1);

    dmk_device_identity_copy (named, &dmk_target_item_get_place (device)->identity);
    g_object_set_data_full (G_OBJECT (dialog), "identity", named, identity_free);
  }
  g_signal_connect (dialog, "response", G_CALLBACK (allow_response), self);
  self->allow_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->allow_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
allow_device_writes_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  _dmk_window_actions_ask_device_writes (DMK_WINDOW (user_data), DMK_RESULT_GRID_ALL);
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

gboolean
_dmk_window_actions_close_request (GtkWindow *window)
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
  if (dmk_run_controller_get_kind (self->run) == DMK_KIND_GRID)
    {
      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
        window, _("Stop the Benchmark and Close?"),
        _("The benchmark is still running. Tests that have not finished are lost.")));
      adw_message_dialog_add_responses (dialog, "cancel", _("_Keep Running"), "stop",
                                        _("_Stop and Close"), NULL);
    }
  else
    {
      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
        window, _("Stop the Scan and Close?"),
        _("The scan is still running. What it measured is lost unless you keep running it and "
          "save the result.")));
      adw_message_dialog_add_responses (dialog, "cancel", _("_Keep Running"), "stop",
                                        _("_Stop and Close"), NULL);
    }
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

/* The menu's fifty-odd rows are built when it first opens, not while the window starts. */
static void
create_primary_menu (GtkMenuButton *button, gpointer user_data)
{
  g_autoptr (GtkBuilder) builder = NULL;

  /* Each time it opens: Open Recent's rows are checked again. */
  if (gtk_menu_button_get_menu_model (button) != NULL)
    {
      _dmk_window_recent_menu (user_data);
      return;
    }
  builder = gtk_builder_new_from_resource ("/io/github/gdiskmark/GDiskMark/dmk-menus.ui");
  /* Open Recent, under Open Results…: the window keeps its rows up to date. */
  g_menu_insert_submenu (G_MENU (gtk_builder_get_object (builder, "file_section")), 1,
                         _("Open _Recent"), _dmk_window_recent_menu (user_data));
  gtk_menu_button_set_menu_model (button,
                                  G_MENU_MODEL (gtk_builder_get_object (builder, "primary_menu")));
  dmk_name_lists (GTK_WIDGET (gtk_menu_button_get_popover (button)), _("Main Menu"));
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

/* Check Capacity…: on a device it writes over everything, so it needs the consent write tests
 * need; a folder only sees a hidden file. */
static void
check_capacity_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  DmkWindow *self = data;
  const char *path = dmk_target_chooser_get_path (self->target_chooser);
  gboolean device = _dmk_window_target_is_device (self);
  const DmkDeviceIdentity *consent = NULL;
  DmkSettings s;
  GtkWindow *dialog;

  if (path == NULL || dmk_run_controller_get_running (self->run))
    return;
  /* The device at the path now is the one writes were allowed on, or they are not; the check
   * itself compares the device it opened with this consent before it writes. */
  if (device && dmk_target_chooser_recheck_consent (self->target_chooser))
    consent = dmk_target_chooser_get_consent (self->target_chooser);
  _dmk_window_read_settings (self, &s);
  if (device && (!s.allow_write_device || consent == NULL))
    {
      _dmk_window_show_error (self, _("Checking a Device’s Capacity Destroys Its Data"),
                              _("The check writes over the whole device. Allow write tests on "
                                "it first (menu → Allow Write Tests on This Device…), then check "
                                "again."));
      dmk_settings_clear (&s);
      return;
    }
  dialog = dmk_capacity_dialog_new (GTK_WINDOW (self), path, &s, consent);
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
  dialog = dmk_iozone_dialog_new (GTK_WINDOW (self), path, &s, device,
                                  s.allow_write_device
                                    ? dmk_target_chooser_get_consent (self->target_chooser)
                                    : NULL);
  dmk_settings_clear (&s);
  gtk_window_present (dialog);
}

void
_dmk_window_actions_class_init (GtkWidgetClass *widget_class)
{
  static const struct
  {
    guint key;
    const char *which;
  } focus_keys[] = {
    { GDK_KEY_p, "passes" }, { GDK_KEY_s, "size" },       { GDK_KEY_t, "target" },
    { GDK_KEY_u, "unit" },   { GDK_KEY_c, "comment" },
  };

  /* Escape stops a run; popovers and dialogs see it first, so it never surprises there. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.stop", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "win.start", NULL);
  for (guint i = 0; i < 9; i++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                           "win.run-test", "i", (gint32) i);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_1 + i, GDK_ALT_MASK,
                                           "win.run-test", "i", (gint32) i);
    }
  /* CrystalDiskMark's keys for copying and saving. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK,
                                       "win.save-text", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "win.save-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "win.compare",
                                       NULL);
  for (guint i = 0; i < G_N_ELEMENTS (focus_keys); i++)
    gtk_widget_class_add_binding (widget_class, focus_keys[i].key, GDK_ALT_MASK, focus_shortcut,
                                  "s", focus_keys[i].which);
}

static const GActionEntry win_actions[] = {
  { "start", start_activated, NULL, NULL, NULL },
  { "run-test", run_test_activated, "i", NULL, NULL },
  { "stop", stop_activated, NULL, NULL, NULL },
  /* What a row's Stop button does: its row is its target, as for win.run-test. */
  { "stop-row", stop_activated, "i", NULL, NULL },
  { "allow-device-writes", allow_device_writes_activated, NULL, NULL, NULL },
  { "close-result", close_result_activated, NULL, NULL, NULL },
  { "close-job", close_job_activated, NULL, NULL, NULL },
  { "undo-clear", undo_clear_activated, NULL, NULL, NULL },
  { "toast", toast_activated, "s", NULL, NULL },
  { "edit-tests", edit_tests_activated, NULL, NULL, NULL },
  { "check-capacity", check_capacity_activated, NULL, NULL, NULL },
  { "iozone-sweep", iozone_sweep_activated, NULL, NULL, NULL },
};

static const char *const settings_actions[] = {
  "profile", "mode", "mix", "mix-ratio", "data", "measure-time", "interval", "engine", "direct",
  "verify",
  "save-history",
  "until-stable", "score", "reread",
};

void
_dmk_window_actions_init (DmkWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions),
                                   self);
  for (guint i = 0; i < G_N_ELEMENTS (settings_actions); i++)
    {
      g_autoptr (GAction) action = g_settings_create_action (self->settings, settings_actions[i]);
      g_action_map_add_action (G_ACTION_MAP (self), action);
    }
  gtk_menu_button_set_create_popup_func (self->menu_button, create_primary_menu, self, NULL);
}

/* The settings actions follow GSettings, which outlives the window: take them out while the
 * window's action group is still there, or a later settings change reaches a freed group (a
 * window that GTK keeps alive a little longer, as under a resting pointer, is disposed first). */
void
_dmk_window_actions_dispose (DmkWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (settings_actions); i++)
    g_action_map_remove_action (G_ACTION_MAP (self), settings_actions[i]);
}
