/* dmk-iozone-text.c: the iozone sweep's table written as text: GDiskMark's own, CSV, JSON, and
 * what iozone -a -R prints, for the scripts that read iozone's output. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "dmk-csv-writer.h"
#include "dmk-iozone.h"

/* iozone -a -E's table: write to repread. */
#define N_COLUMNS 17

/* iozone's kilobyte is 1024 bytes and its rates are whole KB/s (iozone casts; we round). */
static gint64
kb_per_s (double mb_per_s)
{
  return (gint64) llround (mb_per_s * 1e6 / 1024.0);
}

static gboolean
has_op (const DmkIozoneTable *table, guint op)
{
  return (table->mask & (1u << op)) != 0;
}

/* The records a row of file f has: iozone -a never runs a record larger than its file. */
static guint
records_of (const DmkIozoneTable *table, guint f)
{
  guint n = 0;

  while (n < table->n_records && table->records[n] <= table->files[f])
    n++;
  return n;
}

char *
dmk_iozone_table_to_text (DmkIozoneTable *table)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (table != NULL, NULL);
  g_string_append (s, _("GDiskMark iozone sweep (as iozone -a runs it), GDiskMark’s own layout, "
                        "not iozone’s output (--format=iozone writes that): one table per "
                        "operation, rows file size in KiB, columns record size in KiB, values "
                        "MB/s (1 MB/s = 1,000,000 bytes/s); - where the record is larger than "
                        "the file."));
  g_string_append_c (s, '\n');
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    {
      if (!has_op (table, op))
        continue;
      g_string_append_printf (s, "\n%s (%s)\n%10s", dmk_iozone_op_name (op),
                              dmk_iozone_op_report (op), "KiB");
      for (guint r = 0; r < table->n_records; r++)
        g_string_append_printf (s, " %10u", table->records[r] / 1024);
      g_string_append_c (s, '\n');
      for (guint f = 0; f < table->n_files; f++)
        {
          g_string_append_printf (s, "%10" G_GUINT64_FORMAT, table->files[f] / 1024);
          for (guint r = 0; r < table->n_records; r++)
            {
              double v = *dmk_iozone_table_cell (table, op, f, r);
              if (isnan (v))
                g_string_append_printf (s, " %10s", "-");
              else
                g_string_append_printf (s, " %10.1f", v);
            }
          g_string_append_c (s, '\n');
        }
    }
  return g_string_free (s, FALSE);
}

/* iozone -a's own table: KB and reclen, then a column per operation in iozone's order up to the
 * last one run (iozone's fwrite and fread columns are 0: GDiskMark runs neither; the pwrite and
 * pread ones are where iozone -E puts them). A column not run is 0, not blank as iozone leaves it, so that a reader that
 * counts columns (gengnuplot.sh) finds each operation in its place. */
static void
append_auto_table (GString *s, DmkIozoneTable *table)
{
  static const char *const heads[2][N_COLUMNS] = {
    { "", "", "", "", "random", "random", "bkwd", "record", "stride" },
    { "write", "rewrite", "read", "reread", "read", "write", "read", "rewrite", "read", "fwrite",
      "frewrite", "fread", "freread", "pwrite", "repwrite", "pread", "repread" },
  };
  guint n_columns = 0;
  int at[N_COLUMNS];

  for (guint c = 0; c < G_N_ELEMENTS (at); c++)
    at[c] = -1;
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    if (has_op (table, op) && dmk_iozone_op_column (op) < G_N_ELEMENTS (at))
      {
        at[dmk_iozone_op_column (op)] = (int) op;
        n_columns = MAX (n_columns, dmk_iozone_op_column (op) + 1);
      }
  for (guint h = 0; h < 2; h++)
    {
      g_string_append_printf (s, "%16s%8s", h == 0 ? "" : "KB", h == 0 ? "" : "reclen");
      for (guint c = 0; c < n_columns; c++)
        g_string_append_printf (s, " %9s", heads[h][c] != NULL ? heads[h][c] : "");
      g_string_append_c (s, '\n');
    }
  for (guint f = 0; f < table->n_files; f++)
    for (guint r = 0; r < records_of (table, f); r++)
      {
        g_string_append_printf (s, "%16" G_GUINT64_FORMAT "%8u", table->files[f] / 1024,
                                table->records[r] / 1024);
        for (guint c = 0; c < n_columns; c++)
          {
            double v = at[c] < 0 ? NAN : *dmk_iozone_table_cell (table, at[c], f, r);
            g_string_append_printf (s, " %9" G_GINT64_FORMAT, isnan (v) ? 0 : kb_per_s (v));
          }
        g_string_append_c (s, '\n');
      }
}

