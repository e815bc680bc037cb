/* dmk-capacity-report.c: a capacity check's findings as text (for people) and JSON (for tools). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "dmk-capacity-report.h"
#include "dmk-json-codec.h"

DmkCapacityReport *
dmk_capacity_report_new (void)
{
  DmkCapacityReport *r = g_new0 (DmkCapacityReport, 1);
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

  r->date = g_date_time_format_iso8601 (now);
  return r;
}

void
dmk_capacity_report_free (DmkCapacityReport *report)
{
  if (report == NULL)
    return;
  dmk_target_info_clear (&report->target);
  g_free (report->date);
  g_clear_pointer (&report->defects, g_array_unref);
  g_free (report);
}

gboolean
dmk_capacity_report_passed (const DmkCapacityReport *report)
{
  g_return_val_if_fail (report != NULL, FALSE);
  return !report->tally.has_bad && report->write_errors == 0 && report->tally.checked > 0;
}

DmkCapacityVerdict
dmk_capacity_report_verdict (const DmkCapacityReport *r)
{
  g_return_val_if_fail (r != NULL, DMK_CAPACITY_VERDICT_OK);
  if (r->tally.wraps)
    return DMK_CAPACITY_VERDICT_FAKE_WRAPS;
  if (r->lost_tail)
    return DMK_CAPACITY_VERDICT_FAKE_LOSS;
  if (r->lost_writes > 0)
    return DMK_CAPACITY_VERDICT_LOST_WRITES;
  if (r->bad_blocks > 0 || !dmk_capacity_report_passed (r))
    return DMK_CAPACITY_VERDICT_BAD_BLOCKS;
  return DMK_CAPACITY_VERDICT_OK;
}

const char *
dmk_capacity_verdict_to_string (DmkCapacityVerdict verdict)
{
  static const char *const names[] = { "ok", "fake-wraps", "fake-loss", "lost-writes",
                                       "bad-blocks" };

  g_return_val_if_fail (verdict < G_N_ELEMENTS (names), NULL);
  return names[verdict];
}

const char *
dmk_capacity_verdict_advice (DmkCapacityVerdict verdict)
{
  switch (verdict)
    {
    case DMK_CAPACITY_VERDICT_FAKE_WRAPS:
    case DMK_CAPACITY_VERDICT_FAKE_LOSS:
      return _("This is a fake-capacity device: it claims more than it holds, and what is written "
               "past its real capacity is lost. Return it, or use no more of it than its real "
               "capacity (a partition of that size, as f3fix makes); its speed and any files "
               "already on it past that point cannot be trusted.");
    case DMK_CAPACITY_VERDICT_LOST_WRITES:
      return _("The device took writes that it did not keep: those blocks read back as other "
               "data, without an error. Do not trust it with data you need. A loose plug, a "
               "failing hub or cable, or a failing device does this: check it again in another "
               "port, and replace it if writes are lost again.");
    case DMK_CAPACITY_VERDICT_BAD_BLOCKS:
      return _("Not a capacity limit: the device holds what it claims, but these blocks read back "
               "altered, or could not be read or written. Copy off what you need. The stamps "
               "sample the device at the spacing below, so there may be more between them: a "
               "full write and read of every block (badblocks -w, or f3write and f3read on a "
               "folder) counts them all. Replace a device whose bad blocks grow.");
    case DMK_CAPACITY_VERDICT_OK:
    default:
      return NULL;
    }
}

/* ---- classifying the stamps read ---- */

/* The bad stamps since the last good one are not at the end: isolated defects, the first of
 * them listed. */
static void
commit_pending (DmkCapacityReport *r, DmkCapacityClassifier *cls)
{
  guint64 listed = MIN (cls->pending, DMK_CAPACITY_DEFECTS_LISTED);

  r->bad_blocks += cls->pending_damaged;
  r->lost_writes += cls->pending - cls->pending_damaged;
  if (r->defects == NULL)
    r->defects = g_array_new (FALSE, FALSE, sizeof (DmkCapacityDefect));
  for (guint64 i = 0; i < listed && r->defects->len < DMK_CAPACITY_DEFECTS_LISTED; i++)
    g_array_append_val (r->defects, cls->pending_list[i]);
  cls->pending = cls->pending_damaged = 0;
}

