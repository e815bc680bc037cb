/* dmk-scan-compare.c: several scans of one kind in one chart, with a legend naming each drive,
 * saved as PNG or SVG. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-a11y.h"
#include "dmk-gui-utils.h"
#include "dmk-scan-compare.h"

struct _DmkScanCompare
{
  AdwWindow parent_instance;

  DmkResultKind kind;
  GPtrArray *sources; /* char*, "" for a result without a file */
  guint n;
  DmkScanChart *chart;
  DmkScanChart *access_chart;
  AdwToastOverlay *toasts;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (DmkScanCompare, dmk_scan_compare, ADW_TYPE_WINDOW)

static char *
name_for (DmkResult *r)
{
  g_autofree char *date = dmk_format_date_human (r->date);

  if (r->comment != NULL && r->comment[0] != '\0')
    return g_strdup (r->comment);
  /* TRANSLATORS: a drive in a chart's legend: its path and the date of the result */
  return g_strdup_printf (_("%s, %s"), r->target.path ? r->target.path : "?", date);
}

gboolean
dmk_scan_compare_add (DmkScanCompare *self, DmkResult *result, const char *source)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (DMK_IS_SCAN_COMPARE (self), FALSE);
  if (result->kind != self->kind)
    return FALSE;
  for (guint i = 0; source != NULL && i < self->sources->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->sources, i), source) == 0)
      {
        g_autofree char *base = g_filename_display_basename (source);
        g_autofree char *msg = g_strdup_printf (_("“%s” is already in the comparison"), base);
        dmk_toast (self->toasts, msg);
        return FALSE;
      }
  g_ptr_array_add (self->sources, g_strdup (source != NULL ? source : ""));
  name = name_for (result);
  dmk_scan_chart_add_result (self->chart, result, name);
  if (self->access_chart != NULL)
    dmk_scan_chart_add_result (self->access_chart, result, name);
  self->n++;
  return TRUE;
}

static gboolean
save_chart (GtkWindow *window, const char *path, GError **error)
{
  return dmk_scan_chart_save (DMK_SCAN_COMPARE (window)->chart, path, error);
}

static const DmkFileJob png_job = { N_("Save Chart as Image"), N_("PNG images"), "image/png",
                                    "png", NULL, save_chart };
static const DmkFileJob svg_job = { N_("Save Chart for Print"), N_("SVG images"),
                                    "image/svg+xml", "svg", NULL, save_chart };

static void
report (GtkWindow *window, gboolean ok, const char *text)
{
  dmk_toast (DMK_SCAN_COMPARE (window)->toasts, text);
}

static void
save_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  DmkScanCompare *self = DMK_SCAN_COMPARE (widget);

  dmk_file_job_start (GTK_WINDOW (self), g_str_equal (action, "compare.save-svg") ? &svg_job
                                                                                  : &png_job,
                      "GDiskMark_Compare_", report, &self->chooser);
}

static void
dmk_scan_compare_dispose (GObject *object)
{
  DmkScanCompare *self = DMK_SCAN_COMPARE (object);

  g_clear_object (&self->chooser);
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  G_OBJECT_CLASS (dmk_scan_compare_parent_class)->dispose (object);
}

static void
dmk_scan_compare_class_init (DmkScanCompareClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = dmk_scan_compare_dispose;
  gtk_widget_class_install_action (widget_class, "compare.save-png", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "compare.save-svg", NULL, save_activated);
}

static void
dmk_scan_compare_init (DmkScanCompare *self)
{
  self->sources = g_ptr_array_new_with_free_func (g_free);
}

static void
build (DmkScanCompare *self)
{
  GtkBox *box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *save = gtk_menu_button_new ();
  GtkBox *charts = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12));
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autofree char *title = g_strdup_printf (_("Compare: %s"),
                                            dmk_result_kind_label (self->kind));

  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_window_set_default_size (GTK_WINDOW (self), 760, 480);
  g_menu_append (menu, _("Save Chart as _Image…"), "compare.save-png");
  g_menu_append (menu, _("Save Chart for _Print (SVG)…"), "compare.save-svg");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (save), G_MENU_MODEL (menu));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (save), "document-save-symbolic");
  gtk_widget_set_tooltip_text (save, _("Save"));
  dmk_menu_button_name (GTK_MENU_BUTTON (save), _("Save"));
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), save);
  gtk_box_append (box, header);

  self->chart = DMK_SCAN_CHART (dmk_scan_chart_new (
    self->kind == DMK_KIND_SUSTAINED ? DMK_CHART_SUSTAINED
    : self->kind == DMK_KIND_SWEEP   ? DMK_CHART_SWEEP
                                     : DMK_CHART_SURFACE));
  gtk_widget_set_hexpand (GTK_WIDGET (self->chart), TRUE);
  gtk_box_append (charts, GTK_WIDGET (self->chart));
  if (self->kind == DMK_KIND_SURFACE)
    {
      self->access_chart = DMK_SCAN_CHART (dmk_scan_chart_new (DMK_CHART_ACCESS));
      gtk_widget_set_hexpand (GTK_WIDGET (self->access_chart), TRUE);
      gtk_box_append (charts, GTK_WIDGET (self->access_chart));
    }
  gtk_widget_set_vexpand (GTK_WIDGET (charts), TRUE);
  g_object_set (charts, "margin-start", 12, "margin-end", 12, "margin-top", 12, "margin-bottom",
                12, NULL);
  gtk_box_append (box, GTK_WIDGET (charts));
  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  adw_toast_overlay_set_child (self->toasts, GTK_WIDGET (box));
  adw_window_set_content (ADW_WINDOW (self), GTK_WIDGET (self->toasts));
}

DmkScanCompare *
dmk_scan_compare_new (GtkApplication *app, DmkResultKind kind)
{
  DmkScanCompare *self = g_object_new (DMK_TYPE_SCAN_COMPARE, "application", app, NULL);

  self->kind = kind;
  build (self);
  return self;
}

DmkResultKind
dmk_scan_compare_get_kind (DmkScanCompare *self)
{
  return self->kind;
}

#ifdef DMK_TESTING

guint
dmk_scan_compare_get_n_results (DmkScanCompare *self)
{
  return self->n;
}

DmkScanChart *
dmk_scan_compare_get_chart (DmkScanCompare *self)
{
  return self->chart;
}

#endif
