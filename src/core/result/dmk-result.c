/* dmk-result.c: results in memory: a run's tests with every pass, and the scans' sections. */
#include "config.h"

#include "dmk-result.h"
#include "dmk-scan.h"
#include "dmk-series.h"

#include <string.h>

G_DEFINE_BOXED_TYPE (DmkResult, dmk_result, dmk_result_ref, dmk_result_unref)

static void
series_unref (gpointer series)
{
  if (series != NULL)
    g_array_unref (series);
}

DmkResult *
dmk_result_new (void)
{
  DmkResult *r = g_new0 (DmkResult, 1);

  g_atomic_ref_count_init (&r->ref);
  r->tool_name = g_strdup ("gdiskmark");
  r->tool_version = g_strdup (PACKAGE_VERSION);
  r->engine = g_strdup ("libaio");
  dmk_settings_init_default (&r->settings);
  r->tests = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_test_result_free);
  r->warnings = g_ptr_array_new_with_free_func (g_free);
  r->comment = g_strdup ("");
  dmk_conditions_init (&r->conditions);
  return r;
}

DmkResult *
dmk_result_ref (DmkResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);
  g_atomic_ref_count_inc (&result->ref);
  return result;
}

void
dmk_result_unref (DmkResult *r)
{
  g_return_if_fail (r != NULL);
  if (!g_atomic_ref_count_dec (&r->ref))
    return;
  g_free (r->tool_name);
  g_free (r->tool_version);
  g_free (r->engine);
  g_free (r->date);
  dmk_target_info_clear (&r->target);
  dmk_settings_clear (&r->settings);
  g_ptr_array_unref (r->tests);
  g_ptr_array_unref (r->warnings);
  g_free (r->comment);
  g_free (r->os);
  dmk_sustained_free (r->sustained);
  dmk_surface_free (r->surface);
  dmk_chain_free (r->chain);
  dmk_conditions_clear (&r->conditions);
  g_free (r);
}

DmkResult *
dmk_result_copy (const DmkResult *r)
{
  DmkResult *copy;

  g_return_val_if_fail (r != NULL, NULL);
  copy = dmk_result_new ();
  copy->kind = r->kind;
  g_free (copy->tool_name);
  copy->tool_name = g_strdup (r->tool_name);
  g_free (copy->tool_version);
  copy->tool_version = g_strdup (r->tool_version);
  g_free (copy->engine);
  copy->engine = g_strdup (r->engine);
  copy->date = g_strdup (r->date);
  dmk_target_info_copy (&copy->target, &r->target);
  dmk_settings_clear (&copy->settings);
  dmk_settings_copy (&copy->settings, &r->settings);
  for (guint i = 0; i < r->tests->len; i++)
    g_ptr_array_add (copy->tests, dmk_test_result_copy (g_ptr_array_index (r->tests, i)));
  for (guint i = 0; i < r->warnings->len; i++)
    g_ptr_array_add (copy->warnings, g_strdup (g_ptr_array_index (r->warnings, i)));
  g_free (copy->comment);
  copy->comment = g_strdup (r->comment);
  copy->os = g_strdup (r->os);
  copy->temperature = r->temperature;
  copy->sustained = dmk_sustained_copy (r->sustained);
  copy->surface = dmk_surface_copy (r->surface);
  copy->verify = r->verify;
  copy->chain = r->chain != NULL ? dmk_chain_copy (r->chain) : NULL;
  dmk_conditions_clear (&copy->conditions);
  dmk_conditions_copy (&copy->conditions, &r->conditions);
  copy->rated = r->rated;
  return copy;
}

DmkTestResult *
dmk_test_result_new (const DmkTestSpec *spec, DmkDirection direction)
{
  DmkTestResult *t = g_new0 (DmkTestResult, 1);

  t->spec = *spec;
  t->direction = direction;
  t->passes = g_array_new (FALSE, TRUE, sizeof (DmkPass));
  t->series = g_ptr_array_new_with_free_func (series_unref);
  return t;
}

