/* dmk-iozone-dialog.c: the window's iozone sweep: bounds and operations, Start/Stop, a progress
 * line, the heat map filling as each test ends, and Save. The sweep itself is
 * dmk-iozone-sweep.c, run by the window's run controller (one job at a time, Stop, suspend
 * inhibited, closing the window asks). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <unistd.h>

#include "dmk-a11y.h"
#include "dmk-gui-utils.h"
#include "dmk-iozone-dialog.h"
#include "dmk-run-controller.h"

/* The sizes offered: powers of two over the CLI's bounds (-n/-g: 16 MiB to 64 GiB; -y/-q: the
 * block sizes a test takes), with the CLI's defaults. */
#define FILE_MIN DMK_SIZE_MIN
#define N_FILE_SIZES 13 /* 16 MiB … 64 GiB */
#define RECORD_MIN DMK_SPEC_MIN_BLOCK
#define N_RECORD_SIZES 18 /* 512 B … 64 MiB */

struct _DmkIozoneDialog
{
  AdwWindow parent_instance;

  char *path;
  DmkSettings settings;
  gboolean is_device;
  gboolean has_consent;
  DmkDeviceIdentity consent;

  GtkDropDown *bounds[4]; /* smallest file, largest file, smallest record, largest record */
  GtkCheckButton *ops[DMK_IOZONE_N_OPS];
  GtkWidget *controls; /* what a running sweep locks */
  GtkGrid *bounds_grid;
  GtkFlowBox *ops_flow;
  GtkLabel *target;
  GtkWidget *reads_only;
  GtkWidget *map_scroller;
  GtkButton *start;
  GtkMenuButton *save;
  GtkLabel *status;
  GtkProgressBar *bar;
  GtkDropDown *show;
  DmkIozoneHeatmap *heatmap;
  GtkLabel *scale;

  DmkRunController *run; /* the window's: it runs the sweep */
  DmkIozoneSweep *sweep; /* the running or last one */
  gboolean running;      /* the controller runs this dialog's sweep */
  guint file, n_measured;
  GtkFileChooserNative *chooser;
  GtkWindow *error_dialog;
};

G_DEFINE_FINAL_TYPE (DmkIozoneDialog, dmk_iozone_dialog, ADW_TYPE_WINDOW)

static gboolean
is_write_op (DmkIozoneOp op)
{
  return op == DMK_IOZONE_WRITE || op == DMK_IOZONE_REWRITE || op == DMK_IOZONE_RANDOM_WRITE ||
         op == DMK_IOZONE_RECORD_REWRITE || op == DMK_IOZONE_RANDOM_MIX ||
         op == DMK_IOZONE_PWRITE || op == DMK_IOZONE_REPWRITE;
}

static guint64
bound_bytes (DmkIozoneDialog *self, guint which)
{
  guint i = gtk_drop_down_get_selected (self->bounds[which]);

  return which < 2 ? FILE_MIN << i : (guint64) RECORD_MIN << i;
}

static guint
measured_cells (DmkIozoneTable *t)
{
  guint n = 0;

  for (gsize i = 0; i < (gsize) DMK_IOZONE_N_OPS * t->n_files * t->n_records; i++)
    n += !isnan (t->mb_per_s[i]);
  return n;
}

static void
set_status (DmkIozoneDialog *self, const char *text)
{
  gtk_label_set_text (self->status, text);
}

/* The heat map shows the operation chosen under it; the scale line states its colours. */
static void
refresh_map (DmkIozoneDialog *self)
{
  DmkIozoneTable *t = self->sweep != NULL ? dmk_iozone_sweep_get_table (self->sweep) : NULL;
  DmkIozoneOp op = gtk_drop_down_get_selected (self->show);
  g_autofree char *top = NULL, *text = NULL;

  dmk_iozone_heatmap_update (self->heatmap, t, op);
  if (dmk_iozone_heatmap_get_scale_top (self->heatmap) > 0)
    {
      top = dmk_unit_format (DMK_UNIT_MB_S, dmk_iozone_heatmap_get_scale_top (self->heatmap));
      /* TRANSLATORS: the heat map's stated scale; %s is the highest rate of the operation shown */
      text = g_strdup_printf (_("Colour by MB/s (1 MB/s = 1,000,000 bytes/s), from dark blue at "
                                "0 to yellow at %s, the highest of this operation; “—”: record "
                                "larger than the file"),
                              top);
      gtk_label_set_text (self->scale, text);
    }
  else
    gtk_label_set_text (self->scale, _("Cells fill with MB/s as each test ends"));
}

