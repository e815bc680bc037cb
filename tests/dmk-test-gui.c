/* dmk-test-gui.c: what the window tests share: waiting on the main loop, clicks, settings,
 * scratch folders, windows and a real application. */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <execinfo.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "dmk-test-gui.h"

static gboolean
wake (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Iterates the main context until cond holds; FALSE if HANG_LIMIT_S passed first. */
gboolean
iterate_until (Cond cond, gpointer data)
{
  gint64 end = g_get_monotonic_time () + (gint64) (HANG_LIMIT_S * G_USEC_PER_SEC);
  guint tick = g_timeout_add (10, wake, NULL);
  gboolean ok = TRUE;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        {
          ok = FALSE;
          break;
        }
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (tick);
  return ok;
}

gboolean
flag_set (gpointer data)
{
  return *(gboolean *) data;
}

void
flag_on_signal (gpointer instance, gpointer data)
{
  *(gboolean *) data = TRUE;
}

/* Activates button as the keyboard does; GTK 4 emits "clicked" a moment later, from the main
 * loop, so iterate until it has been. */
void
click (GtkWidget *button)
{
  gboolean clicked = FALSE;
  gulong id = g_signal_connect_after (button, "clicked", G_CALLBACK (flag_on_signal), &clicked);

  g_assert_true (gtk_widget_activate (button));
  g_assert_true (iterate_until (flag_set, &clicked));
  g_signal_handler_disconnect (button, id);
}

gboolean
not_running (gpointer data)
{
  return !dmk_window_is_running (data);
}

gboolean
measuring (gpointer data)
{
  return dmk_window_get_phase (data) == DMK_PHASE_MEASURE;
}

void
reset_settings (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autoptr (GSettingsSchema) schema = NULL;
  g_auto (GStrv) keys = NULL;

  g_object_get (s, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (s, keys[i]);
}

GSettings *
dmk_test_settings (void)
{
  static GSettings *settings;

  if (settings == NULL)
    settings = g_settings_new (APP_ID);
  return settings;
}

GtkWidget *
dmk_test_find_by_tooltip (GtkWidget *root, const char *tooltip)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (root), tooltip) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = dmk_test_find_by_tooltip (c, tooltip);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Tiny runs, as the issue asks: 16 MiB, 1 pass, 1 s, no interval. */
void
set_tiny (const char *profile)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);

  g_settings_set_string (s, "profile", profile);
  g_settings_set_int (s, "passes", 1);
  g_settings_set_int (s, "size-mib", 16);
  g_settings_set_int (s, "measure-time", 1);
  g_settings_set_int (s, "interval", 0);
}

/* Under the build tree when there is one and we may write there (/tmp may be a tmpfs without
 * O_DIRECT on old kernels); else in the temporary folder. */
char *
make_target_dir (void)
{
  const char *base = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *tmpl = g_build_filename (base ? base : g_get_tmp_dir (), "dmk-win-XXXXXX",
                                            NULL);
  char *dir = g_mkdtemp (tmpl);

  if (dir == NULL)
    {
      g_free (tmpl);
      tmpl = g_build_filename (g_get_tmp_dir (), "dmk-win-XXXXXX", NULL);
      dir = g_mkdtemp (tmpl);
    }
  g_assert_nonnull (dir);
  return g_steal_pointer (&tmpl);
}

