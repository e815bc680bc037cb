/* dmk-engine.c: the engine registry: the ops table of each kind, and the engine a run really
 * gets where the asked one is not available (as fio's ioengines.c looks its engines up). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <sys/uio.h>

#include "dmk-engine.h"

const DmkEngineOps *
dmk_engine_ops_for_kind (DmkEngineKind kind)
{
  switch (kind)
    {
    case DMK_ENGINE_PSYNC:
      return &dmk_engine_psync_ops;
    case DMK_ENGINE_IO_URING:
      return &dmk_engine_io_uring_ops;
    case DMK_ENGINE_LIBAIO:
    default:
      return &dmk_engine_libaio_ops;
    }
}

DmkEngineKind
dmk_engine_resolve (DmkEngineKind asked, char **warning)
{
  g_autofree char *reason = NULL;

  g_return_val_if_fail (warning != NULL, asked);
  *warning = NULL;
  if (asked != DMK_ENGINE_IO_URING || dmk_engine_io_uring_usable (&reason))
    return asked;
  /* TRANSLATORS: %s says why, e.g. "Operation not permitted" */
  *warning = g_strdup_printf (_("io_uring is not available here (%s): this run used libaio."),
                              reason);
  return DMK_ENGINE_LIBAIO;
}

gboolean
dmk_engine_fd_can_nowait (int fd, gsize block)
{
  struct iovec iov;
  void *buf = NULL;
  ssize_t r;
  int err;

  block = MAX (block, 4096);
  if (posix_memalign (&buf, 4096, block) != 0)
    return TRUE;
  iov.iov_base = buf;
  iov.iov_len = block;
  /* The file's flags are checked before anything is read (alignment, the end of the file,
   * locks): EOPNOTSUPP says the file cannot, EAGAIN only that this read would have waited. */
  do
    r = preadv2 (fd, &iov, 1, 0, RWF_NOWAIT);
  while (r < 0 && errno == EINTR);
  err = r < 0 ? errno : 0;
  free (buf);
  return err != EOPNOTSUPP;
}

DmkEngineKind
dmk_engine_resolve_for_fd (DmkEngineKind asked, int fd, gsize block, gboolean poll,
                           char **warning)
{
  DmkEngineKind kind = dmk_engine_resolve (asked, warning);

  if (kind != DMK_ENGINE_IO_URING || poll || dmk_engine_fd_can_nowait (fd, block))
    return kind;
  *warning = g_strdup (_("io_uring cannot start I/O on this target without waiting (the kernel "
                         "would hand every I/O to a worker thread, many times slower at queue "
                         "depth 1): this run used libaio."));
  return DMK_ENGINE_LIBAIO;
}
