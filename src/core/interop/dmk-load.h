/* dmk-load.h: opening any saved result by name, ours or another tool's. */
#pragma once

#include "dmk-result.h"

G_BEGIN_DECLS

/* GDiskMark's JSON, CrystalDiskMark's or KDiskMark's text, or fio's JSON. Every error is one
 * sentence naming the file by its base name: DMK_ERROR_IO when it cannot be read, DMK_ERROR_PARSE
 * when it is not a result this version can open. Only regular files of a sane size are read. */
DmkResult *dmk_result_load (const char *filename, GError **error);
/* Every result of the file: one, or one per host for fio --client's output (the comparison
 * shows each host as its own column). NULL with error set as above. */
GPtrArray *dmk_result_load_all (const char *filename, GError **error);

G_END_DECLS
