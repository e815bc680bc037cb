/* dmk-scan-view.c: a scan's page: its settings, Run/Stop through the window's run controller, the
 * chart drawn as the scan goes, the numbers in words, and Save (PNG, SVG, JSON, CSV). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dmk-a11y.h"
#include "dmk-gui-utils.h"
#include "dmk-scan-view.h"
#include "dmk-size-choice.h"


struct _DmkScanView
{
  GtkWidget parent_instance;

  DmkResultKind kind;
  GtkWidget *box;
  GtkBox *target_slot;
  GtkBox *params, *extent; /* how; how much (the sweep's range and size) */
  GtkLabel *about;
  GtkBox *charts;
  GtkDropDown *choice_a; /* span (sustained), pattern (sweep), samples (surface) */
  GtkDropDown *choice_b; /* queue (sweep) */
  GtkDropDown *choice_c; /* mode (sweep) */
  GtkDropDown *from, *to; /* the sweep's smallest and largest block sizes */
  GtkDropDown *size;     /* the test size (sweep; surface of a folder) */
  GtkWidget *start_button;
  GtkWidget *save_button;
  DmkScanChart *chart;
  DmkScanChart *access_chart;
  GtkLabel *summary_label;
  GtkLabel *status_label;

  DmkRunController *run;
  DmkTargetChooser *target;
  gboolean running; /* the controller runs a scan of this view's kind */
  gboolean failed;  /* the status line says why the last run failed */
  gboolean warned;  /* the status line says why the chosen span does not fit */
  char *unfit;      /* why the chosen span does not fit the target, or NULL */
  DmkResult *result;
  char *source;
  guint n_samples;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (DmkScanView, dmk_scan_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum
{
  START_CLICKED,
  FINISHED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static const guint samples_choices[] = { 50, 100, 200 };
static const guint depths[] = { 1, 4, 32 };

/* ---- what is shown ---- */

static void
set_status (DmkScanView *self, const char *text)
{
  self->failed = self->warned = FALSE;
  gtk_label_set_text (self->status_label, text);
}

static void
update_summary (DmkScanView *self)
{
  g_autofree char *text = self->result != NULL ? dmk_describe_scan_result (self->result) : NULL;
  g_autoptr (GString) shown = g_string_new (text);
  gboolean have = self->result != NULL;

  /* The warnings go with the numbers, as they do in every file the result is saved to. */
  for (guint i = 0; text != NULL && i < self->result->warnings->len; i++)
    g_string_append_printf (shown, " %s", (const char *) self->result->warnings->pdata[i]);
  gtk_label_set_text (self->summary_label, shown->str);
  /* Selectable (focusable) only with something to select: an empty focusable label would be a
   * stop without a name for a screen reader. */
  gtk_label_set_selectable (self->summary_label, shown->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "scan.save-image", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "scan.save-svg", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "scan.save-results", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "scan.save-csv", have);
}

void
dmk_scan_view_set_result (DmkScanView *self, DmkResult *result, const char *source)
{
  g_return_if_fail (DMK_IS_SCAN_VIEW (self));
  if (result != NULL)
    dmk_result_ref (result);
  g_clear_pointer (&self->result, dmk_result_unref);
  self->result = result;
  g_free (self->source);
  self->source = g_strdup (source);
  dmk_scan_chart_clear (self->chart);
  if (self->access_chart != NULL)
    dmk_scan_chart_clear (self->access_chart);
  if (result != NULL)
    {
      dmk_scan_chart_add_result (self->chart, result, NULL);
      if (self->access_chart != NULL)
        dmk_scan_chart_add_result (self->access_chart, result, NULL);
    }
  if (source != NULL)
    {
      g_autofree char *name = g_filename_display_basename (source);
      g_autofree char *text = g_strdup_printf (_("Showing “%s”, measured on %s"), name,
                                               result != NULL && result->target.path
                                                 ? result->target.path
                                                 : "");
      set_status (self, text);
    }
  update_summary (self);
}

/* ---- running ---- */

/* Run, or Stop; insensitive while another run goes on or the chosen span does not fit. */
static void
update_start (DmkScanView *self)
{
  gboolean running = self->running;
  gboolean other = !running && self->run != NULL && dmk_run_controller_get_running (self->run);
  const char *unfit = running || other ? NULL : self->unfit;

  gtk_button_set_label (GTK_BUTTON (self->start_button), running ? _("Stop") : _("_Run"));
  gtk_widget_set_tooltip_text (self->start_button,
                               running ? _("Stop the scan; what was measured is kept (Escape)")
                               : other ? _("Another run is going on: stop it first")
                               : unfit ? unfit
                                       : _("Start the scan on the chosen target"));
  gtk_widget_remove_css_class (self->start_button,
                               running ? "suggested-action" : "destructive-action");
  gtk_widget_add_css_class (self->start_button, running ? "destructive-action" : "suggested-action");
  /* One run at a time in the window: another view's run makes this one wait. */
  gtk_widget_set_sensitive (self->start_button, !other && unfit == NULL);
}

static void
set_running (DmkScanView *self, gboolean running)
{
  GtkWidget *controls[] = { GTK_WIDGET (self->choice_a), GTK_WIDGET (self->choice_b),
                            GTK_WIDGET (self->choice_c), GTK_WIDGET (self->from),
                            GTK_WIDGET (self->to),       GTK_WIDGET (self->size),
                            self->save_button };

  self->running = running;
  update_start (self);
  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    if (controls[i] != NULL)
      gtk_widget_set_sensitive (controls[i], !running);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static gboolean
mine (DmkScanView *self)
{
  return dmk_run_controller_get_job (self->run) == DMK_RUN_JOB_RUN &&
         dmk_run_controller_get_kind (self->run) == self->kind;
}

static void
on_run_running (DmkRunController *run, GParamSpec *pspec, DmkScanView *self)
{
  set_running (self, dmk_run_controller_get_running (run) && mine (self));
}

static void
show_progress (DmkScanView *self, const DmkProgress *p)
{
  g_autofree char *done = dmk_format_size (p->bytes_done);
  g_autofree char *mb = dmk_unit_format (DMK_UNIT_MB_S, p->sample_mb_per_s);
  g_autofree char *text = NULL;

  self->n_samples = p->n_samples;
  if (self->kind == DMK_KIND_SUSTAINED)
    {
      dmk_scan_chart_add_point (self->chart, 0, (double) p->bytes_done / DMK_GIB_D,
                                p->sample_mb_per_s);
      if (p->sample_has_celsius)
        dmk_scan_chart_add_temperature (self->chart, 0, (double) p->bytes_done / DMK_GIB_D,
                                        p->sample_celsius);
    }
  else
    dmk_scan_chart_add_point (self->chart, 0, 100.0 * p->position, p->sample_mb_per_s);
  /* TRANSLATORS: "41 % · 3 GiB · 950.30 MB/s" */
  text = g_strdup_printf (_("%.0f %% · %s · %s MB/s"), 100.0 * p->fraction, done, mb);
  set_status (self, text);
}

static void
on_run_progress (DmkRunController *run, const DmkProgress *p, DmkScanView *self)
{
  g_autofree char *text = NULL;

  if (!self->running || dmk_run_controller_get_stopping (run))
    return;
  if (p->phase == DMK_PHASE_OPEN || p->phase == DMK_PHASE_LAYOUT)
    text = dmk_progress_describe (p);
  else if (self->kind == DMK_KIND_SWEEP)
    {
      g_autofree char *status = dmk_progress_describe (p);
      /* TRANSLATORS: "Test 3 of 36: …" */
      if (status != NULL)
        text = g_strdup_printf (_("Test %u of %u: %s"), p->test_index + 1, p->n_tests, status);
      if (p->phase == DMK_PHASE_TEST_DONE && p->test != NULL)
        dmk_scan_chart_add_point (self->chart, p->test->direction == DMK_DIRECTION_READ ? 0 : 1,
                                  log2 (p->test->spec.block_size), p->test->mb_per_s);
    }
  else if (p->phase == DMK_PHASE_MEASURE && p->n_samples > self->n_samples)
    show_progress (self, p);
  if (text != NULL)
    set_status (self, text);
}

static void
on_run_stopping (DmkRunController *run, GParamSpec *pspec, DmkScanView *self)
{
  if (self->running && dmk_run_controller_get_stopping (run))
    set_status (self, _("Stopping…"));
}

/* ---- the sustained write's span ---- */

/* The span follows the target: its second choice is all of it, "Whole Device" for a device and
 * "All Free Space" for a folder, in one place so that the choice carries over; a size that does
 * not fit is marked in the size list, says why in the status line, whole, and cannot run. */
static void
update_span (DmkScanView *self)
{
  GtkStringList *list = GTK_STRING_LIST (gtk_drop_down_get_model (self->choice_a));
  guint sel = gtk_drop_down_get_selected (self->choice_a);
  const char *all[] = { dmk_target_chooser_get_device (self->target) != NULL ? _("Whole Device")
                                                                             : _("All Free Space"),
                        NULL };

  if (!g_str_equal (gtk_string_list_get_string (list, 1), all[0]))
    {
      gtk_string_list_splice (list, 1, 1, all);
      gtk_drop_down_set_selected (self->choice_a, sel);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->size), sel == 0);
  g_free (self->unfit);
  self->unfit = sel == 0 ? dmk_size_choice_explain (self->size) : NULL;
  if (!self->running && (self->unfit != NULL || self->warned))
    set_status (self, self->unfit != NULL ? self->unfit : _("Ready"));
  self->warned = !self->running && self->unfit != NULL;
  update_start (self);
}

/* Why a run failed on one target, or with one span, says nothing about the next one. */
static void
on_choice_changed (GObject *target_or_span, GParamSpec *pspec, DmkScanView *self)
{
  if (self->failed && !self->running)
    set_status (self, _("Ready"));
  if (self->kind == DMK_KIND_SUSTAINED)
    update_span (self);
}

static void
span_setup (DmkScanView *self)
{
  DmkScanOptions o;

  dmk_scan_options_init (&o, DMK_KIND_SUSTAINED);
  /* The core's span (8 GiB), long enough to fill a drive's write cache. */
  for (guint i = 0; i < g_list_model_get_n_items (gtk_drop_down_get_model (self->size)) &&
                    dmk_size_choice_get_bytes (self->size) < o.span_bytes;
       i++)
    gtk_drop_down_set_selected (self->size, i);
  g_signal_connect_object (self->target, "notify::room", G_CALLBACK (update_span), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (self->choice_a, "notify::selected", G_CALLBACK (on_choice_changed), self);
  g_signal_connect (self->size, "notify::selected", G_CALLBACK (on_choice_changed), self);
  update_span (self);
}

static void
on_run_finished (DmkRunController *run, DmkScanView *self)
{
  const GError *error = dmk_run_controller_get_error (run);
  DmkResult *result = dmk_run_controller_get_result (run);

  if (!mine (self))
    return;
  if (result != NULL)
    dmk_scan_view_set_result (self, result, NULL);
  if (error == NULL)
    set_status (self, _("Finished"));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    set_status (self, result != NULL ? _("Stopped: what was measured is kept")
                                     : _("Stopped before anything was measured"));
  else
    {
      set_status (self, error->message);
      self->failed = TRUE;
    }
  g_signal_emit (self, signals[FINISHED], 0);
}

static void
clear_shown (DmkScanView *self)
{
  self->n_samples = 0;
  g_clear_pointer (&self->source, g_free);
  dmk_scan_chart_clear (self->chart);
  if (self->access_chart != NULL)
    dmk_scan_chart_clear (self->access_chart);
  g_clear_pointer (&self->result, dmk_result_unref);
  update_summary (self);
}

gboolean
dmk_scan_view_start (DmkScanView *self, const char *path, const DmkSettings *settings,
                     const char *comment, GError **error)
{
  const DmkMode modes[] = { DMK_MODE_READ_WRITE, DMK_MODE_READ, DMK_MODE_WRITE };
  DmkRunRequest request = { .kind = self->kind, .path = path, .comment = comment };
  g_autoptr (GArray) specs = NULL;
  DmkScanOptions o;
  DmkSettings s;
  gboolean ok;

  g_return_val_if_fail (DMK_IS_SCAN_VIEW (self), FALSE);
  dmk_settings_copy (&s, settings);
  request.settings = &s;
  if (self->kind == DMK_KIND_SWEEP)
    {
      dmk_sweep_settings_apply (&s);
      s.size_bytes = dmk_size_choice_get_bytes (self->size);
      s.mode = modes[MIN (gtk_drop_down_get_selected (self->choice_c), 2u)];
      guint32 lo = DMK_SPEC_MIN_BLOCK << gtk_drop_down_get_selected (self->from);
      guint32 hi = DMK_SPEC_MIN_BLOCK << gtk_drop_down_get_selected (self->to);

      specs = dmk_sweep_specs (gtk_drop_down_get_selected (self->choice_a) == 1
                                 ? DMK_PATTERN_RANDOM
                                 : DMK_PATTERN_SEQUENTIAL,
                               depths[MIN (gtk_drop_down_get_selected (self->choice_b), 2u)], 1,
                               MIN (lo, hi), MAX (lo, hi), NULL);
      request.specs = specs;
    }
  else
    {
      dmk_scan_options_init (&o, self->kind);
      o.span_bytes = dmk_size_choice_get_bytes (self->size);
      if (self->kind == DMK_KIND_SURFACE)
        o.samples = samples_choices[MIN (gtk_drop_down_get_selected (self->choice_a), 2u)];
      else if (gtk_drop_down_get_selected (self->choice_a) == 1) /* all of the target */
        o.span = dmk_target_chooser_get_device (self->target) ? DMK_SPAN_DEVICE : DMK_SPAN_FREE;
      request.scan = &o;
    }
  ok = dmk_run_controller_start (self->run, &request, error);
  dmk_settings_clear (&s);
  if (ok)
    {
      clear_shown (self);
      set_status (self, _("Starting…"));
    }
  return ok;
}

static void
on_start_clicked (GtkButton *button, DmkScanView *self)
{
  if (self->running)
    dmk_run_controller_stop (self->run);
  else
    g_signal_emit (self, signals[START_CLICKED], 0);
}

static gboolean
on_escape (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  DmkScanView *self = DMK_SCAN_VIEW (widget);

  if (!self->running)
    return FALSE;
  dmk_run_controller_stop (self->run);
  return TRUE;
}

/* ---- saving ---- */

static DmkScanView *saving; /* the view whose Save is open: one chooser at a time */

gboolean
dmk_scan_view_save_json (DmkScanView *self, const char *path, GError **error)
{
  return self->result != NULL && dmk_result_save (self->result, path, error);
}

gboolean
dmk_scan_view_save_csv (DmkScanView *self, const char *path, GError **error)
{
  g_autofree char *csv = NULL;

  if (self->result == NULL)
    return FALSE;
  csv = dmk_result_to_csv (self->result);
  return dmk_output_save (path, csv, strlen (csv), error);
}

static gboolean
save_chart (GtkWindow *w, const char *path, GError **error)
{
  return saving != NULL && dmk_scan_chart_save (saving->chart, path, error);
}

static gboolean
save_json (GtkWindow *w, const char *path, GError **error)
{
  return saving != NULL && dmk_scan_view_save_json (saving, path, error);
}

static gboolean
save_csv (GtkWindow *w, const char *path, GError **error)
{
  return saving != NULL && dmk_scan_view_save_csv (saving, path, error);
}

static const DmkFileJob jobs[] = {
  { N_("Save Chart as Image"), N_("PNG images"), "image/png", "png", NULL, save_chart },
  { N_("Save Chart for Print"), N_("SVG images"), "image/svg+xml", "svg", NULL, save_chart },
  { N_("Save Results"), N_("GDiskMark results"), "application/json", "json", NULL, save_json },
  { N_("Save Table"), N_("CSV tables"), "text/csv", "csv", NULL, save_csv },
};

static void
report_saved (GtkWindow *window, gboolean ok, const char *text)
{
  GtkWidget *overlay = window != NULL ? dmk_find_toast_overlay (GTK_WIDGET (window)) : NULL;

  if (overlay != NULL)
    dmk_toast (ADW_TOAST_OVERLAY (overlay), text);
}

static void
save_action (GtkWidget *widget, const char *name, GVariant *param)
{
  DmkScanView *self = DMK_SCAN_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  guint i = g_str_equal (name, "scan.save-image")   ? 0
            : g_str_equal (name, "scan.save-svg")   ? 1
            : g_str_equal (name, "scan.save-results") ? 2
                                                      : 3;
  g_autofree char *prefix = g_strdup_printf ("GDiskMark-%s_",
                                             dmk_result_kind_to_string (self->kind));

  saving = self;
  dmk_file_job_start (GTK_WINDOW (root), &jobs[i], prefix, report_saved, &self->chooser);
}

/* ---- construction ---- */

static GtkDropDown *
new_choice (const char *const *items, guint selected, const char *label)
{
  GtkDropDown *d = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (items));

  gtk_drop_down_set_selected (d, selected);
  gtk_widget_set_tooltip_text (GTK_WIDGET (d), label);
  dmk_drop_down_set_accessible_label (d, label);
  return d;
}

static const char *
describe (DmkResultKind kind)
{
  switch (kind)
    {
    case DMK_KIND_SUSTAINED:
      return _("Writes in order through the span and shows where the speed falls: a drive’s "
               "write cache filling up. The test file is removed afterwards; on a device, writes "
               "need the consent given in the Benchmark view.");
    case DMK_KIND_SWEEP:
      return _("Reads and writes at every block size from 512 bytes to 64 MiB, one pass of two "
               "seconds each, like ATTO.");
    default:
      return _("Reads samples spread over the whole device or test file, from its first byte to "
               "its last, then 1000 random reads for the access time.");
    }
}

/* The sweep's block sizes, from and to, in powers of two: ATTO's range and any part of it. */
static void
build_range (DmkScanView *self)
{
  g_autoptr (GPtrArray) from = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) to = g_ptr_array_new_with_free_func (g_free);
  guint n = 0;

  for (guint64 bs = DMK_SPEC_MIN_BLOCK; bs <= DMK_SPEC_MAX_BLOCK; bs *= 2, n++)
    {
      g_autofree char *size = dmk_format_size (bs);
      /* TRANSLATORS: the smallest block size of a sweep, "from 4 KiB" */
      g_ptr_array_add (from, g_strdup_printf (_("from %s"), size));
      /* TRANSLATORS: the largest block size of a sweep, "to 64 MiB" */
      g_ptr_array_add (to, g_strdup_printf (_("to %s"), size));
    }
  g_ptr_array_add (from, NULL);
  g_ptr_array_add (to, NULL);
  self->from = new_choice ((const char *const *) from->pdata, 0, _("Smallest block size"));
  self->to = new_choice ((const char *const *) to->pdata, n - 1, _("Largest block size"));
}

/* How in params, the sweep's range and the size in extent. */
static void
build_controls (DmkScanView *self)
{
  if (self->kind == DMK_KIND_SUSTAINED)
    {
      /* The second is "Whole Device" on a device (update_span). */
      const char *spans[] = { _("Test Size"), _("All Free Space"), NULL };
      self->choice_a = new_choice (spans, 0, _("How much to write"));
    }
  else if (self->kind == DMK_KIND_SWEEP)
    {
      const char *patterns[] = { _("Sequential"), _("Random"), NULL };
      const char *queues[] = { "Q1T1", "Q4T1", "Q32T1", NULL };
      const char *modes[] = { _("Read & Write"), _("Read"), _("Write"), NULL };
      self->choice_a = new_choice (patterns, 0, _("Access pattern"));
      self->choice_b = new_choice (queues, 0, _("Queue depth and threads"));
      self->choice_c = new_choice (modes, 0, _("Directions"));
      build_range (self);
    }
  else
    {
      const char *samples[] = { _("50 Samples"), _("100 Samples"), _("200 Samples"), NULL };
      self->choice_a = new_choice (samples, 1, _("Samples over the span, up to 10 MiB each"));
    }
  /* The test size, as the Benchmark's, with what does not fit marked (a device is scanned
   * whole; a sustained write's size is its span). */
  self->size = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->size),
                               self->kind == DMK_KIND_SUSTAINED ? _("Span to write")
                               : self->kind == DMK_KIND_SWEEP
                                 ? _("Test size")
                                 : _("Test size in a folder (a device is read whole)"));
  dmk_drop_down_set_accessible_label (self->size, self->kind == DMK_KIND_SUSTAINED
                                                    ? _("Span to write")
                                                    : _("Test size"));
  dmk_size_choice_setup (self->size, self->target);
  {
    GtkWidget *w[] = { GTK_WIDGET (self->choice_a), GTK_WIDGET (self->choice_b),
                       GTK_WIDGET (self->choice_c), GTK_WIDGET (self->from),
                       GTK_WIDGET (self->to),       GTK_WIDGET (self->size) };

    for (guint i = 0; i < G_N_ELEMENTS (w); i++)
      if (w[i] != NULL)
        {
          gtk_widget_set_valign (w[i], GTK_ALIGN_START);
          gtk_box_append (i < 3 || self->from == NULL ? self->params : self->extent, w[i]);
        }
  }
  gtk_widget_set_visible (GTK_WIDGET (self->extent),
                          gtk_widget_get_first_child (GTK_WIDGET (self->extent)) != NULL);
  dmk_menu_button_name (GTK_MENU_BUTTON (self->save_button), _("Save"));
}

