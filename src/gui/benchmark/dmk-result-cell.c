/* dmk-result-cell.c: a result cell: meter bar behind a right-aligned number, tooltip, a11y. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dmk-gui-utils.h"
#include "dmk-result-cell.h"
#include "dmk-series-graph.h"
#include "dmk-spread.h"

struct _DmkResultCell
{
  GtkWidget parent_instance;

  GtkWidget *fill;
  GtkWidget *spark; /* the test's MB/s over time, behind the number */
  GtkLabel *label;
  /* The number during a measurement, over the label: a GtkInscription only queues a draw when
   * its text changes, where a label queues a resize of the whole window (and GTK asks the X
   * server about the monitor's work area again): many times a second during a run. The label
   * keeps the cell's size meanwhile, unseen. */
  GtkWidget *live_text;
  GtkWidget *warning_icon;

  DmkTestSpec spec;
  DmkDirection direction;
  DmkUnit unit;
  DmkTestResult *result; /* owned copy, or NULL */
  gboolean live;
  double live_mb_per_s;
  guint live_pass, live_n_passes;
  double fraction;
  char *a11y_label; /* what was last given to the accessibility layer */
  char *a11y_description;
  char *blocked; /* why this test will not run here, or NULL */
  char *warning; /* the result's warnings about this test, one a line, or NULL */
  char *rated;   /* its share of the drive's rated speed ("46 % of the rated 3500 MB/s"), or NULL */
};

G_DEFINE_FINAL_TYPE (DmkResultCell, dmk_result_cell, GTK_TYPE_WIDGET)

static gboolean
unit_get (GValue *value, GVariant *variant, gpointer data)
{
  g_value_set_uint (value, dmk_unit_from_nick (g_variant_get_string (variant, NULL)));
  return TRUE;
}

static GVariant *
unit_set (const GValue *value, const GVariantType *type, gpointer data)
{
  guint sel = g_value_get_uint (value);
  return g_variant_new_string (dmk_unit_nick (sel < DMK_N_UNITS ? sel : DMK_UNIT_MB_S));
}

void
dmk_unit_dropdown_setup (GtkDropDown *dropdown, GSettings *settings)
{
  g_autoptr (GtkStringList) units = gtk_string_list_new (NULL);

  for (guint i = 0; i < DMK_N_UNITS; i++)
    gtk_string_list_append (units, dmk_unit_label (i));
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (units));
  g_settings_bind_with_mapping (settings, "unit", dropdown, "selected", G_SETTINGS_BIND_DEFAULT,
                                unit_get, unit_set, NULL, NULL);
  dmk_drop_down_set_accessible_label (dropdown, _("Unit"));
}

/* What a live throughput means in the other units: IOPS from the block size, and latency from
 * Little's law with every slot of the queue busy. Estimates, shown dimmed until the score. */
static void
live_values (DmkResultCell *self, double *iops, double *latency_us)
{
  double outstanding = (double) self->spec.queue_depth * self->spec.threads;

  *iops = self->live_mb_per_s * 1e6 / self->spec.block_size;
  *latency_us = *iops > 0 ? outstanding / *iops * 1e6 : 0.0;
}

/* The passes' scatter, so that a stable score is told from a lucky one. */
static void
append_spread (GString *s, const DmkTestResult *r)
{
  g_autofree char *stability = NULL;
  DmkSpread spread;

  if (!dmk_test_result_spread (r, &spread) || spread.n < 2)
    return;
  g_string_append_printf (s, "\n\n<b>%s</b>", _("Spread of the passes (MB/s)"));
  g_string_append_printf (s, "\n<tt>  %-8s %12.2f</tt>", _("min"), spread.min);
  g_string_append_printf (s, "\n<tt>  %-8s %12.2f</tt>", _("median"), spread.median);
  g_string_append_printf (s, "\n<tt>  %-8s %12.2f</tt>", _("max"), spread.max);
  /* TRANSLATORS: relative standard deviation of the passes, in percent */
  g_string_append_printf (s, "\n<tt>  %-8s %11.1f%%</tt>", _("RSD"), spread.rsd_percent);
  stability = dmk_stability_describe (r);
  if (stability != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (stability, -1);
      g_string_append_printf (s, "\n%s", escaped);
    }
}

