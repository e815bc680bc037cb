/* dmk-window-files.c: the main window's files: save as text, JSON and a card, copy, share, open
 * and drop; every export describes the shown result with the comment that is in the field. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-card.h"
#include "dmk-fio.h"
#include "dmk-gui-utils.h"
#include "dmk-share-dialog.h"
#include "dmk-window-private.h"

gboolean
dmk_window_save_text (DmkWindow *self, const char *filename, GError **error)
{
  g_autofree char *text = NULL;
  DmkResult *result;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  result = _dmk_window_export_result (self);
  if (result == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There are no results yet"));
      return FALSE;
    }
  text = dmk_result_to_text (result);
  return dmk_output_save (filename, text, strlen (text), error);
}

gboolean
dmk_window_save_results (DmkWindow *self, const char *filename, GError **error)
{
  DmkResult *result;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  result = _dmk_window_export_result (self);
  if (result == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There are no results yet"));
      return FALSE;
    }
  if (!dmk_result_save (result, filename, error))
    return FALSE;
  dmk_recent_add (filename);
  return TRUE;
}

gboolean
dmk_window_save_sheet (DmkWindow *self, DmkSheetFormat format, const char *filename,
                       GError **error)
{
  DmkResult *result;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  result = _dmk_window_export_result (self);
  if (result == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There are no results yet"));
      return FALSE;
    }
  return dmk_result_save_sheet (result, format, filename, error);
}

/* The shown result's card, with nothing private in it (as the Share dialog's default): a picture
 * is made to be shown to others. PNG, or SVG for a name that ends in .svg. */
gboolean
dmk_window_save_image (DmkWindow *self, const char *filename, GError **error)
{
  DmkCardOptions options = { FALSE, 0 };
  g_autoptr (DmkResult) shared = NULL;
  g_autoptr (DmkCard) card = NULL;
  DmkResult *result;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  result = _dmk_window_export_result (self);
  if (result == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There are no results yet"));
      return FALSE;
    }
  shared = dmk_share_redact (result, DMK_SHARE_KEEP_NONE, NULL, NULL);
  card = dmk_card_new_for_result (shared);
  return dmk_card_save (card, &options, dmk_card_format_for_path (filename), filename, error);
}

/* The result shown, or NULL having said nothing (a toast) in the user's words. */
static DmkResult *
shown_result (DmkWindow *self, const char *nothing)
{
  DmkResult *result = _dmk_window_export_result (self);

  if (result == NULL)
    _dmk_window_toast (self, nothing);
  return result;
}

/* The same card on the clipboard as an image (image/png), which chat programs paste. */
gboolean
dmk_window_copy_image (DmkWindow *self)
{
  DmkCardOptions options = { FALSE, 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) shared = NULL;
  g_autoptr (DmkCard) card = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  DmkResult *result;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  result = shown_result (self, _("Nothing to copy yet: run a test first"));
  if (result == NULL)
    return FALSE;
  shared = dmk_share_redact (result, DMK_SHARE_KEEP_NONE, NULL, NULL);
  card = dmk_card_new_for_result (shared);
  texture = dmk_card_to_texture (card, &options, &error);
  if (texture == NULL)
    {
      _dmk_window_show_error (self, _("Could Not Copy the Image"), error->message);
      return FALSE;
    }
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (GTK_WIDGET (self)), texture);
  _dmk_window_toast (self, _("Image copied"));
  return TRUE;
}

/* The Share dialog over the shown result. */
void
dmk_window_share (DmkWindow *self)
{
  DmkResult *result;

  g_return_if_fail (DMK_IS_WINDOW (self));
  result = shown_result (self, _("Nothing to share yet: run a test first"));
  if (result == NULL)
    return;
  gtk_window_present (GTK_WINDOW (dmk_share_dialog_new (GTK_WINDOW (self), result)));
}

gboolean
dmk_window_copy (DmkWindow *self)
{
  g_autofree char *text = NULL;
  DmkResult *result;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  result = shown_result (self, _("Nothing to copy yet: run a test first"));
  if (result == NULL)
    return FALSE;
  text = dmk_result_to_text (result);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  _dmk_window_toast (self, _("Results copied"));
  return TRUE;
}

/* The fio job of what Run would do now (row -1: all tests; else that row's test) on the
 * chosen target, on the clipboard. */
