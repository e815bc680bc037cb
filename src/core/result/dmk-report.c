/* dmk-report.c: a result of any kind as text: CrystalDiskMark 8's report for a grid, and its header
 * and footer around a scan's numbers; always English and the C locale. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dmk-places.h"
#include "dmk-rated.h"
#include "dmk-result-chain.h"
#include "dmk-result.h"
#include "dmk-scan.h"
#include "dmk-series.h"
#include "dmk-spread.h"
#include "dmk-steady.h"
#include "dmk-text.h"
#include "dmk-units.h"


static void
append_padded (GString *s, double v, DmkUnit unit, int width)
{
  g_autofree char *t = dmk_format_report_value (v, unit);
  int len = (int) strlen (t);

  for (int i = len; i < width; i++)
    g_string_append_c (s, ' ');
  g_string_append (s, t);
}

static void
append_test_line (GString *s, const DmkTestResult *t)
{
  g_autofree char *bs = dmk_format_block_size (t->spec.block_size);
  g_autofree char *bsi = g_strconcat (bs, g_ascii_isdigit (bs[strlen (bs) - 1]) ? "B" : "iB",
                                      NULL);

  g_string_append_printf (s, "  %s %7s (Q=%3u, T=%2u", dmk_pattern_prefix (t->spec.pattern), bsi,
                          t->spec.queue_depth, t->spec.threads);
  if (t->spec.pattern == DMK_PATTERN_STRIDED)
    g_string_append_printf (s, ", S=%u", t->spec.stride);
  g_string_append (s, "): ");
  append_padded (s, t->mb_per_s, DMK_UNIT_MB_S, 9);
  g_string_append (s, " MB/s [");
  append_padded (s, t->iops, DMK_UNIT_IOPS, 8);
  g_string_append (s, " IOPS] <");
  append_padded (s, t->latency_us.mean, DMK_UNIT_US, 9);
  g_string_append (s, " us>\n");
}

/* Under a section's CrystalDiskMark lines, left as they are for tools that read them, one line
 * per test with its passes' spread. */
static void
append_spread_lines (GString *s, DmkResult *r, DmkDirection dir)
{
  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      g_autofree char *name = NULL, *text = NULL, *stability = NULL;
      DmkSpread spread;

      if (t->direction != dir || !dmk_test_result_spread (t, &spread))
        continue;
      /* A mix's with its read share ("RND4K Q1T1 Mix R70%"), as every other name of it. */
      name = dir == DMK_DIRECTION_MIX
               ? dmk_test_full_name (&t->spec, dir, dmk_settings_mix_share (&r->settings, dir))
               : dmk_test_spec_to_name (&t->spec);
      text = dmk_spread_to_report_text (&spread);
      stability = dmk_stability_to_report_text (t);
      g_string_append_printf (s, "  Spread %s: %s%s%s\n", name, text, stability ? "; " : "",
                              stability ? stability : "");
    }
}

/* --reread: the first pass over the data and the second over the same, as iozone's read and
 * re-read (write and re-write). */
static void
append_reread_line (GString *s, const DmkResult *r, const DmkTestResult *t)
{
  const DmkPass *first, *second;

  if (!r->settings.reread || t->passes == NULL || t->passes->len < 2)
    return;
  first = &g_array_index (t->passes, DmkPass, 0);
  second = &g_array_index (t->passes, DmkPass, 1);
  g_string_append_printf (s, "      %s: ", t->direction == DMK_DIRECTION_WRITE ? "write  "
                                           : t->direction == DMK_DIRECTION_READ ? "read   "
                                                                                : "mix    ");
  append_padded (s, first->mb_per_s, DMK_UNIT_MB_S, 9);
  g_string_append_printf (s, " MB/s, %s: ", t->direction == DMK_DIRECTION_WRITE ? "re-write"
                                            : t->direction == DMK_DIRECTION_READ  ? "re-read "
                                                                                  : "re-mix  ");
  append_padded (s, second->mb_per_s, DMK_UNIT_MB_S, 9);
  g_string_append (s, " MB/s\n");
}

static void
append_section (GString *s, DmkResult *r, DmkDirection dir, const char *detail)
{
  gboolean any = FALSE;

  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      if (t->direction != dir)
        continue;
      if (!any)
        g_string_append_printf (s, "\n[%s]%s\n", dmk_direction_report_label (dir), detail);
      any = TRUE;
      append_test_line (s, t);
      append_reread_line (s, r, t);
    }
  append_spread_lines (s, r, dir);
}