static char *
tooltip_for_result (DmkResultCell *self)
{
  const DmkTestResult *r = self->result;
  GString *s = g_string_new (NULL);
  g_autofree char *name = dmk_test_spec_to_name (&self->spec);
  const char *dir = dmk_direction_label (self->direction);

  g_string_append_printf (s, "<b>%s %s</b>", name, dir);
  if (r == NULL)
    {
      g_string_append_printf (s, "\n%s", self->live ? _("Measuring…") : _("No result yet"));
      return g_string_free (s, FALSE);
    }
  if (self->warning != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (self->warning, -1);

      g_string_append_printf (s, "\n⚠ %s\n", escaped);
    }
  g_string_append_printf (s, "\n<tt>%12.2f</tt> %s", r->mb_per_s, _("MB/s"));
  if (self->rated != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (self->rated, -1);

      g_string_append_printf (s, "  (%s)", escaped);
    }
  g_string_append_printf (s, "\n<tt>%12.3f</tt> %s", r->mb_per_s / 1000.0, _("GB/s"));
  g_string_append_printf (s, "\n<tt>%12.2f</tt> %s", r->iops, _("IOPS"));
  g_string_append_printf (s, "\n<tt>%12.2f</tt> %s", r->latency_us.mean, _("µs mean latency"));
  g_string_append_printf (s, "\n\n<b>%s</b>", _("Latency percentiles (µs)"));
  g_string_append_printf (s, "\n<tt>  p50    %12.2f</tt>", r->latency_us.p50);
  g_string_append_printf (s, "\n<tt>  p90    %12.2f</tt>", r->latency_us.p90);
  g_string_append_printf (s, "\n<tt>  p99    %12.2f</tt>", r->latency_us.p99);
  g_string_append_printf (s, "\n<tt>  p99.9  %12.2f</tt>", r->latency_us.p99_9);
  g_string_append_printf (s, "\n<tt>  p99.99 %12.2f</tt>", r->latency_us.p99_99);
  append_spread (s, r);
  g_string_append_printf (s, "\n\n<b>%s</b>", _("Passes (MB/s, best is the score)"));
  for (guint i = 0; r->passes != NULL && i < r->passes->len; i++)
    {
      const DmkPass *p = &g_array_index (r->passes, DmkPass, i);
      g_string_append_printf (s, "\n<tt>  %u  %12.2f  %12.2f</tt> %s", i + 1, p->mb_per_s, p->iops,
                              _("IOPS"));
    }
  return g_string_free (s, FALSE);
}

/* A measurement's number goes to the inscription, and to the label only when it needs more
 * room than the label gives (its width in characters); anything else to the label. */
static void
show_text (DmkResultCell *self, const char *text)
{
  gboolean live = self->live && self->result == NULL && self->blocked == NULL;

  if (!live || g_utf8_strlen (text, -1) > gtk_label_get_width_chars (self->label))
    gtk_label_set_text (self->label, text);
  gtk_inscription_set_text (GTK_INSCRIPTION (self->live_text), live ? text : NULL);
  if (live == gtk_widget_get_child_visible (self->live_text))
    return;
  gtk_widget_set_child_visible (self->live_text, live);
  gtk_widget_set_opacity (GTK_WIDGET (self->label), live ? 0 : 1);
  /* Unseen, it is not read either (the cell says its live number itself). */
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->label), GTK_ACCESSIBLE_STATE_HIDDEN, live,
                               -1);
}

