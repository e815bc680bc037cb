/* dmk-test-fuse.h: a lying disk for the tests: tests/fuse-fake-disk.py (a FUSE file that wraps,
 * drops or flips what is written) under a loop device, undone again even when a test aborts. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

extern char *dmk_test_fuse_loop; /* "/dev/loopN" over the FUSE file */

/* Mounts a fake disk of size bytes (options as fuse-fake-disk.py takes them, like "--wrap",
 * "41943040", NULL) and attaches a loop device with direct I/O over it. FALSE, with the test
 * skipped (saying why) and nothing left, when not root or FUSE is not available here. */
gboolean dmk_test_fuse_setup (guint64 size, const char *const *options);
/* Detaches, unmounts and ends the FUSE process; safe from a signal handler's last breath. */
void dmk_test_fuse_cleanup (void);

G_END_DECLS