static void
update_sensitivity (DmkIozoneDialog *self)
{
  DmkIozoneTable *t = self->sweep != NULL ? dmk_iozone_sweep_get_table (self->sweep) : NULL;

  gtk_widget_set_sensitive (self->controls, !self->running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->save),
                            !self->running && t != NULL && measured_cells (t) > 0);
  gtk_button_set_label (self->start, self->running ? _("_Stop") : _("_Start"));
  if (self->running)
    gtk_widget_remove_css_class (GTK_WIDGET (self->start), "suggested-action");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->start), "suggested-action");
  gtk_widget_set_visible (GTK_WIDGET (self->bar), self->running);
}

static void
on_progress (const DmkIozoneProgress *p, gpointer data)
{
  DmkIozoneDialog *self = data;
  g_autofree char *size = NULL, *what = NULL, *text = NULL;

  if (!self->running)
    return;
  self->file = p->file;
  gtk_progress_bar_set_fraction (self->bar, p->fraction);
  if (p->filled)
    {
      self->n_measured = measured_cells (dmk_iozone_sweep_get_table (self->sweep));
      refresh_map (self);
      return;
    }
  what = p->run != NULL ? dmk_progress_describe (p->run) : NULL;
  if (p->run != NULL && what == NULL)
    return;
  size = dmk_format_size (p->file_bytes);
  /* TRANSLATORS: the progress line: "File size 2 of 3 (32 MiB): SEQ1M Q1T1 Read, pass 1/2" */
  text = what != NULL
           ? g_strdup_printf (_("File size %u of %u (%s): %s"), p->file + 1, p->n_files, size, what)
           : g_strdup_printf (_("File size %u of %u (%s)"), p->file + 1, p->n_files, size);
  set_status (self, text);
}

static void
on_finished (DmkRunController *run, DmkIozoneDialog *self)
{
  const GError *error = dmk_run_controller_get_error (run);
  gboolean ok = error == NULL;
  g_autofree char *text = NULL;

  if (!self->running)
    return;
  self->running = FALSE;
  g_signal_handlers_disconnect_by_data (run, self);
  self->n_measured = measured_cells (dmk_iozone_sweep_get_table (self->sweep));
  if (ok)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Done: %u cell measured",
                                         "Done: %u cells measured", self->n_measured),
                            self->n_measured);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Stopped: %u cell measured",
                                         "Stopped: %u cells measured", self->n_measured),
                            self->n_measured);
  else
    /* TRANSLATORS: the sweep failed; %s says why */
    text = g_strdup_printf (_("The sweep failed: %s"), error->message);
  set_status (self, text);
  refresh_map (self);
  update_sensitivity (self);
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->start));
}

static guint
chosen_mask (DmkIozoneDialog *self)
{
  guint mask = 0;

  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    if (gtk_check_button_get_active (self->ops[op]) &&
        gtk_widget_get_sensitive (GTK_WIDGET (self->ops[op])))
      mask |= 1u << op;
  return mask;
}

static DmkIozoneTable *
new_table (DmkIozoneDialog *self, guint mask)
{
  g_autoptr (GArray) files = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GArray) records = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint64 v = bound_bytes (self, 0); v <= bound_bytes (self, 1); v *= 2)
    g_array_append_val (files, v);
  for (guint64 v = bound_bytes (self, 2); v <= bound_bytes (self, 3); v *= 2)
    {
      guint32 r = (guint32) v;
      g_array_append_val (records, r);
    }
  return dmk_iozone_table_new (mask, (guint64 *) files->data, files->len,
                               (guint32 *) records->data, records->len);
}

