/* dmk-zip.h: a ZIP archive of stored (uncompressed) members, built in memory: what an
 * OpenDocument spreadsheet and an Office Open XML workbook are made of. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _DmkZip DmkZip;

DmkZip *dmk_zip_new (void);
/* Adds a member: its name in the archive and its bytes, in the order added. */
void dmk_zip_add (DmkZip *zip, const char *name, const void *data, gsize length);
/* The whole archive (the central directory after the members); zip is freed. */
GBytes *dmk_zip_finish (DmkZip *zip);

G_END_DECLS