static void
update_blocked (DmkResultCell *self, const char *what)
{
  g_autofree char *label = NULL;

  show_text (self, "—");
  gtk_label_set_xalign (self->label, 0.5);
  self->fraction = 0.0;
  gtk_widget_set_child_visible (self->fill, FALSE);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_remove_css_class (GTK_WIDGET (self), "live");
  gtk_widget_add_css_class (GTK_WIDGET (self), "empty");
  gtk_widget_add_css_class (GTK_WIDGET (self), "blocked");
  gtk_widget_set_sensitive (GTK_WIDGET (self), FALSE);
  gtk_widget_set_visible (self->warning_icon, FALSE);
  /* TRANSLATORS: a cell whose test will not run: "Sequential 1 MiB, …, write: not run" */
  label = g_strdup_printf (_("%s: not run"), what);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->blocked, -1);
  g_free (self->a11y_label);
  g_free (self->a11y_description);
  self->a11y_label = g_steal_pointer (&label);
  self->a11y_description = g_strdup (self->blocked);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), self->blocked);
}

/* What a screen reader says of the cell: its test and number, then how it was measured (the
 * warning about it first). */
static void
speak (DmkResultCell *self, const char *what, const char *text, double mb, double iops,
       double lat)
{
  g_autofree char *label = NULL, *description = NULL;

  if (self->result != NULL)
    {
      /* TRANSLATORS: "Sequential 1 MiB, queue 1, 1 thread, read: 1234.56 megabytes per second" */
      label = g_strdup_printf (_("%s: %s %s"), what, text, dmk_unit_spoken (self->unit));
      description = g_strdup_printf (
        _("%.2f megabytes per second, %.2f I/O operations per second, mean latency %.2f "
          "microseconds, 99th percentile %.2f microseconds; best of %u passes"),
        mb, iops, lat, self->result->latency_us.p99,
        self->result->passes ? self->result->passes->len : 0);
      if (self->warning != NULL)
        {
          /* TRANSLATORS: a cell's spoken description when a warning concerns its test: the
           * warning, then the numbers: "Warning: SEQ1M Q8T1 Read: the passes scatter by …
           * 1234.56 megabytes per second, …" */
          char *warned = g_strdup_printf (_("Warning: %s %s"), self->warning, description);

          g_free (description);
          description = warned;
        }
    }
  else if (self->live)
    {
      label = g_strdup_printf (_("%s: measuring, %s %s"), what, text, dmk_unit_spoken (self->unit));
      description = self->live_pass > 0
                      ? g_strdup_printf (_("Pass %u of %u"), self->live_pass, self->live_n_passes)
                      : g_strdup (_("Warming up"));
    }
  else
    {
      label = g_strdup_printf (_("%s: no result"), what);
      description = g_strdup ("");
    }
  /* Said again only when it changed (a run's progress asks many times a second). */
  if (g_strcmp0 (label, self->a11y_label) == 0 &&
      g_strcmp0 (description, self->a11y_description) == 0)
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  g_free (self->a11y_label);
  g_free (self->a11y_description);
  self->a11y_label = g_steal_pointer (&label);
  self->a11y_description = g_steal_pointer (&description);
}

/* The bar's new length, given at once where the cell has its size: a queued allocation makes
 * a layout of the whole window, and GTK asks the X server about the monitor at every layout
 * (many times a second during a run). */
static void
place_fill (DmkResultCell *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  int fill_w = (int) round (self->fraction * width);

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) || width <= 0 || height <= 0)
    {
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      return;
    }
  /* As size_allocate does: measured first, and shown only with a length. */
  gtk_widget_measure (self->fill, GTK_ORIENTATION_VERTICAL, -1, NULL, NULL, NULL, NULL);
  gtk_widget_set_child_visible (self->fill, fill_w > 0);
  if (fill_w > 0)
    gtk_widget_size_allocate (self->fill, &(GtkAllocation){ 0, 0, fill_w, height }, -1);
}

