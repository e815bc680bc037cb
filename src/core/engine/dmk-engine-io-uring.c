/* dmk-engine-io-uring.c: the io_uring engine: the fd and every slot's buffer registered, every
 * free slot submitted, engine->submit_batch per io_uring_enter, completions read from the shared
 * ring (and waited for in a second enter when none are there). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <liburing.h>
#include <string.h>

#include "dmk-engine.h"
#include "dmk-error.h"

typedef struct
{
  struct io_uring ring;
  gboolean ready; /* the ring exists: between begin and end */
  gboolean fixed_file;
  gboolean fixed_bufs;
  struct io_uring_cqe **cqes;
} UringPriv;

/* A ring for one thread: SINGLE_ISSUER and DEFER_TASKRUN (6.1+) let the kernel run completion
 * work only when that thread enters it to wait, with no locking against other submitters;
 * COOP_TASKRUN (5.19+) at least spares it the interruptions. Each flag goes where the kernel
 * refuses it. */
static int
queue_init (guint depth, gboolean poll, struct io_uring *ring)
{
  static const unsigned flags[] = {
    IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_COOP_TASKRUN,
    IORING_SETUP_COOP_TASKRUN,
    0,
  };
  int r = -EINVAL;

  for (guint i = 0; i < G_N_ELEMENTS (flags) && r == -EINVAL; i++)
    {
      struct io_uring_params p;

      memset (&p, 0, sizeof p);
      /* Polled: completions are found by spinning on the device's poll queue in the kernel,
       * with no interrupt, each time we enter it to wait. */
      p.flags = flags[i] | (poll ? IORING_SETUP_IOPOLL : 0);
      r = io_uring_queue_init_params (depth, ring, &p);
    }
  return r;
}

gboolean
dmk_engine_io_uring_usable (char **reason)
{
  struct io_uring ring;
  int r = io_uring_queue_init (2, &ring, 0);

  if (r < 0)
    {
      if (reason != NULL)
        *reason = g_strdup (g_strerror (-r));
      return FALSE;
    }
  io_uring_queue_exit (&ring);
  return TRUE;
}

/* The ring of the thread that runs a pass, with the file and the buffers registered: looked up
 * and pinned once, not on every I/O. Either may be refused (an old kernel, a locked-memory
 * limit); the I/O then goes without. */
static int
uring_begin (DmkEngine *engine)
{
  UringPriv *p = engine->priv;
  int r = queue_init (engine->depth, engine->poll, &p->ring);

  if (r < 0)
    return r;
  p->ready = TRUE;
  p->fixed_file = io_uring_register_files (&p->ring, &engine->fd, 1) == 0;
  p->fixed_bufs = FALSE;
  if (engine->buffers != NULL)
    {
      g_autofree struct iovec *iov = g_new (struct iovec, engine->n_buffers);

      for (guint i = 0; i < engine->n_buffers; i++)
        {
          iov[i].iov_base = (char *) engine->buffers + (gsize) i * engine->buffer_size;
          iov[i].iov_len = engine->buffer_size;
        }
      p->fixed_bufs = io_uring_register_buffers (&p->ring, iov, engine->n_buffers) == 0;
    }
  return 0;
}

static void
uring_end (DmkEngine *engine)
{
  UringPriv *p = engine->priv;

  if (!p->ready)
    return;
  /* Unregistering waits for the kernel to drop its references: the ring's own exit does that
   * later, in a worker, and until then the device would stay claimed (O_EXCL) by us. */
  if (p->fixed_bufs)
    io_uring_unregister_buffers (&p->ring);
  if (p->fixed_file)
    io_uring_unregister_files (&p->ring);
  io_uring_queue_exit (&p->ring);
  p->ready = FALSE;
}

/* Checks that a ring of this depth can be made, so that a refusal is an error before the first
 * pass; each pass makes its own in its thread (uring_begin). */
static gboolean
uring_setup (DmkEngine *engine, GError **error)
{
  UringPriv *p = g_new0 (UringPriv, 1);
  int r = queue_init (engine->depth, engine->poll, &p->ring);

  if (r < 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE,
                   _("Could not set up io_uring for queue depth %u: %s (use --engine=libaio)"),
                   engine->depth, g_strerror (-r));
      g_free (p);
      return FALSE;
    }
  io_uring_queue_exit (&p->ring);
  p->cqes = g_new0 (struct io_uring_cqe *, engine->depth);
  engine->priv = p;
  return TRUE;
}

/* Hands the prepared I/Os to the kernel without waiting: how many it took, -EAGAIN or -EBUSY
 * when it has no room for them now (they stay queued), or another -errno. */