gboolean
dmk_window_copy_fio_job (DmkWindow *self, int row)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) jobs = NULL;
  g_autofree char *text = NULL;
  const char *target = dmk_window_get_target_path (self);
  DmkSettings s;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  if (target == NULL)
    {
      _dmk_window_toast (self, _("Choose a folder or a drive first"));
      return FALSE;
    }
  if (_dmk_window_plan_run (self, row, &s, &jobs, &error))
    text = dmk_fio_job_export (&s, jobs, target, &error);
  dmk_settings_clear (&s);
  if (text == NULL)
    {
      _dmk_window_show_error (self, _("Cannot Copy the fio Job"), error->message);
      return FALSE;
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  _dmk_window_toast (self, _("fio job copied"));
  return TRUE;
}

/* A fio job file opened: a plan to run as fio would (as gdiskmark-cli --job-file runs it), shown
 * as the job's until it is closed; the user's own settings stay as they are. */
static void
show_fio_job (DmkWindow *self, const char *path, DmkFioJob *job)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *msg = NULL;
  g_autofree char *target = g_strdup (job->target);

  adw_view_stack_set_visible_child (self->view_stack, self->benchmark_page);
  _dmk_window_set_job (self, job, name);
  /* The folder or the device the job names becomes the target (a device is taken as in use,
   * so never written without consent); one that cannot be tested says why in a toast. */
  if (target != NULL)
    dmk_window_try_target_path (self, target, NULL);
  /* TRANSLATORS: a toast: "Tests of “crystaldiskmark.fio” set up: Run All runs them" */
  msg = g_strdup_printf (_("Tests of “%s” set up: Run All runs them"), name);
  _dmk_window_toast (self, msg);
}

/* What a file was read as: a job (.fio) or a result, or the error that says why not. */
typedef struct
{
  char *path;
  DmkFioJob *job;
  DmkResult *result;
  GError *error;
} Loaded;

static void
loaded_free (Loaded *l)
{
  g_free (l->path);
  g_clear_pointer (&l->job, dmk_fio_job_free);
  g_clear_pointer (&l->result, dmk_result_unref);
  g_clear_error (&l->error);
  g_free (l);
}

/* Blocking, and thread-safe: the loaders touch nothing but the file. */
static void
load (Loaded *l)
{
  if (g_str_has_suffix (l->path, ".fio"))
    l->job = dmk_fio_job_load (l->path, &l->error);
  else
    l->result = dmk_result_load (l->path, &l->error);
}

/* The path of a file the window may open now, or NULL with why. */
static char *
openable_path (DmkWindow *self, GFile *file, GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("“%s”: only local files can be opened"), name);
      return NULL;
    }
  if (dmk_run_controller_get_running (self->run))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                   _("“%s”: stop the benchmark before opening results"), name);
      return NULL;
    }
  return g_steal_pointer (&path);
}

/* Shows what was read; FALSE with error when it could not be read, or a run began meanwhile. */
static gboolean
show_loaded (DmkWindow *self, Loaded *l, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (l->path);
  g_autofree char *path = NULL;

  if (l->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&l->error));
      return FALSE;
    }
  path = openable_path (self, file, error);
  if (path == NULL)
    return FALSE;
  if (l->job != NULL)
    {
      show_fio_job (self, l->path, g_steal_pointer (&l->job));
      return TRUE;
    }
  /* A saved scan opens in its own view; a grid in the Benchmark view. */
  _dmk_window_show_any_result (self, l->result, l->path);
  dmk_recent_add (l->path);
  return TRUE;
}

static void
open_error (DmkWindow *self, const GError *error)
{
  _dmk_window_show_error (self, g_dngettext (GETTEXT_PACKAGE, "Could Not Open the Results",
                                             "Could Not Open All Results", 1),
                          error->message);
}

static void
load_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  load (data);
  g_task_return_boolean (task, TRUE);
}

static void
file_loaded (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (source);
  g_autoptr (GError) error = NULL;

  self->n_opening--;
  /* Closed meanwhile: nothing to show it in. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (res))))
    return;
  if (!show_loaded (self, g_task_get_task_data (G_TASK (res)), &error))
    open_error (self, error);
}

/* One file fills the grid; several go side by side in the comparison. */
void
dmk_window_open_files (DmkWindow *self, GFile **files, guint n_files)
{
  g_return_if_fail (DMK_IS_WINDOW (self));
  if (n_files > 1)
    {
      g_autoptr (GStrvBuilder) uris = g_strv_builder_new ();
      g_auto (GStrv) list = NULL;

      for (guint i = 0; i < n_files; i++)
        {
          g_autofree char *uri = g_file_get_uri (files[i]);
          g_strv_builder_add (uris, uri);
        }
      list = g_strv_builder_end (uris);
      /* The comparison is the application's: it gets them through its action. */
      gtk_widget_activate_action (GTK_WIDGET (self), "app.compare-files", "^as", list);
      return;
    }
  for (guint i = 0; i < n_files; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GTask) task = NULL;
      Loaded *l = g_new0 (Loaded, 1);

      l->path = openable_path (self, files[i], &error);
      if (l->path == NULL)
        {
          loaded_free (l);
          open_error (self, error);
          continue;
        }
      /* A file of 16 MiB (the loaders' cap) takes a while to parse, and a disk may stall. */
      task = g_task_new (self, self->open_cancellable, file_loaded, NULL);
      g_task_set_name (task, "dmk-open-file");
      g_task_set_task_data (task, l, (GDestroyNotify) loaded_free);
      self->n_opening++;
      g_task_run_in_thread (task, load_thread);
    }
}

