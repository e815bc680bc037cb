/* dmk-window-view.c: what the View of CrystalDiskMark's menu has, and what a user comes back to:
 * zoom (Ctrl+plus, Ctrl+minus, Ctrl+0), the Custom profile once there are custom tests, and
 * Open Recent. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-gui-utils.h"
#include "dmk-size-choice.h"
#include "dmk-window-private.h"
#include "dmk-zoom.h"

/* ---- zoom ---- */

static void
zoom_by (DmkWindow *self, int direction)
{
  int now = g_settings_get_int (self->settings, "zoom");
  int next = direction == 0 ? DMK_ZOOM_MIN : dmk_zoom_step (now, direction);
  g_autofree char *text = NULL;

  g_settings_set_int (self->settings, "zoom", next);
  /* TRANSLATORS: the toast after a zoom key: "Zoom 150 %" */
  text = g_strdup_printf (_("Zoom %d %%"), next);
  _dmk_window_toast (self, text);
}

static void
zoom_in_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  zoom_by (data, 1);
}

static void
zoom_out_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  zoom_by (data, -1);
}

static void
zoom_reset_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  zoom_by (data, 0);
}

/* ---- the Custom profile, in the Profile menu once it has tests ---- */

static gboolean
has_custom_tests (DmkWindow *self)
{
  g_auto (GStrv) tests = g_settings_get_strv (self->settings, "custom-tests");

  return tests != NULL && tests[0] != NULL;
}

static void
update_custom_action (GSettings *settings, const char *key, DmkWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "profile-custom");
  g_autofree char *profile = g_settings_get_string (self->settings, "profile");
  gboolean has = has_custom_tests (self);

  if (action == NULL)
    return;
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), has);
  g_simple_action_set_state (G_SIMPLE_ACTION (action),
                             g_variant_new_boolean (g_str_equal (profile, DMK_PROFILE_CUSTOM)));
  /* Custom is one more of the profiles' radio items (win.profile::custom), there only while
   * custom tests exist: a check box among them read as a setting of its own. */
  if (self->profile_menu != NULL)
    {
      gint n = g_menu_model_get_n_items (G_MENU_MODEL (self->profile_menu));
      g_autofree char *last = NULL;
      gboolean shown = n > 0 && g_menu_model_get_item_attribute (G_MENU_MODEL (self->profile_menu),
                                                                 n - 1, G_MENU_ATTRIBUTE_TARGET,
                                                                 "s", &last) &&
                       g_str_equal (last, DMK_PROFILE_CUSTOM);

      if (has && !shown)
        g_menu_append (self->profile_menu, _("C_ustom"), "win.profile::" DMK_PROFILE_CUSTOM);
      else if (!has && shown)
        g_menu_remove (self->profile_menu, n - 1);
    }
}

static void
profile_custom_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  DmkWindow *self = data;

  if (has_custom_tests (self))
    g_settings_set_string (self->settings, "profile", DMK_PROFILE_CUSTOM);
}

/* ---- Open Recent ---- */

static void refresh_recent (DmkWindow *self);

static void
update_recent_menu (GSettings *settings, const char *key, DmkWindow *self)
{
  refresh_recent (self);
}

/* The rows of Open Recent, files gone since left out. */
static void
refresh_recent (DmkWindow *self)
{
  g_auto (GStrv) files = g_settings_get_strv (self->settings, "recent-files");
  guint n = 0;

  g_menu_remove_all (self->recent_menu);
  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autofree char *name = NULL, *dir = NULL, *label = NULL;
      g_autoptr (GMenuItem) item = NULL;

      if (!g_file_test (files[i], G_FILE_TEST_IS_REGULAR))
        continue;
      name = g_path_get_basename (files[i]);
      dir = g_path_get_dirname (files[i]);
      /* TRANSLATORS: an Open Recent row: "ssd.json (/home/ann)" */
      label = g_strdup_printf (_("%s (%s)"), name, dir);
      /* A name with an underscore is shown as it is, not as a mnemonic: menu rows take "_" as
       * one, so each is doubled. */
      {
        g_auto (GStrv) parts = g_strsplit (label, "_", -1);
        g_autofree char *escaped = g_strjoinv ("__", parts);

        item = g_menu_item_new (NULL, NULL);
        g_menu_item_set_attribute (item, "label", "s", escaped);
      }
      g_menu_item_set_attribute (item, "use-markup", "b", FALSE);
      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                                g_variant_new_string (files[i]));
      g_menu_append_item (self->recent_menu, item);
      n++;
    }
  if (n == 0)
    g_menu_append (self->recent_menu, _("No Recent Results"), "win.no-recent");
}


/* Open Recent's rows, checked again each time the menu opens. */
static GMenuModel *
recent_menu (DmkWindow *self)
{
  refresh_recent (self);
  return G_MENU_MODEL (self->recent_menu);
}

/* ---- the primary menu ---- */

