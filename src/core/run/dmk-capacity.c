/* dmk-capacity.c: the capacity check: a device's stamps spread over it and narrowed down to the
 * first bad block, or a folder's free space filled and read back, in a worker thread.
 *
 * It opens its target through the one write gate (dmk_target_open) and reads the run's clock
 * (dmk_now_ns), but does not go through the pass coordinator: that one runs timed passes of
 * an engine at a queue depth, each I/O at an offset of its pattern, and measures them; this one
 * has no pass and no time, it must touch exactly the blocks of its plan, once each and in its
 * order (top down, so that an alias keeps the lower stamp), and check each as it comes back. So
 * its I/O is plain whole-block transfers (dmk_file_transfer), one at a time. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "dmk-capacity.h"
#include "dmk-error.h"
#include "dmk-file.h"
#include "dmk-run-private.h"

#define FOLDER_CHUNK ((gsize) 1 << 20)
#define PROGRESS_NS (100 * G_TIME_SPAN_MILLISECOND * 1000)

typedef struct
{
  char *path;
  DmkSettings settings;
  DmkDeviceIdentity consent; /* the device writes were allowed on, when has_consent */
  gboolean has_consent;
  const DmkFdProvider *const *providers;
  DmkCapacityProgressFunc progress;
  gpointer progress_data;
  GMainContext *context;

  /* the worker's */
  GCancellable *cancellable;
  DmkTarget *target;
  int fd;
  void *buf;
  gsize block; /* a device's stamp block: DMK_STAMP_SIZE or the device's alignment */
  DmkCapacityReport *report;
  void *expect;        /* one stamp as it was written, to tell damage from a lost write */
  GArray *records;     /* a device's Record of every stamp read */
  GHashTable *refused; /* a device's blocks whose write failed (offsets) */
  DmkCapacityProgress now;
  gint64 phase_start, next_progress;
  gint64 write_ns, read_ns;
  guint64 read_bytes;
} Check;

/* What one stamp read back as. */
typedef enum
{
  READ_GOOD,
  READ_DAMAGED, /* DMK_CAPACITY_DAMAGED */
  READ_LOST,    /* DMK_CAPACITY_LOST */
} ReadAs;

typedef struct
{
  guint64 offset;
  ReadAs as;
} Record;

typedef struct
{
  DmkCapacityProgressFunc func;
  gpointer data;
  DmkCapacityProgress p;
} ProgressMsg;

static void
check_free (Check *c)
{
  g_free (c->path);
  dmk_settings_clear (&c->settings);
  dmk_device_identity_clear (&c->consent);
  g_clear_pointer (&c->context, g_main_context_unref);
  g_clear_pointer (&c->target, dmk_target_free);
  free (c->buf);
  g_free (c->expect);
  g_clear_pointer (&c->records, g_array_unref);
  g_clear_pointer (&c->refused, g_hash_table_unref);
  g_clear_pointer (&c->report, dmk_capacity_report_free);
  g_free (c);
}

static gboolean
deliver_progress (gpointer data)
{
  ProgressMsg *m = data;
  m->func (&m->p, m->data);
  return G_SOURCE_REMOVE;
}

/* Throttled to one message per 100 ms, except the end of a phase. */
static void
progress (Check *c, guint64 done, gboolean last)
{
  gint64 t = dmk_now_ns ();
  double secs = (double) (t - c->phase_start) / 1e9;
  ProgressMsg *m;
  GSource *source;

  if (c->progress == NULL || (!last && t < c->next_progress))
    return;
  c->next_progress = t + PROGRESS_NS;
  c->now.done_bytes = done;
  c->now.fraction = c->now.total_bytes > 0 ? (double) done / (double) c->now.total_bytes : 1.0;
  c->now.mb_per_s = secs > 0 ? (double) done / secs / 1e6 : 0.0;
  c->now.elapsed_s = secs;
  m = g_new (ProgressMsg, 1);
  *m = (ProgressMsg) { c->progress, c->progress_data, c->now };
  /* Always from the caller's context, by its own thread, as the runner posts (_dmk_run_post):
   * g_main_context_invoke () would call back right here, in the worker, whenever the caller's
   * thread did not own its context at that moment. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, deliver_progress, m, g_free);
  g_source_set_static_name (source, "dmk-capacity-progress");
  g_source_attach (source, c->context);
  g_source_unref (source);
}

static void
begin_phase (Check *c, DmkCapacityPhase phase, guint pass, guint64 total)
{
  c->now = (DmkCapacityProgress) { .phase = phase, .pass = pass, .total_bytes = total };
  c->phase_start = dmk_now_ns ();
  c->next_progress = 0;
  progress (c, 0, FALSE);
}

static gint64
end_phase (Check *c, guint64 done)
{
  progress (c, done, TRUE);
  return dmk_now_ns () - c->phase_start;
}

static gboolean
sync_target (Check *c, GError **error)
{
  if (fdatasync (c->fd) != 0 && errno != EINVAL)
    {
      int err = errno;
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Flushing the writes to “%s” failed: %s"),
                   c->path, g_strerror (err));
      return FALSE;
    }
  /* Without direct I/O the reads would come from memory: drop what the cache holds. */
  if (c->report->buffered)
    posix_fadvise (c->fd, 0, 0, POSIX_FADV_DONTNEED);
  return TRUE;
}

