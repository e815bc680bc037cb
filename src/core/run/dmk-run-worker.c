/* dmk-run-worker.c: one thread's share of a test: its I/Os, their offsets and data, and the
 * submit/reap loop of a pass; and a test's threads set up together. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-random.h"
#include "dmk-run-private.h"

/* The next block of the thread's region, by its pattern. Every ordered pattern wraps at the end
 * of its region. A stride reads every stride-th block from block 0 (iozone's -j), then the same
 * from block 1, and so on (seq_lane), so that a region is covered once per round whatever its
 * size and the stride share. */
static inline guint64
next_block (Worker *w)
{
  guint64 block;

  switch (w->pattern)
    {
    case DMK_PATTERN_RANDOM:
      return dmk_rng_below (&w->rng, w->region_blocks);
    case DMK_PATTERN_BACKWARD:
      block = w->region_blocks - 1 - w->seq_next++;
      if (w->seq_next >= w->region_blocks)
        w->seq_next = 0;
      return block;
    case DMK_PATTERN_STRIDED:
      block = w->seq_next;
      w->seq_next += w->stride;
      if (w->seq_next >= w->region_blocks)
        {
          w->seq_lane = (w->seq_lane + 1) % MIN (w->stride, w->region_blocks);
          w->seq_next = w->seq_lane;
        }
      return block;
    case DMK_PATTERN_RECORD:
      return 0;
    case DMK_PATTERN_SEQUENTIAL:
    default:
      block = w->seq_next++;
      if (w->seq_next >= w->region_blocks)
        w->seq_next = 0;
      return block;
    }
}

/* Ordered patterns give each thread its own slice, as separate sequential readers do; random
 * offsets spread over the whole test size, from every thread. */
static void
set_region (Worker *w, const DmkTestSpec *spec, guint index, guint64 total_blocks)
{
  w->pattern = spec->pattern;
  w->stride = MAX (spec->stride, 1u);
  if (spec->pattern != DMK_PATTERN_RANDOM)
    {
      w->region_blocks = total_blocks / spec->threads;
      w->region_start = w->region_blocks * index;
    }
  else
    {
      w->region_blocks = total_blocks;
      w->region_start = 0;
    }
}

guint64 *
dmk_test_spec_offsets (const DmkTestSpec *spec, guint64 test_size, guint thread, guint n)
{
  Worker w = { 0 };
  guint64 *out;

  g_return_val_if_fail (spec != NULL && spec->threads > 0 && thread < spec->threads, NULL);
  set_region (&w, spec, thread, test_size / spec->block_size);
  g_return_val_if_fail (w.region_blocks > 0, NULL);
  w.rng = dmk_rng_seed ();
  out = g_new (guint64, n);
  for (guint i = 0; i < n; i++)
    out[i] = (w.region_start + next_block (&w)) * spec->block_size;
  return out;
}

/* A verified write pass stamps its next block's buffer after submitting, while the device is
 * busy, rather than just before it submits it: at queue depth 1 stamping 1 MiB in line held the
 * device idle (bench/verify-cost). The block is the one the pass would draw next anyway. */
static void
prestamp (Worker *w)
{
  const DmkIo *spare;

  if (w->verify_id == 0 || w->direction != DMK_DIRECTION_WRITE || w->has_ahead ||
      w->n_spares == 0)
    return;
  spare = &w->spares[--w->n_spares];
  w->ahead.buf = spare->buf;
  w->ahead.buf_index = spare->buf_index;
  w->ahead.offset = (w->region_start + next_block (w)) * w->bs;
  dmk_stamp_fill (w->ahead.buf, w->bs, w->verify_id, w->ahead.offset);
  w->has_ahead = TRUE;
}

/* Gives io the stamped buffer of prestamp, and io's own buffer to the spares. */
static void
take_ahead (Worker *w, DmkIo *io)
{
  DmkIo *spare = &w->spares[w->n_spares++];

  spare->buf = io->buf;
  spare->buf_index = io->buf_index;
  io->buf = w->ahead.buf;
  io->buf_index = w->ahead.buf_index;
  io->offset = w->ahead.offset;
  io->is_write = TRUE;
  w->has_ahead = FALSE;
}