/* The menu's fifty-odd rows are built when it first opens, not while the window starts. */
static void
create_primary_menu (GtkMenuButton *button, gpointer user_data)
{
  g_autoptr (GtkBuilder) builder = NULL;

  /* Each time it opens: Open Recent's rows are checked again. */
  if (gtk_menu_button_get_menu_model (button) != NULL)
    {
      recent_menu (user_data);
      return;
    }
  builder = gtk_builder_new_from_resource ("/io/github/gdiskmark/GDiskMark/dmk-menus.ui");
  g_set_object (&((DmkWindow *) user_data)->profile_menu,
                G_MENU (gtk_builder_get_object (builder, "profile_section")));
  update_custom_action (NULL, NULL, user_data);
  /* Open Recent, under Open Results…: the window keeps its rows up to date. */
  g_menu_insert_submenu (G_MENU (gtk_builder_get_object (builder, "file_section")), 1,
                         _("Open _Recent"), recent_menu (user_data));
  gtk_menu_button_set_menu_model (button,
                                  G_MENU_MODEL (gtk_builder_get_object (builder, "primary_menu")));
  dmk_name_lists (GTK_WIDGET (gtk_menu_button_get_popover (button)), _("Main Menu"));
}

/* ---- the test size ---- */

static void
on_selected (GtkDropDown *dropdown, GParamSpec *pspec, DmkWindow *self)
{
  g_autofree char *text = dmk_size_choice_explain (dropdown);

  if (text != NULL)
    _dmk_window_toast (self, text);
}

static void
size_init (DmkWindow *self)
{
  dmk_size_choice_setup (self->size_dropdown, self->target_chooser);
  g_settings_bind_with_mapping (self->settings, "size-mib", self->size_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT, dmk_size_choice_get_mapping,
                                dmk_size_choice_set_mapping, NULL, NULL);
  g_signal_connect (self->size_dropdown, "notify::selected", G_CALLBACK (on_selected), self);
}

static const GActionEntry view_actions[] = {
  { "zoom-in", zoom_in_activated, NULL, NULL, NULL },
  { "zoom-out", zoom_out_activated, NULL, NULL, NULL },
  { "zoom-reset", zoom_reset_activated, NULL, NULL, NULL },
  { "profile-custom", profile_custom_activated, NULL, "false", NULL },
};

static void
view_class_init (GtkWidgetClass *widget_class)
{
  static const guint in[] = { GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add };
  static const guint out[] = { GDK_KEY_minus, GDK_KEY_KP_Subtract };
  static const guint reset[] = { GDK_KEY_0, GDK_KEY_KP_0 };

  for (guint i = 0; i < G_N_ELEMENTS (in); i++)
    gtk_widget_class_add_binding_action (widget_class, in[i], GDK_CONTROL_MASK, "win.zoom-in",
                                         NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.zoom-in", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (out); i++)
    gtk_widget_class_add_binding_action (widget_class, out[i], GDK_CONTROL_MASK, "win.zoom-out",
                                         NULL);
  for (guint i = 0; i < G_N_ELEMENTS (reset); i++)
    gtk_widget_class_add_binding_action (widget_class, reset[i], GDK_CONTROL_MASK,
                                         "win.zoom-reset", NULL);
}

static void
view_init (DmkWindow *self)
{
  g_autoptr (GAction) zoom = g_settings_create_action (self->settings, "zoom");

  g_action_map_add_action_entries (G_ACTION_MAP (self), view_actions,
                                   G_N_ELEMENTS (view_actions), self);
  g_action_map_add_action (G_ACTION_MAP (self), zoom);
  /* "No Recent Results": a row that reads as a fact, never enabled. */
  {
    g_autoptr (GSimpleAction) none = g_simple_action_new ("no-recent", NULL);

    g_simple_action_set_enabled (none, FALSE);
    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (none));
  }
  dmk_zoom_follow (GTK_WIDGET (self));
  self->recent_menu = g_menu_new ();
  g_signal_connect_object (self->settings, "changed::recent-files",
                           G_CALLBACK (update_recent_menu), self, 0);
  g_signal_connect_object (self->settings, "changed::custom-tests",
                           G_CALLBACK (update_custom_action), self, 0);
  g_signal_connect_object (self->settings, "changed::profile", G_CALLBACK (update_custom_action),
                           self, 0);
  update_recent_menu (self->settings, NULL, self);
  update_custom_action (self->settings, NULL, self);
  gtk_menu_button_set_create_popup_func (self->menu_button, create_primary_menu, self, NULL);
  size_init (self);
}

static void
view_dispose (DmkWindow *self)
{
  g_action_map_remove_action (G_ACTION_MAP (self), "zoom");
  g_clear_object (&self->recent_menu);
  g_clear_object (&self->profile_menu);
}

const DmkWindowPart _dmk_window_view_part = { view_class_init, view_init, view_dispose };
