/* dmk-target-facts.c: what opening a folder and opening a device share: the warnings kept with
 * a target, its direct-I/O alignment, the facts of the disk beneath it, and the sentences for a
 * step that failed. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <sys/stat.h>

#include "dmk-error.h"
#include "dmk-sysinfo.h"
#include "dmk-target-private.h"

void
_dmk_target_warn (DmkTarget *t, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  g_ptr_array_add (t->warnings, g_strdup_vprintf (format, ap));
  va_end (ap);
}

/* Reads the direct-I/O alignment the kernel states; older kernels and some filesystems
 * (tmpfs) do not, and then the page size is safe for any filesystem. */
void
_dmk_target_read_alignment (DmkTarget *t, guint32 fallback)
{
  struct statx stx;

  t->offset_align = fallback;
  t->mem_align = fallback;
  if (statx (t->fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) == 0 &&
      (stx.stx_mask & STATX_DIOALIGN) && stx.stx_dio_offset_align != 0)
    {
      t->offset_align = stx.stx_dio_offset_align;
      t->mem_align = MAX (stx.stx_dio_mem_align, (guint32) sizeof (void *));
    }
}

gboolean
_dmk_target_fill_device_facts (DmkTarget *t, dev_t dev)
{
  DmkBlockFacts facts;

  if (!dmk_block_facts_for_dev (dev, &facts))
    return FALSE;
  t->info.model = g_steal_pointer (&facts.model);
  t->info.transport = g_steal_pointer (&facts.transport);
  t->info.rotational = facts.rotational;
  if (t->info.kind == DMK_TARGET_BLOCK_DEVICE)
    t->info.size_bytes = facts.size_bytes;
  if (t->info.device == NULL)
    t->info.device = g_strdup_printf ("/dev/%s", facts.name);
  dmk_block_facts_clear (&facts);
  return TRUE;
}

gboolean
_dmk_target_error_from_errno (GError **error, int err, const char *path, const char *what)
{
  switch (err)
    {
    case ENOENT:
    case ENOTDIR:
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_FOUND,
                   _("“%s” does not exist: give an existing directory or block device"), path);
      break;
    case EACCES:
    case EPERM:
    case EROFS:
      /* TRANSLATORS: "Reserving space in “/mnt” was refused: Operation not permitted. …"; the
       * first %s is one of the "… in" phrases, which says which step failed. */
      g_set_error (error, DMK_ERROR, DMK_ERROR_PERMISSION,
                   _("%s “%s” was refused: %s. Choose a directory you can write to."), what,
                   path, g_strerror (err));
      break;
    case ENOSPC:
    case EDQUOT:
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_SPACE,
                   _("No space left in “%s” for the test file: choose a smaller test size or "
                     "another directory"),
                   path);
      break;
    default:
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("%s “%s” failed: %s"), what, path,
                   g_strerror (err));
      break;
    }
  return FALSE;
}

gboolean
_dmk_target_direct_io_refused (GError **error, const char *path)
{
  g_set_error (error, DMK_ERROR, DMK_ERROR_DIRECT_IO,
               _("The filesystem of “%s” refuses direct I/O (O_DIRECT): test through the page "
                 "cache (buffered I/O) instead, knowing that it flatters the numbers"),
               path);
  return FALSE;
}
