/* dmk-iozone-sweep.h: iozone -a's sweep as one asynchronous job: the file sizes one after another,
 * each a --reread run of the runner (its worker thread), filling a DmkIozoneTable as tests end. */
#pragma once

#include <gio/gio.h>

#include "dmk-iozone.h"
#include "dmk-runner.h"

G_BEGIN_DECLS

typedef struct
{
  guint file; /* the file size's index in the table, and its size in bytes */
  guint64 file_bytes;
  guint n_files;
  double fraction;         /* of the whole sweep, 0–1, weighted by the bytes each file size moves */
  const DmkProgress *run;  /* this file size's run; NULL when cells were just filled */
  gboolean filled;         /* cells of the table were just filled (a test ended) */
} DmkIozoneProgress;

typedef void (*DmkIozoneProgressFunc) (const DmkIozoneProgress *progress, gpointer user_data);

/* The settings a sweep runs with on top of the user's (data, engine, direct I/O, consent): the
 * custom profile, the re-read schedule (2 passes over the same data, no warm-up), no rest. */
void dmk_iozone_settings_apply (DmkSettings *settings);

#define DMK_TYPE_IOZONE_SWEEP (dmk_iozone_sweep_get_type ())
G_DECLARE_FINAL_TYPE (DmkIozoneSweep, dmk_iozone_sweep, DMK, IOZONE_SWEEP, GObject)

/* A sweep of table's bounds and operations; takes the table, which it fills. */
DmkIozoneSweep *dmk_iozone_sweep_new (DmkIozoneTable *table);
DmkIozoneTable *dmk_iozone_sweep_get_table (DmkIozoneSweep *sweep);

/* Called in the thread-default main context of the caller of _run_async (). */
void dmk_iozone_sweep_set_progress_func (DmkIozoneSweep *sweep, DmkIozoneProgressFunc func,
                                         gpointer user_data, GDestroyNotify destroy);
/* As the runner's (dmk-runner.h): how a device is opened, and the device writes were allowed on
 * (copied; NULL: none named). */
void dmk_iozone_sweep_set_fd_providers (DmkIozoneSweep *sweep,
                                        const DmkFdProvider *const *providers);
void dmk_iozone_sweep_set_write_consent (DmkIozoneSweep *sweep,
                                         const DmkDeviceIdentity *identity);

/* Runs every file size of the table on path, one DmkRunner run each, with settings under
 * dmk_iozone_settings_apply (); a sweep runs once. A cancel stops the running test at once (a
 * folder's test file has no name, so nothing is left behind). */
void dmk_iozone_sweep_run_async (DmkIozoneSweep *sweep, const char *path,
                                 const DmkSettings *settings, const char *comment,
                                 GCancellable *cancellable, GAsyncReadyCallback callback,
                                 gpointer user_data);
/* TRUE when every file size ran; else FALSE with the error (G_IO_ERROR_CANCELLED when stopped),
 * and the table keeps the cells measured before. */
gboolean dmk_iozone_sweep_run_finish (DmkIozoneSweep *sweep, GAsyncResult *result,
                                      GError **error);
gboolean dmk_iozone_sweep_get_running (DmkIozoneSweep *sweep);
/* The file sizes whose run ended, and the warnings of the first one's (the target's facts: a
 * cached filesystem, buffered I/O …), each once; not to be freed. */
guint dmk_iozone_sweep_get_n_done (DmkIozoneSweep *sweep);
GPtrArray *dmk_iozone_sweep_get_warnings (DmkIozoneSweep *sweep);

G_END_DECLS