/* One report as iozone's dump_report () prints it: the record sizes quoted, then a row per file
 * size, its size quoted and its cells, as many as it has records. */
static void
append_report (GString *s, DmkIozoneTable *table, guint op)
{
  g_string_append_printf (s, "\n\"%s\"\n      ", dmk_iozone_op_report (op));
  for (guint r = 0; r < table->n_records; r++)
    g_string_append_printf (s, "  \"%u\"", table->records[r] / 1024);
  g_string_append_c (s, '\n');
  for (guint f = 0; f < table->n_files; f++)
    {
      g_string_append_printf (s, "\"%" G_GUINT64_FORMAT "\"  ", table->files[f] / 1024);
      for (guint r = 0; r < records_of (table, f); r++)
        {
          double v = *dmk_iozone_table_cell (table, op, f, r);
          g_string_append_printf (s, " %" G_GINT64_FORMAT " ", isnan (v) ? 0 : kb_per_s (v));
        }
      g_string_append_c (s, '\n');
    }
}

char *
dmk_iozone_table_to_iozone (DmkIozoneTable *table)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (table != NULL, NULL);
  /* iozone's own words where a parser looks for them; ours where none does. */
  g_string_append (s, "\tGDiskMark " PACKAGE_VERSION ": iozone -a's sweep, written as iozone -a -R "
                      "prints it\n\tAuto Mode\n\tExcel chart generation enabled\n"
                      "\tOutput is in kBytes/sec\n");
  if (has_op (table, DMK_IOZONE_RANDOM_MIX))
    g_string_append (s, "\tThe random mix is not in this report: iozone runs it only in "
                        "throughput mode (-t), and its -a table has no place for it\n");
  g_string_append_c (s, '\n');
  append_auto_table (s, table);
  g_string_append (s, "\niozone test complete.\nExcel output is below:\n");
  /* In iozone's order, which is its table's (the random mix, which it has not, left out). */
  for (guint c = 0; c < N_COLUMNS; c++)
    for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
      if (has_op (table, op) && dmk_iozone_op_column (op) == c)
        append_report (s, table, op);
  return g_string_free (s, FALSE);
}

char *
dmk_iozone_table_to_json (DmkIozoneTable *table)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;

  g_return_val_if_fail (table != NULL, NULL);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, "iozone");
  json_builder_set_member_name (b, "unit");
  json_builder_add_string_value (b, "MB/s (1,000,000 bytes/s)");
  json_builder_set_member_name (b, "operations");
  json_builder_begin_array (b);
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    {
      if (!has_op (table, op))
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, dmk_iozone_op_name (op));
      json_builder_set_member_name (b, "report");
      json_builder_add_string_value (b, dmk_iozone_op_report (op));
      json_builder_set_member_name (b, "cells");
      json_builder_begin_array (b);
      for (guint f = 0; f < table->n_files; f++)
        for (guint r = 0; r < table->n_records; r++)
          {
            double v = *dmk_iozone_table_cell (table, op, f, r);

            if (isnan (v))
              continue;
            json_builder_begin_object (b);
            json_builder_set_member_name (b, "file_bytes");
            json_builder_add_int_value (b, (gint64) table->files[f]);
            json_builder_set_member_name (b, "record_bytes");
            json_builder_add_int_value (b, table->records[r]);
            json_builder_set_member_name (b, "mb_per_s");
            json_builder_add_double_value (b, v);
            json_builder_end_object (b);
          }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, NULL);
}

char *
dmk_iozone_table_to_csv (DmkIozoneTable *table)
{
  static const char *const header[] = { "operation", "file_bytes", "record_bytes", "mb_per_s",
                                        NULL };
  GString *s = g_string_new (NULL);
  DmkCsv csv;

  dmk_csv_init (&csv, s);
  dmk_csv_header (&csv, header);
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    for (guint f = 0; f < table->n_files && has_op (table, op); f++)
      for (guint r = 0; r < table->n_records; r++)
        {
          double v = *dmk_iozone_table_cell (table, op, f, r);

          if (isnan (v))
            continue;
          dmk_csv_plain (&csv, dmk_iozone_op_name (op));
          dmk_csv_uint (&csv, table->files[f]);
          dmk_csv_uint (&csv, table->records[r]);
          dmk_csv_number (&csv, v, 3);
          dmk_csv_end_row (&csv);
        }
  return g_string_free (s, FALSE);
}
