/* dmk-application.c: GDiskMark's AdwApplication: window, help, about, quit, screenshot mode. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-application.h"
#include "dmk-preferences.h"
#include "dmk-scan-compare.h"
#include "dmk-compare-window.h"
#include "dmk-gui-utils.h"
#include "dmk-target-item.h"
#include "dmk-window.h"

struct _DmkApplication
{
  AdwApplication parent_instance;

  char *screenshot; /* --screenshot=FILE: run a tiny benchmark, save the window, quit */
  char *target;     /* --target=DIR */
  char *help_dir;   /* the guide's pages where they are not installed (the build tree) */
  int exit_status;
  guint n_loading; /* app.compare-files reads in flight */
};

G_DEFINE_FINAL_TYPE (DmkApplication, dmk_application, ADW_TYPE_APPLICATION)

static void
quit_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  /* Closing, not destroying: a window with a run cancels it and goes once the file is gone. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

static void
about_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *developers[] = { DMK_AUTHORS, NULL };
  /* A dialog for a screen reader too (GTK 4.8 made it a "filler"). */
  GtkWidget *about = g_object_new (ADW_TYPE_ABOUT_WINDOW, "accessible-role",
                                   GTK_ACCESSIBLE_ROLE_DIALOG, NULL);

  gtk_window_set_transient_for (GTK_WINDOW (about), gtk_application_get_active_window (app));
  g_object_set (about, "application-name", _("GDiskMark"), "application-icon", APP_ID,
                "version", PACKAGE_VERSION, "developer-name", DMK_AUTHORS,
                "copyright", DMK_COPYRIGHT, "developers", developers, "license-type", GTK_LICENSE_GPL_3_0,
                "comments", _("Measures how fast a disk reads and writes, the way "
                              "CrystalDiskMark does. MB/s are 10⁶ bytes per second."),
                "translator-credits", _("translator-credits"), NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
help_failed (GtkWindow *parent, const char *why)
{
  static GtkWindow *dialog;
  g_autofree char *message = NULL;

  /* TRANSLATORS: after the reason the guide could not be opened */
  message = g_strdup_printf (_("%s. The guide opens in Yelp, GNOME’s help viewer: install the "
                               "yelp package and press F1 again."),
                             why);
  dmk_show_error (parent, &dialog, _("The User Guide Could Not Be Opened"), message);
}

static void
help_shown (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (GtkWindow) parent = user_data;
  g_autoptr (GError) error = NULL;

  if (!gtk_show_uri_full_finish (GTK_WINDOW (source), res, &error))
    help_failed (parent, error->message);
}

/* The user guide in help/, installed under the app id, in Yelp; from the build tree, its pages
 * where they are (a help: address there finds nothing, or an older installed guide). */
static void
help_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkApplication *self = DMK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autofree char *yelp = NULL;
  g_autoptr (GError) error = NULL;

  if (self->help_dir == NULL)
    {
      gtk_show_uri_full (parent, "help:" APP_ID, GDK_CURRENT_TIME, NULL, help_shown,
                         parent != NULL ? g_object_ref (parent) : NULL);
      return;
    }
  yelp = g_find_program_in_path ("yelp");
  if (yelp == NULL)
    help_failed (parent, _("Yelp is not installed"));
  else
    {
      const char *argv[] = { yelp, self->help_dir, NULL };

      if (!g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &error))
        help_failed (parent, error->message);
    }
}

/* gdiskmark --target=DIR while GDiskMark already runs: the running instance gets this action,
 * forwarded over D-Bus, and points its window there. */
static void
set_target_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkApplication *self = DMK_APPLICATION (user_data);
  const char *path = g_variant_get_bytestring (param);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autoptr (GError) error = NULL;

  /* The sender checked it, but the folder can go on the way: say so and keep the target. */
  if (!dmk_place_check_path (path, &error))
    {
      if (window != NULL)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.toast", "s", error->message);
      return;
    }
  g_free (self->target);
  self->target = g_strdup (path);
  if (window != NULL && DMK_IS_WINDOW (window) && !dmk_window_is_running (DMK_WINDOW (window)))
    dmk_window_set_target_path (DMK_WINDOW (window), path);
}

/* The main window that a comparison takes "the current run" from: the active one when it is
 * a main window, else the most recently used main window that shows a result. */
static DmkWindow *
current_main_window (GtkApplication *app, gboolean need_result)
{
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (DMK_IS_WINDOW (l->data) &&
        (!need_result || dmk_window_get_shown_result (DMK_WINDOW (l->data)) != NULL))
      return l->data;
  return NULL;
}

