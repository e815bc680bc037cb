/* dmk-scan-chart.c: a scan's chart, drawn with GtkSnapshot and cairo in the theme's colours;
 * the same drawing makes the PNG and the SVG. */
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>

#include "dmk-scan-chart.h"

typedef struct
{
  double x, y;
} Pt;

typedef struct
{
  char *name;
  GArray *pts;   /* Pt */
  GArray *temps; /* Pt: the drive's temperature in °C at x (sustained writes) */
} Curve;

typedef struct
{
  double x;
  char *label;
} Mark;

struct _DmkScanChart
{
  GtkWidget parent_instance;

  DmkChartKind kind;
  GPtrArray *curves; /* Curve* */
  GArray *marks;     /* Mark: the cache cliff, a recovery */
  GString *notes;    /* what the results say beyond the points, for the summary */
  char *summary;
};

G_DEFINE_FINAL_TYPE (DmkScanChart, dmk_scan_chart, GTK_TYPE_WIDGET)

static const double palette[][3] = {
  { 0.208, 0.518, 0.894 }, /* blue: reads, or the first drive */
  { 0.902, 0.380, 0.000 }, /* orange: writes */
  { 0.180, 0.627, 0.290 },
  { 0.569, 0.255, 0.675 },
  { 0.753, 0.110, 0.157 },
  { 0.596, 0.416, 0.267 },
};

/* A single drive's temperature is drawn in red, as in a cell's chart; with several drives,
 * each one's in its curve's colour. */
static const double temp_red[3] = { 0.878, 0.106, 0.141 };

#define GIB 1073741824.0

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
static gboolean
curve_temperatures (const Curve *c, double *lo, double *hi, double *last)
{
  *lo = G_MAXDOUBLE;
  *hi = -G_MAXDOUBLE;
  for (guint j = 0; j < c->temps->len; j++)
    {
      double t = g_array_index (c->temps, Pt, j).y;

      if (!isfinite (t))
        continue;
      *lo = MIN (*lo, t);
      *hi = MAX (*hi, t);
      *last = t;
    }
  return *lo <= *hi;
}

/* The same over every curve. */
static gboolean
temperature_range (DmkScanChart *self, double *lo, double *hi)
{
  double l, h, last;

  *lo = G_MAXDOUBLE;
  *hi = -G_MAXDOUBLE;
  for (guint i = 0; i < self->curves->len; i++)
    if (curve_temperatures (g_ptr_array_index (self->curves, i), &l, &h, &last))
      {
        *lo = MIN (*lo, l);
        *hi = MAX (*hi, h);
      }
  return *lo <= *hi;
}

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
      if (curve_temperatures (c, &t_lo, &t_hi, &t_last))
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
      p.x = (double) written / GIB;
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

      add_mark (self, (double) st->cliff.cache_bytes / GIB,
                g_strdup_printf (_("Cache: %.2f GiB"), (double) st->cliff.cache_bytes / GIB));
      /* TRANSLATORS: "cache cliff after 0.39 GiB: 319.80 MB/s before, 75.50 MB/s after" */
      g_string_append_printf (self->notes, _("cache cliff after %.2f GiB: %s MB/s before, %s MB/s after"),
                              (double) st->cliff.cache_bytes / GIB, before, after);
      if (st->cliff.recovered)
        add_mark (self, (double) st->cliff.recovery_bytes / GIB, g_strdup (_("Recovered")));
    }
  else if (st->series->len > 0)
    /* xgettext:no-c-format */
    g_string_append (self->notes, _("no cache cliff: the speed stayed above 70 % of its peak"));
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
          Pt p = { (double) a->distance / GIB, a->latency_us / 1000.0 };
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

/* ---- drawing ---- */

/* A round number at least v, for a scale's top whose fifths read well. */
static double
nice_ceiling (double v)
{
  double p;

  if (v <= 0)
    return 1;
  static const double steps[] = { 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10 };

  p = pow (10, floor (log10 (v)));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * p >= v)
      return steps[i] * p;
  return 10 * p;
}