static void
merge_tally (DmkStampTally *into, const DmkStampTally *pass)
{
  into->checked += pass->checked;
  into->bad += pass->bad;
  if (pass->has_bad && (!into->has_bad || pass->first_bad < into->first_bad))
    {
      into->has_bad = TRUE;
      into->first_bad = pass->first_bad;
    }
  if (pass->wraps && (!into->wraps || pass->wraps_at < into->wraps_at))
    {
      into->wraps = TRUE;
      into->wraps_at = pass->wraps_at;
      into->wraps_to = pass->wraps_to;
    }
}

/* Checks the stamp read at offset into the report's tally, and says what it read back as: a
 * stamp of this run for this block with a few words altered is damage (a bad block); other
 * data, mostly or wholly, is a write that did not land (zeros, old data, another block's stamp,
 * also a wrap's alias). */
static ReadAs
read_stamp (Check *c, const void *stamp, guint64 offset, DmkStampTally *tally)
{
  const guint64 *got = stamp, *want = c->expect;
  guint64 found = 0, differ = 0;
  DmkStampStatus st = dmk_stamp_check (stamp, c->report->run_id, offset, &found);

  dmk_stamp_tally_add (tally, st, offset, found);
  if (st == DMK_STAMP_OK)
    return READ_GOOD;
  if (st == DMK_STAMP_MOVED)
    return READ_LOST;
  dmk_stamp_fill (c->expect, DMK_STAMP_SIZE, c->report->run_id, offset);
  for (gsize i = 0; i < DMK_STAMP_SIZE / sizeof *got; i++)
    differ += got[i] != want[i];
  return differ * 2 <= DMK_STAMP_SIZE / sizeof *got ? READ_DAMAGED : READ_LOST;
}

/* Stamps the blocks of a pass (ascending block numbers) from the top down: where addresses
 * alias, the lowest offset is written last and keeps its stamp, so a higher one reads the lower
 * one's stamp and the alias shows. */
static gboolean
device_write_stamps (Check *c, GArray *blocks, guint pass, GError **error)
{
  guint64 n = blocks->len;

  begin_phase (c, DMK_CAPACITY_WRITING, pass, n * c->block);
  for (guint64 i = n; i-- > 0;)
    {
      guint64 offset = g_array_index (blocks, guint64, i) * c->block;

      if (g_cancellable_set_error_if_cancelled (c->cancellable, error))
        return FALSE;
      dmk_stamp_fill (c->buf, c->block, c->report->run_id, offset);
      if (dmk_file_transfer (c->fd, c->buf, c->block, offset, TRUE) != 0)
        {
          c->report->write_errors++;
          g_hash_table_add (c->refused, g_memdup2 (&offset, sizeof offset));
        }
      c->report->written_bytes += c->block;
      progress (c, (n - i) * c->block, FALSE);
    }
  c->write_ns += end_phase (c, n * c->block);
  return sync_target (c, error);
}

