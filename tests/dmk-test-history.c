/* dmk-test-history.c: what the history tests share: a scratch folder for the run (XDG_DATA_HOME
 * and TMPDIR inside it), made-up grid results and counting a store's entries. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-history.h"

char *scratch; /* this run's folder; XDG_DATA_HOME and TMPDIR point inside it */

char *
fresh_dir (const char *name)
{
  char *dir = g_build_filename (scratch, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dir;
}

/* A grid result on a made-up drive whose SEQ1M Q1T1 read passes are rates. Each is a run of its
 * own, a second after the one made before it: the store keeps a run once (issue 47). */
DmkResult *
make_result (const char *model, const double *rates, guint n)
{
  static guint made;
  DmkResult *r = dmk_result_new ();
  DmkTestSpec spec = { DMK_PATTERN_SEQUENTIAL, 1 << 20, 1, 1 };
  DmkTestResult *t = dmk_test_result_new (&spec, DMK_DIRECTION_READ);

  r->date = g_strdup_printf ("2026-12-02T%02u:%02u:%02uZ", 10 + made / 3600, made / 60 % 60,
                             made % 60);
  made++;
  r->os = g_strdup ("Debian GNU/Linux 12 (bookworm) [6.1.0-27-amd64] (x86_64)");
  r->target.path = g_strdup ("/dev/wt26-none");
  r->target.kind = DMK_TARGET_BLOCK_DEVICE;
  r->target.device = g_strdup ("/dev/wt26-none");
  r->target.model = g_strdup (model);
  r->target.size_bytes = 64 << 20;
  for (guint i = 0; i < n; i++)
    {
      DmkPass pass = { rates[i], rates[i], (guint64) (rates[i] * 1e6), 1.0 };
      dmk_test_result_add_pass_series (t, &pass, NULL, NULL);
    }
  g_ptr_array_add (r->tests, t);
  return r;
}

guint
count_entries (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkHistory) h = dmk_history_open (path, 5000, &error);
  g_autoptr (GPtrArray) all = NULL;

  g_assert_no_error (error);
  all = dmk_history_list (h, NULL, &error);
  g_assert_no_error (error);
  return all->len;
}

void
dmk_test_history_init (int *argc, char ***argv)
{
  g_autofree char *data = NULL, *tmp = NULL;

  g_test_init (argc, argv, NULL);
  scratch = g_dir_make_tmp ("gdiskmark-test-history-XXXXXX", NULL);
  g_assert_nonnull (scratch);
  /* Where a failed store's run goes after the folder beside it: inside this run's folder. */
  data = g_build_filename (scratch, "data", NULL);
  tmp = g_build_filename (scratch, "tmp", NULL);
  g_mkdir_with_parents (tmp, 0700);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("TMPDIR", tmp, TRUE);
}

int
dmk_test_history_run (void)
{
  int status = g_test_run ();

  if (status == 0)
    {
      const char *argv_rm[] = { "rm", "-rf", scratch, NULL };
      g_spawn_sync (NULL, (char **) argv_rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                    NULL, NULL);
    }
  g_clear_pointer (&scratch, g_free);
  return status;
}
