/* dmk-compare-facts.c: what the comparison says beside its tests, a row per fact so that two
 * results' links and conditions sit side by side: the interface, its ceiling (the bottleneck of
 * the chain) and what the link could be, on AC or battery, the platform profile, the CPU
 * governor, NVMe power saving and the filesystem's fill level. A row only where some result
 * knows it: a file of another tool, or one stored before these were recorded, knows none. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dmk-compare-facts.h"

typedef enum
{
  FACT_INTERFACE,
  FACT_BOTTLENECK,      /* the text's: its ceiling and what it could be */
  FACT_BOTTLENECK_MB_S, /* the CSV's: those two apart, as a number and a link */
  FACT_COULD_BE,
  FACT_POWER,
  FACT_PROFILE,
  FACT_GOVERNOR,
  FACT_APST,
  FACT_FILL,
  N_FACTS
} Fact;

static const struct
{
  const char *label; /* the text's row; NULL: the CSV's only */
  const char *key;   /* the CSV's row; NULL: the text's only */
  gboolean chain;
} facts[N_FACTS] = {
  { "Interface", "interface", TRUE },
  { "Bottleneck", NULL, TRUE },
  { NULL, "bottleneck_mb_per_s", TRUE },
  { NULL, "link_could_be", TRUE },
  { "Power", "power", FALSE },
  { "Platform profile", "platform_profile", FALSE },
  { "CPU governor", "cpu_governor", FALSE },
  { "NVMe APST", "nvme_apst_us", FALSE },
  { "Filesystem fill", "fill_percent", FALSE },
};

static const DmkChainLink *
slowest (const DmkResult *r)
{
  return r->chain != NULL ? dmk_chain_slowest (r->chain) : NULL;
}

/* What the link could be: both ends' most where the link trained below it, else the device's
 * where the port holds it back. */
static const char *
could_be (const DmkChainLink *l)
{
  if (l == NULL)
    return NULL;
  if (l->most != NULL && l->most_bytes_per_s > l->bytes_per_s)
    return l->most;
  if (g_strcmp0 (l->held_by, "port") == 0)
    return l->device_most;
  return NULL;
}

/* One decimal, with a point whatever the locale. */
static char *
ascii_number (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.1f", v));
}

/* The fact of r as the CSV has it, and *number where it is one; NULL when unknown. */
static char *
fact_value (Fact f, const DmkResult *r, double *number)
{
  const DmkConditions *c = &r->conditions;
  const DmkChainLink *l = slowest (r);

  *number = NAN;
  switch (f)
    {
    case FACT_INTERFACE:
      return g_strdup (r->chain != NULL ? dmk_chain_interface (r->chain) : NULL);
    case FACT_BOTTLENECK:
      return l != NULL ? g_strdup (l->what) : NULL;
    case FACT_BOTTLENECK_MB_S:
      if (l == NULL)
        return NULL;
      *number = (double) l->bytes_per_s / 1e6;
      return ascii_number (*number);
    case FACT_COULD_BE:
      return g_strdup (could_be (l));
    case FACT_POWER:
      return c->power != DMK_POWER_UNKNOWN ? g_strdup (dmk_power_to_string (c->power)) : NULL;
    case FACT_PROFILE:
      return g_strdup (c->platform_profile);
    case FACT_GOVERNOR:
      return g_strdup (c->cpu_governor);
    case FACT_APST:
      if (c->nvme_apst_us < 0)
        return NULL;
      *number = (double) c->nvme_apst_us;
      return g_strdup_printf ("%" G_GINT64_FORMAT, c->nvme_apst_us);
    case FACT_FILL:
      if (c->fill_percent < 0)
        return NULL;
      *number = c->fill_percent;
      return ascii_number (c->fill_percent);
    default:
      return NULL;
    }
}

/* The fact of r as the text says it: "AC", "off", "up to 100000 µs", "73 %", "at most 42 MB/s;
 * could be USB 3.0 (5 Gb/s)"; NULL when unknown. */
