/* dmk-compare-window.c: results side by side. The core's DmkComparison decides the rows, the best
 * value of each row and the deltas; this file only lays them out, one column per result. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-a11y.h"
#include "dmk-compare-cell.h"
#include "dmk-compare-header.h"
#include "dmk-compare-window-private.h"
#include "dmk-gui-utils.h"
#include "dmk-result-cell.h"

G_DEFINE_FINAL_TYPE (DmkCompareWindow, dmk_compare_window, ADW_TYPE_APPLICATION_WINDOW)

static void
column_free (DmkCompareColumn *c)
{
  dmk_result_unref (c->result);
  g_free (c->source);
  g_free (c);
}

static void
toast (DmkCompareWindow *self, const char *text)
{
  dmk_toast (self->toast_overlay, text);
}

static void
show_error (DmkCompareWindow *self, const char *heading, const char *message)
{
  dmk_show_error (GTK_WINDOW (self), &self->error_dialog, heading, message);
}

/* ---- the table ---- */

static GMenuModel *
column_menu (DmkCompareWindow *self, guint column)
{
  GMenu *menu = g_menu_new ();
  GMenu *order = g_menu_new ();
  guint n = self->columns->len;

  if (column != self->baseline)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_("Use as _Baseline"), NULL);
      g_menu_item_set_action_and_target (item, "win.baseline", "u", column);
      g_menu_append_item (menu, item);
    }
  if (column > 0)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_("Move _Left"), NULL);
      g_menu_item_set_action_and_target (item, "win.move", "(uu)", column, column - 1);
      g_menu_append_item (order, item);
    }
  if (column + 1 < n)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_("Move _Right"), NULL);
      g_menu_item_set_action_and_target (item, "win.move", "(uu)", column, column + 1);
      g_menu_append_item (order, item);
    }
  if (g_menu_model_get_n_items (G_MENU_MODEL (order)) > 0)
    g_menu_append_section (menu, NULL, G_MENU_MODEL (order));
  g_object_unref (order);
  {
    g_autoptr (GMenu) last = g_menu_new ();
    g_autoptr (GMenuItem) item = g_menu_item_new (_("_Remove"), NULL);
    g_menu_item_set_action_and_target (item, "win.remove", "u", column);
    g_menu_append_item (last, item);
    g_menu_append_section (menu, NULL, G_MENU_MODEL (last));
  }
  return G_MENU_MODEL (menu);
}

static char *
row_markup (const DmkCompareRow *row)
{
  g_autofree char *name = dmk_test_spec_to_name (&row->spec);
  g_auto (GStrv) parts = g_strsplit (name, " ", 2);
  g_autofree char *job = row->name != NULL ? g_strconcat (" · ", row->name, NULL) : NULL;

  return g_markup_printf_escaped ("<span size=\"large\" weight=\"bold\">%s</span>\n%s%s",
                                  parts[0], parts[1] ? parts[1] : "", job ? job : "");
}

static void
update_legend (DmkCompareWindow *self)
{
  g_autofree char *text = dmk_compare_legend_text (self->cmp, self->unit, FALSE);

  gtk_label_set_text (self->legend_label, text);
}

static void
update_actions (DmkCompareWindow *self)
{
  static const char *const need_columns[] = { "copy", "export-text", "export-csv", "export-ods",
                                              "export-xlsx", "save-image", "copy-image",
                                              "clear" };
  gboolean any = self->columns->len > 0;

  for (guint i = 0; i < G_N_ELEMENTS (need_columns); i++)
    g_simple_action_set_enabled (
      G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), need_columns[i])), any);
}

/* A row's name or a direction's heading, at the start of the table's line. */
static GtkWidget *
make_row_label (const char *markup, const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, css_class);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  return label;
}