static gboolean
device_read_stamps (Check *c, GArray *blocks, guint pass, DmkStampTally *tally, GError **error)
{
  guint64 n = blocks->len;

  begin_phase (c, DMK_CAPACITY_READING, pass, n * c->block);
  for (guint64 i = 0; i < n; i++)
    {
      guint64 offset = g_array_index (blocks, guint64, i) * c->block;
      gboolean failed;

      if (g_cancellable_set_error_if_cancelled (c->cancellable, error))
        return FALSE;
      failed = dmk_file_transfer (c->fd, c->buf, c->block, offset, FALSE) != 0 ||
               g_hash_table_contains (c->refused, &offset);
      for (gsize at = 0; at < c->block; at += DMK_STAMP_SIZE)
        {
          Record rec = { offset + at, READ_DAMAGED };

          if (failed) /* unreadable, or its write refused: damaged */
            dmk_stamp_tally_add (tally, DMK_STAMP_CORRUPT, rec.offset, 0);
          else
            rec.as = read_stamp (c, (const char *) c->buf + at, rec.offset, tally);
          g_array_append_val (c->records, rec);
        }
      progress (c, (i + 1) * c->block, FALSE);
    }
  c->read_ns += end_phase (c, n * c->block);
  c->read_bytes += n * c->block;
  return TRUE;
}

/* The first pass: every block below k, every multiple of k and every block of the last k, k the
 * power of two at or above the square root of the device's blocks. Any distance d between two
 * aliasing addresses is the difference of two of them (the multiple of k at or above d, or d
 * itself near the end, less a block below k), so a wrap at any N shows in this one pass, with
 * about 3√n stamps (12288 for 64 GiB). */
static GArray *
first_pass_blocks (guint64 n, guint64 *spacing)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 k = 1;

  while (k * k < n)
    k *= 2;
  *spacing = k;
  for (guint64 b = 0; b < MIN (k, n); b++)
    g_array_append_val (a, b);
  for (guint64 b = k; b < n && b + k < n; b += k)
    g_array_append_val (a, b);
  for (guint64 b = MAX (k, n > k ? n - k : 0); b < n; b++)
    if (b % k != 0 || b + k >= n)
      g_array_append_val (a, b);
  return a;
}

/* The stamps strictly between a good block and the first bad one, at most
 * DMK_CAPACITY_STAMPS_PER_PASS of them, a power of two apart. */
static GArray *
narrowing_blocks (guint64 good, guint64 bad, guint64 *spacing)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 step = 1;

  while (step * DMK_CAPACITY_STAMPS_PER_PASS < bad - good)
    step *= 2;
  *spacing = step;
  for (guint64 b = good + step; b < bad; b += step)
    g_array_append_val (a, b);
  return a;
}

static int
cmp_record (gconstpointer a, gconstpointer b)
{
  guint64 x = ((const Record *) a)->offset, y = ((const Record *) b)->offset;

  return x < y ? -1 : x > y;
}

/* Where the stamps read so far (sorted) stop holding: the last good one (*good, FALSE when
 * none) and the first bad one after it (*bad); how many bad ones there are from it on. */
static guint64
tail_of (GArray *records, gboolean *has_good, guint64 *good, guint64 *bad)
{
  guint i = records->len;

  while (i > 0 && g_array_index (records, Record, i - 1).as != READ_GOOD)
    i--;
  *has_good = i > 0;
  *good = i > 0 ? g_array_index (records, Record, i - 1).offset : 0;
  *bad = i < records->len ? g_array_index (records, Record, i).offset : 0;
  return records->len - i;
}

/* Every stamp read, in order, into the report's verdict: a wrap's alias and everything from it
 * on is the wrap's; below it, or without one, bad stamps to the end are lost capacity and the
 * others isolated defects (dmk_capacity_classify_end). */
static void
classify_device (Check *c)
{
  DmkCapacityReport *r = c->report;
  DmkCapacityClassifier cls = { 0 };

  if (r->tally.wraps)
    r->usable_bytes = r->tally.wraps_at - r->tally.wraps_to;
  for (guint i = 0; i < c->records->len; i++)
    {
      const Record *rec = &g_array_index (c->records, Record, i);

      if (r->tally.wraps && rec->offset >= r->usable_bytes)
        r->tail_stamps += rec->as != READ_GOOD;
      else
        dmk_capacity_classify_add (r, &cls, rec->offset, rec->as == READ_GOOD,
                                   rec->as == READ_DAMAGED ? DMK_CAPACITY_DAMAGED
                                                           : DMK_CAPACITY_LOST);
    }
  dmk_capacity_classify_end (r, &cls);
}

