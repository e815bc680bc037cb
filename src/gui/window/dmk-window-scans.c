/* dmk-window-scans.c: the window's scan views (Sustained, Sweep, Surface) beside the Benchmark
 * grid: the shared target chooser follows the view shown, their runs go through the window's
 * controller like the grid's, and a saved scan opens in its view. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-gui-utils.h"
#include "dmk-window-private.h"

static const struct
{
  DmkResultKind kind;
  const char *name;
  const char *title;
  const char *icon;
} views[] = {
  { DMK_KIND_SUSTAINED, "sustained", N_("Sustai_ned"), "document-save-symbolic" },
  { DMK_KIND_SWEEP, "sweep", N_("S_weep"), "view-list-symbolic" },
  { DMK_KIND_SURFACE, "surface", N_("Sur_face"), "drive-harddisk-symbolic" },
};

static void on_start_clicked (DmkScanView *view, DmkWindow *self);

/* The view of page i, built now if it was not yet. */
static DmkScanView *
scans_ensure (DmkWindow *self, guint i)
{
  GtkWidget *view;

  if (self->scan_views[i] != NULL)
    return self->scan_views[i];
  view = dmk_scan_view_new (views[i].kind, self->run, self->target_chooser, self->settings);
  self->scan_views[i] = DMK_SCAN_VIEW (view);
  g_signal_connect (view, "start-clicked", G_CALLBACK (on_start_clicked), self);
  dmk_quiet_tooltips (view);
  adw_bin_set_child (ADW_BIN (self->scan_pages[i]), view);
  return self->scan_views[i];
}

static DmkScanView *
scans_get_view (DmkWindow *self, DmkResultKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    if (views[i].kind == kind)
      return scans_ensure (self, i);
  return NULL;
}

/* The views the first frame does not show (about a third of the window's startup here), one
 * per idle turn once it is on screen, so that none waits for its first visit. */
static gboolean
build_next (gpointer data)
{
  DmkWindow *self = data;

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    if (self->scan_views[i] == NULL)
      {
        scans_ensure (self, i);
        return G_SOURCE_CONTINUE;
      }
  self->scans_idle = 0;
  return G_SOURCE_REMOVE;
}

static void
after_first_paint (GdkFrameClock *clock, DmkWindow *self)
{
  g_signal_handlers_disconnect_by_func (clock, after_first_paint, self);
  if (self->scans_idle == 0)
    self->scans_idle = g_idle_add_full (G_PRIORITY_LOW, build_next, self, NULL);
}

static void
on_realize (GtkWidget *widget, DmkWindow *self)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint",
                           G_CALLBACK (after_first_paint), self, 0);
}

/* The one target chooser moves into the view shown, so that every view tests the same target
 * with the same write consent. */
static void
on_visible_child (AdwViewStack *stack, GParamSpec *pspec, DmkWindow *self)
{
  GtkWidget *page = adw_view_stack_get_visible_child (stack);
  GtkWidget *chooser = GTK_WIDGET (self->target_chooser);
  GtkWidget *slot = self->controls_box;

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    if (page != NULL && page == self->scan_pages[i])
      slot = GTK_WIDGET (dmk_scan_view_get_target_slot (scans_ensure (self, i)));

  if (gtk_widget_get_parent (chooser) == slot)
    return;
  g_object_ref (chooser);
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (chooser)), chooser);
  if (slot == self->controls_box)
    gtk_box_insert_child_after (GTK_BOX (slot), chooser, GTK_WIDGET (self->size_dropdown));
  else
    gtk_box_append (GTK_BOX (slot), chooser);
  gtk_widget_set_hexpand (chooser, slot != self->controls_box);
  g_object_unref (chooser);
}

