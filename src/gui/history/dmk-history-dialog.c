/* dmk-history-dialog.c: a drive's history in a window: a drive chooser, each test's median,
 * spread and verdict, a chosen test's score over the runs as a chart, and the entries with Open,
 * Delete and a check to compare them side by side. The store is read and changed in a thread: a
 * store that another process holds locked makes the dialog wait, never the window. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dmk-a11y.h"
#include "dmk-compare-window.h"
#include "dmk-gui-utils.h"
#include "dmk-history-chart.h"
#include "dmk-history-dialog.h"
#include "dmk-history-export-menu.h"

struct _DmkHistoryDialog
{
  AdwWindow parent_instance;

  char *path;
  DmkHistoryOpenFunc open;
  gpointer open_data;
  GPtrArray *entries; /* DmkHistoryEntry*, by drive */
  GArray *drive_ids;  /* gint64, in the chooser's order */
  GtkDropDown *drives;
  GtkLabel *stats;
  GtkDropDown *tests;     /* the chart's test */
  GtkWidget *chart;       /* DmkHistoryChart */
  GArray *chart_stats;    /* DmkHistoryStat, in the tests chooser's order */
  GPtrArray *results;     /* DmkResult* of the chosen drive's entries, oldest first */
  GArray *result_ids;     /* gint64, alike */
  GPtrArray *checks;      /* GtkCheckButton*, a row's "compare" check, newest first */
  GtkWidget *compare;
  AdwHeaderBar *header;
  GtkWidget *scroller;
  GtkListBox *list;
  GtkLabel *empty;
  gboolean filling;
  GCancellable *loading; /* the read in flight (a newer one replaces it); NULL when none */
  AdwToastOverlay *toasts;
  AdwToast *last_toast;  /* a weak pointer */
  GArray *doomed;        /* gint64: entries deleted, until their toast's Undo has gone */
  char *want_target;     /* the next read chooses the drive this target's newest run is on */
  DmkCompareWindow *compared; /* the comparison the last Compare filled (a weak pointer) */
};

G_DEFINE_FINAL_TYPE (DmkHistoryDialog, dmk_history_dialog, ADW_TYPE_WINDOW)

static gint64
chosen_drive (DmkHistoryDialog *self)
{
  guint i = gtk_drop_down_get_selected (self->drives);

  return i < self->drive_ids->len ? g_array_index (self->drive_ids, gint64, i) : -1;
}

/* The chosen drive's entries, for the Export menu. */
static GPtrArray *
drive_entries (GtkWindow *window)
{
  DmkHistoryDialog *self = DMK_HISTORY_DIALOG (window);
  GPtrArray *out = g_ptr_array_new ();
  gint64 drive = chosen_drive (self);

  for (guint i = 0; self->entries != NULL && i < self->entries->len; i++)
    if (((DmkHistoryEntry *) self->entries->pdata[i])->drive_id == drive)
      g_ptr_array_add (out, self->entries->pdata[i]);
  return out;
}

static char *
scores_text (const DmkHistoryEntry *e)
{
  g_autoptr (DmkResult) r = dmk_history_entry_result (e, NULL);
  g_autofree char *date = dmk_format_date_human (e->date);
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "#%" G_GINT64_FORMAT " · %s · %s", e->id, date,
                          e->target != NULL ? e->target : "?");
  if (r == NULL)
    return g_string_free (s, FALSE);
  if (r->kind != DMK_KIND_GRID)
    g_string_append_printf (s, " · %s", dmk_result_kind_label (r->kind));
  for (guint i = 0; r->kind == DMK_KIND_GRID && i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      g_autofree char *name = dmk_test_spec_to_name (&t->spec);
      g_autofree char *mb = dmk_unit_format (DMK_UNIT_MB_S, t->mb_per_s);
      /* TRANSLATORS: one score of a history entry: "SEQ1M Q8T1 Read 3412.55" */
      g_string_append_printf (s, i == 0 ? "\n%s %s %s" : " · %s %s %s", name,
                              dmk_direction_share_ui_label (
                                t->direction, dmk_settings_mix_share (&r->settings, t->direction)),
                              mb);
    }
  return g_string_free (s, FALSE);
}