static void
attach_headers (DmkCompareWindow *self)
{
  guint n = self->columns->len;

  for (guint c = 0; c < n; c++)
    {
      DmkCompareColumn *col = g_ptr_array_index (self->columns, c);
      g_autoptr (GMenuModel) menu = column_menu (self, c);
      GtkWidget *header = g_object_new (DMK_TYPE_COMPARE_HEADER, "result", col->result, "source",
                                        col->source, "baseline", c == self->baseline && n > 1,
                                        "menu-model", menu, NULL);

      g_ptr_array_add (self->headers, g_object_ref (header));
      gtk_grid_attach (self->grid, header, (int) c + 1, 0, 1, 1);
    }
}

/* Attaches the row's name and its cells at grid_row, with the direction's heading above when the
 * direction changes; returns the next free grid row. */
static int
attach_row (DmkCompareWindow *self, guint r, int grid_row, int *last_dir)
{
  DmkCompareRow *row = &g_array_index (self->cmp->rows, DmkCompareRow, r);
  g_autofree char *markup = row_markup (row);
  guint n = self->columns->len;
  int best = dmk_comparison_best_column (self->cmp, r);
  GtkWidget *label;

  if ((int) row->direction != *last_dir)
    {
      g_autofree char *heading =
        g_markup_printf_escaped ("%s <small>(%s)</small>", dmk_direction_label (row->direction),
                                 dmk_unit_label (self->unit));
      GtkWidget *h = make_row_label (heading, "column-heading");

      gtk_widget_set_margin_top (h, grid_row > 1 ? 10 : 4);
      gtk_grid_attach (self->grid, h, 0, grid_row++, (int) n + 1, 1);
      *last_dir = (int) row->direction;
    }
  label = make_row_label (markup, "compare-row-name");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_grid_attach (self->grid, label, 0, grid_row, 1, 1);
  for (guint c = 0; c < n; c++)
    {
      const char *title = dmk_compare_header_get_title (g_ptr_array_index (self->headers, c));
      GtkWidget *cell = dmk_compare_cell_new_for_comparison (self->cmp, r, c, best, title);

      g_ptr_array_add (self->cells, g_object_ref (cell));
      gtk_grid_attach (self->grid, cell, (int) c + 1, grid_row, 1, 1);
    }
  return grid_row + 1;
}

static void
clear_table (DmkCompareWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_ptr_array_set_size (self->cells, 0);
  g_ptr_array_set_size (self->headers, 0);
  g_clear_pointer (&self->cmp, dmk_comparison_free);
}

static void
rebuild (DmkCompareWindow *self)
{
  g_autoptr (GPtrArray) results = g_ptr_array_new ();
  guint n = self->columns->len;
  int grid_row = 1;
  int last_dir = -1;

  clear_table (self);
  for (guint c = 0; c < n; c++)
    g_ptr_array_add (results, ((DmkCompareColumn *) g_ptr_array_index (self->columns, c))->result);
  if (self->baseline >= n)
    self->baseline = 0;
  self->cmp = dmk_comparison_new (results, self->unit, self->baseline);

  {
    g_autofree char *subtitle =
      n == 0 ? g_strdup ("")
             : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u result", "%u results", n), n);
    adw_window_title_set_subtitle (self->window_title, subtitle);
  }
  gtk_stack_set_visible_child_name (self->stack, n == 0 ? "empty" : "table");
  update_actions (self);
  update_legend (self);
  if (n == 0)
    return;

  attach_headers (self);
  for (guint r = 0; r < self->cmp->rows->len; r++)
    grid_row = attach_row (self, r, grid_row, &last_dir);
}

/* Grows the window to show the whole table when the screen has room: eight columns should read
 * at a glance, not through a scrollbar. Never shrinks it, never touches a maximized window. */
