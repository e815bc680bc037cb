/* dmk-sheet.c: the workbook of the one spreadsheet writer (see the header); its formats are in
 * dmk-sheet-ods.c and dmk-sheet-xlsx.c, its saving in dmk-sheet-file.c. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dmk-sheet.h"

struct _DmkSheet
{
  GPtrArray *tables; /* DmkSheetTable * */
};

static void
cell_clear (gpointer p)
{
  g_free (((DmkCell *) p)->text);
}

static GArray *
row_new (void)
{
  GArray *row = g_array_new (FALSE, FALSE, sizeof (DmkCell));

  g_array_set_clear_func (row, cell_clear);
  return row;
}

static void
table_free (gpointer p)
{
  DmkSheetTable *t = p;

  g_free (t->name);
  g_ptr_array_unref (t->rows);
  g_free (t);
}

DmkSheet *
dmk_sheet_new (void)
{
  DmkSheet *sheet = g_new0 (DmkSheet, 1);

  sheet->tables = g_ptr_array_new_with_free_func (table_free);
  return sheet;
}

void
dmk_sheet_free (DmkSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_ptr_array_unref (sheet->tables);
  g_free (sheet);
}

void
dmk_sheet_add_table (DmkSheet *sheet, const char *name)
{
  DmkSheetTable *t = g_new0 (DmkSheetTable, 1);
  GString *safe = g_string_new (NULL);

  g_return_if_fail (sheet != NULL && name != NULL);
  /* Excel refuses a sheet name over 31 characters or with any of these. */
  for (const char *p = name; *p && g_utf8_strlen (safe->str, -1) < 31; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      g_string_append_unichar (safe, strchr ("[]:*?/\\", (int) c) != NULL || c < 0x20 ? '_' : c);
    }
  t->name = g_string_free (safe, FALSE);
  t->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_ptr_array_add (t->rows, row_new ());
  g_ptr_array_add (sheet->tables, t);
}

gboolean
dmk_sheet_has_table (DmkSheet *sheet)
{
  return sheet->tables->len > 0;
}

static GArray *
current_row (DmkSheet *sheet)
{
  DmkSheetTable *t;

  if (sheet->tables->len == 0)
    dmk_sheet_add_table (sheet, "Sheet1");
  t = g_ptr_array_index (sheet->tables, sheet->tables->len - 1);
  return g_ptr_array_index (t->rows, t->rows->len - 1);
}

void
dmk_sheet_text (DmkSheet *sheet, const char *text)
{
  DmkCell cell = { DMK_CELL_TEXT, 0, g_strdup (text) };

  g_return_if_fail (sheet != NULL);
  if (text == NULL || *text == '\0')
    cell.kind = DMK_CELL_EMPTY;
  g_array_append_val (current_row (sheet), cell);
}

void
dmk_sheet_number (DmkSheet *sheet, double value)
{
  DmkCell cell = { isfinite (value) ? DMK_CELL_NUMBER : DMK_CELL_EMPTY, value, NULL };

  g_return_if_fail (sheet != NULL);
  g_array_append_val (current_row (sheet), cell);
}

void
dmk_sheet_empty (DmkSheet *sheet)
{
  DmkCell cell = { DMK_CELL_EMPTY, 0, NULL };

  g_return_if_fail (sheet != NULL);
  g_array_append_val (current_row (sheet), cell);
}

void
dmk_sheet_end_row (DmkSheet *sheet)
{
  DmkSheetTable *t;

  g_return_if_fail (sheet != NULL);
  current_row (sheet);
  t = g_ptr_array_index (sheet->tables, sheet->tables->len - 1);
  g_ptr_array_add (t->rows, row_new ());
}

GPtrArray *
dmk_sheet_tables (DmkSheet *sheet)
{
  return sheet->tables;
}

char *
dmk_sheet_xml_text (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *fit = g_string_new (NULL);

  /* XML 1.0 holds no control character but tab, line feed and carriage return, not even as
   * &#x1;: such a character becomes U+FFFD, and the rest is escaped. */
  for (const char *p = valid; *p; p++)
    {
      guchar c = (guchar) *p;
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
        g_string_append (fit, "\xef\xbf\xbd");
      else
        g_string_append_c (fit, *p);
    }
  {
    char *escaped = g_markup_escape_text (fit->str, -1);
    g_string_free (fit, TRUE);
    return escaped;
  }
}

const char *
dmk_sheet_xml_number (char *buf, double value)
{
  /* The shortest text that reads back as the same double: every digit there is. */
  return g_ascii_dtostr (buf, G_ASCII_DTOSTR_BUF_SIZE, value);
}