static DmkResult *
current_result (gpointer user_data, char **source)
{
  DmkWindow *win = current_main_window (GTK_APPLICATION (user_data), TRUE);

  if (win == NULL)
    return NULL;
  *source = g_strdup (dmk_window_get_shown_source (win));
  return dmk_result_ref (dmk_window_get_shown_result (win));
}

DmkCompareWindow *
dmk_application_get_compare_window (DmkApplication *self, gboolean create)
{
  g_return_val_if_fail (DMK_IS_APPLICATION (self), NULL);
  return dmk_compare_window_get_for_application (GTK_APPLICATION (self), create);
}

/* Every comparison, whoever opened it (the window, the history), can take what the main window
 * shows. */
static void
window_added (GtkApplication *app, GtkWindow *window)
{
  if (DMK_IS_COMPARE_WINDOW (window))
    dmk_compare_window_set_current_func (DMK_COMPARE_WINDOW (window), current_result, app, NULL);
}

/* app.compare: what the main window shows joins the comparison (once), which comes up. */
static void
compare_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkApplication *self = DMK_APPLICATION (user_data);
  DmkCompareWindow *cmp = dmk_application_get_compare_window (self, TRUE);
  DmkWindow *win = current_main_window (GTK_APPLICATION (self), FALSE);
  DmkResult *result = win != NULL ? dmk_window_get_shown_result (win) : NULL;

  /* Already there: the comparison says so in a toast. */
  if (result != NULL)
    dmk_compare_window_add_result (cmp, result, dmk_window_get_shown_source (win));
  gtk_window_present (GTK_WINDOW (cmp));
}

/* The comparison of scans of kind, made when there is none. */
DmkScanCompare *
dmk_application_get_scan_compare (DmkApplication *self, DmkResultKind kind)
{
  DmkScanCompare *cmp;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (DMK_IS_SCAN_COMPARE (l->data) && dmk_scan_compare_get_kind (l->data) == kind)
      return l->data;
  cmp = dmk_scan_compare_new (GTK_APPLICATION (self), kind);
  return cmp;
}

/* A file app.compare-files reads: its result, or why there is none. */
typedef struct
{
  char *path;
  char *name;
  DmkResult *result;
  GError *error;
} Loading;

static void
loading_free (gpointer data)
{
  Loading *l = data;

  g_free (l->path);
  g_free (l->name);
  g_clear_pointer (&l->result, dmk_result_unref);
  g_clear_error (&l->error);
  g_free (l);
}

/* Blocking: up to 16 MiB a file to parse, a disk that may stall. */
static void
compare_load_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GPtrArray *files = data;

  for (guint i = 0; i < files->len; i++)
    {
      Loading *l = files->pdata[i];

      if (l->path == NULL)
        g_set_error (&l->error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("“%s”: only local files can be opened"), l->name);
      else
        l->result = dmk_result_load (l->path, &l->error);
    }
  g_task_return_boolean (task, TRUE);
}

/* Scans overlay their curves in their kind's chart, grids go to the table; what could not be
 * read is said in the table's window. */
static void
compare_loaded (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DmkApplication *self = DMK_APPLICATION (source);
  GPtrArray *files = g_task_get_task_data (G_TASK (res));
  g_autoptr (GString) errors = g_string_new (NULL);
  DmkCompareWindow *cmp = NULL;

  self->n_loading--;
  for (guint i = 0; i < files->len; i++)
    {
      Loading *l = files->pdata[i];

      if (l->result == NULL)
        g_string_append_printf (errors, "%s%s", errors->len ? "\n" : "", l->error->message);
      else if (l->result->kind != DMK_KIND_GRID)
        {
          DmkScanCompare *scans = dmk_application_get_scan_compare (self, l->result->kind);

          dmk_scan_compare_add (scans, l->result, l->path);
          gtk_window_present (GTK_WINDOW (scans));
        }
      else
        {
          if (cmp == NULL)
            cmp = dmk_application_get_compare_window (self, TRUE);
          dmk_compare_window_add_result (cmp, l->result, l->path);
        }
    }
  if (errors->len > 0 && cmp == NULL)
    cmp = dmk_application_get_compare_window (self, TRUE);
  if (cmp == NULL)
    return;
  gtk_window_present (GTK_WINDOW (cmp));
  if (errors->len > 0)
    dmk_compare_window_show_add_errors (cmp, files->len, errors->str);
}

/* app.compare-files: result files (URIs) side by side, each read once, in a worker thread. */
static void
compare_files_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkApplication *self = DMK_APPLICATION (user_data);
  g_autofree const char **uris = g_variant_get_strv (param, NULL);
  GPtrArray *files = g_ptr_array_new_with_free_func (loading_free);
  g_autoptr (GTask) task = NULL;

  for (guint i = 0; uris[i] != NULL; i++)
    {
      g_autoptr (GFile) file = g_file_new_for_uri (uris[i]);
      Loading *l = g_new0 (Loading, 1);

      l->path = g_file_get_path (file);
      l->name = g_file_get_basename (file);
      g_ptr_array_add (files, l);
    }
  task = g_task_new (self, NULL, compare_loaded, NULL);
  g_task_set_name (task, "dmk-compare-files");
  g_task_set_task_data (task, files, (GDestroyNotify) g_ptr_array_unref);
  self->n_loading++;
  g_task_run_in_thread (task, compare_load_thread);
}