/* The first pass, then, when bad stamps run to the end (a fake's lost capacity, not a few bad
 * blocks), passes between the last good stamp and the first bad one of that run until they are
 * one block apart. A stamp that holds a lower offset's says the addresses wrap, and its distance
 * is where: everything from there on aliases the start. Bad stamps with good ones above them are
 * isolated defects, each exact to its block. */
static gboolean
check_device (Check *c, GError **error)
{
  DmkCapacityReport *r = c->report;
  guint64 spacing = 1;
  g_autoptr (GArray) blocks = first_pass_blocks (r->claimed_bytes / c->block, &spacing);

  r->spacing_bytes = spacing * c->block;
  r->resolution_bytes = r->spacing_bytes;
  for (guint pass = 1; blocks->len > 0; pass++)
    {
      DmkStampTally tally = { 0 };
      guint64 good, bad, tail;
      gboolean has_good;

      if (!device_write_stamps (c, blocks, pass, error) ||
          !device_read_stamps (c, blocks, pass, &tally, error))
        return FALSE;
      merge_tally (&r->tally, &tally);
      g_array_sort (c->records, cmp_record);
      if (tally.wraps)
        {
          r->resolution_bytes = c->block;
          r->tally.first_bad = MIN (r->tally.first_bad, tally.wraps_at - tally.wraps_to);
          break;
        }
      tail = tail_of (c->records, &has_good, &good, &bad);
      if (tail < DMK_CAPACITY_TAIL_STAMPS || !has_good)
        break;
      r->resolution_bytes = bad - good;
      if (bad / c->block - good / c->block <= 1)
        break;
      g_array_unref (blocks);
      blocks = narrowing_blocks (good / c->block, bad / c->block, &spacing);
    }
  classify_device (c);
  return TRUE;
}

guint64
dmk_capacity_folder_margin (guint64 fs_size, double others_bytes_per_s)
{
  guint64 floor = MIN (DMK_CAPACITY_MARGIN_MIN, fs_size / 10);
  guint64 margin = MAX (fs_size / 100 * DMK_CAPACITY_MARGIN_PERCENT, floor);
  double others = others_bytes_per_s * DMK_CAPACITY_MARGIN_OTHERS_S;

  if (others > (double) margin)
    margin = others < (double) G_MAXUINT64 / 2 ? (guint64) others : G_MAXUINT64 / 2;
  return MAX (margin, FOLDER_CHUNK);
}

/* What an unprivileged program may still write on the folder's filesystem now. */
static gboolean
folder_avail (Check *c, guint64 *avail, GError **error)
{
  struct statvfs sv;

  if (fstatvfs (c->fd, &sv) != 0)
    {
      int err = errno;
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not tell how full “%s” is: %s"),
                   c->path, g_strerror (err));
      return FALSE;
    }
  *avail = (guint64) sv.f_bavail * sv.f_frsize;
  return TRUE;
}

/* How fast other programs were using up the folder's filesystem as the check began (bytes/s),
 * over half a second. */
static gboolean
others_rate (Check *c, guint64 *avail, double *rate, GError **error)
{
  guint64 before;
  gint64 t0, t1;

  t0 = g_get_monotonic_time ();
  if (!folder_avail (c, &before, error))
    return FALSE;
  for (int i = 0; i < 10; i++)
    {
      if (g_cancellable_set_error_if_cancelled (c->cancellable, error))
        return FALSE;
      g_usleep (50 * 1000);
    }
  if (!folder_avail (c, avail, error))
    return FALSE;
  t1 = g_get_monotonic_time ();
  *rate = *avail < before ? (double) (before - *avail) / ((double) (t1 - t0) / 1e6) : 0.0;
  return TRUE;
}

/* The folder's free space less the margin kept for other programs, in whole chunks. f3 fills to
 * the last byte, which on a disk that other programs use makes their writes fail: so the check
 * covers all but the margin (dmk_capacity_folder_margin), and the filesystem's own bookkeeping
 * gets a little more (1/1024 of what is written, at least 4 MiB), so that only another
 * program's writes can bring the free space down to the margin. */