static void
fit_to_table (DmkCompareWindow *self)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
  GListModel *monitors = gdk_display_get_monitors (display);
  g_autoptr (GdkMonitor) monitor = NULL;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  GdkRectangle area = { 0, 0, 1280, 800 };
  int nat_w = 0, nat_h = 0, w = 0, h = 0;

  if (self->columns->len == 0 || gtk_window_is_maximized (GTK_WINDOW (self)) ||
      gtk_window_is_fullscreen (GTK_WINDOW (self)))
    return;
  if (surface != NULL && gdk_display_get_monitor_at_surface (display, surface) != NULL)
    monitor = g_object_ref (gdk_display_get_monitor_at_surface (display, surface));
  else if (g_list_model_get_n_items (monitors) > 0)
    monitor = g_list_model_get_item (monitors, 0);
  if (monitor != NULL)
    gdk_monitor_get_geometry (monitor, &area);
  gtk_widget_measure (self->table_box, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat_w, NULL, NULL);
  gtk_widget_measure (self->table_box, GTK_ORIENTATION_VERTICAL, nat_w, NULL, &nat_h, NULL, NULL);
  gtk_window_get_default_size (GTK_WINDOW (self), &w, &h);
  /* Plus the header bar and the window's own margins: about 60 px in Adwaita. */
  w = MAX (w, MIN (nat_w + 24, area.width * 9 / 10));
  h = MAX (h, MIN (nat_h + 64, area.height * 9 / 10));
  gtk_window_set_default_size (GTK_WINDOW (self), w, h);
}

/* ---- adding and arranging columns ---- */

gboolean
dmk_compare_window_add_result (DmkCompareWindow *self, DmkResult *result, const char *source)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  for (guint c = 0; c < self->columns->len; c++)
    {
      DmkCompareColumn *col = g_ptr_array_index (self->columns, c);
      if (col->result == result || (source != NULL && g_strcmp0 (col->source, source) == 0))
        {
          g_autofree char *name = source ? g_path_get_basename (source) : NULL;
          g_autofree char *msg =
            name ? g_strdup_printf (_("“%s” is already in the comparison"), name)
                 : g_strdup (_("This run is already in the comparison"));
          toast (self, msg);
          return FALSE;
        }
    }
  {
    DmkCompareColumn *col = g_new0 (DmkCompareColumn, 1);
    col->result = dmk_result_ref (result);
    col->source = g_strdup (source);
    g_ptr_array_add (self->columns, col);
  }
  rebuild (self);
  fit_to_table (self);
  return TRUE;
}

guint
dmk_compare_window_add_files (DmkCompareWindow *self, GFile **files, guint n_files)
{
  g_autoptr (GString) errors = g_string_new (NULL);
  guint added = 0;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), 0);
  for (guint i = 0; i < n_files; i++)
    {
      g_autoptr (GError) error = NULL;
      guint before = self->columns->len;

      if (!dmk_compare_window_add_file (self, files[i], &error))
        g_string_append_printf (errors, "%s%s", errors->len ? "\n" : "", error->message);
      else if (self->columns->len > before)
        added++;
    }
  if (errors->len > 0)
    show_error (self, g_dngettext (GETTEXT_PACKAGE, "Could Not Add the Results",
                                   "Could Not Add All Results", n_files),
                errors->str);
  return added;
}

void
dmk_compare_window_set_current_func (DmkCompareWindow *self, DmkCurrentResultFunc func,
                                     gpointer user_data, GDestroyNotify destroy)
{
  GDestroyNotify old_destroy;
  gpointer old_data;

  g_return_if_fail (DMK_IS_COMPARE_WINDOW (self));
  old_destroy = self->current_destroy;
  old_data = self->current_data;
  self->current_func = func;
  self->current_data = user_data;
  self->current_destroy = destroy;
  if (old_destroy != NULL)
    old_destroy (old_data);
}

gboolean
dmk_compare_window_add_current (DmkCompareWindow *self)
{
  g_autoptr (DmkResult) result = NULL;
  g_autofree char *source = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (self->current_func != NULL)
    result = self->current_func (self->current_data, &source);
  if (result == NULL)
    {
      toast (self, _("There is no run to add: run a benchmark in the main window first"));
      return FALSE;
    }
  return dmk_compare_window_add_result (self, result, source);
}

