/* dmk-sheet-file.h: a workbook (dmk-sheet.h) saved as a spreadsheet file: .ods or .xlsx. */
#pragma once

#include <glib.h>

#include "dmk-sheet.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_SHEET_ODS,
  DMK_SHEET_XLSX,
} DmkSheetFormat;

/* The workbook as a file in format, written whole or not at all (dmk_output_save ()). */
gboolean dmk_sheet_save (DmkSheet *sheet, DmkSheetFormat format, const char *path, GError **error);
/* "ods", "xlsx"; and the format a file name's extension names (case aside). */
const char *dmk_sheet_format_to_string (DmkSheetFormat format);
gboolean dmk_sheet_format_from_path (const char *path, DmkSheetFormat *format);

G_END_DECLS
