/* dmk-engine.h: the I/O engine ops table (setup, submit, reap, teardown), one file per engine. */
#pragma once

#include <glib.h>

#include "dmk-spec.h"

G_BEGIN_DECLS

typedef struct
{
  void *buf;
  guint64 offset;
  guint32 len;
  gboolean is_write;
  guint index;     /* slot number, 0 .. depth-1 */
  guint buf_index; /* which of the engine's buffers buf is (they may outnumber the slots) */
  gint64 t_submit; /* CLOCK_MONOTONIC ns */
  gint64 result;   /* bytes transferred, or -errno */
} DmkIo;

typedef struct _DmkEngine DmkEngine;

typedef struct
{
  const char *name;
  /* Prepares for up to depth I/Os in flight on fd. */
  gboolean (*setup) (DmkEngine *engine, GError **error);
  /* Starts up to n I/Os; returns how many were started (at least 1 unless n is 0), or -errno. */
  int (*submit) (DmkEngine *engine, DmkIo **ios, guint n);
  /* Waits for at least min completions and returns up to max of them in done, or -errno. */
  int (*reap) (DmkEngine *engine, guint min, guint max, DmkIo **done);
  void (*teardown) (DmkEngine *engine);
  /* Optional: called by the thread that runs a pass, before its first submit and after its
   * last reap (io_uring binds a ring to the one thread that submits to it); begin returns 0 or
   * -errno. */
  int (*begin) (DmkEngine *engine);
  void (*end) (DmkEngine *engine);
} DmkEngineOps;

struct _DmkEngine
{
  const DmkEngineOps *ops;
  int fd;
  guint depth;
  void *buffers;     /* n_buffers × buffer_size, for engines that register them */
  guint n_buffers;
  gsize buffer_size;
  gboolean poll;     /* polled completions (io_uring's IOPOLL) instead of interrupts */
  guint submit_batch; /* the most I/Os handed the kernel in one system call; 0: all at hand */
  gpointer priv;
};

/* The most I/Os an engine hands the kernel in one system call (DmkEngine.submit_batch; 0: every
 * free slot at once, as fio's iodepth_batch_submit equal to the depth), by the target and the
 * test's threads. io_submit and io_uring_enter plug the block queue for a batch of more than two,
 * and the device sees none of it until the call ends.
 * - Where a kernel thread does the I/O (a loop device's worker) and the test's threads take every
 *   CPU, a whole batch per call wins: one wake-up of the worker, a third of the system calls, and
 *   the CPU they cost goes to the I/O (RND4K Q32T16 read, libaio, RAM-backed loop device, quiet
 *   2-CPU machine: every slot 1.24x two per call, 4/5 rounds; under load 1.40x, 2/3).
 * - With a CPU to spare (one thread on two CPUs) two per call wins: the worker starts on the first
 *   two while the submitter hands over the next, where a whole batch leaves it idle until the call
 *   ends (RND4K Q32T1 libaio, quiet machine: two per call 1.30x every slot reading, 5/5 rounds, and
 *   1.42x writing, 5/5; only on a machine loaded by other work, 3-6, did every slot win, 1.08x).
 * - Where the device completes by interrupt (a folder on this machine's virtio disk; NVMe, SATA,
 *   USB drives) the plugged batch lost: libaio RND4K Q32T1 read 0.80 (1/5), 0.85 (1/3), io_uring
 *   0.89 (1/3) and 0.97 (1/3), at the same CPU per I/O: two per call, which halves the calls of
 *   one per call and never plugs.
 * bench/batching and bench/README.md have the tables. */
#define DMK_ENGINE_SUBMIT_BATCH_INTERRUPT 2u

guint dmk_engine_submit_batch (gboolean served_by_thread, guint threads);

extern const DmkEngineOps dmk_engine_libaio_ops;
extern const DmkEngineOps dmk_engine_psync_ops;
extern const DmkEngineOps dmk_engine_io_uring_ops;

/* Whether this kernel lets us make an io_uring (kernel.io_uring_disabled, seccomp in containers
 * and Flatpak, old kernels); why not in *reason. */
gboolean dmk_engine_io_uring_usable (char **reason);
/* The engine a run really uses: io_uring when asked for and usable, else libaio, with a
 * warning for the result in *warning (NULL when the asked one is used). */
DmkEngineKind dmk_engine_resolve (DmkEngineKind asked, char **warning);

const DmkEngineOps *dmk_engine_ops_for_kind (DmkEngineKind kind);

/* Where a kernel thread does the device's I/O (a loop device: its worker, on another CPU),
 * libaio completes each I/O in that thread and io_uring in the thread that submitted it. With
 * many small I/Os in flight per thread the submitter is the bottleneck, and io_uring's extra
 * work there costs more than its fewer system calls save. Measured on a RAM-backed loop device
 * (bench/compare-fio --target engines, alternating rounds of 2 s): io_uring/libaio at RND4K
 * Q32T1 0.935 read (won 1 round of 15) and 0.959 write (2 of 15), RND4K Q32T16 0.70 and 0.71
 * (1 and 0 of 7), while RND4K Q8T4 1.07/1.08, SEQ128K Q32T1 1.03/1.03 and every depth-1 test
 * 1.09-1.27 favour io_uring. From this depth and up to this block size a test the user did not
 * name an engine for runs on libaio on such a target. */
#define DMK_ENGINE_DEEP_DEPTH 32u
#define DMK_ENGINE_DEEP_BLOCK (4u << 10)

/* The engine spec runs on: settings' engine, or libaio for a deep queue of small I/O where
 * served_by_thread (above) unless the user named the engine. */
DmkEngineKind dmk_engine_for_test (const DmkSettings *settings, gboolean served_by_thread,
                                   const DmkTestSpec *spec);

G_END_DECLS
