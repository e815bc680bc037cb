/* dmk-conditions.c: the machine's state during a run, read under a sysfs root.
 *   power_supply (Documentation/ABI/testing/sysfs-class-power): each supply's type ("Mains",
 *   "USB", "Battery") and online (1/0); a battery's status ("Discharging").
 *   platform_profile (Documentation/ABI/testing/sysfs-platform_profile): firmware/acpi/.
 *   cpufreq (Documentation/ABI/testing/sysfs-devices-system-cpu): cpuN/cpufreq/scaling_governor.
 *   nvme_core's module parameter default_ps_max_latency_us: 0 turns APST off. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

#include "dmk-conditions.h"
#include "dmk-file.h"

void
dmk_conditions_init (DmkConditions *c)
{
  memset (c, 0, sizeof *c);
  c->nvme_apst_us = -1;
  c->fill_percent = -1;
}

void
dmk_conditions_clear (DmkConditions *c)
{
  g_clear_pointer (&c->platform_profile, g_free);
  g_clear_pointer (&c->cpu_governor, g_free);
  dmk_conditions_init (c);
}

void
dmk_conditions_copy (DmkConditions *dest, const DmkConditions *src)
{
  *dest = *src;
  dest->platform_profile = g_strdup (src->platform_profile);
  dest->cpu_governor = g_strdup (src->cpu_governor);
}

static char *
read_at (const char *root, const char *a, const char *b, const char *c)
{
  g_autofree char *path = g_build_filename (root, a, b, c, NULL);

  return dmk_read_value (path);
}

/* AC when a mains (or USB-C) supply is online; battery when none is and a battery is there. */
static DmkPower
read_power (const char *root)
{
  g_autofree char *dir = g_build_filename (root, "class", "power_supply", NULL);
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;
  gboolean mains = FALSE, online = FALSE, battery = FALSE, discharging = FALSE;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *type = read_at (dir, name, "type", NULL);
      g_autofree char *on = read_at (dir, name, "online", NULL);
      g_autofree char *status = read_at (dir, name, "status", NULL);

      if (g_strcmp0 (type, "Battery") == 0)
        {
          battery = TRUE;
          discharging |= g_strcmp0 (status, "Discharging") == 0;
        }
      else if (type != NULL && on != NULL)
        {
          mains = TRUE;
          online |= strcmp (on, "1") == 0;
        }
    }
  g_clear_pointer (&d, g_dir_close);
  if (online)
    return DMK_POWER_AC;
  if (battery && (mains || discharging))
    return DMK_POWER_BATTERY;
  return mains ? DMK_POWER_AC : DMK_POWER_UNKNOWN;
}

/* Every CPU's governor, each named once in the order met: usually one. */
static char *
read_governors (const char *root)
{
  g_autofree char *dir = g_build_filename (root, "devices", "system", "cpu", NULL);
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "cpu") && g_ascii_isdigit (name[3]))
      g_ptr_array_add (names, g_strdup (name));
  g_clear_pointer (&d, g_dir_close);
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      char *g = read_at (dir, g_ptr_array_index (names, i), "cpufreq", "scaling_governor");

      if (g != NULL && !g_ptr_array_find_with_equal_func (seen, g, g_str_equal, NULL))
        g_ptr_array_add (seen, g);
      else
        g_free (g);
    }
  if (seen->len == 0)
    return NULL;
  g_ptr_array_sort (seen, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (seen, NULL);
  return g_strjoinv (", ", (char **) seen->pdata);
}

void
dmk_conditions_read (const char *root, const char *path, DmkConditions *c)
{
  g_autofree char *apst = NULL;
  struct statvfs vfs;

  dmk_conditions_clear (c);
  if (root != NULL)
    {
      c->power = read_power (root);
      c->platform_profile = read_at (root, "firmware", "acpi", "platform_profile");
      c->cpu_governor = read_governors (root);
      g_autofree char *p = g_build_filename (root, "module", "nvme_core", "parameters",
                                             "default_ps_max_latency_us", NULL);
      apst = dmk_read_value (p);
    }
  if (apst != NULL)
    {
      char *end;
      gint64 v = g_ascii_strtoll (apst, &end, 10);

      c->nvme_apst_us = *end == '\0' && v >= 0 ? v : -1;
    }
  if (path != NULL && g_file_test (path, G_FILE_TEST_IS_DIR) && statvfs (path, &vfs) == 0 &&
      vfs.f_blocks > 0)
    c->fill_percent = 100.0 * (double) (vfs.f_blocks - vfs.f_bfree) / (double) vfs.f_blocks;
}

gboolean
dmk_conditions_known (const DmkConditions *c)
{
  return c->power != DMK_POWER_UNKNOWN || c->platform_profile != NULL || c->cpu_governor != NULL ||
         c->nvme_apst_us >= 0 || c->fill_percent >= 0;
}

static const char *const power_names[] = { "unknown", "ac", "battery" };

const char *
dmk_power_to_string (DmkPower power)
{
  return (guint) power < G_N_ELEMENTS (power_names) ? power_names[power] : "unknown";
}

gboolean
dmk_power_from_string (const char *s, DmkPower *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (power_names); i++)
    if (g_strcmp0 (s, power_names[i]) == 0)
      {
        *out = (DmkPower) i;
        return TRUE;
      }
  return FALSE;
}

char *
dmk_conditions_describe (const DmkConditions *c)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  if (!dmk_conditions_known (c))
    return NULL;
  if (c->power == DMK_POWER_AC)
    g_ptr_array_add (parts, g_strdup (_("on AC power")));
  else if (c->power == DMK_POWER_BATTERY)
    g_ptr_array_add (parts, g_strdup (_("on battery")));
  if (c->platform_profile != NULL)
    /* TRANSLATORS: the firmware's power profile: "platform profile low-power" */
    g_ptr_array_add (parts, g_strdup_printf (_("platform profile %s"), c->platform_profile));
  if (c->cpu_governor != NULL)
    /* TRANSLATORS: "CPU governor powersave" */
    g_ptr_array_add (parts, g_strdup_printf (_("CPU governor %s"), c->cpu_governor));
  if (c->nvme_apst_us == 0)
    g_ptr_array_add (parts, g_strdup (_("NVMe power saving (APST) off")));
  else if (c->nvme_apst_us > 0)
    {
      /* The number apart: a msgid cannot hold G_GINT64_FORMAT. */
      g_autofree char *us = g_strdup_printf ("%" G_GINT64_FORMAT, c->nvme_apst_us);
      /* TRANSLATORS: NVMe's autonomous power state transitions: "NVMe power saving (APST) with
       * wake-ups up to 100000 µs" */
      g_ptr_array_add (parts, g_strdup_printf (_("NVMe power saving (APST) with wake-ups up to "
                                                 "%s µs"), us));
    }
  if (c->fill_percent >= 0)
    /* TRANSLATORS: "filesystem 73% full" */
    g_ptr_array_add (parts, g_strdup_printf (_("filesystem %.0f%% full"), c->fill_percent));
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: between the conditions of a run: "on battery; CPU governor powersave" */
  return g_strjoinv (_("; "), (char **) parts->pdata);
}