gboolean
dmk_iozone_dialog_start (DmkIozoneDialog *self)
{
  g_autoptr (GError) error = NULL;
  guint mask;

  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), FALSE);
  if (self->running)
    return FALSE;
  mask = chosen_mask (self);
  if (mask == 0)
    {
      set_status (self, _("Choose at least one operation"));
      return FALSE;
    }
  /* The map shows an operation that runs. */
  if ((mask & (1u << gtk_drop_down_get_selected (self->show))) == 0)
    gtk_drop_down_set_selected (self->show, (guint) g_bit_nth_lsf (mask, -1));
  if (self->sweep != NULL)
    dmk_iozone_sweep_set_progress_func (self->sweep, NULL, NULL, NULL);
  g_clear_object (&self->sweep);
  self->sweep = dmk_iozone_sweep_new (new_table (self, mask));
  /* Called on the main thread only while the dialog lives: dispose takes it back. */
  dmk_iozone_sweep_set_progress_func (self->sweep, on_progress, self, NULL);
  g_signal_connect (self->run, "finished", G_CALLBACK (on_finished), self);
  if (!dmk_run_controller_start_iozone (self->run, self->sweep, self->path, &self->settings,
                                        self->has_consent ? &self->consent : NULL, &error))
    {
      g_signal_handlers_disconnect_by_data (self->run, self);
      set_status (self, error->message);
      return FALSE;
    }
  self->running = TRUE;
  self->file = 0;
  self->n_measured = 0;
  gtk_progress_bar_set_fraction (self->bar, 0);
  {
    /* TRANSLATORS: "Sweeping /dev/sdb…" */
    g_autofree char *text = g_strdup_printf (_("Sweeping %s…"), self->path);
    set_status (self, text);
  }
  refresh_map (self);
  update_sensitivity (self);
  return TRUE;
}

void
dmk_iozone_dialog_stop (DmkIozoneDialog *self)
{
  g_return_if_fail (DMK_IS_IOZONE_DIALOG (self));
  if (self->running)
    dmk_run_controller_stop (self->run);
}

static void
on_start (DmkIozoneDialog *self)
{
  if (self->running)
    dmk_iozone_dialog_stop (self);
  else
    dmk_iozone_dialog_start (self);
}

/* ---- Save ---- */

static gboolean
save_csv (DmkIozoneTable *t, const char *path, GError **error)
{
  g_autofree char *csv = dmk_iozone_table_to_csv (t);

  return dmk_output_save (path, csv, strlen (csv), error);
}

gboolean
dmk_iozone_dialog_save (DmkIozoneDialog *self, const char *path, GError **error)
{
  g_autofree char *lower = NULL;
  DmkIozoneTable *t;

  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  t = self->sweep != NULL ? dmk_iozone_sweep_get_table (self->sweep) : NULL;
  if (t == NULL || measured_cells (t) == 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT, _("Nothing was measured yet"));
      return FALSE;
    }
  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".ods"))
    return dmk_iozone_table_save_ods (t, path, error);
  if (g_str_has_suffix (lower, ".xlsx"))
    return dmk_iozone_table_save_xlsx (t, path, error);
  return save_csv (t, path, error);
}

static gboolean
job_save (GtkWindow *window, const char *path, GError **error)
{
  return dmk_iozone_dialog_save (DMK_IOZONE_DIALOG (window), path, error);
}

static void
job_report (GtkWindow *window, gboolean ok, const char *text)
{
  DmkIozoneDialog *self = DMK_IOZONE_DIALOG (window);

  if (ok)
    set_status (self, text);
  else
    dmk_show_error (window, &self->error_dialog, _("Could Not Save the Sweep"), text);
}

static const DmkFileJob save_jobs[] = {
  { N_("Save the Sweep as CSV"), N_("CSV Files"), "text/csv", "csv", NULL, job_save },
  { N_("Save the Sweep as an OpenDocument Spreadsheet"), N_("OpenDocument Spreadsheets"),
    "application/vnd.oasis.opendocument.spreadsheet", "ods", NULL, job_save },
  { N_("Save the Sweep as an Excel Workbook"), N_("Excel Workbooks"),
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx", NULL,
    job_save },
};

static void
save_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  DmkIozoneDialog *self = data;
  guint which = (guint) g_variant_get_int32 (param);

  if (self->running || self->chooser != NULL || which >= G_N_ELEMENTS (save_jobs))
    return;
  dmk_file_job_start (GTK_WINDOW (self), &save_jobs[which], "GDiskMark_iozone_", job_report,
                      &self->chooser);
}

/* ---- building it ---- */

static gboolean
close_request (GtkWindow *window)
{
  /* The controller ends the sweep within a test's stop, and drops its files. */
  dmk_iozone_dialog_stop (DMK_IOZONE_DIALOG (window));
  return FALSE;
}

