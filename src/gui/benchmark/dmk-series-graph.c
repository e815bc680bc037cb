/* dmk-series-graph.c: a test's MB/s over time, drawn with GtkSnapshot and cairo in the theme's
 * colours (light, dark and high contrast alike), with a text summary for screen readers. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dmk-series-graph.h"

typedef struct
{
  double x;  /* seconds since the test's first pass began (passes follow each other) */
  double dt; /* the interval's length */
  double y;  /* MB/s */
  double c;  /* the drive's temperature in °C, NaN where it told none */
} Point;

struct _DmkSeriesGraph
{
  GtkWidget parent_instance;

  gboolean sparkline;
  GArray *points;  /* Point */
  GArray *breaks;  /* double: x where each pass after the first begins */
  guint pass;      /* the pass the last point belongs to */
  double offset;   /* x where that pass began */
  double pass_end; /* where its last interval ended, in seconds of the pass */
  char *title;
  char *summary;
};

G_DEFINE_FINAL_TYPE (DmkSeriesGraph, dmk_series_graph, GTK_TYPE_WIDGET)

#define ACCENT_R 0.208
#define ACCENT_G 0.518
#define ACCENT_B 0.894
/* The temperature's line: a warm red, dashed, that the accent's blue does not hide. */
#define TEMP_R 0.878
#define TEMP_G 0.106
#define TEMP_B 0.141

/* The drive's lowest and highest temperature among the points; FALSE when none has one. */
static gboolean
temperature_range (DmkSeriesGraph *self, double *lo, double *hi)
{
  *lo = G_MAXDOUBLE;
  *hi = -G_MAXDOUBLE;
  for (guint i = 0; i < self->points->len; i++)
    {
      double c = g_array_index (self->points, Point, i).c;

      if (isfinite (c))
        {
          *lo = MIN (*lo, c);
          *hi = MAX (*hi, c);
        }
    }
  return *lo <= *hi;
}

static void
update_summary (DmkSeriesGraph *self)
{
  double min = G_MAXDOUBLE, max = 0, area = 0, span = 0, last = 0, c_lo, c_hi;
  g_autofree char *s_min = NULL, *s_mean = NULL, *s_max = NULL, *s_last = NULL;

  g_free (self->summary);
  if (self->points->len == 0)
    {
      /* TRANSLATORS: %s names a test, like "SEQ1M Q8T1 Read" */
      self->summary = g_strdup_printf (_("%s over time: no measurement yet"),
                                       self->title ? self->title : "");
    }
  else
    {
      for (guint i = 0; i < self->points->len; i++)
        {
          const Point *p = &g_array_index (self->points, Point, i);

          min = MIN (min, p->y);
          max = MAX (max, p->y);
          area += p->y * p->dt;
          span += p->dt;
          last = p->y;
        }
      s_min = dmk_unit_format (DMK_UNIT_MB_S, min);
      s_mean = dmk_unit_format (DMK_UNIT_MB_S, span > 0 ? area / span : 0);
      s_max = dmk_unit_format (DMK_UNIT_MB_S, max);
      s_last = dmk_unit_format (DMK_UNIT_MB_S, last);
      /* TRANSLATORS: a chart read out: "SEQ1M Q8T1 Read over time: min 812.30, mean 950.02,
       * max 1020.55, last 990.10 MB/s (40 intervals)" */
      self->summary = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE,
                     "%s over time: min %s, mean %s, max %s, last %s MB/s (%u interval)",
                     "%s over time: min %s, mean %s, max %s, last %s MB/s (%u intervals)",
                     self->points->len),
        self->title ? self->title : "", s_min, s_mean, s_max, s_last, self->points->len);
      if (temperature_range (self, &c_lo, &c_hi))
        {
          char *with;

          if (round (c_lo) == round (c_hi))
            /* TRANSLATORS: appended to a chart read out: the drive's temperature during the
             * test, in °C */
            with = g_strdup_printf (_("%s; drive temperature %.0f °C"), self->summary, c_hi);
          else
            /* TRANSLATORS: appended to a chart read out: the drive's temperature during the
             * test, lowest and highest, in °C */
            with = g_strdup_printf (_("%s; drive temperature %.0f to %.0f °C"), self->summary,
                                    c_lo, c_hi);
          g_free (self->summary);
          self->summary = with;
        }
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->summary, -1);
}

static void
changed (DmkSeriesGraph *self)
{
  update_summary (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
draw_text (cairo_t *cr, PangoLayout *layout, const char *text, double x, double y,
           double align_x, double align_y)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - align_x * w, y - align_y * h);
  pango_cairo_show_layout (cr, layout);
}

