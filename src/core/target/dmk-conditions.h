/* dmk-conditions.h: the machine's state while a run measures, from sysfs: on AC or battery,
 * the platform power profile, the CPU frequency governor, NVMe power saving, and how full the
 * target's filesystem is. Each changes what a number means. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  DMK_POWER_UNKNOWN, /* no power supply in sysfs (a desktop without ACPI's, a virtual machine) */
  DMK_POWER_AC,
  DMK_POWER_BATTERY,
} DmkPower;

typedef struct
{
  DmkPower power;
  char *platform_profile; /* "balanced", "low-power", "performance"; NULL: none */
  char *cpu_governor;     /* "powersave", "performance", or several: "performance, powersave" */
  gint64 nvme_apst_us;    /* nvme_core default_ps_max_latency_us; 0: APST off; -1: unknown */
  double fill_percent;    /* the target filesystem's used share; -1: not a filesystem */
} DmkConditions;

void dmk_conditions_init (DmkConditions *c);
void dmk_conditions_clear (DmkConditions *c);
void dmk_conditions_copy (DmkConditions *dest, const DmkConditions *src);
/* Reads them under the sysfs root ("/sys"; tests give a tree of their own); path is the target
 * (a folder's filesystem gives the fill level, a device none). */
void dmk_conditions_read (const char *root, const char *path, DmkConditions *c);
gboolean dmk_conditions_known (const DmkConditions *c);
/* "on battery; platform profile low-power; CPU governor powersave; NVMe APST up to 100000 µs;
 * filesystem 73% full", translated; NULL when nothing is known. */
char *dmk_conditions_describe (const DmkConditions *c);
const char *dmk_power_to_string (DmkPower power);
gboolean dmk_power_from_string (const char *s, DmkPower *out);

G_END_DECLS
