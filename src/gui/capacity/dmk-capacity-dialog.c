/* dmk-capacity-dialog.c: Check Capacity: what the check will do to the target, asked first (a
 * folder's free space filled, a device overwritten whole); then the check itself, run by the
 * window's run controller (Stop, suspend inhibited, closing asks), its progress and rate chart;
 * then what it found, red when something did not read back. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-a11y.h"
#include "dmk-capacity-chart.h"
#include "dmk-capacity-dialog.h"

struct _DmkCapacityDialog
{
  AdwWindow parent_instance;

  /* template children */
  GtkStack *stack;
  GtkLabel *question;
  GtkLabel *explanation;
  GtkButton *cancel_button;
  GtkButton *start_button;
  GtkLabel *status;
  GtkProgressBar *bar;
  DmkCapacityChart *chart;
  GtkLabel *legend;
  GtkLabel *verdict;
  GtkLabel *details;
  GtkButton *button; /* Stop while running, Close after */

  DmkRunController *run;
  DmkPlace *place; /* the target, described when the dialog opened */
  DmkSettings settings;
  gboolean may_start; /* the question has an answer that can start the check */
  gboolean running;   /* this dialog's check runs */
  char *verdict_text;
};

G_DEFINE_FINAL_TYPE (DmkCapacityDialog, dmk_capacity_dialog, ADW_TYPE_WINDOW)

static void
on_progress (DmkRunController *run, const DmkCapacityProgress *p, DmkCapacityDialog *self)
{
  g_autofree char *done = dmk_format_size (p->done_bytes);
  g_autofree char *total = dmk_format_size (p->total_bytes);
  g_autofree char *text = NULL;

  if (!self->running)
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
on_finished (DmkRunController *run, DmkCapacityDialog *self)
{
  const DmkCapacityReport *report = dmk_run_controller_get_capacity_report (run);
  const GError *error = dmk_run_controller_get_error (run);
  g_autofree char *summary = NULL, *text = NULL;

  if (!self->running)
    return;
  self->running = FALSE;
  g_signal_handlers_disconnect_by_data (run, self);
  if (report == NULL)
    {
      show_end (self,
                g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ? _("Stopped")
                                                                          : error->message,
                NULL, FALSE);
      return;
    }
  summary = dmk_capacity_report_summary (report);
  text = dmk_capacity_report_to_text (report);
  /* The summary is the report's first paragraph: shown once, above the rest. */
  show_end (self, summary, strstr (text, "\n\n") != NULL ? strstr (text, "\n\n") + 2 : text,
            dmk_capacity_report_passed (report));
}

/* The user's word: the check starts, on the device the question named (the write gate compares
 * it with the one it opens) or in the folder. */
static void
on_start (DmkCapacityDialog *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *what = NULL;
  const DmkDeviceIdentity *consent = NULL;

  if (!self->may_start)
    return;
  if (self->place->kind == DMK_PLACE_DEVICE)
    {
      consent = &self->place->identity;
      self->settings.allow_write_device = TRUE;
    }
  g_signal_connect (self->run, "capacity-progress", G_CALLBACK (on_progress), self);
  g_signal_connect (self->run, "finished", G_CALLBACK (on_finished), self);
  if (!dmk_run_controller_start_capacity (self->run, self->place->path, &self->settings, consent,
                                          &error))
    {
      g_signal_handlers_disconnect_by_data (self->run, self);
      gtk_stack_set_visible_child_name (self->stack, "check");
      show_end (self, error->message, NULL, FALSE);
      return;
    }
  self->running = TRUE;
  /* TRANSLATORS: "Checking /dev/sdb…" */
  what = g_strdup_printf (_("Checking %s…"), self->place->path);
  gtk_label_set_text (self->status, what);
  gtk_stack_set_visible_child_name (self->stack, "check");
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->button));
}

void
dmk_capacity_dialog_stop (DmkCapacityDialog *self)
{
  g_return_if_fail (DMK_IS_CAPACITY_DIALOG (self));
  if (self->running)
    dmk_run_controller_stop (self->run);
}

static void
on_button (DmkCapacityDialog *self)
{
  if (self->running)
    dmk_capacity_dialog_stop (self);
  else
    gtk_window_destroy (GTK_WINDOW (self));
}