/* The scale of a chart: the top value and the length, in the theme's text colour. */
static void
draw_scale (DmkSeriesGraph *self, cairo_t *cr, const GdkRGBA *fg, double w, double h,
            double top, double x_max)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  g_autofree char *top_text = dmk_unit_format (DMK_UNIT_MB_S, top);
  g_autofree char *top_label = g_strdup_printf ("%s MB/s", top_text);
  g_autofree char *x_label = g_strdup_printf (_("%.1f s"), x_max);

  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
  draw_text (cr, layout, top_label, 2, 0, 0, 0);
  draw_text (cr, layout, "0", 2, h, 0, 1);
  draw_text (cr, layout, x_label, w - 2, h, 1, 1);
  g_object_unref (layout);
  /* Pass boundaries, dashed. */
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.3);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, (double[]){ 3, 3 }, 2, 0);
  for (guint i = 0; i < self->breaks->len; i++)
    {
      double bx = floor (g_array_index (self->breaks, double, i) / x_max * w) + 0.5;
      cairo_move_to (cr, bx, 0);
      cairo_line_to (cr, bx, h);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* The drive's temperature, dashed, on its own scale at the right: whole multiples of 5 °C
 * around the readings, at least 10 °C apart so that a steady drive draws a steady line. */
static void
draw_temperature (DmkSeriesGraph *self, cairo_t *cr, double w, double plot_h, double x_max)
{
  PangoLayout *layout;
  double lo, hi;
  gboolean drawing = FALSE;
  g_autofree char *hi_label = NULL, *lo_label = NULL;
  int lw, lh;

  if (!temperature_range (self, &lo, &hi))
    return;
  lo = floor ((lo - 1) / 5) * 5;
  hi = MAX (ceil ((hi + 1) / 5) * 5, lo + 10);
  cairo_set_source_rgb (cr, TEMP_R, TEMP_G, TEMP_B);
  cairo_set_line_width (cr, 1.5);
  cairo_set_dash (cr, (double[]){ 5, 3 }, 2, 0);
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      double y = plot_h - (p->c - lo) / (hi - lo) * plot_h;

      if (!isfinite (p->c))
        {
          drawing = FALSE;
          continue;
        }
      /* Each reading holds over its interval, like the speed's. */
      if (!drawing)
        cairo_move_to (cr, (p->x - p->dt) / x_max * w, y);
      cairo_line_to (cr, p->x / x_max * w, y);
      drawing = TRUE;
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  /* TRANSLATORS: a temperature on a chart's scale */
  hi_label = g_strdup_printf (_("%.0f °C"), hi);
  lo_label = g_strdup_printf (_("%.0f °C"), lo);
  pango_layout_set_text (layout, lo_label, -1);
  pango_layout_get_pixel_size (layout, &lw, &lh);
  draw_text (cr, layout, hi_label, w - 2, 0, 1, 0);
  /* The lowest sits one line above the bottom, where the time's label is. */
  draw_text (cr, layout, lo_label, w - 2, plot_h - lh, 1, 1);
  g_object_unref (layout);
}

static void
dmk_series_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  DmkSeriesGraph *self = DMK_SERIES_GRAPH (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double top = 0, x_max = 0, plot_h;
  GdkRGBA fg;
  cairo_t *cr;

  if (self->points->len == 0 || w <= 0 || h <= 0)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      top = MAX (top, p->y);
      x_max = MAX (x_max, p->x);
    }
  top = top > 0 ? top * 1.1 : 1;
  x_max = x_max > 0 ? x_max : 1;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (!self->sparkline)
    draw_scale (self, cr, &fg, w, h, top, x_max);
  plot_h = self->sparkline ? h : h - 2;
  /* The curve: each interval ends at its point, the first one starting level at 0 s; the area
   * under it is filled faintly. */
  cairo_move_to (cr, 0, plot_h);
  cairo_line_to (cr, 0, plot_h - g_array_index (self->points, Point, 0).y / top * plot_h);
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      cairo_line_to (cr, p->x / x_max * w, plot_h - p->y / top * plot_h);
    }
  cairo_line_to (cr, g_array_index (self->points, Point, self->points->len - 1).x / x_max * w,
                 plot_h);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, ACCENT_R, ACCENT_G, ACCENT_B, self->sparkline ? 0.12 : 0.2);
  cairo_fill (cr);
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      double x = p->x / x_max * w, y = plot_h - p->y / top * plot_h;
      if (i == 0)
        cairo_move_to (cr, 0, y);
      cairo_line_to (cr, x, y);
    }
  cairo_set_source_rgba (cr, ACCENT_R, ACCENT_G, ACCENT_B, self->sparkline ? 0.45 : 1.0);
  cairo_set_line_width (cr, self->sparkline ? 1.0 : 2.0);
  cairo_stroke (cr);
  if (!self->sparkline)
    draw_temperature (self, cr, w, plot_h, x_max);
  cairo_destroy (cr);
}

static void
dmk_series_graph_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  DmkSeriesGraph *self = DMK_SERIES_GRAPH (widget);

  *minimum = 0;
  *natural = self->sparkline ? 0 : (orientation == GTK_ORIENTATION_HORIZONTAL ? 320 : 120);
}

static void
dmk_series_graph_finalize (GObject *object)
{
  DmkSeriesGraph *self = DMK_SERIES_GRAPH (object);

  g_array_unref (self->points);
  g_array_unref (self->breaks);
  g_free (self->title);
  g_free (self->summary);
  G_OBJECT_CLASS (dmk_series_graph_parent_class)->finalize (object);
}