void
dmk_capacity_classify_add (DmkCapacityReport *r, DmkCapacityClassifier *cls, guint64 offset,
                           gboolean good, DmkCapacityDefectKind kind)
{
  g_return_if_fail (r != NULL && cls != NULL);
  if (good)
    {
      commit_pending (r, cls);
      cls->has_good = TRUE;
      return;
    }
  if (cls->pending == 0)
    cls->pending_from = offset;
  if (cls->pending < DMK_CAPACITY_DEFECTS_LISTED)
    cls->pending_list[cls->pending] = (DmkCapacityDefect) { offset, kind };
  cls->pending++;
  cls->pending_damaged += kind == DMK_CAPACITY_DAMAGED;
}

void
dmk_capacity_classify_end (DmkCapacityReport *r, DmkCapacityClassifier *cls)
{
  g_return_if_fail (r != NULL && cls != NULL);
  /* With a wrap the capacity is the wrap's distance, and what is below it is isolated. */
  if (r->tally.wraps || cls->pending < DMK_CAPACITY_TAIL_STAMPS)
    {
      commit_pending (r, cls);
      if (!r->tally.wraps)
        r->usable_bytes = r->claimed_bytes;
      return;
    }
  r->lost_tail = TRUE;
  r->tail_stamps = cls->pending;
  r->usable_bytes = cls->pending_from;
  cls->pending = cls->pending_damaged = 0;
}

/* "among 1021 stamps 1 MiB apart", or a folder's "among all 10240 blocks". */
static char *
coverage (const DmkCapacityReport *r)
{
  g_autofree char *spacing = dmk_format_size (r->spacing_bytes);
  g_autofree char *n = g_strdup_printf ("%" G_GUINT64_FORMAT, r->tally.checked);

  if (r->target.kind == DMK_TARGET_DIRECTORY)
    /* TRANSLATORS: "among all 10240 blocks" (of a folder's file, each one checked) */
    return g_strdup_printf (_("among all %s blocks"), n);
  /* TRANSLATORS: "among 1021 stamps 1 MiB apart" */
  return g_strdup_printf (_("among %s stamps %s apart"), n, spacing);
}

