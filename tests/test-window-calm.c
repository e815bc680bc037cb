/* test-window-calm.c: one calm screen, whatever the result says (issue 46): a result with nine
 * warnings, opened in the real window under a window manager at the default 640×583, a laptop's
 * 1280×768 (the test display is 1280 wide) and 546×700: the window keeps its size, and the
 * comment field, the status line and the view switcher lie inside it, by their allocations;
 * the warnings are one line with Details, whose popover (opened by a real click) holds every
 * one of them. With GDISKMARK_SCREENSHOT_DIR set, each size is captured there (collapsed and
 * expanded), to be looked at. */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "dmk-test-loop.h"
#include "dmk-test-wm.h"

#define N_WARNINGS 9
#define LINE 40       /* px: one line of the warnings' row, with its spacing */
#define FACTS_LINE 20 /* px: one line of the facts */

/* A GDiskMark result (the fuzzers' seed of a default run with a mix) with nine warnings of the
 * kinds a short run on tmpfs gets. */
static char *
result_with_warnings (const char *dir)
{
  g_autofree char *run = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "fuzz", "seeds",
                                           "grid-default-mix.json", NULL);
  g_autofree char *path = g_build_filename (dir, "warned.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = dmk_result_load (run, &error);

  g_assert_no_error (error);
  /* Without its mix column: that grid is wider than the smallest window, a size of its own. */
  for (guint i = r->tests->len; i-- > 0;)
    if (((DmkTestResult *) g_ptr_array_index (r->tests, i))->direction == DMK_DIRECTION_MIX)
      g_ptr_array_remove_index (r->tests, i);
  r->settings.mix_read_percent = 0;
  g_ptr_array_set_size (r->warnings, 0);
  /* Seven tests whose passes scatter (their first pass 15–27 % above the second), warned by the
   * core's own check, in the language of the run. */
  for (guint i = 0; i < r->tests->len && r->warnings->len < N_WARNINGS - 2; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);

      g_assert_cmpuint (t->passes->len, >=, 2);
      g_array_index (t->passes, DmkPass, 0).mb_per_s =
        g_array_index (t->passes, DmkPass, 1).mb_per_s * (1.15 + 0.02 * i);
      dmk_plausibility_check_test (r, t, NULL);
    }
  g_ptr_array_add (r->warnings, g_strdup ("The target is on tmpfs, which lives in memory: the "
                                          "numbers are the memory's, not a disk's"));
  g_ptr_array_add (r->warnings, g_strdup ("The engine io_uring was not available for RND4K Q32T1: "
                                          "it ran on libaio"));
  g_assert_cmpuint (r->warnings->len, ==, N_WARNINGS);
  g_assert_true (dmk_result_save (r, path, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&path);
}

static gboolean
size_is (gpointer data)
{
  GtkWidget *win = data;
  int *want = g_object_get_data (G_OBJECT (win), "want");

  /* The size given is the window's with its frame: the widget is up to 10 px smaller. Narrower
   * than the grid's least width (546: the window's narrowest), the window keeps to that. */
  return (ABS (gtk_widget_get_width (win) + 5 - want[0]) <= 5 ||
          (gtk_widget_get_width (win) > want[0] && gtk_widget_get_width (win) < 640)) &&
         ABS (gtk_widget_get_height (win) + 5 - want[1]) <= 5;
}

/* The window's content, in its own coordinates (which start at its frame's edge). */
static graphene_rect_t
content_of (DmkWindow *win)
{
  graphene_rect_t w = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (win));

  g_assert_true (gtk_widget_compute_bounds (content, GTK_WIDGET (win), &w));
  return w;
}

static double inside_fraction (DmkWindow *win, GtkWidget *widget);

/* widget is shown and lies inside win. */
static void
assert_inside (DmkWindow *win, GtkWidget *widget, const char *what)
{
  graphene_rect_t b, w = content_of (win);

  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (win), &b));
  g_test_message ("%s: %.0f,%.0f %.0f×%.0f in the window's %.0f,%.0f %.0f×%.0f", what,
                  b.origin.x, b.origin.y, b.size.width, b.size.height, w.origin.x, w.origin.y,
                  w.size.width, w.size.height);
  g_assert_cmpfloat (b.size.height, >, 0);
  g_assert_cmpfloat (inside_fraction (win, widget), >=, 0.9);
}

