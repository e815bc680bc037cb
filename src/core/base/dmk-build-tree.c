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

/* Test hooks are honoured only in a build configured with its tests (-Dtests=true), and only by
 * a program that is not installed (the build tree's, or a test's copy of it): an installed
 * program lives under the install prefix and never reads them. */
static gboolean
hooks_allowed (void)
{
#ifdef DMK_TEST_HOOKS
  static gsize allowed;

  if (g_once_init_enter (&allowed))
    {
      g_autofree char *self = realpath ("/proc/self/exe", NULL);
      g_autofree char *prefix = realpath (DMK_INSTALL_PREFIX, NULL);
      gboolean installed = self == NULL || prefix == NULL ||
                           g_str_has_prefix (self, strcmp (prefix, "/") == 0 ? "/usr/" : prefix);

      g_once_init_leave (&allowed, installed ? 1 : 2);
    }
  return allowed == 2;
#else
  return FALSE;
#endif
}

const char *
dmk_test_hook (const char *name)
{
  const char *value;

  g_return_val_if_fail (name != NULL, NULL);
  value = hooks_allowed () ? g_getenv (name) : NULL;
  return value != NULL && *value != '\0' ? value : NULL;
}
