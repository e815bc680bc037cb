/* dmk-scan-chart-draw.c: a scan chart drawn with cairo in the theme's colours: its axes, curves,
 * the drive's temperature, marks and legend; the same drawing makes the PNG and the SVG. */
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>

#include "dmk-core.h"
#include "dmk-scan-chart-private.h"

const double dmk_chart_palette[DMK_CHART_PALETTE_N][3] = {
  { 0.208, 0.518, 0.894 }, /* blue: reads, or the first drive */
  { 0.902, 0.380, 0.000 }, /* orange: writes */
  { 0.180, 0.627, 0.290 },
  { 0.569, 0.255, 0.675 },
  { 0.753, 0.110, 0.157 },
  { 0.596, 0.416, 0.267 },
};

/* A single drive's temperature is drawn in red, as in a cell's chart; with several drives,
 * each one's in its curve's colour. */
const double dmk_chart_temp_red[3] = { 0.878, 0.106, 0.141 };

gboolean
_dmk_scan_chart_curve_temperatures (const Curve *c, double *lo, double *hi, double *last)
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
    if (_dmk_scan_chart_curve_temperatures (g_ptr_array_index (self->curves, i), &l, &h, &last))
      {
        *lo = MIN (*lo, l);
        *hi = MAX (*hi, h);
      }
  return *lo <= *hi;
}

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

/* A step of 1, 2 or 5 times a power of ten that cuts range into at most max_ticks. */
static double
nice_step (double range, int max_ticks)
{
  double raw = range / MAX (max_ticks, 1), p;

  if (raw <= 0)
    return 1;
  p = pow (10, floor (log10 (raw)));
  if (raw <= p)
    return p;
  if (raw <= 2 * p)
    return 2 * p;
  if (raw <= 5 * p)
    return 5 * p;
  return 10 * p;
}

/* The decimals a step's multiples need: none for 5 or 10, one for 0.5, two for 0.25. */
static int
step_decimals (double step)
{
  int d = 0;

  while (d < 3 && fabs (step * pow (10, d) - round (step * pow (10, d))) > 1e-9)
    d++;
  return d;
}