void
dmk_compare_window_move_column (DmkCompareWindow *self, guint column, guint to)
{
  DmkCompareColumn *col;

  g_return_if_fail (DMK_IS_COMPARE_WINDOW (self));
  g_return_if_fail (column < self->columns->len && to < self->columns->len);
  if (column == to)
    return;
  col = g_ptr_array_steal_index (self->columns, column);
  g_ptr_array_insert (self->columns, (int) to, col);
  /* The baseline is a result, not a position: it follows its column. */
  if (self->baseline == column)
    self->baseline = to;
  else if (column < self->baseline && to >= self->baseline)
    self->baseline--;
  else if (column > self->baseline && to <= self->baseline)
    self->baseline++;
  rebuild (self);
}

void
dmk_compare_window_set_baseline (DmkCompareWindow *self, guint column)
{
  g_return_if_fail (DMK_IS_COMPARE_WINDOW (self));
  g_return_if_fail (column < self->columns->len);
  self->baseline = column;
  rebuild (self);
}

/* ---- actions ---- */

static void
add_current_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  dmk_compare_window_add_current (self);
}

static void
clear_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  DmkCompareWindow *self = user_data;

  g_ptr_array_set_size (self->columns, 0);
  self->baseline = 0;
  rebuild (self);
}

/* The table is rebuilt after a column's menu acted; keyboard focus goes to the menu button of the
 * column that was acted on (or its neighbour), not back to the window. */
static void
focus_column (DmkCompareWindow *self, guint column)
{
  DmkCompareHeader *header;

  if (self->headers->len == 0)
    {
      gtk_widget_grab_focus (GTK_WIDGET (self->add_button));
      return;
    }
  header = g_ptr_array_index (self->headers, MIN (column, self->headers->len - 1));
  gtk_widget_grab_focus (dmk_compare_header_get_menu_button (header));
}

static void
baseline_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  guint column = g_variant_get_uint32 (p);

  if (column < DMK_COMPARE_WINDOW (self)->columns->len)
    {
      dmk_compare_window_set_baseline (self, column);
      focus_column (self, column);
    }
}

static void
move_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  guint from, to, n = DMK_COMPARE_WINDOW (self)->columns->len;

  g_variant_get (p, "(uu)", &from, &to);
  if (from < n && to < n)
    {
      dmk_compare_window_move_column (self, from, to);
      focus_column (self, to);
    }
}

/* Remove from a column's menu keeps the column for an Undo in the toast: a click too many must
 * not cost a result that may have come from a file that is gone. */
static void
remove_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  DmkCompareWindow *self = DMK_COMPARE_WINDOW (user_data);
  guint column = g_variant_get_uint32 (p);
  g_autofree char *title = NULL;
  g_autofree char *text = NULL;
  AdwToast *toast;

  if (column >= self->columns->len)
    return;
  title = dmk_comparison_column_title (self->cmp, column);
  g_clear_pointer (&self->undo_column, column_free);
  self->undo_column = g_ptr_array_steal_index (self->columns, column);
  self->undo_position = column;
  self->undo_baseline = self->baseline == column;
  if (self->baseline > column)
    self->baseline--;
  else if (self->baseline == column)
    self->baseline = 0;
  rebuild (self);
  /* TRANSLATORS: a toast after a column was removed from the comparison */
  text = g_markup_printf_escaped (_("Removed “%s”"), title);
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo-remove");
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  focus_column (self, column);
}

static void
undo_remove_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  DmkCompareWindow *self = DMK_COMPARE_WINDOW (user_data);
  guint at;

  if (self->undo_column == NULL)
    return;
  at = MIN (self->undo_position, self->columns->len);
  g_ptr_array_insert (self->columns, (int) at, g_steal_pointer (&self->undo_column));
  if (self->undo_baseline)
    self->baseline = at;
  else if (self->baseline >= at && self->columns->len > 1)
    self->baseline++;
  rebuild (self);
  focus_column (self, at);
}

static const GActionEntry actions[] = {
  { "add-current", add_current_activated, NULL, NULL, NULL },
  { "clear", clear_activated, NULL, NULL, NULL },
  { "baseline", baseline_activated, "u", NULL, NULL },
  { "move", move_activated, "(uu)", NULL, NULL },
  { "remove", remove_activated, "u", NULL, NULL },
  { "undo-remove", undo_remove_activated, NULL, NULL, NULL },
};

