/* dmk-history-export.c: a history listing as files other programs read: JSON (every drive
 * with its entries and each test's statistics) and CSV (a row per test of each entry, in the one
 * dialect of dmk-csv-writer.h). */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include "dmk-csv-writer.h"
#include "dmk-history.h"
#include "dmk-rated.h"
#include "dmk-scan.h"
#include "dmk-units.h"

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

/* "CrystalDiskMark 6.0.2 x64": the tool that measured an entry, as its result names it. */
static char *
tool_of (const DmkResult *r)
{
  if (r == NULL || r->tool_name == NULL)
    return NULL;
  return r->tool_version != NULL && *r->tool_version != '\0'
           ? g_strdup_printf ("%s %s", r->tool_name, r->tool_version)
           : g_strdup (r->tool_name);
}

/* The run's conditions as its result's JSON has them; null where none is known (a run stored
 * before they were recorded, or another tool's). */
static void
json_conditions (JsonBuilder *b, const DmkResult *r)
{
  const DmkConditions *c = r != NULL ? &r->conditions : NULL;

  json_builder_set_member_name (b, "conditions");
  if (c == NULL || !dmk_conditions_known (c))
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  json_string (b, "power", dmk_power_to_string (c->power));
  json_string (b, "platform_profile", c->platform_profile);
  json_string (b, "cpu_governor", c->cpu_governor);
  json_builder_set_member_name (b, "nvme_apst_max_latency_us");
  if (c->nvme_apst_us >= 0)
    json_builder_add_int_value (b, c->nvme_apst_us);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "fill_percent");
  if (c->fill_percent >= 0)
    json_builder_add_double_value (b, c->fill_percent);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

/* A condition's value: a number for APST and the fill level, else a string. */
static void
json_condition_value (JsonBuilder *b, const char *name, const char *value, double number)
{
  json_builder_set_member_name (b, name);
  if (!isnan (number))
    json_builder_add_double_value (b, number);
  else
    json_builder_add_string_value (b, value);
}

/* How the newest run's conditions differ from the earlier runs its statistics pooled: those
 * runs stay pooled (the verdict's base is the same), and this says what differed. */
