/* dmk-sheet-file.c: a workbook saved as .ods or .xlsx, whole or not at all. */
#include "config.h"

#include "dmk-output.h"
#include "dmk-sheet-file.h"
#include "dmk-sheet-ods.h"
#include "dmk-sheet-xlsx.h"

gboolean
dmk_sheet_save (DmkSheet *sheet, DmkSheetFormat format, const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  gsize length;
  const void *data;

  g_return_val_if_fail (sheet != NULL && path != NULL, FALSE);
  bytes = format == DMK_SHEET_XLSX ? dmk_sheet_xlsx_bytes (sheet) : dmk_sheet_ods_bytes (sheet);
  data = g_bytes_get_data (bytes, &length);
  /* Written whole or not at all, as a regular file or nothing. */
  return dmk_output_save (path, data, length, error);
}

const char *
dmk_sheet_format_to_string (DmkSheetFormat format)
{
  return format == DMK_SHEET_XLSX ? "xlsx" : "ods";
}

gboolean
dmk_sheet_format_from_path (const char *path, DmkSheetFormat *format)
{
  g_autofree char *lower = path != NULL ? g_ascii_strdown (path, -1) : NULL;

  if (lower != NULL && g_str_has_suffix (lower, ".ods"))
    *format = DMK_SHEET_ODS;
  else if (lower != NULL && g_str_has_suffix (lower, ".xlsx"))
    *format = DMK_SHEET_XLSX;
  else
    return FALSE;
  return TRUE;
}
