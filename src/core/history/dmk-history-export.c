/* dmk-history-export.c: a history listing as files other programs read: JSON (every drive
 * with its entries and each test's statistics) and CSV (a row per test of each entry, in the one
 * dialect of dmk-csv-writer.h). */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include "dmk-csv-writer.h"
#include "dmk-history.h"
#include "dmk-scan.h"

/* The entries' results from..to (one drive's), oldest first. */
static GPtrArray *
results_of (GPtrArray *entries, guint from, guint to)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);

  for (guint i = from; i < to; i++)
    {
      DmkResult *r = dmk_history_entry_result (g_ptr_array_index (entries, i), NULL);
      if (r != NULL)
        g_ptr_array_add (out, r);
    }
  return out;
}

static void
json_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
json_entry (JsonBuilder *b, const DmkHistoryEntry *e)
{
  g_autoptr (JsonNode) settings = e->settings ? json_from_string (e->settings, NULL) : NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_int_value (b, e->id);
  json_string (b, "date", e->date);
  json_string (b, "kind", e->kind);
  json_string (b, "target", e->target);
  json_string (b, "device", e->device);
  json_string (b, "engine", e->engine);
  json_string (b, "kernel", e->kernel);
  json_string (b, "source", e->source);
  json_builder_set_member_name (b, "settings");
  if (settings != NULL)
    json_builder_add_value (b, g_steal_pointer (&settings));
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

static void
json_stats (JsonBuilder *b, GArray *stats)
{
  static const char *const noise[] = { "unknown", "within", "beyond" };

  json_builder_set_member_name (b, "stats");
  json_builder_begin_array (b);
  for (guint i = 0; i < stats->len; i++)
    {
      const DmkHistoryStat *s = &g_array_index (stats, DmkHistoryStat, i);
      g_autofree char *spec = dmk_test_spec_to_name (&s->spec);
      json_builder_begin_object (b);
      json_string (b, "test", spec);
      json_string (b, "direction", dmk_direction_to_string (s->direction));
      json_builder_set_member_name (b, "entries");
      json_builder_add_int_value (b, s->n_entries);
      json_builder_set_member_name (b, "median_mb_per_s");
      json_builder_add_double_value (b, s->median);
      json_builder_set_member_name (b, "min_mb_per_s");
      json_builder_add_double_value (b, s->min);
      json_builder_set_member_name (b, "max_mb_per_s");
      json_builder_add_double_value (b, s->max);
      json_builder_set_member_name (b, "rsd_percent");
      json_builder_add_double_value (b, s->rsd);
      json_builder_set_member_name (b, "newest_mb_per_s");
      json_builder_add_double_value (b, s->newest);
      json_builder_set_member_name (b, "newest_delta_percent");
      json_builder_add_double_value (b, s->delta_percent);
      json_string (b, "newest_noise", noise[s->noise]);
      /* false: the newest run did not measure this test (newest_* are an older run's). */
      json_builder_set_member_name (b, "measured_by_newest");
      json_builder_add_boolean_value (b, s->in_newest);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_drive (JsonBuilder *b, GPtrArray *entries, guint from, guint to)
{
  const DmkHistoryEntry *e = g_ptr_array_index (entries, from);
  g_autoptr (GPtrArray) results = results_of (entries, from, to);
  g_autoptr (GArray) stats = dmk_history_stats (results);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_int_value (b, e->drive_id);
  json_string (b, "kind", e->drive.kind);
  json_string (b, "model", e->drive.model);
  json_string (b, "serial", e->drive.serial);
  json_string (b, "firmware", e->drive.firmware);
  json_builder_set_member_name (b, "size_bytes");
  json_builder_add_int_value (b, (gint64) e->drive.size_bytes);
  json_string (b, "filesystem", e->drive.filesystem);
  json_builder_set_member_name (b, "entries");
  json_builder_begin_array (b);
  for (guint i = from; i < to; i++)
    json_entry (b, g_ptr_array_index (entries, i));
  json_builder_end_array (b);
  json_stats (b, stats);
  json_builder_end_object (b);
}

static guint
drive_end (GPtrArray *entries, guint i)
{
  gint64 drive = ((DmkHistoryEntry *) g_ptr_array_index (entries, i))->drive_id;

  while (i < entries->len &&
         ((DmkHistoryEntry *) g_ptr_array_index (entries, i))->drive_id == drive)
    i++;
  return i;
}

char *
dmk_history_to_json (GPtrArray *entries)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;

  g_return_val_if_fail (entries != NULL, NULL);
  json_builder_begin_object (b);
  json_string (b, "schema", "gdiskmark-history/1");
  json_builder_set_member_name (b, "drives");
  json_builder_begin_array (b);
  for (guint i = 0; i < entries->len; i = drive_end (entries, i))
    json_drive (b, entries, i, drive_end (entries, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return g_strconcat (json_generator_to_data (gen, NULL), "\n", NULL);
}

/* One row per test of each entry (a scan is one row with its kind and no test). */
char *
dmk_history_to_csv (GPtrArray *entries)
{
  static const char *const header[] = { "entry",  "drive",  "model", "serial",    "date",
                                        "kind",   "target", "engine", "test",     "direction",
                                        "mb_per_s", "iops", NULL };
  GString *out = g_string_new (NULL);
  DmkCsv csv;

  g_return_val_if_fail (entries != NULL, NULL);
  dmk_csv_init (&csv, out);
  dmk_csv_header (&csv, header);
  for (guint i = 0; i < entries->len; i++)
    {
      DmkHistoryEntry *e = g_ptr_array_index (entries, i);
      g_autoptr (DmkResult) r = dmk_history_entry_result (e, NULL);
      guint n = r != NULL && r->kind == DMK_KIND_GRID ? r->tests->len : 0;

      for (guint k = 0; k < MAX (n, 1); k++)
        {
          DmkTestResult *t = k < n ? g_ptr_array_index (r->tests, k) : NULL;
          g_autofree char *spec = t != NULL ? dmk_test_spec_to_name (&t->spec) : NULL;
          const char *fields[] = { e->drive.model, e->drive.serial, e->date, e->kind,
                                   e->target, t && t->engine ? t->engine : e->engine, spec,
                                   t ? dmk_direction_to_string (t->direction) : NULL };

          dmk_csv_uint (&csv, (guint64) e->id);
          dmk_csv_uint (&csv, (guint64) e->drive_id);
          for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
            dmk_csv_text (&csv, fields[f]);
          dmk_csv_number (&csv, t != NULL ? t->mb_per_s : NAN, 3);
          dmk_csv_number (&csv, t != NULL ? t->iops : NAN, 1);
          dmk_csv_end_row (&csv);
        }
    }
  return g_string_free (out, FALSE);
}