static GtkWidget *find_type (GtkWidget *w, GType type);

/* How much of widget's height lies inside the window's content (0 when it is not shown). The
 * view switcher at the window's least height has a few pixels of its bottom padding past the
 * edge (its labels whole, as the screenshots show): 90 % is "inside". */
static double
inside_fraction (DmkWindow *win, GtkWidget *widget)
{
  graphene_rect_t b, w = content_of (win), in;

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, GTK_WIDGET (win), &b) ||
      b.size.height <= 0 || !graphene_rect_intersection (&w, &b, &in))
    return 0;
  return in.size.width < b.size.width ? 0 : in.size.height / b.size.height;
}

static gboolean
lies_inside (DmkWindow *win, GtkWidget *widget)
{
  return inside_fraction (win, widget) >= 0.9;
}

/* The window has settled on its size (it fits its height to what it shows in an idle, after a
 * round trip through the window manager): everything that must be seen is inside it. */
static gboolean
settled_inside (gpointer data)
{
  DmkWindow *win = data;

  return lies_inside (win, GTK_WIDGET (win->comment_entry)) &&
         lies_inside (win, GTK_WIDGET (win->status_label)) &&
         lies_inside (win, find_type (GTK_WIDGET (win), ADW_TYPE_VIEW_SWITCHER));
}