static void
json_condition_diffs (JsonBuilder *b, GPtrArray *results)
{
  g_autoptr (GArray) diffs = dmk_history_condition_diffs (results);

  json_builder_set_member_name (b, "newest_conditions_differ");
  json_builder_begin_array (b);
  for (guint i = 0; i < diffs->len; i++)
    {
      const DmkHistoryConditionDiff *d = &g_array_index (diffs, DmkHistoryConditionDiff, i);

      json_builder_begin_object (b);
      json_string (b, "condition", dmk_condition_to_string (d->condition));
      json_condition_value (b, "newest", d->newest, d->newest_number);
      json_builder_set_member_name (b, "earlier_entries");
      json_builder_add_int_value (b, d->n_earlier);
      json_builder_set_member_name (b, "earlier_known");
      json_builder_add_int_value (b, d->n_known);
      json_builder_set_member_name (b, "earlier_differing");
      json_builder_add_int_value (b, d->n_differ);
      json_builder_set_member_name (b, "earlier_values");
      json_builder_begin_array (b);
      for (guint k = 0; k < d->values->len; k++)
        {
          const DmkHistoryConditionValue *v =
            &g_array_index (d->values, DmkHistoryConditionValue, k);
          json_builder_begin_object (b);
          json_condition_value (b, "value", v->value, v->number);
          json_builder_set_member_name (b, "entries");
          json_builder_add_int_value (b, v->entries);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_entry (JsonBuilder *b, const DmkHistoryEntry *e)
{
  g_autoptr (JsonNode) settings = e->settings ? json_from_string (e->settings, NULL) : NULL;
  g_autoptr (DmkResult) r = dmk_history_entry_result (e, NULL);
  g_autofree char *tool = tool_of (r);

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
  json_string (b, "tool", tool);
  json_string (b, "comment", r != NULL && r->comment != NULL && *r->comment ? r->comment : NULL);
  json_conditions (b, r);
  json_builder_set_member_name (b, "settings");
  if (settings != NULL)
    json_builder_add_value (b, g_steal_pointer (&settings));
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

/* A number, or null where JSON has none (not measured, not finite). */
static void
json_double (JsonBuilder *b, const char *name, double value, gboolean has)
{
  json_builder_set_member_name (b, name);
  if (has && isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
json_doubles (JsonBuilder *b, const char *name, GArray *values)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; values != NULL && i < values->len; i++)
    json_builder_add_double_value (b, g_array_index (values, double, i));
  json_builder_end_array (b);
}

/* Welch's test as it was made: its t, df and p-value and the passes on each side; null when it
 * was not made (a first run, too few passes, a test the newest run left out). */
static void
json_welch (JsonBuilder *b, const DmkHistoryStat *s)
{
  json_builder_set_member_name (b, "welch");
  if (isnan (s->p_value))
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  json_double (b, "t", s->t, TRUE);
  json_double (b, "df", s->df, TRUE);
  json_double (b, "p_value", s->p_value, TRUE);
  json_doubles (b, "newest_passes_mb_per_s", s->newest_passes);
  json_doubles (b, "earlier_passes_mb_per_s", s->earlier_passes);
  json_builder_end_object (b);
}

/* How many earlier entries were left out, by why: [{"why": "score", "entries": 3}, …]. */
static void
json_left_out (JsonBuilder *b, const char *name, const guint counts[DMK_HISTORY_N_UNLIKE])
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint why = DMK_HISTORY_ALIKE + 1; why < DMK_HISTORY_N_UNLIKE; why++)
    if (counts[why] > 0)
      {
        json_builder_begin_object (b);
        json_string (b, "why", dmk_history_unlike_to_string (why));
        json_builder_set_member_name (b, "entries");
        json_builder_add_int_value (b, counts[why]);
        json_builder_end_object (b);
      }
  json_builder_end_array (b);
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
      gboolean earlier = s->n_earlier > 0;

      json_builder_begin_object (b);
      json_string (b, "test", spec);
      json_string (b, "direction", dmk_direction_to_string (s->direction));
      json_builder_set_member_name (b, "entries");
      json_builder_add_int_value (b, s->n_entries);
      /* One base: the earlier entries' scores, which the newest is set against. */
      json_builder_set_member_name (b, "earlier_entries");
      json_builder_add_int_value (b, s->n_earlier);
      json_doubles (b, "earlier_scores_mb_per_s", s->earlier_scores);
      json_double (b, "earlier_median_mb_per_s", s->median, earlier);
      json_double (b, "earlier_min_mb_per_s", s->min, earlier);
      json_double (b, "earlier_max_mb_per_s", s->max, earlier);
      json_double (b, "earlier_rsd_percent", s->rsd, earlier);
      json_double (b, "newest_mb_per_s", s->newest, TRUE);
      /* 0 when nothing was judged, as before. */
      json_double (b, "newest_delta_percent", s->delta_percent, TRUE);
      json_string (b, "newest_noise", noise[s->noise]);
      json_welch (b, s);
      /* false: the newest run did not measure this test (newest_* are an older run's). */
      json_builder_set_member_name (b, "measured_by_newest");
      json_builder_add_boolean_value (b, s->in_newest);
      /* The earlier entries of this test measured otherwise than the newest: not in any of the
       * above. */
      json_builder_set_member_name (b, "earlier_left_out");
      json_builder_add_int_value (b, s->n_left_out);
      json_left_out (b, "earlier_left_out_because", s->left_out);
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
  guint counts[DMK_HISTORY_N_UNLIKE];
  guint left_out = dmk_history_left_out (results, counts);

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
  /* The drive's rated speed, as the user gave it (0 where none), only where it has one. */
  if (dmk_rated_known (&e->rated))
    {
      json_builder_set_member_name (b, "rated_read_mb_per_s");
      json_builder_add_double_value (b, e->rated.read_mb_per_s);
      json_builder_set_member_name (b, "rated_write_mb_per_s");
      json_builder_add_double_value (b, e->rated.write_mb_per_s);
    }
  json_builder_set_member_name (b, "entries");
  json_builder_begin_array (b);
  for (guint i = from; i < to; i++)
    json_entry (b, g_ptr_array_index (entries, i));
  json_builder_end_array (b);
  /* The earlier grid runs that share a test with the newest but were measured otherwise. */
  json_builder_set_member_name (b, "earlier_runs_left_out");
  json_builder_add_int_value (b, left_out);
  json_left_out (b, "earlier_runs_left_out_because", counts);
  json_condition_diffs (b, results);
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
  json_string (b, "schema", "gdiskmark-history/2");
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

/* The results of each drive's entries and their statistics, for the CSV: entry k's result is
 * results[index[k]] (G_MAXUINT: none), and its drive's stats are stats[k]. */
typedef struct
{
  GPtrArray *results; /* DmkResult*, every drive's in turn */
  GArray *index;      /* guint, per entry */
  GPtrArray *stats;   /* GArray of DmkHistoryStat, per entry (its drive's; shared) */
  GArray *first;      /* guint, per entry: its drive's first index in results */
  GPtrArray *differ;  /* char*, per entry: its drive's newest run's other conditions, or NULL */
} CsvData;

/* "power battery (earlier: ac 3); fill_percent 95 (earlier: 40 2, 62 1)": the conditions in
 * which the newest run differs from the earlier runs pooled with it; NULL when none. */
static char *
csv_differ_of (GPtrArray *results)
{
  g_autoptr (GArray) diffs = dmk_history_condition_diffs (results);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < diffs->len; i++)
    {
      const DmkHistoryConditionDiff *d = &g_array_index (diffs, DmkHistoryConditionDiff, i);

      g_string_append_printf (out, "%s%s %s (earlier:", i > 0 ? "; " : "",
                              dmk_condition_to_string (d->condition), d->newest);
      for (guint k = 0; k < d->values->len; k++)
        {
          const DmkHistoryConditionValue *v =
            &g_array_index (d->values, DmkHistoryConditionValue, k);
          g_string_append_printf (out, "%s %s %u", k > 0 ? "," : "", v->value, v->entries);
        }
      g_string_append_c (out, ')');
    }
  return g_string_free (out, out->len == 0);
}

static void
csv_data_init (CsvData *d, GPtrArray *entries)
{
  d->results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  d->index = g_array_new (FALSE, FALSE, sizeof (guint));
  d->first = g_array_new (FALSE, FALSE, sizeof (guint));
  d->stats = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  d->differ = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < entries->len;)
    {
      guint end = drive_end (entries, i), first = d->results->len;
      g_autoptr (GPtrArray) drive = g_ptr_array_new ();
      g_autofree char *differ = NULL;
      GArray *stats;

      for (guint k = i; k < end; k++)
        {
          DmkResult *r = dmk_history_entry_result (g_ptr_array_index (entries, k), NULL);
          guint at = r != NULL ? d->results->len : G_MAXUINT;

          if (r != NULL)
            {
              g_ptr_array_add (d->results, r);
              g_ptr_array_add (drive, r);
            }
          g_array_append_val (d->index, at);
          g_array_append_val (d->first, first);
        }
      stats = dmk_history_stats (drive);
      differ = csv_differ_of (drive);
      for (guint k = i; k < end; k++)
        {
          g_ptr_array_add (d->stats, g_array_ref (stats));
          g_ptr_array_add (d->differ, g_strdup (differ));
        }
      g_array_unref (stats);
      i = end;
    }
}

static void
csv_data_clear (CsvData *d)
{
  g_ptr_array_unref (d->results);
  g_array_unref (d->index);
  g_array_unref (d->first);
  g_ptr_array_unref (d->stats);
  g_ptr_array_unref (d->differ);
}

/* The stat of t's test, and t's entry's place in it: "newest", "earlier" or NULL (not pooled);
 * *why: why it was left out (measured otherwise than the newest run), else NULL. */
static const DmkHistoryStat *
stat_for (GArray *stats, const DmkTestResult *t, guint drive_index, const char **role,
          const char **why)
{
  *role = *why = NULL;
  for (guint i = 0; i < stats->len; i++)
    {
      const DmkHistoryStat *s = &g_array_index (stats, DmkHistoryStat, i);

      if (s->direction != t->direction || !dmk_test_spec_equal (&s->spec, &t->spec))
        continue;
      for (guint k = 0; k < s->pooled->len; k++)
        if (g_array_index (s->pooled, guint, k) == drive_index)
          {
            *role = k + 1 == s->pooled->len ? "newest" : "earlier";
            return s;
          }
      for (guint k = 0; k < s->left_out_entries->len; k++)
        {
          const DmkHistoryLeftOut *l = &g_array_index (s->left_out_entries, DmkHistoryLeftOut, k);
          if (l->index == drive_index)
            *why = dmk_history_unlike_to_string (l->why);
        }
      return NULL;
    }
  return NULL;
}

/* On the newest row of a test: how many of its earlier entries were left out, and why
 * ("score 3; verify 1"). */
static void
csv_left_out (DmkCsv *csv, const DmkHistoryStat *s, gboolean here)
{
  g_autoptr (GString) why = g_string_new (NULL);

  if (!here)
    {
      dmk_csv_empty (csv);
      dmk_csv_empty (csv);
      return;
    }
  for (guint w = DMK_HISTORY_ALIKE + 1; w < DMK_HISTORY_N_UNLIKE; w++)
    if (s->left_out[w] > 0)
      g_string_append_printf (why, "%s%s %u", why->len > 0 ? "; " : "",
                              dmk_history_unlike_to_string (w), s->left_out[w]);
  dmk_csv_uint (csv, s->n_left_out);
  dmk_csv_text (csv, why->len > 0 ? why->str : NULL);
}

/* A number as it is, to the last digit (C locale), or empty. */
static void
csv_exact (DmkCsv *csv, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  dmk_csv_value (csv, v, isfinite (v) ? g_ascii_dtostr (buf, sizeof buf, v) : NULL);
}

/* The passes of a test, space apart, exact. */
static void
csv_passes (DmkCsv *csv, const DmkTestResult *t)
{
  g_autoptr (GString) s = g_string_new (NULL);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; t != NULL && t->passes != NULL && i < t->passes->len; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? " " : "",
                            g_ascii_dtostr (buf, sizeof buf,
                                            g_array_index (t->passes, DmkPass, i).mb_per_s));
  dmk_csv_text (csv, s->len > 0 ? s->str : NULL);
}

