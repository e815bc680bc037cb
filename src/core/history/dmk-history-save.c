/* dmk-history-save.c: a finished run into the history, and when the store cannot take it, into
 * a JSON file that says where it went: a failed store never loses a run. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <unistd.h>

#include "dmk-error.h"
#include "dmk-history.h"

/* "history-unsaved-20261202T150627-1234.json" in dir: named by time and process, so two runs
 * failing at once keep two files. */
static char *
write_beside (const char *dir, DmkResult *result, GError **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%dT%H%M%S");
  static gint counter;
  g_autofree char *name = g_strdup_printf ("history-unsaved-%s-%d-%d.json", stamp, (int) getpid (),
                                           g_atomic_int_add (&counter, 1));
  g_autofree char *path = g_build_filename (dir, name, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0 || !dmk_result_save (result, path, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("%s cannot be made"), dir);
      return NULL;
    }
  return g_steal_pointer (&path);
}

/* Beside the store, else in the data folder, else the temporary folder: the first that takes it. */
static char *
keep_elsewhere (const char *store, DmkResult *result)
{
  g_autofree char *beside = g_path_get_dirname (store);
  g_autofree char *data = g_build_filename (g_get_user_data_dir (), "gdiskmark", NULL);
  const char *dirs[] = { beside, data, g_get_tmp_dir () };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      char *path = write_beside (dirs[i], result, NULL);
      if (path != NULL)
        return path;
    }
  return NULL;
}

gboolean
dmk_history_save_run (const char *path, DmkResult *result, gboolean live, int busy_ms,
                      gint64 *id, char **saved_to, GError **error)
{
  g_autofree char *store = path != NULL ? g_strdup (path) : dmk_history_default_path ();
  g_autoptr (GError) why = NULL;
  g_autoptr (DmkHistory) h = NULL;
  g_autofree char *kept = NULL;
  DmkDriveId drive;
  gint64 added = 0;

  g_return_val_if_fail (result != NULL, FALSE);
  if (saved_to != NULL)
    *saved_to = NULL;
  dmk_drive_id_from_result (result, live, &drive);
  h = dmk_history_open (store, busy_ms, &why);
  /* The drive's rating goes with the run, so that its text and JSON say its share; a rating
   * that cannot be read is no reason to lose the run. */
  if (h != NULL && !dmk_history_get_rating (h, &drive, &result->rated, NULL))
    memset (&result->rated, 0, sizeof result->rated);
  if (h != NULL)
    added = dmk_history_add (h, result, &drive, live ? "run" : "import", &why);
  dmk_drive_id_clear (&drive);
  if (id != NULL)
    *id = added;
  if (added > 0)
    return TRUE;

  kept = keep_elsewhere (store, result);
  if (kept != NULL)
    /* TRANSLATORS: the first %s is why the history failed ("The history … is locked …"). */
    g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                 _("%s. The run is kept in %s: once the history works again (close the other "
                   "program, free some space, or move a damaged file away), add it with "
                   "“gdiskmark-cli history import %s”"),
                 why->message, kept, kept);
  else
    g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                 _("%s. The run could not be kept in a file either: save it yourself"),
                 why->message);
  if (saved_to != NULL)
    *saved_to = g_steal_pointer (&kept);
  return FALSE;
}
