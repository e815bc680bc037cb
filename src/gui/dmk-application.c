/* dmk-application.c: GDiskMark's AdwApplication: window, about, quit, and the screenshot mode. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-application.h"
#include "dmk-compare-window.h"
#include "dmk-window.h"

struct _DmkApplication
{
  AdwApplication parent_instance;

  char *screenshot; /* --screenshot=FILE: run a tiny benchmark, save the window, quit */
  char *target;     /* --target=DIR */
  int exit_status;
};

G_DEFINE_FINAL_TYPE (DmkApplication, dmk_application, ADW_TYPE_APPLICATION)

gboolean
dmk_save_widget_png (GtkWidget *widget, const char *filename, GError **error)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
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
  if (!gdk_texture_save_to_png (texture, filename))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write “%s”"), filename);
      return FALSE;
    }
  return TRUE;
}

void
dmk_toast (AdwToastOverlay *overlay, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  adw_toast_overlay_add_toast (overlay, adw_toast_new (escaped));
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

typedef struct
{
  GtkWindow *window;
  const DmkFileJob *job;
  DmkFileReportFunc report;
  GtkFileChooserNative **slot;
} FileJobRun;

static void
file_job_response (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  FileJobRun *run = user_data;
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);

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
  gtk_file_filter_set_name (filter, _(job->filter_name));
  gtk_file_filter_add_mime_type (filter, job->mime_type);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
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
  static const char *developers[] = { "The GDiskMark developers", NULL };
  GtkWidget *about = adw_about_window_new ();

  gtk_window_set_transient_for (GTK_WINDOW (about), gtk_application_get_active_window (app));
  g_object_set (about, "application-name", _("GDiskMark"), "application-icon", APP_ID,
                "version", PACKAGE_VERSION, "developer-name", _("The GDiskMark developers"),
                "developers", developers, "license-type", GTK_LICENSE_GPL_3_0,
                "comments", _("Measures how fast a disk reads and writes, the way "
                              "CrystalDiskMark does. MB/s are 10⁶ bytes per second."),
                "translator-credits", _("translator-credits"), NULL);
  gtk_window_present (GTK_WINDOW (about));
}

/* gdiskmark --target=DIR while GDiskMark already runs: the running instance gets this action,
 * forwarded over D-Bus, and points its window there. */
static void
set_target_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkApplication *self = DMK_APPLICATION (user_data);
  const char *path = g_variant_get_bytestring (param);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  g_free (self->target);
  self->target = g_strdup (path);
  if (window != NULL && DMK_IS_WINDOW (window) && !dmk_window_is_running (DMK_WINDOW (window)))
    dmk_window_set_target_path (DMK_WINDOW (window), path);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL },
  { "about", about_activated, NULL, NULL, NULL },
  { "set-target", set_target_activated, "ay", NULL, NULL },
};

static void
dmk_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };

  G_APPLICATION_CLASS (dmk_application_parent_class)->startup (app);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", close_accels);
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
  if (dmk_window_get_last_result (window) == NULL)
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
        dmk_window_set_target_path (DMK_WINDOW (window), self->target);
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
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));
  DmkWindow *window;

  if (self->screenshot != NULL)
    {
      /* --screenshot with result files: a picture of them compared. */
      DmkCompareWindow *cmp = dmk_compare_window_new (GTK_APPLICATION (app));

      g_application_hold (app);
      gtk_window_present (GTK_WINDOW (cmp));
      if (dmk_compare_window_add_files (cmp, files, (guint) n_files) != (guint) n_files)
        self->exit_status = 1;
      g_timeout_add (600, take_screenshot, self);
      return;
    }

  if (active != NULL && DMK_IS_WINDOW (active) && !dmk_window_is_running (DMK_WINDOW (active)) &&
      dmk_window_get_last_result (DMK_WINDOW (active)) == NULL &&
      dmk_window_get_opened_name (DMK_WINDOW (active)) == NULL)
    window = DMK_WINDOW (active);
  else
    {
      window = dmk_window_new (GTK_APPLICATION (app));
      if (self->target != NULL)
        dmk_window_set_target_path (window, self->target);
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
      g_free (self->target);
      self->target = abs;
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
