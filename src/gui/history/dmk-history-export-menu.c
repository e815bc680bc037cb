/* dmk-history-export-menu.c: the history dialog's Export menu (see the header): the same table as
 * the CLI's history CSV, every number a numeric cell with all its digits. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-a11y.h"
#include "dmk-gui-utils.h"
#include "dmk-history-export-menu.h"

typedef struct
{
  DmkHistoryEntriesFunc entries;
  GtkFileChooserNative *chooser; /* the one open, else NULL */
  GtkWindow *error_dialog;
} ExportState;

static void
state_free (gpointer p)
{
  ExportState *s = p;

  g_clear_object (&s->chooser);
  g_free (s);
}

static ExportState *
state_of (GtkWindow *window)
{
  return g_object_get_data (G_OBJECT (window), "dmk-history-export");
}

gboolean
dmk_history_export_menu_save (GtkWindow *window, DmkSheetFormat format, const char *path,
                              GError **error)
{
  ExportState *s = state_of (window);
  g_autoptr (GPtrArray) entries = NULL;

  g_return_val_if_fail (s != NULL && path != NULL, FALSE);
  entries = s->entries (window);
  if (entries->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("The history has no runs yet"));
      return FALSE;
    }
  return dmk_history_save_sheet (entries, format, path, error);
}

static gboolean
save_ods (GtkWindow *window, const char *path, GError **error)
{
  return dmk_history_export_menu_save (window, DMK_SHEET_ODS, path, error);
}

static gboolean
save_xlsx (GtkWindow *window, const char *path, GError **error)
{
  return dmk_history_export_menu_save (window, DMK_SHEET_XLSX, path, error);
}

static const DmkFileJob ods_file = { N_("Export History as Spreadsheet"),
                                     N_("OpenDocument Spreadsheet"),
                                     "application/vnd.oasis.opendocument.spreadsheet", "ods", NULL,
                                     save_ods };
static const DmkFileJob xlsx_file = {
  N_("Export History as Excel Workbook"), N_("Excel Workbook"),
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx", NULL, save_xlsx
};

static void
report (GtkWindow *window, gboolean ok, const char *text)
{
  GtkWidget *overlay = dmk_find_toast_overlay (GTK_WIDGET (window));

  if (ok && overlay != NULL)
    dmk_toast (ADW_TOAST_OVERLAY (overlay), text);
  else if (!ok)
    dmk_show_error (window, &state_of (window)->error_dialog, _("Could Not Save"), text);
}

static void
export_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkWindow *window = user_data;
  ExportState *s = state_of (window);
  gboolean xlsx = g_strcmp0 (g_action_get_name (G_ACTION (action)), "xlsx") == 0;

  if (s->chooser != NULL)
    return;
  dmk_file_job_start (window, xlsx ? &xlsx_file : &ods_file, "GDiskMark_History_", report,
                      &s->chooser);
}

void
dmk_history_export_menu_add (GtkWindow *window, AdwHeaderBar *header,
                             DmkHistoryEntriesFunc entries)
{
  static const GActionEntry actions[] = {
    { "ods", export_activated, NULL, NULL, NULL },
    { "xlsx", export_activated, NULL, NULL, NULL },
  };
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr (GMenu) menu = g_menu_new ();
  GtkWidget *button = gtk_menu_button_new ();
  ExportState *s = g_new0 (ExportState, 1);

  s->entries = entries;
  g_object_set_data_full (G_OBJECT (window), "dmk-history-export", s, state_free);
  g_action_map_add_action_entries (G_ACTION_MAP (group), actions, G_N_ELEMENTS (actions), window);
  gtk_widget_insert_action_group (GTK_WIDGET (window), "export", G_ACTION_GROUP (group));
  g_menu_append (menu, _("Export as _Spreadsheet (.ods)…"), "export.ods");
  g_menu_append (menu, _("Export as E_xcel Workbook (.xlsx)…"), "export.xlsx");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "document-save-symbolic");
  gtk_widget_set_tooltip_text (button, _("Export the drive’s runs as a spreadsheet"));
  /* Named once, on the button a screen reader lands on (not again on the menu button around
   * it). TRANSLATORS: a screen reader's name for the history's export menu button */
  dmk_menu_button_name (GTK_MENU_BUTTON (button), _("Export"));
  adw_header_bar_pack_end (header, button);
}
