/* engine-qd1.c: 4 KiB random reads at queue depth 1 on a device, by every way of waiting that
 * the question in issue 28 turns on, alternated in short rounds so that the machine's drift hits
 * each alike. It measures the kernel paths alone, with none of gdiskmark's or fio's own code:
 *
 *   libaio        io_submit, then io_getevents (fio's libaio engine at depth 1)
 *   psync         pread
 *   uring-1call   one io_uring_enter that submits and waits (gdiskmark's io_uring engine)
 *   uring-2call   io_uring_enter to submit, a second to wait (fio's io_uring engine)
 *   uring-plain   as uring-1call on a ring made without COOP_TASKRUN, SINGLE_ISSUER and
 *                 DEFER_TASKRUN
 *
 * The io_uring rings have the file and the buffer registered, as both tools do.
 *
 *   cc -O2 -o /tmp/engine-qd1 bench/engine-qd1.c -laio -luring
 *   sudo /tmp/engine-qd1 /dev/loopN [ROUNDS [SECONDS [CPU]]]
 *
 * CPU pins the process to one CPU (taskset's effect), to see how much of a difference is where
 * the scheduler puts the submitter against the device's completion work. With
 * ENGINE_QD1_THREAD=1 every run is made in a thread of its own while the first thread wakes every
 * 20 ms to look at it, as gdiskmark-cli's pass and fio's job are run: whether the remaining gap
 * between the probe and the tools is the tools' code or the place their I/O runs in. The device
 * is only read; its first 256 MiB are used.
 *
 * With ENGINE_QD1_MODE=NAME (one of the modes above) only that mode runs, once, for SECONDS,
 * and the line printed is "MB/s I/Os" for a script to read: bench/compare-fio's ipi target puts
 * the bare loop in the same rounds as gdiskmark-cli and fio, to tell a tool's own cost from the
 * kernel's way of running a depth-1 stream. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libaio.h>
#include <liburing.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define BLOCK 4096u
#define SPAN (256ull << 20)
#define MAX_ROUNDS 64

static int fd;
static void *buf;
static long last_ios;
static unsigned long long rng_state = 0x9e3779b97f4a7c15ull;

static double
now_s (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
}

static unsigned long long
next_offset (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (rng_state % (SPAN / BLOCK)) * BLOCK;
}

static void
check (long got, const char *what)
{
  if (got != (long) BLOCK)
    {
      fprintf (stderr, "engine-qd1: %s returned %ld\n", what, got);
      exit (1);
    }
}

static double
run_libaio (double secs)
{
  io_context_t ctx = 0;
  struct iocb cb, *cbs[1] = { &cb };
  struct io_event ev;
  long n = 0;
  double t0 = now_s (), t;

  /* A context of one event can refuse a submission while its last completion is still being
   * accounted (EAGAIN): give it room for a few. */
  if (io_setup (8, &ctx) != 0)
    {
      fprintf (stderr, "engine-qd1: io_setup failed\n");
      exit (1);
    }
  do
    {
      for (int k = 0; k < 64; k++, n++)
        {
          io_prep_pread (&cb, fd, buf, BLOCK, (long long) next_offset ());
          int r = io_submit (ctx, 1, cbs);

          if (r == 1)
            do
              r = io_getevents (ctx, 1, 1, &ev, NULL);
            while (r == -EINTR);
          if (r != 1)
            {
              fprintf (stderr, "engine-qd1: libaio: %s\n", strerror (-r));
              exit (1);
            }
          check ((long) ev.res, "io_getevents");
        }
      t = now_s ();
    }
  while (t - t0 < secs);
  io_destroy (ctx);
  last_ios = n;
  return (double) n / (t - t0);
}

static double
run_psync (double secs)
{
  long n = 0;
  double t0 = now_s (), t;

  do
    {
      for (int k = 0; k < 64; k++, n++)
        check ((long) pread (fd, buf, BLOCK, (off_t) next_offset ()), "pread");
      t = now_s ();
    }
  while (t - t0 < secs);
  last_ios = n;
  return (double) n / (t - t0);
}

