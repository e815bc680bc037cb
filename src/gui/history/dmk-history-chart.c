/* dmk-history-chart.c: a test's score over a drive's runs, drawn with cairo in a snapshot: the
 * scale from zero, a point a run joined by a line, the newest one larger, the median dashed. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dmk-core.h"
#include "dmk-history-chart.h"

typedef struct
{
  gint64 id;
  char *date;
  double mb_per_s;
} Point;

struct _DmkHistoryChart
{
  GtkWidget parent_instance;

  char *test;
  double median;
  GArray *points; /* Point, oldest first */
  char *description;
};

G_DEFINE_FINAL_TYPE (DmkHistoryChart, dmk_history_chart, GTK_TYPE_WIDGET)

#define LEFT 64.0 /* room for the scale's labels */
#define BOTTOM 22.0
#define TOP 8.0
#define RIGHT 12.0

static void
clear_point (gpointer data)
{
  g_free (((Point *) data)->date);
}

void
dmk_history_chart_reset (DmkHistoryChart *self, const char *test, double median)
{
  g_return_if_fail (DMK_IS_HISTORY_CHART (self));
  g_free (self->test);
  self->test = g_strdup (test);
  self->median = median;
  g_array_set_size (self->points, 0);
}

void
dmk_history_chart_add (DmkHistoryChart *self, gint64 id, const char *date, double mb_per_s)
{
  Point p = { id, g_strdup (date), mb_per_s };

  g_return_if_fail (DMK_IS_HISTORY_CHART (self));
  g_array_append_val (self->points, p);
}

void
dmk_history_chart_done (DmkHistoryChart *self)
{
  GString *s = g_string_new (NULL);
  g_autofree char *median = NULL;
  g_autofree char *label = NULL;

  g_return_if_fail (DMK_IS_HISTORY_CHART (self));
  /* TRANSLATORS: the chart's name for a screen reader: "SEQ1M Q8T1 Read over time" */
  label = g_strdup_printf (_("%s over time"), self->test != NULL ? self->test : "");
  g_string_append_printf (s,
                          /* TRANSLATORS: "SEQ1M Q8T1 Read over 3 runs, in MB/s:" */
                          g_dngettext (GETTEXT_PACKAGE, "%s over %u run, in MB/s:",
                                       "%s over %u runs, in MB/s:", self->points->len),
                          self->test != NULL ? self->test : "", self->points->len);
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      g_autofree char *date = dmk_format_date_human (p->date);
      g_autofree char *mb = dmk_unit_format (DMK_UNIT_MB_S, p->mb_per_s);
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, p->id);

      /* TRANSLATORS: one run in the chart's text: "#12, 2 Dec 2026 10:00: 201.80" */
      g_string_append_printf (s, _(" #%s, %s: %s;"), id, date, mb);
    }
  median = dmk_unit_format (DMK_UNIT_MB_S, self->median);
  /* TRANSLATORS: the end of the chart's text: " median 201.80" */
  g_string_append_printf (s, _(" median %s"), median);
  g_free (self->description);
  self->description = g_string_free (s, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), self->description);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A "nice" top for the scale: 1, 2 or 5 times a power of ten, at or above v. */
static double
nice_top (double v)
{
  double p = pow (10, floor (log10 (v)));

  for (double m = 1; m <= 10; m = m == 1 ? 2 : m == 2 ? 5 : 10)
    if (m * p >= v)
      return m * p;
  return 10 * p;
}

static void
text_at (GtkWidget *widget, cairo_t *cr, const char *text, double x, double y, double align)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - align * w, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* The scale: zero, half and the top, each at its height, the unit under the top's value (where
 * a value stood in the middle, the unit read as one), and a faint half-way line. */
static void
draw_scale (GtkWidget *widget, cairo_t *cr, const GdkRGBA *fg, double top, double pw, double ph)
{
  g_autofree char *top_text = dmk_unit_format (DMK_UNIT_MB_S, top);
  g_autofree char *half_text = dmk_unit_format (DMK_UNIT_MB_S, top / 2);
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, "0");
  int lw, lh;

  gdk_cairo_set_source_rgba (cr, fg);
  text_at (widget, cr, top_text, LEFT - 6, TOP, 1);
  text_at (widget, cr, half_text, LEFT - 6, TOP + ph / 2, 1);
  text_at (widget, cr, "0", LEFT - 6, TOP + ph, 1);
  pango_layout_get_pixel_size (layout, &lw, &lh);
  g_object_unref (layout);
  cairo_save (cr);
  /* Only where it clears the middle value. */
  if (ph / 2 >= 2.0 * lh)
    {
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
      /* TRANSLATORS: the unit of the history chart's scale, under its top value */
      text_at (widget, cr, _("MB/s"), LEFT - 6, TOP + lh, 1);
    }
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.12);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, LEFT, TOP + ph / 2 + 0.5);
  cairo_line_to (cr, LEFT + pw, TOP + ph / 2 + 0.5);
  cairo_stroke (cr);
  cairo_restore (cr);
  gdk_cairo_set_source_rgba (cr, fg);
}

