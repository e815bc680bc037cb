/* dmk-card.h: the pictures people post: a result card (CrystalDiskMark's grid with the drive, the
 * rule and the spread) and a comparison card (two to four results side by side), as PNG or SVG. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_CARD_PNG,
  DMK_CARD_SVG,
} DmkCardFormat;

/* A card's natural width in pixels: everything is laid out for it and scaled to the width asked. */
#define DMK_CARD_WIDTH 600
#define DMK_CARD_MIN_WIDTH 300
#define DMK_CARD_MAX_WIDTH 4000

typedef struct
{
  gboolean dark;
  int width; /* pixels; 0: the card's natural width */
} DmkCardOptions;

typedef struct _DmkCard DmkCard;

/* A card of result, which the caller has already made fit to share (nothing private left in it):
 * the card draws every fact it is given. The card keeps a reference. */
DmkCard *dmk_card_new_for_result (DmkResult *result);
/* A card of the comparison of results (2 to 4) in unit against the baseline column, ranked by
 * the core's comparison (dmk_comparison_best_column ()). */
DmkCard *dmk_card_new_for_comparison (GPtrArray *results, DmkUnit unit, guint baseline);
void dmk_card_free (DmkCard *card);

/* The picture's bytes in format. */
GBytes *dmk_card_render (DmkCard *card, const DmkCardOptions *options, DmkCardFormat format,
                         GError **error);
/* Written whole or not at all (dmk_output_save ()). */
gboolean dmk_card_save (DmkCard *card, const DmkCardOptions *options, DmkCardFormat format,
                        const char *path, GError **error);
/* The PNG as a texture, for the clipboard and a preview. */
GdkTexture *dmk_card_to_texture (DmkCard *card, const DmkCardOptions *options, GError **error);
/* Every string the card draws, one a line, in drawing order: its text layer (the SVG carries
 * glyph outlines, not text). */
char *dmk_card_get_text (DmkCard *card, const DmkCardOptions *options);
/* The size in pixels the card takes at options' width. */
void dmk_card_get_size (DmkCard *card, const DmkCardOptions *options, int *width, int *height);

/* The format a file name asks for: ".svg" is SVG, anything else PNG. */
DmkCardFormat dmk_card_format_for_path (const char *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkCard, dmk_card_free)

G_END_DECLS
