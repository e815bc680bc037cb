/* dmk-compare-window-files.c: the comparison as text, CSV, .ods/.xlsx, image and clipboard
 * text; its file choosers (adding results, exporting) and the actions that open them; a file
 * added as its columns. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-card.h"
#include "dmk-compare-window-private.h"
#include "dmk-gui-utils.h"

gboolean
dmk_compare_window_add_file (DmkCompareWindow *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr (GPtrArray) results = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("“%s”: only local files can be opened"), name);
      return FALSE;
    }
  results = dmk_result_load_all (path, error);
  if (results == NULL)
    return FALSE;
  /* fio --client's output is a column per host: each its own source, so that the second is not
   * "already in the comparison". */
  for (guint i = 0; i < results->len; i++)
    {
      g_autofree char *source = i == 0 ? g_strdup (path) : g_strdup_printf ("%s#%u", path, i + 1);
      dmk_compare_window_add_result (self, g_ptr_array_index (results, i), source);
    }
  return TRUE;
}

DmkComparison *
dmk_compare_window_get_comparison (DmkCompareWindow *self)
{
  g_autoptr (GPtrArray) results = g_ptr_array_new ();

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  for (guint c = 0; c < self->columns->len; c++)
    g_ptr_array_add (results, ((DmkCompareColumn *) g_ptr_array_index (self->columns, c))->result);
  return dmk_comparison_new (results, self->unit, self->baseline);
}

char *
dmk_compare_window_to_text (DmkCompareWindow *self)
{
  g_autoptr (DmkComparison) cmp = dmk_compare_window_get_comparison (self);
  return dmk_comparison_to_text (cmp);
}

char *
dmk_compare_window_to_csv (DmkCompareWindow *self)
{
  g_autoptr (DmkComparison) cmp = dmk_compare_window_get_comparison (self);
  return dmk_comparison_to_csv (cmp);
}

static gboolean
need_columns (DmkCompareWindow *self, GError **error)
{
  if (self->columns->len > 0)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is nothing to compare yet"));
  return FALSE;
}

gboolean
dmk_compare_window_export_text (DmkCompareWindow *self, const char *filename, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (!need_columns (self, error))
    return FALSE;
  text = dmk_compare_window_to_text (self);
  return dmk_output_save (filename, text, strlen (text), error);
}

gboolean
dmk_compare_window_export_csv (DmkCompareWindow *self, const char *filename, GError **error)
{
  g_autofree char *csv = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (!need_columns (self, error))
    return FALSE;
  csv = dmk_compare_window_to_csv (self);
  return dmk_output_save (filename, csv, strlen (csv), error);
}

/* The CSV's table as a spreadsheet: every value and change a numeric cell with all its digits. */
gboolean
dmk_compare_window_export_sheet (DmkCompareWindow *self, DmkSheetFormat format,
                                 const char *filename, GError **error)
{
  g_autoptr (DmkComparison) cmp = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (!need_columns (self, error))
    return FALSE;
  cmp = dmk_compare_window_get_comparison (self);
  return dmk_comparison_save_sheet (cmp, format, filename, error);
}

/* The comparison card of the columns as shown (unit, baseline), each result with nothing private
 * in it: a picture is made to be shown to others. */
static DmkCard *
comparison_card (DmkCompareWindow *self)
{
  g_autoptr (GPtrArray) shared = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);

  for (guint c = 0; c < self->columns->len; c++)
    {
      DmkCompareColumn *column = g_ptr_array_index (self->columns, c);
      g_ptr_array_add (shared, dmk_share_redact (column->result, DMK_SHARE_KEEP_NONE, NULL, NULL));
    }
  return dmk_card_new_for_comparison (shared, self->unit, self->baseline);
}

/* The comparison card: PNG, or SVG for a name that ends in .svg. */
gboolean
dmk_compare_window_save_image (DmkCompareWindow *self, const char *filename, GError **error)
{
  DmkCardOptions options = { FALSE, 0 };
  g_autoptr (DmkCard) card = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (!need_columns (self, error))
    return FALSE;
  card = comparison_card (self);
  return dmk_card_save (card, &options, dmk_card_format_for_path (filename), filename, error);
}

/* The same card on the clipboard as an image (image/png), which chat programs paste. */
gboolean
dmk_compare_window_copy_image (DmkCompareWindow *self)
{
  DmkCardOptions options = { FALSE, 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkCard) card = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (self->columns->len == 0)
    {
      dmk_toast (self->toast_overlay, _("Nothing to copy yet: add results first"));
      return FALSE;
    }
  card = comparison_card (self);
  texture = dmk_card_to_texture (card, &options, &error);
  if (texture == NULL)
    {
      dmk_show_error (GTK_WINDOW (self), &self->error_dialog, _("Could Not Copy the Image"),
                      error->message);
      return FALSE;
    }
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (GTK_WIDGET (self)), texture);
  dmk_toast (self->toast_overlay, _("Image copied"));
  return TRUE;
}

gboolean
dmk_compare_window_copy (DmkCompareWindow *self)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (self->columns->len == 0)
    {
      dmk_toast (self->toast_overlay, _("Nothing to copy yet: add results first"));
      return FALSE;
    }
  text = dmk_compare_window_to_text (self);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  dmk_toast (self->toast_overlay, _("Comparison copied"));
  return TRUE;
}