static void
on_unit_changed (GSettings *settings, const char *key, DmkCompareWindow *self)
{
  g_autofree char *nick = g_settings_get_string (settings, "unit");
  DmkUnit unit = dmk_unit_from_nick (nick);

  if (unit != self->unit)
    {
      self->unit = unit;
      rebuild (self);
    }
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, DmkCompareWindow *self)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = g_value_get_boxed (value); l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  if (files->len == 0)
    return FALSE;
  _dmk_compare_window_read_files (self, (GFile **) files->pdata, files->len);
  return TRUE;
}

static gboolean
focus_unit (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  return gtk_widget_grab_focus (GTK_WIDGET (DMK_COMPARE_WINDOW (widget)->unit_dropdown));
}

static void
dmk_compare_window_dispose (GObject *object)
{
  DmkCompareWindow *self = DMK_COMPARE_WINDOW (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  dmk_compare_window_set_current_func (self, NULL, NULL, NULL);
  /* The table's widgets go with the template; these are only handles on them. */
  if (self->cells != NULL)
    g_ptr_array_set_size (self->cells, 0);
  if (self->headers != NULL)
    g_ptr_array_set_size (self->headers, 0);
  _dmk_compare_window_files_dispose (self);
  G_OBJECT_CLASS (dmk_compare_window_parent_class)->dispose (object);
}

static void
dmk_compare_window_finalize (GObject *object)
{
  DmkCompareWindow *self = DMK_COMPARE_WINDOW (object);

  g_clear_pointer (&self->cmp, dmk_comparison_free);
  g_clear_pointer (&self->undo_column, column_free);
  g_ptr_array_unref (self->columns);
  g_ptr_array_unref (self->cells);
  g_ptr_array_unref (self->headers);
  G_OBJECT_CLASS (dmk_compare_window_parent_class)->finalize (object);
}

static void
dmk_compare_window_class_init (DmkCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const struct
  {
    guint key;
    GdkModifierType mods;
    const char *action;
  } keys[] = {
    { GDK_KEY_o, GDK_CONTROL_MASK, "win.add-files" },
    { GDK_KEY_r, GDK_CONTROL_MASK, "win.add-current" },
    { GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.copy" },
    { GDK_KEY_t, GDK_CONTROL_MASK, "win.export-text" },
    { GDK_KEY_e, GDK_CONTROL_MASK, "win.export-csv" },
    { GDK_KEY_s, GDK_CONTROL_MASK, "win.save-image" },
    { GDK_KEY_i, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.copy-image" },
  };

  object_class->dispose = dmk_compare_window_dispose;
  object_class->finalize = dmk_compare_window_finalize;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/gdiskmark/GDiskMark/dmk-compare-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, add_button);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, unit_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, table_box);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, grid);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, legend_label);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, keys[i].mods, keys[i].action,
                                         NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_u, GDK_ALT_MASK, focus_unit, NULL);
}

/* AdwStatusPage scrolls its content in a focusable pane of its own that has no name: a screen
 * reader would say "scroll pane" and nothing else. It is named after the page's title. */
static void
name_status_scroller (AdwStatusPage *page)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (page)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_SCROLLED_WINDOW (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      adw_status_page_get_title (page), -1);
}

static void
dmk_compare_window_init (DmkCompareWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  dmk_a11y_tidy_on_map ();
  dmk_menu_button_name (self->add_button, _("Add Results"));
  dmk_menu_button_name (self->menu_button, _("Main Menu"));
  name_status_scroller (self->empty_page);

  self->columns = g_ptr_array_new_with_free_func ((GDestroyNotify) column_free);
  self->cells = g_ptr_array_new_with_free_func (g_object_unref);
  self->headers = g_ptr_array_new_with_free_func (g_object_unref);
  self->settings = g_settings_new (APP_ID);
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
  _dmk_compare_window_files_init (self);
  dmk_unit_dropdown_setup (self->unit_dropdown, self->settings);
  {
    g_autofree char *nick = g_settings_get_string (self->settings, "unit");
    self->unit = dmk_unit_from_nick (nick);
  }
  g_signal_connect (self->settings, "changed::unit", G_CALLBACK (on_unit_changed), self);
  {
    GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
    g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  }
  rebuild (self);
}