static inline void
prepare_io (Worker *w, DmkIo *io)
{
  guint64 block;

  if (w->has_ahead)
    {
      take_ahead (w, io);
      return;
    }
  block = next_block (w);

  io->offset = (w->region_start + block) * w->bs;
  if (w->direction == DMK_DIRECTION_READ)
    io->is_write = FALSE;
  else if (w->direction == DMK_DIRECTION_WRITE)
    io->is_write = TRUE;
  else
    io->is_write = dmk_rng_below (&w->rng, 100) >= w->mix_read_percent;
  if (io->is_write && w->verify_id != 0)
    /* Every write of an offset writes the same bytes: a read racing it sees them either way. */
    dmk_stamp_fill (io->buf, w->bs, w->verify_id, io->offset);
  else if (io->is_write)
    {
      /* Stamp the buffer so no two writes carry the same data: a deduplicating or
       * compressing device must not get an easy ride. */
      guint64 *stamp = io->buf;
      stamp[0] = io->offset;
      stamp[1] = dmk_rng_next (&w->rng);
    }
}

/* The first failure of the pass is the one told: its kind and offset are in place before the
 * coordinator can see the error. */
static void
fail (Worker *w, DmkWorkerFailure failure, int err, guint64 offset)
{
  if (w->error != 0)
    return;
  w->failure = failure;
  w->error_offset = offset;
  __atomic_store_n (&w->error, err, __ATOMIC_RELEASE);
}

/* The free slots, free_ios[0 .. *n_free - 1]: prepared and submitted, as many as the pass still
 * wants. A bounded pass (a scan's region) submits its limit and then only drains. */
static inline void
submit_free (Worker *w, const DmkEngineOps *ops, guint *n_free, guint *inflight)
{
  guint n_next = w->limit_ios == 0 ? *n_free
                                   : (guint) MIN ((guint64) *n_free, w->limit_ios - w->submitted);
  gint64 t;
  int r;

  if (n_next == 0 || w->error != 0 || __atomic_load_n (w->stop, __ATOMIC_RELAXED))
    return;
  t = dmk_now_ns ();
  for (guint i = 0; i < n_next; i++)
    {
      prepare_io (w, w->free_ios[i]);
      w->free_ios[i]->t_submit = t;
    }
  if (w->first_submit == 0)
    __atomic_store_n (&w->first_submit, t, __ATOMIC_RELEASE);
  r = ops->submit (&w->engine, w->free_ios, n_next);
  if (r < 0)
    fail (w, DMK_WORKER_SUBMIT, -r, w->free_ios[0]->offset);
  else if (r == 0 && *inflight == 0)
    /* The kernel takes nothing and nothing is pending to free room: give up loudly rather
     * than end the pass early. */
    fail (w, DMK_WORKER_SUBMIT, EAGAIN, w->free_ios[0]->offset);
  else if (r > 0)
    {
      /* Slots the engine did not take were prepared in vain; they are redrawn. */
      memmove (w->free_ios, w->free_ios + r, (*n_free - (guint) r) * sizeof (DmkIo *));
      *n_free -= (guint) r;
      *inflight += (guint) r;
      w->submitted += (guint64) r;
    }
}

/* A verified read's buffer is checked after the next I/Os are submitted (check_deferred): its
 * slot goes on with a spare buffer. At queue depth 1 checking in line held the device idle for
 * the whole check (bench/verify-cost: SEQ1M Q1T1 read 22 % slower). */
static inline void
defer_check (Worker *w, DmkIo *io)
{
  DmkIo *u = &w->unchecked[w->n_unchecked++];
  const DmkIo *spare = &w->spares[--w->n_spares];

  u->buf = io->buf;
  u->buf_index = io->buf_index;
  u->offset = io->offset;
  io->buf = spare->buf;
  io->buf_index = spare->buf_index;
}

/* Runs between each submission and the next reap, so that no more than a reap's worth (the
 * depth) is ever waiting and a spare is there for every read a reap returns. */
static void
check_deferred (Worker *w)
{
  for (guint i = 0; i < w->n_unchecked; i++)
    {
      const DmkIo *u = &w->unchecked[i];

      dmk_stamp_check_range (u->buf, w->bs, w->verify_id, u->offset, &w->verify);
      w->spares[w->n_spares++] = *u;
    }
  w->n_unchecked = 0;
}

/* Waits for at least one completion, counts what completed, and gives its slots back; FALSE
 * when reaping itself failed. */
