/* test-window-sheets.c: the main window's Save as Spreadsheet (.ods) and as Excel Workbook
 * (.xlsx), and the comparison window's and the history dialog's Export as the same: each file
 * holds every number of what is shown as a numeric cell with all its digits, read by Python's
 * own ZIP and XML readers (LibreOffice's reading is tests/test-sheets.c's). */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmk-history-dialog.h"
#include "dmk-history-export-menu.h"
#include "dmk-test-gui.h"

/* Every numeric cell of the first sheet, as Python reads the exact double, must hold each value
 * given after the path (C-locale, every digit). */
static const char sheet_check[] =
  "import sys, zipfile, xml.etree.ElementTree as ET\n"
  "z = zipfile.ZipFile(sys.argv[1])\n"
  "if sys.argv[1].endswith('.ods'):\n"
  "    assert z.infolist()[0].filename == 'mimetype'\n"
  "    ns = '{urn:oasis:names:tc:opendocument:xmlns:office:1.0}'\n"
  "    root = ET.fromstring(z.read('content.xml'))\n"
  "    got = [float(e.get(ns + 'value')) for e in root.iter()\n"
  "           if e.get(ns + 'value-type') == 'float']\n"
  "else:\n"
  "    ns = '{http://schemas.openxmlformats.org/spreadsheetml/2006/main}'\n"
  "    root = ET.fromstring(z.read('xl/worksheets/sheet1.xml'))\n"
  "    got = [float(c.find(ns + 'v').text) for c in root.iter(ns + 'c')\n"
  "           if c.get('t') is None]\n"
  "for want in sys.argv[2:]:\n"
  "    assert float(want) in got, (want, got)\n"
  "print(len(got))\n";

static DmkResult *
load_import (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "imports", name, NULL);
  g_autoptr (GError) error = NULL;
  DmkResult *r = dmk_result_load (path, &error);

  g_assert_no_error (error);
  return r;
}

/* Runs sheet_check on path with the values want (C-locale strings). */
static void
check_sheet (const char *path, GPtrArray *want)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL, *err = NULL;
  int status = -1;

  g_ptr_array_add (argv, (gpointer) "/usr/bin/python3");
  g_ptr_array_add (argv, (gpointer) "-c");
  g_ptr_array_add (argv, (gpointer) sheet_check);
  g_ptr_array_add (argv, (gpointer) path);
  for (guint k = 0; k < want->len; k++)
    g_ptr_array_add (argv, g_ptr_array_index (want, k));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, 0, NULL, NULL, &out, &err,
                               &status, NULL));
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s: %s", path, err);
}

static void
want_number (GPtrArray *want, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ptr_array_add (want, g_strdup (g_ascii_dtostr (buf, sizeof buf, v)));
}

/* The shown result's every score, IOPS and mean latency, in both files. */
static void
test_window_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-window-sheets-XXXXXX", NULL);
  g_autofree char *src = g_test_build_filename (G_TEST_DIST, "imports", "cdm8-default-mix.txt",
                                                NULL);
  g_autoptr (GFile) file = g_file_new_for_path (src);
  g_autoptr (DmkResult) r = load_import ("cdm8-default-mix.txt");
  g_autoptr (GPtrArray) want = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  DmkWindow *win = new_window (dir);

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (win), "save-ods"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (win), "save-xlsx"));
  g_assert_true (dmk_window_open_file (win, file, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (r->tests, i);
      want_number (want, t->mb_per_s);
      want_number (want, t->iops);
    }
  g_assert_cmpuint (want->len, >=, 16);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = g_build_filename (dir, i == 0 ? "r.ods" : "r.xlsx", NULL);

      g_assert_true (dmk_window_save_sheet (win, i == 0 ? DMK_SHEET_ODS : DMK_SHEET_XLSX, path,
                                            &error));
      g_assert_no_error (error);
      check_sheet (path, want);
      g_unlink (path);
    }
  destroy_window (win);
  g_rmdir (dir);
}

