/* dmk-history-conditions.c: whether the newest run of a drive was measured under other
 * conditions than the earlier runs its verdict is based on (on battery, another power profile or
 * CPU governor, NVMe power saving, a much fuller filesystem), counted per value and said in a
 * sentence. It annotates the verdict and leaves its base alone: a user sees what the newest run
 * was set against, and why it may differ. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dmk-chain.h"
#include "dmk-history.h"

/* Fill levels further apart than this, in points, change how a drive writes (a full SSD has
 * fewer free blocks to write into; a disk's outer tracks are used first). */
#define FILL_APART 20.0
/* Above this a filesystem's allocator and an SSD's spare blocks both run short. */
#define FILL_FULL 90.0

const char *
dmk_condition_to_string (DmkCondition condition)
{
  static const char *const names[] = { "power", "platform_profile", "cpu_governor",
                                       "nvme_apst_us", "fill_percent" };

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == DMK_N_CONDITIONS);
  g_return_val_if_fail (condition < DMK_N_CONDITIONS, NULL);
  return names[condition];
}

static gboolean
starts_nvme (const char *name)
{
  const char *base = name != NULL ? strrchr (name, '/') : NULL;

  return name != NULL && g_str_has_prefix (base != NULL ? base + 1 : name, "nvme");
}

/* Whether the run's drive is NVMe (also beneath dm-crypt, LVM or a filesystem): APST is
 * nvme_core's, and says nothing of any other drive. */
static gboolean
on_nvme (const DmkResult *r)
{
  if (starts_nvme (r->target.device))
    return TRUE;
  for (guint i = 0; r->chain != NULL && i < r->chain->links->len; i++)
    if (starts_nvme (((DmkChainLink *) g_ptr_array_index (r->chain->links, i))->disk))
      return TRUE;
  return FALSE;
}

/* The condition's value in r as the JSON says it, and its number; NULL when unknown. */
static char *
value_of (const DmkResult *r, DmkCondition condition, double *number)
{
  const DmkConditions *c = &r->conditions;

  *number = NAN;
  switch (condition)
    {
    case DMK_CONDITION_POWER:
      return c->power != DMK_POWER_UNKNOWN ? g_strdup (dmk_power_to_string (c->power)) : NULL;
    case DMK_CONDITION_PROFILE:
      return g_strdup (c->platform_profile);
    case DMK_CONDITION_GOVERNOR:
      return g_strdup (c->cpu_governor);
    case DMK_CONDITION_APST:
      if (c->nvme_apst_us < 0)
        return NULL;
      *number = (double) c->nvme_apst_us;
      return g_strdup_printf ("%" G_GINT64_FORMAT, c->nvme_apst_us);
    case DMK_CONDITION_FILL:
      if (c->fill_percent < 0)
        return NULL;
      *number = round (c->fill_percent);
      return g_strdup_printf ("%.0f", *number);
    default:
      return NULL;
    }
}

static gboolean
fill_differs (double a, double b)
{
  return fabs (a - b) > FILL_APART || (a >= FILL_FULL) != (b >= FILL_FULL);
}

static gboolean
differs (const DmkResult *newest, const DmkResult *r, DmkCondition condition)
{
  if (condition == DMK_CONDITION_FILL)
    return fill_differs (newest->conditions.fill_percent, r->conditions.fill_percent);
  if (condition == DMK_CONDITION_APST)
    return newest->conditions.nvme_apst_us != r->conditions.nvme_apst_us;
  if (condition == DMK_CONDITION_POWER)
    return newest->conditions.power != r->conditions.power;
  if (condition == DMK_CONDITION_PROFILE)
    return g_strcmp0 (newest->conditions.platform_profile, r->conditions.platform_profile) != 0;
  return g_strcmp0 (newest->conditions.cpu_governor, r->conditions.cpu_governor) != 0;
}

/* The earlier runs (indexes in results, oldest first) pooled by any of the tests the newest grid
 * measured: the verdict's base. *newest_index gets the newest grid's. */