static void on_open (GtkButton *button, DmkHistoryDialog *self);
static void on_delete (GtkButton *button, DmkHistoryDialog *self);
static gboolean is_doomed (DmkHistoryDialog *self, gint64 id);

static guint
n_checked (DmkHistoryDialog *self)
{
  guint n = 0;

  for (guint i = 0; i < self->checks->len; i++)
    n += gtk_check_button_get_active (g_ptr_array_index (self->checks, i));
  return n;
}

static void
on_check_toggled (DmkHistoryDialog *self)
{
  gtk_widget_set_sensitive (self->compare, n_checked (self) >= 2);
}

static GtkWidget *
entry_row (DmkHistoryDialog *self, DmkHistoryEntry *e)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  g_autofree char *text = scores_text (e);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *open = gtk_button_new_with_mnemonic (_("_Open"));
  GtkWidget *del = gtk_button_new_from_icon_name ("user-trash-symbolic");
  GtkWidget *check = gtk_check_button_new ();
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, e->id);
  /* TRANSLATORS: a screen reader's name for a history row's check: "Compare run 12" */
  g_autofree char *check_label = g_strdup_printf (_("Compare run %s"), id);

  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (check, _("Choose this run for the comparison"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  check_label, -1);
  g_object_set_data (G_OBJECT (check), "entry", e);
  g_object_set_data (G_OBJECT (box), "check", check);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (on_check_toggled), self);
  g_ptr_array_add (self->checks, check);
  gtk_box_append (GTK_BOX (box), check);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_valign (open, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (del, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (open, _("Show this run in the main window"));
  gtk_widget_set_tooltip_text (del, _("Delete this run from the history"));
  {
    g_autofree char *date = dmk_format_date_human (e->date);
    /* TRANSLATORS: a screen reader's name for a history row's buttons: "Delete run 4, 6 Dec
     * 2026 14:02" */
    g_autofree char *del_label = g_strdup_printf (_("Delete run %s, %s"), id, date);
    /* TRANSLATORS: "Open run 4, 6 Dec 2026 14:02" */
    g_autofree char *open_label = g_strdup_printf (_("Open run %s, %s"), id, date);

    gtk_accessible_update_property (GTK_ACCESSIBLE (del), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    del_label, -1);
    gtk_accessible_update_property (GTK_ACCESSIBLE (open), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    open_label, -1);
  }
  g_object_set_data (G_OBJECT (open), "entry", e);
  g_object_set_data (G_OBJECT (del), "entry", e);
  g_object_set_data (G_OBJECT (box), "open", open);
  g_object_set_data (G_OBJECT (box), "delete", del);
  g_signal_connect (open, "clicked", G_CALLBACK (on_open), self);
  g_signal_connect (del, "clicked", G_CALLBACK (on_delete), self);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), open);
  gtk_box_append (GTK_BOX (box), del);
  return box;
}

static char *
stats_text (GPtrArray *results)
{
  g_autoptr (GArray) stats = dmk_history_stats (results);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < stats->len; i++)
    {
      const DmkHistoryStat *st = &g_array_index (stats, DmkHistoryStat, i);
      g_autofree char *name = dmk_test_spec_to_name (&st->spec);
      g_autofree char *median = dmk_unit_format (DMK_UNIT_MB_S, st->median);
      g_autofree char *verdict = dmk_history_stat_verdict (st);
      /* TRANSLATORS: "SEQ1M Q1T1 Read: median 201.80 MB/s, spread 0.5 % over 2 runs; newest:
       * -25.2 % against the earlier runs' median (beyond noise: …)": the earlier runs' */
      g_string_append_printf (s,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "%s%s %s: median %s MB/s, spread %.1f %% over %u run; "
                                           "newest: %s",
                                           "%s%s %s: median %s MB/s, spread %.1f %% over %u "
                                           "runs; newest: %s",
                                           MAX (st->n_earlier, 1)),
                              i > 0 ? "\n" : "", name,
                              dmk_direction_share_ui_label (st->direction, st->mix),
                              median, st->rsd, MAX (st->n_earlier, 1), verdict);
    }
  return g_string_free (s, FALSE);
}