guint
count_entries (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static char *sensor_root;

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr (GDir) d = g_dir_open (path, 0, NULL);
      const char *name;

      while (d != NULL && (name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

char *
fake_sensor_setup (const char *dir, const char *milli)
{
  GStatBuf st;
  DmkBlockFacts facts = { 0 };
  g_autofree char *hwmon = NULL;
  char *sensor;

  g_assert_cmpint (g_stat (dir, &st), ==, 0);
  if (!dmk_block_facts_for_dev (st.st_dev, &facts))
    return NULL;
  g_assert_null (sensor_root);
  sensor_root = g_dir_make_tmp ("gdiskmark-sysfs-XXXXXX", NULL);
  g_assert_nonnull (sensor_root);
  /* drivetemp's place: the disk's device/hwmon/hwmonN/temp1_input. */
  hwmon = g_build_filename (sensor_root, "block", facts.disk, "device", "hwmon", "hwmon3", NULL);
  g_assert_cmpint (g_mkdir_with_parents (hwmon, 0755), ==, 0);
  sensor = g_build_filename (hwmon, "temp1_input", NULL);
  g_assert_true (g_file_set_contents (sensor, milli, -1, NULL));
  g_setenv ("GDISKMARK_SYSFS_ROOT", sensor_root, TRUE);
  dmk_block_facts_clear (&facts);
  return sensor;
}

void
fake_sensor_remove (void)
{
  g_unsetenv ("GDISKMARK_SYSFS_ROOT");
  if (sensor_root != NULL)
    remove_tree (sensor_root);
  g_clear_pointer (&sensor_root, g_free);
}

/* A real GDiskMark application, registered without D-Bus so that its startup has run and its
 * app.* actions exist; its windows are the test's to destroy. */
DmkApplication *
test_application (void)
{
  DmkApplication *app = dmk_application_new ();
  g_autoptr (GError) error = NULL;

  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) |
                                                  G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

DmkWindow *
new_window (const char *target)
{
  return new_app_window (NULL, target);
}

DmkWindow *
new_app_window (DmkApplication *app, const char *target)
{
  DmkWindow *win = dmk_window_new (app != NULL ? GTK_APPLICATION (app) : NULL);

  if (target != NULL)
    dmk_window_set_target_path (win, target);
  gtk_window_present (GTK_WINDOW (win));
  return win;
}

static gboolean
nothing_opening (gpointer win)
{
  return dmk_window_get_n_opening (win) == 0;
}

void
wait_opened (DmkWindow *win)
{
  g_assert_true (iterate_until (nothing_opening, win));
}

void
open_files_and_wait (DmkWindow *win, GFile **files, guint n_files)
{
  dmk_window_open_files (win, files, n_files);
  wait_opened (win);
}

void
destroy_window (DmkWindow *win)
{
  GtkWindow *dialog = dmk_window_get_error_dialog (win);

  if (dialog != NULL)
    gtk_window_destroy (dialog);
  gtk_window_destroy (GTK_WINDOW (win));
  /* Let pending describe and scan tasks finish while nothing else runs. */
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
}

char *
expected_text (DmkUnit unit, const DmkTestResult *t)
{
  return dmk_unit_format (unit, dmk_unit_value (unit, t->mb_per_s, t->iops, t->latency_us.mean));
}

static void
test_no_display (void)
{
  g_test_skip ("no display: run under xvfb-run");
}

/* In Xvfb's child: it ends when the test does, however the test ends (an abort, a timeout). */
static void
die_with_parent (gpointer data)
{
  (void) data;
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

/* A display of the test's own (DMK_TEST_OWN_DISPLAY=1, set by meson for the window tests), so
 * that window tests run side by side: no other test's window covers the one this test clicks,
 * takes its focus or its clipboard. Xvfb picks a free display itself (-displayfd), so that test
 * runs in other build trees beside this one do not collide either. Without Xvfb the test uses
 * the display it was given. */
static void
own_display (void)
{
  g_autofree char *xvfb = g_find_program_in_path ("Xvfb");
  const char *argv[] = { NULL, "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten",
                         "tcp", "-noreset", NULL };
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) server = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *display = NULL;
  char buf[32];
  gsize n = 0;
  int fds[2];

  if (g_strcmp0 (g_getenv ("DMK_TEST_OWN_DISPLAY"), "1") != 0 || xvfb == NULL)
    return;
  g_assert_no_errno (pipe (fds));
  argv[0] = xvfb;
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                        G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_take_fd (launcher, fds[1], 3);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  server = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_clear_object (&launcher); /* closes this side's copy of the write end */
  if (server == NULL)
    {
      close (fds[0]);
      g_printerr ("# no display of its own (%s): using DISPLAY\n", error->message);
      return;
    }
  /* Xvfb writes its display number and a newline once it accepts clients. */
  while (n < sizeof buf - 1)
    {
      ssize_t got = read (fds[0], buf + n, 1);

      if (got <= 0 || buf[n] == '\n')
        break;
      n++;
    }
  close (fds[0]);
  buf[n] = '\0';
  if (n == 0)
    {
      g_printerr ("# Xvfb gave no display number: using DISPLAY\n");
      return;
    }
  display = g_strdup_printf (":%s", buf);
  g_setenv ("DISPLAY", display, TRUE);
  g_unsetenv ("XAUTHORITY"); /* the outer display's cookie is not this one's */
  g_unsetenv ("WAYLAND_DISPLAY");
  /* Leaked on purpose: the server lives as long as the test, and dies with it. */
  (void) g_steal_pointer (&server);
}

/* A crash in a window test is printed with its stack before the process dies, so that a rare
 * one on CI (where nothing else is kept) can be read afterwards: backtrace() is async-signal-safe
 * once loaded, and the test programs export their symbols (meson: export_dynamic). */
static void
crashed (int sig)
{
  void *frames[64];
  int n = backtrace (frames, G_N_ELEMENTS (frames));
  static const char head[] = "# crashed; the stack:\n";

  if (write (STDERR_FILENO, head, sizeof head - 1) < 0)
    _exit (128 + sig);
  backtrace_symbols_fd (frames, n, STDERR_FILENO);
  signal (sig, SIG_DFL);
  raise (sig);
}

static void
report_crashes (void)
{
  void *warm[1];

#ifdef __SANITIZE_ADDRESS__
  return; /* AddressSanitizer reports a crash better, and its handler stays */
#endif
  backtrace (warm, 1); /* loads libgcc now, not in the handler */
  signal (SIGSEGV, crashed);
  signal (SIGBUS, crashed);
  signal (SIGFPE, crashed);
  signal (SIGILL, crashed);
}

gboolean
dmk_test_gui_init (int *argc, char ***argv, const char *suite)
{
  g_test_init (argc, argv, NULL);
  report_crashes ();
  own_display ();
  if (!gtk_init_check ())
    {
      /* One test that reports the skip, so TAP says why nothing ran. */
      g_autofree char *path = g_strdup_printf ("/%s/no-display", suite);
      g_test_add_func (path, test_no_display);
      return FALSE;
    }
  adw_init ();
  return TRUE;
}

gboolean
widget_shown (gpointer widget)
{
  return gtk_widget_get_mapped (GTK_WIDGET (widget)) && gtk_widget_get_width (widget) > 0;
}

void
settle (void)
{
  for (int round = 0; round < 5; round++)
    {
      g_usleep (50 * 1000);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
}

/* Runs xdotool with args; FALSE (and a skip) when it is missing. */
gboolean
xdotool (const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (char *) "xdotool");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                     NULL, &status, &error))
    return FALSE;
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return TRUE;
}

void
widget_surface_point (GtkWidget *widget, char **xid, char **x, char **y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  graphene_point_t p;
  double sx = 0, sy = 0;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.f,
                                                                 gtk_widget_get_height (widget) / 2.f),
                                           &p));
  gtk_native_get_surface_transform (native, &sx, &sy);
  *xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  *x = g_strdup_printf ("%d", (int) (p.x + sx));
  *y = g_strdup_printf ("%d", (int) (p.y + sy));
}

