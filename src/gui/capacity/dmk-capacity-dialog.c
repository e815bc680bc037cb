/* dmk-capacity-dialog.c: the window's capacity check: a worker thread runs it (dmk-capacity.c),
 * the dialog shows its progress and then its report, red when something did not read back. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-capacity-chart.h"
#include "dmk-capacity-dialog.h"

struct _DmkCapacityDialog
{
  AdwWindow parent_instance;

  GtkLabel *status;
  GtkProgressBar *bar;
  DmkCapacityChart *chart;
  GtkLabel *legend;
  GtkLabel *verdict;
  GtkLabel *details;
  GtkButton *button; /* Stop while running, Close after */

  GCancellable *cancellable;
  DmkCapacityReport *report;
  char *verdict_text;
  gboolean running;
  gboolean disposed; /* its labels are gone; the check, which holds a ref, ends alone */
};

G_DEFINE_FINAL_TYPE (DmkCapacityDialog, dmk_capacity_dialog, ADW_TYPE_WINDOW)

static void
on_progress (const DmkCapacityProgress *p, gpointer data)
{
  DmkCapacityDialog *self = data;
  g_autofree char *done = dmk_format_size (p->done_bytes);
  g_autofree char *total = dmk_format_size (p->total_bytes);
  g_autofree char *text = NULL;

  if (!self->running || self->disposed)
    return;
  text = p->phase == DMK_CAPACITY_WRITING
           /* TRANSLATORS: "Writing, pass 1: 12 MiB of 16 MiB at 20.5 MB/s" */
           ? g_strdup_printf (_("Writing, pass %u: %s of %s at %.1f MB/s"), p->pass, done, total,
                              p->mb_per_s)
           : g_strdup_printf (_("Reading back, pass %u: %s of %s at %.1f MB/s"), p->pass, done,
                              total, p->mb_per_s);
  gtk_label_set_text (self->status, text);
  gtk_progress_bar_set_fraction (self->bar, p->fraction);
  dmk_capacity_chart_add (self->chart, p);
}

static void
show_end (DmkCapacityDialog *self, const char *verdict, const char *details, gboolean good)
{
  self->running = FALSE;
  g_free (self->verdict_text);
  self->verdict_text = g_strdup (verdict);
  gtk_label_set_text (self->verdict, verdict);
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict), good ? "success" : "error");
  gtk_widget_set_visible (GTK_WIDGET (self->verdict), TRUE);
  gtk_label_set_text (self->details, details != NULL ? details : "");
  gtk_widget_set_visible (GTK_WIDGET (self->details), details != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->bar), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->status), FALSE);
  gtk_button_set_label (self->button, _("_Close"));
  /* The button keeps the focus: a selectable report given it would select itself whole. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->button));
  if (dmk_capacity_chart_get_peak (self->chart) > 0)
    {
      /* TRANSLATORS: the legend once the check ended; %.0f is the chart's highest rate */
      g_autofree char *legend = g_strdup_printf (_("Blue: writing · Green: reading back · MB/s "
                                                   "against the share done, highest %.0f MB/s"),
                                                 dmk_capacity_chart_get_peak (self->chart));
      gtk_label_set_text (self->legend, legend);
    }
}

static void
on_done (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (DmkCapacityDialog) self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *summary = NULL, *text = NULL;

  self->report = dmk_capacity_check_finish (res, &error);
  self->running = FALSE;
  if (self->disposed)
    return;
  if (self->report == NULL)
    {
      show_end (self,
                g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ? _("Stopped")
                                                                          : error->message,
                NULL, FALSE);
      return;
    }
  summary = dmk_capacity_report_summary (self->report);
  text = dmk_capacity_report_to_text (self->report);
  /* The summary is the report's first paragraph: shown once, above the rest. */
  show_end (self, summary, strstr (text, "\n\n") != NULL ? strstr (text, "\n\n") + 2 : text,
            dmk_capacity_report_passed (self->report));
}

void
dmk_capacity_dialog_stop (DmkCapacityDialog *self)
{
  g_return_if_fail (DMK_IS_CAPACITY_DIALOG (self));
  g_cancellable_cancel (self->cancellable);
}

static void
on_button (DmkCapacityDialog *self)
{
  if (self->running)
    dmk_capacity_dialog_stop (self);
  else
    gtk_window_destroy (GTK_WINDOW (self));
}

static gboolean
close_request (GtkWindow *window)
{
  /* The check holds a ref until it ends, which a stop makes quick. */
  dmk_capacity_dialog_stop (DMK_CAPACITY_DIALOG (window));
  return FALSE;
}