static char *
format_date (const char *iso)
{
  g_autoptr (GDateTime) dt = iso ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;

  if (dt == NULL)
    return g_strdup (iso ? iso : "");
  return g_date_time_format (dt, "%Y/%m/%d %H:%M:%S");
}

/* "ext4, Samsung SSD 980, 42% (200/476GiB)": the facts after the test path. */
static char *
target_facts (const DmkTargetInfo *t)
{
  g_autoptr (GPtrArray) facts = g_ptr_array_new_with_free_func (g_free);

  if (t->filesystem != NULL)
    g_ptr_array_add (facts, g_strdup (t->filesystem));
  if (t->model != NULL)
    g_ptr_array_add (facts, g_strdup (t->model));
  if (t->size_bytes > 0 && t->kind == DMK_TARGET_DIRECTORY && t->free_bytes <= t->size_bytes)
    {
      DmkUsage u = { t->size_bytes, t->used_bytes, t->free_bytes };

      /* Files from before used_bytes counted the reserved blocks as taken. */
      if (u.used_bytes == 0 || u.used_bytes > u.size_bytes)
        u.used_bytes = t->size_bytes - t->free_bytes;
      g_ptr_array_add (facts, dmk_usage_format_cdm (&u));
    }
  else if (t->size_bytes > 0)
    g_ptr_array_add (facts, dmk_format_size (t->size_bytes));
  g_ptr_array_add (facts, NULL);
  return g_strjoinv (", ", (char **) facts->pdata);
}

static void
dmk_report_append_header (GString *s, DmkResult *r)
{
  const char *rule =
    "------------------------------------------------------------------------------\n";

  g_string_append (s, rule);
  /* GDiskMark's own version: another tool's result shown here names its tool on a Source line. */
  g_string_append_printf (s, "GDiskMark %s (C) 2026 " DMK_AUTHORS "\n",
                          dmk_result_is_foreign (r) ? PACKAGE_VERSION : r->tool_version);
  g_string_append (s, "                           https://github.com/gdiskmark/gdiskmark\n");
  g_string_append (s, rule);
  g_string_append (s, "* MB/s = 1,000,000 bytes/s\n");
  g_string_append (s, "* KB = 1000 bytes, KiB = 1024 bytes\n");
}

static void
dmk_report_append_target (GString *s, DmkResult *r, const char *size, guint passes)
{
  g_autofree char *facts = target_facts (&r->target);

  if (passes > 0)
    g_string_append_printf (s, "   Test: %s (x%u) [%s", size, passes,
                            r->target.path ? r->target.path : "");
  else
    g_string_append_printf (s, "   Test: %s [%s", size, r->target.path ? r->target.path : "");
  if (facts[0] != '\0')
    g_string_append_printf (s, ": %s", facts);
  g_string_append (s, "]\n");
}

/* The tests measured before the run's date (a row run again kept the others), a line per date:
 * "Earlier: 2026-12-07 11:40:02 for SEQ1M Q8T1 Read, RND4K Q1T1 Write". */
static void
append_earlier (GString *s, const DmkResult *r)
{
  g_autoptr (GPtrArray) dates = g_ptr_array_new ();

  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (r->tests, i);

      if (t->date != NULL && !g_ptr_array_find_with_equal_func (dates, t->date, g_str_equal, NULL))
        g_ptr_array_add (dates, t->date);
    }
  for (guint d = 0; d < dates->len; d++)
    {
      g_autofree char *when = format_date (dates->pdata[d]);
      const char *sep = " for ";

      g_string_append_printf (s, "Earlier: %s", when);
      for (guint i = 0; i < r->tests->len; i++)
        {
          const DmkTestResult *t = g_ptr_array_index (r->tests, i);
          g_autofree char *name = NULL;

          if (g_strcmp0 (t->date, dates->pdata[d]) != 0)
            continue;
          name = dmk_test_spec_to_name (&t->spec);
          g_string_append_printf (s, "%s%s %s", sep, name,
                                  dmk_direction_report_label (t->direction));
          sep = ", ";
        }
      g_string_append (s, "\n");
    }
}

