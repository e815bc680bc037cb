/* dmk-result-write.c: a result of any kind as gdiskmark-result/1 JSON: one encoding of a test, one
 * of columns of numbers. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dmk-error.h"
#include "dmk-output.h"
#include "dmk-json-codec.h"
#include "dmk-rated.h"
#include "dmk-result-chain.h"
#include "dmk-scan.h"
#include "dmk-spread.h"
#include "dmk-steady.h"

static void
add_tool (JsonBuilder *b, const DmkResult *r)
{
  json_builder_set_member_name (b, "tool");
  json_builder_begin_object (b);
  _dmk_jb_string (b, "name", r->tool_name);
  _dmk_jb_string (b, "version", r->tool_version);
  _dmk_jb_string (b, "engine", r->engine);
  json_builder_end_object (b);
}

static void
add_target (JsonBuilder *b, const DmkTargetInfo *target)
{
  json_builder_set_member_name (b, "target");
  json_builder_begin_object (b);
  _dmk_jb_string (b, "path", target->path);
  _dmk_jb_string (b, "kind", dmk_target_kind_to_string (target->kind));
  _dmk_jb_string (b, "filesystem", target->filesystem);
  _dmk_jb_string (b, "device", target->device);
  _dmk_jb_string (b, "model", target->model);
  _dmk_jb_int (b, "size_bytes", (gint64) target->size_bytes);
  _dmk_jb_int (b, "free_bytes", (gint64) target->free_bytes);
  if (target->used_bytes > 0)
    _dmk_jb_int (b, "used_bytes", (gint64) target->used_bytes);
  _dmk_jb_bool (b, "rotational", target->rotational);
  if (target->facts_source != NULL)
    _dmk_jb_string (b, "facts_source", target->facts_source);
  json_builder_end_object (b);
}

/* --verify's count: blocks checked, mismatches and where the first was (null: none). */
static void
add_verify (JsonBuilder *b, const DmkStampTally *v)
{
  json_builder_set_member_name (b, "verify");
  json_builder_begin_object (b);
  _dmk_jb_int (b, "block_bytes", DMK_STAMP_SIZE);
  _dmk_jb_int (b, "checked_blocks", (gint64) v->checked);
  _dmk_jb_int (b, "mismatches", (gint64) v->bad);
  json_builder_set_member_name (b, "first_mismatch_offset");
  if (v->has_bad)
    json_builder_add_int_value (b, (gint64) v->first_bad);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

static void
add_settings (JsonBuilder *b, const DmkSettings *settings)
{
  json_builder_set_member_name (b, "settings");
  json_builder_begin_object (b);
  _dmk_jb_string (b, "profile", settings->profile);
  _dmk_jb_string (b, "mode", dmk_mode_to_string (settings->mode));
  _dmk_jb_int (b, "passes", settings->passes);
  _dmk_jb_int (b, "size_bytes", (gint64) settings->size_bytes);
  _dmk_jb_int (b, "measure_s", settings->measure_s);
  _dmk_jb_int (b, "warmup_s", dmk_settings_warmup_s (settings));
  _dmk_jb_int (b, "interval_s", settings->interval_s);
  _dmk_jb_string (b, "data", dmk_data_to_string (settings->data));
  _dmk_jb_bool (b, "direct", settings->direct);
  _dmk_jb_int (b, "mix_read_percent", settings->mix_read_percent);
  if (settings->poll)
    _dmk_jb_bool (b, "poll", TRUE); /* only when used: files before it had none */
  if (settings->verify)
    _dmk_jb_bool (b, "verify", TRUE); /* the same */
  if (settings->reread)
    _dmk_jb_bool (b, "reread", TRUE); /* the same */
  if (settings->until_stable)
    _dmk_jb_bool (b, "until_stable", TRUE); /* the same */
  if (settings->score != DMK_SCORE_BEST)
    _dmk_jb_string (b, "score", dmk_score_to_string (settings->score)); /* files before: best */
  json_builder_end_object (b);
}

/* For readers of the file that do not compute it: readers of ours recompute it from the passes,
 * and files without it load as before. */
static void
add_spread (JsonBuilder *b, const DmkTestResult *t)
{
  DmkSpread spread;

  if (!dmk_test_result_spread (t, &spread))
    return;
  json_builder_set_member_name (b, "spread");
  json_builder_begin_object (b);
  _dmk_jb_int (b, "passes", spread.n);
  _dmk_jb_double (b, "min_mb_per_s", spread.min);
  _dmk_jb_double (b, "median_mb_per_s", spread.median);
  _dmk_jb_double (b, "max_mb_per_s", spread.max);
  _dmk_jb_double (b, "rsd_percent", spread.rsd_percent);
  json_builder_end_object (b);
  if (t->stability == DMK_STABILITY_OFF)
    return;
  /* How many passes ran and why: the RSD fell below 2.5%, or the limit of 3× came first. */
  json_builder_set_member_name (b, "until_stable");
  json_builder_begin_object (b);
  _dmk_jb_int (b, "passes_asked", t->passes_asked);
  _dmk_jb_int (b, "passes_run", spread.n);
  _dmk_jb_string (b, "stopped", t->stability == DMK_STABILITY_STABLE ? "stable" : "limit");
  json_builder_end_object (b);
}

/* One element of "results": the test's best pass, then every pass with its series. */
static void
add_test (JsonBuilder *b, const DmkTestResult *t)
{
  json_builder_begin_object (b);
  _dmk_jb_spec (b, &t->spec);
  _dmk_jb_string (b, "direction", dmk_direction_to_string (t->direction));
  /* Only where the test ran on another engine than the run's (tool.engine). */
  if (t->engine != NULL)
    _dmk_jb_string (b, "engine", t->engine);
  /* Only where the test was measured at another time than the run (a row run again). */
  if (t->date != NULL)
    _dmk_jb_string (b, "date", t->date);
  _dmk_jb_double (b, "mb_per_s", t->mb_per_s);
  _dmk_jb_double (b, "iops", t->iops);
  json_builder_set_member_name (b, "latency_us");
  json_builder_begin_object (b);
  _dmk_jb_double (b, "mean", t->latency_us.mean);
  _dmk_jb_double (b, "p50", t->latency_us.p50);
  _dmk_jb_double (b, "p90", t->latency_us.p90);
  _dmk_jb_double (b, "p99", t->latency_us.p99);
  _dmk_jb_double (b, "p99_9", t->latency_us.p99_9);
  _dmk_jb_double (b, "p99_99", t->latency_us.p99_99);
  json_builder_end_object (b);
  add_spread (b, t);
  json_builder_set_member_name (b, "passes");
  json_builder_begin_array (b);
  for (guint j = 0; j < t->passes->len; j++)
    {
      DmkPass *p = &g_array_index (t->passes, DmkPass, j);

      json_builder_begin_object (b);
      _dmk_jb_double (b, "mb_per_s", p->mb_per_s);
      _dmk_jb_double (b, "iops", p->iops);
      _dmk_jb_int (b, "bytes", (gint64) p->bytes);
      _dmk_jb_double (b, "seconds", p->seconds);
      if (j < t->series->len && g_ptr_array_index (t->series, j) != NULL)
        _dmk_jb_columns (b, "series", &dmk_columns_samples, g_ptr_array_index (t->series, j));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
add_cliff (JsonBuilder *b, const DmkCliff *c)
{
  json_builder_set_member_name (b, "cliff");
  if (!c->found)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  _dmk_jb_int (b, "cache_bytes", (gint64) c->cache_bytes);
  _dmk_jb_double (b, "before_mb_per_s", c->before_mb_per_s);
  _dmk_jb_double (b, "after_mb_per_s", c->after_mb_per_s);
  if (c->recovered)
    {
      _dmk_jb_int (b, "recovery_bytes", (gint64) c->recovery_bytes);
      _dmk_jb_double (b, "recovery_mb_per_s", c->recovery_mb_per_s);
    }
  json_builder_end_object (b);
}

/* Computed from the series, for other readers: ours compute it again, so older files have it. */
static void
add_steady (JsonBuilder *b, const DmkSustained *s)
{
  DmkSteady st;

  if (!dmk_steady_detect (s->series, dmk_steady_round_bytes (s->span_bytes), &st))
    return;
  json_builder_set_member_name (b, "steady_state");
  json_builder_begin_object (b);
  _dmk_jb_bool (b, "steady", st.steady);
  _dmk_jb_int (b, "round_bytes", (gint64) st.round_bytes);
  _dmk_jb_int (b, "rounds", st.n_rounds);
  if (st.steady)
    {
      _dmk_jb_int (b, "steady_bytes", (gint64) st.steady_bytes);
      /* Where the steady stretch's first five rounds end: SNIA's own stopping point. */
      _dmk_jb_int (b, "window_bytes", (gint64) st.window_bytes);
      _dmk_jb_double (b, "mb_per_s", st.mb_per_s);
    }
  json_builder_end_object (b);
}

static void
add_sustained (JsonBuilder *b, const DmkSustained *s)
{
  json_builder_set_member_name (b, "sustained");
  json_builder_begin_object (b);
  _dmk_jb_spec (b, &s->spec);
  _dmk_jb_int (b, "span_bytes", (gint64) s->span_bytes);
  _dmk_jb_int (b, "bytes", (gint64) s->bytes);
  _dmk_jb_double (b, "seconds", s->seconds);
  _dmk_jb_double (b, "mb_per_s", s->mb_per_s);
  add_cliff (b, &s->cliff);
  add_steady (b, s);
  _dmk_jb_columns (b, "series", &dmk_columns_sustained, s->series);
  json_builder_end_object (b);
}

static void
add_surface (JsonBuilder *b, const DmkSurface *s)
{
  json_builder_set_member_name (b, "surface");
  json_builder_begin_object (b);
  _dmk_jb_spec (b, &s->spec);
  _dmk_jb_string (b, "direction", dmk_direction_to_string (s->direction));
  _dmk_jb_int (b, "span_bytes", (gint64) s->span_bytes);
  _dmk_jb_int (b, "sample_bytes", (gint64) s->sample_bytes);
  _dmk_jb_columns (b, "points", &dmk_columns_surface_points, s->points);
  _dmk_jb_int (b, "access_block", s->access_block);
  _dmk_jb_columns (b, "access", &dmk_columns_access, s->access);
  json_builder_end_object (b);
}

static void
add_temperature (JsonBuilder *b, const DmkTemperature *t)
{
  /* Only where the drive told one: older files and drives without a sensor have none. */
  json_builder_set_member_name (b, "temperature_c");
  json_builder_begin_object (b);
  _dmk_jb_double (b, "before", t->before_c);
  _dmk_jb_double (b, "peak", t->peak_c);
  _dmk_jb_double (b, "after", t->after_c);
  if (t->warning_c > 0)
    _dmk_jb_double (b, "warning", t->warning_c);
  json_builder_end_object (b);
}

static void
add_strings (JsonBuilder *b, const char *key, GPtrArray *strings)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (strings, i));
  json_builder_end_array (b);
}

char *
dmk_result_to_json (DmkResult *r)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (r != NULL, NULL);

  json_builder_begin_object (b);
  _dmk_jb_string (b, "schema", DMK_RESULT_SCHEMA);
  _dmk_jb_string (b, "kind", dmk_result_kind_to_string (r->kind));
  add_tool (b, r);
  _dmk_jb_string (b, "date", r->date);
  add_target (b, &r->target);
  add_settings (b, &r->settings);
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->tests->len; i++)
    add_test (b, g_ptr_array_index (r->tests, i));
  json_builder_end_array (b);
  if (r->kind == DMK_KIND_SUSTAINED && r->sustained != NULL)
    add_sustained (b, r->sustained);
  else if (r->kind == DMK_KIND_SURFACE && r->surface != NULL)
    add_surface (b, r->surface);
  if (r->settings.verify)
    add_verify (b, &r->verify);
  add_strings (b, "warnings", r->warnings);
  _dmk_jb_string (b, "comment", r->comment ? r->comment : "");
  _dmk_jb_string (b, "os", r->os);
  if (r->temperature.known)
    add_temperature (b, &r->temperature);
  _dmk_result_write_chain (b, r);
  _dmk_result_write_rated (b, r);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  text = json_generator_to_data (gen, NULL);
  return g_strconcat (text, "\n", NULL);
}

gboolean
dmk_result_save (DmkResult *result, const char *filename, GError **error)
{
  g_autofree char *json = dmk_result_to_json (result);

  return dmk_output_save (filename, json, strlen (json), error);
}