static void
update (DmkResultCell *self)
{
  g_autofree char *text = NULL, *tooltip = NULL;
  g_autofree char *what = dmk_describe_test (&self->spec, self->direction);
  double mb = 0, iops = 0, lat = 0;
  gboolean have = self->result != NULL || self->live;

  if (self->result != NULL)
    {
      mb = self->result->mb_per_s;
      iops = self->result->iops;
      lat = self->result->latency_us.mean;
    }
  else if (self->live)
    {
      mb = self->live_mb_per_s;
      live_values (self, &iops, &lat);
    }
  if (self->blocked != NULL)
    {
      update_blocked (self, what);
      return;
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self), TRUE);
  gtk_widget_remove_css_class (GTK_WIDGET (self), "blocked");
  gtk_widget_set_visible (self->warning_icon, self->warning != NULL && self->result != NULL);
  gtk_label_set_xalign (self->label, 1.0);
  text = dmk_unit_format (self->unit, dmk_unit_value (self->unit, mb, iops, lat));
  show_text (self, text);
  self->fraction = have ? dmk_unit_fill (self->unit, mb, lat) : 0.0;
  place_fill (self);

  if (self->live && self->result == NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self), "live");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "live");
  if (!have)
    gtk_widget_add_css_class (GTK_WIDGET (self), "empty");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "empty");

  speak (self, what, text, mb, iops, lat);
  tooltip = tooltip_for_result (self);
  /* GTK asks the X server where the pointer is at every tooltip set, even to the same text:
   * during a run that was a round trip a progress event. */
  if (g_strcmp0 (tooltip, gtk_widget_get_tooltip_markup (GTK_WIDGET (self))) != 0)
    gtk_widget_set_tooltip_markup (GTK_WIDGET (self), tooltip);
}

static void
dmk_result_cell_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  DmkResultCell *self = DMK_RESULT_CELL (widget);

  gtk_widget_measure (GTK_WIDGET (self->label), orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
}

static void
dmk_result_cell_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  DmkResultCell *self = DMK_RESULT_CELL (widget);
  int fill_w = (int) round (self->fraction * width);
  int min_h = 0;

  /* The bar grows from the left like CrystalDiskMark's; it is a CSS node, so theme colours,
   * dark and high-contrast styles and any scale apply to it. */
  gtk_widget_measure (self->fill, GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
  gtk_widget_set_child_visible (self->fill, fill_w > 0);
  if (fill_w > 0)
    gtk_widget_size_allocate (self->fill, &(GtkAllocation){ 0, 0, fill_w, height }, -1);
  gtk_widget_size_allocate (self->spark, &(GtkAllocation){ 0, height / 3, width, height - height / 3 },
                            -1);
  gtk_widget_size_allocate (GTK_WIDGET (self->label), &(GtkAllocation){ 0, 0, width, height },
                            baseline);
  gtk_widget_size_allocate (self->live_text, &(GtkAllocation){ 0, 0, width, height }, baseline);
  if (gtk_widget_get_visible (self->warning_icon))
    {
      int icon_w = 0, icon_h = 0;

      /* In the top left corner, clear of the right-aligned number. */
      gtk_widget_measure (self->warning_icon, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &icon_w,
                          NULL, NULL);
      gtk_widget_measure (self->warning_icon, GTK_ORIENTATION_VERTICAL, -1, NULL, &icon_h, NULL,
                          NULL);
      gtk_widget_size_allocate (self->warning_icon,
                                &(GtkAllocation){ 3, 3, MIN (icon_w, width), MIN (icon_h, height) },
                                -1);
    }
}

/* Over a result or a measurement with a series, the tooltip shows it as a chart with its
 * scale, under the numbers. */
static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                  gpointer data)
{
  DmkResultCell *self = DMK_RESULT_CELL (widget);
  g_autofree char *markup = NULL;
  GtkWidget *box, *label, *chart;

  if (self->blocked != NULL || dmk_series_graph_get_n_points (DMK_SERIES_GRAPH (self->spark)) == 0)
    return FALSE;
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  markup = tooltip_for_result (self);
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  chart = dmk_series_graph_new (FALSE);
  dmk_series_graph_set_title (DMK_SERIES_GRAPH (chart),
                              dmk_series_graph_get_title (DMK_SERIES_GRAPH (self->spark)));
  dmk_series_graph_copy_points (DMK_SERIES_GRAPH (chart), DMK_SERIES_GRAPH (self->spark));
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), chart);
  dmk_tooltip_pass_clicks (box);
  gtk_tooltip_set_custom (tooltip, box);
  return TRUE;
}