static void
dmk_iozone_dialog_dispose (GObject *object)
{
  DmkIozoneDialog *self = DMK_IOZONE_DIALOG (object);

  if (self->run != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->run, self);
      if (self->running)
        dmk_run_controller_stop (self->run);
    }
  self->running = FALSE;
  g_clear_object (&self->run);
  /* The sweep may outlive the dialog until the controller's stop ends it. */
  if (self->sweep != NULL)
    dmk_iozone_sweep_set_progress_func (self->sweep, NULL, NULL, NULL);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  if (self->error_dialog != NULL)
    gtk_window_destroy (self->error_dialog);
  gtk_widget_dispose_template (GTK_WIDGET (self), DMK_TYPE_IOZONE_DIALOG);
  G_OBJECT_CLASS (dmk_iozone_dialog_parent_class)->dispose (object);
}

static void
dmk_iozone_dialog_finalize (GObject *object)
{
  DmkIozoneDialog *self = DMK_IOZONE_DIALOG (object);

  g_clear_object (&self->sweep);
  dmk_settings_clear (&self->settings);
  dmk_device_identity_clear (&self->consent);
  g_free (self->path);
  G_OBJECT_CLASS (dmk_iozone_dialog_parent_class)->finalize (object);
}

static void
dmk_iozone_dialog_class_init (DmkIozoneDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* A screen reader says it is a dialog (not a "frame", nor a "filler"). */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_DIALOG);
  G_OBJECT_CLASS (klass)->dispose = dmk_iozone_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = dmk_iozone_dialog_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = close_request;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  g_type_ensure (DMK_TYPE_IOZONE_HEATMAP);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/gdiskmark/GDiskMark/dmk-iozone-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, target);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, controls);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, bounds_grid);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, ops_flow);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, reads_only);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, start);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, save);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, status);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, bar);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, show);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, map_scroller);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, heatmap);
  gtk_widget_class_bind_template_child (widget_class, DmkIozoneDialog, scale);
  gtk_widget_class_bind_template_callback (widget_class, on_start);
  gtk_widget_class_bind_template_callback (widget_class, refresh_map);
}

/* A row of the bounds' grid: a mnemonic label and its list of powers of two. */
static GtkDropDown *
add_bound (GtkGrid *grid, guint which, const char *mnemonic, guint64 first, guint n, guint chosen)
{
  g_autoptr (GtkStringList) sizes = gtk_string_list_new (NULL);
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);
  GtkWidget *dd;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *s = dmk_format_size (first << i);
      gtk_string_list_append (sizes, s);
    }
  dd = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&sizes)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dd), chosen);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), dd);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_grid_attach (grid, label, (which % 2) * 2, which / 2, 1, 1);
  gtk_grid_attach (grid, dd, (which % 2) * 2 + 1, which / 2, 1, 1);
  dmk_drop_down_set_accessible_label (GTK_DROP_DOWN (dd),
                                      gtk_label_get_text (GTK_LABEL (label)));
  /* Named by its label (its mnemonic widget): a name of its own would be said twice. */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (dd), GTK_ACCESSIBLE_PROPERTY_LABEL);
  return GTK_DROP_DOWN (dd);
}

/* The smallest never passes the largest: moving one past the other moves the other too. */
static void
on_bound (GtkDropDown *dd, GParamSpec *pspec, DmkIozoneDialog *self)
{
  for (guint pair = 0; pair < 4; pair += 2)
    {
      guint lo = gtk_drop_down_get_selected (self->bounds[pair]);
      guint hi = gtk_drop_down_get_selected (self->bounds[pair + 1]);

      if (lo <= hi)
        continue;
      if (dd == self->bounds[pair])
        gtk_drop_down_set_selected (self->bounds[pair + 1], lo);
      else
        gtk_drop_down_set_selected (self->bounds[pair], hi);
    }
}

