/* dmk-plausible.h: numbers that cannot be true. The link a drive hangs on (USB, SATA, PCIe for
 * NVMe) caps what it can move; a rotating disk cannot seek faster than its platters turn; a
 * buffered test smaller than memory measures memory. A result that passes such a limit gets a
 * warning that names the reason, and the warning goes wherever the result goes. */
#pragma once

#include <glib.h>

#include "dmk-result.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 bytes_per_s; /* what the link carries after its encoding; 0 when unknown */
  char *what;          /* "USB 3.0 (5 Gb/s)", "SATA 3.0 Gb/s", "PCIe 3.0 x4" */
} DmkLink;

/* The slowest link between the block device disk ("sdb", "nvme0n1") and the machine, read from
 * sysfs under root ("/sys"; tests point it at a tree of their own). FALSE when none is known. */
gboolean dmk_link_find (const char *root, const char *disk, DmkLink *link);
void dmk_link_clear (DmkLink *link);

/* The warnings test cannot be true for: above the link, faster than a rotating disk seeks. */
void dmk_plausibility_check_test (DmkResult *result, const DmkTestResult *test,
                                  const DmkLink *link);
/* The warnings of the run as a whole: a buffered test smaller than memory (ram_bytes), a
 * device-mapper device underneath (disk "dm-0"). */
void dmk_plausibility_check_run (DmkResult *result, const char *disk, guint64 ram_bytes);
/* result's warnings as a window shows them: each once, in their order, and the passes' scatter
 * about several tests as one note after the others (the text and JSON keep every warning). */
GPtrArray *dmk_result_notes (const DmkResult *result);

/* The drive's temperature sensor (temp1_input of its hwmon: NVMe's own, SATA's drivetemp) under
 * root, or NULL where it has none; its reading in °C. */
char *dmk_temperature_sensor (const char *root, const char *disk);
gboolean dmk_temperature_read (const char *sensor, double *celsius);
/* The warning threshold beside that sensor (temp1_max), in °C; FALSE where there is none. */
gboolean dmk_temperature_warning (const char *sensor, double *celsius);

/* MemTotal of /proc/meminfo in bytes, or 0. */
guint64 dmk_sysinfo_ram_bytes (void);

G_END_DECLS