static void
build (DmkScanView *self)
{
  build_controls (self);
  gtk_label_set_text (self->about, describe (self->kind));
  self->chart = DMK_SCAN_CHART (dmk_scan_chart_new (self->kind == DMK_KIND_SUSTAINED ? DMK_CHART_SUSTAINED
                                                    : self->kind == DMK_KIND_SWEEP ? DMK_CHART_SWEEP
                                                                                   : DMK_CHART_SURFACE));
  gtk_widget_set_hexpand (GTK_WIDGET (self->chart), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->chart), TRUE);
  gtk_box_append (self->charts, GTK_WIDGET (self->chart));
  if (self->kind == DMK_KIND_SURFACE)
    {
      self->access_chart = DMK_SCAN_CHART (dmk_scan_chart_new (DMK_CHART_ACCESS));
      gtk_widget_set_hexpand (GTK_WIDGET (self->access_chart), TRUE);
      gtk_box_append (self->charts, GTK_WIDGET (self->access_chart));
    }
  set_running (self, FALSE);
  update_summary (self);
}

static void
dmk_scan_view_dispose (GObject *object)
{
  DmkScanView *self = DMK_SCAN_VIEW (object);

  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  if (saving == self)
    saving = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), DMK_TYPE_SCAN_VIEW);
  G_OBJECT_CLASS (dmk_scan_view_parent_class)->dispose (object);
}