static char *
x_label (DmkChartKind kind, double x, gboolean mib, int decimals)
{
  switch (kind)
    {
    case DMK_CHART_SWEEP:
      return dmk_format_block_size ((guint32) llround (exp2 (x)));
    case DMK_CHART_SURFACE:
      return g_strdup_printf ("%.0f %%", x);
    default:
      return g_strdup_printf ("%.*f", decimals, mib ? x * 1024 : x);
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

/* The x scale's values at round steps (whole block sizes on a sweep's log scale), each one only
 * where it clears the one before: labels never run into each other ("750 9001050"). */
static void
draw_x_labels (DmkScanChart *self, cairo_t *cr, PangoLayout *layout, const Frame *f,
               const GdkRGBA *fg)
{
  double unit = f->mib && self->kind != DMK_CHART_SWEEP && self->kind != DMK_CHART_SURFACE
                  ? 1024
                  : 1;
  double step = self->kind == DMK_CHART_SWEEP ? MAX (1, ceil ((f->x1 - f->x0) / 8))
                : self->kind == DMK_CHART_SURFACE ? 25
                                                  : nice_step ((f->x1 - f->x0) * unit, 8) / unit;
  int decimals = step_decimals (step * unit);
  double last_right = -G_MAXDOUBLE;

  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.75);
  for (int i = 0; i <= 64; i++)
    {
      double v = f->x0 + i * step, x = to_x (f, v);
      g_autofree char *t = NULL;
      int tw, th;

      if (v > f->x1 + step * 1e-6)
        break;
      t = x_label (self->kind, v, f->mib, decimals);
      pango_layout_set_text (layout, t, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      if (x - tw / 2.0 < last_right + 8)
        continue;
      show_text (cr, layout, t, x, f->bottom + 4, 0.5, 0);
      last_right = x + tw / 2.0;
    }
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
  draw_x_labels (self, cr, layout, f, fg);
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
  return self->curves->len == 1 ? dmk_chart_temp_red
                                : dmk_chart_palette[curve % DMK_CHART_PALETTE_N];
}

/* A curve's points (dots where they are few, so a short run still shows) and its line. */
static void
draw_points (DmkScanChart *self, cairo_t *cr, const Frame *f, const Curve *c)
{
  for (guint j = 0; j < c->pts->len; j++)
    {
      const Pt *p = &g_array_index (c->pts, Pt, j);

      if (self->kind == DMK_CHART_ACCESS || self->kind == DMK_CHART_SWEEP || c->pts->len < 20)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, to_x (f, p->x), to_y (f, p->y), self->kind == DMK_CHART_ACCESS ? 1.5 : 3,
                     0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
  if (self->kind == DMK_CHART_ACCESS)
    return;
  for (guint j = 0; j < c->pts->len; j++)
    {
      const Pt *p = &g_array_index (c->pts, Pt, j);
      cairo_line_to (cr, to_x (f, p->x), to_y (f, p->y));
    }
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
}

/* The drive's temperature under curve i, dashed on its own scale, broken where a reading is
 * missing. */
static void
draw_temperatures (DmkScanChart *self, cairo_t *cr, const Frame *f, const Curve *c, guint i)
{
  static const double dash[] = { 6, 4 };
  const double *trgb = temp_colour (self, i);
  gboolean drawing = FALSE;

  cairo_set_source_rgb (cr, trgb[0], trgb[1], trgb[2]);
  for (guint j = 0; j < c->temps->len; j++)
    {
      const Pt *p = &g_array_index (c->temps, Pt, j);

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
}

/* What the dashes are, below the legend's curves. */
static void
draw_temperature_legend (DmkScanChart *self, cairo_t *cr, PangoLayout *layout, const Frame *f,
                         guint named)
{
  static const double dash[] = { 3, 2 }, grey[3] = { 0.5, 0.5, 0.5 };
  double y = f->top + 9 + named * 16;
  /* Several drives' temperatures are in their colours: the legend's dash is neutral. */
  const double *trgb = self->curves->len == 1 ? dmk_chart_temp_red : grey;

  cairo_set_source_rgb (cr, trgb[0], trgb[1], trgb[2]);
  cairo_set_line_width (cr, 1.5);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_move_to (cr, f->right - 170, y);
  cairo_line_to (cr, f->right - 160, y);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  show_text (cr, layout, _("Drive temperature"), f->right - 155, y, 0, 0.5);
}

static void
draw_curves (DmkScanChart *self, cairo_t *cr, PangoLayout *layout, const Frame *f)
{
  guint named = 0;

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < self->curves->len; i++)
    {
      const Curve *c = g_ptr_array_index (self->curves, i);
      const double *rgb = dmk_chart_palette[i % DMK_CHART_PALETTE_N];

      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      draw_points (self, cr, f, c);
      if (f->temps && c->temps->len > 0)
        {
          draw_temperatures (self, cr, f, c, i);
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
    draw_temperature_legend (self, cr, layout, f, named);
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

void
_dmk_scan_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
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

/* cairo's stream writer: into a byte array. */
static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
dmk_scan_chart_save (DmkScanChart *self, const char *filename, GError **error)
{
  const double w = 1000, h = 560;
  const GdkRGBA black = { 0, 0, 0, 1 };
  gboolean svg = g_str_has_suffix (filename, ".svg") || g_str_has_suffix (filename, ".SVG");
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface = svg ? cairo_svg_surface_create_for_stream (append_bytes, bytes, w, h)
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
               : cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
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
  /* The file is made only when the picture is whole: a regular file, or nothing. */
  return dmk_output_save (filename, bytes->data, bytes->len, error);
}

