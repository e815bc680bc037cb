/* dmk-engine-libaio.c: the Linux native AIO engine: io_submit engine->submit_batch at a time
 * (dmk_engine_submit_batch), completions read from the shared ring (io_getevents only to wait). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <libaio.h>
#include <string.h>

#include "dmk-engine.h"
#include "dmk-error.h"

/* The completion ring the kernel shares with us; its layout is ABI (fs/aio.c). */
#define AIO_RING_MAGIC 0xa10a10a1u

struct aio_ring
{
  unsigned id;
  unsigned nr;
  unsigned head;
  unsigned tail;
  unsigned magic;
  unsigned compat_features;
  unsigned incompat_features;
  unsigned header_length;
  struct io_event io_events[];
};

typedef struct
{
  io_context_t ctx;
  struct iocb *iocbs;      /* one per slot */
  struct iocb **iocb_ptrs; /* scratch for io_submit */
  struct io_event *events;
} LibaioPriv;

static gboolean
libaio_setup (DmkEngine *engine, GError **error)
{
  LibaioPriv *p = g_new0 (LibaioPriv, 1);
  int r;

  r = io_setup ((int) engine->depth, &p->ctx);
  if (r < 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE,
                   _("Could not set up Linux AIO for queue depth %u: %s (check "
                     "/proc/sys/fs/aio-max-nr, or use --engine=psync)"),
                   engine->depth, g_strerror (-r));
      g_free (p);
      return FALSE;
    }
  p->iocbs = g_new0 (struct iocb, engine->depth);
  p->iocb_ptrs = g_new0 (struct iocb *, engine->depth);
  p->events = g_new0 (struct io_event, engine->depth);
  engine->priv = p;
  return TRUE;
}

static int
libaio_submit (DmkEngine *engine, DmkIo **ios, guint n)
{
  LibaioPriv *p = engine->priv;
  guint taken = 0;

  for (guint i = 0; i < n; i++)
    {
      DmkIo *io = ios[i];
      struct iocb *cb = &p->iocbs[io->index];

      if (io->is_write)
        io_prep_pwrite (cb, engine->fd, io->buf, io->len, (long long) io->offset);
      else
        io_prep_pread (cb, engine->fd, io->buf, io->len, (long long) io->offset);
      cb->data = io;
      p->iocb_ptrs[i] = cb;
    }
  while (taken < n)
    {
      long chunk = (long) (engine->submit_batch == 0 ? n - taken
                                                      : MIN (n - taken, engine->submit_batch));
      int r;

      do
        r = io_submit (p->ctx, chunk, p->iocb_ptrs + taken);
      while (r == -EINTR);
      if (r < 0)
        /* What the kernel took stands; the rest is offered again after a reap. -EAGAIN with
         * nothing taken is 0, which the caller treats as "reap first". */
        return taken > 0 || r == -EAGAIN ? (int) taken : r;
      taken += (guint) r;
      if (r < chunk)
        break;
    }
  return (int) taken;
}

static void
take_event (const struct io_event *ev, DmkIo **slot)
{
  DmkIo *io = ev->data;

  io->result = (long) ev->res;
  *slot = io;
}

/* Completions already in the ring are read without a system call; at queue depth 32 that
 * saves most io_getevents calls. Only this thread reaps this context, so the head is ours. */
static guint
reap_from_ring (LibaioPriv *p, guint max, DmkIo **done)
{
  struct aio_ring *ring = (struct aio_ring *) p->ctx;
  unsigned head, tail;
  guint n = 0;

  if (ring->magic != AIO_RING_MAGIC || ring->incompat_features != 0)
    return 0;
  head = ring->head;
  tail = __atomic_load_n (&ring->tail, __ATOMIC_ACQUIRE);
  while (head != tail && n < max)
    {
      take_event (&ring->io_events[head], &done[n++]);
      head = (head + 1) % ring->nr;
    }
  __atomic_store_n (&ring->head, head, __ATOMIC_RELEASE);
  return n;
}

static int
libaio_reap (DmkEngine *engine, guint min, guint max, DmkIo **done)
{
  LibaioPriv *p = engine->priv;
  guint got;
  int r;

  max = MIN (max, engine->depth);
  got = reap_from_ring (p, max, done);
  if (got >= min || got == max)
    return (int) got;
  do
    r = io_getevents (p->ctx, (long) (min - got), (long) (max - got), p->events, NULL);
  while (r == -EINTR);
  if (r < 0)
    return got > 0 ? (int) got : r;
  for (int i = 0; i < r; i++)
    take_event (&p->events[i], &done[got + (guint) i]);
  return (int) got + r;
}

static void
libaio_teardown (DmkEngine *engine)
{
  LibaioPriv *p = engine->priv;

  if (p == NULL)
    return;
  io_destroy (p->ctx);
  g_free (p->iocbs);
  g_free (p->iocb_ptrs);
  g_free (p->events);
  g_free (p);
  engine->priv = NULL;
}

const DmkEngineOps dmk_engine_libaio_ops = {
  .name = "libaio",
  .setup = libaio_setup,
  .submit = libaio_submit,
  .reap = libaio_reap,
  .teardown = libaio_teardown,
};