static GtkWidget *
find_type (GtkWidget *w, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_type (c, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The whole screen as a user sees it (popovers included), when screenshots are asked for. */
static void
capture (const char *name)
{
  const char *dir = g_getenv ("GDISKMARK_SCREENSHOT_DIR");
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  {
    const char *argv[] = { "import", "-window", "root", path, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, NULL), ==, 0);
  }
  g_test_message ("screenshot: %s", path);
}

static gboolean
popover_shown (gpointer data)
{
  GtkPopover *p = gtk_menu_button_get_popover (GTK_MENU_BUTTON (data));

  return p != NULL && gtk_widget_get_mapped (GTK_WIDGET (p));
}

static gboolean
popover_hidden (gpointer data)
{
  return !popover_shown (data);
}

typedef struct
{
  int size[2];
  const char *locale; /* NULL: the tests' own (English) */
} Case;

static void
check_size (gconstpointer data)
{
  const Case *c = data;
  const int *size = c->size;
  g_autofree char *old = g_strdup (setlocale (LC_ALL, NULL));
  g_autofree char *dir = make_target_dir ();
  g_autofree char *json = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *shot = NULL;
  DmkWindow *win;
  DmkResult *shown;
  const char *all;
  int before[2], after;
  guint marked = 0;

  if (c->locale != NULL)
    {
      if (setlocale (LC_ALL, c->locale) == NULL)
        {
          g_test_skip_printf ("the %s locale is not installed (locale-gen)", c->locale);
          return;
        }
      /* Longer or wider lines are the point: the test would prove nothing in English. */
      g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "_Details"), !=, "_Details");
    }
  /* The run's warnings in its own language, as a run there would have them. */
  json = result_with_warnings (dir);
  file = g_file_new_for_path (json);
  reset_settings ();
  win = dmk_window_new (NULL);
  dmk_window_set_target_path (win, dir);
  gtk_window_set_default_size (GTK_WINDOW (win), size[0], size[1]);
  g_object_set_data (G_OBJECT (win), "want", (gpointer) size);
  gtk_window_present (GTK_WINDOW (win));
  g_assert_true (iterate_until (size_is, win));
  before[0] = gtk_widget_get_width (GTK_WIDGET (win));
  before[1] = gtk_widget_get_height (GTK_WIDGET (win));
  open_files_and_wait (win, &file, 1);
  settle ();
  if (!iterate_until (settled_inside, win))
    g_test_message ("the window did not settle with everything inside it");
  /* The window kept its width, and grew by the warnings' one line at most (before it fixed,
   * 9 warnings wrapped to 20 lines and more, past the screen's bottom). */
  g_test_message ("window %d×%d, %d×%d before the result", gtk_widget_get_width (GTK_WIDGET (win)),
                  gtk_widget_get_height (GTK_WIDGET (win)), before[0], before[1]);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (win)), ==, before[0]);
  /* In Japanese and Chinese the facts line takes one more line. */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (win)), <=,
                   before[1] + LINE + (c->locale != NULL ? FACTS_LINE : 0));
  after = gtk_widget_get_height (GTK_WIDGET (win));

  if (dmk_window_get_error_dialog (win) != NULL)
    g_test_message ("error: %s", adw_message_dialog_get_body (
                                   ADW_MESSAGE_DIALOG (dmk_window_get_error_dialog (win))));
  g_assert_null (dmk_window_get_error_dialog (win));
  g_assert_nonnull (dmk_window_get_shown_result (win));
  g_test_message ("shown: %u warnings; facts: %s", dmk_window_get_shown_result (win)->warnings->len,
                  dmk_window_get_facts_text (win));
  /* The warnings: one line, with Details; the seven tests' scatter is one note of three. */
  shown = dmk_window_get_shown_result (win);
  g_assert_true (gtk_widget_get_visible (win->warnings_row));
  g_assert_true (gtk_widget_get_visible (win->warnings_button));
  g_test_message ("summary: %s", gtk_label_get_text (win->warnings_summary));
  if (c->locale == NULL)
    g_assert_true (g_str_has_prefix (gtk_label_get_text (win->warnings_summary), "3 notes: "));
  else
    g_assert_cmpstr (gtk_menu_button_get_label (GTK_MENU_BUTTON (win->warnings_button)), !=,
                     "_Details");
  /* Each test's own warning is marked on its cell: the text first in its tooltip and in what a
   * screen reader says of it. */
  for (guint i = 0; i < shown->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (shown->tests, i);
      int row = dmk_result_grid_find_row (win->grid, &t->spec);
      DmkResultCell *cell = dmk_result_grid_get_cell (win->grid, (guint) row, t->direction);
      const char *warning = dmk_result_cell_get_warning (cell);
      GtkWidget *icon = find_type (GTK_WIDGET (cell), GTK_TYPE_IMAGE);
      g_autofree char *name = dmk_test_spec_to_name (&t->spec);

      g_assert_nonnull (icon);
      if (warning == NULL)
        {
          g_assert_false (gtk_widget_get_mapped (icon));
          continue;
        }
      marked++;
      g_assert_true (gtk_widget_get_mapped (icon));
      g_assert_true (g_str_has_prefix (warning, name));
      g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (cell)), warning));
      g_assert_nonnull (strstr (dmk_result_cell_get_accessible_description (cell), warning));
      assert_inside (win, icon, "a cell's warning mark");
    }
  g_assert_cmpuint (marked, ==, N_WARNINGS - 2);
  assert_inside (win, GTK_WIDGET (win->warnings_summary), "the warnings' line");
  assert_inside (win, win->warnings_button, "Details");
  assert_inside (win, GTK_WIDGET (win->comment_entry), "the comment");
  assert_inside (win, GTK_WIDGET (win->status_label), "the status line");
  assert_inside (win, find_type (GTK_WIDGET (win), ADW_TYPE_VIEW_SWITCHER),
                 "the view switcher");
  shot = g_strdup_printf ("warnings-%dx%d%s%s.png", size[0], size[1], c->locale ? "-" : "",
                          c->locale ? c->locale : "");
  capture (shot);

  /* Details, by a real click: every warning is there. */
  g_assert_true (pointer_click_on (win->warnings_button));
  g_assert_true (iterate_until (popover_shown, win->warnings_button));
  all = gtk_label_get_text (win->warnings_label);
  g_test_message ("details: %s", all);
  for (guint i = 0; i < shown->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (shown->tests, i);
      g_autofree char *name = dmk_test_spec_to_name (&t->spec);
      g_autofree char *in_note = g_strdup_printf ("%s %s ", name,
                                                  dmk_direction_report_label (t->direction));
      int row = dmk_result_grid_find_row (win->grid, &t->spec);

      if (dmk_result_cell_get_warning (dmk_result_grid_get_cell (win->grid, (guint) row,
                                                                 t->direction)) != NULL)
        g_assert_nonnull (strstr (all, in_note));
    }
  for (guint i = N_WARNINGS - 2; i < shown->warnings->len; i++)
    g_assert_nonnull (strstr (all, shown->warnings->pdata[i]));
  settle ();
  g_free (shot);
  shot = g_strdup_printf ("warnings-%dx%d%s%s-details.png", size[0], size[1],
                          c->locale ? "-" : "", c->locale ? c->locale : "");
  capture (shot);
  /* Escape closes it; the window is as it was. */
  g_assert_true (press_key (GTK_WIDGET (win->warnings_label), "Escape"));
  g_assert_true (iterate_until (popover_hidden, win->warnings_button));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (win)), ==, after);
  destroy_window (win);
  g_unlink (json);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  setlocale (LC_ALL, old);
}

