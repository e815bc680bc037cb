/* dmk-capacity-report.h: what a capacity check found (a stick's real size, a folder's free space
 * verified), and its text and JSON. */
#pragma once

#include <glib.h>

#include "dmk-stamp.h"
#include "dmk-target.h"

G_BEGIN_DECLS

#define DMK_CAPACITY_SCHEMA 1

typedef struct
{
  DmkTargetInfo target;
  char *date;               /* ISO 8601, UTC */
  guint64 run_id;
  guint64 claimed_bytes;    /* a device's size, or the free space a folder's file was to fill */
  guint64 written_bytes;    /* what was stamped: a device's stamps, a folder's file */
  guint64 usable_bytes;     /* verified good below the first bad offset */
  guint64 resolution_bytes; /* the first bad offset is exact to within this */
  DmkStampTally tally;
  guint64 write_errors;     /* writes the target refused (counted bad when read) */
  gboolean short_write;     /* a folder filled before its free space was written (ENOSPC) */
  guint64 margin_bytes;     /* a folder: what was left free for other programs */
  double write_mb_per_s, read_mb_per_s;
  gboolean buffered;        /* a folder without direct I/O: read back after dropping the cache */
} DmkCapacityReport;

DmkCapacityReport *dmk_capacity_report_new (void);
void dmk_capacity_report_free (DmkCapacityReport *report);
/* TRUE when every stamp read back as written. */
gboolean dmk_capacity_report_passed (const DmkCapacityReport *report);
char *dmk_capacity_report_to_text (const DmkCapacityReport *report);
char *dmk_capacity_report_to_json (const DmkCapacityReport *report);
/* The verdict in one line ("Real capacity 40 MiB of the 128 MiB claimed: addresses wrap"). */
char *dmk_capacity_report_summary (const DmkCapacityReport *report);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkCapacityReport, dmk_capacity_report_free)

G_END_DECLS
