/* dmk-build-tree.c: whether this process is an uninstalled program of its build tree. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dmk-build-tree.h"

gboolean
dmk_running_from_build_tree (const char *built)
{
  g_autofree char *self = realpath ("/proc/self/exe", NULL);
  g_autofree char *real = built != NULL ? realpath (built, NULL) : NULL;

  return self != NULL && real != NULL && strcmp (self, real) == 0;
}
