/* dmk-capacity.h: the capacity check (f3's job): stamp a device's blocks or a folder's free
 * space, read them back, and say how much really holds data; in a worker thread (GTask). */
#pragma once

#include <gio/gio.h>

#include "dmk-capacity-report.h"
#include "dmk-spec.h"
#include "dmk-target.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_CAPACITY_WRITING,
  DMK_CAPACITY_READING,
} DmkCapacityPhase;

typedef struct
{
  DmkCapacityPhase phase;
  guint pass;          /* a device's stamps: 1, then one more per narrowing of the first bad */
  double fraction;     /* of this phase, 0–1 */
  guint64 done_bytes;  /* of this phase */
  guint64 total_bytes;
  double mb_per_s;     /* this phase's rate so far */
  double elapsed_s;    /* since this phase began */
} DmkCapacityProgress;

typedef void (*DmkCapacityProgressFunc) (const DmkCapacityProgress *progress, gpointer user_data);

/* What a folder's check leaves free for other programs (dmk_capacity_folder_margin): the larger
 * of DMK_CAPACITY_MARGIN_PERCENT of the filesystem and DMK_CAPACITY_MARGIN_MIN (on a filesystem
 * under ten times that, a tenth of it), and never less than DMK_CAPACITY_MARGIN_OTHERS_S of what
 * other programs were writing there as the check began. The check stops, and gives the space
 * back, when other programs bring the free space down to it. */
#define DMK_CAPACITY_MARGIN_PERCENT 5
#define DMK_CAPACITY_MARGIN_MIN ((guint64) 1 << 30)
#define DMK_CAPACITY_MARGIN_OTHERS_S 60
guint64 dmk_capacity_folder_margin (guint64 fs_size, double others_bytes_per_s);

/* Stamps per narrowing pass over a device: each narrows the first bad offset by this factor. */
#define DMK_CAPACITY_STAMPS_PER_PASS 4096

/* Checks path, a block device (what is on it is destroyed: it is written only through the write
 * gate, with settings->allow_write_device and consent, the device the user allowed this on, as
 * it was then) or a folder (its free space less the margin above, in a hidden O_TMPFILE file
 * that leaves nothing behind). settings give direct I/O; progress (may be NULL) is called in
 * the caller's thread-default main context. */
void dmk_capacity_check_async (const char *path, const DmkSettings *settings,
                               const DmkDeviceIdentity *consent,
                               const DmkFdProvider *const *providers,
                               DmkCapacityProgressFunc progress, gpointer progress_data,
                               GCancellable *cancellable, GAsyncReadyCallback callback,
                               gpointer user_data);
DmkCapacityReport *dmk_capacity_check_finish (GAsyncResult *res, GError **error);

G_END_DECLS