static int
uring_enter (UringPriv *p)
{
  int r;

  if (io_uring_sq_ready (&p->ring) == 0)
    return 0;
  do
    r = io_uring_submit (&p->ring);
  while (r == -EINTR);
  return r;
}

/* As uring_enter, with no room counted as nothing taken: 0 or -errno. */
static int
uring_flush (UringPriv *p)
{
  int r = uring_enter (p);

  return r < 0 && r != -EAGAIN && r != -EBUSY ? r : 0;
}

static int
uring_submit (DmkEngine *engine, DmkIo **ios, guint n)
{
  UringPriv *p = engine->priv;
  int fd = p->fixed_file ? 0 : engine->fd;
  guint prepared = 0;
  guint batch = engine->submit_batch == 0 ? n : engine->submit_batch;
  gboolean entering = TRUE;

  for (; prepared < n; prepared++)
    {
      DmkIo *io = ios[prepared];
      struct io_uring_sqe *sqe = io_uring_get_sqe (&p->ring);

      if (sqe == NULL)
        break;
      if (p->fixed_bufs)
        {
          if (io->is_write)
            io_uring_prep_write_fixed (sqe, fd, io->buf, io->len, io->offset, (int) io->buf_index);
          else
            io_uring_prep_read_fixed (sqe, fd, io->buf, io->len, io->offset, (int) io->buf_index);
        }
      else if (io->is_write)
        io_uring_prep_write (sqe, fd, io->buf, io->len, io->offset);
      else
        io_uring_prep_read (sqe, fd, io->buf, io->len, io->offset);
      if (p->fixed_file)
        sqe->flags |= IOSQE_FIXED_FILE;
      io_uring_sqe_set_data (sqe, io);
      /* submit_batch at a time (dmk_engine_submit_batch). Once the kernel refuses or fails a batch,
       * the rest of this call only queues: the flush in reap offers them again after
       * completions have made room, and sees a failure again. */
      if (entering && io_uring_sq_ready (&p->ring) >= batch)
        entering = uring_enter (p) >= 0;
    }
  /* The kernel is entered in reap, which submits what is left before it waits. */
  return (int) prepared;
}

static int
uring_reap (DmkEngine *engine, guint min, guint max, DmkIo **done)
{
  UringPriv *p = engine->priv;
  guint got;
  int r;

  max = MIN (max, engine->depth);
  /* New I/Os go in a system call of their own, and a wait for completions in a second one when
   * none are there yet. One call that submits and then sleeps in the same entry saves a system
   * call but, measured on a quiet machine (bench/engine-qd1), reads 4 KiB at depth 1 on a
   * RAM-backed loop device at 0.54× libaio's rate, as pread, which also sleeps in the call
   * that submits, does; submitting and then waiting apart reaches 1.05×. In between, the loop
   * device's worker, woken by the submission, runs on this CPU and is done by the time we wait
   * for two I/Os in three: the thread then sleeps 0.35 times per I/O instead of once. */
  if ((r = uring_flush (p)) < 0)
    return r;
  got = io_uring_peek_batch_cqe (&p->ring, p->cqes, max);
  if (got < min)
    {
      struct io_uring_cqe *cqe = NULL;

      /* What the kernel did not take (EAGAIN, EBUSY) is offered again with the wait: a wait
       * alone would not submit it, and with nothing in flight would never end. */
      do
        r = io_uring_sq_ready (&p->ring) > 0
              ? io_uring_submit_and_wait (&p->ring, min - got)
              : io_uring_wait_cqe_nr (&p->ring, &cqe, min - got);
      while (r == -EINTR);
      if (r < 0 && r != -EAGAIN && r != -EBUSY && r != -ETIME)
        return got > 0 ? (int) got : r;
      got = io_uring_peek_batch_cqe (&p->ring, p->cqes, max);
    }
  for (guint i = 0; i < got; i++)
    {
      DmkIo *io = io_uring_cqe_get_data (p->cqes[i]);

      io->result = p->cqes[i]->res;
      done[i] = io;
    }
  io_uring_cq_advance (&p->ring, got);
  return (int) got;
}

static void
uring_teardown (DmkEngine *engine)
{
  UringPriv *p = engine->priv;

  if (p == NULL)
    return;
  uring_end (engine);
  g_free (p->cqes);
  g_free (p);
  engine->priv = NULL;
}

const DmkEngineOps dmk_engine_io_uring_ops = {
  .name = "io_uring",
  .setup = uring_setup,
  .submit = uring_submit,
  .reap = uring_reap,
  .teardown = uring_teardown,
  .begin = uring_begin,
  .end = uring_end,
};