static void
dmk_series_graph_class_init (DmkSeriesGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dmk_series_graph_finalize;
  widget_class->snapshot = dmk_series_graph_snapshot;
  widget_class->measure = dmk_series_graph_measure;
  gtk_widget_class_set_css_name (widget_class, "dmkseriesgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
dmk_series_graph_init (DmkSeriesGraph *self)
{
  self->points = g_array_new (FALSE, TRUE, sizeof (Point));
  self->breaks = g_array_new (FALSE, TRUE, sizeof (double));
  update_summary (self);
}

GtkWidget *
dmk_series_graph_new (gboolean sparkline)
{
  DmkSeriesGraph *self = g_object_new (DMK_TYPE_SERIES_GRAPH, NULL);

  self->sparkline = sparkline;
  gtk_widget_set_can_target (GTK_WIDGET (self), !sparkline);
  return GTK_WIDGET (self);
}

void
dmk_series_graph_set_title (DmkSeriesGraph *self, const char *title)
{
  g_return_if_fail (DMK_IS_SERIES_GRAPH (self));
  g_free (self->title);
  self->title = g_strdup (title);
  update_summary (self);
}

static void
reset (DmkSeriesGraph *self)
{
  g_array_set_size (self->points, 0);
  g_array_set_size (self->breaks, 0);
  self->pass = 0;
  self->offset = 0;
  self->pass_end = 0;
}

void
dmk_series_graph_clear (DmkSeriesGraph *self)
{
  g_return_if_fail (DMK_IS_SERIES_GRAPH (self));
  reset (self);
  changed (self);
}

void
dmk_series_graph_add_sample (DmkSeriesGraph *self, guint pass, double end_s, double mb_per_s,
                             double celsius)
{
  Point p;

  g_return_if_fail (DMK_IS_SERIES_GRAPH (self));
  /* Time going back within a pass, or an earlier pass: the test runs again (its row rerun, or a
   * run of one pass after one of one pass). It starts a curve of its own; drawn on after the
   * old one, its first point would pull a line back across the cell. */
  if (self->points->len > 0 &&
      (pass < self->pass || (pass == self->pass && end_s < self->pass_end)))
    reset (self);
  if (pass != self->pass)
    {
      /* A new pass begins where the last one ended. */
      if (self->points->len > 0)
        {
          self->offset = g_array_index (self->points, Point, self->points->len - 1).x;
          g_array_append_val (self->breaks, self->offset);
        }
      self->pass = pass;
      self->pass_end = 0;
    }
  p.x = self->offset + end_s;
  p.dt = MAX (end_s - self->pass_end, 0);
  self->pass_end = end_s;
  p.y = isfinite (mb_per_s) && mb_per_s > 0 ? mb_per_s : 0;
  p.c = isfinite (celsius) && celsius >= DMK_CELSIUS_MIN && celsius <= DMK_CELSIUS_MAX ? celsius
                                                                                       : NAN;
  g_array_append_val (self->points, p);
  changed (self);
}

void
dmk_series_graph_set_series (DmkSeriesGraph *self, GPtrArray *series)
{
  guint pass = 0;

  g_return_if_fail (DMK_IS_SERIES_GRAPH (self));
  reset (self);
  for (guint s = 0; series != NULL && s < series->len; s++)
    {
      const GArray *one = g_ptr_array_index (series, s);

      if (one == NULL || one->len == 0)
        continue;
      pass++;
      for (guint i = 0; i < one->len; i++)
        {
          const DmkSample *x = &g_array_index (one, DmkSample, i);

          dmk_series_graph_add_sample (self, pass, x->end_s, dmk_sample_mb_per_s (one, i),
                                       x->has_celsius ? x->celsius : NAN);
        }
    }
  changed (self);
}

guint
dmk_series_graph_get_n_points (DmkSeriesGraph *self)
{
  g_return_val_if_fail (DMK_IS_SERIES_GRAPH (self), 0);
  return self->points->len;
}

const char *
dmk_series_graph_get_title (DmkSeriesGraph *self)
{
  g_return_val_if_fail (DMK_IS_SERIES_GRAPH (self), NULL);
  return self->title;
}

void
dmk_series_graph_copy_points (DmkSeriesGraph *self, DmkSeriesGraph *from)
{
  g_return_if_fail (DMK_IS_SERIES_GRAPH (self));
  g_return_if_fail (DMK_IS_SERIES_GRAPH (from));
  g_array_set_size (self->points, 0);
  g_array_append_vals (self->points, from->points->data, from->points->len);
  g_array_set_size (self->breaks, 0);
  g_array_append_vals (self->breaks, from->breaks->data, from->breaks->len);
  self->pass = from->pass;
  self->offset = from->offset;
  self->pass_end = from->pass_end;
  changed (self);
}

#ifdef DMK_TESTING

const char *
dmk_series_graph_get_summary (DmkSeriesGraph *self)
{
  g_return_val_if_fail (DMK_IS_SERIES_GRAPH (self), NULL);
  return self->summary;
}

#endif
