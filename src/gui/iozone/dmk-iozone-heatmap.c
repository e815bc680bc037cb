/* dmk-iozone-heatmap.c: an iozone operation's table as a heat map drawn with cairo in a snapshot:
 * viridis colours (ordered in lightness, readable without hue) from 0 to the highest MB/s. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dmk-iozone-heatmap.h"

struct _DmkIozoneHeatmap
{
  GtkWidget parent_instance;

  DmkIozoneOp op;
  guint n_files, n_records;
  guint64 *files;
  guint32 *records;
  double *values; /* [file][record] of op */
  double top;
  char *description;
};

G_DEFINE_FINAL_TYPE (DmkIozoneHeatmap, dmk_iozone_heatmap, GTK_TYPE_WIDGET)

#define LEFT 76.0  /* the file sizes' column */
#define TOP 24.0   /* the record sizes' row */
#define CELL_W 76.0
#define CELL_H 30.0
#define LEGEND 40.0 /* the scale under the map */
#define LEGEND_W 200.0

const char *
dmk_iozone_op_title (DmkIozoneOp op)
{
  static const char *const titles[DMK_IOZONE_N_OPS] = {
    [DMK_IOZONE_WRITE] = N_("Write"),
    [DMK_IOZONE_REWRITE] = N_("Re-write"),
    [DMK_IOZONE_READ] = N_("Read"),
    [DMK_IOZONE_REREAD] = N_("Re-read"),
    [DMK_IOZONE_RANDOM_READ] = N_("Random Read"),
    [DMK_IOZONE_RANDOM_WRITE] = N_("Random Write"),
    [DMK_IOZONE_BACKWARD] = N_("Backward Read"),
    [DMK_IOZONE_STRIDE] = N_("Stride Read"),
    [DMK_IOZONE_RECORD_REWRITE] = N_("One-Record Rewrite"),
    [DMK_IOZONE_RANDOM_MIX] = N_("Random Mix"),
    [DMK_IOZONE_PWRITE] = N_("Pwrite"),
    [DMK_IOZONE_REPWRITE] = N_("Re-pwrite"),
    [DMK_IOZONE_PREAD] = N_("Pread"),
    [DMK_IOZONE_REPREAD] = N_("Re-pread"),
  };

  g_return_val_if_fail ((guint) op < DMK_IOZONE_N_OPS, NULL);
  return _(titles[op]);
}

static double
value_at (DmkIozoneHeatmap *self, guint f, guint r)
{
  return self->values[(gsize) f * self->n_records + r];
}

/* A record larger than its file is never measured, as in iozone's tables. */
static gboolean
applies (DmkIozoneHeatmap *self, guint f, guint r)
{
  return self->records[r] <= self->files[f];
}

static char *
value_text (double v)
{
  return dmk_unit_format (DMK_UNIT_MB_S, v);
}

/* Viridis at t (0–1): five stops, linearly between them. */
static void
ramp (double t, GdkRGBA *c)
{
  static const double stops[][3] = {
    { 68, 1, 84 }, { 59, 82, 139 }, { 33, 145, 140 }, { 94, 201, 98 }, { 253, 231, 37 },
  };
  double x = CLAMP (t, 0.0, 1.0) * 4;
  guint i = MIN ((guint) x, 3u);
  double u = x - i;

  c->red = (stops[i][0] + u * (stops[i + 1][0] - stops[i][0])) / 255;
  c->green = (stops[i][1] + u * (stops[i + 1][1] - stops[i][1])) / 255;
  c->blue = (stops[i][2] + u * (stops[i + 1][2] - stops[i][2])) / 255;
  c->alpha = 1;
}