static void
dmk_scan_view_finalize (GObject *object)
{
  DmkScanView *self = DMK_SCAN_VIEW (object);

  g_clear_object (&self->run);
  g_clear_pointer (&self->result, dmk_result_unref);
  g_free (self->source);
  g_free (self->unfit);
  g_clear_object (&self->chooser);
  G_OBJECT_CLASS (dmk_scan_view_parent_class)->finalize (object);
}

static void
dmk_scan_view_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  if (id == PROP_RUNNING)
    g_value_set_boolean (value, DMK_SCAN_VIEW (object)->running);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
dmk_scan_view_class_init (DmkScanViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dmk_scan_view_dispose;
  object_class->finalize = dmk_scan_view_finalize;
  object_class->get_property = dmk_scan_view_get_property;
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[START_CLICKED] = g_signal_new ("start-clicked", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_install_action (widget_class, "scan.save-image", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "scan.save-svg", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "scan.save-results", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "scan.save-csv", NULL, save_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, on_escape, NULL);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/gdiskmark/GDiskMark/dmk-scan-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkScanView, box);
  gtk_widget_class_bind_template_child (widget_class, DmkScanView, target_slot);
  gtk_widget_class_bind_template_child (widget_class, DmkScanView, save_button);
  gtk_widget_class_bind_template_child (widget_class, DmkScanView, start_button);
  gtk_widget_class_bind_template_child (widget_class, DmkScanView, params);
  gtk_widget_class_bind_template_child (widget_class, DmkScanView, extent);
  gtk_widget_class_bind_template_child (widget_class, DmkScanView, about);
  gtk_widget_class_bind_template_child (widget_class, DmkScanView, charts);
  gtk_widget_class_bind_template_child (widget_class, DmkScanView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, DmkScanView, status_label);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
}

