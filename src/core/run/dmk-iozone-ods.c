/* dmk-iozone-ods.c: the iozone sweep's table as an OpenDocument spreadsheet (.ods), through the one
 * spreadsheet writer (dmk-sheet.h): one table per operation laid out as iozone's -R report. */
#include "config.h"

#include "dmk-iozone.h"
#include "dmk-sheet-file.h"

static void
add_table (DmkSheet *sheet, DmkIozoneTable *t, DmkIozoneOp op)
{
  /* Sheet names as the .xlsx's: the operation's name; the -R layout below it. */
  dmk_sheet_add_table (sheet, dmk_iozone_op_name (op));
  dmk_sheet_text (sheet, dmk_iozone_op_report (op));
  dmk_sheet_end_row (sheet);
  dmk_sheet_text (sheet, "KiB / MB/s");
  for (guint r = 0; r < t->n_records; r++)
    dmk_sheet_number (sheet, t->records[r] / 1024.0);
  dmk_sheet_end_row (sheet);
  for (guint f = 0; f < t->n_files; f++)
    {
      dmk_sheet_number (sheet, (double) (t->files[f] / 1024));
      /* A cell not measured (NAN) is an empty cell. */
      for (guint r = 0; r < t->n_records; r++)
        dmk_sheet_number (sheet, *dmk_iozone_table_cell (t, op, f, r));
      dmk_sheet_end_row (sheet);
    }
}

gboolean
dmk_iozone_table_save_ods (DmkIozoneTable *table, const char *path, GError **error)
{
  g_autoptr (DmkSheet) sheet = dmk_sheet_new ();

  g_return_val_if_fail (table != NULL && path != NULL, FALSE);
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    if ((table->mask & (1u << op)) != 0)
      add_table (sheet, table, op);
  return dmk_sheet_save (sheet, DMK_SHEET_ODS, path, error);
}