static void
test_compare_export (void)
{
  DmkCompareWindow *cmp = dmk_compare_window_new (NULL);
  g_autoptr (DmkResult) a = load_import ("cdm8-default-mix.txt");
  g_autoptr (DmkResult) b = load_import ("cdm7-default.txt");
  g_autoptr (DmkComparison) shown = NULL;
  g_autoptr (GPtrArray) want = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-window-sheets-XXXXXX", NULL);
  const char *ext[] = { "ods", "xlsx" };
  GActionGroup *ag = G_ACTION_GROUP (cmp);
  g_autoptr (GError) error = NULL;

  g_assert_false (g_action_group_get_action_enabled (ag, "export-ods"));
  g_assert_false (g_action_group_get_action_enabled (ag, "export-xlsx"));
  g_assert_true (dmk_compare_window_add_result (cmp, a, NULL));
  g_assert_true (dmk_compare_window_add_result (cmp, b, NULL));
  g_assert_true (g_action_group_get_action_enabled (ag, "export-ods"));
  g_assert_true (g_action_group_get_action_enabled (ag, "export-xlsx"));
  shown = dmk_compare_window_get_comparison (cmp);
  for (guint r = 0; r < shown->rows->len; r++)
    for (guint c = 0; c < shown->results->len; c++)
      {
        double v;
        if (dmk_comparison_value (shown, r, c, &v))
          want_number (want, v);
        if (c != shown->baseline && dmk_comparison_delta (shown, r, c, &v))
          want_number (want, v);
      }
  g_assert_cmpuint (want->len, >, 10);
  for (guint i = 0; i < G_N_ELEMENTS (ext); i++)
    {
      g_autofree char *name = g_strconcat ("cmp.", ext[i], NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_true (dmk_compare_window_export_sheet (
        cmp, i == 0 ? DMK_SHEET_ODS : DMK_SHEET_XLSX, path, &error));
      g_assert_no_error (error);
      check_sheet (path, want);
      g_unlink (path);
    }
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (cmp));
}

static gboolean
history_read (gpointer dialog)
{
  return !dmk_history_dialog_get_loading (dialog) &&
         dmk_history_dialog_get_n_rows (dialog) > 0;
}

/* The history dialog's Export: the chosen drive's runs, every score and IOPS, in both files. */
static void
test_history_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-history-sheets-XXXXXX", NULL);
  g_autofree char *store = g_build_filename (dir, "history.sqlite", NULL);
  g_autoptr (DmkResult) r = load_import ("cdm8-default-mix.txt");
  g_autoptr (GPtrArray) want = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  DmkHistoryDialog *dialog;

  g_assert_true (dmk_history_save_run (store, r, FALSE, 1000, NULL, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (r->tests, i);
      want_number (want, t->mb_per_s);
      want_number (want, t->iops);
    }
  dialog = dmk_history_dialog_new (NULL, store, NULL, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (history_read, dialog));
  /* A mix is named with its read share (dmk_direction_share_ui_label ()), never "Mix:" alone. */
  g_assert_nonnull (strstr (dmk_history_dialog_get_stats_text (dialog), " Mix R70%: "));
  g_assert_null (strstr (dmk_history_dialog_get_stats_text (dialog), " Mix: "));
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = g_build_filename (dir, i == 0 ? "h.ods" : "h.xlsx", NULL);

      g_assert_true (dmk_history_export_menu_save (
        GTK_WINDOW (dialog), i == 0 ? DMK_SHEET_ODS : DMK_SHEET_XLSX, path, &error));
      g_assert_no_error (error);
      check_sheet (path, want);
      g_unlink (path);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  settle ();
  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
    g_assert_cmpint (system (cmd), ==, 0);
  }
}

int
main (int argc, char **argv)
{
  if (!dmk_test_gui_init (&argc, &argv, "window-sheets"))
    return g_test_run ();
  g_test_add_func ("/window-sheets/window-save", test_window_save);
  g_test_add_func ("/window-sheets/compare-export", test_compare_export);
  g_test_add_func ("/window-sheets/history-export", test_history_export);
  return g_test_run ();
}