/* What the verdicts above leave unsaid, in their tooltip: the conditions the newest run differs
 * in from the earlier runs it is set against (compared all the same), and the earlier runs left
 * out, and why. */
static void
set_stats_tooltip (DmkHistoryDialog *self)
{
  g_autofree char *differ = dmk_history_conditions_text (self->results);
  g_autofree char *left_out = dmk_history_left_out_text (self->results);
  g_autofree char *tip = differ != NULL && left_out != NULL
                           ? g_strdup_printf ("%s\n%s", differ, left_out)
                           : g_strdup (differ != NULL ? differ : left_out);

  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stats), tip);
}

/* The chosen test's scores over the drive's runs pooled for its statistics (those made with the
 * newest grid's settings), and its median. */
static void
fill_chart (DmkHistoryDialog *self)
{
  DmkHistoryChart *chart = DMK_HISTORY_CHART (self->chart);
  guint i = gtk_drop_down_get_selected (self->tests);
  const DmkHistoryStat *st;
  const DmkResult *newest = NULL;
  g_autofree char *name = NULL, *test = NULL;

  gtk_widget_set_visible (self->chart, i < self->chart_stats->len);
  gtk_widget_set_visible (GTK_WIDGET (self->tests), self->chart_stats->len > 0);
  if (i >= self->chart_stats->len)
    return;
  st = &g_array_index (self->chart_stats, DmkHistoryStat, i);
  name = dmk_test_spec_to_name (&st->spec);
  test = g_strdup_printf ("%s %s", name, dmk_direction_share_ui_label (st->direction, st->mix));
  for (guint k = self->results->len; k > 0 && newest == NULL; k--)
    if (((DmkResult *) g_ptr_array_index (self->results, k - 1))->kind == DMK_KIND_GRID)
      newest = g_ptr_array_index (self->results, k - 1);
  dmk_history_chart_reset (chart, test, st->median);
  for (guint k = 0; k < self->results->len; k++)
    {
      const DmkResult *r = g_ptr_array_index (self->results, k);

      if (r->kind != DMK_KIND_GRID || !dmk_history_results_alike (r, newest))
        continue;
      for (guint j = 0; j < r->tests->len; j++)
        {
          const DmkTestResult *t = g_ptr_array_index (r->tests, j);
          if (t->direction == st->direction && dmk_test_spec_equal (&t->spec, &st->spec))
            dmk_history_chart_add (chart, g_array_index (self->result_ids, gint64, k), r->date,
                                   t->mb_per_s);
        }
    }
  dmk_history_chart_done (chart);
}

static void
fill_tests (DmkHistoryDialog *self)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  guint before = gtk_drop_down_get_selected (self->tests);

  g_clear_pointer (&self->chart_stats, g_array_unref);
  self->chart_stats = dmk_history_stats (self->results);
  for (guint i = 0; i < self->chart_stats->len; i++)
    {
      const DmkHistoryStat *st = &g_array_index (self->chart_stats, DmkHistoryStat, i);
      g_autofree char *name = dmk_test_spec_to_name (&st->spec);
      g_autofree char *label =
        g_strdup_printf ("%s %s", name, dmk_direction_share_ui_label (st->direction, st->mix));
      gtk_string_list_append (names, label);
    }
  self->filling = TRUE;
  gtk_drop_down_set_model (self->tests, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->tests, before < self->chart_stats->len ? before : 0);
  self->filling = FALSE;
  fill_chart (self);
}

