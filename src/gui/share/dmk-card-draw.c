/* dmk-card-draw.c: what both cards draw with: text through pango (so that Japanese and Chinese
 * find their faces, and each string joins the text layer), boxes, and the lines about a result
 * that both cards say. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-card-private.h"

/* ---- drawing primitives ---- */

static void
set_font (DmkCardCtx *c, double px, DmkCardTextFlags flags)
{
  PangoFontDescription *font =
    pango_font_description_from_string (flags & DMK_CARD_NUMBERS ? "DejaVu Sans" : "Sans");

  pango_font_description_set_absolute_size (font, px * PANGO_SCALE);
  pango_font_description_set_weight (font, flags & DMK_CARD_BOLD ? PANGO_WEIGHT_BOLD
                                                                 : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (c->layout, font);
  pango_font_description_free (font);
}

static void
prepare (DmkCardCtx *c, const char *s, double w, double px, DmkCardTextFlags flags,
         PangoAlignment align)
{
  set_font (c, px, flags);
  pango_layout_set_text (c->layout, s, -1);
  if (flags & DMK_CARD_FIT)
    {
      int natural = 0;

      pango_layout_set_width (c->layout, -1);
      pango_layout_get_size (c->layout, &natural, NULL);
      if (natural > w * PANGO_SCALE)
        set_font (c, MAX (px * w * PANGO_SCALE / natural, px * 0.6), flags);
      flags |= DMK_CARD_NO_WRAP;
    }
  pango_layout_set_width (c->layout, (int) (w * PANGO_SCALE));
  pango_layout_set_wrap (c->layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_ellipsize (c->layout, flags & DMK_CARD_NO_WRAP ? PANGO_ELLIPSIZE_END
                                                                  : PANGO_ELLIPSIZE_NONE);
  pango_layout_set_alignment (c->layout, align);
}

double
_dmk_card_text_height (DmkCardCtx *c, const char *s, double w, double px, DmkCardTextFlags flags)
{
  int height = 0;

  if (s == NULL || *s == '\0')
    return 0;
  prepare (c, s, w, px, flags, PANGO_ALIGN_LEFT);
  pango_layout_get_size (c->layout, NULL, &height);
  return (double) height / PANGO_SCALE;
}

double
_dmk_card_text (DmkCardCtx *c, const char *s, double x, double y, double w, double px,
                DmkCardTextFlags flags, PangoAlignment align, const DmkRgb *color)
{
  int height = 0;

  if (s == NULL || *s == '\0')
    return 0;
  prepare (c, s, w, px, flags, align);
  pango_layout_get_size (c->layout, NULL, &height);
  cairo_set_source_rgb (c->cr, color->r, color->g, color->b);
  cairo_move_to (c->cr, x, y);
  pango_cairo_show_layout (c->cr, c->layout);
  g_string_append (c->text, s);
  g_string_append_c (c->text, '\n');
  return (double) height / PANGO_SCALE;
}

void
_dmk_card_box (DmkCardCtx *c, double x, double y, double w, double h, double radius,
               const DmkRgb *color, double alpha)
{
  cairo_t *cr = c->cr;

  if (w <= 0 || h <= 0)
    return;
  radius = MIN (radius, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, color->r, color->g, color->b, alpha);
  cairo_fill (cr);
}

/* ---- the lines both cards share ---- */

/* The interface as people write it. */
static const char *
interface_name (const char *transport)
{
  static const struct
  {
    const char *id, *name;
  } names[] = { { "nvme", "NVMe" }, { "sata", "SATA" }, { "ata", "ATA" },
                { "usb", "USB" },   { "scsi", "SCSI" }, { "sas", "SAS" },
                { "mmc", "MMC/SD" } };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (transport, names[i].id) == 0)
      return names[i].name;
  return transport;
}

char *
_dmk_card_drive_line (DmkResult *r)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  DmkTargetInfo *t = &r->target;

  /* TRANSLATORS: a result card's drive when the result does not name it */
  g_ptr_array_add (parts, g_strdup (t->model != NULL && *t->model != '\0' ? t->model
                                                                           : _("Unknown drive")));
  if (t->size_bytes > 0)
    g_ptr_array_add (parts, g_format_size (t->size_bytes));
  /* The link as negotiated where the run read it ("PCIe 3.0 x2"), else the transport. */
  if (dmk_chain_interface (r->chain) != NULL)
    g_ptr_array_add (parts, g_strdup (dmk_chain_interface (r->chain)));
  else if (t->transport != NULL && *t->transport != '\0')
    g_ptr_array_add (parts, g_strdup (interface_name (t->transport)));
  if (t->rotational)
    /* TRANSLATORS: a result card: the drive spins (a hard disk) */
    g_ptr_array_add (parts, g_strdup (_("rotational")));
  if (t->filesystem != NULL && *t->filesystem != '\0')
    g_ptr_array_add (parts, g_strdup (t->filesystem));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

char *
_dmk_card_settings_line (DmkResult *r)
{
  g_autofree char *size = g_format_size_full (r->settings.size_bytes, G_FORMAT_SIZE_IEC_UNITS);
  g_autofree char *rule = dmk_score_rule_text (&r->settings, TRUE);
  const char *profile = dmk_profile_display_name (r->settings.profile);

  if (r->settings.size_bytes == 0)
    return g_strdup_printf ("%s · %s", profile, rule);
  return g_strdup_printf ("%s · %s · %s", profile, size, rule);
}

char *
_dmk_card_tool_line (DmkResult *r)
{
  /* Ours is "gdiskmark" in the file. */
  const char *name = dmk_result_is_foreign (r) ? r->tool_name : "GDiskMark";

  if (r->tool_version == NULL || *r->tool_version == '\0')
    return g_strdup (name);
  return g_strdup_printf ("%s %s", name, r->tool_version);
}
