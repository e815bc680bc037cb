/* dmk-result-csv.c: a result of any kind as CSV that a spreadsheet opens directly (the one
 * dialect of dmk-csv-writer.h), and the same table as a spreadsheet (.ods, .xlsx) with every
 * digit: a grid's tests, a sweep's block sizes, a sustained write's intervals, a surface's
 * points. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dmk-csv-writer.h"
#include "dmk-result.h"
#include "dmk-scan.h"
#include "dmk-series.h"
#include "dmk-spread.h"
#include "dmk-text.h"
#include "dmk-units.h"

static const DmkTestResult *
find_bs (DmkResult *r, guint32 bs, DmkDirection dir)
{
  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (r->tests, i);
      if (t->spec.block_size == bs && t->direction == dir)
        return t;
    }
  return NULL;
}

static void
append_sweep_cells (DmkCsv *csv, const DmkTestResult *t)
{
  const double cells[] = { t ? t->mb_per_s : NAN,        t ? t->iops : NAN,
                           t ? t->latency_us.mean : NAN, t ? t->latency_us.p50 : NAN,
                           t ? t->latency_us.p99 : NAN,  t ? t->latency_us.p99_9 : NAN };

  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    dmk_csv_number (csv, cells[i], i == 0 ? 3 : i == 1 ? 1 : 2);
}

static void
sweep_csv (DmkCsv *csv, DmkResult *r)
{
  static const char *const header[] = {
    "block_size",       "block_bytes",        "read_mb_per_s",     "read_iops",
    "read_lat_mean_us", "read_lat_p50_us",    "read_lat_p99_us",   "read_lat_p99_9_us",
    "write_mb_per_s",   "write_iops",         "write_lat_mean_us", "write_lat_p50_us",
    "write_lat_p99_us", "write_lat_p99_9_us", NULL
  };
  g_autoptr (GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint32));

  dmk_csv_header (csv, header);
  for (guint i = 0; i < r->tests->len; i++)
    {
      guint32 bs = ((const DmkTestResult *) g_ptr_array_index (r->tests, i))->spec.block_size;
      gboolean seen = FALSE;

      for (guint j = 0; j < sizes->len; j++)
        seen |= g_array_index (sizes, guint32, j) == bs;
      if (!seen)
        g_array_append_val (sizes, bs);
    }
  for (guint i = 0; i < sizes->len; i++)
    {
      guint32 bs = g_array_index (sizes, guint32, i);
      g_autofree char *label = dmk_format_block_size (bs);

      dmk_csv_plain (csv, label);
      dmk_csv_uint (csv, bs);
      append_sweep_cells (csv, find_bs (r, bs, DMK_DIRECTION_READ));
      append_sweep_cells (csv, find_bs (r, bs, DMK_DIRECTION_WRITE));
      dmk_csv_end_row (csv);
    }
}

static void
sustained_csv (DmkCsv *csv, const DmkSustained *st)
{
  /* The drive's temperature is the last column, empty where it tells none. */
  static const char *const header[] = { "end_s", "bytes_written", "mb_per_s", "iops",
                                        "lat_mean_us", "celsius", NULL };
  guint64 written = 0;

  dmk_csv_header (csv, header);
  for (guint i = 0; i < st->series->len; i++)
    {
      const DmkSample *x = &g_array_index (st->series, DmkSample, i);

      written += x->bytes;
      dmk_csv_number (csv, x->end_s, 3);
      dmk_csv_uint (csv, written);
      dmk_csv_number (csv, dmk_sample_mb_per_s (st->series, i), 3);
      dmk_csv_number (csv, dmk_sample_iops (st->series, i), 1);
      dmk_csv_number (csv, x->latency_us, 2);
      dmk_csv_number (csv, x->has_celsius ? x->celsius : NAN, 1);
      dmk_csv_end_row (csv);
    }
}

static void
surface_csv (DmkCsv *csv, const DmkSurface *sf)
{
  static const char *const header[] = { "measure", "position_percent", "offset_bytes",
                                        "mb_per_s", "distance_bytes", "latency_us", NULL };

  dmk_csv_header (csv, header);
  for (guint i = 0; i < sf->points->len; i++)
    {
      const DmkSurfacePoint *p = &g_array_index (sf->points, DmkSurfacePoint, i);

      dmk_csv_plain (csv, "rate");
      dmk_csv_number (csv, 100.0 * (double) p->offset / (double) sf->span_bytes, 3);
      dmk_csv_uint (csv, p->offset);
      dmk_csv_number (csv, p->seconds > 0 ? (double) p->bytes / p->seconds / 1e6 : 0, 3);
      dmk_csv_empty (csv);
      dmk_csv_empty (csv);
      dmk_csv_end_row (csv);
    }
  for (guint i = 0; i < sf->access->len; i++)
    {
      const DmkAccessPoint *p = &g_array_index (sf->access, DmkAccessPoint, i);

      dmk_csv_plain (csv, "access");
      dmk_csv_number (csv, 100.0 * (double) p->offset / (double) sf->span_bytes, 3);
      dmk_csv_uint (csv, p->offset);
      dmk_csv_empty (csv);
      dmk_csv_uint (csv, p->distance);
      dmk_csv_number (csv, p->latency_us, 2);
      dmk_csv_end_row (csv);
    }
}

