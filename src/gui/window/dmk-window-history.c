/* dmk-window-history.c: every finished run of the window (the grid and the scans) added to the
 * history in a thread, unless the save-history setting is off; a store that fails says where
 * the run was kept instead. And the drive's rated speed, kept in the history from the Rated
 * Speed dialog, which the result shown then carries. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-history-dialog.h"
#include "dmk-window-private.h"

typedef struct
{
  DmkResult *result; /* the copy the thread saves */
  DmkResult *of;     /* the window's run it is a copy of (a reference, so its address stays its) */
  gint64 id;
  char *verdict;
  char *left_out; /* which earlier runs were not set against it, and why; or NULL */
} Save;

static void
save_free (Save *save)
{
  dmk_result_unref (save->result);
  dmk_result_unref (save->of);
  g_free (save->verdict);
  g_free (save->left_out);
  g_free (save);
}

/* The results of the drive of the run saved as id, with that run last: it is the one judged,
 * whatever the dates of entries imported or saved meanwhile by another process. NULL where the
 * store cannot be read again (the save's own message is enough then) or the run has no grid. */
static GPtrArray *
drive_results (gint64 id)
{
  g_autofree char *path = dmk_history_default_path ();
  g_autoptr (DmkHistory) h = dmk_history_open (path, DMK_HISTORY_BUSY_MS, NULL);
  g_autoptr (GPtrArray) all = NULL;
  g_autoptr (GPtrArray) results = NULL;
  DmkResult *newest = NULL;
  gint64 drive = -1;

  if (h == NULL || (all = dmk_history_list (h, NULL, NULL)) == NULL)
    return NULL;
  for (guint i = 0; i < all->len; i++)
    if (((DmkHistoryEntry *) all->pdata[i])->id == id)
      drive = ((DmkHistoryEntry *) all->pdata[i])->drive_id;
  results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  for (guint i = 0; i < all->len; i++)
    {
      DmkHistoryEntry *e = all->pdata[i];
      DmkResult *r;

      if (e->drive_id != drive || (r = dmk_history_entry_result (e, NULL)) == NULL)
        continue;
      if (e->id == id)
        newest = r;
      else
        g_ptr_array_add (results, r);
    }
  if (newest == NULL)
    return NULL;
  g_ptr_array_add (results, newest);
  if (newest->kind != DMK_KIND_GRID)
    return NULL;
  return g_steal_pointer (&results);
}

/* The tests of the newest run beyond noise, else that all are within it. Only what the run
 * measured is judged (a row run alone is one test), and only against earlier runs of the same
 * settings (dmk_history_stats). */
static char *
verdict_line (GPtrArray *results)
{
  g_autoptr (GArray) stats = dmk_history_stats (results);
  g_autoptr (GString) beyond = g_string_new (NULL);
  guint judged = 0, unknown = 0, earlier = 0;

  for (guint i = 0; i < stats->len; i++)
    {
      const DmkHistoryStat *st = &g_array_index (stats, DmkHistoryStat, i);
      g_autofree char *name = NULL, *delta = NULL;

      if (st->n_entries < 2 || !st->in_newest)
        continue;
      earlier = MAX (earlier, st->n_earlier);
      judged++;
      unknown += st->noise == DMK_NOISE_UNKNOWN;
      if (st->noise != DMK_NOISE_BEYOND)
        continue;
      name = dmk_test_spec_to_name (&st->spec);
      delta = dmk_format_delta (st->delta_percent, TRUE);
      /* TRANSLATORS: one test beyond noise in "Against this drive's history: RND4K Q1T1 Read
       * -25.0 %, …" */
      g_string_append_printf (beyond, _("%s%s %s %s %%"), beyond->len > 0 ? ", " : "", name,
                              dmk_direction_label (st->direction), delta);
    }
  if (judged == 0)
    return g_strdup (_("The first run with these settings in this drive’s history"));
  if (beyond->len > 0)
    /* TRANSLATORS: the tests whose newest run differs from the drive's median by more than
     * their passes' noise (Welch's t-test, 95 %) */
    return g_strdup_printf (_("Against this drive’s history: beyond noise in %s"), beyond->str);
  if (unknown == judged)
    return g_strdup (_("Against this drive’s history: too few passes to judge"));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Against this drive’s history: every test within noise "
                                       "(%u earlier run)",
                                       "Against this drive’s history: every test within noise "
                                       "(%u earlier runs)",
                                       earlier),
                          earlier);
}

/* One line of what the drive's history says of the run just saved as id (NULL when there is
 * nothing to say), and into *left_out what the line leaves unsaid: the conditions the run
 * differs in from the earlier runs it is set against (compared all the same), and the earlier
 * runs it was not set against, and why. That goes to the line's tooltip, so that the window
 * keeps its size. */
