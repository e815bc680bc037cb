/* dmk-run-pass.c: the coordinator: one pass of any kind (the grid's timed passes, a sustained
 * write's span, a surface's samples): threads started and stopped together, ticks, the series,
 * the temperature, live progress, cancelling and the first I/O error with its offset. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-run-private.h"

/* What all workers had completed at one moment of a pass. */
typedef struct
{
  gint64 t;
  guint64 bytes, ios, lat_ns;
  gboolean has_celsius; /* the drive's newest temperature then */
  double celsius;
} Tally;

static Tally
tally (const RunData *d, const DmkWorkers *ws, gint64 t)
{
  Tally s = { .t = t };

  for (guint i = 0; i < ws->n; i++)
    {
      s.bytes += __atomic_load_n (&ws->w[i].bytes, __ATOMIC_RELAXED);
      s.ios += __atomic_load_n (&ws->w[i].pub_ios, __ATOMIC_RELAXED);
      s.lat_ns += __atomic_load_n (&ws->w[i].pub_lat_ns, __ATOMIC_RELAXED);
    }
  s.has_celsius = d->temperature.known;
  s.celsius = d->temp_now_c;
  return s;
}

/* The pass's series from the tallies taken while it ran: intervals from the first submission to
 * the last completion, without gaps, the last one ending with the pass's totals, so that their
 * bytes add up to the pass's exactly. Kept out of line so that bench/scan-cost can count it. */
static G_GNUC_NO_INLINE GArray *
make_series (const GArray *tallies, gint64 first, gint64 last, Tally total)
{
  GArray *series = g_array_new (FALSE, TRUE, sizeof (DmkSample));
  Tally prev = { .t = first };

  for (guint i = 0; i <= tallies->len && first < last; i++)
    {
      Tally cur = i < tallies->len ? g_array_index (tallies, Tally, i) : total;
      DmkSample s;

      if (i == tallies->len)
        cur.t = last;
      else if (cur.t <= first || cur.t >= last)
        continue;
      s.end_s = (double) (cur.t - first) / 1e9;
      s.bytes = cur.bytes - prev.bytes;
      s.ios = cur.ios - prev.ios;
      s.latency_us = s.ios > 0 ? (double) (cur.lat_ns - prev.lat_ns) / (double) s.ios / 1000.0 : 0;
      s.has_celsius = cur.has_celsius;
      s.celsius = cur.celsius;
      if (cur.t > prev.t)
        g_array_append_val (series, s);
      prev = cur;
    }
  return series;
}

/* A long pass keeps a bounded series: every other point goes, so each interval left spans two
 * (its end's temperature is the later reading, its bytes and latency both halves'). */
static void
merge_pairs (GArray *tallies)
{
  guint out = 0;

  for (guint i = 1; i < tallies->len; i += 2)
    g_array_index (tallies, Tally, out++) = g_array_index (tallies, Tally, i);
  if (tallies->len % 2 == 1)
    g_array_index (tallies, Tally, out++) = g_array_index (tallies, Tally, tallies->len - 1);
  g_array_set_size (tallies, out);
}

typedef struct
{
  const DmkPassPlan *plan;
  gint64 start, every, next_sample, next_live, deadline;
  guint64 planned_bytes; /* bounded passes: what the workers will move in all */
  guint64 sample_bytes;  /* with plan->min_points: a point at least every this many bytes */
  GArray *tallies;
} Pass;

/* One point of the series, taken every plan->sample_every_ns. Kept out of line so that
 * bench/scan-cost can count what it costs. */
static G_GNUC_NO_INLINE void
take_sample (RunData *d, DmkWorkers *ws, Pass *p, gint64 t, DmkProgress *prog)
{
  Tally now = tally (d, ws, t);
  /* A copy: appending may move the array. */
  Tally prev = p->tallies->len > 0 ? g_array_index (p->tallies, Tally, p->tallies->len - 1)
                                   : (Tally){ .t = p->start };

  g_array_append_val (p->tallies, now);
  if (p->plan->max_points > 0 && p->tallies->len >= p->plan->max_points)
    {
      merge_pairs (p->tallies);
      p->every *= 2;
      p->sample_bytes *= 2;
    }
  prog->n_samples++;
  prog->sample_end_s = (double) (t - p->start) / 1e9;
  prog->sample_mb_per_s = (double) (now.bytes - prev.bytes) * 1000.0 / (double) (t - prev.t);
  prog->sample_has_celsius = now.has_celsius;
  prog->sample_celsius = now.celsius;
}

