/* dmk-stamp.h: blocks that say where they belong: an offset and a per-run id in a header, and a
 * body that follows from both, for the capacity check and verified I/O. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The unit a stamp covers; buffers are stamped and checked in pieces of this size. */
#define DMK_STAMP_SIZE 4096

typedef enum
{
  DMK_STAMP_OK,      /* this run's block for this offset, byte for byte */
  DMK_STAMP_FOREIGN, /* not a block of this run: old data, zeros, another run's */
  DMK_STAMP_MOVED,   /* this run's block, written for another offset (the address aliases) */
  DMK_STAMP_CORRUPT, /* this run's header for this offset, but the body differs */
} DmkStampStatus;

/* A fresh run id, never 0. */
guint64 dmk_stamp_new_run_id (void);
/* Fills len bytes (a multiple of DMK_STAMP_SIZE) with the stamps of offset, offset + 4096, …. */
void dmk_stamp_fill (void *buf, gsize len, guint64 run_id, guint64 offset);
/* Checks one DMK_STAMP_SIZE block read at offset; found (may be NULL) gets the offset a MOVED
 * block was written for. */
DmkStampStatus dmk_stamp_check (const void *block, guint64 run_id, guint64 offset,
                                guint64 *found);

typedef struct
{
  guint64 checked;   /* stamps looked at */
  guint64 bad;       /* of which not OK */
  gboolean has_bad;
  guint64 first_bad; /* offset of the first bad stamp */
  gboolean wraps;    /* a stamp carried an offset below the one it was read at */
  guint64 wraps_at;  /* the first such read offset */
  guint64 wraps_to;  /* and the offset its stamp carried */
} DmkStampTally;

/* Checks len bytes read at offset, stamp by stamp, into tally (which the caller zeroed once). */
void dmk_stamp_check_range (const void *buf, gsize len, guint64 run_id, guint64 offset,
                            DmkStampTally *tally);
/* Counts one stamp with status, read at offset (found as dmk_stamp_check gave it). */
void dmk_stamp_tally_add (DmkStampTally *tally, DmkStampStatus status, guint64 offset,
                          guint64 found);

G_END_DECLS