DmkResult *
dmk_window_get_shown_result (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return _dmk_window_export_result (self);
}

const char *
dmk_window_get_shown_source (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->shown != NULL ? self->shown_source : NULL;
}

/* The application adds what the grid shows to the comparison and brings it up. */
void
dmk_window_compare (DmkWindow *self)
{
  g_return_if_fail (DMK_IS_WINDOW (self));
  _dmk_window_export_result (self);
  gtk_widget_activate_action (GTK_WIDGET (self), "app.compare", NULL);
}

static void
report_file_job (GtkWindow *window, gboolean ok, const char *text)
{
  if (ok)
    _dmk_window_toast (DMK_WINDOW (window), text);
  else
    _dmk_window_show_error (DMK_WINDOW (window), _("Could Not Save"), text);
}

static gboolean
save_text_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_window_save_text (DMK_WINDOW (window), path, error);
}

static gboolean
save_image_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_window_save_image (DMK_WINDOW (window), path, error);
}

static gboolean
save_ods_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_window_save_sheet (DMK_WINDOW (window), DMK_SHEET_ODS, path, error);
}

static gboolean
save_xlsx_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_window_save_sheet (DMK_WINDOW (window), DMK_SHEET_XLSX, path, error);
}

static gboolean
save_results_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_window_save_results (DMK_WINDOW (window), path, error);
}

static void
open_files_job (GtkWindow *window, GFile **files, guint n_files)
{
  dmk_window_open_files (DMK_WINDOW (window), files, n_files);
}

static const DmkFileJob save_text_file = { N_("Save Results as Text"), N_("Text"), "text/plain",
                                           "txt", NULL, save_text_job };
static const DmkFileJob save_image_file = { N_("Save Image"), N_("PNG Image"), "image/png", "png",
                                            NULL, save_image_job };
static const DmkFileJob save_results_file = { N_("Save Results"), N_("GDiskMark Results"),
                                              "application/json", "json", NULL,
                                              save_results_job };
static const DmkFileJob save_ods_file = { N_("Save Results as Spreadsheet"),
                                          N_("OpenDocument Spreadsheet"),
                                          "application/vnd.oasis.opendocument.spreadsheet", "ods",
                                          NULL, save_ods_job };
static const DmkFileJob save_xlsx_file = {
  N_("Save Results as Excel Workbook"), N_("Excel Workbook"),
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx", NULL,
  save_xlsx_job
};
static const DmkFileJob open_results_file = { N_("Open Results"), N_("GDiskMark Results"),
                                              "application/json", "json", open_files_job, NULL };

static void
run_file_chooser (DmkWindow *self, const DmkFileJob *job)
{
  if (self->file_chooser != NULL || dmk_run_controller_get_running (self->run))
    return;
  if (job->save != NULL && self->shown == NULL)
    {
      _dmk_window_toast (self, _("Nothing to save yet: run a test first"));
      return;
    }
  dmk_file_job_start (GTK_WINDOW (self), job, "GDiskMark_", report_file_job,
                      &self->file_chooser);
}

static void
copy_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dmk_window_copy (DMK_WINDOW (user_data));
}

static void
copy_fio_job_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dmk_window_copy_fio_job (DMK_WINDOW (user_data), param != NULL ? g_variant_get_int32 (param)
                                                                 : -1);
}

static void
copy_image_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dmk_window_copy_image (DMK_WINDOW (user_data));
}

static void
share_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dmk_window_share (DMK_WINDOW (user_data));
}

static void
save_text_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_file_chooser (DMK_WINDOW (user_data), &save_text_file);
}

static void
save_image_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_file_chooser (DMK_WINDOW (user_data), &save_image_file);
}

static void
save_ods_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_file_chooser (DMK_WINDOW (user_data), &save_ods_file);
}

static void
save_xlsx_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_file_chooser (DMK_WINDOW (user_data), &save_xlsx_file);
}