static char *
isolated_summary (const DmkCapacityReport *r, DmkCapacityVerdict v)
{
  guint64 n = v == DMK_CAPACITY_VERDICT_LOST_WRITES ? r->lost_writes : r->bad_blocks;
  DmkCapacityDefectKind kind = v == DMK_CAPACITY_VERDICT_LOST_WRITES ? DMK_CAPACITY_LOST
                                                                      : DMK_CAPACITY_DAMAGED;
  g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
  g_autofree char *where = NULL, *among = coverage (r), *first = NULL;
  g_autofree char *claimed = dmk_format_size (r->claimed_bytes);

  for (guint i = 0; r->defects != NULL && i < r->defects->len && first == NULL; i++)
    if (g_array_index (r->defects, DmkCapacityDefect, i).kind == kind)
      first = dmk_format_size (g_array_index (r->defects, DmkCapacityDefect, i).offset);
  if (first == NULL)
    return g_strdup (_("Not everything read back as written"));
  /* TRANSLATORS: "at 150 MiB" (one), "the first at 20 MiB" (several) */
  where = n == 1 ? g_strdup_printf (_("at %s"), first)
                 : g_strdup_printf (_("the first at %s"), first);
  if (v == DMK_CAPACITY_VERDICT_LOST_WRITES)
    /* TRANSLATORS: "3 lost writes (the first at 20 MiB) among 1021 stamps 1 MiB apart: they
     * read back as other data; no capacity limit (the whole 256 MiB claimed is there)" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s lost write (%s) %s: it reads back as other data; no "
                                         "capacity limit (the whole %s claimed is there)",
                                         "%s lost writes (%s) %s: they read back as other data; "
                                         "no capacity limit (the whole %s claimed is there)",
                                         n),
                            count, where, among, claimed);
  /* TRANSLATORS: "1 bad block (at 150 MiB) among 1021 stamps 1 MiB apart; no capacity limit:
   * the rest of the 256 MiB claimed holds what was written" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s bad block (%s) %s; no capacity limit: the rest of the "
                                       "%s claimed holds what was written",
                                       "%s bad blocks (%s) %s; no capacity limit: the rest of "
                                       "the %s claimed holds what was written",
                                       n),
                          count, where, among, claimed);
}

char *
dmk_capacity_report_summary (const DmkCapacityReport *r)
{
  g_autofree char *usable = NULL, *claimed = NULL, *written = NULL;
  DmkCapacityVerdict v;

  g_return_val_if_fail (r != NULL, NULL);
  usable = dmk_format_size (r->usable_bytes);
  claimed = dmk_format_size (r->claimed_bytes);
  written = dmk_format_size (r->written_bytes);
  v = dmk_capacity_report_verdict (r);
  switch (v)
    {
    case DMK_CAPACITY_VERDICT_OK:
      return r->target.kind == DMK_TARGET_DIRECTORY
               /* TRANSLATORS: "OK: all 12 GiB written read back as written" */
               ? g_strdup_printf (_("OK: all %s written read back as written"), written)
               : g_strdup_printf (_("OK: the whole %s holds what was written"), claimed);
    case DMK_CAPACITY_VERDICT_FAKE_WRAPS:
      /* TRANSLATORS: "Fake capacity: real capacity 40 MiB of the 128 MiB claimed; addresses
       * wrap (…)" */
      return g_strdup_printf (_("Fake capacity: real capacity %s of the %s claimed; addresses "
                                "wrap (what is written past it lands at the start)"),
                              usable, claimed);
    case DMK_CAPACITY_VERDICT_FAKE_LOSS:
      /* TRANSLATORS: "Fake capacity: real capacity 40 MiB of the 128 MiB claimed; everything
       * written from there on is lost" */
      return g_strdup_printf (_("Fake capacity: real capacity %s of the %s claimed; everything "
                                "written from there on is lost"),
                              usable, claimed);
    case DMK_CAPACITY_VERDICT_LOST_WRITES:
    case DMK_CAPACITY_VERDICT_BAD_BLOCKS:
    default:
      return isolated_summary (r, v);
    }
}

static void
text_size_line (GString *s, const char *label, guint64 bytes)
{
  g_autofree char *size = dmk_format_size (bytes);
  g_string_append_printf (s, "%-22s %s (%" G_GUINT64_FORMAT " bytes)\n", label, size, bytes);
}

/* How far apart the stamps were: a device's first pass is dense at both ends (an alias at any
 * distance shows) and spaced between; a folder's check reads every block. */
static void
text_spacing (GString *s, const DmkCapacityReport *r)
{
  g_autofree char *spacing = dmk_format_size (r->spacing_bytes);
  g_autofree char *block = dmk_format_size (DMK_STAMP_SIZE);
  g_autofree char *what = NULL;

  if (r->target.kind == DMK_TARGET_DIRECTORY)
    /* TRANSLATORS: "every 4 KiB block" */
    what = g_strdup_printf (_("every %s block"), block);
  else
    /* TRANSLATORS: "1 MiB apart; every 4 KiB block of the first and last 1 MiB" */
    what = g_strdup_printf (_("%s apart; every %s block of the first and last %s"), spacing,
                            block, spacing);
  g_string_append_printf (s, "%-22s %s\n", _("Stamps:"), what);
}

/* The isolated defects of kind below the real capacity: how many, and where. */
static void
text_defects (GString *s, const DmkCapacityReport *r, DmkCapacityDefectKind kind,
              const char *label, guint64 n)
{
  guint listed = 0;

  if (n == 0)
    return;
  g_string_append_printf (s, "%-22s %" G_GUINT64_FORMAT ":", label, n);
  for (guint i = 0; r->defects != NULL && i < r->defects->len; i++)
    {
      const DmkCapacityDefect *d = &g_array_index (r->defects, DmkCapacityDefect, i);
      g_autofree char *at = NULL;

      if (d->kind != kind)
        continue;
      at = dmk_format_size (d->offset);
      g_string_append_printf (s, "%s %s (%" G_GUINT64_FORMAT ")", listed++ > 0 ? "," : "", at,
                              d->offset);
    }
  if (listed < n)
    {
      g_autofree char *more = g_strdup_printf ("%" G_GUINT64_FORMAT, n - listed);
      /* TRANSLATORS: after the listed offsets: ", … and 12 more" */
      g_string_append_printf (s, _(", … and %s more"), more);
    }
  g_string_append_c (s, '\n');
}