/* The statistics columns, on the newest entry's row of each test (the others' are empty). */
static void
csv_stat (DmkCsv *csv, const DmkHistoryStat *s, const char *role)
{
  static const char *const noise[] = { "unknown", "within", "beyond" };
  gboolean newest = s != NULL && g_strcmp0 (role, "newest") == 0;
  gboolean here = newest && s->n_earlier > 0;

  dmk_csv_text (csv, role);
  csv_exact (csv, here ? s->median : NAN);
  csv_exact (csv, here && s->in_newest ? s->delta_percent : NAN);
  dmk_csv_text (csv, here ? noise[s->noise] : NULL);
  csv_exact (csv, here ? s->t : NAN);
  csv_exact (csv, here ? s->df : NAN);
  csv_exact (csv, here ? s->p_value : NAN);
  if (here && !isnan (s->p_value))
    {
      dmk_csv_uint (csv, s->newest_passes->len);
      dmk_csv_uint (csv, s->earlier_passes->len);
    }
  else
    {
      dmk_csv_empty (csv);
      dmk_csv_empty (csv);
    }
  csv_left_out (csv, s, newest);
}

/* The run's own conditions, each empty where unknown. */
static void
csv_conditions (DmkCsv *csv, const DmkResult *r)
{
  const DmkConditions *c = r != NULL ? &r->conditions : NULL;

  dmk_csv_text (csv, c != NULL && c->power != DMK_POWER_UNKNOWN ? dmk_power_to_string (c->power)
                                                                : NULL);
  dmk_csv_text (csv, c != NULL ? c->platform_profile : NULL);
  dmk_csv_text (csv, c != NULL ? c->cpu_governor : NULL);
  if (c != NULL && c->nvme_apst_us >= 0)
    dmk_csv_uint (csv, (guint64) c->nvme_apst_us);
  else
    dmk_csv_empty (csv);
  csv_exact (csv, c != NULL && c->fill_percent >= 0 ? c->fill_percent : NAN);
}

