/* dmk-gui-utils.c: what every window shares: toast, error dialog, file chooser job, widget → PNG. */
#include "config.h"

#include <string.h>

#ifdef DMK_HAVE_X11
#include <gdk/x11/gdkx.h>
#endif

#include <glib/gi18n.h>

#include "dmk-gui-utils.h"
#include "dmk-output.h"

gboolean
dmk_save_widget_png (GtkWidget *widget, const char *filename, GError **error)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autoptr (GBytes) png = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);

  if (renderer == NULL || w <= 0 || h <= 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The window is not shown"));
      return FALSE;
    }
  /* Drawing at the scale factor keeps text and bars as sharp as on screen. */
  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Nothing was drawn"));
      return FALSE;
    }
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, w * scale, h * scale));
  png = gdk_texture_save_to_png_bytes (texture);
  return dmk_output_save (filename, g_bytes_get_data (png, NULL), g_bytes_get_size (png), error);
}

void
dmk_numbers_label (GtkLabel *label)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_language_new (pango_language_from_string ("en")));
  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
}

GtkWidget *
dmk_find_toast_overlay (GtkWidget *root)
{
  if (ADW_IS_TOAST_OVERLAY (root))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = dmk_find_toast_overlay (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
dmk_toast (AdwToastOverlay *overlay, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  adw_toast_overlay_add_toast (overlay, adw_toast_new (escaped));
}

char *
dmk_markup_unbroken_paths (const char *text)
{
  GString *out = g_string_sized_new (strlen (text) + 64);
  const char *p = text;

  /* Pango may break a line after a slash: "/dev/" at a line's end and "loop1" on the next read
   * as two things. Each path (from a slash after a space or a bracket to the next space) is kept
   * on one line by an attribute, so that its text stays as it is for copying and for a screen
   * reader. */
  while (*p != '\0')
    {
      const char *start = p;
      gboolean path = *p == '/' && (p == text || g_ascii_isspace (p[-1]) || p[-1] == '(');
      g_autofree char *piece = NULL;

      if (path)
        while (*p != '\0' && !g_ascii_isspace (*p))
          p++;
      else
        while (*p != '\0' && !(*p == '/' && (g_ascii_isspace (p[-1]) || p[-1] == '(')))
          p++;
      piece = g_markup_escape_text (start, p - start);
      if (path)
        g_string_append_printf (out, "<span allow_breaks=\"false\">%s</span>", piece);
      else
        g_string_append (out, piece);
    }
  return g_string_free (out, FALSE);
}

void
dmk_show_error (GtkWindow *parent, GtkWindow **slot, const char *heading, const char *message)
{
  AdwMessageDialog *dialog;

  if (*slot != NULL)
    gtk_window_destroy (*slot);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, heading, message));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  *slot = GTK_WINDOW (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) slot);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A popover menu that closes while the dialog one of its rows opened has the keyboard (on X11:
 * a file chooser from the primary menu's Save submenu) leaves the window's focus on that row,
 * hidden, where every key, Tab and F10 included, goes nowhere until another popover closes. The
 * focus goes back where the user came from: the button that opened the menu. */
static void
restore_shown_focus (GtkWindow *window, GParamSpec *pspec, gpointer data)
{
  GtkWidget *focus = gtk_window_get_focus (window);
  GtkWidget *popover;

  if (!gtk_window_is_active (window) || focus == NULL || gtk_widget_get_mapped (focus))
    return;
  popover = gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER);
  focus = popover != NULL ? gtk_widget_get_parent (popover) : NULL;
  while (focus != NULL && !gtk_widget_get_focusable (focus))
    focus = gtk_widget_get_parent (focus);
  gtk_window_set_focus (window, NULL);
  if (focus == NULL || !gtk_widget_get_mapped (focus) || !gtk_widget_grab_focus (focus))
    gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);
}