/* After the old columns, so that a sheet reading them by position still finds them; empty for a
 * test without passes (another tool's). */
static void
append_spread_cells (DmkCsv *csv, const DmkTestResult *t)
{
  DmkSpread spread;
  gboolean has = dmk_test_result_spread (t, &spread);

  if (has)
    dmk_csv_uint (csv, spread.n);
  else
    dmk_csv_empty (csv);
  dmk_csv_number (csv, has ? spread.min : NAN, 3);
  dmk_csv_number (csv, has ? spread.median : NAN, 3);
  dmk_csv_number (csv, has ? spread.max : NAN, 3);
  dmk_csv_number (csv, has ? spread.rsd_percent : NAN, 2);
}

static void
grid_csv (DmkCsv *csv, DmkResult *result)
{
  static const char *const header[] = {
    "test",         "direction",   "block_size",      "queue_depth",     "threads",
    "mb_per_s",     "iops",        "lat_mean_us",     "lat_p50_us",      "lat_p90_us",
    "lat_p99_us",   "lat_p99_9_us", "lat_p99_99_us",  "passes",          "min_mb_per_s",
    "median_mb_per_s", "max_mb_per_s", "rsd_percent", NULL
  };

  dmk_csv_header (csv, header);
  for (guint i = 0; i < result->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (result->tests, i);
      g_autofree char *name = dmk_test_spec_to_name (&t->spec);
      /* "mix R70%": 30 % and 70 % reads are two tests, in this file as in the comparison's. */
      g_autofree char *direction =
        dmk_direction_share_string (t->direction,
                                    dmk_settings_mix_share (&result->settings, t->direction));
      double values[] = { t->mb_per_s,          t->iops,
                          t->latency_us.mean,   t->latency_us.p50,
                          t->latency_us.p90,    t->latency_us.p99,
                          t->latency_us.p99_9,  t->latency_us.p99_99 };
      DmkUnit value_units[] = { DMK_UNIT_MB_S, DMK_UNIT_IOPS, DMK_UNIT_US, DMK_UNIT_US,
                                DMK_UNIT_US,   DMK_UNIT_US,   DMK_UNIT_US, DMK_UNIT_US };

      dmk_csv_text (csv, name);
      dmk_csv_plain (csv, direction);
      dmk_csv_uint (csv, t->spec.block_size);
      dmk_csv_uint (csv, t->spec.queue_depth);
      dmk_csv_uint (csv, t->spec.threads);
      for (guint k = 0; k < G_N_ELEMENTS (values); k++)
        {
          g_autofree char *v = dmk_format_report_value (values[k], value_units[k]);
          dmk_csv_value (csv, values[k], v);
        }
      append_spread_cells (csv, t);
      dmk_csv_end_row (csv);
    }
}

static void
result_table (DmkCsv *csv, DmkResult *r)
{
  if (r->kind == DMK_KIND_SUSTAINED && r->sustained != NULL)
    sustained_csv (csv, r->sustained);
  else if (r->kind == DMK_KIND_SURFACE && r->surface != NULL)
    surface_csv (csv, r->surface);
  else if (r->kind == DMK_KIND_SWEEP)
    sweep_csv (csv, r);
  else
    grid_csv (csv, r);
}

char *
dmk_result_to_csv (DmkResult *r)
{
  GString *s = g_string_new (NULL);
  DmkCsv csv;

  g_return_val_if_fail (r != NULL, NULL);
  dmk_csv_init (&csv, s);
  result_table (&csv, r);
  return g_string_free (s, FALSE);
}

gboolean
dmk_result_save_sheet (DmkResult *r, DmkSheetFormat format, const char *path, GError **error)
{
  g_autoptr (DmkSheet) sheet = dmk_sheet_new ();
  DmkCsv csv;

  g_return_val_if_fail (r != NULL && path != NULL, FALSE);
  /* The CSV's table, one sheet; a sheet name is not translated: formulas name it. */
  dmk_sheet_add_table (sheet, "Result");
  dmk_csv_init_sheet (&csv, sheet);
  result_table (&csv, r);
  return dmk_sheet_save (sheet, format, path, error);
}