static inline gboolean
reap_some (Worker *w, const DmkEngineOps *ops, guint *n_free, guint *inflight)
{
  int got = ops->reap (&w->engine, 1, w->depth, w->batch);
  guint64 ok = 0;
  gint64 t;

  if (got < 0)
    {
      fail (w, DMK_WORKER_COMPLETE, -got, 0);
      return FALSE;
    }
  t = dmk_now_ns ();
  for (int i = 0; i < got; i++)
    {
      DmkIo *io = w->batch[i];

      if (io->result == (gint64) io->len)
        {
          ok++;
          if (io->is_write)
            w->bytes_written += w->bs;
          if (w->verify_id != 0 && !io->is_write)
            defer_check (w, io);
        }
      else
        fail (w, DMK_WORKER_COMPLETE, io->result < 0 ? (int) -io->result : EIO, io->offset);
      dmk_histogram_add (&w->hist, (guint64) (t - io->t_submit));
      w->free_ios[(*n_free)++] = io;
    }
  *inflight -= (guint) got;
  w->ios_done += ok;
  __atomic_store_n (&w->bytes, w->bytes + ok * w->bs, __ATOMIC_RELAXED);
  __atomic_store_n (&w->pub_ios, w->hist.count, __ATOMIC_RELAXED);
  __atomic_store_n (&w->pub_lat_ns, w->hist.sum_ns, __ATOMIC_RELAXED);
  if (got > 0)
    w->last_complete = t;
  return TRUE;
}

gpointer
_dmk_worker_pass (gpointer data)
{
  Worker *w = data;
  const DmkEngineOps *ops = w->engine.ops;
  guint n_free = w->depth, inflight = 0;

  if (ops->begin != NULL)
    {
      int r = ops->begin (&w->engine);
      if (r < 0)
        {
          fail (w, DMK_WORKER_BEGIN, -r, 0);
          __atomic_store_n (&w->finished, 1, __ATOMIC_RELEASE);
          return NULL;
        }
    }
  while (TRUE)
    {
      submit_free (w, ops, &n_free, &inflight);
      prestamp (w);
      check_deferred (w);
      /* Stopped or failed, and nothing left to drain. */
      if (inflight == 0 || !reap_some (w, ops, &n_free, &inflight))
        break;
    }
  check_deferred (w);
  if (ops->end != NULL)
    ops->end (&w->engine);
  __atomic_store_n (&w->finished, 1, __ATOMIC_RELEASE);
  return NULL;
}

static void
worker_clear (Worker *w)
{
  if (w->engine.ops != NULL && w->engine.priv != NULL)
    w->engine.ops->teardown (&w->engine);
  free (w->buffers);
  g_free (w->ios);
  g_free (w->free_ios);
  g_free (w->batch);
  g_free (w->unchecked);
  g_free (w->spares);
}

static gboolean
worker_setup (Worker *w, guint index, DmkTarget *target, const DmkJob *job,
              const DmkSettings *settings, DmkEngineKind engine, gboolean served_by_thread,
              guint64 verify_id, const gint *stop, GError **error)
{
  guint64 total_blocks = dmk_target_get_test_size (target) / job->spec.block_size;
  guint32 mem_align = MAX (dmk_target_get_mem_align (target), DMK_ALIGN_FLOOR);
  guint threads = job->spec.threads;
  guint n_buffers;

  memset (w, 0, sizeof *w);
  w->bs = job->spec.block_size;
  w->depth = job->spec.queue_depth;
  w->direction = job->direction;
  w->mix_read_percent = settings->mix_read_percent;
  w->stop = stop;
  w->rng = dmk_rng_seed ();
  w->engine.ops = dmk_engine_ops_for_kind (engine);
  w->engine.fd = dmk_target_get_fd (target);
  w->engine.depth = w->depth;
  w->engine.buffer_size = w->bs;
  w->engine.poll = settings->poll;
  w->engine.submit_batch = dmk_engine_submit_batch (served_by_thread, threads);
  w->verify_id = verify_id;
  /* --verify: a spare buffer for every slot (defer_check) */
  n_buffers = verify_id != 0 ? 2 * w->depth : w->depth;

  set_region (w, &job->spec, index, total_blocks);
  if (w->region_blocks == 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("The test size is too small for %u threads of %u-byte blocks"), threads,
                   w->bs);
      return FALSE;
    }
  if (posix_memalign (&w->buffers, mem_align, (gsize) w->bs * n_buffers) != 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE, _("Out of memory for I/O buffers"));
      return FALSE;
    }
  dmk_fill_buffer (w->buffers, (gsize) w->bs * n_buffers, settings->data, &w->rng);
  w->engine.buffers = w->buffers;
  w->engine.n_buffers = n_buffers;
  w->ios = g_new0 (DmkIo, w->depth);
  w->free_ios = g_new0 (DmkIo *, w->depth);
  w->batch = g_new0 (DmkIo *, w->depth);
  for (guint i = 0; i < w->depth; i++)
    {
      w->ios[i].buf = (char *) w->buffers + (gsize) i * w->bs;
      w->ios[i].len = w->bs;
      w->ios[i].index = i;
      w->ios[i].buf_index = i;
      w->free_ios[i] = &w->ios[i];
    }
  if (verify_id != 0)
    {
      w->unchecked = g_new0 (DmkIo, w->depth);
      w->spares = g_new0 (DmkIo, w->depth);
      for (guint i = 0; i < w->depth; i++)
        {
          w->spares[i].buf_index = w->depth + i;
          w->spares[i].buf = (char *) w->buffers + (gsize) (w->depth + i) * w->bs;
        }
      w->n_spares = w->depth;
    }
  return w->engine.ops->setup (&w->engine, error);
}