static char *
fact_text (Fact f, const DmkResult *r)
{
  double number;
  g_autofree char *v = fact_value (f, r, &number);
  const DmkChainLink *l = slowest (r);

  if (v == NULL)
    return NULL;
  switch (f)
    {
    case FACT_BOTTLENECK:
      {
        g_autofree char *rate = dmk_chain_format_rate (l->bytes_per_s);
        const char *more = could_be (l);

        /* The interface's row names the link. */
        return more != NULL ? g_strdup_printf ("at most %s; could be %s", rate, more)
                            : g_strdup_printf ("at most %s", rate);
      }
    case FACT_POWER:
      return g_strdup (strcmp (v, "ac") == 0 ? "AC" : v);
    case FACT_APST:
      return number == 0 ? g_strdup ("off") : g_strdup_printf ("up to %s µs", v);
    case FACT_FILL:
      return g_strdup_printf ("%.0f %%", number);
    default:
      return g_steal_pointer (&v);
    }
}

static gboolean
any_knows (GPtrArray *results, Fact f)
{
  for (guint c = 0; c < results->len; c++)
    {
      double number;
      g_autofree char *v = fact_value (f, g_ptr_array_index (results, c), &number);
      if (v != NULL)
        return TRUE;
    }
  return FALSE;
}

static gboolean
shown_in_text (GPtrArray *results, Fact f)
{
  return facts[f].label != NULL && any_knows (results, f);
}

void
_dmk_compare_facts_widths (GPtrArray *results, guint *first_width, guint *width)
{
  for (Fact f = 0; f < N_FACTS; f++)
    {
      if (!shown_in_text (results, f))
        continue;
      *first_width = MAX (*first_width, (guint) strlen (facts[f].label));
      for (guint c = 0; c < results->len; c++)
        {
          g_autofree char *v = fact_text (f, g_ptr_array_index (results, c));
          width[c] = MAX (width[c], v != NULL ? (guint) g_utf8_strlen (v, -1) : 1);
        }
    }
}

/* Width in characters, not bytes: "—" and "µ" are one column each. */
static void
append_padded (GString *out, const char *text, guint width, gboolean right)
{
  glong len = g_utf8_strlen (text, -1);

  for (glong i = len; right && i < (glong) width; i++)
    g_string_append_c (out, ' ');
  g_string_append (out, text);
  for (glong i = len; !right && i < (glong) width; i++)
    g_string_append_c (out, ' ');
}

void
_dmk_compare_facts_text (GPtrArray *results, GString *out, guint first_width, const guint *width)
{
  gboolean first = TRUE;

  for (Fact f = 0; f < N_FACTS; f++)
    {
      if (!shown_in_text (results, f))
        continue;
      if (first)
        g_string_append_c (out, '\n');
      first = FALSE;
      append_padded (out, facts[f].label, first_width, FALSE);
      for (guint c = 0; c < results->len; c++)
        {
          g_autofree char *v = fact_text (f, g_ptr_array_index (results, c));
          g_string_append (out, "  ");
          append_padded (out, v != NULL ? v : "—", width[c], TRUE);
        }
      g_string_append_c (out, '\n');
    }
}

void
_dmk_compare_facts_csv (GPtrArray *results, DmkCsv *csv, guint n_after)
{
  for (Fact f = 0; f < N_FACTS; f++)
    {
      if (facts[f].key == NULL || !any_knows (results, f))
        continue;
      dmk_csv_plain (csv, facts[f].key);
      dmk_csv_plain (csv, facts[f].chain ? "chain" : "condition");
      for (guint c = 0; c < results->len; c++)
        {
          double number;
          g_autofree char *v = fact_value (f, g_ptr_array_index (results, c), &number);

          if (isnan (number))
            dmk_csv_text (csv, v);
          else
            dmk_csv_value (csv, number, v);
        }
      for (guint k = 0; k < n_after; k++)
        dmk_csv_empty (csv);
      dmk_csv_end_row (csv);
    }
}