static void
describe (DmkIozoneHeatmap *self)
{
  GString *s = g_string_new (NULL);
  g_autofree char *label = NULL, *top = value_text (self->top);
  guint n = 0;

  /* TRANSLATORS: the heat map's name for a screen reader: "Read, MB/s by file and record size" */
  label = g_strdup_printf (_("%s, MB/s by file and record size"), dmk_iozone_op_title (self->op));
  g_string_append_printf (s, "%s.", label);
  for (guint f = 0; f < self->n_files; f++)
    {
      g_autofree char *file = dmk_format_size (self->files[f]);
      gboolean any = FALSE;

      for (guint r = 0; r < self->n_records; r++)
        {
          g_autofree char *rec = NULL, *v = NULL;

          if (!applies (self, f, r) || isnan (value_at (self, f, r)))
            continue;
          rec = dmk_format_size (self->records[r]);
          v = value_text (value_at (self, f, r));
          if (any)
            /* TRANSLATORS: the next cell of a row read out: ", 8 KiB records 130.20" */
            g_string_append_printf (s, _(", %s records %s"), rec, v);
          else
            /* TRANSLATORS: a row of the heat map read out: " 16 MiB file: 4 KiB records 123.45" */
            g_string_append_printf (s, _(" %s file: %s records %s"), file, rec, v);
          any = TRUE;
          n++;
        }
      if (any)
        g_string_append_c (s, ';');
    }
  if (n == 0)
    g_string_append (s, _(" Nothing measured yet."));
  else
    /* TRANSLATORS: the end of the heat map's text: " Scale: 0 to 1234.56 MB/s." */
    g_string_append_printf (s, _(" Scale: 0 to %s MB/s."), top);
  g_free (self->description);
  self->description = g_string_free (s, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description, -1);
}

void
dmk_iozone_heatmap_update (DmkIozoneHeatmap *self, const DmkIozoneTable *table, DmkIozoneOp op)
{
  g_return_if_fail (DMK_IS_IOZONE_HEATMAP (self));
  g_return_if_fail ((guint) op < DMK_IOZONE_N_OPS);

  g_clear_pointer (&self->files, g_free);
  g_clear_pointer (&self->records, g_free);
  g_clear_pointer (&self->values, g_free);
  self->op = op;
  self->n_files = table != NULL ? table->n_files : 0;
  self->n_records = table != NULL ? table->n_records : 0;
  self->top = 0;
  if (table != NULL)
    {
      gsize n = (gsize) table->n_files * table->n_records;

      self->files = g_memdup2 (table->files, sizeof (guint64) * table->n_files);
      self->records = g_memdup2 (table->records, sizeof (guint32) * table->n_records);
      self->values = g_memdup2 (table->mb_per_s + (gsize) op * n, sizeof (double) * n);
      for (gsize i = 0; i < n; i++)
        if (!isnan (self->values[i]))
          self->top = MAX (self->top, self->values[i]);
    }
  describe (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

char *
dmk_iozone_heatmap_get_cell_text (DmkIozoneHeatmap *self, guint file, guint record)
{
  g_return_val_if_fail (DMK_IS_IOZONE_HEATMAP (self), NULL);
  g_return_val_if_fail (file < self->n_files && record < self->n_records, NULL);
  if (!applies (self, file, record))
    return g_strdup ("—");
  if (isnan (value_at (self, file, record)))
    return g_strdup ("");
  return value_text (value_at (self, file, record));
}

double
dmk_iozone_heatmap_get_scale_top (DmkIozoneHeatmap *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_HEATMAP (self), 0);
  return self->top;
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

static void
draw_cell (DmkIozoneHeatmap *self, cairo_t *cr, const GdkRGBA *fg, guint f, guint r)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double x = LEFT + r * CELL_W, y = TOP + f * CELL_H, v = value_at (self, f, r);
  g_autofree char *text = dmk_iozone_heatmap_get_cell_text (self, f, r);
  GdkRGBA c;

  if (applies (self, f, r) && !isnan (v))
    {
      double t = self->top > 0 ? v / self->top : 0;

      ramp (t, &c);
      gdk_cairo_set_source_rgba (cr, &c);
      cairo_rectangle (cr, x + 1, y + 1, CELL_W - 2, CELL_H - 2);
      cairo_fill (cr);
      /* Dark text on the light end of the scale, light on the dark end. */
      cairo_set_source_rgb (cr, t > 0.6 ? 0 : 1, t > 0.6 ? 0 : 1, t > 0.6 ? 0 : 1);
    }
  else
    {
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.25);
      cairo_set_line_width (cr, 1);
      cairo_rectangle (cr, x + 1.5, y + 1.5, CELL_W - 3, CELL_H - 3);
      cairo_stroke (cr);
      gdk_cairo_set_source_rgba (cr, fg);
    }
  text_at (widget, cr, text, x + CELL_W / 2, y + CELL_H / 2, 0.5);
}

