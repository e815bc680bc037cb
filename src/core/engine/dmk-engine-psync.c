/* dmk-engine-psync.c: the synchronous pread/pwrite engine; one I/O at a time, whatever the depth. */
#include "config.h"

#include <errno.h>
#include <unistd.h>

#include "dmk-engine.h"

typedef struct
{
  DmkIo *done; /* the one completed I/O waiting to be reaped */
} PsyncPriv;

static gboolean
psync_setup (DmkEngine *engine, GError **error)
{
  engine->priv = g_new0 (PsyncPriv, 1);
  return TRUE;
}

static int
psync_submit (DmkEngine *engine, DmkIo **ios, guint n)
{
  PsyncPriv *p = engine->priv;
  DmkIo *io;
  ssize_t r;

  if (n == 0 || p->done != NULL)
    return 0;
  io = ios[0];
  do
    {
      if (io->is_write)
        r = pwrite (engine->fd, io->buf, io->len, (off_t) io->offset);
      else
        r = pread (engine->fd, io->buf, io->len, (off_t) io->offset);
    }
  while (r < 0 && errno == EINTR);
  io->result = r < 0 ? -errno : r;
  p->done = io;
  return 1;
}

static int
psync_reap (DmkEngine *engine, guint min, guint max, DmkIo **done)
{
  PsyncPriv *p = engine->priv;

  if (p->done == NULL || max == 0)
    return 0;
  done[0] = p->done;
  p->done = NULL;
  return 1;
}

static void
psync_teardown (DmkEngine *engine)
{
  g_clear_pointer (&engine->priv, g_free);
}

const DmkEngineOps dmk_engine_psync_ops = {
  .name = "psync",
  .setup = psync_setup,
  .submit = psync_submit,
  .reap = psync_reap,
  .teardown = psync_teardown,
};