/* Moves the X pointer to the middle of widget and presses a mouse button there. */
gboolean
pointer_click_button_on (GtkWidget *widget, int button)
{
  g_autofree char *xid = NULL, *x = NULL, *y = NULL;
  g_autofree char *b = g_strdup_printf ("%d", button);

  widget_surface_point (widget, &xid, &x, &y);
  {
    const char *args[] = { "mousemove", "--sync", "--window", xid, x, y, "click", b, NULL };
    return xdotool (args);
  }
}

gboolean
pointer_click_on (GtkWidget *widget)
{
  return pointer_click_button_on (widget, 1);
}

gboolean
press_key (GtkWidget *widget, const char *key)
{
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));
  g_autofree char *xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  /* Real key events (XTEST) into the window given the X focus, not events sent to it: those
   * would miss a menu's keyboard grab. */
  const char *args[] = { "windowfocus", "--sync", xid, "key", "--clearmodifiers", key, NULL };

  return xdotool (args);
}


guchar *
widget_pixels (GtkWidget *widget, int *width, int *height)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  guchar *pixels;

  g_assert_nonnull (renderer);
  g_assert_cmpint (w, >, 0);
  g_assert_cmpint (h, >, 0);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return NULL;
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  pixels = g_malloc ((gsize) w * h * 4);
  gdk_texture_download (texture, pixels, (gsize) w * 4);
  *width = w;
  *height = h;
  return pixels;
}

double
pixel_share (GtkWidget *widget, PixelTest is)
{
  int w = 0, h = 0;
  g_autofree guchar *pixels = widget_pixels (widget, &w, &h);
  guint n = 0;

  /* GDK_MEMORY_DEFAULT: B, G, R, A, premultiplied. */
  for (int i = 0; pixels != NULL && i < w * h; i++)
    n += is (pixels[i * 4 + 2], pixels[i * 4 + 1], pixels[i * 4]);
  return pixels != NULL && w * h > 0 ? (double) n / (w * h) : 0;
}