DmkTestResult *
dmk_test_result_copy (const DmkTestResult *test)
{
  DmkTestResult *copy;

  g_return_val_if_fail (test != NULL, NULL);
  copy = g_memdup2 (test, sizeof *test);
  /* Every pass, not a shared array: the copy outlives the runner's or the window's original. */
  copy->passes = g_array_sized_new (FALSE, TRUE, sizeof (DmkPass),
                                    test->passes != NULL ? test->passes->len : 0);
  if (test->passes != NULL)
    g_array_append_vals (copy->passes, test->passes->data, test->passes->len);
  copy->series = g_ptr_array_new_with_free_func (series_unref);
  for (guint i = 0; test->series != NULL && i < test->series->len; i++)
    g_ptr_array_add (copy->series, dmk_series_copy (g_ptr_array_index (test->series, i)));
  copy->name = g_strdup (test->name);
  copy->engine = g_strdup (test->engine);
  copy->date = g_strdup (test->date);
  return copy;
}

void
dmk_test_result_free (DmkTestResult *test)
{
  if (test == NULL)
    return;
  g_array_unref (test->passes);
  g_clear_pointer (&test->series, g_ptr_array_unref);
  g_free (test->name);
  g_free (test->engine);
  g_free (test->date);
  g_free (test);
}

void
dmk_latency_from_histogram (const DmkHistogram *hist, DmkLatency *out)
{
  out->mean = dmk_histogram_mean (hist) / 1000.0;
  out->p50 = dmk_histogram_percentile (hist, 50) / 1000.0;
  out->p90 = dmk_histogram_percentile (hist, 90) / 1000.0;
  out->p99 = dmk_histogram_percentile (hist, 99) / 1000.0;
  out->p99_9 = dmk_histogram_percentile (hist, 99.9) / 1000.0;
  out->p99_99 = dmk_histogram_percentile (hist, 99.99) / 1000.0;
}

void
dmk_test_result_add_pass_series (DmkTestResult *test, const DmkPass *pass,
                                 const DmkHistogram *hist, GArray *series)
{
  gboolean best = test->passes->len == 0 || pass->mb_per_s > test->mb_per_s;

  g_array_append_val (test->passes, *pass);
  g_ptr_array_add (test->series, series);
  if (!best)
    return;
  test->mb_per_s = pass->mb_per_s;
  test->iops = pass->iops;
  if (hist != NULL)
    dmk_latency_from_histogram (hist, &test->latency_us);
}

DmkTestResult *
dmk_result_find (DmkResult *result, const DmkTestSpec *spec, DmkDirection direction)
{
  for (guint i = 0; i < result->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (result->tests, i);
      if (t->direction == direction && dmk_test_spec_equal (&t->spec, spec))
        return t;
    }
  return NULL;
}

/* A warning about one test starts with the test and its direction, untranslated, as the
 * plausibility checks write them: "RND4K Q1T1 Read: …" (a translation may use the full-width
 * colon, "RND4K Q1T1 Read：…"); any other (tmpfs, buffered, an interrupted run…) concerns the
 * whole run. */
gboolean
dmk_warning_names_test (const char *warning, DmkTestSpec *spec, DmkDirection *direction)
{
  static const DmkDirection directions[] = { DMK_DIRECTION_READ, DMK_DIRECTION_WRITE,
                                             DMK_DIRECTION_MIX };
  const char *colon = warning != NULL ? strstr (warning, ": ") : NULL;
  const char *wide = warning != NULL ? strstr (warning, "：") : NULL;
  g_autofree char *head = NULL;
  char *space;
  DmkTestSpec parsed;

  if (colon == NULL || (wide != NULL && wide < colon))
    colon = wide;
  if (colon == NULL)
    return FALSE;
  head = g_strndup (warning, (gsize) (colon - warning));
  space = strrchr (head, ' ');
  if (space == NULL)
    return FALSE;
  *space++ = '\0';
  for (guint i = 0; i < G_N_ELEMENTS (directions); i++)
    if (strcmp (space, dmk_direction_report_label (directions[i])) == 0 &&
        dmk_test_spec_parse (head, &parsed, NULL))
      {
        if (spec != NULL)
          *spec = parsed;
        if (direction != NULL)
          *direction = directions[i];
        return TRUE;
      }
  return FALSE;
}

gboolean
dmk_result_is_foreign (const DmkResult *result)
{
  g_return_val_if_fail (result != NULL, FALSE);
  return result->tool_name != NULL && *result->tool_name != '\0' &&
         g_strcmp0 (result->tool_name, "gdiskmark") != 0;
}
