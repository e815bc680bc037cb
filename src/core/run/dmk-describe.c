/* dmk-describe.c: the words the window and the CLI both use for tests, devices and progress. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-describe.h"
#include "dmk-units.h"

char *
dmk_describe_test (const DmkTestSpec *spec, DmkDirection direction)
{
  g_autofree char *bs = NULL, *t = NULL;
  const char *dir = dmk_direction_lower_label (direction);

  g_return_val_if_fail (spec != NULL, NULL);
  bs = dmk_format_size (spec->block_size);
  /* TRANSLATORS: "Sequential 1 MiB, queue 8, 1 thread, read" */
  t = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u thread", "%u threads", spec->threads),
                       spec->threads);
  if (spec->pattern == DMK_PATTERN_SEQUENTIAL)
    return g_strdup_printf (_("Sequential %s, queue %u, %s, %s"), bs, spec->queue_depth, t, dir);
  if (spec->pattern == DMK_PATTERN_BACKWARD)
    /* TRANSLATORS: "Backward 1 MiB, queue 1, 1 thread, read": offsets descending */
    return g_strdup_printf (_("Backward %s, queue %u, %s, %s"), bs, spec->queue_depth, t, dir);
  if (spec->pattern == DMK_PATTERN_STRIDED)
    /* TRANSLATORS: "Strided 4 KiB, one block in 17, queue 1, 1 thread, read" */
    return g_strdup_printf (_("Strided %s, one block in %u, queue %u, %s, %s"), bs, spec->stride,
                            spec->queue_depth, t, dir);
  if (spec->pattern == DMK_PATTERN_RECORD)
    /* TRANSLATORS: "One record of 4 KiB again and again, queue 1, 1 thread, write" (iozone's
     * record rewrite) */
    return g_strdup_printf (_("One record of %s again and again, queue %u, %s, %s"), bs,
                            spec->queue_depth, t, dir);
  return g_strdup_printf (_("Random %s, queue %u, %s, %s"), bs, spec->queue_depth, t, dir);
}

char *
dmk_progress_describe (const DmkProgress *p)
{
  g_autofree char *name = NULL;
  const char *dir;

  g_return_val_if_fail (p != NULL, NULL);
  name = dmk_test_spec_to_name (&p->spec);
  dir = dmk_direction_label (p->direction);
  switch (p->phase)
    {
    case DMK_PHASE_OPEN:
      return g_strdup (_("Opening the target…"));
    case DMK_PHASE_LAYOUT:
      return g_strdup_printf (_("Preparing the test file, %.0f%%"), p->fraction * 100.0);
    case DMK_PHASE_WARMUP:
      /* TRANSLATORS: "SEQ1M Q8T1 Read, warming up" */
      return g_strdup_printf (_("%s %s, warming up"), name, dir);
    case DMK_PHASE_MEASURE:
      /* TRANSLATORS: "SEQ1M Q8T1 Read, pass 2/5" */
      return g_strdup_printf (_("%s %s, pass %u/%u"), name, dir, p->pass, p->n_passes);
    case DMK_PHASE_INTERVAL:
      /* TRANSLATORS: counting down the rest before the next test */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Interval: %s %s in %u second",
                                           "Interval: %s %s in %u seconds",
                                           p->interval_remaining_s),
                              name, dir, p->interval_remaining_s);
    case DMK_PHASE_PASS_DONE:
    case DMK_PHASE_TEST_DONE:
    default:
      return NULL;
    }
}

/* A copy of text without spaces at either end, Unicode ones too: %e pads a one-digit day with
 * U+2007 FIGURE SPACE, which g_strstrip () leaves. */
static char *
strip_spaces (const char *text)
{
  const char *start = text;
  const char *end;

  while (*start != '\0' && g_unichar_isspace (g_utf8_get_char (start)))
    start = g_utf8_next_char (start);
  end = start + strlen (start);
  while (end > start && g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (end))))
    end = g_utf8_prev_char (end);
  return g_strndup (start, (gsize) (end - start));
}