char *
dmk_capacity_report_to_text (const DmkCapacityReport *r)
{
  GString *s = g_string_new (NULL);
  g_autofree char *summary = NULL;
  const char *advice;

  g_return_val_if_fail (r != NULL, NULL);
  summary = dmk_capacity_report_summary (r);
  advice = dmk_capacity_verdict_advice (dmk_capacity_report_verdict (r));
  g_string_append_printf (s, "%s\n\n", summary);
  if (advice != NULL)
    g_string_append_printf (s, "%s\n\n", advice);
  g_string_append_printf (s, "%-22s %s\n", _("Target:"), r->target.path);
  if (r->target.model != NULL)
    g_string_append_printf (s, "%-22s %s\n", _("Model:"), r->target.model);
  text_size_line (s, r->target.kind == DMK_TARGET_DIRECTORY ? _("To fill:") : _("Claimed size:"),
                  r->claimed_bytes);
  if (r->target.kind == DMK_TARGET_DIRECTORY && r->margin_bytes > 0)
    text_size_line (s, _("Left free for others:"), r->margin_bytes);
  text_size_line (s, _("Written:"), r->written_bytes);
  text_size_line (s, _("Real capacity:"), r->usable_bytes);
  if (r->lost_tail)
    {
      g_autofree char *n = g_strdup_printf ("%" G_GUINT64_FORMAT, r->tail_stamps);
      /* TRANSLATORS: "from 40 MiB on: all 700 stamps there are bad" */
      g_autofree char *from = dmk_format_size (r->usable_bytes);
      g_autofree char *what = g_strdup_printf (_("from %s on: all %s stamps there are bad"), from,
                                               n);
      g_string_append_printf (s, "%-22s %s\n", _("Lost:"), what);
    }
  if (r->tally.has_bad)
    text_size_line (s, _("First bad offset:"), r->tally.first_bad);
  if (r->tally.wraps)
    {
      g_autofree char *at = dmk_format_size (r->tally.wraps_at);
      g_autofree char *to = dmk_format_size (r->tally.wraps_to);
      /* TRANSLATORS: "yes: 40 MiB reads what was written to 0 bytes" */
      g_autofree char *what = g_strdup_printf (_("yes: %s reads what was written to %s"), at, to);
      g_string_append_printf (s, "%-22s %s\n", _("Addresses wrap:"), what);
    }
  else
    g_string_append_printf (s, "%-22s %s\n", _("Addresses wrap:"), _("no"));
  text_spacing (s, r);
  g_string_append_printf (s, "%-22s %" G_GUINT64_FORMAT " / %" G_GUINT64_FORMAT "\n",
                          _("Bad stamps:"), r->tally.bad, r->tally.checked);
  text_defects (s, r, DMK_CAPACITY_DAMAGED, _("Bad blocks:"), r->bad_blocks);
  text_defects (s, r, DMK_CAPACITY_LOST, _("Lost writes:"), r->lost_writes);
  if (r->write_errors > 0)
    g_string_append_printf (s, "%-22s %" G_GUINT64_FORMAT "\n", _("Refused writes:"),
                            r->write_errors);
  text_size_line (s, _("Resolution:"), r->resolution_bytes);
  g_string_append_printf (s, "%-22s %.1f MB/s, %.1f MB/s\n", _("Write, read:"), r->write_mb_per_s,
                          r->read_mb_per_s);
  if (r->short_write)
    g_string_append_printf (s, "%s\n", _("The folder filled up before its free space was written: "
                                          "someone else wrote meanwhile."));
  if (r->buffered)
    g_string_append_printf (s, "%s\n", _("The filesystem refused direct I/O: the data was read "
                                          "back after dropping it from the page cache."));
  g_string_append_printf (s, "%-22s %s\n", _("Date:"), r->date);
  g_string_append (s, _("MB/s = 1,000,000 bytes/s\n"));
  return g_string_free (s, FALSE);
}