static double
run_uring (double secs, unsigned flags, int two_calls)
{
  struct io_uring ring;
  struct io_uring_params p;
  struct iovec iov = { buf, BLOCK };
  long n = 0;
  double t0, t;

  memset (&p, 0, sizeof p);
  p.flags = flags;
  if (io_uring_queue_init_params (1, &ring, &p) < 0 || io_uring_register_files (&ring, &fd, 1) < 0
      || io_uring_register_buffers (&ring, &iov, 1) < 0)
    {
      fprintf (stderr, "engine-qd1: io_uring set-up failed\n");
      exit (1);
    }
  t0 = now_s ();
  do
    {
      for (int k = 0; k < 64; k++, n++)
        {
          struct io_uring_sqe *sqe = io_uring_get_sqe (&ring);
          struct io_uring_cqe *cqe = NULL;
          int r;

          io_uring_prep_read_fixed (sqe, 0, buf, BLOCK, next_offset (), 0);
          sqe->flags |= IOSQE_FIXED_FILE;
          if (two_calls)
            r = io_uring_submit (&ring);
          else
            do
              r = io_uring_submit_and_wait (&ring, 1);
            while (r == -EINTR);
          /* Waits (again, after an interrupted or empty enter) until the completion is there. */
          while (r >= 0 && io_uring_peek_cqe (&ring, &cqe) != 0)
            if ((r = io_uring_wait_cqe (&ring, &cqe)) == -EINTR)
              r = 0;
          if (r < 0 || cqe == NULL)
            {
              fprintf (stderr, "engine-qd1: io_uring: %s\n", strerror (-r));
              exit (1);
            }
          check (cqe->res, "io_uring");
          io_uring_cqe_seen (&ring, cqe);
        }
      t = now_s ();
    }
  while (t - t0 < secs);
  io_uring_queue_exit (&ring);
  last_ios = n;
  return (double) n / (t - t0);
}

/* One run, made in the thread that calls this or, with ENGINE_QD1_THREAD, in a new one; the
 * context switches counted are those of the thread that made the I/O. */
typedef struct
{
  int mode;
  double secs, iops;
  struct rusage before, after;
  volatile int done;
} Run;

static void *
run_mode (void *data)
{
  Run *run = data;
  const unsigned lean = IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER
                        | IORING_SETUP_DEFER_TASKRUN;

  getrusage (RUSAGE_THREAD, &run->before);
  switch (run->mode)
    {
    case 0: run->iops = run_libaio (run->secs); break;
    case 1: run->iops = run_psync (run->secs); break;
    case 2: run->iops = run_uring (run->secs, lean, 0); break;
    case 3: run->iops = run_uring (run->secs, lean, 1); break;
    default: run->iops = run_uring (run->secs, 0, 0); break;
    }
  getrusage (RUSAGE_THREAD, &run->after);
  __atomic_store_n (&run->done, 1, __ATOMIC_RELEASE);
  return NULL;
}

static useconds_t tick_us = 20000;

static void
run_one (Run *run, int in_thread)
{
  pthread_t thread;

  if (!in_thread)
    {
      run_mode (run);
      return;
    }
  if (pthread_create (&thread, NULL, run_mode, run) != 0)
    {
      fprintf (stderr, "engine-qd1: pthread_create failed\n");
      exit (1);
    }
  while (tick_us > 0 && !__atomic_load_n (&run->done, __ATOMIC_ACQUIRE))
    usleep (tick_us);
  pthread_join (thread, NULL);
}

