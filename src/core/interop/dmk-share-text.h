/* dmk-share-text.h: a shared result, or two to four side by side, as forum text: a Markdown table
 * (GitHub, Reddit) or a BBCode one (most forums), with the facts the result card shows. */
#pragma once

#include <glib.h>

#include "dmk-result.h"
#include "dmk-share.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_SHARE_MARKDOWN,
  DMK_SHARE_BBCODE,
} DmkShareMarkup;

/* "markdown" (also "md"), "bbcode": --format's words. */
gboolean dmk_share_markup_from_string (const char *s, DmkShareMarkup *out);

/* The drive (model, capacity, interface where known), filesystem, profile and the score's rule,
 * test size, date, GDiskMark's version, comment and warnings; then a table of each test's score
 * in MB/s and IOPS, read, write and mix, with the precision the window shows and the units
 * stated. shared is a result that went through dmk_share_redact (): this prints what it is
 * given. Labels are translated. */
char *dmk_share_result_text (const DmkResult *shared, DmkShareMarkup markup);

/* Two to four shared results: each one's facts, then one table of every test with a column per
 * result, its MB/s, a ★ on the best of the row and the change against the first in percent, as
 * the comparison window shows them. */
char *dmk_share_compare_text (DmkResult *const *shared, guint n, DmkShareMarkup markup);

G_END_DECLS
