/* dmk-window-history.c: every finished run of the window (the grid and the scans) added to the
 * history in a thread, unless the save-history setting is off; a store that fails says where
 * the run was kept instead. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-history-dialog.h"
#include "dmk-window-private.h"

static void
save_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  DmkResult *result = data;
  GError *error = NULL;
  gint64 id = 0;

  /* The busy timeout waits here, never in the main loop. */
  if (dmk_history_save_run (NULL, result, TRUE, DMK_HISTORY_BUSY_MS, &id, NULL, &error))
    g_task_return_int (task, id);
  else
    g_task_return_error (task, error);
}

static void
saved (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (source);
  g_autoptr (GError) error = NULL;

  if (g_task_propagate_int (G_TASK (res), &error) > 0 || error == NULL)
    {
      DmkHistoryDialog *dialog = g_object_get_data (G_OBJECT (self), "history-dialog");
      if (dialog != NULL)
        dmk_history_dialog_reload (dialog);
      return;
    }
  g_warning ("%s", error->message);
  /* Closed meanwhile: the warning above is all that can be told. */
  if (gtk_widget_get_realized (GTK_WIDGET (self)))
    _dmk_window_show_error (self, _("The Run Was Not Added to the History"), error->message);
}

static void
on_run_finished (DmkWindow *self, gpointer user_data)
{
  DmkResult *result = dmk_run_controller_get_result (self->run);
  g_autoptr (GTask) task = NULL;
  g_autofree char *json = NULL;
  DmkResult *copy;
  gboolean row_again = dmk_run_controller_get_kind (self->run) == DMK_KIND_GRID && self->merge_run;

  /* A whole run only: a stopped one is not the drive's normal, and a row run again would add
   * the shown result's other tests a second time. */
  if (result == NULL || dmk_run_controller_get_error (self->run) != NULL || row_again ||
      !g_settings_get_boolean (self->settings, "save-history"))
    return;
  /* Through its own JSON: the thread reads a copy that nothing in the window changes. */
  json = dmk_result_to_json (result);
  copy = dmk_result_from_json (json, -1, NULL);
  if (copy == NULL)
    return;
  task = g_task_new (self, NULL, saved, NULL);
  g_task_set_task_data (task, copy, (GDestroyNotify) dmk_result_unref);
  g_task_run_in_thread (task, save_in_thread);
}

static void
open_entry (DmkResult *result, const char *name, gpointer user_data)
{
  DmkWindow *self = user_data;

  if (dmk_run_controller_get_running (self->run))
    {
      _dmk_window_toast (self, _("A run is going on: open the entry when it has finished"));
      return;
    }
  _dmk_window_show_any_result (self, result, name);
  gtk_window_present (GTK_WINDOW (self));
}

static void
dialog_gone (gpointer data, GObject *where_it_was)
{
  g_object_set_data (G_OBJECT (data), "history-dialog", NULL);
}

static void
history_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkWindow *self = user_data;
  DmkHistoryDialog *dialog = g_object_get_data (G_OBJECT (self), "history-dialog");

  if (dialog == NULL)
    {
      dialog = dmk_history_dialog_new (GTK_WINDOW (self), NULL, open_entry, self);
      g_object_set_data (G_OBJECT (self), "history-dialog", dialog);
      g_object_weak_ref (G_OBJECT (dialog), dialog_gone, self);
    }
  gtk_window_present (GTK_WINDOW (dialog));
}

static const GActionEntry history_actions[] = {
  { "history", history_activated, NULL, NULL, NULL },
};

static void
close_dialog (DmkWindow *self, gpointer user_data)
{
  DmkHistoryDialog *dialog = g_object_get_data (G_OBJECT (self), "history-dialog");

  if (dialog != NULL)
    {
      g_object_weak_unref (G_OBJECT (dialog), dialog_gone, self);
      g_object_set_data (G_OBJECT (self), "history-dialog", NULL);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
}

void
_dmk_window_history_init (DmkWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), history_actions,
                                   G_N_ELEMENTS (history_actions), self);
  g_signal_connect (self, "run-finished", G_CALLBACK (on_run_finished), NULL);
  /* The dialog opens entries in this window: it goes with it. */
  g_signal_connect (self, "destroy", G_CALLBACK (close_dialog), NULL);
}

DmkHistoryDialog *
dmk_window_get_history_dialog (DmkWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "history-dialog");
}