static void
build_bounds (DmkIozoneDialog *self)
{
  GtkGrid *grid = self->bounds_grid;
  /* The CLI's defaults: 16–64 MiB files, 4 KiB–1 MiB records. */
  const struct
  {
    const char *mnemonic;
    guint64 first;
    guint n, chosen;
  } rows[4] = {
    { N_("Smallest _File"), FILE_MIN, N_FILE_SIZES, 0 },
    { N_("_Largest File"), FILE_MIN, N_FILE_SIZES, 2 },
    { N_("Smallest Rec_ord"), RECORD_MIN, N_RECORD_SIZES, 3 },
    { N_("Largest Re_cord"), RECORD_MIN, N_RECORD_SIZES, 11 },
  };

  for (guint i = 0; i < 4; i++)
    {
      self->bounds[i] = add_bound (grid, i, _(rows[i].mnemonic), rows[i].first, rows[i].n,
                                   rows[i].chosen);
      g_signal_connect (self->bounds[i], "notify::selected", G_CALLBACK (on_bound), self);
    }
}

static void
build_ops (DmkIozoneDialog *self)
{
  static const char *const mnemonics[DMK_IOZONE_N_OPS] = {
    [DMK_IOZONE_WRITE] = N_("_Write"),
    [DMK_IOZONE_REWRITE] = N_("Re-wr_ite"),
    [DMK_IOZONE_READ] = N_("_Read"),
    [DMK_IOZONE_REREAD] = N_("R_e-read"),
    [DMK_IOZONE_RANDOM_READ] = N_("Random Re_ad"),
    [DMK_IOZONE_RANDOM_WRITE] = N_("Random Wri_te"),
    [DMK_IOZONE_BACKWARD] = N_("_Backward Read"),
    [DMK_IOZONE_STRIDE] = N_("Stri_de Read"),
    /* TRANSLATORS: iozone's record rewrite: one record written again and again */
    [DMK_IOZONE_RECORD_REWRITE] = N_("O_ne-Record Rewrite"),
    [DMK_IOZONE_RANDOM_MIX] = N_("Random _Mix"),
    [DMK_IOZONE_PWRITE] = N_("_Pwrite"),
    /* No letter of these is free for a mnemonic: Tab reaches them. */
    [DMK_IOZONE_REPWRITE] = N_("Re-pwrite"),
    [DMK_IOZONE_PREAD] = N_("Pread"),
    [DMK_IOZONE_REPREAD] = N_("Re-pread"),
  };
  GtkFlowBox *flow = self->ops_flow;

  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    {
      GtkWidget *check = gtk_check_button_new_with_mnemonic (_(mnemonics[op]));
      gboolean allowed = !self->is_device || self->has_consent || !is_write_op (op);

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), allowed);
      gtk_widget_set_sensitive (check, allowed);
      if (!allowed)
        gtk_widget_set_tooltip_text (check, _("Writes to a device need your consent first"));
      /* Spoken as the operation's name, never with the mnemonic's underscore. */
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      dmk_iozone_op_title (op), -1);
      self->ops[op] = GTK_CHECK_BUTTON (check);
      gtk_flow_box_append (flow, check);
      /* The flow box's children take the focus themselves: the check box is what is used. */
      gtk_widget_set_focusable (gtk_widget_get_parent (check), FALSE);
    }
}

static void
dmk_iozone_dialog_init (DmkIozoneDialog *self)
{
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr (GSimpleAction) save = g_simple_action_new ("save", G_VARIANT_TYPE_INT32);
  g_autoptr (GtkStringList) titles = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  dmk_a11y_tidy_on_map ();
  dmk_settings_init_default (&self->settings);
  g_signal_connect (save, "activate", G_CALLBACK (save_activated), self);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (save));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "iozone", G_ACTION_GROUP (group));
#if HAVE_XLSXWRITER
  {
    GMenuModel *menu = gtk_menu_button_get_menu_model (self->save);
    g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);

    g_menu_append (G_MENU (section), _("As _Excel Workbook (.xlsx)…"), "iozone.save(2)");
  }
#endif
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    gtk_string_list_append (titles, dmk_iozone_op_title (op));
  gtk_drop_down_set_model (self->show, G_LIST_MODEL (titles));
}

/* What a screen reader says: set once the dialog has its role (naming a child before that would
 * make the dialog's accessible first, with a widget's role). */
static void
name_for_screen_readers (DmkIozoneDialog *self)
{
  dmk_menu_button_name (self->save, _("Save"));
  dmk_drop_down_set_accessible_label (self->show, _("Operation shown"));
  /* Named by its label (its mnemonic widget): a name of its own would be said twice. */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->show), GTK_ACCESSIBLE_PROPERTY_LABEL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->map_scroller),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Heat map"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->status), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Progress"), -1);
}

