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
  g_free (report);
}

gboolean
dmk_capacity_report_passed (const DmkCapacityReport *report)
{
  g_return_val_if_fail (report != NULL, FALSE);
  return !report->tally.has_bad && report->write_errors == 0 && report->tally.checked > 0;
}

char *
dmk_capacity_report_summary (const DmkCapacityReport *r)
{
  g_autofree char *usable = dmk_format_size (r->usable_bytes);
  g_autofree char *claimed = dmk_format_size (r->claimed_bytes);
  g_autofree char *written = dmk_format_size (r->written_bytes);

  g_return_val_if_fail (r != NULL, NULL);
  if (dmk_capacity_report_passed (r))
    return r->target.kind == DMK_TARGET_DIRECTORY
             /* TRANSLATORS: "OK: all 12 GiB written read back as written" */
             ? g_strdup_printf (_("OK: all %s written read back as written"), written)
             : g_strdup_printf (_("OK: the whole %s holds what was written"), claimed);
  if (r->tally.wraps)
    /* TRANSLATORS: "Real capacity 40 MiB of the 128 MiB claimed: addresses wrap (…)" */
    return g_strdup_printf (_("Real capacity %s of the %s claimed: addresses wrap (what is "
                              "written past it lands at the start)"),
                            usable, claimed);
  return g_strdup_printf (_("Only %s of the %s claimed reads back as written"), usable, claimed);
}

static void
text_size_line (GString *s, const char *label, guint64 bytes)
{
  g_autofree char *size = dmk_format_size (bytes);
  g_string_append_printf (s, "%-22s %s (%" G_GUINT64_FORMAT " bytes)\n", label, size, bytes);
}

char *
dmk_capacity_report_to_text (const DmkCapacityReport *r)
{
  GString *s = g_string_new (NULL);
  g_autofree char *summary = NULL;

  g_return_val_if_fail (r != NULL, NULL);
  summary = dmk_capacity_report_summary (r);
  g_string_append_printf (s, "%s\n\n", summary);
  g_string_append_printf (s, "%-22s %s\n", _("Target:"), r->target.path);
  if (r->target.model != NULL)
    g_string_append_printf (s, "%-22s %s\n", _("Model:"), r->target.model);
  text_size_line (s, r->target.kind == DMK_TARGET_DIRECTORY ? _("To fill:") : _("Claimed size:"),
                  r->claimed_bytes);
  if (r->target.kind == DMK_TARGET_DIRECTORY && r->margin_bytes > 0)
    text_size_line (s, _("Left free for others:"), r->margin_bytes);
  text_size_line (s, _("Written:"), r->written_bytes);
  text_size_line (s, _("Usable:"), r->usable_bytes);
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
  g_string_append_printf (s, "%-22s %" G_GUINT64_FORMAT " / %" G_GUINT64_FORMAT "\n",
                          _("Bad stamps:"), r->tally.bad, r->tally.checked);
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