static void
dmk_report_append_footer (GString *s, DmkResult *r)
{
  g_autofree char *date = format_date (r->date);

  g_string_append_printf (s, "   Date: %s\n", date);
  append_earlier (s, r);
  g_string_append_printf (s, "     OS: %s\n", r->os ? r->os : "");
  if (dmk_result_is_foreign (r))
    g_string_append_printf (s, " Source: %s%s%s\n", r->tool_name,
                            r->tool_version != NULL && *r->tool_version ? " " : "",
                            r->tool_version != NULL ? r->tool_version : "");
  if (r->temperature.known)
    {
      g_string_append_printf (s, "   Temp: %.0f °C before, %.0f °C peak, %.0f °C after",
                              r->temperature.before_c, r->temperature.peak_c,
                              r->temperature.after_c);
      if (r->temperature.warning_c > 0)
        g_string_append_printf (s, " (the drive warns at %.0f °C)", r->temperature.warning_c);
      g_string_append_c (s, '\n');
    }
  _dmk_report_append_chain (s, r);
  _dmk_report_append_rated (s, r);
  if (r->settings.verify && r->verify.bad == 0)
    g_string_append_printf (s, " Verify: %" G_GUINT64_FORMAT " blocks of 4 KiB read back as "
                            "written, 0 mismatches\n", r->verify.checked);
  else if (r->settings.verify)
    g_string_append_printf (s, " Verify: FAILED: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
                            " blocks of 4 KiB did not read back as written (the first at offset %"
                            G_GUINT64_FORMAT ")\n", r->verify.bad, r->verify.checked,
                            r->verify.first_bad);
  g_string_append_printf (s, "Comment: %s\n", r->comment ? r->comment : "");
  for (guint i = 0; i < r->warnings->len; i++)
    g_string_append_printf (s, "Warning: %s\n", (char *) g_ptr_array_index (r->warnings, i));
}

static void
append_number (GString *s, double v, int decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char fmt[8];

  g_snprintf (fmt, sizeof fmt, "%%.%df", decimals);
  g_string_append (s, g_ascii_formatd (buf, sizeof buf, fmt, isfinite (v) ? v : 0.0));
}

/* SNIA PTS's rule over the write's last five rounds. */
static void
append_steady_text (GString *s, const DmkSustained *st)
{
  DmkSteady steady;
  gboolean judged = dmk_steady_detect (st->series, dmk_steady_round_bytes (st->span_bytes),
                                       &steady);
  g_autofree char *text = judged ? dmk_steady_to_report_text (&steady) : NULL;

  g_string_append (s, "  Steady state: ");
  if (judged)
    g_string_append_printf (s, "%s (SNIA PTS, last 5 of %u rounds of ", text, steady.n_rounds);
  else
    g_string_append_printf (s, "not judged (%u of the 5 rounds needed, of ", steady.n_rounds);
  append_number (s, (double) steady.round_bytes / DMK_GIB_D, 2);
  g_string_append (s, " GiB)\n");
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
  append_number (s, (double) st->bytes / DMK_GIB_D, 2);
  g_string_append (s, " GiB in ");
  append_number (s, st->seconds, 1);
  g_string_append (s, " s, average ");
  append_number (s, st->mb_per_s, 1);
  g_string_append (s, " MB/s\n");
  if (c->found)
    {
      g_string_append (s, "  Cache cliff: after ");
      append_number (s, (double) c->cache_bytes / DMK_GIB_D, 2);
      g_string_append (s, " GiB, ");
      append_number (s, c->before_mb_per_s, 1);
      g_string_append (s, " MB/s before, ");
      append_number (s, c->after_mb_per_s, 1);
      g_string_append (s, " MB/s after\n");
      if (c->recovered)
        {
          g_string_append (s, "  Recovered: after ");
          append_number (s, (double) c->recovery_bytes / DMK_GIB_D, 2);
          g_string_append (s, " GiB, to ");
          append_number (s, c->recovery_mb_per_s, 1);
          g_string_append (s, " MB/s\n");
        }
    }
  else
    {
      g_autofree char *low = dmk_cliff_low_text_c (r->sustained->series);

      g_string_append_printf (s, "  Cache cliff: none%s%s%s\n", low ? " (" : "", low ? low : "",
                              low ? ")" : "");
    }
  append_steady_text (s, st);
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

static char *
scan_to_text (DmkResult *r)
{
  GString *s = g_string_new (NULL);
  g_autofree char *size = NULL;

  dmk_report_append_header (s, r);
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
  g_string_append_printf (s, "\nProfile: %s\n", r->kind == DMK_KIND_SUSTAINED
                                                  ? "Sustained write"
                                                  : "Rate over position");
  dmk_report_append_target (s, r, size, 0);
  g_string_append_printf (s, "   Mode: %s data, %s, %s\n", dmk_data_to_string (r->settings.data),
                          r->engine ? r->engine : "libaio",
                          r->settings.direct ? "direct I/O" : "buffered I/O");
  dmk_report_append_footer (s, r);
  return g_string_free (s, FALSE);
}

/* The run's engine, and the tests that ran on another one: "io_uring, libaio for RND4K Q32T1". */
static char *
engines_text (const DmkResult *r)
{
  GString *s = g_string_new (r->engine ? r->engine : "libaio");
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (r->tests, i);
      g_autofree char *name = NULL;
      g_autofree char *key = NULL;
      guint at;

      if (t->engine == NULL)
        continue;
      name = dmk_test_spec_to_name (&t->spec);
      key = g_strconcat (t->engine, " ", name, NULL);
      if (g_ptr_array_find_with_equal_func (seen, key, g_str_equal, &at))
        continue;
      g_string_append_printf (s, ", %s for %s", t->engine, name);
      g_ptr_array_add (seen, g_steal_pointer (&key));
    }
  return g_string_free (s, FALSE);
}