/* The chosen drive's entries, newest first, its statistics and its chart. */
static void
fill_list (DmkHistoryDialog *self)
{
  g_autofree char *stats = NULL;
  gint64 drive = chosen_drive (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->checks, 0);
  g_ptr_array_set_size (self->results, 0);
  g_array_set_size (self->result_ids, 0);
  for (guint i = self->entries->len; i-- > 0;)
    {
      DmkHistoryEntry *e = g_ptr_array_index (self->entries, i);
      DmkResult *r;

      if (e->drive_id != drive)
        continue;
      r = dmk_history_entry_result (e, NULL);
      {
        GtkWidget *row = entry_row (self, e);
        g_autofree char *text = scores_text (e);
        char *nl = strchr (text, '\n');

        gtk_list_box_append (self->list, row);
        g_object_set_data (G_OBJECT (row), "entry", e);
        gtk_widget_set_sensitive (gtk_widget_get_parent (row), !is_doomed (self, e->id));
        /* A screen reader names the row by its first line: number, date and target. */
        if (nl != NULL)
          *nl = '\0';
        gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (row)),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      }
      if (r != NULL)
        {
          g_ptr_array_insert (self->results, 0, r);
          g_array_prepend_val (self->result_ids, e->id);
        }
    }
  stats = stats_text (self->results);
  gtk_label_set_text (self->stats, stats);
  set_stats_tooltip (self);
  gtk_widget_set_visible (GTK_WIDGET (self->stats), stats[0] != '\0');
  on_check_toggled (self);
  fill_tests (self);
  dmk_name_mnemonic_buttons (GTK_WIDGET (self));
}

static char *
drive_label (const DmkHistoryEntry *e)
{
  g_autofree char *size = dmk_format_size (e->drive.size_bytes);

  if (e->drive.filesystem != NULL)
    /* TRANSLATORS: a drive in the history: "Samsung SSD 980 (ext4, 1 TiB)" */
    return g_strdup_printf (_("%s (%s, %s)"), e->drive.model, e->drive.filesystem, size);
  if (e->drive.size_bytes == 0)
    /* A file from another tool tells no size ("fio /dev/nvme0n1"). */
    return g_strdup (e->drive.model);
  /* TRANSLATORS: a drive in the history: "Samsung SSD 980, 1 TiB" */
  return g_strdup_printf (_("%s, %s"), e->drive.model, size);
}

static void fill (DmkHistoryDialog *self, GPtrArray *entries, const GError *error);

static void
work_done (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (DmkHistoryDialog) self = data;
  g_autoptr (GError) error = NULL, delete_error = NULL;
  g_autoptr (GPtrArray) entries = dmk_history_list_finish (res, &delete_error, &error);

  /* A newer read (or the dialog's end) took its place: it has nothing to say. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->loading);
  if (delete_error != NULL && error == NULL)
    error = g_steal_pointer (&delete_error);
  fill (self, entries, error);
}

/* Reads the store in a thread (after deleting delete_id, when > 0); the dialog says so
 * meanwhile, and fills in when it is read. */
static void
start_work (DmkHistoryDialog *self, gint64 delete_id)
{
  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  self->loading = g_cancellable_new ();
  /* A delete is said, a reload is not: the list stays until the new one comes. */
  if (self->drive_ids->len == 0 || delete_id > 0)
    {
      gtk_label_set_text (self->empty, _("Reading the history…"));
      gtk_widget_set_visible (GTK_WIDGET (self->empty), TRUE);
    }
  dmk_history_list_async (self->path, delete_id, self->loading, work_done, g_object_ref (self));
}

void
dmk_history_dialog_reload (DmkHistoryDialog *self)
{
  g_return_if_fail (DMK_IS_HISTORY_DIALOG (self));
  start_work (self, 0);
}

/* Shows entries (NULL with error: the store could not be read, and error says why). */
static void
fill (DmkHistoryDialog *self, GPtrArray *entries, const GError *error)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  gint64 before = self->drive_ids != NULL ? chosen_drive (self) : -1;
  guint select = 0;

  g_clear_pointer (&self->entries, g_ptr_array_unref);
  self->entries = entries != NULL ? g_ptr_array_ref (entries) : NULL;
  /* The drive of the result the window shows: its newest run on that target. */
  for (guint i = 0; self->want_target != NULL && entries != NULL && i < entries->len; i++)
    {
      const DmkHistoryEntry *e = g_ptr_array_index (entries, i);

      if (g_strcmp0 (e->target, self->want_target) == 0)
        before = e->drive_id;
    }
  g_clear_pointer (&self->want_target, g_free);
  if (self->entries == NULL)
    self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_history_entry_free);
  g_array_set_size (self->drive_ids, 0);
  for (guint i = 0; i < self->entries->len; i++)
    {
      DmkHistoryEntry *e = g_ptr_array_index (self->entries, i);
      g_autofree char *label = NULL;
      if (i > 0 && ((DmkHistoryEntry *) self->entries->pdata[i - 1])->drive_id == e->drive_id)
        continue;
      if (e->drive_id == before)
        select = self->drive_ids->len;
      g_array_append_val (self->drive_ids, e->drive_id);
      label = drive_label (e);
      gtk_string_list_append (names, label);
    }
  self->filling = TRUE;
  gtk_drop_down_set_model (self->drives, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->drives, select);
  self->filling = FALSE;
  gtk_label_set_text (self->empty, error != NULL ? error->message : _("No runs in the history yet"));
  gtk_widget_set_visible (GTK_WIDGET (self->empty), self->drive_ids->len == 0 || error != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->drives), self->drive_ids->len > 0);
  fill_list (self);
}

