/* dmk-test-loop.h: a scratch loop device for the tests: a 64 MiB image of a seeded pattern in
 * /dev/shm, attached with direct I/O, and undone again even when a test aborts. */
#pragma once

#include <glib.h>

#include "dmk-runner.h"

G_BEGIN_DECLS

#define DMK_TEST_IMAGE_SIZE (64 << 20)

extern char *dmk_test_image; /* the image file */
extern char *dmk_test_loop;  /* "/dev/loopN" */
extern char *dmk_test_mount; /* where a test mounted the device, or NULL */
extern char *dmk_test_upper; /* a loop device stacked on dmk_test_loop, or NULL */

/* Attaches the image; FALSE, with the test skipped and nothing left, when not root or when
 * losetup cannot attach one here. */
gboolean dmk_test_loop_setup (guint32 seed);
/* The same with an empty (sparse) image of size bytes, for tests that write. */
gboolean dmk_test_loop_setup_sized (guint64 size);
/* Detaches the scratch device and attaches a new empty (sparse) image of size bytes under the
 * same name: another device behind a name the app has seen. FALSE, with the test skipped and
 * nothing left, when another process took the name meanwhile. */
gboolean dmk_test_loop_swap (guint64 size);
/* A second loop device on top of the scratch one. The kernel's block throttle (cgroup v1) charges
 * io_uring's direct I/O to a loop device up to twice (a bio split and retried, io-wq's workers),
 * where the loop driver's own worker, issuing to the device below, is charged once: an io_uring
 * run on the upper device against a throttle on the lower one meets the cap (measured: SEQ1M
 * Q8T1 100.1 MB/s at a 100 MB/s cap, 49.8 without the stack; RND4K Q32T16 8007 IOPS at 8000,
 * 5384 without). Cleanup detaches it first. */
const char *dmk_test_loop_stack (void);
/* A fixture for g_test_add: the scratch device of one test, made before it and undone after it
 * (its caps lifted, and whatever the test mounted or stacked on it), so that the tests of a file
 * share one setup and one teardown. GLib runs the test even when its setup skipped it (not root,
 * no loop device, no throttle): ready is then FALSE, and the test returns at once. */
typedef struct
{
  gboolean ready;
} DmkTestLoopFixture;

/* seed is GUINT_TO_POINTER (the seed of dmk_test_loop_setup's pattern). */
void dmk_test_loop_fixture_seeded (DmkTestLoopFixture *f, gconstpointer seed);
/* size is GSIZE_TO_POINTER (the bytes of dmk_test_loop_setup_sized's empty image). */
void dmk_test_loop_fixture_sized (DmkTestLoopFixture *f, gconstpointer size);
/* The same for a known-rate test: skipped too when the throttle cannot be set here. */
void dmk_test_loop_fixture_throttled (DmkTestLoopFixture *f, gconstpointer size);
void dmk_test_loop_fixture_teardown (DmkTestLoopFixture *f, gconstpointer data);

/* Unmounts, detaches and removes what is there; safe from a signal handler's last breath. */
void dmk_test_loop_cleanup (void);
/* SHA-256 of the image file: any write to the device changes it. */
char *dmk_test_loop_checksum (void);
/* Runs argv (from PATH, stderr dropped); its exit status, 128 + signal, or 127 if it could not
 * start. out (may be NULL) gets its stdout. */
int dmk_test_run_tool (const char *const *argv, char **out);

/* The kernel's block throttle on dev: cgroup v1's root blkio.throttle.WHAT_device (every
 * process's I/O), else cgroup v2's io.max on a cgroup of this process's own that it joins (its
 * own I/O, its threads' and that of the programs it starts); what is read_bps, write_bps,
 * read_iops or write_iops; 0 lifts it. FALSE when it cannot be set. */
gboolean dmk_test_throttle (const char *dev, const char *what, guint64 value);
/* Lifts every cap on dev (NULL: the scratch device, if any); safe from a signal handler. */
void dmk_test_unthrottle (const char *dev);
/* TRUE when the throttle can be set here (v1, or v2 with its cgroup joined and removed again at
 * exit or on a signal of dmk_test_loop_cleanup_on_signals); else the test is skipped, with the
 * reason. */
gboolean dmk_test_throttle_available (void);

/* The consent a user gives to write path, a block device, as it is now, when s allows writes to
 * devices: what the CLI's --allow-write-device and the window's question give the runner. */
void dmk_test_consent (DmkRunner *runner, const char *path, const DmkSettings *s);

/* Runs specs on path with s to the end in this thread's main context, progress (may be NULL)
 * told as it goes; the result, asserting that the run did not fail. */
DmkResult *dmk_test_run_to_end (const char *path, const DmkSettings *s, GArray *specs,
                                DmkProgressFunc progress, gpointer data);

/* A small tmpfs of its own (size as mount(8) takes it: "48m"), so that filling it is quick and
 * harms nothing: its folder, or NULL with the test skipped (not root, or no tmpfs here). */
extern char *dmk_test_tmpfs;
gboolean dmk_test_tmpfs_setup (const char *size);
/* Unmounts and removes it, if any. */
void dmk_test_tmpfs_cleanup (void);

/* On SIGABRT, SIGTRAP, SIGTERM and SIGINT (a failed assertion, g_error, a timeout, Ctrl+C):
 * extra (may be NULL), then every throttle lifted, the scratch device undone and a cgroup v2 of
 * dmk_test_throttle_available removed, then the signal's own ending. */
void dmk_test_loop_cleanup_on_signals (void (*extra) (void));

G_END_DECLS