/* ENGINE_QD1_MODE: one run of the named mode, "MB/s I/Os" on stdout. */
static int
run_named (const char *name, const char *const *names, int n_modes, double secs, int in_thread)
{
  for (int m = 0; m < n_modes; m++)
    if (strcmp (names[m], name) == 0)
      {
        Run run = { .mode = m, .secs = secs };

        run_one (&run, in_thread);
        printf ("%.1f %ld\n", run.iops * BLOCK / 1e6, last_ios);
        return 0;
      }
  fprintf (stderr, "engine-qd1: ENGINE_QD1_MODE=%s: no such mode\n", name);
  return 2;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  static const char *names[] = { "libaio", "psync", "uring-1call", "uring-2call", "uring-plain" };
  enum { N_MODES = 5 };
  static double iops[N_MODES][MAX_ROUNDS], ratio[N_MODES][MAX_ROUNDS];
  /* Context switches of the submitting thread per I/O: whether it slept for each completion
   * (voluntary) or was put aside for the device's worker (involuntary). */
  static double vcsw[N_MODES], ivcsw[N_MODES], ios[N_MODES];
  int in_thread = getenv ("ENGINE_QD1_THREAD") != NULL;

  if (getenv ("ENGINE_QD1_TICK_MS") != NULL)
    tick_us = (useconds_t) (atof (getenv ("ENGINE_QD1_TICK_MS")) * 1000);
  int rounds = argc > 2 ? atoi (argv[2]) : 9;
  double secs = argc > 3 ? atof (argv[3]) : 1.0;

  if (argc < 2 || rounds < 1 || rounds > MAX_ROUNDS || secs <= 0)
    {
      fprintf (stderr, "usage: engine-qd1 DEVICE [ROUNDS (1-%d) [SECONDS [CPU]]]\n", MAX_ROUNDS);
      return 2;
    }
  if (argc > 4)
    {
      cpu_set_t set;

      CPU_ZERO (&set);
      CPU_SET (atoi (argv[4]), &set);
      if (sched_setaffinity (0, sizeof set, &set) != 0)
        perror ("engine-qd1: sched_setaffinity");
    }
  fd = open (argv[1], O_RDONLY | O_DIRECT);
  if (fd < 0 || posix_memalign (&buf, 4096, BLOCK) != 0)
    {
      perror (argv[1]);
      return 1;
    }
  if (getenv ("ENGINE_QD1_MODE") != NULL)
    return run_named (getenv ("ENGINE_QD1_MODE"), names, N_MODES, secs, in_thread);
  for (int r = 0; r < rounds; r++)
    for (int i = 0; i < N_MODES; i++)
      {
        int m = (i + r) % N_MODES; /* each round starts with the next mode */

        Run run = { .mode = m, .secs = secs };

        run_one (&run, in_thread);
        iops[m][r] = run.iops;
        vcsw[m] += (double) (run.after.ru_nvcsw - run.before.ru_nvcsw);
        ivcsw[m] += (double) (run.after.ru_nivcsw - run.before.ru_nivcsw);
        ios[m] += (double) last_ios;
      }
  /* Each round's ratio to libaio's in the same round: the machine's drift from one round to
   * the next (this one's depth-1 rate swings several-fold) cancels in the pair. */
  for (int m = 0; m < N_MODES; m++)
    for (int r = 0; r < rounds; r++)
      ratio[m][r] = iops[m][r] / iops[0][r];
  if (getenv ("ENGINE_QD1_ROUNDS") != NULL)
    for (int r = 0; r < rounds; r++)
      {
        printf ("round %2d", r);
        for (int m = 0; m < N_MODES; m++)
          printf (" %s %.0f", names[m], iops[m][r]);
        printf ("\n");
      }
  printf ("%-12s %10s %10s %10s %8s %18s %12s %12s\n", "mode", "median", "min", "max",
          "/libaio", "paired (min-max)", "sleeps/I/O", "preempt/I/O");
  for (int m = 0; m < N_MODES; m++)
    {
      qsort (iops[m], (size_t) rounds, sizeof (double), compare_doubles);
      qsort (ratio[m], (size_t) rounds, sizeof (double), compare_doubles);
    }
  for (int m = 0; m < N_MODES; m++)
    printf ("%-12s %10.0f %10.0f %10.0f %8.3f %8.3f (%.2f-%.2f) %12.3f %12.3f\n", names[m],
            iops[m][rounds / 2], iops[m][0], iops[m][rounds - 1],
            iops[m][rounds / 2] / iops[0][rounds / 2], ratio[m][rounds / 2], ratio[m][0],
            ratio[m][rounds - 1], vcsw[m] / ios[m], ivcsw[m] / ios[m]);
  return 0;
}