static char *
verdict_of (gint64 id, char **left_out)
{
  g_autoptr (GPtrArray) results = drive_results (id);
  g_autofree char *differ = NULL, *left = NULL;

  *left_out = NULL;
  if (results == NULL)
    return NULL;
  differ = dmk_history_conditions_text (results);
  left = dmk_history_left_out_text (results);
  *left_out = differ != NULL && left != NULL ? g_strdup_printf ("%s\n%s", differ, left)
                                             : g_strdup (differ != NULL ? differ : left);
  return verdict_line (results);
}

static void
save_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Save *save = data;
  GError *error = NULL;

  /* The busy timeout waits here, never in the main loop. */
  if (!dmk_history_save_run (NULL, save->result, TRUE, DMK_HISTORY_BUSY_MS, &save->id, NULL,
                             &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (save->id > 0)
    save->verdict = verdict_of (save->id, &save->left_out);
  g_task_return_int (task, save->id);
}

static void
saved (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (source);
  Save *save = g_task_get_task_data (G_TASK (res));
  g_autoptr (GError) error = NULL;

  if (g_task_propagate_int (G_TASK (res), &error) > 0 || error == NULL)
    {
      DmkHistoryDialog *dialog = g_object_get_data (G_OBJECT (self), "history-dialog");

      /* A window closed meanwhile has no lines left to say it in. */
      if (save->verdict != NULL && save->of == self->history_verdict_of &&
          gtk_widget_get_realized (GTK_WIDGET (self)))
        {
          g_free (self->history_verdict);
          self->history_verdict = g_steal_pointer (&save->verdict);
          g_free (self->history_left_out);
          self->history_left_out = g_steal_pointer (&save->left_out);
          _dmk_window_update_state (self);
        }
      /* The drive's rating came with the save: the run shows its share. */
      if (save->of->rated.read_mb_per_s != save->result->rated.read_mb_per_s ||
          save->of->rated.write_mb_per_s != save->result->rated.write_mb_per_s)
        {
          save->of->rated = save->result->rated;
          if (save->of == self->shown && gtk_widget_get_realized (GTK_WIDGET (self)))
            {
              dmk_result_grid_set_result (self->grid, self->shown);
              _dmk_window_update_state (self);
            }
        }
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
  Save *save;
  gboolean row_again = dmk_run_controller_get_kind (self->run) == DMK_KIND_GRID && self->merge_run;

  /* A whole run only: a stopped one is not the drive's normal, and a row run again would add
   * the shown result's other tests a second time. */
  if (dmk_run_controller_get_job (self->run) != DMK_RUN_JOB_RUN || result == NULL ||
      dmk_run_controller_get_error (self->run) != NULL || row_again ||
      !g_settings_get_boolean (self->settings, "save-history"))
    return;
  /* Through its own JSON: the thread reads a copy that nothing in the window changes. */
  json = dmk_result_to_json (result);
  copy = dmk_result_from_json (json, -1, NULL);
  if (copy == NULL)
    return;
  /* The verdict is for this run: shown when it comes back, if this run is still the last. */
  g_clear_pointer (&self->history_verdict, g_free);
  g_clear_pointer (&self->history_left_out, g_free);
  g_clear_pointer (&self->history_verdict_of, dmk_result_unref);
  self->history_verdict_of = dmk_result_ref (result);
  task = g_task_new (self, NULL, saved, NULL);
  save = g_new0 (Save, 1);
  save->result = copy;
  save->of = dmk_result_ref (result);
  g_task_set_task_data (task, save, (GDestroyNotify) save_free);
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
  /* It opens on the drive of the result shown. */
  if (self->shown != NULL)
    dmk_history_dialog_show_target (dialog, self->shown->target.path);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- the drive's rated speed ---- */

typedef struct
{
  DmkResult *copy; /* what the thread keeps the rating of, and gets it back into */
  DmkResult *of;   /* the window's result it is for */
  DmkRated rated;
  gboolean live;
} Rate;

static void
rate_free (Rate *rate)
{
  dmk_result_unref (rate->copy);
  dmk_result_unref (rate->of);
  g_free (rate);
}

static void
rate_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Rate *rate = data;
  GError *error = NULL;

  /* The busy timeout waits here, never in the main loop. */
  if (dmk_history_rate_result (NULL, rate->copy, rate->live, &rate->rated, DMK_HISTORY_BUSY_MS,
                               &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
rated (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (source);
  Rate *rate = g_task_get_task_data (G_TASK (res));
  g_autoptr (GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (res), &error))
    {
      if (gtk_widget_get_realized (GTK_WIDGET (self)))
        _dmk_window_show_error (self, _("The Rated Speed Was Not Kept"), error->message);
      return;
    }
  rate->of->rated = rate->copy->rated;
  if (rate->of == self->shown && gtk_widget_get_realized (GTK_WIDGET (self)))
    {
      dmk_result_grid_set_result (self->grid, self->shown);
      _dmk_window_update_state (self);
    }
}

/* Keeps rated for the drive of the result shown, in a thread; the result shows its share. */
static void
keep_rating (DmkWindow *self, const DmkRated *rated_speed)
{
  g_autoptr (GTask) task = g_task_new (self, NULL, rated, NULL);
  Rate *rate = g_new0 (Rate, 1);

  rate->copy = dmk_result_copy (self->shown);
  rate->of = dmk_result_ref (self->shown);
  rate->rated = *rated_speed;
  /* A run of this window is this machine's drive; a file's drive is found by its facts. */
  rate->live = self->shown_source == NULL;
  g_task_set_task_data (task, rate, (GDestroyNotify) rate_free);
  g_task_run_in_thread (task, rate_in_thread);
}

static void
rated_response (AdwMessageDialog *dialog, const char *response, gpointer user_data)
{
  DmkWindow *self = user_data;
  GtkSpinButton *read = g_object_get_data (G_OBJECT (dialog), "read");
  GtkSpinButton *write = g_object_get_data (G_OBJECT (dialog), "write");
  DmkRated rated_speed = { 0 };

  g_object_set_data (G_OBJECT (self), "rated-dialog", NULL);
  if (self->shown == NULL || g_strcmp0 (response, "cancel") == 0)
    return;
  if (g_strcmp0 (response, "keep") == 0)
    {
      gtk_spin_button_update (read);
      gtk_spin_button_update (write);
      rated_speed.read_mb_per_s = gtk_spin_button_get_value (read);
      rated_speed.write_mb_per_s = gtk_spin_button_get_value (write);
    }
  keep_rating (self, &rated_speed);
}

/* "Read" and its spin button, which the label names for a screen reader. */
static GtkSpinButton *
add_speed_row (GtkGrid *grid, int row, const char *label_text, double value)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);
  GtkWidget *spin = gtk_spin_button_new_with_range (0, DMK_RATED_MAX_MB_S, 10);
  GtkWidget *unit = gtk_label_new (_("MB/s"));

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), spin);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 0);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_hexpand (spin, TRUE);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  label, NULL, -1);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, spin, 1, row, 1, 1);
  gtk_grid_attach (grid, unit, 2, row, 1, 1);
  return GTK_SPIN_BUTTON (spin);
}