char *
dmk_format_date_human (const char *iso8601)
{
  g_autoptr (GDateTime) dt = NULL;
  g_autoptr (GDateTime) local = NULL;
  g_autofree char *text = NULL;

  if (iso8601 == NULL || iso8601[0] == '\0')
    return g_strdup ("?");
  dt = g_date_time_new_from_iso8601 (iso8601, NULL);
  if (dt == NULL)
    return g_strdup (iso8601);
  local = g_date_time_to_local (dt);
  /* xgettext:no-c-format */
  /* TRANSLATORS: a result's date and time, in g_date_time_format () conversions: "30 Nov 2026,
   * 18:09". Put them in your language's order, e.g. "%Y年%-m月%-d日 %H:%M". */
  text = g_date_time_format (local, _("%e %b %Y, %H:%M"));
  /* A translation with a conversion GLib does not know gives NULL: show the stored text. */
  if (text == NULL)
    return g_strdup (iso8601);
  return strip_spaces (text);
}


static char *
describe_sustained (const DmkSustained *st)
{
  g_autofree char *avg = dmk_unit_format (DMK_UNIT_MB_S, st->mb_per_s);

  if (st->cliff.found)
    {
      g_autofree char *b = dmk_unit_format (DMK_UNIT_MB_S, st->cliff.before_mb_per_s);
      g_autofree char *a = dmk_unit_format (DMK_UNIT_MB_S, st->cliff.after_mb_per_s);
      /* TRANSLATORS: "3.00 GiB written at 950.30 MB/s on average. Cache cliff after 1.20
       * GiB: 1800.20 MB/s before, 420.10 MB/s after." */
      return g_strdup_printf (_("%.2f GiB written at %s MB/s on average. Cache cliff after "
                                "%.2f GiB: %s MB/s before, %s MB/s after."),
                              (double) st->bytes / DMK_GIB_D, avg,
                              (double) st->cliff.cache_bytes / DMK_GIB_D, b, a);
    }
  {
    g_autofree char *low = dmk_cliff_low_text (st->series);

    if (low == NULL)
      return g_strdup_printf (_("%.2f GiB written at %s MB/s on average. No cache cliff."),
                              (double) st->bytes / DMK_GIB_D, avg);
    /* TRANSLATORS: the last %s says how low it went: "the speed stayed above 82 % of its
     * peak" */
    return g_strdup_printf (_("%.2f GiB written at %s MB/s on average. No cache cliff: %s."),
                            (double) st->bytes / DMK_GIB_D, avg, low);
  }
}

static char *
describe_surface (const DmkSurface *sf)
{
  double min, mean, max, amean, amax;
  g_autofree char *s_min = NULL, *s_mean = NULL, *s_max = NULL;

  dmk_surface_summarize (sf, &min, &mean, &max);
  s_min = dmk_unit_format (DMK_UNIT_MB_S, min);
  s_mean = dmk_unit_format (DMK_UNIT_MB_S, mean);
  s_max = dmk_unit_format (DMK_UNIT_MB_S, max);
  if (dmk_access_summarize (sf, &amean, &amax))
    return g_strdup_printf (_("Minimum %s, mean %s, maximum %s MB/s. Access time %.3f ms on "
                              "average."),
                            s_min, s_mean, s_max, amean / 1000.0);
  return g_strdup_printf (_("Minimum %s, mean %s, maximum %s MB/s."), s_min, s_mean, s_max);
}

static char *
describe_sweep (const DmkResult *r)
{
  const DmkTestResult *best = NULL;
  g_autofree char *bs = NULL, *mb = NULL;

  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (r->tests, i);
      if (best == NULL || t->mb_per_s > best->mb_per_s)
        best = t;
    }
  if (best == NULL)
    return NULL;
  bs = dmk_format_block_size (best->spec.block_size);
  mb = dmk_unit_format (DMK_UNIT_MB_S, best->mb_per_s);
  /* TRANSLATORS: "15 block sizes; the fastest: 2M Read at 7960.20 MB/s." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u block size; the fastest: %s %s at %s MB/s.",
                                       "%u block sizes; the fastest: %s %s at %s MB/s.",
                                       r->tests->len),
                          r->tests->len, bs, dmk_direction_label (best->direction), mb);
}

char *
dmk_describe_scan_result (const DmkResult *r)
{
  g_return_val_if_fail (r != NULL, NULL);
  if (r->kind == DMK_KIND_SUSTAINED && r->sustained != NULL)
    return describe_sustained (r->sustained);
  if (r->kind == DMK_KIND_SURFACE && r->surface != NULL)
    return describe_surface (r->surface);
  if (r->kind == DMK_KIND_SWEEP)
    return describe_sweep (r);
  return NULL;
}
