/* dmk-output.h: every file GDiskMark writes for the user (a result, a report, a table, a
 * workbook) is a regular file, written whole or not at all: never a device node, a FIFO, a
 * socket or a folder at that name, never through a symbolic link, and every failure to write
 * (a full disk) is reported, with the old file left as it was. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether path may be written: nothing is there yet, or a regular file is (which is replaced).
 * Anything else is refused with a sentence that says what it is and what to give instead. */
gboolean dmk_output_check (const char *path, GError **error);

/* Writes len bytes of data to path (dmk_output_check's rule): into a new file beside it, synced,
 * then put in its place at once; an old file keeps its permissions. On failure nothing at path
 * has changed and no temporary file is left. */
gboolean dmk_output_save (const char *path, const void *data, gsize len, GError **error);

/* For writers that make the file themselves (a workbook library): a new, empty file beside path
 * to write to, its name returned; then dmk_output_commit (which checks path again) or
 * dmk_output_abandon. */
char *dmk_output_begin (const char *path, GError **error);
gboolean dmk_output_commit (const char *tmp, const char *path, GError **error);
void dmk_output_abandon (const char *tmp);

G_END_DECLS