static void
show_text (cairo_t *cr, PangoLayout *layout, const char *text, double x, double y, double xalign,
           double yalign)
{
  int tw, th;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  cairo_move_to (cr, x - xalign * tw, y - yalign * th);
  pango_cairo_show_layout (cr, layout);
}

static char *
x_label (DmkChartKind kind, double x, gboolean mib)
{
  switch (kind)
    {
    case DMK_CHART_SWEEP:
      return dmk_format_block_size ((guint32) llround (exp2 (x)));
    case DMK_CHART_SURFACE:
      return g_strdup_printf ("%.0f %%", x);
    default:
      if (mib)
        x *= 1024;
      return g_strdup_printf ("%.*f", x >= 10 || x == floor (x) ? 0 : 1, x);
    }
}

typedef struct
{
  double x0, x1, y1; /* data ranges (y from 0) */
  double left, top, right, bottom;
  gboolean mib;      /* GiB axes below 1 GiB are labelled in MiB */
  gboolean temps;    /* a temperature scale at the right, from t0 to t1 °C */
  double t0, t1;
} Frame;

static double
to_x (const Frame *f, double x)
{
  return f->left + (x - f->x0) / (f->x1 - f->x0) * (f->right - f->left);
}

static double
to_y (const Frame *f, double y)
{
  return f->bottom - y / f->y1 * (f->bottom - f->top);
}

static double
to_t (const Frame *f, double c)
{
  return f->bottom - (c - f->t0) / (f->t1 - f->t0) * (f->bottom - f->top);
}

static Frame
frame_for (DmkScanChart *self, double w, double h)
{
  Frame f = { G_MAXDOUBLE, -G_MAXDOUBLE, 0, 56, 24, w - 24, h - 40, FALSE, FALSE, 0, 0 };

  for (guint i = 0; i < self->curves->len; i++)
    {
      Curve *c = g_ptr_array_index (self->curves, i);
      for (guint j = 0; j < c->pts->len; j++)
        {
          Pt *p = &g_array_index (c->pts, Pt, j);
          f.x0 = MIN (f.x0, p->x);
          f.x1 = MAX (f.x1, p->x);
          f.y1 = MAX (f.y1, p->y);
        }
    }
  if (self->kind == DMK_CHART_SURFACE)
    f.x0 = 0, f.x1 = 100;
  else if (self->kind == DMK_CHART_SUSTAINED || self->kind == DMK_CHART_ACCESS)
    {
      f.x0 = 0;
      f.x1 = f.x1 > 0 ? f.x1 : 1;
    }
  else if (f.x0 > f.x1)
    f.x0 = 9, f.x1 = 26; /* 512 B to 64 MiB */
  else if (f.x1 - f.x0 < 1)
    f.x1 = f.x0 + 1;
  f.y1 = nice_ceiling (f.y1 * 1.05);
  if (self->kind == DMK_CHART_SUSTAINED || self->kind == DMK_CHART_ACCESS)
    {
      f.mib = f.x1 < 1;
      f.x1 = nice_ceiling (f.mib ? f.x1 * 1024 : f.x1) / (f.mib ? 1024 : 1);
    }
  if (temperature_range (self, &f.t0, &f.t1))
    {
      /* Five steps of a whole number of degrees, around the readings. */
      double step = MAX (ceil ((f.t1 - f.t0 + 2) / 5), 2);

      f.temps = TRUE;
      f.t0 = floor (f.t0 - 1);
      f.t1 = f.t0 + 5 * step;
      f.right = w - 56;
    }
  return f;
}