/* Closing (Escape, the title bar's button) stops a check that runs: it stops at once and leaves
 * nothing behind. */
static gboolean
close_request (GtkWindow *window)
{
  dmk_capacity_dialog_stop (DMK_CAPACITY_DIALOG (window));
  return FALSE;
}

static void
dmk_capacity_dialog_dispose (GObject *object)
{
  DmkCapacityDialog *self = DMK_CAPACITY_DIALOG (object);

  if (self->run != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->run, self);
      if (self->running)
        dmk_run_controller_stop (self->run);
    }
  self->running = FALSE;
  g_clear_object (&self->run);
  gtk_widget_dispose_template (GTK_WIDGET (self), DMK_TYPE_CAPACITY_DIALOG);
  G_OBJECT_CLASS (dmk_capacity_dialog_parent_class)->dispose (object);
}

static void
dmk_capacity_dialog_finalize (GObject *object)
{
  DmkCapacityDialog *self = DMK_CAPACITY_DIALOG (object);

  g_clear_pointer (&self->place, dmk_place_free);
  dmk_settings_clear (&self->settings);
  g_free (self->verdict_text);
  G_OBJECT_CLASS (dmk_capacity_dialog_parent_class)->finalize (object);
}

static void
dmk_capacity_dialog_class_init (DmkCapacityDialogClass *klass)
{
  /* A screen reader says it is a dialog (not a "frame", nor a "filler"). */
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_DIALOG);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = dmk_capacity_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = dmk_capacity_dialog_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = close_request;
  /* Escape closes it, as every dialog of the window. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  g_type_ensure (DMK_TYPE_CAPACITY_CHART);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/gdiskmark/GDiskMark/dmk-capacity-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, question);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, explanation);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, status);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, bar);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, chart);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, legend);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, verdict);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, details);
  gtk_widget_class_bind_template_child (widget_class, DmkCapacityDialog, button);
  gtk_widget_class_bind_template_callback (widget_class, on_start);
  gtk_widget_class_bind_template_callback (widget_class, on_button);
}

static void
dmk_capacity_dialog_init (DmkCapacityDialog *self)
{
  dmk_a11y_tidy_on_map ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* How long writing bytes takes at mb_per_s, in words: "about 12 minutes". */
static char *
duration_text (guint64 bytes, double mb_per_s)
{
  double s = (double) bytes / (mb_per_s * 1e6);
  guint minutes = (guint) (s / 60 + 0.5);

  if (minutes < 1)
    return g_strdup (_("less than a minute"));
  if (minutes < 120)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u minute", "about %u minutes",
                                         minutes),
                            minutes);
  return g_strdup_printf (_("about %.1f hours"), s / 3600);
}

/* A folder: which filesystem is filled, how much, how long, and what stays free. */
static void
ask_folder (DmkCapacityDialog *self, double write_mb_per_s)
{
  const DmkPlace *p = self->place;
  guint64 margin = dmk_capacity_folder_margin (p->size_bytes, 0);
  guint64 fill = p->avail_bytes > margin ? p->avail_bytes - margin : 0;
  g_autofree char *fill_text = dmk_format_size (fill);
  g_autofree char *margin_text = dmk_format_size (margin);
  g_autofree char *size_text = dmk_format_size (p->size_bytes);
  g_autofree char *question = NULL, *body = NULL, *time = NULL, *text = NULL;

  /* TRANSLATORS: "Fill the Free Space of /home?" */
  question = g_strdup_printf (_("Fill the Free Space of %s?"), p->path);
  /* TRANSLATORS: "The check writes 41 GiB into the free space of the ext4 filesystem of /home
   * (229 GiB) as a hidden file, reads it all back and removes it. 11 GiB stays free for other
   * programs; if they need more meanwhile, the check stops and gives the space back." */
  body = g_strdup_printf (_("The check writes %s into the free space of the %s filesystem of %s "
                            "(%s) as a hidden file, reads it all back and removes it. %s stays "
                            "free for other programs; if they need more meanwhile, the check "
                            "stops and gives the space back."),
                          fill_text, p->fstype != NULL ? p->fstype : "?", p->path, size_text,
                          margin_text);
  if (write_mb_per_s > 0)
    {
      g_autofree char *rate = dmk_format_number (write_mb_per_s, 1);

      time = duration_text (2 * fill, write_mb_per_s);
      /* TRANSLATORS: "At the 450.2 MB/s last measured here, writing and reading it back takes
       * about 3 minutes." */
      text = g_strdup_printf (_("%s\n\nAt the %s MB/s last measured here, writing and reading it "
                                "back takes %s."),
                              body, rate, time);
    }
  gtk_label_set_text (self->question, question);
  gtk_label_set_text (self->explanation, text != NULL ? text : body);
  gtk_button_set_label (self->start_button, _("_Fill and Check"));
  gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "suggested-action");
  self->may_start = fill > 0;
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), self->may_start);
}

