/* dmk-card.c: a card as PNG, SVG, texture or its text layer: the drawing context (pango for every
 * string, so that Japanese and Chinese find their faces), the palettes and the lines both cards
 * share. */
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>

#include "dmk-card-private.h"

struct _DmkCard
{
  DmkResult *result;  /* a result card */
  DmkComparison *cmp; /* or a comparison card */
};

/* CrystalDiskMark's look: light cells, green test buttons, a blue meter; and its dark theme. */
static const DmkCardPalette light = {
  .bg = { 0.937, 0.937, 0.937 },      .panel = { 1, 1, 1 },
  .border = { 0.70, 0.70, 0.70 },     .text = { 0.08, 0.08, 0.08 },
  .dim = { 0.36, 0.36, 0.36 },        .label_bg = { 0.16, 0.54, 0.27 },
  .label_text = { 1, 1, 1 },          .meter = { 0.21, 0.52, 0.89 },
  .whisker = { 0.05, 0.20, 0.45 },    .warn = { 0.61, 0.33, 0.0 },
  .better = { 0.11, 0.47, 0.18 },     .worse = { 0.75, 0.11, 0.16 },
};
static const DmkCardPalette dark = {
  .bg = { 0.14, 0.14, 0.14 },         .panel = { 0.21, 0.21, 0.21 },
  .border = { 0.36, 0.36, 0.36 },     .text = { 0.96, 0.96, 0.96 },
  .dim = { 0.70, 0.70, 0.70 },        .label_bg = { 0.15, 0.45, 0.24 },
  .label_text = { 1, 1, 1 },          .meter = { 0.24, 0.50, 0.82 },
  .whisker = { 0.75, 0.87, 1.0 },     .warn = { 0.97, 0.76, 0.35 },
  .better = { 0.56, 0.89, 0.55 },     .worse = { 1.0, 0.52, 0.52 },
};

DmkCard *
dmk_card_new_for_result (DmkResult *result)
{
  DmkCard *card;

  g_return_val_if_fail (result != NULL, NULL);
  card = g_new0 (DmkCard, 1);
  card->result = dmk_result_ref (result);
  return card;
}

DmkCard *
dmk_card_new_for_comparison (GPtrArray *results, DmkUnit unit, guint baseline)
{
  DmkCard *card;

  g_return_val_if_fail (results != NULL && results->len > 0, NULL);
  card = g_new0 (DmkCard, 1);
  card->cmp = dmk_comparison_new (results, unit, baseline);
  return card;
}

void
dmk_card_free (DmkCard *card)
{
  if (card == NULL)
    return;
  g_clear_pointer (&card->result, dmk_result_unref);
  g_clear_pointer (&card->cmp, dmk_comparison_free);
  g_free (card);
}

DmkCardFormat
dmk_card_format_for_path (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path != NULL ? path : "", -1);

  return g_str_has_suffix (lower, ".svg") ? DMK_CARD_SVG : DMK_CARD_PNG;
}

/* ---- rendering ---- */

static double
design_width (DmkCard *card)
{
  return card->cmp != NULL ? _dmk_card_comparison_width (card->cmp)
                           : _dmk_card_result_width (card->result);
}

/* Draws the card on cr, scaled by scale; returns its height in design units. */
static double
draw (DmkCard *card, cairo_t *cr, const DmkCardOptions *options, double scale, GString *text,
      gboolean background)
{
  DmkCardCtx c = { cr, NULL, options->dark ? &dark : &light, design_width (card), text };
  cairo_font_options_t *fo = cairo_font_options_create ();
  double height;

  cairo_scale (cr, scale, scale);
  if (background)
    {
      cairo_set_source_rgb (cr, c.pal->bg.r, c.pal->bg.g, c.pal->bg.b);
      cairo_paint (cr);
    }
  c.layout = pango_cairo_create_layout (cr);
  /* The same glyph shapes at every size and in PNG and SVG alike: no hinting. */
  cairo_font_options_set_antialias (fo, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (pango_layout_get_context (c.layout), fo);
  pango_layout_context_changed (c.layout);
  cairo_font_options_destroy (fo);
  height = card->cmp != NULL ? _dmk_card_draw_comparison (&c, card->cmp)
                             : _dmk_card_draw_result (&c, card->result);
  g_object_unref (c.layout);
  return height;
}

static void
measure (DmkCard *card, const DmkCardOptions *options, double *scale, int *width, int *height,
         GString *text)
{
  double design = design_width (card);
  int w = options->width > 0 ? CLAMP (options->width, DMK_CARD_MIN_WIDTH, DMK_CARD_MAX_WIDTH)
                             : (int) design;
  cairo_surface_t *rec = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (rec);
  double h;

  *scale = w / design;
  h = draw (card, cr, options, *scale, text, FALSE);
  cairo_destroy (cr);
  cairo_surface_destroy (rec);
  *width = w;
  *height = (int) ceil (h * *scale);
}

void
dmk_card_get_size (DmkCard *card, const DmkCardOptions *options, int *width, int *height)
{
  g_autoptr (GString) text = g_string_new (NULL);
  double scale;
  int w, h;

  g_return_if_fail (card != NULL && options != NULL);
  measure (card, options, &scale, &w, &h, text);
  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
}

char *
dmk_card_get_text (DmkCard *card, const DmkCardOptions *options)
{
  GString *text = g_string_new (NULL);
  double scale;
  int w, h;

  g_return_val_if_fail (card != NULL && options != NULL, NULL);
  measure (card, options, &scale, &w, &h, text);
  return g_string_free (text, FALSE);
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
dmk_card_render (DmkCard *card, const DmkCardOptions *options, DmkCardFormat format,
                 GError **error)
{
  g_autoptr (GString) text = g_string_new (NULL);
  GByteArray *bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double scale;
  int w, h;

  g_return_val_if_fail (card != NULL && options != NULL, NULL);
  measure (card, options, &scale, &w, &h, text);
  if (format == DMK_CARD_SVG)
    surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, w, h);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  g_string_truncate (text, 0);
  draw (card, cr, options, scale, text, TRUE);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && format == DMK_CARD_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_byte_array_unref (bytes);
      /* TRANSLATORS: %s is cairo's reason, in English ("out of memory") */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not draw the picture: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (bytes);
}

gboolean
dmk_card_save (DmkCard *card, const DmkCardOptions *options, DmkCardFormat format,
               const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  gsize size = 0;
  const void *data;

  g_return_val_if_fail (card != NULL && options != NULL && path != NULL, FALSE);
  bytes = dmk_card_render (card, options, format, error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  return dmk_output_save (path, data, size, error);
}

GdkTexture *
dmk_card_to_texture (DmkCard *card, const DmkCardOptions *options, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (card != NULL && options != NULL, NULL);
  bytes = dmk_card_render (card, options, DMK_CARD_PNG, error);
  if (bytes == NULL)
    return NULL;
  return gdk_texture_new_from_bytes (bytes, error);
}
