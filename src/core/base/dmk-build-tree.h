/* dmk-build-tree.h: whether this process is an uninstalled program of the build tree that
 * compiled it, so that `build/src/…` works with nothing installed. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when /proc/self/exe is built (the path the build tree gave the program). Paths are
 * compared rather than an environment variable trusted: an installed copy lives at another path,
 * so it never counts, whatever its environment or the build tree left behind. */
gboolean dmk_running_from_build_tree (const char *built);

/* The test hook in the environment variable name (GDISKMARK_SYSFS_ROOT, GDISKMARK_HELPER…), or
 * NULL: only a build with its tests, run from where it was built (never an installed program),
 * reads it. */
const char *dmk_test_hook (const char *name);

G_END_DECLS