static void
report_file_job (GtkWindow *window, gboolean ok, const char *text)
{
  if (ok)
    dmk_toast (DMK_COMPARE_WINDOW (window)->toast_overlay, text);
  else
    dmk_show_error (window, &DMK_COMPARE_WINDOW (window)->error_dialog, _("Could Not Save"), text);
}

void
dmk_compare_window_show_add_errors (DmkCompareWindow *self, guint n_files, const char *messages)
{
  g_return_if_fail (DMK_IS_COMPARE_WINDOW (self));
  dmk_show_error (GTK_WINDOW (self), &self->error_dialog,
                  g_dngettext (GETTEXT_PACKAGE, "Could Not Add the Results",
                               "Could Not Add All Results", n_files),
                  messages);
}

void
_dmk_compare_window_read_files (DmkCompareWindow *self, GFile **files, guint n_files)
{
  g_autoptr (GStrvBuilder) uris = g_strv_builder_new ();
  g_auto (GStrv) list = NULL;

  if (gtk_window_get_application (GTK_WINDOW (self)) == NULL)
    {
      dmk_compare_window_add_files (self, files, n_files);
      return;
    }
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *uri = g_file_get_uri (files[i]);
      g_strv_builder_add (uris, uri);
    }
  list = g_strv_builder_end (uris);
  gtk_widget_activate_action (GTK_WIDGET (self), "app.compare-files", "^as", list);
}

static void
add_files_job (GtkWindow *window, GFile **files, guint n_files)
{
  _dmk_compare_window_read_files (DMK_COMPARE_WINDOW (window), files, n_files);
}

static gboolean
export_text_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_compare_window_export_text (DMK_COMPARE_WINDOW (window), path, error);
}

static gboolean
export_csv_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_compare_window_export_csv (DMK_COMPARE_WINDOW (window), path, error);
}

static gboolean
export_ods_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_compare_window_export_sheet (DMK_COMPARE_WINDOW (window), DMK_SHEET_ODS, path,
                                          error);
}

static gboolean
export_xlsx_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_compare_window_export_sheet (DMK_COMPARE_WINDOW (window), DMK_SHEET_XLSX, path,
                                          error);
}

static gboolean
save_image_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_compare_window_save_image (DMK_COMPARE_WINDOW (window), path, error);
}

static const DmkFileJob add_file = { N_("Add Results"), N_("GDiskMark Results"),
                                     "application/json", "json", add_files_job, NULL };
static const DmkFileJob text_file = { N_("Export Comparison as Text"), N_("Text"), "text/plain",
                                      "txt", NULL, export_text_job };
static const DmkFileJob csv_file = { N_("Export Comparison as CSV"), N_("CSV"), "text/csv", "csv",
                                     NULL, export_csv_job };
static const DmkFileJob ods_file = { N_("Export Comparison as Spreadsheet"),
                                     N_("OpenDocument Spreadsheet"),
                                     "application/vnd.oasis.opendocument.spreadsheet", "ods", NULL,
                                     export_ods_job };
static const DmkFileJob xlsx_file = {
  N_("Export Comparison as Excel Workbook"), N_("Excel Workbook"),
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx", NULL,
  export_xlsx_job
};
static const DmkFileJob image_file = { N_("Save Image"), N_("PNG Image"), "image/png", "png", NULL,
                                       save_image_job };

static void
run_chooser (DmkCompareWindow *self, const DmkFileJob *job)
{
  if (self->file_chooser != NULL)
    return;
  dmk_file_job_start (GTK_WINDOW (self), job, "GDiskMark_Compare_", report_file_job,
                      &self->file_chooser);
}

static void
add_files_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  run_chooser (self, &add_file);
}

static void
copy_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  dmk_compare_window_copy (self);
}

static void
copy_image_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  dmk_compare_window_copy_image (self);
}

static void
export_text_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  run_chooser (self, &text_file);
}

static void
export_csv_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  run_chooser (self, &csv_file);
}

static void
export_ods_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  run_chooser (self, &ods_file);
}

static void
export_xlsx_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  run_chooser (self, &xlsx_file);
}

static void
save_image_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  run_chooser (self, &image_file);
}

static const GActionEntry file_actions[] = {
  { "add-files", add_files_activated, NULL, NULL, NULL },
  { "copy", copy_activated, NULL, NULL, NULL },
  { "copy-image", copy_image_activated, NULL, NULL, NULL },
  { "export-text", export_text_activated, NULL, NULL, NULL },
  { "export-csv", export_csv_activated, NULL, NULL, NULL },
  { "export-ods", export_ods_activated, NULL, NULL, NULL },
  { "export-xlsx", export_xlsx_activated, NULL, NULL, NULL },
  { "save-image", save_image_activated, NULL, NULL, NULL },
};

void
_dmk_compare_window_files_init (DmkCompareWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), file_actions, G_N_ELEMENTS (file_actions),
                                   self);
  /* Its file choosers open from a menu too; its empty page's buttons have mnemonics, and only
   * the page shown is there for a screen reader. */
  dmk_window_keep_focus_shown (GTK_WINDOW (self));
  dmk_name_mnemonic_buttons (GTK_WIDGET (self));
  dmk_quiet_tooltips (GTK_WIDGET (self));
  dmk_hide_stack_pages (GTK_WIDGET (self->stack));
}

void
_dmk_compare_window_files_dispose (DmkCompareWindow *self)
{
  if (self->file_chooser != NULL)
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->file_chooser));
      g_clear_object (&self->file_chooser);
    }
}
