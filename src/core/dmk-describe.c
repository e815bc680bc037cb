/* dmk-describe.c: the words the window and the CLI both use for tests, devices and progress. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-describe.h"

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
  return g_strdup_printf (_("Random %s, queue %u, %s, %s"), bs, spec->queue_depth, t, dir);
}

char *
dmk_describe_device (const char *path, const char *model, guint64 size_bytes)
{
  g_autofree char *size = dmk_format_size (size_bytes);

  g_return_val_if_fail (path != NULL, NULL);
  /* An empty model says as little as none; "/dev/sdb (, 29 GiB)" would look broken. */
  if (model != NULL && model[0] != '\0')
    /* TRANSLATORS: "/dev/sdb (SanDisk Ultra, 29 GiB)" */
    return g_strdup_printf (_("%s (%s, %s)"), path, model, size);
  /* TRANSLATORS: "/dev/sdb (29 GiB)" */
  return g_strdup_printf (_("%s (%s)"), path, size);
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