static gboolean
folder_span (Check *c, GError **error)
{
  const DmkTargetInfo *info = dmk_target_get_info (c->target);
  guint64 avail, margin, slack, span;
  double rate;

  if (!others_rate (c, &avail, &rate, error))
    return FALSE;
  margin = dmk_capacity_folder_margin (info->size_bytes, rate);
  span = avail > margin ? avail - margin : 0;
  slack = MAX (span / 1024, (guint64) 4 << 20);
  span = span > slack ? span - slack : 0;
  span -= span % FOLDER_CHUNK;
  c->report->margin_bytes = margin;
  if (span == 0)
    {
      g_autofree char *have = dmk_format_size (avail);
      g_autofree char *keep = dmk_format_size (margin);
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_SPACE,
                   _("“%s” has only %s free, and %s of it stays free for other programs: too "
                     "little to check"),
                   c->path, have, keep);
      return FALSE;
    }
  c->report->claimed_bytes = span;
  return TRUE;
}

/* Another program is writing to the folder's filesystem and the free space came down to the
 * margin: the check gives the space back at once (the caller closes the file) rather than make
 * that program's writes fail. */
static gboolean
margin_reached (Check *c, guint64 avail, GError **error)
{
  g_autofree char *have = dmk_format_size (avail);
  g_autofree char *keep = dmk_format_size (c->report->margin_bytes);

  g_set_error (error, DMK_ERROR, DMK_ERROR_NO_SPACE,
               _("Stopped: another program is writing to “%s”, and its free space came down to "
                 "%s, where %s is kept free for other programs. The space is free again and "
                 "nothing is left behind; check again when nothing else writes there"),
               c->path, have, keep);
  return FALSE;
}

/* Writes the folder's file chunk by chunk up to the span; a full filesystem ends it early. */
static gboolean
folder_write (Check *c, GError **error)
{
  DmkCapacityReport *r = c->report;

  begin_phase (c, DMK_CAPACITY_WRITING, 1, r->claimed_bytes);
  for (guint64 off = 0; off < r->claimed_bytes; off += FOLDER_CHUNK)
    {
      guint64 avail;
      int err;

      if (g_cancellable_set_error_if_cancelled (c->cancellable, error))
        return FALSE;
      /* Before each chunk: the margin is kept whatever else writes there. */
      if (!folder_avail (c, &avail, error))
        return FALSE;
      if (avail < r->margin_bytes + FOLDER_CHUNK)
        return margin_reached (c, avail, error);
      dmk_stamp_fill (c->buf, FOLDER_CHUNK, r->run_id, off);
      err = dmk_file_transfer (c->fd, c->buf, FOLDER_CHUNK, off, TRUE);
      if (err == ENOSPC || err == EDQUOT)
        {
          r->short_write = TRUE;
          break;
        }
      if (err != 0)
        {
          g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Writing to “%s” failed: %s"), c->path,
                       g_strerror (err));
          return FALSE;
        }
      r->written_bytes = off + FOLDER_CHUNK;
      progress (c, r->written_bytes, FALSE);
    }
  c->write_ns += end_phase (c, r->written_bytes);
  return sync_target (c, error);
}

static gboolean
folder_read (Check *c, GError **error)
{
  DmkCapacityReport *r = c->report;
  DmkCapacityClassifier cls = { 0 };

  begin_phase (c, DMK_CAPACITY_READING, 1, r->written_bytes);
  for (guint64 off = 0; off < r->written_bytes; off += FOLDER_CHUNK)
    {
      gboolean failed;

      if (g_cancellable_set_error_if_cancelled (c->cancellable, error))
        return FALSE;
      failed = dmk_file_transfer (c->fd, c->buf, FOLDER_CHUNK, off, FALSE) != 0;
      for (gsize at = 0; at < FOLDER_CHUNK; at += DMK_STAMP_SIZE)
        {
          ReadAs as = READ_DAMAGED;

          if (failed) /* unreadable: damaged */
            dmk_stamp_tally_add (&r->tally, DMK_STAMP_CORRUPT, off + at, 0);
          else
            as = read_stamp (c, (const char *) c->buf + at, off + at, &r->tally);
          dmk_capacity_classify_add (r, &cls, off + at, as == READ_GOOD,
                                     as == READ_DAMAGED ? DMK_CAPACITY_DAMAGED
                                                        : DMK_CAPACITY_LOST);
        }
      progress (c, off + FOLDER_CHUNK, FALSE);
    }
  c->read_ns += end_phase (c, r->written_bytes);
  c->read_bytes = r->written_bytes;
  r->resolution_bytes = DMK_STAMP_SIZE;
  r->spacing_bytes = DMK_STAMP_SIZE;
  dmk_capacity_classify_end (r, &cls);
  /* Without a loss, what holds is all that was written (a short write filled the folder). */
  if (!r->lost_tail)
    r->usable_bytes = r->written_bytes;
  return TRUE;
}

