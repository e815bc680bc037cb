/* dmk-target-private.h: what the target's files share: the target itself, and the helpers
 * that both a folder's and a device's opening use. */
#pragma once

#include <sys/stat.h>

#include "dmk-target.h"

struct _DmkTarget
{
  DmkTargetInfo info;
  int fd;
  gboolean direct;
  DmkData data;
  guint64 test_size;
  guint32 offset_align;
  guint32 mem_align;
  GPtrArray *warnings;
  const DmkFdProvider *provider; /* the one that opened a device's fd; NULL: open(2) itself */
  gboolean allow_stacked_loop;
};

/* dmk-target-facts.c */
void _dmk_target_warn (DmkTarget *t, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* The direct-I/O alignment the kernel states for t->fd, else fallback. */
void _dmk_target_read_alignment (DmkTarget *t, guint32 fallback);
/* Model, transport, rotation (and a device's size and name) of the disk dev, into t->info. */
gboolean _dmk_target_fill_device_facts (DmkTarget *t, dev_t dev);
/* A failed step ("Reserving space in") on path as a sentence of what to do; FALSE. */
gboolean _dmk_target_error_from_errno (GError **error, int err, const char *path,
                                       const char *what);
gboolean _dmk_target_direct_io_refused (GError **error, const char *path);

/* dmk-target-device.c: a block device's fd (open(2), else the providers), through the write
 * gate when write, and its facts into t. */
gboolean _dmk_target_open_device (DmkTarget *t, const struct stat *st, gboolean write,
                                  const DmkDeviceIdentity *consent,
                                  const DmkFdProvider *const *providers,
                                  GCancellable *cancellable, GError **error);
/* The device as the window's consent dialog names it ("/dev/sdb (Model, 32 GiB)"). */
char *_dmk_target_describe_device (const char *path, dev_t dev);