/* Whether a bounded pass with plan->min_points is due a point by its bytes: a span written in
 * less than min_points intervals (a fast folder's free space in a fraction of a second) is still
 * drawn as a curve. Where it is slower, time takes the points as before. */
static gboolean
due_by_bytes (RunData *d, DmkWorkers *ws, const Pass *p, gint64 t)
{
  guint64 last = p->tallies->len > 0 ? g_array_index (p->tallies, Tally, p->tallies->len - 1).bytes
                                     : 0;

  return p->sample_bytes > 0 && tally (d, ws, t).bytes - last >= p->sample_bytes;
}

/* How long the coordinator sleeps at t: a tick, less when points come by bytes (half the time the
 * next point's bytes take at the rate so far, down to DMK_RUN_MIN_SAMPLE_NS; that short before the
 * rate is known), never past a timed pass's end. */
static gulong
nap_us (RunData *d, DmkWorkers *ws, const Pass *p, gint64 t)
{
  gint64 nap = DMK_RUN_TICK_US;

  if (p->sample_bytes > 0)
    {
      guint64 bytes = tally (d, ws, t).bytes;
      gint64 to_next = bytes > 0 && t > p->start
                         ? (gint64) ((double) p->sample_bytes * (double) (t - p->start) /
                                     (double) bytes / 2.0)
                         : 0;

      nap = MIN (nap, MAX (to_next, DMK_RUN_MIN_SAMPLE_NS) / 1000);
    }
  if (p->deadline > 0)
    nap = MIN (nap, MAX ((p->deadline - t) / 1000, 1));
  return (gulong) MAX (nap, 1);
}

static void
post_live (RunData *d, DmkWorkers *ws, Pass *p, gint64 t, DmkProgress *prog)
{
  Tally so_far = tally (d, ws, t);

  prog->live_mb_per_s = (double) so_far.bytes * 1000.0 / (double) MAX (t - p->start, 1);
  prog->live_iops = (double) so_far.ios * 1e9 / (double) MAX (t - p->start, 1);
  prog->live_latency_us = so_far.ios > 0 ? (double) so_far.lat_ns / (double) so_far.ios / 1000.0
                                         : 0.0;
  /* A bounded pass (a scan's span) tells how far through it is. */
  if (p->planned_bytes > 0)
    {
      prog->bytes_done = so_far.bytes;
      prog->fraction = prog->position = (double) so_far.bytes / (double) p->planned_bytes;
    }
  _dmk_run_post (d, prog, NULL);
}

/* Whether the pass goes on at t: not past its time, no worker failed or (bounded) all done, not
 * cancelled, and the plan's own tick agrees. */
static gboolean
goes_on (RunData *d, DmkWorkers *ws, Pass *p, gint64 t, GCancellable *cancellable)
{
  guint done = 0;

  for (guint i = 0; i < ws->n; i++)
    {
      if (__atomic_load_n (&ws->w[i].error, __ATOMIC_ACQUIRE) != 0)
        return FALSE;
      done += __atomic_load_n (&ws->w[i].finished, __ATOMIC_ACQUIRE) != 0;
    }
  /* A timed pass measures its whole time from its first submission, however late a loaded
   * machine starts its threads. */
  if (p->plan->duration_ns > 0 && p->deadline == 0)
    for (guint i = 0; i < ws->n; i++)
      {
        gint64 first = __atomic_load_n (&ws->w[i].first_submit, __ATOMIC_ACQUIRE);

        if (first != 0 && (p->deadline == 0 || first + p->plan->duration_ns < p->deadline))
          p->deadline = first + p->plan->duration_ns;
      }
  if ((p->deadline > 0 && t >= p->deadline) || done == ws->n ||
      g_cancellable_is_cancelled (cancellable))
    return FALSE;
  return p->plan->tick == NULL || p->plan->tick (d, t, p->plan->tick_data);
}

static void
start_workers (DmkWorkers *ws, Pass *p)
{
  __atomic_store_n (&ws->stop, 0, __ATOMIC_RELAXED);
  for (guint i = 0; i < ws->n; i++)
    {
      _dmk_worker_reset_pass (&ws->w[i]);
      p->planned_bytes += ws->w[i].limit_ios * ws->w[i].bs;
    }
  for (guint i = 0; i < ws->n; i++)
    ws->w[i].thread = g_thread_new ("dmk-io", _dmk_worker_pass, &ws->w[i]);
}

