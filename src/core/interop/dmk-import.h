/* dmk-import.h: other tools' saved results (CrystalDiskMark and KDiskMark text, fio JSON), and
 * GDiskMark's own text and CSV, as GDiskMark results for the comparison; dmk_result_load()
 * recognises them. */
#pragma once

#include <json-glib/json-glib.h>

#include "dmk-result.h"

G_BEGIN_DECLS

/* The name a comparison column gives another tool's result ("CrystalDiskMark 8.0.4 x64",
 * "KDiskMark 3.1.4 (…converted…)"), kept in *owned; NULL for GDiskMark's own, but for one read
 * from its CSV (no version: the file tells none, nor drive, date or settings). */
const char *dmk_result_tool_label (DmkResult *result, char **owned);

/* For dmk-result-load.c. */
gboolean _dmk_import_is_text (const char *data, gsize length);
gboolean _dmk_import_is_utf16_text (const char *data, gsize length);
/* Result lines of CrystalDiskMark or KDiskMark without the first line that names the tool. */
gboolean _dmk_import_is_headless_text (const char *data, gsize length);
DmkResult *_dmk_import_text (const char *data, gsize length, const char *name, GError **error);
DmkResult *_dmk_import_fio_json (JsonObject *root, const char *name, GError **error);
/* The same, one result per host for fio --client's output ("client_stats"). */
GPtrArray *_dmk_import_fio_json_all (JsonObject *root, const char *name, GError **error);
/* Where fio's JSON object is in data when fio wrote text around it (its "note: …" lines before,
 * --output-format=json,normal's report around): FALSE when there is none; *span 0 when it
 * starts but does not close (cut short). */
gboolean _dmk_import_fio_json_span (const char *data, gsize length, gsize *start, gsize *span);

G_END_DECLS