/* app.present: what a desktop notification's click does; the most recently used main window. */
static void
present_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkWindow *win = current_main_window (GTK_APPLICATION (user_data), FALSE);

  if (win != NULL)
    gtk_window_present (GTK_WINDOW (win));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL },
  { "about", about_activated, NULL, NULL, NULL },
  { "help", help_activated, NULL, NULL, NULL },
  { "set-target", set_target_activated, "ay", NULL, NULL },
  { "compare", compare_activated, NULL, NULL, NULL },
  { "compare-files", compare_files_activated, "as", NULL, NULL },
  { "present", present_activated, NULL, NULL, NULL },
};

static void
dmk_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };
  static const char *help_accels[] = { "F1", NULL };
  /* What GTK gives the overlay it finds itself (the window builds it when first asked for). */
  static const char *overlay_accels[] = { "<Control>question", NULL };

  G_APPLICATION_CLASS (dmk_application_parent_class)->startup (app);
  {
    /* Light, dark or the system's, as Preferences → Style says. */
    GSettings *settings = g_settings_new (APP_ID);

    dmk_preferences_follow_color_scheme (settings);
    g_object_set_data_full (G_OBJECT (app), "dmk-style-settings", settings, g_object_unref);
  }
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  g_signal_connect (app, "window-added", G_CALLBACK (window_added), NULL);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", close_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.help", help_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay",
                                         overlay_accels);
}

static gboolean
take_screenshot (gpointer user_data)
{
  DmkApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  /* With result files, the picture is of the comparison. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (DMK_IS_COMPARE_WINDOW (l->data))
      window = l->data;
  g_autoptr (GError) error = NULL;

  if (window == NULL || !dmk_save_widget_png (GTK_WIDGET (window), self->screenshot, &error))
    {
      g_printerr ("gdiskmark: %s\n", error ? error->message : "no window");
      self->exit_status = 1;
    }
  else
    g_print ("%s\n", self->screenshot);
  {
    /* Every window, error dialogs included: nothing may keep the tool from quitting. */
    GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));
    for (GList *l = windows; l != NULL; l = l->next)
      gtk_window_destroy (l->data);
    g_list_free (windows);
  }
  g_application_release (G_APPLICATION (self));
  return G_SOURCE_REMOVE;
}

static void
screenshot_run_finished (DmkWindow *window, DmkApplication *self)
{
  if (dmk_window_get_shown_result (window) == NULL)
    {
      g_printerr ("gdiskmark: the run failed: %s\n",
                  dmk_window_get_last_error (window) ? dmk_window_get_last_error (window) : "?");
      self->exit_status = 1;
    }
  /* Give the last values a few frames to be laid out and painted. */
  g_timeout_add (400, take_screenshot, self);
}

static gboolean
start_screenshot_run (gpointer user_data)
{
  DmkWindow *window = user_data;

  g_action_group_activate_action (G_ACTION_GROUP (window), "start", NULL);
  return G_SOURCE_REMOVE;
}

static void
dmk_application_activate (GApplication *app)
{
  DmkApplication *self = DMK_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      if (self->screenshot != NULL)
        {
          /* A tiny real run, so the picture shows real numbers of this machine. */
          g_autoptr (GSettings) settings = g_settings_new (APP_ID);
          g_settings_set_int (settings, "passes", 1);
          g_settings_set_int (settings, "size-mib", 16);
          g_settings_set_int (settings, "measure-time", 1);
          g_settings_set_int (settings, "interval", 0);
        }
      window = GTK_WINDOW (dmk_window_new (GTK_APPLICATION (app)));
      if (self->target != NULL)
        dmk_window_try_target_path (DMK_WINDOW (window), self->target, NULL);
      if (self->screenshot != NULL)
        {
          g_application_hold (app);
          g_signal_connect (window, "run-finished", G_CALLBACK (screenshot_run_finished), self);
          g_timeout_add (200, start_screenshot_run, window);
        }
    }
  gtk_window_present (window);
}

/* gdiskmark FILE.json…: one result fills the grid, read-only until a run there; several open
 * side by side in the comparison. */