static void
jb_size (JsonBuilder *b, const char *key, guint64 v)
{
  json_builder_set_member_name (b, key);
  json_builder_add_int_value (b, (gint64) v);
}

/* The listed isolated defects, ascending: [{"offset": …, "kind": "damaged" | "lost"}]. */
static void
json_defects (JsonBuilder *b, const DmkCapacityReport *r)
{
  json_builder_set_member_name (b, "defects");
  json_builder_begin_array (b);
  for (guint i = 0; r->defects != NULL && i < r->defects->len; i++)
    {
      const DmkCapacityDefect *d = &g_array_index (r->defects, DmkCapacityDefect, i);

      json_builder_begin_object (b);
      jb_size (b, "offset", d->offset);
      _dmk_jb_string (b, "kind", d->kind == DMK_CAPACITY_DAMAGED ? "damaged" : "lost");
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

char *
dmk_capacity_report_to_json (const DmkCapacityReport *r)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *run_id = NULL;

  g_return_val_if_fail (r != NULL, NULL);
  run_id = g_strdup_printf ("%016" G_GINT64_MODIFIER "x", r->run_id);
  json_builder_begin_object (b);
  _dmk_jb_string (b, "kind", "capacity");
  _dmk_jb_int (b, "schema", DMK_CAPACITY_SCHEMA);
  _dmk_jb_string (b, "tool_version", PACKAGE_VERSION);
  _dmk_jb_string (b, "date", r->date);
  _dmk_jb_string (b, "path", r->target.path);
  _dmk_jb_string (b, "target_kind", dmk_target_kind_to_string (r->target.kind));
  if (r->target.model != NULL)
    _dmk_jb_string (b, "model", r->target.model);
  _dmk_jb_string (b, "run_id", run_id);
  _dmk_jb_bool (b, "passed", dmk_capacity_report_passed (r));
  _dmk_jb_string (b, "verdict", dmk_capacity_verdict_to_string (dmk_capacity_report_verdict (r)));
  jb_size (b, "claimed_bytes", r->claimed_bytes);
  jb_size (b, "written_bytes", r->written_bytes);
  jb_size (b, "usable_bytes", r->usable_bytes);
  jb_size (b, "resolution_bytes", r->resolution_bytes);
  json_builder_set_member_name (b, "first_bad_offset");
  if (r->tally.has_bad)
    json_builder_add_int_value (b, (gint64) r->tally.first_bad);
  else
    json_builder_add_null_value (b);
  _dmk_jb_bool (b, "wraps", r->tally.wraps);
  if (r->tally.wraps)
    {
      jb_size (b, "wraps_at", r->tally.wraps_at);
      jb_size (b, "wraps_to", r->tally.wraps_to);
    }
  _dmk_jb_bool (b, "lost_tail", r->lost_tail);
  jb_size (b, "tail_stamps", r->tail_stamps);
  jb_size (b, "bad_blocks", r->bad_blocks);
  jb_size (b, "lost_writes", r->lost_writes);
  json_defects (b, r);
  jb_size (b, "spacing_bytes", r->spacing_bytes);
  jb_size (b, "stamps_checked", r->tally.checked);
  jb_size (b, "stamps_bad", r->tally.bad);
  jb_size (b, "stamp_bytes", DMK_STAMP_SIZE);
  jb_size (b, "write_errors", r->write_errors);
  _dmk_jb_bool (b, "short_write", r->short_write);
  if (r->target.kind == DMK_TARGET_DIRECTORY)
    jb_size (b, "margin_bytes", r->margin_bytes);
  _dmk_jb_bool (b, "buffered", r->buffered);
  _dmk_jb_double (b, "write_mb_per_s", r->write_mb_per_s);
  _dmk_jb_double (b, "read_mb_per_s", r->read_mb_per_s);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, NULL);
}