static void
rated_speed_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkWindow *self = user_data;
  AdwMessageDialog *dialog;
  GtkGrid *grid;

  if (self->shown == NULL)
    {
      _dmk_window_toast (self, _("Run the benchmark or open a result first: the rated speed is "
                                 "kept for its drive"));
      return;
    }
  /* Opened from the chain's panel: the panel gives way to the dialog. */
  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->chain_button));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
    GTK_WINDOW (self), _("Rated Speed"),
    _("The drive’s sequential speeds as its box or data sheet says, in MB/s (1,000,000 "
      "bytes/s); 0 where it says none. They are kept with the drive in the history, and each of "
      "its results says its share of them.")));
  grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  g_object_set_data (G_OBJECT (dialog), "read",
                     add_speed_row (grid, 0, _("_Read"), self->shown->rated.read_mb_per_s));
  g_object_set_data (G_OBJECT (dialog), "write",
                     add_speed_row (grid, 1, _("_Write"), self->shown->rated.write_mb_per_s));
  adw_message_dialog_set_extra_child (dialog, GTK_WIDGET (grid));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "forget", _("_Forget"),
                                    "keep", _("_Keep"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "keep", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_enabled (dialog, "forget",
                                           dmk_rated_known (&self->shown->rated));
  adw_message_dialog_set_default_response (dialog, "keep");
  adw_message_dialog_set_close_response (dialog, "cancel");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (rated_response), self, 0);
  g_object_set_data (G_OBJECT (self), "rated-dialog", dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static const GActionEntry history_actions[] = {
  { "history", history_activated, NULL, NULL, NULL },
  { "rated-speed", rated_speed_activated, NULL, NULL, NULL },
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

static void
history_init (DmkWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), history_actions,
                                   G_N_ELEMENTS (history_actions), self);
  g_signal_connect (self, "run-finished", G_CALLBACK (on_run_finished), NULL);
  /* The dialog opens entries in this window: it goes with it. */
  g_signal_connect (self, "destroy", G_CALLBACK (close_dialog), NULL);
}

const DmkWindowPart _dmk_window_history_part = { NULL, history_init, NULL };

#ifdef DMK_TESTING

#include "dmk-window-testing.h"

DmkHistoryDialog *
dmk_window_get_history_dialog (DmkWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "history-dialog");
}

AdwMessageDialog *
dmk_window_get_rated_dialog (DmkWindow *self, GtkSpinButton **read, GtkSpinButton **write)
{
  GObject *dialog = g_object_get_data (G_OBJECT (self), "rated-dialog");

  if (dialog != NULL && read != NULL)
    *read = g_object_get_data (dialog, "read");
  if (dialog != NULL && write != NULL)
    *write = g_object_get_data (dialog, "write");
  return ADW_MESSAGE_DIALOG (dialog);
}

#endif
