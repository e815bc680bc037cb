/* dmk-csv.c: a result of any kind as CSV that a spreadsheet opens directly (C locale, CRLF): a
 * grid's tests, a sweep's block sizes, a sustained write's intervals, a surface's points. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dmk-result.h"
#include "dmk-scan.h"
#include "dmk-series.h"
#include "dmk-spread.h"
#include "dmk-text.h"
#include "dmk-units.h"

static void
append_number (GString *s, double v, int decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char fmt[8];

  g_snprintf (fmt, sizeof fmt, "%%.%df", decimals);
  g_string_append (s, g_ascii_formatd (buf, sizeof buf, fmt, isfinite (v) ? v : 0.0));
}

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
append_sweep_cells (GString *s, const DmkTestResult *t)
{
  if (t == NULL)
    {
      g_string_append (s, ",,,,,,");
      return;
    }
  const double cells[] = { t->mb_per_s,        t->iops,          t->latency_us.mean,
                           t->latency_us.p50,  t->latency_us.p99, t->latency_us.p99_9 };
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      g_string_append_c (s, ',');
      append_number (s, cells[i], i == 0 ? 3 : i == 1 ? 1 : 2);
    }
}

static void
sweep_csv (GString *s, DmkResult *r)
{
  g_autoptr (GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_string_append (s, "block_size,block_bytes,"
                      "read_mb_per_s,read_iops,read_lat_mean_us,read_lat_p50_us,read_lat_p99_us,"
                      "read_lat_p99_9_us,"
                      "write_mb_per_s,write_iops,write_lat_mean_us,write_lat_p50_us,"
                      "write_lat_p99_us,write_lat_p99_9_us\r\n");
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

      g_string_append_printf (s, "%s,%u", label, bs);
      append_sweep_cells (s, find_bs (r, bs, DMK_DIRECTION_READ));
      append_sweep_cells (s, find_bs (r, bs, DMK_DIRECTION_WRITE));
      g_string_append (s, "\r\n");
    }
}

static void
sustained_csv (GString *s, const DmkSustained *st)
{
  guint64 written = 0;

  /* The drive's temperature is the last column, empty where it tells none. */
  g_string_append (s, "end_s,bytes_written,mb_per_s,iops,lat_mean_us,celsius\r\n");
  for (guint i = 0; i < st->series->len; i++)
    {
      const DmkSample *x = &g_array_index (st->series, DmkSample, i);

      written += x->bytes;
      append_number (s, x->end_s, 3);
      g_string_append_printf (s, ",%" G_GUINT64_FORMAT ",", written);
      append_number (s, dmk_sample_mb_per_s (st->series, i), 3);
      g_string_append_c (s, ',');
      append_number (s, dmk_sample_iops (st->series, i), 1);
      g_string_append_c (s, ',');
      append_number (s, x->latency_us, 2);
      g_string_append_c (s, ',');
      if (x->has_celsius)
        append_number (s, x->celsius, 1);
      g_string_append (s, "\r\n");
    }
}

static void
surface_csv (GString *s, const DmkSurface *sf)
{
  g_string_append (s, "measure,position_percent,offset_bytes,mb_per_s,distance_bytes,"
                      "latency_us\r\n");
  for (guint i = 0; i < sf->points->len; i++)
    {
      const DmkSurfacePoint *p = &g_array_index (sf->points, DmkSurfacePoint, i);

      g_string_append (s, "rate,");
      append_number (s, 100.0 * (double) p->offset / (double) sf->span_bytes, 3);
      g_string_append_printf (s, ",%" G_GUINT64_FORMAT ",", p->offset);
      append_number (s, p->seconds > 0 ? (double) p->bytes / p->seconds / 1e6 : 0, 3);
      g_string_append (s, ",,\r\n");
    }
  for (guint i = 0; i < sf->access->len; i++)
    {
      const DmkAccessPoint *p = &g_array_index (sf->access, DmkAccessPoint, i);

      g_string_append (s, "access,");
      append_number (s, 100.0 * (double) p->offset / (double) sf->span_bytes, 3);
      g_string_append_printf (s, ",%" G_GUINT64_FORMAT ",,%" G_GUINT64_FORMAT ",", p->offset,
                              p->distance);
      append_number (s, p->latency_us, 2);
      g_string_append (s, "\r\n");
    }
}