/* A device: its own question, naming it as it is now, whatever write tests were allowed. */
static void
ask_device (DmkCapacityDialog *self)
{
  const DmkPlace *p = self->place;
  g_autofree char *what = dmk_describe_device (p->path, p->model, p->size_bytes);
  g_autofree char *question = NULL, *body = NULL;

  /* TRANSLATORS: "Overwrite All of /dev/sdb?" */
  question = g_strdup_printf (_("Overwrite All of %s?"), p->path);
  if (p->in_use)
    {
      /* TRANSLATORS: %s: "/dev/sdb (SanDisk Ultra, 29 GiB)" */
      body = g_strdup_printf (_("%s is in use (mounted, swapped on or held by another device): "
                                "release it before checking it, as the check writes over all "
                                "of it."),
                              what);
      self->may_start = FALSE;
    }
  else
    {
      /* TRANSLATORS: %s: "/dev/sdb (SanDisk Ultra, 29 GiB)" */
      body = g_strdup_printf (_("The check writes stamps over the whole of %s and reads them "
                                "back, to find how much it really holds. Everything on it is "
                                "destroyed: its files, partitions and file systems cannot be "
                                "recovered afterwards.\n\nAllow this only for a device whose "
                                "contents you no longer need, such as a new stick you want to "
                                "check."),
                              what);
      self->may_start = TRUE;
    }
  gtk_label_set_text (self->question, question);
  gtk_label_set_text (self->explanation, body);
  gtk_button_set_label (self->start_button, _("_Destroy Data and Check"));
  gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "destructive-action");
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), self->may_start);
}

GtkWindow *
dmk_capacity_dialog_new (GtkWindow *parent, DmkRunController *run, const char *path,
                         const DmkSettings *settings, double write_mb_per_s)
{
  DmkCapacityDialog *self;

  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (run), NULL);
  g_return_val_if_fail (path != NULL && settings != NULL, NULL);

  /* It goes with its window: a close of the window (which asks while the check runs) ends it. */
  self = g_object_new (DMK_TYPE_CAPACITY_DIALOG, "accessible-role", GTK_ACCESSIBLE_ROLE_DIALOG,
                       "transient-for", parent, "destroy-with-parent",
                       TRUE, NULL);
  self->run = g_object_ref (run);
  self->place = dmk_place_new (path);
  dmk_settings_copy (&self->settings, settings);
  if (self->place->kind == DMK_PLACE_DEVICE)
    ask_device (self);
  else
    ask_folder (self, write_mb_per_s);
  /* Nothing is written before the user's word: the safe answer has the focus. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->cancel_button));
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
  return self->verdict_text != NULL ? dmk_run_controller_get_capacity_report (self->run) : NULL;
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

const char *
dmk_capacity_dialog_get_question (DmkCapacityDialog *self)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_DIALOG (self), NULL);
  return gtk_label_get_text (self->question);
}

const char *
dmk_capacity_dialog_get_explanation (DmkCapacityDialog *self)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_DIALOG (self), NULL);
  return gtk_label_get_text (self->explanation);
}

GtkWidget *
dmk_capacity_dialog_get_start_button (DmkCapacityDialog *self)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_DIALOG (self), NULL);
  return GTK_WIDGET (self->start_button);
}

GtkWidget *
dmk_capacity_dialog_get_cancel_button (DmkCapacityDialog *self)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_DIALOG (self), NULL);
  return GTK_WIDGET (self->cancel_button);
}

GtkWidget *
dmk_capacity_dialog_get_stop_button (DmkCapacityDialog *self)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_DIALOG (self), NULL);
  return GTK_WIDGET (self->button);
}

#endif
