/* dmk-text.h: text from elsewhere (a result's path, a drive's model, a file name) made safe to
 * print to a terminal: nothing in it can move the cursor, clear the screen or turn text around. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether c is a character a terminal would act on rather than show: C0 controls (keep_newline:
 * but '\n'), DEL, C1 controls, and the bidirectional marks, embeddings, overrides and isolates
 * (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) that make text read other than it is
 * stored. */
gboolean dmk_text_is_unsafe_char (gunichar c, gboolean keep_newline);

/* text with every such character written out visibly ("\x1b", "\u202e"), and every byte that
 * is not UTF-8 as "\xNN"; the rest as it is. keep_newline keeps '\n' as a line break. */
char *dmk_text_escape_controls (const char *text, gboolean keep_newline);

G_END_DECLS