static char *
report_text (DmkResult *r)
{
  GString *s;
  g_autofree char *size = NULL;
  g_autofree char *engines = NULL;

  g_return_val_if_fail (r != NULL, NULL);
  if (r->kind == DMK_KIND_SUSTAINED || r->kind == DMK_KIND_SURFACE)
    return scan_to_text (r);
  engines = engines_text (r);

  s = g_string_new (NULL);
  size = dmk_format_size (r->settings.size_bytes);
  dmk_report_append_header (s, r);

  append_section (s, r, DMK_DIRECTION_READ, "");
  append_section (s, r, DMK_DIRECTION_WRITE, "");
  {
    g_autofree char *mix = g_strdup_printf (" %s %u%%/%s %u%%",
                                            dmk_direction_report_label (DMK_DIRECTION_READ),
                                            r->settings.mix_read_percent,
                                            dmk_direction_report_label (DMK_DIRECTION_WRITE),
                                            100 - r->settings.mix_read_percent);
    append_section (s, r, DMK_DIRECTION_MIX, mix);
  }

  if (r->kind == DMK_KIND_SWEEP)
    g_string_append (s, "\nProfile: Block-size sweep\n");
  else
    g_string_append_printf (s, "\nProfile: %s\n", dmk_profile_report_name (r->settings.profile));
  dmk_report_append_target (s, r, size, r->settings.reread ? 2 : r->settings.passes);
  g_string_append_printf (s, "   Mode: %s, %s data, %s%s, %s%s\n",
                          r->settings.mode == DMK_MODE_READ ? "Read"
                          : r->settings.mode == DMK_MODE_WRITE ? "Write"
                                                               : "Read & Write",
                          dmk_data_to_string (r->settings.data), engines,
                          r->settings.poll ? " polled" : "",
                          r->settings.direct ? "direct I/O" : "buffered I/O",
                          r->settings.reread ? ", re-read: two passes over the same data, each "
                                               "the whole test size once, no warm-up" : "");
  g_string_append_printf (s, "   Time: Measure %u sec / Interval %u sec\n", r->settings.measure_s,
                          r->settings.interval_s);
  /* Another tool's result read in has its own rule, which its file does not say. */
  if (r->kind == DMK_KIND_GRID && g_strcmp0 (r->tool_name, "gdiskmark") == 0)
    {
      g_autofree char *rule = dmk_score_rule_text (&r->settings, FALSE);
      g_string_append_printf (s, "  Score: %s\n", rule);
    }
  dmk_report_append_footer (s, r);
  return g_string_free (s, FALSE);
}

char *
dmk_result_to_text (DmkResult *r)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (r != NULL, NULL);
  /* A result opened from a file (or a drive's model) may hold ESC, C1 or bidi controls: the
   * report goes to terminals, and nothing in it may act on one. */
  text = report_text (r);
  return dmk_text_escape_controls (text, TRUE);
}