static void
name_by_shown_label (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);
  g_autoptr (GString) shown = g_string_new (NULL);

  if (label == NULL || !gtk_button_get_use_underline (button))
    return;
  for (const char *p = label; *p != '\0'; p++)
    {
      /* "__" is a shown underscore; a single one marks the mnemonic. */
      if (*p == '_' && p[1] == '_')
        p++;
      else if (*p == '_')
        continue;
      g_string_append_c (shown, *p);
    }
  /* The label's mnemonic makes it the button's labeller too, and GTK 4.8 speaks both. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  shown->str, -1);
}

void
dmk_name_mnemonic_buttons (GtkWidget *root)
{
  if (GTK_IS_BUTTON (root) && g_object_get_data (G_OBJECT (root), "dmk-named") == NULL)
    {
      g_object_set_data (G_OBJECT (root), "dmk-named", GINT_TO_POINTER (1));
      g_signal_connect (root, "notify::label", G_CALLBACK (name_by_shown_label), NULL);
      g_signal_connect (root, "notify::use-underline", G_CALLBACK (name_by_shown_label), NULL);
      name_by_shown_label (GTK_BUTTON (root));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    dmk_name_mnemonic_buttons (c);
}

static void
hide_hidden_pages (GtkWidget *stack)
{
  GtkWidget *shown = ADW_IS_VIEW_STACK (stack)
                       ? adw_view_stack_get_visible_child (ADW_VIEW_STACK (stack))
                       : gtk_stack_get_visible_child (GTK_STACK (stack));

  for (GtkWidget *c = gtk_widget_get_first_child (stack); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    gtk_accessible_update_state (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_STATE_HIDDEN, c != shown, -1);
}

void
dmk_hide_stack_pages (GtkWidget *stack)
{
  g_signal_connect (stack, "notify::visible-child", G_CALLBACK (hide_hidden_pages), NULL);
  hide_hidden_pages (stack);
}

static void
on_popup_visible (GtkWidget *popover, GParamSpec *pspec, GtkWidget *owner)
{
  gboolean open = gtk_widget_get_visible (popover);

  /* Taking has-tooltip away hides a tooltip that is up; giving it back costs nothing. */
  gtk_widget_set_has_tooltip (owner, !open);
  if (!open && gtk_widget_get_tooltip_text (owner) == NULL &&
      gtk_widget_get_tooltip_markup (owner) == NULL)
    gtk_widget_set_has_tooltip (owner, FALSE);
}

void
dmk_quiet_tooltip_for (GtkWidget *owner, GtkWidget *popover)
{
  if (popover == NULL || g_object_get_data (G_OBJECT (popover), "dmk-quiet") != NULL)
    return;
  g_object_set_data (G_OBJECT (popover), "dmk-quiet", GINT_TO_POINTER (1));
  g_signal_connect_object (popover, "notify::visible", G_CALLBACK (on_popup_visible), owner, 0);
}

static void
on_menu_popover (GtkMenuButton *button, GParamSpec *pspec, gpointer data)
{
  dmk_quiet_tooltip_for (GTK_WIDGET (button), GTK_WIDGET (gtk_menu_button_get_popover (button)));
}

void
dmk_quiet_tooltips (GtkWidget *root)
{
  if (GTK_IS_DROP_DOWN (root))
    for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
         c = gtk_widget_get_next_sibling (c))
      if (GTK_IS_POPOVER (c))
        dmk_quiet_tooltip_for (root, c);
  if (GTK_IS_MENU_BUTTON (root) && g_object_get_data (G_OBJECT (root), "dmk-quiet") == NULL)
    {
      /* Its popover may come later, when the menu first opens. */
      g_object_set_data (G_OBJECT (root), "dmk-quiet", GINT_TO_POINTER (1));
      g_signal_connect (root, "notify::popover", G_CALLBACK (on_menu_popover), NULL);
      g_signal_connect (root, "notify::menu-model", G_CALLBACK (on_menu_popover), NULL);
      on_menu_popover (GTK_MENU_BUTTON (root), NULL, NULL);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    dmk_quiet_tooltips (c);
}

static void
let_clicks_through (GtkWidget *tooltip)
{
  GtkNative *native = gtk_widget_get_native (tooltip);
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;
  cairo_region_t *nothing;

  if (surface == NULL)
    return;
  nothing = cairo_region_create ();
  gdk_surface_set_input_region (surface, nothing);
  cairo_region_destroy (nothing);
}