static void
on_start_clicked (DmkScanView *view, DmkWindow *self)
{
  g_autoptr (GError) error = NULL;
  DmkSettings s;

  if (dmk_run_controller_get_running (self->run))
    {
      _dmk_window_toast (self, _("Stop the run before starting a scan"));
      return;
    }
  /* The device at the path now is the one writes were allowed on, or they are not. */
  dmk_target_chooser_recheck_consent (self->target_chooser);
  _dmk_window_read_settings (self, &s);
  if (!dmk_scan_view_start (view, dmk_window_get_target_path (self), &s,
                            gtk_editable_get_text (GTK_EDITABLE (self->comment_entry)), &error))
    _dmk_window_show_error (self, _("The Scan Could Not Start"), error->message);
  dmk_settings_clear (&s);
}

/* A scan started or ended: the grid's actions follow (the grid's own run orders its actions
 * itself, so that its button never passes through insensitive under the pointer). */
static void
on_running (DmkRunController *run, GParamSpec *pspec, DmkWindow *self)
{
  if (dmk_run_controller_get_job (run) != DMK_RUN_JOB_RUN ||
      dmk_run_controller_get_kind (run) != DMK_KIND_GRID)
    _dmk_window_update_actions (self);
}

gboolean
_dmk_window_scans_show_result (DmkWindow *self, DmkResult *result, const char *source)
{
  DmkScanView *view = scans_get_view (self, result->kind);

  if (view == NULL)
    return FALSE;
  dmk_scan_view_set_result (view, result, source);
  adw_view_stack_set_visible_child (self->view_stack,
                                    gtk_widget_get_parent (GTK_WIDGET (view)));
  return TRUE;
}

/* win.view: the view shown, by its page name ("benchmark", "sustained", "sweep", "surface"), so
 * that the main menu's Drive submenu lists every test beyond the grid in one place, and its radio
 * rows say which is shown. */
static void
view_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  DmkWindow *self = data;
  const char *name = g_variant_get_string (value, NULL);

  if (adw_view_stack_get_child_by_name (self->view_stack, name) == NULL)
    return;
  adw_view_stack_set_visible_child_name (self->view_stack, name);
}

static void
follow_view (AdwViewStack *stack, GParamSpec *pspec, DmkWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (stack);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "view");

  if (name != NULL && action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (name));
}

static void
scans_init (DmkWindow *self)
{
  static const GActionEntry entries[] = {
    { "view", NULL, "s", "'benchmark'", view_change_state },
  };

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      AdwViewStackPage *page;

      /* A group, as a box is: a "filler" would be spoken by its type name. */
      self->scan_pages[i] = g_object_new (ADW_TYPE_BIN, "accessible-role",
                                          GTK_ACCESSIBLE_ROLE_GROUP, NULL);
      page = adw_view_stack_add_titled (self->view_stack, self->scan_pages[i], views[i].name,
                                        _(views[i].title));
      adw_view_stack_page_set_use_underline (page, TRUE);
      adw_view_stack_page_set_icon_name (page, views[i].icon);
    }
  g_signal_connect (self, "realize", G_CALLBACK (on_realize), self);
  g_signal_connect (self->view_stack, "notify::visible-child", G_CALLBACK (on_visible_child),
                    self);
  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  g_signal_connect (self->view_stack, "notify::visible-child-name", G_CALLBACK (follow_view),
                    self);
  follow_view (self->view_stack, NULL, self);
  g_signal_connect (self->run, "notify::running", G_CALLBACK (on_running), self);
}

static void
scans_dispose (DmkWindow *self)
{
  if (self->view_stack != NULL)
    g_signal_handlers_disconnect_by_data (self->view_stack, self);
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_func (self->run, on_running, self);
  for (guint i = 0; i < G_N_ELEMENTS (self->scan_views); i++)
    if (self->scan_views[i] != NULL)
      g_signal_handlers_disconnect_by_data (self->scan_views[i], self);
  g_clear_handle_id (&self->scans_idle, g_source_remove);
}

const DmkWindowPart _dmk_window_scans_part = { NULL, scans_init, scans_dispose };

#ifdef DMK_TESTING

#include "dmk-window-testing.h"

DmkScanView *
dmk_window_get_scan_view (DmkWindow *self, DmkResultKind kind)
{
  return scans_get_view (self, kind);
}

#endif