/* Say what ran (issue 46): a result of the Flash profile (its own 30 s between tests), until
 * stable (the tests ran 2 and 3 passes), verified without a mismatch: the line over it says
 * the passes run, the rest between tests and the verification. */
static void
test_says_what_ran (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *run = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "fuzz", "seeds",
                                           "grid-default-mix.json", NULL);
  g_autofree char *path = g_build_filename (dir, "ran.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = dmk_result_load (run, &error);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  DmkTestResult *t;
  DmkPass extra;
  const char *facts;
  DmkWindow *win;

  g_assert_no_error (error);
  g_free (r->settings.profile);
  r->settings.profile = g_strdup ("flash");
  r->settings.interval_s = 30;
  r->settings.until_stable = TRUE;
  r->settings.verify = TRUE;
  memset (&r->verify, 0, sizeof r->verify);
  r->verify.checked = 4096;
  t = g_ptr_array_index (r->tests, 0);
  g_assert_cmpuint (t->passes->len, ==, 2);
  extra = g_array_index (t->passes, DmkPass, 0);
  dmk_test_result_add_pass_series (t, &extra, NULL, NULL);
  g_assert_true (dmk_result_save (r, path, &error));
  g_assert_no_error (error);

  reset_settings ();
  win = dmk_window_new (NULL);
  dmk_window_set_target_path (win, dir);
  gtk_window_present (GTK_WINDOW (win));
  open_files_and_wait (win, &file, 1);
  facts = dmk_window_get_facts_text (win);
  g_test_message ("facts: %s", facts);
  g_assert_nonnull (strstr (facts, "2–3 × 16 MiB"));
  g_assert_nonnull (strstr (facts, "2 to 6 passes (until stable)"));
  g_assert_nonnull (strstr (facts, "30 s between tests"));
  g_assert_nonnull (strstr (facts, "verified, 0 mismatches"));
  destroy_window (win);
  g_unlink (path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  /* Japanese and Chinese: the facts line wraps to more lines than in English. */
  static const Case cases[] = {
    { { 640, 583 }, NULL },         { { 1280, 768 }, NULL },
    { { 546, 700 }, NULL },
    { { 640, 583 }, "ja_JP.UTF-8" },
    { { 546, 700 }, "ja_JP.UTF-8" }, { { 640, 583 }, "zh_CN.UTF-8" },
  };
  int status;

  if (!dmk_test_gui_init (&argc, &argv, "window-calm"))
    return g_test_run ();
  if (g_getenv ("GDISKMARK_LOCALEDIR") != NULL)
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("GDISKMARK_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  start_window_manager ();
  test_application ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/window-calm/warnings/%dx%d%s%.5s",
                                               cases[i].size[0], cases[i].size[1],
                                               cases[i].locale ? "/" : "",
                                               cases[i].locale ? cases[i].locale : "");
      g_test_add_data_func (path, &cases[i], check_size);
    }
  g_test_add_func ("/window-calm/says-what-ran", test_says_what_ran);
  status = g_test_run ();
  stop_window_manager ();
  return status;
}
