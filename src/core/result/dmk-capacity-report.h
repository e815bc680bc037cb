/* dmk-capacity-report.h: what a capacity check found (a stick's real size, a folder's free space
 * verified), and its text and JSON. */
#pragma once

#include <glib.h>

#include "dmk-stamp.h"
#include "dmk-target.h"

G_BEGIN_DECLS

#define DMK_CAPACITY_SCHEMA 2

/* What a stamp that did not read back as written says. */
typedef enum
{
  DMK_CAPACITY_DAMAGED, /* this run's stamp for this block, altered; or unreadable, or refused */
  DMK_CAPACITY_LOST,    /* other data (zeros, old data, another block's stamp): its write is gone */
} DmkCapacityDefectKind;

typedef struct
{
  guint64 offset;
  DmkCapacityDefectKind kind;
} DmkCapacityDefect;

/* What the check found, worst first: a fake's capacity ends where its addresses wrap, or where
 * everything from an offset on is lost; else isolated blocks below it lost their writes (read
 * back as other data) or are bad (altered, unreadable, refused); else every stamp held. */
typedef enum
{
  DMK_CAPACITY_VERDICT_OK,
  DMK_CAPACITY_VERDICT_FAKE_WRAPS,
  DMK_CAPACITY_VERDICT_FAKE_LOSS,
  DMK_CAPACITY_VERDICT_LOST_WRITES,
  DMK_CAPACITY_VERDICT_BAD_BLOCKS,
} DmkCapacityVerdict;

/* Bad stamps from an offset to the end are lost capacity (a fake's) when there are at least this
 * many of them; fewer (the last few blocks) are bad blocks. */
#define DMK_CAPACITY_TAIL_STAMPS 8
/* The isolated defects a report lists by offset (all are counted). */
#define DMK_CAPACITY_DEFECTS_LISTED 64

typedef struct
{
  DmkTargetInfo target;
  char *date;               /* ISO 8601, UTC */
  guint64 run_id;
  guint64 claimed_bytes;    /* a device's size, or the free space a folder's file was to fill */
  guint64 written_bytes;    /* what was stamped: a device's stamps, a folder's file */
  guint64 usable_bytes;     /* the real capacity: where a fake's wrap or loss begins, else all */
  guint64 resolution_bytes; /* the real capacity is exact to within this */
  guint64 spacing_bytes;    /* a device's first pass: its stamps this far apart between its dense
                             * first and last blocks; a folder: every block (DMK_STAMP_SIZE) */
  DmkStampTally tally;
  gboolean lost_tail;       /* no wrap, but every stamp from usable_bytes on is bad */
  guint64 tail_stamps;      /* the bad stamps from usable_bytes on (a wrap's or a loss's) */
  guint64 bad_blocks;       /* isolated, below usable_bytes: DMK_CAPACITY_DAMAGED stamps */
  guint64 lost_writes;      /* isolated, below usable_bytes: DMK_CAPACITY_LOST stamps */
  GArray *defects;          /* DmkCapacityDefect: the first DMK_CAPACITY_DEFECTS_LISTED of them */
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
DmkCapacityVerdict dmk_capacity_report_verdict (const DmkCapacityReport *report);
/* "ok", "fake-wraps", "fake-loss", "lost-writes", "bad-blocks" (the JSON's "verdict"). */
const char *dmk_capacity_verdict_to_string (DmkCapacityVerdict verdict);
/* What to do about it, translated; NULL for DMK_CAPACITY_VERDICT_OK. */
const char *dmk_capacity_verdict_advice (DmkCapacityVerdict verdict);

/* Classifies the stamps read, fed in ascending offsets (each block once): bad ones after the
 * last good one are lost capacity when they are DMK_CAPACITY_TAIL_STAMPS or more (unless the
 * addresses wrap: then usable_bytes is already set, and only stamps below it are fed), the other
 * bad ones isolated defects. dmk_capacity_classify_end () sets usable_bytes, lost_tail,
 * tail_stamps, bad_blocks, lost_writes and defects. */
typedef struct
{
  gboolean has_good;
  guint64 pending, pending_damaged; /* bad since the last good one */
  guint64 pending_from;
  DmkCapacityDefect pending_list[DMK_CAPACITY_DEFECTS_LISTED]; /* the first of them */
} DmkCapacityClassifier;

void dmk_capacity_classify_add (DmkCapacityReport *report, DmkCapacityClassifier *cls,
                                guint64 offset, gboolean good, DmkCapacityDefectKind kind);
void dmk_capacity_classify_end (DmkCapacityReport *report, DmkCapacityClassifier *cls);
char *dmk_capacity_report_to_text (const DmkCapacityReport *report);
char *dmk_capacity_report_to_json (const DmkCapacityReport *report);
/* The verdict in one line ("Real capacity 40 MiB of the 128 MiB claimed: addresses wrap"; "1 bad
 * block (at 150 MiB) …"). */
char *dmk_capacity_report_summary (const DmkCapacityReport *report);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkCapacityReport, dmk_capacity_report_free)

G_END_DECLS