static void
draw_legend (DmkIozoneHeatmap *self, cairo_t *cr, const GdkRGBA *fg)
{
  double y = TOP + self->n_files * CELL_H + 12, x0 = LEFT;
  g_autofree char *top = value_text (self->top);
  /* TRANSLATORS: the heat map's scale, at its right end: "1234.56 MB/s" */
  g_autofree char *right = g_strdup_printf (_("%s MB/s"), top);
  cairo_pattern_t *gradient = cairo_pattern_create_linear (x0, 0, x0 + LEGEND_W, 0);

  for (guint i = 0; i <= 8; i++)
    {
      GdkRGBA c;

      ramp (i / 8.0, &c);
      cairo_pattern_add_color_stop_rgb (gradient, i / 8.0, c.red, c.green, c.blue);
    }
  cairo_set_source (cr, gradient);
  cairo_rectangle (cr, x0, y, LEGEND_W, 12);
  cairo_fill (cr);
  cairo_pattern_destroy (gradient);
  gdk_cairo_set_source_rgba (cr, fg);
  text_at (GTK_WIDGET (self), cr, _("0 MB/s"), x0 - 6, y + 6, 1.0);
  text_at (GTK_WIDGET (self), cr, right, x0 + LEGEND_W + 6, y + 6, 0.0);
}

static void
dmk_iozone_heatmap_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  DmkIozoneHeatmap *self = DMK_IOZONE_HEATMAP (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;
  GdkRGBA fg;

  if (self->n_files == 0 || self->n_records == 0)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_cairo_set_source_rgba (cr, &fg);
  for (guint r = 0; r < self->n_records; r++)
    {
      g_autofree char *rec = dmk_format_size (self->records[r]);
      text_at (widget, cr, rec, LEFT + r * CELL_W + CELL_W / 2, TOP / 2, 0.5);
    }
  for (guint f = 0; f < self->n_files; f++)
    {
      g_autofree char *file = dmk_format_size (self->files[f]);
      gdk_cairo_set_source_rgba (cr, &fg);
      text_at (widget, cr, file, LEFT - 8, TOP + f * CELL_H + CELL_H / 2, 1.0);
      for (guint r = 0; r < self->n_records; r++)
        draw_cell (self, cr, &fg, f, r);
    }
  if (self->top > 0)
    draw_legend (self, cr, &fg);
  cairo_destroy (cr);
}

static void
dmk_iozone_heatmap_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                            int *minimum, int *natural, int *minimum_baseline,
                            int *natural_baseline)
{
  DmkIozoneHeatmap *self = DMK_IOZONE_HEATMAP (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = (int) (LEFT + MAX (self->n_records * CELL_W, LEGEND_W + 110) + 8);
  else
    *minimum = *natural = (int) (TOP + self->n_files * CELL_H + LEGEND);
}

static void
dmk_iozone_heatmap_finalize (GObject *object)
{
  DmkIozoneHeatmap *self = DMK_IOZONE_HEATMAP (object);

  g_free (self->files);
  g_free (self->records);
  g_free (self->values);
  g_free (self->description);
  G_OBJECT_CLASS (dmk_iozone_heatmap_parent_class)->finalize (object);
}

static void
dmk_iozone_heatmap_class_init (DmkIozoneHeatmapClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = dmk_iozone_heatmap_finalize;
  widget_class->snapshot = dmk_iozone_heatmap_snapshot;
  widget_class->measure = dmk_iozone_heatmap_measure;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "iozoneheatmap");
}

static void
dmk_iozone_heatmap_init (DmkIozoneHeatmap *self)
{
  describe (self);
}

GtkWidget *
dmk_iozone_heatmap_new (void)
{
  return g_object_new (DMK_TYPE_IOZONE_HEATMAP, NULL);
}

#ifdef DMK_TESTING

DmkIozoneOp
dmk_iozone_heatmap_get_op (DmkIozoneHeatmap *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_HEATMAP (self), 0);
  return self->op;
}

guint
dmk_iozone_heatmap_get_n_files (DmkIozoneHeatmap *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_HEATMAP (self), 0);
  return self->n_files;
}

guint
dmk_iozone_heatmap_get_n_records (DmkIozoneHeatmap *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_HEATMAP (self), 0);
  return self->n_records;
}

double
dmk_iozone_heatmap_get_value (DmkIozoneHeatmap *self, guint file, guint record)
{
  g_return_val_if_fail (DMK_IS_IOZONE_HEATMAP (self), NAN);
  g_return_val_if_fail (file < self->n_files && record < self->n_records, NAN);
  return value_at (self, file, record);
}

const char *
dmk_iozone_heatmap_get_description (DmkIozoneHeatmap *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_HEATMAP (self), NULL);
  return self->description;
}

#endif