static void
dmk_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  DmkApplication *self = DMK_APPLICATION (app);
  DmkWindow *window;

  if (self->screenshot != NULL)
    {
      /* --screenshot with result files: a picture of them compared. */
      DmkCompareWindow *cmp = dmk_application_get_compare_window (self, TRUE);

      g_application_hold (app);
      gtk_window_present (GTK_WINDOW (cmp));
      if (dmk_compare_window_add_files (cmp, files, (guint) n_files) != (guint) n_files)
        self->exit_status = 1;
      g_timeout_add (600, take_screenshot, self);
      return;
    }

  /* The most recently used main window that shows nothing yet, even behind the comparison. */
  window = NULL;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL && !window;
       l = l->next)
    if (DMK_IS_WINDOW (l->data) && !dmk_window_is_running (l->data) &&
        dmk_window_get_shown_result (l->data) == NULL)
      window = l->data;
  if (window == NULL)
    {
      window = dmk_window_new (GTK_APPLICATION (app));
      if (self->target != NULL)
        dmk_window_try_target_path (window, self->target, NULL);
    }
  gtk_window_present (GTK_WINDOW (window));
  dmk_window_open_files (window, files, (guint) n_files);
}

static int
dmk_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  DmkApplication *self = DMK_APPLICATION (app);

  if (g_variant_dict_lookup (options, "version", "b", NULL))
    {
      g_print ("gdiskmark %s\n", PACKAGE_VERSION);
      return 0;
    }
  g_variant_dict_lookup (options, "screenshot", "^ay", &self->screenshot);
  if (g_variant_dict_lookup (options, "target", "^ay", &self->target))
    {
      /* Absolute, since a running instance that gets it has another working directory. */
      char *abs = g_canonicalize_filename (self->target, NULL);
      g_autoptr (GError) error = NULL;

      g_free (self->target);
      self->target = abs;
      /* Refused here, before any window or running instance sees it or remembers it. */
      if (!dmk_place_check_path (self->target, &error))
        {
          g_printerr ("gdiskmark: %s\n", error->message);
          return 1;
        }
    }
  if (self->screenshot != NULL)
    {
      /* The screenshot's tiny settings must never reach the user's real settings. */
      g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
    }
  else if (self->target != NULL && g_application_register (app, NULL, NULL) &&
           g_application_get_is_remote (app))
    {
      /* Already running: tell that instance, which then presents its window. */
      g_action_group_activate_action (G_ACTION_GROUP (app), "set-target",
                                      g_variant_new_bytestring (self->target));
    }
  return -1;
}

static void
dmk_application_finalize (GObject *object)
{
  DmkApplication *self = DMK_APPLICATION (object);

  g_free (self->screenshot);
  g_free (self->target);
  g_free (self->help_dir);
  G_OBJECT_CLASS (dmk_application_parent_class)->finalize (object);
}

static void
dmk_application_class_init (DmkApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = dmk_application_finalize;
  app_class->startup = dmk_application_startup;
  app_class->activate = dmk_application_activate;
  app_class->open = dmk_application_open;
  app_class->handle_local_options = dmk_application_handle_local_options;
}

static const GOptionEntry options[] = {
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and exit"), NULL },
  { "target", 't', 0, G_OPTION_ARG_FILENAME, NULL, N_("Folder to test"), N_("FOLDER") },
  { "screenshot", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, NULL,
    "Run a tiny benchmark, save the window as a PNG and quit", "FILE" },
  { NULL },
};

static void
dmk_application_init (DmkApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), options);
  /* TRANSLATORS: the arguments in gdiskmark --help's usage line */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (
    G_APPLICATION (self),
    _("Opens the GDiskMark window. Each FILE is shown as it opens: GDiskMark results (.json), "
      "a fio job to run (.fio), or other tools’ results (CrystalDiskMark and KDiskMark text, "
      "fio JSON); several results open in the comparison."));
  g_application_set_option_context_description (
    G_APPLICATION (self),
    _("The window starts with the Default profile, as CrystalDiskMark does; gdiskmark-cli "
      "starts with the classic eight of CrystalDiskMark 3 (--profile chooses)."));
}

void
dmk_application_set_help_dir (DmkApplication *self, const char *dir)
{
  g_free (self->help_dir);
  self->help_dir = g_strdup (dir);
}

DmkApplication *
dmk_application_new (void)
{
  return g_object_new (DMK_TYPE_APPLICATION, "application-id", APP_ID, "flags",
                       G_APPLICATION_HANDLES_OPEN, "resource-base-path",
                       "/io/github/gdiskmark/GDiskMark", NULL);
}

int
dmk_application_get_exit_status (DmkApplication *self)
{
  return self->exit_status;
}

#ifdef DMK_TESTING

guint
dmk_application_get_n_loading (DmkApplication *self)
{
  g_return_val_if_fail (DMK_IS_APPLICATION (self), 0);
  return self->n_loading;
}

#endif