/* What depends on the target: its line, the bounds, the operations its consent allows. */
static void
build (DmkIozoneDialog *self)
{
  /* TRANSLATORS: the dialog's first line: "Target: /home/me" */
  g_autofree char *target = g_strdup_printf (_("Target: %s"), self->path);

  gtk_label_set_text (self->target, target);
  build_bounds (self);
  build_ops (self);
  gtk_widget_set_visible (self->reads_only, self->is_device && !self->has_consent);
  name_for_screen_readers (self);
  update_sensitivity (self);
  refresh_map (self);
  dmk_name_mnemonic_buttons (GTK_WIDGET (self));
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->start));
}

GtkWindow *
dmk_iozone_dialog_new (GtkWindow *parent, DmkRunController *run, const char *path,
                       const DmkSettings *settings, gboolean is_device,
                       const DmkDeviceIdentity *consent)
{
  DmkIozoneDialog *self;

  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (run), NULL);
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (settings != NULL, NULL);

  /* It goes with its window: a close of the window (which asks while a sweep runs) ends it. */
  self = g_object_new (DMK_TYPE_IOZONE_DIALOG,
                       /* before anything can realize its accessible: GTK 4.8 otherwise fixed
                        * its role as its first class's, a "filler" */
                       "accessible-role", GTK_ACCESSIBLE_ROLE_DIALOG, "transient-for", parent,
                       "modal", TRUE, "destroy-with-parent", TRUE, NULL);
  self->run = g_object_ref (run);
  self->path = g_strdup (path);
  dmk_settings_clear (&self->settings);
  dmk_settings_copy (&self->settings, settings);
  self->is_device = is_device;
  self->has_consent = is_device && consent != NULL && settings->allow_write_device;
  if (self->has_consent)
    dmk_device_identity_copy (&self->consent, consent);
  build (self);
  return GTK_WINDOW (self);
}

#ifdef DMK_TESTING

/* ---- for the tests ---- */

void
dmk_iozone_dialog_set_bounds (DmkIozoneDialog *self, guint64 min_file, guint64 max_file,
                              guint32 min_record, guint32 max_record)
{
  const guint64 v[4] = { min_file, max_file, min_record, max_record };

  g_return_if_fail (DMK_IS_IOZONE_DIALOG (self));
  /* The largest first: a smallest above it would move it. */
  for (guint k = 0; k < 4; k++)
    {
      guint i = k ^ 1;
      guint64 first = i < 2 ? FILE_MIN : RECORD_MIN;
      guint n = 0;

      while ((first << n) < v[i])
        n++;
      gtk_drop_down_set_selected (self->bounds[i], n);
    }
  for (guint i = 0; i < 4; i++)
    g_return_if_fail (bound_bytes (self, i) == v[i]);
}

gboolean
dmk_iozone_dialog_get_running (DmkIozoneDialog *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), FALSE);
  return self->running;
}

GtkWidget *
dmk_iozone_dialog_get_start_button (DmkIozoneDialog *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), NULL);
  return GTK_WIDGET (self->start);
}

GtkWidget *
dmk_iozone_dialog_get_save_button (DmkIozoneDialog *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), NULL);
  return GTK_WIDGET (self->save);
}

GtkCheckButton *
dmk_iozone_dialog_get_op_button (DmkIozoneDialog *self, DmkIozoneOp op)
{
  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self) && (guint) op < DMK_IOZONE_N_OPS, NULL);
  return self->ops[op];
}

GtkDropDown *
dmk_iozone_dialog_get_op_chooser (DmkIozoneDialog *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), NULL);
  return self->show;
}

DmkIozoneHeatmap *
dmk_iozone_dialog_get_heatmap (DmkIozoneDialog *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), NULL);
  return self->heatmap;
}

DmkIozoneTable *
dmk_iozone_dialog_get_table (DmkIozoneDialog *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), NULL);
  return self->sweep != NULL ? dmk_iozone_sweep_get_table (self->sweep) : NULL;
}

const char *
dmk_iozone_dialog_get_status (DmkIozoneDialog *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), NULL);
  return gtk_label_get_text (self->status);
}

guint
dmk_iozone_dialog_get_file (DmkIozoneDialog *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), 0);
  return self->file;
}

guint
dmk_iozone_dialog_get_n_measured (DmkIozoneDialog *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_DIALOG (self), 0);
  return self->n_measured;
}

#endif