static void
on_open (GtkButton *button, DmkHistoryDialog *self)
{
  DmkHistoryEntry *e = g_object_get_data (G_OBJECT (button), "entry");
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = dmk_history_entry_result (e, &error);
  g_autofree char *name = NULL;

  if (r == NULL)
    {
      gtk_label_set_text (self->empty, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->empty), TRUE);
      return;
    }
  /* TRANSLATORS: the name of a result opened from the history: "History entry 12" */
  {
    /* The number apart: a msgid cannot hold G_GINT64_FORMAT. */
    g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, e->id);

    name = g_strdup_printf (_("History entry %s"), id);
  }
  if (self->open != NULL)
    self->open (r, name, self->open_data);
}

/* The chosen entry's parsed result (the dialog's own, so a second Compare finds it there). */
static DmkResult *
result_of (DmkHistoryDialog *self, const DmkHistoryEntry *e)
{
  for (guint i = 0; i < self->result_ids->len; i++)
    if (g_array_index (self->result_ids, gint64, i) == e->id)
      return g_ptr_array_index (self->results, i);
  return NULL;
}

/* The checked runs, oldest first, join the comparison, which comes up. */
static void
on_compare (DmkHistoryDialog *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  GtkApplication *app = parent != NULL ? gtk_window_get_application (parent) : NULL;
  DmkCompareWindow *cmp = app != NULL ? dmk_compare_window_get_for_application (app, TRUE)
                                      : dmk_compare_window_new (NULL);

  for (guint i = self->checks->len; i-- > 0;)
    {
      GtkCheckButton *check = g_ptr_array_index (self->checks, i);
      DmkResult *r = gtk_check_button_get_active (check)
                       ? result_of (self, g_object_get_data (G_OBJECT (check), "entry"))
                       : NULL;
      if (r != NULL)
        dmk_compare_window_add_result (cmp, r, NULL);
    }
  g_set_weak_pointer (&self->compared, cmp);
  gtk_window_present (GTK_WINDOW (cmp));
}

static gboolean
is_doomed (DmkHistoryDialog *self, gint64 id)
{
  for (guint i = 0; i < self->doomed->len; i++)
    if (g_array_index (self->doomed, gint64, i) == id)
      return TRUE;
  return FALSE;
}

static void
forget_doomed (DmkHistoryDialog *self, gint64 id)
{
  for (guint i = 0; i < self->doomed->len; i++)
    if (g_array_index (self->doomed, gint64, i) == id)
      {
        g_array_remove_index (self->doomed, i);
        return;
      }
}

/* The row of entry id, if it is shown. */
static GtkWidget *
row_of (DmkHistoryDialog *self, gint64 id)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->list)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (c));
      const DmkHistoryEntry *e = g_object_get_data (G_OBJECT (box), "entry");

      if (e != NULL && e->id == id)
        return c;
    }
  return NULL;
}

/* Undo: the run is back as it was; nothing was deleted. */
static void
on_undo (AdwToast *toast, DmkHistoryDialog *self)
{
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (toast), "id");
  GtkWidget *row = row_of (self, id);
  forget_doomed (self, id);
  if (row != NULL)
    gtk_widget_set_sensitive (row, TRUE);
}