/* ---- clipboard and menus ---- */

typedef struct
{
  char *text;
  gboolean done;
} ClipRead;

static void
clip_read_done (GObject *source, GAsyncResult *res, gpointer data)
{
  ClipRead *c = data;

  c->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), res, NULL);
  c->done = TRUE;
}

static gboolean
clip_read_finished (gpointer data)
{
  return ((ClipRead *) data)->done;
}

char *
read_clipboard (GtkWidget *widget)
{
  ClipRead clip = { 0 };

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, clip_read_done, &clip);
  g_assert_true (iterate_until (clip_read_finished, &clip));
  return clip.text;
}

static void
flag_set_true (gboolean *flag)
{
  *flag = TRUE;
}

/* The clipboard emptied and watched: *changed turns TRUE when something is copied. */
gulong
watch_clipboard (DmkWindow *win, gboolean *changed)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (win));

  gdk_clipboard_set_text (clipboard, "");
  *changed = FALSE;
  return g_signal_connect_swapped (clipboard, "changed", G_CALLBACK (flag_set_true), changed);
}

gboolean
has_popover_child (gpointer button)
{
  GtkWidget *last = gtk_widget_get_last_child (button);
  return last != NULL && GTK_IS_POPOVER (last) && gtk_widget_get_mapped (last);
}

gboolean
no_popover_child (gpointer button)
{
  GtkWidget *last = gtk_widget_get_last_child (button);
  return last == NULL || !GTK_IS_POPOVER (last);
}

/* The first item of a popover menu (GtkModelButton is private: found by its type's name). */
GtkWidget *
find_model_button (GtkWidget *widget)
{
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_model_button (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
dmk_test_find_shown_of_type (GtkWidget *root, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && gtk_widget_get_mapped (root))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = dmk_test_find_shown_of_type (c, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
dmk_test_find_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = dmk_test_find_label (c, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct
{
  DmkWindow *win;
  const char *path;
  guint pos;
} Listed;

static gboolean
device_listed (gpointer data)
{
  Listed *l = data;
  GListModel *model = gtk_drop_down_get_model (
    GTK_DROP_DOWN (dmk_window_get_target_dropdown (l->win)));
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (DmkTargetItem) item = g_list_model_get_item (model, i);
      /* The first scan's item, not a placeholder: that one has no size yet. */
      if (dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_DEVICE &&
          g_strcmp0 (dmk_target_item_get_path (item), l->path) == 0 &&
          dmk_target_item_get_size (item) > 0)
        {
          l->pos = i;
          return TRUE;
        }
    }
  return FALSE;
}

DmkTargetItem *
select_device (DmkWindow *win, const char *path)
{
  Listed l = { win, path, GTK_INVALID_LIST_POSITION };
  GtkDropDown *dd = GTK_DROP_DOWN (dmk_window_get_target_dropdown (win));

  g_assert_true (iterate_until (device_listed, &l));
  gtk_drop_down_set_selected (dd, l.pos);
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, path);
  return gtk_drop_down_get_selected_item (dd);
}

DmkTargetItem *
selected_item (DmkWindow *win)
{
  return gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dmk_window_get_target_dropdown (win)));
}

/* The target list's scans and the folder's description have landed (they move items under the
 * dropdown), and the events they queued are handled. */
gboolean
chooser_settled (gpointer chooser)
{
  if (dmk_target_chooser_is_busy (chooser))
    return FALSE;
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return !dmk_target_chooser_is_busy (chooser);
}

void
assert_file_is_card (DmkCard *card, const char *path)
{
  DmkCardOptions options = { FALSE, 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) want = dmk_card_render (card, &options, DMK_CARD_PNG, &error);
  g_autofree char *got = NULL;
  gsize len = 0;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &got, &len, NULL));
  g_assert_cmpmem (got, len, g_bytes_get_data (want, NULL), g_bytes_get_size (want));
}

guint
history_entries (const char *path)
{
  g_autoptr (DmkHistory) h = NULL;
  g_autoptr (GPtrArray) all = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return 0;
  h = dmk_history_open (path, 5000, NULL);
  g_assert_nonnull (h);
  all = dmk_history_list (h, NULL, NULL);
  g_assert_nonnull (all);
  return all->len;
}
