/* dmk-run-others.c: other programs' I/O on the tested device while a run went on: the device's
 * own counters (/sys/dev/block/MAJ:MIN/stat) before and after, less what the run did itself, so
 * that "another program read 1.2 GB from this drive meanwhile" is a warning, not a mystery. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "dmk-run-private.h"

/* What is left to others below this is the kernel's own small change (a partition table read by
 * udev, a flush): the run's direct I/O reaches the device's counters to the byte (a loop device's
 * delta equals the run's own count in every run measured), so a fixed 8 MiB is the noise. */
#define OTHERS_FLOOR ((guint64) 8 << 20)

/* The device's sectors read and written so far (512 bytes each, whatever its block size). */
static gboolean
read_counters (const char *file, guint64 *read, guint64 *written)
{
  g_autofree char *text = NULL;
  guint64 f[7] = { 0 };
  char *p, *end;

  if (file == NULL || !g_file_get_contents (file, &text, NULL, NULL))
    return FALSE;
  p = text;
  for (guint i = 0; i < G_N_ELEMENTS (f); i++, p = end)
    {
      f[i] = g_ascii_strtoull (p, &end, 10);
      if (end == p)
        return FALSE;
    }
  *read = f[2] * 512;
  *written = f[6] * 512;
  return TRUE;
}

void
_dmk_run_others_start (RunData *d, const char *sysfs)
{
  struct stat st;

  d->own_read = d->own_write = 0;
  /* Buffered I/O reaches the device as the page cache decides (read-ahead, write-back later):
   * its counters say nothing exact of the run's own share. */
  if (!d->settings.direct || dmk_target_get_info (d->target)->kind != DMK_TARGET_BLOCK_DEVICE ||
      fstat (dmk_target_get_fd (d->target), &st) != 0 || !S_ISBLK (st.st_mode))
    return;
  d->counters_file = g_strdup_printf ("%s/dev/block/%u:%u/stat", sysfs, major (st.st_rdev),
                                      minor (st.st_rdev));
  d->counters_known = read_counters (d->counters_file, &d->counters_read, &d->counters_written);
}

void
_dmk_run_others_add (RunData *d, guint64 read, guint64 written)
{
  d->own_read += read;
  d->own_write += written;
}

void
_dmk_run_others_finish (RunData *d)
{
  guint64 read, written, other_read, other_written;

  if (!d->counters_known || d->result == NULL ||
      !read_counters (d->counters_file, &read, &written))
    return;
  d->counters_known = FALSE;
  read -= MIN (read, d->counters_read);
  written -= MIN (written, d->counters_written);
  /* Buffered or merged I/O can reach the device as less than the run asked: never below 0. */
  other_read = read > d->own_read ? read - d->own_read : 0;
  other_written = written > d->own_write ? written - d->own_write : 0;
  if (other_read + other_written < OTHERS_FLOOR)
    return;
  {
    g_autofree char *r = dmk_format_size (other_read);
    g_autofree char *w = dmk_format_size (other_written);

    /* TRANSLATORS: "Another program used “/dev/sdb” while the test ran: it read 1.2 GiB and
     * wrote 64 MiB besides GDiskMark's own I/O (the device's counters). …" */
    g_ptr_array_add (d->result->warnings,
                     g_strdup_printf (_("Another program used “%s” while the test ran: it read %s "
                                        "and wrote %s besides GDiskMark's own I/O (the device's "
                                        "counters). The numbers are lower than the drive alone "
                                        "gives: run again when nothing else uses it."),
                                      d->path, r, w));
  }
}