static void
draw_axes (DmkScanChart *self, cairo_t *cr, PangoLayout *layout, const Frame *f,
           const GdkRGBA *fg)
{
  /* Grid lines and their values: five steps of the y scale, x by the kind. */
  cairo_set_line_width (cr, 1);
  for (int i = 0; i <= 5; i++)
    {
      double v = f->y1 * i / 5, y = round (to_y (f, v)) + 0.5;
      g_autofree char *t = g_strdup_printf ("%.*f", f->y1 >= 50 ? 0 : 2, v);

      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * (i == 0 ? 0.6 : 0.15));
      cairo_move_to (cr, f->left, y);
      cairo_line_to (cr, f->right, y);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.75);
      show_text (cr, layout, t, f->left - 6, y, 1, 0.5);
    }
  for (int i = 0; i <= 8; i++)
    {
      double v = self->kind == DMK_CHART_SWEEP ? f->x0 + i * ceil ((f->x1 - f->x0) / 8)
                                                : f->x0 + (f->x1 - f->x0) * i / 8;
      g_autofree char *t = NULL;

      if (v > f->x1 + 1e-9)
        break;
      if (self->kind == DMK_CHART_SURFACE && i % 2 == 1)
        continue;
      t = x_label (self->kind, v, f->mib);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.75);
      show_text (cr, layout, t, to_x (f, v), f->bottom + 4, 0.5, 0);
    }
  {
    const char *xt = self->kind == DMK_CHART_SUSTAINED ? (f->mib ? _("MiB written")
                                                                  : _("GiB written"))
                     : self->kind == DMK_CHART_SWEEP   ? _("Block size")
                     : self->kind == DMK_CHART_SURFACE ? _("Position")
                     : f->mib                          ? _("Seek distance (MiB)")
                                                       : _("Seek distance (GiB)");
    show_text (cr, layout, xt, (f->left + f->right) / 2, f->bottom + 20, 0.5, 0);
    show_text (cr, layout, self->kind == DMK_CHART_ACCESS ? _("ms") : _("MB/s"), f->left - 6,
               f->top - 8, 1, 1);
  }
  if (f->temps)
    {
      for (int i = 0; i <= 5; i++)
        {
          double v = f->t0 + (f->t1 - f->t0) * i / 5;
          g_autofree char *t = g_strdup_printf ("%.0f", v);

          show_text (cr, layout, t, f->right + 6, to_t (f, v), 0, 0.5);
        }
      /* TRANSLATORS: the unit of a chart's temperature scale */
      show_text (cr, layout, _("°C"), f->right + 6, f->top - 8, 0, 1);
    }
}

static const double *
temp_colour (DmkScanChart *self, guint curve)
{
  return self->curves->len == 1 ? temp_red : palette[curve % G_N_ELEMENTS (palette)];
}

static void
draw_curves (DmkScanChart *self, cairo_t *cr, PangoLayout *layout, const Frame *f)
{
  guint named = 0;

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < self->curves->len; i++)
    {
      Curve *c = g_ptr_array_index (self->curves, i);
      const double *rgb = palette[i % G_N_ELEMENTS (palette)];

      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      for (guint j = 0; j < c->pts->len; j++)
        {
          Pt *p = &g_array_index (c->pts, Pt, j);
          double x = to_x (f, p->x), y = to_y (f, p->y);

          /* Few points get dots as well as a line, so a short run still shows. */
          if (self->kind == DMK_CHART_ACCESS || self->kind == DMK_CHART_SWEEP ||
              c->pts->len < 20)
            {
              cairo_new_sub_path (cr);
              cairo_arc (cr, x, y, self->kind == DMK_CHART_ACCESS ? 1.5 : 3, 0, 2 * G_PI);
              cairo_fill (cr);
            }
        }
      if (self->kind != DMK_CHART_ACCESS)
        {
          for (guint j = 0; j < c->pts->len; j++)
            {
              Pt *p = &g_array_index (c->pts, Pt, j);
              cairo_line_to (cr, to_x (f, p->x), to_y (f, p->y));
            }
          cairo_set_line_width (cr, 2);
          cairo_stroke (cr);
        }
      if (f->temps && c->temps->len > 0)
        {
          static const double dash[] = { 6, 4 };
          const double *trgb = temp_colour (self, i);
          gboolean drawing = FALSE;

          cairo_set_source_rgb (cr, trgb[0], trgb[1], trgb[2]);
          for (guint j = 0; j < c->temps->len; j++)
            {
              Pt *p = &g_array_index (c->temps, Pt, j);

              if (!isfinite (p->y))
                drawing = FALSE;
              else if (!drawing)
                {
                  cairo_move_to (cr, to_x (f, p->x), to_t (f, p->y));
                  drawing = TRUE;
                }
              else
                cairo_line_to (cr, to_x (f, p->x), to_t (f, p->y));
            }
          cairo_set_line_width (cr, 1.5);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
        }
      if (c->name != NULL && c->pts->len > 0)
        {
          /* The legend, top right, one line per named curve in its colour. */
          cairo_rectangle (cr, f->right - 170, f->top + 4 + named * 16, 10, 10);
          cairo_fill (cr);
          show_text (cr, layout, c->name, f->right - 155, f->top + 9 + named * 16, 0, 0.5);
          named++;
        }
    }
  if (f->temps)
    {
      /* What the dashes are, below the legend's curves. */
      static const double dash[] = { 3, 2 }, grey[3] = { 0.5, 0.5, 0.5 };
      double y = f->top + 9 + named * 16;
      /* Several drives' temperatures are in their colours: the legend's dash is neutral. */
      const double *trgb = self->curves->len == 1 ? temp_red : grey;

      cairo_set_source_rgb (cr, trgb[0], trgb[1], trgb[2]);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, f->right - 170, y);
      cairo_line_to (cr, f->right - 160, y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      show_text (cr, layout, _("Drive temperature"), f->right - 155, y, 0, 0.5);
    }
}