static gboolean
open_target (Check *c, GError **error)
{
  g_autoptr (GError) local = NULL;

  c->settings.size_bytes = DMK_SIZE_MIN;
  c->target = dmk_target_open (c->path, &c->settings, TRUE, c->has_consent ? &c->consent : NULL,
                               c->providers, c->cancellable, &local);
  if (c->target == NULL && g_error_matches (local, DMK_ERROR, DMK_ERROR_DIRECT_IO))
    {
      /* A folder on a filesystem without O_DIRECT is still worth checking, through the cache. */
      g_clear_error (&local);
      c->settings.direct = FALSE;
      c->report->buffered = TRUE;
      c->target = dmk_target_open (c->path, &c->settings, TRUE,
                                   c->has_consent ? &c->consent : NULL, c->providers,
                                   c->cancellable, &local);
    }
  if (c->target == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  c->fd = dmk_target_get_fd (c->target);
  c->expect = g_malloc (DMK_STAMP_SIZE);
  c->records = g_array_new (FALSE, FALSE, sizeof (Record));
  c->refused = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  dmk_target_info_copy (&c->report->target, dmk_target_get_info (c->target));
  c->block = DMK_STAMP_SIZE;
  while (c->block % MAX (dmk_target_get_offset_align (c->target), 1) != 0)
    c->block += DMK_STAMP_SIZE;
  if (posix_memalign (&c->buf, MAX (dmk_target_get_mem_align (c->target), DMK_ALIGN_FLOOR),
                      MAX (c->block, FOLDER_CHUNK))
      != 0)
    g_error ("out of memory");
  return TRUE;
}

static gboolean
run_check (Check *c, GError **error)
{
  DmkCapacityReport *r = c->report;
  gboolean ok;

  r->run_id = dmk_stamp_new_run_id ();
  if (!open_target (c, error))
    return FALSE;
  if (r->target.kind == DMK_TARGET_BLOCK_DEVICE)
    {
      r->claimed_bytes = r->target.size_bytes;
      ok = check_device (c, error);
    }
  else
    ok = folder_span (c, error) && folder_write (c, error) && folder_read (c, error);
  if (c->write_ns > 0)
    r->write_mb_per_s = (double) r->written_bytes / ((double) c->write_ns / 1e9) / 1e6;
  if (c->read_ns > 0)
    r->read_mb_per_s = (double) c->read_bytes / ((double) c->read_ns / 1e9) / 1e6;
  return ok;
}

static void
check_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Check *c = task_data;
  GError *error = NULL;
  gboolean ok;

  c->cancellable = cancellable;
  ok = run_check (c, &error);
  /* Closing the fd now frees a folder's file before the caller hears of it, stopped or not. */
  g_clear_pointer (&c->target, dmk_target_free);
  if (!ok)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&c->report),
                         (GDestroyNotify) dmk_capacity_report_free);
}

void
dmk_capacity_check_async (const char *path, const DmkSettings *settings,
                          const DmkDeviceIdentity *consent,
                          const DmkFdProvider *const *providers, DmkCapacityProgressFunc progress,
                          gpointer progress_data, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  Check *c;

  g_return_if_fail (path != NULL);
  g_return_if_fail (settings != NULL);

  c = g_new0 (Check, 1);
  c->path = g_strdup (path);
  dmk_settings_copy (&c->settings, settings);
  c->has_consent = consent != NULL;
  if (consent != NULL)
    dmk_device_identity_copy (&c->consent, consent);
  c->providers = providers;
  c->progress = progress;
  c->progress_data = progress_data;
  c->context = g_main_context_ref_thread_default ();
  c->fd = -1;
  c->report = dmk_capacity_report_new ();
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, dmk_capacity_check_async);
  g_task_set_task_data (task, c, (GDestroyNotify) check_free);
  g_task_run_in_thread (task, check_thread);
}

DmkCapacityReport *
dmk_capacity_check_finish (GAsyncResult *res, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (res, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (res), error);
}