DmkCompareWindow *
dmk_compare_window_get_for_application (GtkApplication *application, gboolean create)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    if (DMK_IS_COMPARE_WINDOW (l->data))
      return l->data;
  return create ? dmk_compare_window_new (application) : NULL;
}

DmkCompareWindow *
dmk_compare_window_new (GtkApplication *application)
{
  return g_object_new (DMK_TYPE_COMPARE_WINDOW,
                       "application", application,
                       NULL);
}

guint
dmk_compare_window_get_n_rows (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), 0);
  return self->columns->len > 0 ? self->cmp->rows->len : 0;
}

#ifdef DMK_TESTING

static DmkCompareCell *
get_cell (DmkCompareWindow *self, guint row, guint column)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (row < dmk_compare_window_get_n_rows (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return g_ptr_array_index (self->cells, row * self->columns->len + column);
}

void
dmk_compare_window_remove_column (DmkCompareWindow *self, guint column)
{
  g_return_if_fail (DMK_IS_COMPARE_WINDOW (self));
  g_return_if_fail (column < self->columns->len);
  g_ptr_array_remove_index (self->columns, column);
  if (self->baseline > column)
    self->baseline--;
  else if (self->baseline == column)
    self->baseline = 0;
  rebuild (self);
}

/* ---- hooks ---- */

guint
dmk_compare_window_get_baseline (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), 0);
  return self->baseline;
}

guint
dmk_compare_window_get_n_columns (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), 0);
  return self->columns->len;
}

DmkResult *
dmk_compare_window_get_result (DmkCompareWindow *self, guint column)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return ((DmkCompareColumn *) g_ptr_array_index (self->columns, column))->result;
}

DmkUnit
dmk_compare_window_get_unit (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), DMK_UNIT_MB_S);
  return self->unit;
}

char *
dmk_compare_window_get_row_name (DmkCompareWindow *self, guint row)
{
  g_return_val_if_fail (row < dmk_compare_window_get_n_rows (self), NULL);
  return dmk_comparison_row_name (self->cmp, row);
}

const char *
dmk_compare_window_get_cell_text (DmkCompareWindow *self, guint row, guint column)
{
  DmkCompareCell *cell = get_cell (self, row, column);
  return cell ? dmk_compare_cell_get_value (cell) : NULL;
}

const char *
dmk_compare_window_get_delta_text (DmkCompareWindow *self, guint row, guint column)
{
  DmkCompareCell *cell = get_cell (self, row, column);
  return cell ? dmk_compare_cell_get_delta (cell) : NULL;
}

gboolean
dmk_compare_window_cell_is_best (DmkCompareWindow *self, guint row, guint column)
{
  DmkCompareCell *cell = get_cell (self, row, column);
  return cell != NULL && dmk_compare_cell_get_best (cell);
}

GtkWidget *
dmk_compare_window_get_cell (DmkCompareWindow *self, guint row, guint column)
{
  return GTK_WIDGET (get_cell (self, row, column));
}

char *
dmk_compare_window_get_header_text (DmkCompareWindow *self, guint column)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (column < self->headers->len, NULL);
  return dmk_compare_header_get_text (g_ptr_array_index (self->headers, column));
}

GtkWidget *
dmk_compare_window_get_header_menu (DmkCompareWindow *self, guint column)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (column < self->headers->len, NULL);
  return dmk_compare_header_get_menu_button (g_ptr_array_index (self->headers, column));
}

GtkWindow *
dmk_compare_window_get_error_dialog (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  return self->error_dialog;
}

GtkWidget *
dmk_compare_window_get_table (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  return self->table_box;
}

const char *
dmk_compare_window_get_page (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

#endif
