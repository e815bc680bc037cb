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
 * the scheduler puts the submitter against the device's completion work. The device is only
 * read; its first 256 MiB are used. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libaio.h>
#include <liburing.h>
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
  const unsigned lean = IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER
                        | IORING_SETUP_DEFER_TASKRUN;
  enum { N_MODES = 5 };
  static double iops[N_MODES][MAX_ROUNDS], ratio[N_MODES][MAX_ROUNDS];
  /* Context switches of the submitting thread per I/O: whether it slept for each completion
   * (voluntary) or was put aside for the device's worker (involuntary). */
  static double vcsw[N_MODES], ivcsw[N_MODES], ios[N_MODES];
  struct rusage before, after;
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
  for (int r = 0; r < rounds; r++)
    for (int i = 0; i < N_MODES; i++)
      {
        int m = (i + r) % N_MODES; /* each round starts with the next mode */

        getrusage (RUSAGE_THREAD, &before);
        switch (m)
          {
          case 0: iops[m][r] = run_libaio (secs); break;
          case 1: iops[m][r] = run_psync (secs); break;
          case 2: iops[m][r] = run_uring (secs, lean, 0); break;
          case 3: iops[m][r] = run_uring (secs, lean, 1); break;
          default: iops[m][r] = run_uring (secs, 0, 0); break;
          }
        getrusage (RUSAGE_THREAD, &after);
        vcsw[m] += (double) (after.ru_nvcsw - before.ru_nvcsw);
        ivcsw[m] += (double) (after.ru_nivcsw - before.ru_nivcsw);
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