static GArray *
earlier_pooled (GPtrArray *results, guint *newest_index)
{
  g_autoptr (GArray) stats = dmk_history_stats (results);
  g_autofree gboolean *in = g_new0 (gboolean, results->len + 1);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));

  *newest_index = G_MAXUINT;
  for (guint i = results->len; i > 0 && *newest_index == G_MAXUINT; i--)
    if (((DmkResult *) g_ptr_array_index (results, i - 1))->kind == DMK_KIND_GRID)
      *newest_index = i - 1;
  for (guint i = 0; i < stats->len; i++)
    {
      const DmkHistoryStat *s = &g_array_index (stats, DmkHistoryStat, i);

      for (guint k = 0; s->in_newest && k < s->pooled->len; k++)
        {
          guint at = g_array_index (s->pooled, guint, k);
          if (at < results->len && at != *newest_index)
            in[at] = TRUE;
        }
    }
  for (guint i = 0; i < results->len; i++)
    if (in[i])
      g_array_append_val (out, i);
  return out;
}

static void
value_clear (gpointer data)
{
  g_free (((DmkHistoryConditionValue *) data)->value);
}

static void
diff_clear (gpointer data)
{
  DmkHistoryConditionDiff *d = data;

  g_clear_pointer (&d->newest, g_free);
  g_clear_pointer (&d->values, g_array_unref);
}

static void
count_value (GArray *values, char *value, double number)
{
  DmkHistoryConditionValue fresh = { value, number, 1 };

  for (guint i = 0; i < values->len; i++)
    {
      DmkHistoryConditionValue *v = &g_array_index (values, DmkHistoryConditionValue, i);
      if (strcmp (v->value, value) == 0)
        {
          v->entries++;
          g_free (value);
          return;
        }
    }
  g_array_append_val (values, fresh);
}

/* One condition over the earlier pooled runs; FALSE (nothing to say) when the newest run does
 * not know it or no earlier run that knows it differs. */
static gboolean
diff_of (GPtrArray *results, const DmkResult *newest, GArray *earlier, DmkCondition condition,
         DmkHistoryConditionDiff *d)
{
  memset (d, 0, sizeof *d);
  d->condition = condition;
  if (condition == DMK_CONDITION_APST && !on_nvme (newest))
    return FALSE;
  d->newest = value_of (newest, condition, &d->newest_number);
  if (d->newest == NULL)
    return FALSE;
  d->n_earlier = earlier->len;
  d->values = g_array_new (FALSE, FALSE, sizeof (DmkHistoryConditionValue));
  g_array_set_clear_func (d->values, value_clear);
  for (guint i = 0; i < earlier->len; i++)
    {
      const DmkResult *r = g_ptr_array_index (results, g_array_index (earlier, guint, i));
      double number;
      char *value = value_of (r, condition, &number);

      if (value == NULL)
        continue;
      d->n_known++;
      if (!differs (newest, r, condition))
        {
          g_free (value);
          continue;
        }
      d->n_differ++;
      count_value (d->values, value, number);
    }
  if (d->n_differ > 0)
    return TRUE;
  diff_clear (d);
  return FALSE;
}

GArray *
dmk_history_condition_diffs (GPtrArray *results)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DmkHistoryConditionDiff));
  g_autoptr (GArray) earlier = NULL;
  const DmkResult *newest;
  guint newest_index;

  g_array_set_clear_func (out, diff_clear);
  g_return_val_if_fail (results != NULL, out);
  earlier = earlier_pooled (results, &newest_index);
  if (newest_index == G_MAXUINT || earlier->len == 0)
    return out;
  newest = g_ptr_array_index (results, newest_index);
  for (guint c = 0; c < DMK_N_CONDITIONS; c++)
    {
      DmkHistoryConditionDiff d;
      if (diff_of (results, newest, earlier, c, &d))
        g_array_append_val (out, d);
    }
  return out;
}

