/* dmk-iozone-xlsx.c: the iozone sweep's table as an .xlsx workbook (libxlsxwriter, optional),
 * one sheet per operation laid out as iozone's -R report, each with a chart. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dmk-error.h"
#include "dmk-output.h"
#include "dmk-iozone.h"

#if HAVE_XLSXWRITER
#include <xlsxwriter.h>

/* MB/s by record size, one line per file size: the chart people draw from iozone's sheet. */
static void
add_chart (lxw_workbook *wb, lxw_worksheet *ws, const char *sheet, DmkIozoneTable *t,
           const char *title)
{
  lxw_chart *chart = workbook_add_chart (wb, LXW_CHART_LINE);

  for (guint f = 0; f < t->n_files; f++)
    {
      lxw_chart_series *series = chart_add_series (chart, NULL, NULL);
      chart_series_set_categories (series, sheet, 1, 1, 1, (lxw_col_t) t->n_records);
      chart_series_set_values (series, sheet, (lxw_row_t) (2 + f), 1, (lxw_row_t) (2 + f),
                               (lxw_col_t) t->n_records);
      chart_series_set_name_range (series, sheet, (lxw_row_t) (2 + f), 0);
    }
  chart_title_set_name (chart, title);
  chart_axis_set_name (chart->x_axis, "Record size (KiB)");
  chart_axis_set_name (chart->y_axis, "MB/s (1,000,000 bytes/s)");
  worksheet_insert_chart (ws, (lxw_row_t) (t->n_files + 4), 1, chart);
}

static void
add_sheet (lxw_workbook *wb, DmkIozoneTable *t, DmkIozoneOp op)
{
  const char *name = dmk_iozone_op_name (op);
  lxw_worksheet *ws = workbook_add_worksheet (wb, name);

  /* iozone -R: the heading, record sizes across row 2, file sizes down column A (both in KiB). */
  worksheet_write_string (ws, 0, 0, dmk_iozone_op_report (op), NULL);
  worksheet_write_string (ws, 1, 0, "KiB / MB/s", NULL);
  for (guint r = 0; r < t->n_records; r++)
    worksheet_write_number (ws, 1, (lxw_col_t) (1 + r), t->records[r] / 1024.0, NULL);
  for (guint f = 0; f < t->n_files; f++)
    {
      worksheet_write_number (ws, (lxw_row_t) (2 + f), 0, (double) (t->files[f] / 1024), NULL);
      for (guint r = 0; r < t->n_records; r++)
        {
          double v = *dmk_iozone_table_cell (t, op, f, r);
          if (!isnan (v))
            worksheet_write_number (ws, (lxw_row_t) (2 + f), (lxw_col_t) (1 + r), v, NULL);
        }
    }
  add_chart (wb, ws, name, t, dmk_iozone_op_report (op));
}

gboolean
dmk_iozone_table_save_xlsx (DmkIozoneTable *table, const char *path, GError **error)
{
  g_autofree char *tmp = NULL;
  lxw_workbook *wb;
  lxw_error err;

  g_return_val_if_fail (table != NULL && path != NULL, FALSE);
  /* Written beside path and put in its place whole: path is a regular file or nothing. */
  tmp = dmk_output_begin (path, error);
  if (tmp == NULL)
    return FALSE;
  wb = workbook_new (tmp);
  if (wb == NULL)
    {
      dmk_output_abandon (tmp);
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not create the workbook “%s”"), path);
      return FALSE;
    }
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    if ((table->mask & (1u << op)) != 0)
      add_sheet (wb, table, op);
  err = workbook_close (wb);
  if (err != LXW_NO_ERROR)
    {
      dmk_output_abandon (tmp);
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not write the workbook “%s”: %s"),
                   path, lxw_strerror (err));
      return FALSE;
    }
  return dmk_output_commit (tmp, path, error);
}

#else

gboolean
dmk_iozone_table_save_xlsx (DmkIozoneTable *table, const char *path, GError **error)
{
  g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
               _("This build has no .xlsx support (libxlsxwriter): write CSV instead"));
  return FALSE;
}

#endif
