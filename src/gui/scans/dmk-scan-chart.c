/* dmk-scan-chart.c: a scan's chart, drawn with GtkSnapshot and cairo in the theme's colours;
 * the same drawing makes the PNG and the SVG. */
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>

#include "dmk-scan-chart.h"
#include "dmk-scan-chart-private.h"

G_DEFINE_FINAL_TYPE (DmkScanChart, dmk_scan_chart, GTK_TYPE_WIDGET)


static void
curve_free (gpointer data)
{
  Curve *c = data;

  g_free (c->name);
  g_array_unref (c->pts);
  g_array_unref (c->temps);
  g_free (c);
}

static void
mark_clear (gpointer data)
{
  g_free (((Mark *) data)->label);
}

static Curve *
curve_at (DmkScanChart *self, guint index, const char *name)
{
  while (self->curves->len <= index)
    {
      Curve *c = g_new0 (Curve, 1);
      c->pts = g_array_new (FALSE, FALSE, sizeof (Pt));
      c->temps = g_array_new (FALSE, FALSE, sizeof (Pt));
      g_ptr_array_add (self->curves, c);
    }
  if (name != NULL)
    {
      Curve *c = g_ptr_array_index (self->curves, index);
      g_free (c->name);
      c->name = g_strdup (name);
    }
  return g_ptr_array_index (self->curves, index);
}

static const char *
kind_title (DmkChartKind kind)
{
  switch (kind)
    {
    case DMK_CHART_SUSTAINED:
      return _("Sustained write, MB/s against GiB written");
    case DMK_CHART_SWEEP:
      return _("MB/s against block size");
    case DMK_CHART_SURFACE:
      return _("MB/s against position on the drive");
    case DMK_CHART_ACCESS:
    default:
      return _("Access time in milliseconds against seek distance");
    }
}

/* A curve's lowest, highest and last temperature (NaN entries are intervals without a
 * reading); FALSE when it has none. */
static void
update_summary (DmkScanChart *self)
{
  GString *s = g_string_new (kind_title (self->kind));
  guint n = 0;

  for (guint i = 0; i < self->curves->len; i++)
    {
      Curve *c = g_ptr_array_index (self->curves, i);
      double min = G_MAXDOUBLE, max = 0, t_lo, t_hi, t_last;
      g_autofree char *s_min = NULL, *s_max = NULL, *s_last = NULL;
      DmkUnit unit = self->kind == DMK_CHART_ACCESS ? DMK_UNIT_US : DMK_UNIT_MB_S;

      if (c->pts->len == 0)
        continue;
      for (guint j = 0; j < c->pts->len; j++)
        {
          min = MIN (min, g_array_index (c->pts, Pt, j).y);
          max = MAX (max, g_array_index (c->pts, Pt, j).y);
        }
      n += c->pts->len;
      /* Access times are held in ms for the axis; the summary speaks microseconds. */
      s_min = dmk_unit_format (unit, self->kind == DMK_CHART_ACCESS ? min * 1000 : min);
      s_max = dmk_unit_format (unit, self->kind == DMK_CHART_ACCESS ? max * 1000 : max);
      s_last = dmk_unit_format (unit, self->kind == DMK_CHART_ACCESS
                                        ? g_array_index (c->pts, Pt, c->pts->len - 1).y * 1000
                                        : g_array_index (c->pts, Pt, c->pts->len - 1).y);
      /* TRANSLATORS: one curve of a chart read out: "Read: min 85.21, max 7960.20, last
       * 6400.63 MB/s (15 points)" */
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, ". %s: min %s, max %s, last %s %s (%u point)",
                                              ". %s: min %s, max %s, last %s %s (%u points)",
                                              c->pts->len),
                              c->name != NULL ? c->name : _("Measured"), s_min, s_max, s_last,
                              dmk_unit_label (unit), c->pts->len);
      if (_dmk_scan_chart_curve_temperatures (c, &t_lo, &t_hi, &t_last))
        {
          if (round (t_lo) == round (t_hi))
            /* TRANSLATORS: after a curve read out: the drive's temperature during it, in °C */
            g_string_append_printf (s, _("; drive temperature %.0f °C"), t_hi);
          else
            /* TRANSLATORS: after a curve read out: the drive's temperature during it, lowest,
             * highest and last, in °C */
            g_string_append_printf (s, _("; drive temperature %.0f to %.0f °C, last %.0f °C"),
                                    t_lo, t_hi, t_last);
        }
    }
  if (n == 0)
    g_string_append_printf (s, ". %s", _("No measurement yet"));
  if (self->notes->len > 0)
    g_string_append_printf (s, ". %s", self->notes->str);
  g_free (self->summary);
  self->summary = g_string_free (s, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->summary, -1);
}