/* ---- in words ---- */

/* How a value reads in the sentence: "AC", "battery", "balanced", "APST off". */
static char *
value_words (DmkCondition condition, const char *value, double number)
{
  if (condition == DMK_CONDITION_POWER)
    return g_strdup (strcmp (value, "battery") == 0 ? _("battery") : _("AC"));
  if (condition == DMK_CONDITION_APST && number == 0)
    return g_strdup (_("APST off"));
  if (condition == DMK_CONDITION_APST)
    /* TRANSLATORS: NVMe power saving that may take up to this long to wake: "APST up to
     * 100000 µs" */
    return g_strdup_printf (_("APST up to %s µs"), value);
  return g_strdup (value);
}

/* "on battery this time", "CPU governor powersave this time". */
static char *
newest_words (const DmkHistoryConditionDiff *d)
{
  g_autofree char *v = value_words (d->condition, d->newest, d->newest_number);

  switch (d->condition)
    {
    case DMK_CONDITION_POWER:
      /* TRANSLATORS: "on battery this time", "on AC this time" */
      return g_strdup_printf (_("on %s this time"), v);
    case DMK_CONDITION_PROFILE:
      /* TRANSLATORS: "platform profile low-power this time" */
      return g_strdup_printf (_("platform profile %s this time"), v);
    case DMK_CONDITION_GOVERNOR:
      /* TRANSLATORS: "CPU governor powersave this time" */
      return g_strdup_printf (_("CPU governor %s this time"), v);
    case DMK_CONDITION_APST:
      /* TRANSLATORS: "NVMe power saving: APST off this time" */
      return g_strdup_printf (_("NVMe power saving: %s this time"), v);
    default:
      /* TRANSLATORS: "filesystem 95 % full this time" */
      return g_strdup_printf (_("filesystem %s %% full this time"), v);
    }
}

/* "3 earlier runs on AC", "2 earlier runs with balanced", "1 earlier run 40 % full". */
static char *
earlier_words (DmkCondition condition, const DmkHistoryConditionValue *v)
{
  g_autofree char *w = value_words (condition, v->value, v->number);
  guint n = v->entries;

  if (condition == DMK_CONDITION_POWER)
    /* TRANSLATORS: "3 earlier runs on AC" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u earlier run on %s",
                                         "%u earlier runs on %s", n), n, w);
  if (condition == DMK_CONDITION_FILL)
    /* TRANSLATORS: "1 earlier run 40 % full" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u earlier run %s %% full",
                                         "%u earlier runs %s %% full", n), n, w);
  /* TRANSLATORS: "2 earlier runs with balanced", "1 earlier run with APST off" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u earlier run with %s",
                                       "%u earlier runs with %s", n), n, w);
}

char *
dmk_history_conditions_text (GPtrArray *results)
{
  g_autoptr (GArray) diffs = NULL;
  g_autoptr (GString) out = g_string_new (NULL);

  g_return_val_if_fail (results != NULL, NULL);
  diffs = dmk_history_condition_diffs (results);
  if (diffs->len == 0)
    return NULL;
  for (guint i = 0; i < diffs->len; i++)
    {
      const DmkHistoryConditionDiff *d = &g_array_index (diffs, DmkHistoryConditionDiff, i);
      g_autofree char *now = newest_words (d);

      g_string_append_printf (out, "%s%s", i > 0 ? "; " : "", now);
      for (guint k = 0; k < d->values->len; k++)
        {
          g_autofree char *then =
            earlier_words (d->condition, &g_array_index (d->values, DmkHistoryConditionValue, k));
          g_string_append_printf (out, "%s%s", k > 0 ? ", " : "; ", then);
        }
    }
  /* TRANSLATORS: the runs whose conditions differed are still in the median the newest run is
   * set against: "Conditions differed (compared all the same): on battery this time; 3 earlier
   * runs on AC" */
  return g_strdup_printf (_("Conditions differed (compared all the same): %s"), out->str);
}
