/* dmk-import-private.h: what the importers of other tools' results share (interop/ only). */
#pragma once

#include "dmk-import.h"

G_BEGIN_DECLS

/* "“cdm.txt” cannot be compared: what"; always FALSE. */
gboolean _dmk_import_fail (GError **error, const char *name, const char *what);
/* A number a tool printed: finite, not negative and below max. */
gboolean _dmk_import_number (const char *text, double max, double *out);
/* The date in ISO 8601 with this machine's offset: the tools write local time without one. */
char *_dmk_import_local_date (int y, int mo, int d, int h, int mi, int s);
/* Adds a test; a second one for the same test replaces the first. iops 0: from the rate;
 * lat_us 0: not measured. */
void _dmk_import_add_test (DmkResult *r, const DmkTestSpec *spec, DmkDirection dir, double mb,
                           double iops, double lat_us);
/* Adds a test after any others of the same test (fio's jobs, each its own name). */
DmkTestResult *_dmk_import_append_test (DmkResult *r, const DmkTestSpec *spec, DmkDirection dir,
                                        double mb, double iops, double lat_us);

G_END_DECLS