/* One row per test of each entry (a scan is one row with its kind and no test): its score and
 * passes, whether the history's statistics pooled it (as the newest or an earlier run) or why
 * it left it out (measured otherwise than the newest), and on the newest run's row of each test
 * those statistics: the earlier runs' median, the change, Welch's test with the passes it used
 * on each side, and how many earlier entries were left out and why; then the run's conditions
 * and, on those rows, the conditions in which the newest run differs from the earlier runs
 * pooled with it (which stay pooled); last, the tool and the comment. */
static void
history_table (GPtrArray *entries, DmkCsv *csv)
{
  static const char *const header[] = {
    "entry", "drive", "model", "serial", "date", "kind", "target", "engine", "test", "direction",
    "mb_per_s", "iops", "passes_mb_per_s", "pooled_as", "earlier_median_mb_per_s",
    "delta_percent", "noise", "welch_t", "welch_df", "p_value", "newest_passes",
    "earlier_passes", "earlier_left_out", "earlier_left_out_because", "left_out_because", "power",
    "platform_profile", "cpu_governor", "nvme_apst_us", "fill_percent", "conditions_differ", "tool",
    "comment", NULL
  };
  CsvData d;

  csv_data_init (&d, entries);
  dmk_csv_header (csv, header);
  for (guint i = 0; i < entries->len; i++)
    {
      DmkHistoryEntry *e = g_ptr_array_index (entries, i);
      guint at = g_array_index (d.index, guint, i);
      DmkResult *r = at != G_MAXUINT ? g_ptr_array_index (d.results, at) : NULL;
      guint n = r != NULL && r->kind == DMK_KIND_GRID ? r->tests->len : 0;
      g_autofree char *tool = tool_of (r);

      for (guint k = 0; k < MAX (n, 1); k++)
        {
          DmkTestResult *t = k < n ? g_ptr_array_index (r->tests, k) : NULL;
          g_autofree char *spec = t != NULL ? dmk_test_spec_to_name (&t->spec) : NULL;
          /* "mix R70%": 30 % and 70 % reads are two tests, as in the comparison's CSV. */
          g_autofree char *direction =
            t != NULL ? dmk_direction_share_string (t->direction,
                                                    dmk_settings_mix_share (&r->settings,
                                                                            t->direction))
                      : NULL;
          const char *fields[] = { e->drive.model, e->drive.serial, e->date, e->kind,
                                   e->target, t && t->engine ? t->engine : e->engine, spec,
                                   direction };
          const DmkHistoryStat *s = NULL;
          const char *role = NULL, *why = NULL;

          if (t != NULL)
            s = stat_for (g_ptr_array_index (d.stats, i), t, at - g_array_index (d.first, guint, i),
                          &role, &why);
          dmk_csv_uint (csv, (guint64) e->id);
          dmk_csv_uint (csv, (guint64) e->drive_id);
          for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
            dmk_csv_text (csv, fields[f]);
          dmk_csv_number (csv, t != NULL ? t->mb_per_s : NAN,
                          t != NULL ? dmk_decimals_for_digits (t->mb_per_s, 3, 4) : 3);
          dmk_csv_number (csv, t != NULL ? t->iops : NAN, 1);
          csv_passes (csv, t);
          csv_stat (csv, s, role);
          dmk_csv_text (csv, why);
          csv_conditions (csv, r);
          /* Beside the statistics it annotates: on the newest run's rows that have a base. */
          dmk_csv_text (csv, s != NULL && s->n_earlier > 0 && g_strcmp0 (role, "newest") == 0
                               ? g_ptr_array_index (d.differ, i)
                               : NULL);
          dmk_csv_text (csv, tool);
          dmk_csv_text (csv, r != NULL && r->comment != NULL && *r->comment ? r->comment : NULL);
          dmk_csv_end_row (csv);
        }
    }
  csv_data_clear (&d);
}

char *
dmk_history_to_csv (GPtrArray *entries)
{
  GString *out = g_string_new (NULL);
  DmkCsv csv;

  g_return_val_if_fail (entries != NULL, NULL);
  dmk_csv_init (&csv, out);
  history_table (entries, &csv);
  return g_string_free (out, FALSE);
}

gboolean
dmk_history_save_sheet (GPtrArray *entries, DmkSheetFormat format, const char *path,
                        GError **error)
{
  g_autoptr (DmkSheet) sheet = dmk_sheet_new ();
  DmkCsv csv;

  g_return_val_if_fail (entries != NULL && path != NULL, FALSE);
  dmk_sheet_add_table (sheet, "History");
  dmk_csv_init_sheet (&csv, sheet);
  history_table (entries, &csv);
  return dmk_sheet_save (sheet, format, path, error);
}
