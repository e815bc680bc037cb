/* dmk-run-verify.c: verified I/O (--verify): the test region stamped before the tests, the
 * workers' counts gathered, and a final read-back of every block. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <unistd.h>

#include "dmk-error.h"
#include "dmk-file.h"
#include "dmk-run-private.h"

#define CHUNK ((gsize) 1 << 20)

static void
merge (DmkStampTally *into, const DmkStampTally *t)
{
  into->checked += t->checked;
  into->bad += t->bad;
  if (t->has_bad && (!into->has_bad || t->first_bad < into->first_bad))
    {
      into->has_bad = TRUE;
      into->first_bad = t->first_bad;
    }
}

void
_dmk_verify_collect (RunData *d, const DmkWorkers *ws)
{
  for (guint i = 0; i < ws->set_up; i++)
    merge (&d->result->verify, &ws->w[i].verify);
}

/* Whole-chunk pwrite/pread over [0, size), told as a layout's progress; a chunk the region's
 * end cuts short is cut to it. */
static gboolean
each_chunk (RunData *d, gboolean write, DmkStampTally *tally, GCancellable *cancellable,
            GError **error)
{
  int fd = dmk_target_get_fd (d->target);
  guint64 size = dmk_target_get_test_size (d->target);
  guint32 align = MAX (dmk_target_get_mem_align (d->target), DMK_ALIGN_FLOOR);
  void *buf = NULL;
  gint64 next = 0;
  gboolean ok = TRUE;

  size -= size % DMK_STAMP_SIZE;
  if (posix_memalign (&buf, align, CHUNK) != 0)
    g_error ("out of memory");
  for (guint64 off = 0; off < size && ok; off += CHUNK)
    {
      gsize len = (gsize) MIN ((guint64) CHUNK, size - off);
      int err;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
      if (write)
        dmk_stamp_fill (buf, len, d->verify_id, off);
      err = dmk_file_transfer (fd, buf, len, off, write);
      if (err != 0)
        {
          _dmk_run_set_io_error (d, error, write ? _("Writing the stamps of --verify")
                                                 : _("Reading back the stamps of --verify"),
                                 err, off);
          ok = FALSE;
          break;
        }
      _dmk_run_others_add (d, write ? 0 : len, write ? len : 0);
      if (!write)
        dmk_stamp_check_range (buf, len, d->verify_id, off, tally);
      if (dmk_now_ns () >= next)
        {
          DmkProgress p = { .phase = DMK_PHASE_LAYOUT, .fraction = (double) off / (double) size };

          p.n_tests = d->jobs != NULL ? d->jobs->len : 1;
          _dmk_run_post (d, &p, NULL);
          next = dmk_now_ns () + DMK_RUN_LIVE_EVERY_NS;
        }
    }
  free (buf);
  if (ok && write && fdatasync (fd) != 0 && errno != EINVAL)
    {
      _dmk_run_set_io_error (d, error, _("Flushing the stamps of --verify"), errno, 0);
      ok = FALSE;
    }
  return ok;
}

gboolean
_dmk_verify_layout (RunData *d, GCancellable *cancellable, GError **error)
{
  return each_chunk (d, TRUE, NULL, cancellable, error);
}

gboolean
_dmk_verify_read_back (RunData *d, DmkStampTally *readback, GCancellable *cancellable,
                       GError **error)
{
  DmkStampTally tally = { 0 };

  if (!each_chunk (d, FALSE, &tally, cancellable, error))
    return FALSE;
  merge (&d->result->verify, &tally);
  *readback = tally;
  return TRUE;
}