void
dmk_tooltip_pass_clicks (GtkWidget *tooltip)
{
  g_signal_connect (tooltip, "map", G_CALLBACK (let_clicks_through), NULL);
}

void
dmk_window_keep_focus_shown (GtkWindow *window)
{
  g_signal_connect (window, "notify::is-active", G_CALLBACK (restore_shown_focus), NULL);
}

typedef struct
{
  GtkWindow *window;
  const DmkFileJob *job;
  DmkFileReportFunc report;
  GtkFileChooserNative **slot;
} FileJobRun;

void
dmk_recent_add (const char *path)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_auto (GStrv) old = g_settings_get_strv (settings, "recent-files");
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  g_auto (GStrv) list = NULL;
  g_autofree char *abs = g_canonicalize_filename (path, NULL);
  guint n = 1;

  g_strv_builder_add (b, abs);
  for (guint i = 0; old[i] != NULL && n < DMK_RECENT_MAX; i++)
    if (!g_str_equal (old[i], abs))
      {
        g_strv_builder_add (b, old[i]);
        n++;
      }
  list = g_strv_builder_end (b);
  g_settings_set_strv (settings, "recent-files", (const char *const *) list);
}

/* Where a file dialog starts: where the last one saved or opened, else Documents, else home
 * (never the process's working directory, which for a desktop launch is nobody's choice). */
static GFile *
start_folder (GSettings *settings)
{
  g_autofree char *last = g_settings_get_string (settings, "last-folder");
  const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  if (last[0] != '\0' && g_file_test (last, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (last);
  if (docs != NULL && g_file_test (docs, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (docs);
  return g_file_new_for_path (g_get_home_dir ());
}

static void
remember_folder (GtkFileChooser *chooser)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GFile) file = gtk_file_chooser_get_file (chooser);
  g_autoptr (GFile) parent = file != NULL ? g_file_get_parent (file) : NULL;
  g_autofree char *path = parent != NULL ? g_file_get_path (parent) : NULL;

  if (path != NULL)
    g_settings_set_string (settings, "last-folder", path);
}

static void
file_job_response (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  FileJobRun *run = user_data;
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);

  if (response == GTK_RESPONSE_ACCEPT)
    remember_folder (chooser);

  if (response == GTK_RESPONSE_ACCEPT && run->job->open_files != NULL)
    {
      g_autoptr (GListModel) list = gtk_file_chooser_get_files (chooser);
      g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (list); i++)
        g_ptr_array_add (files, g_list_model_get_item (list, i));
      run->job->open_files (run->window, (GFile **) files->pdata, files->len);
    }
  else if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (chooser);
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autoptr (GError) error = NULL;

      if (path == NULL)
        run->report (run->window, FALSE, _("Only local files can be written"));
      else if (run->job->save (run->window, path, &error))
        {
          g_autofree char *name = g_path_get_basename (path);
          g_autofree char *msg = g_strdup_printf (_("Saved “%s”"), name);
          run->report (run->window, TRUE, msg);
        }
      else
        run->report (run->window, FALSE, error->message);
    }
  gtk_native_dialog_destroy (dialog);
  if (*run->slot == GTK_FILE_CHOOSER_NATIVE (dialog))
    g_clear_object (run->slot); /* frees run too */
}