void
_dmk_worker_reset_pass (Worker *w)
{
  w->bytes = 0;
  w->bytes_written = 0;
  w->ios_done = 0;
  w->pub_ios = 0;
  w->pub_lat_ns = 0;
  w->submitted = 0;
  w->finished = 0;
  w->first_submit = 0;
  w->last_complete = 0;
  w->error = 0;
  w->failure = DMK_WORKER_OK;
  w->error_offset = 0;
  dmk_histogram_reset (&w->hist);
}


DmkEngineKind
dmk_runner_job_engine (const DmkSettings *settings, gboolean on_loop, const DmkJob *job)
{
  return job->has_engine ? job->engine : dmk_engine_for_test (settings, on_loop, &job->spec);
}

DmkEngineKind
_dmk_job_engine (RunData *d, const DmkJob *job)
{
  DmkEngineKind engine = dmk_runner_job_engine (&d->settings, d->served_by_thread, job);

  if (job->has_engine)
    return engine == DMK_ENGINE_IO_URING && !d->uring_ok ? DMK_ENGINE_LIBAIO : engine;
  if (engine != d->settings.engine && !d->told_libaio)
    {
      d->told_libaio = TRUE;
      g_ptr_array_add (
          d->result->warnings,
          g_strdup_printf (
              /* TRANSLATORS: %u are a queue depth (16) and a block size in KiB (16) */
              _("On this loop device, tests with %u or more I/Os of %u KiB or less in flight per "
                "thread ran on libaio: here its completions run in the device’s kernel thread, "
                "io_uring’s in the benchmark’s own, and io_uring was up to 30%% slower. "
                "To run every test on one engine, name it (gdiskmark-cli --engine, or the "
                "“engine” setting)."),
              DMK_ENGINE_DEEP_DEPTH, DMK_ENGINE_DEEP_BLOCK >> 10));
    }
  return engine;
}

gboolean
_dmk_workers_setup (RunData *d, DmkWorkers *ws, const DmkJob *job, GError **error)
{
  guint32 align = dmk_target_get_offset_align (d->target);
  DmkEngineKind engine = _dmk_job_engine (d, job);

  ws->n = job->spec.threads;
  ws->w = g_new0 (Worker, ws->n);
  ws->set_up = 0;
  ws->stop = 0;
  if (d->verify_id != 0 && job->spec.block_size % DMK_STAMP_SIZE != 0)
    {
      g_autofree char *name = dmk_test_spec_to_name (&job->spec);
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Test “%s”: --verify stamps blocks of %u bytes: choose a block size that is "
                     "a multiple of it"),
                   name, DMK_STAMP_SIZE);
      return FALSE;
    }
  if (job->spec.block_size % align != 0)
    {
      g_autofree char *name = dmk_test_spec_to_name (&job->spec);
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Test “%s”: direct I/O on “%s” needs blocks that are a multiple of %u "
                     "bytes"),
                   name, d->path, align);
      return FALSE;
    }
  while (ws->set_up < ws->n)
    {
      guint i = ws->set_up++; /* a half set-up worker is cleared too */

      if (!worker_setup (&ws->w[i], i, d->target, job, &d->settings, engine, d->served_by_thread,
                         d->verify_id, &ws->stop, error))
        return FALSE;
    }
  return TRUE;
}

void
_dmk_workers_clear (DmkWorkers *ws)
{
  for (guint i = 0; i < ws->set_up; i++)
    worker_clear (&ws->w[i]);
  g_clear_pointer (&ws->w, g_free);
  ws->set_up = ws->n = 0;
}
