/* dmk-share-dialog.h: Share: a result as a card (PNG or SVG), forum text (Markdown, BBCode) or
 * JSON, with nothing private in it unless ticked, the list of what is left out, saved or copied. */
#pragma once

#include <adwaita.h>

#include "dmk-core.h"

G_BEGIN_DECLS

/* The forms, in the order the dialog offers them. */
typedef enum
{
  DMK_SHARE_FORM_CARD_PNG,
  DMK_SHARE_FORM_CARD_SVG,
  DMK_SHARE_FORM_MARKDOWN,
  DMK_SHARE_FORM_BBCODE,
  DMK_SHARE_FORM_JSON,
  DMK_SHARE_N_FORMS,
} DmkShareForm;

#define DMK_TYPE_SHARE_DIALOG (dmk_share_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DmkShareDialog, dmk_share_dialog, DMK, SHARE_DIALOG, AdwWindow)

/* A dialog over parent (may be NULL) sharing result, which it keeps a reference to. */
DmkShareDialog *dmk_share_dialog_new (GtkWindow *parent, DmkResult *result);

DmkShareForm dmk_share_dialog_get_form (DmkShareDialog *self);
void dmk_share_dialog_set_form (DmkShareDialog *self, DmkShareForm form);
/* What is ticked to be included; none at first. */
DmkShareKeep dmk_share_dialog_get_keep (DmkShareDialog *self);
void dmk_share_dialog_set_keep (DmkShareDialog *self, DmkShareKeep keep);
/* The form as it would be shared, to path (written whole or not at all). */
gboolean dmk_share_dialog_save (DmkShareDialog *self, const char *path, GError **error);
/* The form on the clipboard: a card as image/png (SVG also as image/svg+xml), the others as
 * text. */
gboolean dmk_share_dialog_copy (DmkShareDialog *self);
/* What the Left Out list says. */
const char *dmk_share_dialog_get_left_out (DmkShareDialog *self);

G_END_DECLS