static void
dmk_capacity_dialog_dispose (GObject *object)
{
  DmkCapacityDialog *self = DMK_CAPACITY_DIALOG (object);

  self->disposed = TRUE;
  g_cancellable_cancel (self->cancellable);
  G_OBJECT_CLASS (dmk_capacity_dialog_parent_class)->dispose (object);
}

static void
dmk_capacity_dialog_finalize (GObject *object)
{
  DmkCapacityDialog *self = DMK_CAPACITY_DIALOG (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->report, dmk_capacity_report_free);
  g_free (self->verdict_text);
  G_OBJECT_CLASS (dmk_capacity_dialog_parent_class)->finalize (object);
}

static void
dmk_capacity_dialog_class_init (DmkCapacityDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = dmk_capacity_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = dmk_capacity_dialog_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = close_request;
}

static GtkLabel *
new_label (GtkBox *box, gboolean wrap)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), wrap);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_box_append (box, label);
  return GTK_LABEL (label);
}

static void
dmk_capacity_dialog_init (DmkCapacityDialog *self)
{
  GtkWidget *toolbar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkBox *box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));

  self->cancellable = g_cancellable_new ();
  gtk_window_set_title (GTK_WINDOW (self), _("Check Capacity"));
  gtk_window_set_default_size (GTK_WINDOW (self), 520, -1);
  gtk_box_append (GTK_BOX (toolbar), adw_header_bar_new ());
  gtk_widget_set_margin_start (GTK_WIDGET (box), 18);
  gtk_widget_set_margin_end (GTK_WIDGET (box), 18);
  gtk_widget_set_margin_top (GTK_WIDGET (box), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (box), 18);
  self->verdict = new_label (box, TRUE);
  /* Selectable text takes the focus, and selects itself whole: the verdict is only read. */
  gtk_label_set_selectable (self->verdict, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict), "title-4");
  gtk_widget_set_visible (GTK_WIDGET (self->verdict), FALSE);
  self->status = new_label (box, TRUE);
  self->bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_box_append (box, GTK_WIDGET (self->bar));
  self->chart = DMK_CAPACITY_CHART (dmk_capacity_chart_new ());
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Rate while writing and reading back"), -1);
  gtk_box_append (box, GTK_WIDGET (self->chart));
  self->legend = new_label (box, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->legend), "caption");
  gtk_label_set_selectable (self->legend, FALSE);
  /* TRANSLATORS: the chart's legend: the colours of its two lines */
  gtk_label_set_text (self->legend, _("Blue: writing · Green: reading back · MB/s against the "
                                      "share done"));
  self->details = new_label (box, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->details), "monospace");
  gtk_widget_set_visible (GTK_WIDGET (self->details), FALSE);
  self->button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Stop")));
  gtk_widget_set_halign (GTK_WIDGET (self->button), GTK_ALIGN_END);
  g_signal_connect_swapped (self->button, "clicked", G_CALLBACK (on_button), self);
  gtk_box_append (box, GTK_WIDGET (self->button));
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->button));
  gtk_box_append (GTK_BOX (toolbar), GTK_WIDGET (box));
  adw_window_set_content (ADW_WINDOW (self), toolbar);
}

GtkWindow *
dmk_capacity_dialog_new (GtkWindow *parent, const char *path, const DmkSettings *settings,
                         const DmkDeviceIdentity *consent)
{
  DmkCapacityDialog *self;
  g_autofree char *what = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (settings != NULL, NULL);

  self = g_object_new (DMK_TYPE_CAPACITY_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
  /* TRANSLATORS: "Checking /dev/sdb…" */
  what = g_strdup_printf (_("Checking %s…"), path);
  gtk_label_set_text (self->status, what);
  self->running = TRUE;
  dmk_capacity_check_async (path, settings, consent, dmk_default_fd_providers (), on_progress,
                            self, self->cancellable, on_done, g_object_ref (self));
  return GTK_WINDOW (self);
}

#ifdef DMK_TESTING

gboolean
dmk_capacity_dialog_get_running (DmkCapacityDialog *self)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_DIALOG (self), FALSE);
  return self->running;
}

const DmkCapacityReport *
dmk_capacity_dialog_get_report (DmkCapacityDialog *self)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_DIALOG (self), NULL);
  return self->report;
}

const char *
dmk_capacity_dialog_get_verdict (DmkCapacityDialog *self)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_DIALOG (self), NULL);
  return self->verdict_text;
}

DmkCapacityChart *
dmk_capacity_dialog_get_chart (DmkCapacityDialog *self)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_DIALOG (self), NULL);
  return self->chart;
}

#endif