/* The toast went without Undo: now the thread deletes the run and reads the list again. */
static void
on_toast_dismissed (AdwToast *toast, DmkHistoryDialog *self)
{
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (toast), "id");

  if (!is_doomed (self, id))
    return;
  forget_doomed (self, id);
  start_work (self, id);
}

/* Delete: the row stays where it is (nothing slides under the pointer), greyed, while a toast
 * offers Undo; the run is deleted only when the toast goes. */
static void
on_delete (GtkButton *button, DmkHistoryDialog *self)
{
  DmkHistoryEntry *e = g_object_get_data (G_OBJECT (button), "entry");
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, e->id);
  /* TRANSLATORS: a toast after a history run's Delete: "Run 4 deleted" */
  g_autofree char *title = g_strdup_printf (_("Run %s deleted"), id);
  AdwToast *toast = adw_toast_new (title);

  if (is_doomed (self, e->id))
    return;
  g_array_append_val (self->doomed, e->id);
  gtk_widget_set_sensitive (gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW),
                            FALSE);
  g_object_set_data_full (G_OBJECT (toast), "id", g_memdup2 (&e->id, sizeof e->id), g_free);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect (toast, "button-clicked", G_CALLBACK (on_undo), self);
  g_signal_connect (toast, "dismissed", G_CALLBACK (on_toast_dismissed), self);
  g_set_weak_pointer (&self->last_toast, toast);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
on_drive_chosen (DmkHistoryDialog *self)
{
  if (!self->filling)
    fill_list (self);
}

static void
on_test_chosen (DmkHistoryDialog *self)
{
  if (!self->filling)
    fill_chart (self);
}

/* A read still in flight finishes in its thread (it holds the dialog) and is ignored. */
static void
dmk_history_dialog_dispose (GObject *object)
{
  DmkHistoryDialog *self = DMK_HISTORY_DIALOG (object);

  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  /* Closed before a deleted run's toast went: it was deleted all the same (no Undo was asked
   * for), in a thread of its own. */
  for (guint i = 0; self->doomed != NULL && i < self->doomed->len; i++)
    dmk_history_list_async (self->path, g_array_index (self->doomed, gint64, i), NULL, NULL,
                            NULL);
  g_clear_pointer (&self->doomed, g_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), DMK_TYPE_HISTORY_DIALOG);
  G_OBJECT_CLASS (dmk_history_dialog_parent_class)->dispose (object);
}

static void
dmk_history_dialog_finalize (GObject *object)
{
  DmkHistoryDialog *self = DMK_HISTORY_DIALOG (object);

  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->drive_ids, g_array_unref);
  g_clear_pointer (&self->chart_stats, g_array_unref);
  g_clear_pointer (&self->results, g_ptr_array_unref);
  g_clear_pointer (&self->result_ids, g_array_unref);
  g_clear_pointer (&self->checks, g_ptr_array_unref);
  g_clear_weak_pointer (&self->compared);
  g_free (self->path);
  g_free (self->want_target);
  g_clear_weak_pointer (&self->last_toast);
  G_OBJECT_CLASS (dmk_history_dialog_parent_class)->finalize (object);
}

static void
dmk_history_dialog_class_init (DmkHistoryDialogClass *klass)
{
  /* A screen reader says it is a dialog (not a "frame", nor a "filler"). */
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_DIALOG);
  G_OBJECT_CLASS (klass)->dispose = dmk_history_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = dmk_history_dialog_finalize;
  /* Every dialog of the window closes with Escape. */
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
  g_type_ensure (DMK_TYPE_HISTORY_CHART);
  gtk_widget_class_set_template_from_resource (
    GTK_WIDGET_CLASS (klass), "/io/github/gdiskmark/GDiskMark/dmk-history-dialog.ui");
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkHistoryDialog, toasts);
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkHistoryDialog, header);
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkHistoryDialog, compare);
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkHistoryDialog, drives);
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkHistoryDialog, empty);
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkHistoryDialog, stats);
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkHistoryDialog, tests);
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkHistoryDialog, chart);
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkHistoryDialog, scroller);
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkHistoryDialog, list);
  gtk_widget_class_bind_template_callback (GTK_WIDGET_CLASS (klass), on_compare);
  gtk_widget_class_bind_template_callback (GTK_WIDGET_CLASS (klass), on_drive_chosen);
  gtk_widget_class_bind_template_callback (GTK_WIDGET_CLASS (klass), on_test_chosen);
}

