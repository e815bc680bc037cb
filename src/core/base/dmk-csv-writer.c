/* dmk-csv-writer.c: the one CSV dialect GDiskMark writes (see the header). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dmk-csv-writer.h"
#include "dmk-text.h"
#include "dmk-units.h"

void
dmk_csv_init (DmkCsv *csv, GString *out)
{
  csv->out = out;
  csv->in_row = FALSE;
  csv->sheet = NULL;
}

void
dmk_csv_init_sheet (DmkCsv *csv, DmkSheet *sheet)
{
  csv->out = NULL;
  csv->in_row = FALSE;
  csv->sheet = sheet;
}

static void
separate (DmkCsv *csv)
{
  if (csv->in_row)
    g_string_append_c (csv->out, ',');
  csv->in_row = TRUE;
}

void
dmk_csv_header (DmkCsv *csv, const char *const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    dmk_csv_text (csv, names[i]);
  dmk_csv_end_row (csv);
}

void
dmk_csv_text (DmkCsv *csv, const char *text)
{
  g_autofree char *safe = NULL;
  gboolean formula;

  if (csv->sheet != NULL)
    {
      /* A typed text cell: no spreadsheet takes it for a formula. */
      dmk_sheet_text (csv->sheet, text);
      return;
    }
  separate (csv);
  if (text == NULL || *text == '\0')
    return;
  /* What a spreadsheet would take for a formula (=HYPERLINK(…), +, -, @, or a tab or carriage
   * return before one) is text with a ' in front, as OWASP advises for CSV injection. */
  formula = strchr ("=+-@\t\r", text[0]) != NULL;
  safe = dmk_text_escape_controls (text, FALSE);
  if (!formula && strpbrk (safe, ",\"\n\r") == NULL)
    {
      g_string_append (csv->out, safe);
      return;
    }
  g_string_append_c (csv->out, '"');
  if (formula)
    g_string_append_c (csv->out, '\'');
  for (const char *p = safe; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (csv->out, '"');
      g_string_append_c (csv->out, *p);
    }
  g_string_append_c (csv->out, '"');
}

void
dmk_csv_number (DmkCsv *csv, double value, guint decimals)
{
  if (csv->sheet != NULL)
    {
      dmk_sheet_number (csv->sheet, value);
      return;
    }
  separate (csv);
  if (isfinite (value))
    dmk_append_number (csv->out, value, decimals);
}

void
dmk_csv_uint (DmkCsv *csv, guint64 value)
{
  if (csv->sheet != NULL)
    {
      dmk_sheet_number (csv->sheet, (double) value);
      return;
    }
  separate (csv);
  g_string_append_printf (csv->out, "%" G_GUINT64_FORMAT, value);
}

void
dmk_csv_empty (DmkCsv *csv)
{
  if (csv->sheet != NULL)
    {
      dmk_sheet_empty (csv->sheet);
      return;
    }
  separate (csv);
}

void
dmk_csv_plain (DmkCsv *csv, const char *formatted)
{
  if (csv->sheet != NULL)
    {
      dmk_sheet_text (csv->sheet, formatted);
      return;
    }
  separate (csv);
  g_string_append (csv->out, formatted);
}

void
dmk_csv_value (DmkCsv *csv, double exact, const char *formatted)
{
  if (csv->sheet != NULL)
    {
      dmk_sheet_number (csv->sheet, exact);
      return;
    }
  separate (csv);
  if (formatted != NULL)
    g_string_append (csv->out, formatted);
}

void
dmk_csv_end_row (DmkCsv *csv)
{
  if (csv->sheet != NULL)
    {
      dmk_sheet_end_row (csv->sheet);
      return;
    }
  g_string_append (csv->out, "\r\n");
  csv->in_row = FALSE;
}