static void
dmk_history_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  DmkHistoryChart *self = DMK_HISTORY_CHART (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double pw = w - LEFT - RIGHT, ph = h - TOP - BOTTOM, top = 0;
  GdkRGBA fg, line = { 0.21f, 0.52f, 0.89f, 1 };
  guint n = self->points->len;
  cairo_t *cr;
  const double dash[] = { 6, 4 };

  if (n == 0 || pw <= 0 || ph <= 0)
    return;
  for (guint i = 0; i < n; i++)
    top = MAX (top, g_array_index (self->points, Point, i).mb_per_s);
  top = nice_top (MAX (top, self->median) * 1.05 + 1e-9);
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) w, (float) h));

  draw_scale (widget, cr, &fg, top, pw, ph);
  cairo_save (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.3);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, LEFT, TOP + ph + 0.5);
  cairo_line_to (cr, LEFT + pw, TOP + ph + 0.5);
  cairo_move_to (cr, LEFT + 0.5, TOP);
  cairo_line_to (cr, LEFT + 0.5, TOP + ph);
  cairo_stroke (cr);
  cairo_restore (cr);

  /* The median, dashed, across. */
  cairo_save (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.6);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, LEFT, TOP + ph - self->median / top * ph);
  cairo_line_to (cr, LEFT + pw, TOP + ph - self->median / top * ph);
  cairo_stroke (cr);
  cairo_restore (cr);

  /* The runs: evenly spaced in order (the dates go under the first and the last). */
  gdk_cairo_set_source_rgba (cr, &line);
  cairo_set_line_width (cr, 2);
  for (guint i = 0; i < n; i++)
    {
      double x = LEFT + (n > 1 ? pw * i / (n - 1) : pw / 2);
      double y = TOP + ph - g_array_index (self->points, Point, i).mb_per_s / top * ph;
      cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  for (guint i = 0; i < n; i++)
    {
      double x = LEFT + (n > 1 ? pw * i / (n - 1) : pw / 2);
      double y = TOP + ph - g_array_index (self->points, Point, i).mb_per_s / top * ph;
      cairo_arc (cr, x, y, i == n - 1 ? 5 : 3, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  gdk_cairo_set_source_rgba (cr, &fg);
  {
    g_autofree char *first = dmk_format_date_human (g_array_index (self->points, Point, 0).date);
    g_autofree char *last = dmk_format_date_human (g_array_index (self->points, Point, n - 1).date);

    text_at (widget, cr, first, LEFT, TOP + ph + BOTTOM / 2 + 2, 0);
    if (n > 1)
      text_at (widget, cr, last, LEFT + pw, TOP + ph + BOTTOM / 2 + 2, 1);
  }
  cairo_destroy (cr);
}

static void
dmk_history_chart_finalize (GObject *object)
{
  DmkHistoryChart *self = DMK_HISTORY_CHART (object);

  g_array_unref (self->points);
  g_free (self->test);
  g_free (self->description);
  G_OBJECT_CLASS (dmk_history_chart_parent_class)->finalize (object);
}

static void
dmk_history_chart_class_init (DmkHistoryChartClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dmk_history_chart_finalize;
  GTK_WIDGET_CLASS (klass)->snapshot = dmk_history_chart_snapshot;
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_IMG);
}

static void
dmk_history_chart_init (DmkHistoryChart *self)
{
  self->points = g_array_new (FALSE, FALSE, sizeof (Point));
  g_array_set_clear_func (self->points, clear_point);
  gtk_widget_set_size_request (GTK_WIDGET (self), -1, 160);
}

GtkWidget *
dmk_history_chart_new (void)
{
  return g_object_new (DMK_TYPE_HISTORY_CHART, NULL);
}

#ifdef DMK_TESTING

const char *
dmk_history_chart_get_description (DmkHistoryChart *self)
{
  g_return_val_if_fail (DMK_IS_HISTORY_CHART (self), NULL);
  return self->description;
}

guint
dmk_history_chart_get_n_points (DmkHistoryChart *self)
{
  g_return_val_if_fail (DMK_IS_HISTORY_CHART (self), 0);
  return self->points->len;
}

double
dmk_history_chart_get_value (DmkHistoryChart *self, guint i)
{
  g_return_val_if_fail (DMK_IS_HISTORY_CHART (self) && i < self->points->len, NAN);
  return g_array_index (self->points, Point, i).mb_per_s;
}

#endif