static void
save_results_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_file_chooser (DMK_WINDOW (user_data), &save_results_file);
}

static void
open_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_file_chooser (DMK_WINDOW (user_data), &open_results_file);
}

static void
compare_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dmk_window_compare (DMK_WINDOW (user_data));
}

/* A dropped folder is the place to test next, as the folder chooser would make it. */
static gboolean
drop_target (DmkWindow *self, GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    {
      _dmk_window_toast (self, _("Only local folders can be tested"));
      return FALSE;
    }
  if (dmk_run_controller_get_running (self->run))
    {
      g_autofree char *name = g_filename_display_name (path);
      g_autofree char *text =
        g_strdup_printf (_("“%s”: stop the benchmark before choosing another target"), name);

      _dmk_window_toast (self, text);
      return FALSE;
    }
  /* Checked again: it can be gone by now. A refusal is a toast; nothing is stored. */
  return dmk_window_try_target_path (self, path, NULL);
}

static gboolean
drop_files (DmkWindow *self, GFile **files, guint n_files)
{
  if (n_files == 0)
    return FALSE;
  if (n_files == 1)
    {
      GFileType type = g_file_query_file_type (files[0], G_FILE_QUERY_INFO_NONE, NULL);

      /* Unknown: gone since the drag began; the target check says so, naming it. */
      if (type == G_FILE_TYPE_DIRECTORY || type == G_FILE_TYPE_SPECIAL ||
          type == G_FILE_TYPE_UNKNOWN)
        return drop_target (self, files[0]);
      /* One result replaces the grid, which a run is using. */
      if (dmk_run_controller_get_running (self->run))
        {
          g_autofree char *name = g_file_get_parse_name (files[0]);
          g_autofree char *text =
            g_strdup_printf (_("“%s”: stop the benchmark before opening results"), name);

          _dmk_window_toast (self, text);
          return FALSE;
        }
    }
  /* Several go to the comparison, any time. */
  dmk_window_open_files (self, files, n_files);
  return TRUE;
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, DmkWindow *self)
{
  GSList *list = g_value_get_boxed (value);
  g_autoptr (GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  return drop_files (self, (GFile **) files->pdata, files->len);
}

/* Open Recent opens where Open… does: in this window. */
static void
open_recent_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  DmkWindow *self = data;
  g_autoptr (GFile) file = g_file_new_for_path (g_variant_get_string (param, NULL));

  dmk_window_open_files (self, &file, 1);
}

static const GActionEntry file_actions[] = {
  { "open-recent", open_recent_activated, "s", NULL, NULL },
  { "copy", copy_activated, NULL, NULL, NULL },
  { "copy-fio-job", copy_fio_job_activated, NULL, NULL, NULL },
  { "copy-image", copy_image_activated, NULL, NULL, NULL },
  { "share", share_activated, NULL, NULL, NULL },
  { "copy-fio-job-row", copy_fio_job_activated, "i", NULL, NULL },
  { "save-text", save_text_activated, NULL, NULL, NULL },
  { "save-image", save_image_activated, NULL, NULL, NULL },
  { "save-results", save_results_activated, NULL, NULL, NULL },
  { "save-ods", save_ods_activated, NULL, NULL, NULL },
  { "save-xlsx", save_xlsx_activated, NULL, NULL, NULL },
  { "open", open_activated, NULL, NULL, NULL },
  { "compare", compare_activated, NULL, NULL, NULL },
};

static void
files_init (DmkWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  self->open_cancellable = g_cancellable_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self), file_actions,
                                   G_N_ELEMENTS (file_actions), self);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

static void
files_dispose (DmkWindow *self)
{
  if (self->open_cancellable != NULL)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->file_chooser));
  g_clear_object (&self->file_chooser);
}

const DmkWindowPart _dmk_window_files_part = { NULL, files_init, files_dispose };

#ifdef DMK_TESTING

#include "dmk-window-testing.h"

gboolean
dmk_window_drop_files (DmkWindow *self, GFile **files, guint n_files)
{
  return drop_files (self, files, n_files);
}

gboolean
dmk_window_open_file (DmkWindow *self, GFile *file, GError **error)
{
  Loaded *l;
  gboolean ok;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  l = g_new0 (Loaded, 1);
  l->path = openable_path (self, file, error);
  if (l->path == NULL)
    {
      loaded_free (l);
      return FALSE;
    }
  load (l);
  ok = show_loaded (self, l, error);
  loaded_free (l);
  return ok;
}

guint
dmk_window_get_n_opening (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), 0);
  return self->n_opening;
}

#endif
