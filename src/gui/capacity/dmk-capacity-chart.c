/* dmk-capacity-chart.c: the capacity check's rate chart (a GtkSnapshot, its lines by cairo): per phase,
 * the rate between two progress reports against the share of the phase done. */
#include "config.h"

#include "dmk-capacity-chart.h"

typedef struct
{
  double x, mb_per_s;
} Point;

struct _DmkCapacityChart
{
  GtkWidget parent_instance;

  GArray *points[2];     /* Point, per DmkCapacityPhase */
  guint64 last_bytes[2]; /* the last report's, for the rate between two */
  double last_s[2];
  double peak;
};

G_DEFINE_FINAL_TYPE (DmkCapacityChart, dmk_capacity_chart, GTK_TYPE_WIDGET)

void
dmk_capacity_chart_add (DmkCapacityChart *self, const DmkCapacityProgress *p)
{
  guint ph = p->phase == DMK_CAPACITY_READING;
  double dt = p->elapsed_s - self->last_s[ph];
  Point pt;

  g_return_if_fail (DMK_IS_CAPACITY_CHART (self));
  if (p->pass != 1 || p->done_bytes == 0 || dt <= 0 || p->done_bytes < self->last_bytes[ph])
    return;
  pt.x = p->fraction;
  pt.mb_per_s = (double) (p->done_bytes - self->last_bytes[ph]) / dt / 1e6;
  self->last_bytes[ph] = p->done_bytes;
  self->last_s[ph] = p->elapsed_s;
  g_array_append_val (self->points[ph], pt);
  self->peak = MAX (self->peak, pt.mb_per_s);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
add_line (cairo_t *cr, GArray *points, double peak, double w, double h, const GdkRGBA *color)
{
  if (points->len == 0)
    return;
  gdk_cairo_set_source_rgba (cr, color);
  cairo_set_line_width (cr, 2);
  /* Steps: each report's rate holds over the share done since the one before. */
  for (guint i = 0; i < points->len; i++)
    {
      const Point *p = &g_array_index (points, Point, i);
      double y = h - p->mb_per_s / peak * h;

      cairo_line_to (cr, i == 0 ? 0 : g_array_index (points, Point, i - 1).x * w, y);
      cairo_line_to (cr, p->x * w, y);
    }
  cairo_stroke (cr);
}

static void
dmk_capacity_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  DmkCapacityChart *self = DMK_CAPACITY_CHART (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GdkRGBA fg, write = { 0.21f, 0.52f, 0.89f, 1 }, read = { 0.18f, 0.76f, 0.49f, 1 };
  cairo_t *cr;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  fg.alpha *= 0.25f;
  gtk_snapshot_append_color (snapshot, &fg, &GRAPHENE_RECT_INIT (0, (float) h - 1, (float) w, 1));
  if (self->peak <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) w, (float) h));
  add_line (cr, self->points[DMK_CAPACITY_WRITING], self->peak * 1.1, w, h, &write);
  add_line (cr, self->points[DMK_CAPACITY_READING], self->peak * 1.1, w, h, &read);
  cairo_destroy (cr);
}

double
dmk_capacity_chart_get_peak (DmkCapacityChart *self)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_CHART (self), 0);
  return self->peak;
}

static void
dmk_capacity_chart_finalize (GObject *object)
{
  DmkCapacityChart *self = DMK_CAPACITY_CHART (object);

  g_array_unref (self->points[0]);
  g_array_unref (self->points[1]);
  G_OBJECT_CLASS (dmk_capacity_chart_parent_class)->finalize (object);
}

static void
dmk_capacity_chart_class_init (DmkCapacityChartClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dmk_capacity_chart_finalize;
  GTK_WIDGET_CLASS (klass)->snapshot = dmk_capacity_chart_snapshot;
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_IMG);
}

static void
dmk_capacity_chart_init (DmkCapacityChart *self)
{
  self->points[0] = g_array_new (FALSE, FALSE, sizeof (Point));
  self->points[1] = g_array_new (FALSE, FALSE, sizeof (Point));
  gtk_widget_set_size_request (GTK_WIDGET (self), -1, 120);
}

GtkWidget *
dmk_capacity_chart_new (void)
{
  return g_object_new (DMK_TYPE_CAPACITY_CHART, NULL);
}

#ifdef DMK_TESTING

guint
dmk_capacity_chart_get_n_points (DmkCapacityChart *self, DmkCapacityPhase phase)
{
  g_return_val_if_fail (DMK_IS_CAPACITY_CHART (self), 0);
  return self->points[phase == DMK_CAPACITY_READING]->len;
}

#endif