static void
dmk_result_cell_dispose (GObject *object)
{
  DmkResultCell *self = DMK_RESULT_CELL (object);

  g_clear_pointer (&self->spark, gtk_widget_unparent);
  g_clear_pointer (&self->live_text, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), DMK_TYPE_RESULT_CELL);
  g_clear_pointer (&self->result, dmk_test_result_free);
  g_clear_pointer (&self->a11y_label, g_free);
  g_clear_pointer (&self->a11y_description, g_free);
  g_clear_pointer (&self->blocked, g_free);
  g_clear_pointer (&self->warning, g_free);
  g_clear_pointer (&self->rated, g_free);
  G_OBJECT_CLASS (dmk_result_cell_parent_class)->dispose (object);
}

static void
dmk_result_cell_class_init (DmkResultCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dmk_result_cell_dispose;
  widget_class->measure = dmk_result_cell_measure;
  widget_class->size_allocate = dmk_result_cell_size_allocate;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/gdiskmark/GDiskMark/dmk-result-cell.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkResultCell, fill);
  gtk_widget_class_bind_template_child (widget_class, DmkResultCell, label);
  gtk_widget_class_bind_template_child (widget_class, DmkResultCell, warning_icon);
  gtk_widget_class_set_css_name (widget_class, "dmkresultcell");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dmk_result_cell_init (DmkResultCell *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  dmk_numbers_label (self->label);
  /* Between the bar and the number. */
  self->spark = dmk_series_graph_new (TRUE);
  gtk_widget_insert_after (self->spark, GTK_WIDGET (self), self->fill);
  self->live_text = gtk_inscription_new (NULL);
  gtk_widget_set_css_classes (self->live_text, (const char *[]){ "value", "numeric", NULL });
  gtk_inscription_set_attributes (GTK_INSCRIPTION (self->live_text),
                                  gtk_label_get_attributes (self->label));
  gtk_inscription_set_xalign (GTK_INSCRIPTION (self->live_text), 1.0);
  gtk_widget_set_can_target (self->live_text, FALSE);
  /* The cell says its number itself (speak). */
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->live_text), GTK_ACCESSIBLE_STATE_HIDDEN,
                               TRUE, -1);
  gtk_widget_set_child_visible (self->live_text, FALSE);
  gtk_widget_insert_after (self->live_text, GTK_WIDGET (self), GTK_WIDGET (self->label));
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
}

GtkWidget *
dmk_result_cell_new (const DmkTestSpec *spec, DmkDirection direction, DmkUnit unit)
{
  DmkResultCell *self = g_object_new (DMK_TYPE_RESULT_CELL, NULL);

  g_autofree char *name = dmk_test_spec_to_name (spec);
  g_autofree char *title = g_strdup_printf ("%s %s", name, dmk_direction_label (direction));

  self->spec = *spec;
  self->direction = direction;
  self->unit = unit;
  dmk_series_graph_set_title (DMK_SERIES_GRAPH (self->spark), title);
  update (self);
  return GTK_WIDGET (self);
}

void
dmk_result_cell_set_unit (DmkResultCell *self, DmkUnit unit)
{
  g_return_if_fail (DMK_IS_RESULT_CELL (self));
  self->unit = unit;
  update (self);
}

void
dmk_result_cell_clear (DmkResultCell *self)
{
  g_return_if_fail (DMK_IS_RESULT_CELL (self));
  g_clear_pointer (&self->result, dmk_test_result_free);
  g_clear_pointer (&self->warning, g_free);
  g_clear_pointer (&self->rated, g_free);
  self->live = FALSE;
  self->live_mb_per_s = 0;
  dmk_series_graph_clear (DMK_SERIES_GRAPH (self->spark));
  update (self);
}

void
dmk_result_cell_add_sample (DmkResultCell *self, guint pass, double end_s, double mb_per_s,
                            double celsius)
{
  g_return_if_fail (DMK_IS_RESULT_CELL (self));
  if (self->result != NULL || !self->live)
    return;
  dmk_series_graph_add_sample (DMK_SERIES_GRAPH (self->spark), pass, end_s, mb_per_s, celsius);
}