void
dmk_file_job_start (GtkWindow *window, const DmkFileJob *job, const char *prefix,
                    DmkFileReportFunc report, GtkFileChooserNative **slot)
{
  gboolean open = job->open_files != NULL;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *pattern = g_strconcat ("*.", job->ext, NULL);
  GtkFileChooserNative *chooser;
  FileJobRun *run;

  g_return_if_fail (*slot == NULL);
  chooser = gtk_file_chooser_native_new (
    _(job->title), window, open ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE,
    open ? _("_Open") : _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  if (open)
    {
      /* First, and so chosen: everything Open reads, other tools' results and fio jobs too. */
      g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

      gtk_file_filter_set_name (all, _("Results, Other Tools’ Results and fio Jobs"));
      gtk_file_filter_add_pattern (all, pattern);
      gtk_file_filter_add_pattern (all, "*.txt");
      gtk_file_filter_add_pattern (all, "*.csv");
      gtk_file_filter_add_pattern (all, "*.fio");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
    }
  gtk_file_filter_set_name (filter, _(job->filter_name));
  gtk_file_filter_add_mime_type (filter, job->mime_type);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  {
    g_autoptr (GSettings) settings = g_settings_new (APP_ID);
    g_autoptr (GFile) folder = start_folder (settings);

    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  }
  if (open)
    gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  else
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *stamp = g_date_time_format (now, "%Y%m%d%H%M%S");
      g_autofree char *name = g_strdup_printf ("%s%s.%s", prefix, stamp, job->ext);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  run = g_new0 (FileJobRun, 1);
  run->window = window;
  run->job = job;
  run->report = report;
  run->slot = slot;
  g_object_set_data_full (G_OBJECT (chooser), "dmk-file-job", run, g_free);
  g_signal_connect (chooser, "response", G_CALLBACK (file_job_response), run);
  *slot = chooser;
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- names for screen readers ---- */

/* GTK 4.8 names a dropdown's button and each of its rows only by their class ("GtkToggleButton",
 * "GtkListItemWidget"); a row is named here by the visible text of its labels, as it reads. */
static void
collect_labels (GtkWidget *widget, GString *text)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    g_string_append_printf (text, "%s%s", text->len > 0 ? ", " : "",
                            gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    collect_labels (c, text);
}

static void
name_row (GtkWidget *row)
{
  g_autoptr (GString) text = g_string_new (NULL);

  collect_labels (row, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, text->str,
                                  -1);
}

static void
row_label_changed (GtkWidget *label, GParamSpec *pspec, GtkWidget *row)
{
  name_row (row);
}

/* Labels change after binding (a folder's fill level arrives from a thread): follow them. */
static void
watch_labels (GtkWidget *widget, GtkWidget *row)
{
  if (GTK_IS_LABEL (widget))
    {
      g_signal_connect_object (widget, "notify::label", G_CALLBACK (row_label_changed), row, 0);
      g_signal_connect_object (widget, "notify::visible", G_CALLBACK (row_label_changed), row, 0);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    watch_labels (c, row);
}

void
dmk_name_row_by_labels (GtkWidget *row)
{
  if (g_object_get_data (G_OBJECT (row), "dmk-row-watched") == NULL)
    {
      watch_labels (row, row);
      g_object_set_data (G_OBJECT (row), "dmk-row-watched", GINT_TO_POINTER (1));
    }
  name_row (row);
}

static void
row_bound (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkWidget *child = gtk_list_item_get_child (item);
  GtkWidget *row = child != NULL ? gtk_widget_get_parent (child) : NULL;

  if (row == NULL)
    return;
  if (g_object_get_data (G_OBJECT (item), "dmk-row-watched") == NULL)
    {
      watch_labels (child, row);
      g_object_set_data (G_OBJECT (item), "dmk-row-watched", GINT_TO_POINTER (1));
    }
  name_row (row);
}

static void
name_rows (GtkListItemFactory *factory)
{
  if (!GTK_IS_SIGNAL_LIST_ITEM_FACTORY (factory) ||
      g_object_get_data (G_OBJECT (factory), "dmk-rows-named") != NULL)
    return;
  g_signal_connect_after (factory, "bind", G_CALLBACK (row_bound), NULL);
  g_object_set_data (G_OBJECT (factory), "dmk-rows-named", GINT_TO_POINTER (1));
}

void
dmk_name_lists (GtkWidget *widget, const char *label)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  /* The list has the name; the scrolled window around it said it again, and took the focus on
   * the way to the list's rows. */
  if (GTK_IS_LIST_VIEW (widget) || GTK_IS_LIST_BOX (widget))
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                    -1);
  else if (GTK_IS_SCROLLED_WINDOW (widget))
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, "",
                                      -1);
      gtk_widget_set_focusable (widget, FALSE);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    dmk_name_lists (c, label);
}