static void
stop_workers (DmkWorkers *ws)
{
  __atomic_store_n (&ws->stop, 1, __ATOMIC_RELAXED);
  for (guint i = 0; i < ws->n; i++)
    {
      g_thread_join (ws->w[i].thread);
      ws->w[i].thread = NULL;
    }
}

static const char *
failure_what (DmkWorkerFailure failure, DmkDirection direction)
{
  switch (failure)
    {
    case DMK_WORKER_SUBMIT:
      return _("submitting");
    case DMK_WORKER_COMPLETE:
    case DMK_WORKER_OK:
    default:
      return direction == DMK_DIRECTION_READ  ? _("a read")
             : direction == DMK_DIRECTION_WRITE ? _("a write")
                                                : _("a read or write");
    }
}

/* The pass's totals from its workers, after they stopped; FALSE with error on an I/O error. */
static gboolean
add_up (RunData *d, DmkWorkers *ws, DmkPassOutcome *out, Tally *total, GError **error)
{
  out->first = G_MAXINT64;
  out->last = 0;
  dmk_histogram_reset (out->hist);
  for (guint i = 0; i < ws->n; i++)
    {
      Worker *w = &ws->w[i];

      if (w->error != 0)
        {
          if (w->failure == DMK_WORKER_BEGIN)
            _dmk_run_set_begin_error (d, error, w->engine.ops->name, w->error);
          else
            _dmk_run_set_io_error (d, error, failure_what (w->failure, w->direction), w->error,
                                   w->error_offset);
          return FALSE;
        }
      out->pass.bytes += w->bytes;
      _dmk_run_others_add (d, w->bytes - w->bytes_written, w->bytes_written);
      total->bytes += w->bytes;
      total->ios += w->hist.count;
      total->lat_ns += w->hist.sum_ns;
      if (w->first_submit != 0)
        out->first = MIN (out->first, w->first_submit);
      out->last = MAX (out->last, w->last_complete);
      dmk_histogram_merge (out->hist, &w->hist);
    }
  return TRUE;
}

gboolean
_dmk_run_pass (RunData *d, DmkWorkers *ws, const DmkPassPlan *plan, DmkProgress *prog,
               DmkPassOutcome *out, GCancellable *cancellable, GError **error)
{
  g_autoptr (GArray) tallies = g_array_new (FALSE, TRUE, sizeof (Tally));
  Pass p = { .plan = plan, .tallies = tallies, .every = plan->sample_every_ns };
  Tally total = { 0 };
  guint64 ios = 0;

  memset (&out->pass, 0, sizeof out->pass);
  out->series = NULL;
  start_workers (ws, &p);
  if (plan->min_points > 0 && plan->sample_every_ns > 0)
    p.sample_bytes = p.planned_bytes / plan->min_points;
  p.start = dmk_now_ns ();
  p.next_live = p.start + DMK_RUN_LIVE_EVERY_NS;
  p.next_sample = p.start + p.every;
  prog->n_samples = 0;
  while (TRUE)
    {
      gint64 t = dmk_now_ns ();

      if (!goes_on (d, ws, &p, t, cancellable))
        break;
      _dmk_run_sample_temperature (d, t);
      if (p.every > 0 && (t >= p.next_sample || due_by_bytes (d, ws, &p, t)))
        {
          take_sample (d, ws, &p, t, prog);
          p.next_sample = t + p.every;
          p.next_live = t; /* the new point is shown at once */
        }
      if (plan->live && t >= p.next_live)
        {
          post_live (d, ws, &p, t, prog);
          p.next_live = t + DMK_RUN_LIVE_EVERY_NS;
        }
      g_usleep (nap_us (d, ws, &p, t));
    }
  stop_workers (ws);

  if (!add_up (d, ws, out, &total, error))
    return FALSE;
  for (guint i = 0; i < ws->n; i++)
    ios += ws->w[i].ios_done;
  out->pass.seconds = out->last > out->first ? (double) (out->last - out->first) / 1e9 : 0.0;
  out->pass.mb_per_s = out->pass.seconds > 0 ? (double) out->pass.bytes / out->pass.seconds / 1e6
                                             : 0.0;
  out->pass.iops = out->pass.seconds > 0 ? (double) ios / out->pass.seconds : 0.0;
  total.has_celsius = d->temperature.known;
  total.celsius = d->temp_now_c;
  /* What was done up to a stop is kept in the series too: the caller decides what it means. */
  if (plan->sample_every_ns > 0)
    out->series = make_series (tallies, out->first, out->last, total);
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}
