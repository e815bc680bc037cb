/* dmk-engine.c: the engine registry: the ops table of each kind, and the engine a run really
 * gets where the asked one is not available (as fio's ioengines.c looks its engines up). */
#include "config.h"

#include <glib/gi18n-lib.h>

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
dmk_engine_for_test (const DmkSettings *settings, gboolean served_by_thread,
                     const DmkTestSpec *spec)
{
  if (settings->engine == DMK_ENGINE_IO_URING && !settings->poll && !settings->engine_asked &&
      served_by_thread && spec->queue_depth >= DMK_ENGINE_DEEP_DEPTH &&
      spec->block_size <= DMK_ENGINE_DEEP_BLOCK)
    return DMK_ENGINE_LIBAIO;
  return settings->engine;
}

guint
dmk_engine_submit_batch (gboolean served_by_thread, guint threads)
{
  return served_by_thread && threads >= g_get_num_processors () ? 0
                                                                : DMK_ENGINE_SUBMIT_BATCH_INTERRUPT;
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