void
dmk_result_cell_set_live (DmkResultCell *self, double mb_per_s, guint pass, guint n_passes)
{
  g_return_if_fail (DMK_IS_RESULT_CELL (self));
  /* A new measurement starts a new curve. */
  if (!self->live || self->result != NULL)
    dmk_series_graph_clear (DMK_SERIES_GRAPH (self->spark));
  g_clear_pointer (&self->result, dmk_test_result_free);
  g_clear_pointer (&self->warning, g_free);
  g_clear_pointer (&self->rated, g_free);
  self->live = TRUE;
  self->live_mb_per_s = mb_per_s;
  self->live_pass = pass;
  self->live_n_passes = n_passes;
  update (self);
}

void
dmk_result_cell_set_warning (DmkResultCell *self, const char *warning)
{
  g_return_if_fail (DMK_IS_RESULT_CELL (self));
  if (g_strcmp0 (self->warning, warning) == 0)
    return;
  g_free (self->warning);
  self->warning = g_strdup (warning);
  update (self);
}

void
dmk_result_cell_set_rated (DmkResultCell *self, const char *share)
{
  g_return_if_fail (DMK_IS_RESULT_CELL (self));
  if (g_strcmp0 (self->rated, share) == 0)
    return;
  g_free (self->rated);
  self->rated = g_strdup (share);
  update (self);
}

const char *
dmk_result_cell_get_rated (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), NULL);
  return self->rated;
}

const char *
dmk_result_cell_get_warning (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), NULL);
  return self->warning;
}

void
dmk_result_cell_set_result (DmkResultCell *self, const DmkTestResult *test)
{
  g_return_if_fail (DMK_IS_RESULT_CELL (self));
  g_return_if_fail (test != NULL);
  g_clear_pointer (&self->result, dmk_test_result_free);
  g_clear_pointer (&self->warning, g_free);
  g_clear_pointer (&self->rated, g_free);
  self->result = dmk_test_result_copy (test);
  self->live = FALSE;
  dmk_series_graph_set_series (DMK_SERIES_GRAPH (self->spark), self->result->series);
  update (self);
}

const DmkTestResult *
dmk_result_cell_get_result (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), NULL);
  return self->result;
}

gboolean
dmk_result_cell_is_live (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), FALSE);
  return self->live && self->result == NULL;
}

const char *
dmk_result_cell_get_text (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), NULL);
  if (gtk_widget_get_child_visible (self->live_text))
    return gtk_inscription_get_text (GTK_INSCRIPTION (self->live_text));
  return gtk_label_get_text (self->label);
}

void
dmk_result_cell_set_blocked (DmkResultCell *self, const char *reason)
{
  g_return_if_fail (DMK_IS_RESULT_CELL (self));
  if (g_strcmp0 (self->blocked, reason) == 0)
    return;
  g_free (self->blocked);
  self->blocked = g_strdup (reason);
  g_clear_pointer (&self->result, dmk_test_result_free);
  self->live = FALSE;
  self->live_mb_per_s = 0;
  update (self);
}

#ifdef DMK_TESTING

GtkWidget *
dmk_result_cell_get_value_label (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), NULL);
  return GTK_WIDGET (self->label);
}

const char *
dmk_result_cell_get_blocked (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), NULL);
  return self->blocked;
}

double
dmk_result_cell_get_fill (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), 0);
  return self->fraction;
}

const DmkTestSpec *
dmk_result_cell_get_spec (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), NULL);
  return &self->spec;
}

const char *
dmk_result_cell_get_accessible_label (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), NULL);
  return self->a11y_label;
}

const char *
dmk_result_cell_get_accessible_description (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), NULL);
  return self->a11y_description;
}

DmkSeriesGraph *
dmk_result_cell_get_graph (DmkResultCell *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_CELL (self), NULL);
  return DMK_SERIES_GRAPH (self->spark);
}

#endif
