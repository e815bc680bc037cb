/* dmk-card-private.h: what the card's files share: the drawing context, its palette and the
 * primitives (text with pango, boxes), and each card's drawing function. */
#pragma once

#include <pango/pangocairo.h>

#include "dmk-card.h"

G_BEGIN_DECLS

typedef struct
{
  double r, g, b;
} DmkRgb;

typedef struct
{
  DmkRgb bg, panel, border, text, dim, label_bg, label_text, meter, whisker, warn, better, worse;
} DmkCardPalette;

typedef struct
{
  cairo_t *cr;
  PangoLayout *layout;
  const DmkCardPalette *pal;
  double width;  /* the design's width, before scaling */
  GString *text; /* the text layer: every string drawn, one a line */
} DmkCardCtx;

typedef enum
{
  DMK_CARD_REGULAR = 0,
  DMK_CARD_BOLD = 1 << 0,
  DMK_CARD_NUMBERS = 1 << 1, /* digits in a Latin face, whatever the language */
  DMK_CARD_NO_WRAP = 1 << 2, /* one line, ellipsized at the end */
  DMK_CARD_FIT = 1 << 3,     /* one line, smaller (down to 60%) where it would not fit */
} DmkCardTextFlags;

/* Draws s in a box of width w at (x, y), px pixels high; returns the height it took. */
double _dmk_card_text (DmkCardCtx *c, const char *s, double x, double y, double w, double px,
                       DmkCardTextFlags flags, PangoAlignment align, const DmkRgb *color);
/* The height s would take, without drawing it or adding it to the text layer. */
double _dmk_card_text_height (DmkCardCtx *c, const char *s, double w, double px,
                              DmkCardTextFlags flags);
void _dmk_card_box (DmkCardCtx *c, double x, double y, double w, double h, double radius,
                    const DmkRgb *color, double alpha);

/* The header both cards share for a result: "Samsung SSD 980 · 1.0 TB · NVMe · ext4". */
char *_dmk_card_drive_line (DmkResult *r);
/* "Default (CrystalDiskMark 8) · 1.0 GiB · best of 5 passes after a 5 s warm-up". */
char *_dmk_card_settings_line (DmkResult *r);
/* "GDiskMark 0.9": the tool that measured r. */
char *_dmk_card_tool_line (DmkResult *r);

/* Each card draws itself at the top of c and returns its height; width is its design width. */
double _dmk_card_result_width (DmkResult *r);
double _dmk_card_draw_result (DmkCardCtx *c, DmkResult *r);
double _dmk_card_comparison_width (DmkComparison *cmp);
double _dmk_card_draw_comparison (DmkCardCtx *c, DmkComparison *cmp);

G_END_DECLS