/* After the old columns, so that a sheet reading them by position still finds them; empty for a
 * test without passes (another tool's). */
static void
append_spread_cells (GString *out, const DmkTestResult *t)
{
  DmkSpread spread;

  if (!dmk_test_result_spread (t, &spread))
    {
      g_string_append (out, ",,,,,");
      return;
    }
  g_string_append_printf (out, ",%u,", spread.n);
  append_number (out, spread.min, 3);
  g_string_append_c (out, ',');
  append_number (out, spread.median, 3);
  g_string_append_c (out, ',');
  append_number (out, spread.max, 3);
  g_string_append_c (out, ',');
  append_number (out, spread.rsd_percent, 2);
}

static void
grid_csv (GString *out, DmkResult *result)
{
  g_string_append (out, "test,direction,block_size,queue_depth,threads,mb_per_s,iops,"
                        "lat_mean_us,lat_p50_us,lat_p90_us,lat_p99_us,lat_p99_9_us,"
                        "lat_p99_99_us,passes,min_mb_per_s,median_mb_per_s,max_mb_per_s,"
                        "rsd_percent\r\n");
  for (guint i = 0; i < result->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (result->tests, i);
      g_autofree char *name = dmk_test_spec_to_name (&t->spec);
      double values[] = { t->mb_per_s,          t->iops,
                          t->latency_us.mean,   t->latency_us.p50,
                          t->latency_us.p90,    t->latency_us.p99,
                          t->latency_us.p99_9,  t->latency_us.p99_99 };
      DmkUnit value_units[] = { DMK_UNIT_MB_S, DMK_UNIT_IOPS, DMK_UNIT_US, DMK_UNIT_US,
                                DMK_UNIT_US,   DMK_UNIT_US,   DMK_UNIT_US, DMK_UNIT_US };

      g_string_append_printf (out, "%s,%s,%u,%u,%u", name,
                              dmk_direction_to_string (t->direction), t->spec.block_size,
                              t->spec.queue_depth, t->spec.threads);
      for (guint k = 0; k < G_N_ELEMENTS (values); k++)
        {
          g_autofree char *v = dmk_format_report_value (values[k], value_units[k]);
          g_string_append_c (out, ',');
          g_string_append (out, v);
        }
      append_spread_cells (out, t);
      g_string_append (out, "\r\n");
    }
}

void
dmk_csv_append_text (GString *out, const char *field)
{
  /* What a spreadsheet would take for a formula (=HYPERLINK(…), +, -, @, or a tab or carriage
   * return before one) is text with a ' in front, as OWASP advises for CSV injection. */
  gboolean formula = strchr ("=+-@\t\r", field[0]) != NULL && field[0] != '\0';
  g_autofree char *safe = dmk_text_escape_controls (field, FALSE);

  if (!formula && strpbrk (safe, ",\"\n\r") == NULL)
    {
      g_string_append (out, safe);
      return;
    }
  g_string_append_c (out, '"');
  if (formula)
    g_string_append_c (out, '\'');
  for (const char *p = safe; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

char *
dmk_result_to_csv (DmkResult *r)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (r != NULL, NULL);
  if (r->kind == DMK_KIND_SUSTAINED && r->sustained != NULL)
    sustained_csv (s, r->sustained);
  else if (r->kind == DMK_KIND_SURFACE && r->surface != NULL)
    surface_csv (s, r->surface);
  else if (r->kind == DMK_KIND_SWEEP)
    sweep_csv (s, r);
  else
    grid_csv (s, r);
  return g_string_free (s, FALSE);
}