void
dmk_scan_chart_clear (DmkScanChart *self)
{
  g_return_if_fail (DMK_IS_SCAN_CHART (self));
  g_ptr_array_set_size (self->curves, 0);
  g_array_set_size (self->marks, 0);
  g_string_truncate (self->notes, 0);
  update_summary (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dmk_scan_chart_add_point (DmkScanChart *self, guint curve, double x, double y)
{
  Pt p = { x, y };

  g_return_if_fail (DMK_IS_SCAN_CHART (self));
  if (!isfinite (x) || !isfinite (y))
    return;
  g_array_append_val (curve_at (self, curve, NULL)->pts, p);
  update_summary (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dmk_scan_chart_add_temperature (DmkScanChart *self, guint curve, double x, double celsius)
{
  Pt p = { x, celsius };

  g_return_if_fail (DMK_IS_SCAN_CHART (self));
  if (!isfinite (x) || !isfinite (celsius) || celsius < DMK_CELSIUS_MIN ||
      celsius > DMK_CELSIUS_MAX)
    return;
  g_array_append_val (curve_at (self, curve, NULL)->temps, p);
  update_summary (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static char *
curve_name (const char *name, const char *what)
{
  if (name == NULL)
    return g_strdup (what);
  if (what == NULL)
    return g_strdup (name);
  /* TRANSLATORS: a legend entry: a drive's name, then what the curve is ("Read") */
  return g_strdup_printf (_("%s — %s"), name, what);
}

static void
add_mark (DmkScanChart *self, double x, char *label)
{
  Mark m = { x, label };

  g_array_append_val (self->marks, m);
}

/* SNIA PTS steady state: a mark where the steady stretch begins, and the summary says it. */
static void
add_steady (DmkScanChart *self, const DmkSustained *st)
{
  DmkSteady steady;

  if (!dmk_steady_detect (st->series, dmk_steady_round_bytes (st->span_bytes), &steady))
    return;
  if (self->notes->len > 0)
    g_string_append (self->notes, "; ");
  if (steady.steady)
    {
      g_autofree char *rate = dmk_unit_format (DMK_UNIT_MB_S, steady.mb_per_s);

      add_mark (self, (double) steady.steady_bytes / DMK_GIB_D, g_strdup (_("Steady")));
      /* TRANSLATORS: SNIA's steady state: "steady after 38.00 GiB at 412.00 MB/s" */
      g_string_append_printf (self->notes, _("steady after %.2f GiB at %s MB/s"),
                              (double) steady.steady_bytes / DMK_GIB_D, rate);
    }
  else
    /* TRANSLATORS: SNIA's steady state not reached: "not steady after 64.00 GiB" */
    g_string_append_printf (self->notes, _("not steady after %.2f GiB"),
                            (double) steady.written / DMK_GIB_D);
}

static void
add_sustained (DmkScanChart *self, const DmkSustained *st, guint index, const char *name)
{
  Curve *c;
  guint64 written = 0;
  gboolean any_celsius = FALSE;
  g_autofree char *cname = curve_name (name, NULL);

  c = curve_at (self, index, cname);
  for (guint i = 0; i < st->series->len; i++)
    {
      const DmkSample *x = &g_array_index (st->series, DmkSample, i);
      Pt p;

      written += x->bytes;
      p.x = (double) written / DMK_GIB_D;
      p.y = dmk_sample_mb_per_s (st->series, i);
      g_array_append_val (c->pts, p);
      any_celsius |= x->has_celsius;
      {
        /* An interval without a reading breaks the line (NaN), as in a cell's chart. */
        Pt t = { p.x, x->has_celsius ? x->celsius : NAN };
        g_array_append_val (c->temps, t);
      }
    }
  if (!any_celsius)
    g_array_set_size (c->temps, 0);
  if (st->cliff.found)
    {
      g_autofree char *before = dmk_unit_format (DMK_UNIT_MB_S, st->cliff.before_mb_per_s);
      g_autofree char *after = dmk_unit_format (DMK_UNIT_MB_S, st->cliff.after_mb_per_s);

      add_mark (self, (double) st->cliff.cache_bytes / DMK_GIB_D,
                g_strdup_printf (_("Cache: %.2f GiB"), (double) st->cliff.cache_bytes / DMK_GIB_D));
      /* TRANSLATORS: "cache cliff after 0.39 GiB: 319.80 MB/s before, 75.50 MB/s after" */
      g_string_append_printf (self->notes, _("cache cliff after %.2f GiB: %s MB/s before, %s MB/s after"),
                              (double) st->cliff.cache_bytes / DMK_GIB_D, before, after);
      if (st->cliff.recovered)
        add_mark (self, (double) st->cliff.recovery_bytes / DMK_GIB_D, g_strdup (_("Recovered")));
    }
  else if (st->series->len > 0)
    {
      g_autofree char *low = dmk_cliff_low_text (st->series);

      /* TRANSLATORS: %s is why: "the speed stayed above 82 % of its peak" */
      if (low != NULL)
        g_string_append_printf (self->notes, _("no cache cliff: %s"), low);
      else
        g_string_append (self->notes, _("no cache cliff"));
    }
  add_steady (self, st);
}

static void
add_sweep (DmkScanChart *self, DmkResult *r, guint first, const char *name)
{
  const DmkDirection dirs[] = { DMK_DIRECTION_READ, DMK_DIRECTION_WRITE };

  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    for (guint i = 0; i < r->tests->len; i++)
      {
        const DmkTestResult *t = g_ptr_array_index (r->tests, i);
        g_autofree char *cname = NULL;
        Pt p = { log2 (t->spec.block_size), t->mb_per_s };

        if (t->direction != dirs[d])
          continue;
        cname = curve_name (name, dmk_direction_label (dirs[d]));
        g_array_append_val (curve_at (self, first + d, cname)->pts, p);
      }
}

static void
add_surface (DmkScanChart *self, const DmkSurface *sf, guint index, const char *name)
{
  g_autofree char *cname = curve_name (name, NULL);
  Curve *c = curve_at (self, index, cname);

  if (self->kind == DMK_CHART_ACCESS)
    {
      double mean, max;
      for (guint i = 0; i < sf->access->len; i++)
        {
          const DmkAccessPoint *a = &g_array_index (sf->access, DmkAccessPoint, i);
          Pt p = { (double) a->distance / DMK_GIB_D, a->latency_us / 1000.0 };
          g_array_append_val (c->pts, p);
        }
      if (dmk_access_summarize (sf, &mean, &max))
        g_string_append_printf (self->notes, _("mean access time %.3f ms"), mean / 1000.0);
      return;
    }
  for (guint i = 0; i < sf->points->len; i++)
    {
      const DmkSurfacePoint *sp = &g_array_index (sf->points, DmkSurfacePoint, i);
      /* Each sample at its middle, so 0 % and 100 % are the ends of the first and last. */
      Pt p = { 100.0 * ((double) sp->offset + (double) sp->bytes / 2) / (double) sf->span_bytes,
               sp->seconds > 0 ? (double) sp->bytes / sp->seconds / 1e6 : 0 };
      g_array_append_val (c->pts, p);
    }
  {
    double min, mean, max;
    if (dmk_surface_summarize (sf, &min, &mean, &max))
      {
        g_autofree char *s_mean = dmk_unit_format (DMK_UNIT_MB_S, mean);
        /* TRANSLATORS: the mean of a surface scan: all bytes over all time */
        g_string_append_printf (self->notes, _("mean %s MB/s"), s_mean);
      }
  }
}

void
dmk_scan_chart_add_result (DmkScanChart *self, DmkResult *result, const char *name)
{
  guint next;

  g_return_if_fail (DMK_IS_SCAN_CHART (self));
  g_return_if_fail (result != NULL);
  next = self->curves->len;
  if (self->kind == DMK_CHART_SUSTAINED && result->sustained != NULL)
    add_sustained (self, result->sustained, next, name);
  else if (self->kind == DMK_CHART_SWEEP && result->kind == DMK_KIND_SWEEP)
    add_sweep (self, result, next, name);
  else if ((self->kind == DMK_CHART_SURFACE || self->kind == DMK_CHART_ACCESS) &&
           result->surface != NULL)
    add_surface (self, result->surface, next, name);
  update_summary (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- the widget ---- */

static void
dmk_scan_chart_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 140;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 560 : 260;
}

static void
dmk_scan_chart_finalize (GObject *object)
{
  DmkScanChart *self = DMK_SCAN_CHART (object);

  g_ptr_array_unref (self->curves);
  g_array_unref (self->marks);
  g_string_free (self->notes, TRUE);
  g_free (self->summary);
  G_OBJECT_CLASS (dmk_scan_chart_parent_class)->finalize (object);
}

static void
dmk_scan_chart_class_init (DmkScanChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = dmk_scan_chart_finalize;
  widget_class->snapshot = _dmk_scan_chart_snapshot;
  widget_class->measure = dmk_scan_chart_measure;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "scanchart");
}

static void
dmk_scan_chart_init (DmkScanChart *self)
{
  self->curves = g_ptr_array_new_with_free_func (curve_free);
  self->marks = g_array_new (FALSE, FALSE, sizeof (Mark));
  g_array_set_clear_func (self->marks, mark_clear);
  self->notes = g_string_new (NULL);
}

GtkWidget *
dmk_scan_chart_new (DmkChartKind kind)
{
  DmkScanChart *self = g_object_new (DMK_TYPE_SCAN_CHART, NULL);

  self->kind = kind;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kind_title (kind), -1);
  update_summary (self);
  return GTK_WIDGET (self);
}

#ifdef DMK_TESTING

guint
dmk_scan_chart_get_n_points (DmkScanChart *self)
{
  guint n = 0;

  for (guint i = 0; i < self->curves->len; i++)
    n += ((Curve *) g_ptr_array_index (self->curves, i))->pts->len;
  return n;
}

const char *
dmk_scan_chart_get_summary (DmkScanChart *self)
{
  return self->summary;
}

#endif
