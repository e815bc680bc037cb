/* dmk-engine-io-uring.c: the io_uring engine: the fd and every slot's buffer registered, every
 * free slot submitted with one io_uring_enter, completions read from the shared ring. */
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
  gboolean fixed_file;
  gboolean fixed_bufs;
  struct io_uring_cqe **cqes;
} UringPriv;

/* Rings with the flag that makes completions cheap where the kernel has it (5.19+: the kernel
 * runs completion work when we next enter it, not by interrupting the submitter). Not
 * SINGLE_ISSUER: each pass runs in a thread of its own, and a second issuer would get EEXIST. */
static int
queue_init (guint depth, struct io_uring *ring)
{
  struct io_uring_params p;
  int r;

  memset (&p, 0, sizeof p);
  p.flags = IORING_SETUP_COOP_TASKRUN;
  r = io_uring_queue_init_params (depth, ring, &p);
  if (r == -EINVAL)
    r = io_uring_queue_init (depth, ring, 0);
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

static gboolean
uring_setup (DmkEngine *engine, GError **error)
{
  UringPriv *p = g_new0 (UringPriv, 1);
  int r = queue_init (engine->depth, &p->ring);

  if (r < 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE,
                   _("Could not set up io_uring for queue depth %u: %s (use --engine=libaio)"),
                   engine->depth, g_strerror (-r));
      g_free (p);
      return FALSE;
    }
  /* Registered, the file and the buffers are looked up and pinned once, not on every I/O.
   * Either may be refused (an old kernel, a locked-memory limit); the I/O then goes without. */
  p->fixed_file = io_uring_register_files (&p->ring, &engine->fd, 1) == 0;
  if (engine->buffers != NULL)
    {
      g_autofree struct iovec *iov = g_new (struct iovec, engine->depth);

      for (guint i = 0; i < engine->depth; i++)
        {
          iov[i].iov_base = (char *) engine->buffers + (gsize) i * engine->buffer_size;
          iov[i].iov_len = engine->buffer_size;
        }
      p->fixed_bufs = io_uring_register_buffers (&p->ring, iov, engine->depth) == 0;
    }
  p->cqes = g_new0 (struct io_uring_cqe *, engine->depth);
  engine->priv = p;
  return TRUE;
}

static int
uring_submit (DmkEngine *engine, DmkIo **ios, guint n)
{
  UringPriv *p = engine->priv;
  int fd = p->fixed_file ? 0 : engine->fd;
  guint prepared = 0;
  int r;

  for (; prepared < n; prepared++)
    {
      DmkIo *io = ios[prepared];
      struct io_uring_sqe *sqe = io_uring_get_sqe (&p->ring);

      if (sqe == NULL)
        break;
      if (p->fixed_bufs)
        {
          if (io->is_write)
            io_uring_prep_write_fixed (sqe, fd, io->buf, io->len, io->offset, (int) io->index);
          else
            io_uring_prep_read_fixed (sqe, fd, io->buf, io->len, io->offset, (int) io->index);
        }
      else if (io->is_write)
        io_uring_prep_write (sqe, fd, io->buf, io->len, io->offset);
      else
        io_uring_prep_read (sqe, fd, io->buf, io->len, io->offset);
      if (p->fixed_file)
        sqe->flags |= IOSQE_FIXED_FILE;
      io_uring_sqe_set_data (sqe, io);
    }
  do
    r = io_uring_submit (&p->ring);
  while (r == -EINTR);
  if (r == -EAGAIN || r == -EBUSY)
    r = 0;
  if (r < 0)
    return r;
  /* What the kernel did not take stays in the submission ring and goes with the next enter;
   * those slots are in flight for us already. */
  return (int) prepared;
}

static int
uring_reap (DmkEngine *engine, guint min, guint max, DmkIo **done)
{
  UringPriv *p = engine->priv;
  guint got;

  max = MIN (max, engine->depth);
  got = io_uring_peek_batch_cqe (&p->ring, p->cqes, max);
  if (got < min)
    {
      struct io_uring_cqe *cqe = NULL;
      int r;

      /* Nothing ready: one system call that submits what is left and waits. */
      do
        r = io_uring_submit_and_wait (&p->ring, min - got);
      while (r == -EINTR);
      if (r < 0 && r != -EAGAIN && r != -EBUSY && r != -ETIME)
        return got > 0 ? (int) got : r;
      if (got == 0 && io_uring_peek_cqe (&p->ring, &cqe) != 0)
        return 0;
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
  /* Unregistering waits for the kernel to drop its references: the ring's own exit does that
   * later, in a worker, and until then the device would stay claimed (O_EXCL) by us. */
  if (p->fixed_bufs)
    io_uring_unregister_buffers (&p->ring);
  if (p->fixed_file)
    io_uring_unregister_files (&p->ring);
  io_uring_queue_exit (&p->ring);
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
};

DmkEngineKind
dmk_engine_resolve (DmkEngineKind asked, char **warning)
{
  g_autofree char *reason = NULL;

  *warning = NULL;
  if (asked != DMK_ENGINE_IO_URING || dmk_engine_io_uring_usable (&reason))
    return asked;
  /* TRANSLATORS: %s says why, e.g. "Operation not permitted" */
  *warning = g_strdup_printf (_("io_uring is not available here (%s): this run used libaio."),
                              reason);
  return DMK_ENGINE_LIBAIO;
}