static void
dmk_scan_view_init (DmkScanView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
dmk_scan_view_new (DmkResultKind kind, DmkRunController *run, DmkTargetChooser *target,
                   GSettings *settings)
{
  DmkScanView *self = g_object_new (DMK_TYPE_SCAN_VIEW, NULL);

  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (run), NULL);
  self->kind = kind;
  self->run = g_object_ref (run);
  self->target = target;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kind == DMK_KIND_SUSTAINED ? _("Sustained write")
                                  : kind == DMK_KIND_SWEEP   ? _("Block size sweep")
                                                             : _("Surface scan"),
                                  -1);
  build (self);
  dmk_name_mnemonic_buttons (GTK_WIDGET (self));
  if (kind != DMK_KIND_SUSTAINED && settings != NULL)
    g_settings_bind_with_mapping (settings,
                                  kind == DMK_KIND_SWEEP ? "sweep-size-mib" : "surface-size-mib",
                                  self->size, "selected", G_SETTINGS_BIND_DEFAULT,
                                  dmk_size_choice_get_mapping, dmk_size_choice_set_mapping, NULL,
                                  NULL);
  g_signal_connect (run, "notify::running", G_CALLBACK (on_run_running), self);
  g_signal_connect_object (target, "notify::path", G_CALLBACK (on_choice_changed), self, 0);
  if (kind == DMK_KIND_SUSTAINED)
    span_setup (self);
  g_signal_connect (run, "notify::stopping", G_CALLBACK (on_run_stopping), self);
  g_signal_connect (run, "progress", G_CALLBACK (on_run_progress), self);
  g_signal_connect (run, "finished", G_CALLBACK (on_run_finished), self);
  return GTK_WIDGET (self);
}

GtkBox *
dmk_scan_view_get_target_slot (DmkScanView *self)
{
  return self->target_slot;
}

#ifdef DMK_TESTING

gboolean
dmk_scan_view_get_running (DmkScanView *self)
{
  return self->running;
}

DmkResult *
dmk_scan_view_get_result (DmkScanView *self)
{
  return self->result;
}

DmkScanChart *
dmk_scan_view_get_chart (DmkScanView *self)
{
  return self->chart;
}

DmkScanChart *
dmk_scan_view_get_access_chart (DmkScanView *self)
{
  return self->access_chart;
}

const char *
dmk_scan_view_get_status (DmkScanView *self)
{
  return gtk_label_get_text (self->status_label);
}

GtkWidget *
dmk_scan_view_get_start_button (DmkScanView *self)
{
  return self->start_button;
}

#endif
