/* dmk-scan-report.c: the scans as text (the grid report's layout, C locale) and as CSV that a
 * spreadsheet opens directly. */
#include "config.h"

#include <math.h>

#include "dmk-result-private.h"
#include "dmk-scan.h"
#include "dmk-series.h"

#define GIB 1073741824.0

static void
append_number (GString *s, double v, int decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char fmt[8];

  g_snprintf (fmt, sizeof fmt, "%%.%df", decimals);
  g_string_append (s, g_ascii_formatd (buf, sizeof buf, fmt, isfinite (v) ? v : 0.0));
}

static void
append_sustained_text (GString *s, DmkResult *r)
{
  const DmkSustained *st = r->sustained;
  const DmkCliff *c = &st->cliff;
  g_autofree char *name = dmk_test_spec_to_name (&st->spec);
  g_autofree char *span = dmk_format_size (st->span_bytes);

  g_string_append (s, "\n[Sustained Write] ");
  g_string_append_printf (s, "%s through %s\n", name, span);
  g_string_append (s, "  Written: ");
  append_number (s, (double) st->bytes / GIB, 2);
  g_string_append (s, " GiB in ");
  append_number (s, st->seconds, 1);
  g_string_append (s, " s, average ");
  append_number (s, st->mb_per_s, 1);
  g_string_append (s, " MB/s\n");
  if (c->found)
    {
      g_string_append (s, "  Cache cliff: after ");
      append_number (s, (double) c->cache_bytes / GIB, 2);
      g_string_append (s, " GiB, ");
      append_number (s, c->before_mb_per_s, 1);
      g_string_append (s, " MB/s before, ");
      append_number (s, c->after_mb_per_s, 1);
      g_string_append (s, " MB/s after\n");
      if (c->recovered)
        {
          g_string_append (s, "  Recovered: after ");
          append_number (s, (double) c->recovery_bytes / GIB, 2);
          g_string_append (s, " GiB, to ");
          append_number (s, c->recovery_mb_per_s, 1);
          g_string_append (s, " MB/s\n");
        }
    }
  else
    g_string_append (s, "  Cache cliff: none (the speed stayed above 70% of its peak)\n");
}

static void
append_surface_text (GString *s, DmkResult *r)
{
  const DmkSurface *sf = r->surface;
  g_autofree char *name = dmk_test_spec_to_name (&sf->spec);
  g_autofree char *sample = dmk_format_size (sf->sample_bytes);
  double min, mean, max;

  g_string_append_printf (s, "\n[Rate over Position] %s %s, %u samples of %s\n", name,
                          dmk_direction_report_label (sf->direction), sf->points->len, sample);
  if (dmk_surface_summarize (sf, &min, &mean, &max))
    {
      g_string_append (s, "  Minimum: ");
      append_number (s, min, 1);
      g_string_append (s, " MB/s\n  Average: ");
      append_number (s, mean, 1);
      g_string_append (s, " MB/s\n  Maximum: ");
      append_number (s, max, 1);
      g_string_append (s, " MB/s\n");
    }
  if (dmk_access_summarize (sf, &mean, &max))
    {
      g_string_append_printf (s, "  Access time (%u random reads of %u bytes): average ",
                              sf->access->len, sf->access_block);
      append_number (s, mean / 1000.0, 3);
      g_string_append (s, " ms, maximum ");
      append_number (s, max / 1000.0, 3);
      g_string_append (s, " ms\n");
    }
}

char *
dmk_scan_to_text (DmkResult *r)
{
  GString *s = g_string_new (NULL);
  g_autofree char *size = NULL;

  _dmk_report_append_header (s, r);
  if (r->kind == DMK_KIND_SUSTAINED && r->sustained != NULL)
    {
      append_sustained_text (s, r);
      size = dmk_format_size (r->sustained->span_bytes);
    }
  else if (r->kind == DMK_KIND_SURFACE && r->surface != NULL)
    {
      append_surface_text (s, r);
      size = dmk_format_size (r->surface->span_bytes);
    }
  else
    {
      g_string_free (s, TRUE);
      return dmk_result_to_text (r);
    }
  g_string_append_printf (s, "\nProfile: %s\n", r->kind == DMK_KIND_SUSTAINED
                                                  ? "Sustained write"
                                                  : "Rate over position");
  _dmk_report_append_target (s, r, size, 0);
  g_string_append_printf (s, "   Mode: %s data, %s, %s\n", dmk_data_to_string (r->settings.data),
                          r->engine ? r->engine : "libaio",
                          r->settings.direct ? "direct I/O" : "buffered I/O");
  _dmk_report_append_footer (s, r);
  return g_string_free (s, FALSE);
}

/* ---- CSV ---- */

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

char *
dmk_scan_to_csv (DmkResult *r)
{
  GString *s = g_string_new (NULL);

  if (r->kind == DMK_KIND_SUSTAINED && r->sustained != NULL)
    sustained_csv (s, r->sustained);
  else if (r->kind == DMK_KIND_SURFACE && r->surface != NULL)
    surface_csv (s, r->surface);
  else
    sweep_csv (s, r);
  return g_string_free (s, FALSE);
}