void
dmk_drop_down_set_accessible_label (GtkDropDown *dropdown, const char *label)
{
  g_autoptr (GtkListItemFactory) factory = NULL;
  g_autoptr (GtkListItemFactory) list_factory = NULL;

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  /* Its button is named by it and its choice once it maps (dmk_a11y_tidy_on_map: a relation
   * set before its window is shown realizes the window's accessible too early). */
  /* Set again so that rows already bound are bound anew, and named. */
  factory = g_object_ref (gtk_drop_down_get_factory (dropdown));
  if (gtk_drop_down_get_list_factory (dropdown) != NULL)
    list_factory = g_object_ref (gtk_drop_down_get_list_factory (dropdown));
  dmk_name_lists (GTK_WIDGET (dropdown), label);
  name_rows (factory);
  name_rows (list_factory);
  gtk_drop_down_set_factory (dropdown, NULL);
  gtk_drop_down_set_factory (dropdown, factory);
  if (list_factory != NULL)
    {
      gtk_drop_down_set_list_factory (dropdown, NULL);
      gtk_drop_down_set_list_factory (dropdown, list_factory);
    }
}

/* ---- no lost click after a popover closes ---- */

#ifdef DMK_HAVE_X11
static guint nudge_source, nudges_left;

/* The pointer moves by a pixel and back, three times 40 ms apart: the first moves bring GDK the
 * events that end the closed popover's grab, a later one is then taken as the hand's own. */
static gboolean
nudge_pointer (gpointer data)
{
  GdkDisplay *display = gdk_display_get_default ();
  Display *x;

  (void) data;
  if (display == NULL || !GDK_IS_X11_DISPLAY (display) || nudges_left == 0)
    {
      nudge_source = 0;
      return G_SOURCE_REMOVE;
    }
  x = gdk_x11_display_get_xdisplay (display);
  XWarpPointer (x, None, None, 0, 0, 0, 0, 1, 0);
  XWarpPointer (x, None, None, 0, 0, 0, 0, -1, 0);
  XFlush (x);
  if (--nudges_left > 0)
    return G_SOURCE_CONTINUE;
  nudge_source = 0;
  return G_SOURCE_REMOVE;
}

/* A popover that opens takes the pointer: no nudge may move it while it is up. */
static gboolean
popover_mapped_hook (GSignalInvocationHint *hint, guint n_values, const GValue *values,
                     gpointer data)
{
  (void) hint;
  (void) n_values;
  (void) data;
  if (GTK_IS_POPOVER (g_value_get_object (&values[0])) && nudge_source != 0)
    {
      g_source_remove (nudge_source);
      nudge_source = 0;
    }
  return TRUE;
}

static gboolean
popover_closed_hook (GSignalInvocationHint *hint, guint n_values, const GValue *values,
                     gpointer data)
{
  (void) hint;
  (void) n_values;
  (void) values;
  (void) data;
  nudges_left = 3;
  if (nudge_source == 0)
    nudge_source = g_timeout_add (40, nudge_pointer, NULL);
  return TRUE;
}
#endif

/* On X11 (GTK 4.8 with libadwaita's style) the first click after a popover closes goes to the
 * widget the pointer was over before it closed, unless the pointer moves in between: after
 * choosing from a dropdown a quick click on the next control did nothing, or landed on another
 * control (tests/repro-lost-click.c). A pointer that moves by a pixel and back when any popover
 * closes makes GTK pick the widget under it again, as a hand's own movement would. */
void
dmk_popovers_release_pointer_on_close (void)
{
#ifdef DMK_HAVE_X11
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      g_signal_add_emission_hook (g_signal_lookup ("closed", GTK_TYPE_POPOVER), 0,
                                  popover_closed_hook, NULL, NULL);
      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0,
                                  popover_mapped_hook, NULL, NULL);
      g_once_init_leave (&once, 1);
    }
#endif
}

void
dmk_close_on_escape (GtkWindow *window)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  /* Bubbling: a popover's list, a search or a text field gets the key first. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_BUBBLE);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                      gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (window), keys);
}
