/* dmk-units.c: one table of units: names, labels, precision; every front end formats through it. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dmk-units.h"

/* decimals is CrystalDiskMark's on-screen precision (three for GB/s, two for the rest); the
 * comparison prints it too, so a copied table reads like the window it came from. */
static const struct
{
  const char *name;
  const char *nick;
  const char *label;
  const char *spoken;
  guint decimals;
  guint report_decimals;
} units[DMK_N_UNITS] = {
  [DMK_UNIT_MB_S] = { "MB/s", "mb-s", N_("MB/s"), N_("megabytes per second"), 2, 3 },
  [DMK_UNIT_GB_S] = { "GB/s", "gb-s", N_("GB/s"), N_("gigabytes per second"), 3, 3 },
  [DMK_UNIT_IOPS] = { "IOPS", "iops", N_("IOPS"), N_("I/O operations per second"), 2, 1 },
  [DMK_UNIT_US] = { "us", "us", N_("µs"), N_("microseconds mean latency"), 2, 2 },
};

static DmkUnit
checked (DmkUnit unit)
{
  g_return_val_if_fail ((guint) unit < DMK_N_UNITS, DMK_UNIT_MB_S);
  return unit;
}

const char *
dmk_unit_to_string (DmkUnit unit)
{
  return units[checked (unit)].name;
}

gboolean
dmk_unit_from_string (const char *s, DmkUnit *out)
{
  static const struct
  {
    const char *name;
    DmkUnit unit;
  } aliases[] = { { "mbps", DMK_UNIT_MB_S }, { "gbps", DMK_UNIT_GB_S }, { "µs", DMK_UNIT_US },
                  { "usec", DMK_UNIT_US } };

  for (guint i = 0; s != NULL && i < DMK_N_UNITS; i++)
    if (g_ascii_strcasecmp (s, units[i].name) == 0)
      {
        *out = (DmkUnit) i;
        return TRUE;
      }
  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (aliases); i++)
    if (g_ascii_strcasecmp (s, aliases[i].name) == 0 || strcmp (s, aliases[i].name) == 0)
      {
        *out = aliases[i].unit;
        return TRUE;
      }
  return FALSE;
}

const char *
dmk_unit_nick (DmkUnit unit)
{
  return units[checked (unit)].nick;
}

DmkUnit
dmk_unit_from_nick (const char *s)
{
  for (guint i = 0; i < DMK_N_UNITS; i++)
    if (g_strcmp0 (units[i].nick, s) == 0)
      return (DmkUnit) i;
  return DMK_UNIT_MB_S;
}

const char *
dmk_unit_label (DmkUnit unit)
{
  return _(units[checked (unit)].label);
}

const char *
dmk_unit_spoken (DmkUnit unit)
{
  return _(units[checked (unit)].spoken);
}

gboolean
dmk_unit_higher_is_better (DmkUnit unit)
{
  return unit != DMK_UNIT_US;
}

double
dmk_unit_value (DmkUnit unit, double mb_per_s, double iops, double latency_us)
{
  switch (unit)
    {
    case DMK_UNIT_GB_S:
      return mb_per_s / 1000.0;
    case DMK_UNIT_IOPS:
      return iops;
    case DMK_UNIT_US:
      return latency_us;
    case DMK_UNIT_MB_S:
    default:
      return mb_per_s;
    }
}

guint
dmk_unit_decimals (DmkUnit unit)
{
  return units[checked (unit)].decimals;
}

char *
dmk_unit_format (DmkUnit unit, double value)
{
  return g_strdup_printf ("%.*f", (int) dmk_unit_decimals (unit), value);
}

void
dmk_append_number (GString *s, double value, guint decimals)
{
  char format[8], buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_snprintf (format, sizeof format, "%%.%uf", MIN (decimals, 9u));
  g_string_append (s, g_ascii_formatd (buf, sizeof buf, format, isfinite (value) ? value : 0.0));
}

char *
dmk_format_number (double value, guint decimals)
{
  GString *s = g_string_new (NULL);

  dmk_append_number (s, value, decimals);
  return g_string_free (s, FALSE);
}

char *
dmk_format_value (double value, DmkUnit unit)
{
  return dmk_format_number (value, dmk_unit_decimals (unit));
}

guint
dmk_decimals_for_digits (double value, guint min_decimals, guint digits)
{
  double a = fabs (value);
  int lead;

  if (!isfinite (a) || a == 0)
    return min_decimals;
  /* Digits before the point less one: 0 for 1.23, -1 for 0.123, 2 for 123. */
  lead = (int) floor (log10 (a));
  return (guint) CLAMP ((int) digits - 1 - lead, (int) min_decimals, 9);
}

char *
dmk_format_value_digits (double value, DmkUnit unit, guint digits)
{
  return dmk_format_number (value,
                            dmk_decimals_for_digits (value, dmk_unit_decimals (unit), digits));
}

char *
dmk_format_report_value (double value, DmkUnit unit)
{
  return dmk_format_number (value, units[checked (unit)].report_decimals);
}

char *
dmk_format_delta (double percent, gboolean plus_sign)
{
  g_autofree char *digits = dmk_format_number (percent, DMK_DELTA_DECIMALS);

  return plus_sign && percent >= 0 ? g_strconcat ("+", digits, NULL) : g_steal_pointer (&digits);
}

double
dmk_unit_fill (DmkUnit unit, double mb_per_s, double latency_us)
{
  double f;

  if (unit == DMK_UNIT_US)
    f = latency_us > 0 ? 1.0 - log10 (latency_us) / 6.0 : 0.0;
  else
    f = mb_per_s > 0 ? log10 (mb_per_s * 10.0) / 6.0 : 0.0;
  return CLAMP (f, 0.0, 1.0);
}