static void
dmk_history_dialog_init (DmkHistoryDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  dmk_a11y_tidy_on_map ();
  self->drive_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->doomed = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  self->result_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->checks = g_ptr_array_new ();
  self->chart_stats = g_array_new (FALSE, FALSE, sizeof (DmkHistoryStat));
  dmk_history_export_menu_add (GTK_WINDOW (self), self->header, drive_entries);
}

DmkHistoryDialog *
dmk_history_dialog_new (GtkWindow *parent, const char *path, DmkHistoryOpenFunc open,
                        gpointer user_data)
{
  DmkHistoryDialog *self = g_object_new (DMK_TYPE_HISTORY_DIALOG, "accessible-role",
                                         GTK_ACCESSIBLE_ROLE_DIALOG, NULL);

  /* Named once the dialog has its role: naming its children in init would make the dialog's
   * accessible first, with a widget's role. */
  /* TRANSLATORS: a screen reader's name for the chooser of the history chart's test */
  dmk_drop_down_set_accessible_label (self->tests, _("Chart test"));
  /* Named by its label (its mnemonic widget): a name of its own would be said twice. */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->tests), GTK_ACCESSIBLE_PROPERTY_LABEL);
  dmk_drop_down_set_accessible_label (self->drives, _("Drive"));
  /* TRANSLATORS: a screen reader's name for the list of a drive's runs */
  dmk_name_lists (self->scroller, _("Runs"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Runs"), -1);

  self->path = path != NULL ? g_strdup (path) : dmk_history_default_path ();
  self->open = open;
  self->open_data = user_data;
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  dmk_history_dialog_reload (self);
  return self;
}

void
dmk_history_dialog_show_target (DmkHistoryDialog *self, const char *target)
{
  g_return_if_fail (DMK_IS_HISTORY_DIALOG (self));
  g_free (self->want_target);
  self->want_target = g_strdup (target);
  dmk_history_dialog_reload (self);
}

void
dmk_history_dialog_select_drive (DmkHistoryDialog *self, guint index)
{
  gtk_drop_down_set_selected (self->drives, index);
}

#ifdef DMK_TESTING

/* ---- test hooks ---- */

AdwToast *
dmk_history_dialog_get_last_toast (DmkHistoryDialog *self)
{
  return self->last_toast;
}

gboolean
dmk_history_dialog_get_loading (DmkHistoryDialog *self)
{
  return self->loading != NULL;
}

guint
dmk_history_dialog_get_n_drives (DmkHistoryDialog *self)
{
  return self->drive_ids->len;
}

guint
dmk_history_dialog_get_n_rows (DmkHistoryDialog *self)
{
  guint n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->list)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

GtkWidget *
dmk_history_dialog_get_row_button (DmkHistoryDialog *self, guint row, const char *which)
{
  GtkListBoxRow *r = gtk_list_box_get_row_at_index (self->list, (int) row);

  return r != NULL ? g_object_get_data (G_OBJECT (gtk_list_box_row_get_child (r)), which) : NULL;
}

const char *
dmk_history_dialog_get_stats_text (DmkHistoryDialog *self)
{
  return gtk_label_get_text (self->stats);
}

const char *
dmk_history_dialog_get_stats_tooltip (DmkHistoryDialog *self)
{
  return gtk_widget_get_tooltip_text (GTK_WIDGET (self->stats));
}

DmkHistoryChart *
dmk_history_dialog_get_chart (DmkHistoryDialog *self)
{
  return DMK_HISTORY_CHART (self->chart);
}

GtkDropDown *
dmk_history_dialog_get_tests (DmkHistoryDialog *self)
{
  return self->tests;
}

GtkWidget *
dmk_history_dialog_get_compare_button (DmkHistoryDialog *self)
{
  return self->compare;
}

DmkCompareWindow *
dmk_history_dialog_get_compared (DmkHistoryDialog *self)
{
  return self->compared;
}

#endif