static void
draw_marks (DmkScanChart *self, cairo_t *cr, PangoLayout *layout, const Frame *f,
            const GdkRGBA *fg)
{
  static const double dash[] = { 4, 3 };

  for (guint i = 0; i < self->marks->len; i++)
    {
      const Mark *m = &g_array_index (self->marks, Mark, i);
      double x = round (to_x (f, m->x)) + 0.5;

      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.7);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, x, f->top);
      cairo_line_to (cr, x, f->bottom);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      show_text (cr, layout, m->label, x + 4, f->top + 2 + 16 * i, 0, 0);
    }
}

void
dmk_scan_chart_draw (DmkScanChart *self, cairo_t *cr, double w, double h, const GdkRGBA *fg)
{
  g_autoptr (PangoLayout) layout = pango_cairo_create_layout (cr);
  Frame f;

  if (w < 120 || h < 80)
    return;
  pango_layout_set_font_description (
    layout, pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self))));
  f = frame_for (self, w, h);
  draw_axes (self, cr, layout, &f, fg);
  cairo_save (cr);
  cairo_rectangle (cr, f.left, f.top - 4, f.right - f.left + 4, f.bottom - f.top + 8);
  cairo_clip (cr);
  draw_curves (self, cr, layout, &f);
  cairo_restore (cr);
  draw_marks (self, cr, layout, &f, fg);
}

static void
dmk_scan_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  DmkScanChart *self = DMK_SCAN_CHART (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GdkRGBA fg;
  cairo_t *cr;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  dmk_scan_chart_draw (self, cr, w, h, &fg);
  cairo_destroy (cr);
}

gboolean
dmk_scan_chart_save (DmkScanChart *self, const char *filename, GError **error)
{
  const double w = 1000, h = 560;
  const GdkRGBA black = { 0, 0, 0, 1 };
  gboolean svg = g_str_has_suffix (filename, ".svg") || g_str_has_suffix (filename, ".SVG");
  cairo_surface_t *surface = svg ? cairo_svg_surface_create (filename, w, h)
                                 : cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) w,
                                                               (int) h);
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, 8, 8);
  dmk_scan_chart_draw (self, cr, w - 16, h - 16, &black);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  status = svg ? cairo_surface_status (surface)
               : cairo_surface_write_to_png (surface, filename);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *name = g_filename_display_basename (filename);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not save “%s”: %s"), name,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
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
  widget_class->snapshot = dmk_scan_chart_snapshot;
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
