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
  void *buffers;     /* the slots' buffers, depth × buffer_size, for engines that register them */
  gsize buffer_size;
  gboolean poll;     /* polled completions (io_uring's IOPOLL) instead of interrupts */
  gpointer priv;
};

/* The most I/Os an engine hands the kernel in one system call. io_submit and io_uring_enter
 * plug the block queue for a larger batch (AIO_PLUG_THRESHOLD in fs/aio.c; io_uring plugs any
 * batch of more than two) and the device sees none of it until the call ends: where a kernel
 * thread does the I/O (a loop device's worker, on the other CPU) that holds it idle for the
 * whole call. Measured on a RAM-backed loop device (bench/compare-fio, RND4K Q32T1, 7 rounds of
 * 2 s): libaio with all free slots in one call read at 0.82x fio's libaio defaults (one I/O per
 * call) and wrote at 0.77x; two per call read at 0.98x, one per call 0.99x and 0.94x; io_uring
 * two per call ran at 1.07x its rate with one call for every free slot. Two is the largest
 * batch the kernel does not plug, and still halves the system calls of one per call. */
#define DMK_ENGINE_SUBMIT_BATCH 2u

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
