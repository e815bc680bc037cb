/* test-window-fit.c: the primary menu fits inside the window at its default size (issue 2/6):
 * every page of it, the main one and each submenu, as GTK lays it out in the real popover. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "dmk-test-gui.h"

/* The first widget of type under root, depth first. */
static GtkWidget *
find_descendant (GtkWidget *root, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_descendant (c, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct
{
  int win_w, win_h;
  double below;    /* y of the menu button's bottom edge, in the window */
  guint pages;
  int tallest;
  char *tallest_name;
} Fit;

/* Shows one page of the menu's stack and checks the popover's size against the room the window
 * leaves under the menu button. */
static void
check_page (GtkPopover *popover, GtkStack *stack, GtkStackPage *page, Fit *fit)
{
  const char *name = gtk_stack_page_get_name (page);
  int w, h;

  gtk_stack_set_visible_child (stack, gtk_stack_page_get_child (page));
  settle ();
  gtk_widget_measure (GTK_WIDGET (popover), GTK_ORIENTATION_VERTICAL, -1, NULL, &h, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (popover), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
  g_test_message ("menu page \"%s\": %d × %d px; room under the button: %d × %.0f px",
                  name ? name : "(main)", w, h, fit->win_w, fit->win_h - fit->below);
  if (h > fit->tallest)
    {
      fit->tallest = h;
      g_free (fit->tallest_name);
      fit->tallest_name = g_strdup (name);
    }
  fit->pages++;
  if (fit->below + h > fit->win_h || w > fit->win_w)
    g_test_fail_printf ("the menu's page \"%s\" (%d × %d px) does not fit in the default "
                        "window (%d × %d px, menu button's bottom at %.0f px)",
                        name ? name : "main", w, h, fit->win_w, fit->win_h, fit->below);
}

static void
check_menu_fits (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *dir = make_target_dir ();
  Fit fit = { 0 };
  DmkWindow *win;
  GtkMenuButton *button;
  GtkPopover *popover;
  GtkStack *stack;
  GListModel *pages;
  graphene_point_t bottom;

  reset_settings ();
  win = new_window (dir);
  g_assert_true (iterate_until (widget_shown, win));
  settle ();
  fit.win_w = gtk_widget_get_width (GTK_WIDGET (win));
  fit.win_h = gtk_widget_get_height (GTK_WIDGET (win));
  /* The window as a first start sizes it (client-side decorations may take a few pixels). */
  g_assert_cmpint (fit.win_w, <=, g_settings_get_int (s, "window-width"));
  g_assert_cmpint (fit.win_h, <=, g_settings_get_int (s, "window-height"));
  g_assert_cmpint (fit.win_h, >, g_settings_get_int (s, "window-height") - 40);

  button = GTK_MENU_BUTTON (dmk_window_get_menu_button (win));
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (button), GTK_WIDGET (win),
                                           &GRAPHENE_POINT_INIT (0, gtk_widget_get_height (
                                                                       GTK_WIDGET (button))),
                                           &bottom));
  fit.below = bottom.y;
  gtk_menu_button_popup (button);
  popover = gtk_menu_button_get_popover (button);
  g_assert_nonnull (popover);
  g_assert_true (iterate_until (widget_shown, popover));
  stack = GTK_STACK (find_descendant (GTK_WIDGET (popover), GTK_TYPE_STACK));
  g_assert_nonnull (stack);
  /* Each page's own size, not a moment of the slide between two. */
  gtk_stack_set_transition_type (stack, GTK_STACK_TRANSITION_TYPE_NONE);

  pages = G_LIST_MODEL (gtk_stack_get_pages (stack));
  for (guint i = 0; i < g_list_model_get_n_items (pages); i++)
    {
      GtkStackPage *page = g_list_model_get_item (pages, i);

      check_page (popover, stack, page, &fit);
      g_object_unref (page);
    }
  g_object_unref (pages);
  /* The main page and one page per submenu, one level deep (settings live in Preferences):
   * Profile, Open Recent, Save, Drive at least. */
  g_assert_cmpuint (fit.pages, >=, 5);
  g_test_message ("tallest page: \"%s\", %d px", fit.tallest_name, fit.tallest);
  g_free (fit.tallest_name);
  gtk_menu_button_popdown (button);
  destroy_window (win);
}

static void
test_menu_fits (void)
{
  check_menu_fits ();
}

/* Japanese and Chinese labels are wider per character; the same pages must fit. */
static void
test_menu_fits_translated (gconstpointer data)
{
  const char *locale = data;
  g_autofree char *old = g_strdup (setlocale (LC_ALL, NULL));

  if (setlocale (LC_ALL, locale) == NULL)
    {
      g_test_skip_printf ("the %s locale is not installed (locale-gen)", locale);
      return;
    }
  /* The window's labels are the catalog's: the test would prove nothing in English. */
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "_Profile"), !=, "_Profile");
  check_menu_fits ();
  setlocale (LC_ALL, old);
}

/* A first run fills the grid and adds the facts lines under it: the window at its default size
 * has room for them, so it does not jump taller under the pointer when the run ends. */
static void
test_no_growth_after_run (gconstpointer data)
{
  const char *where = data;
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *dir = NULL;
  DmkWindow *win;
  int before, after;

  if (g_strcmp0 (where, "tmpfs") == 0)
    {
      /* /dev/shm: a tmpfs, whose result carries a warning line as well. */
      dir = g_build_filename ("/dev/shm", "dmk-fit-XXXXXX", NULL);
      if (g_mkdtemp (dir) == NULL)
        {
          g_test_skip ("no /dev/shm to test in");
          return;
        }
    }
  else
    dir = make_target_dir ();
  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (s, "mode", "read");
  win = new_window (dir);
  g_assert_true (iterate_until (widget_shown, win));
  settle ();
  before = gtk_widget_get_height (GTK_WIDGET (win));
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_nonnull (dmk_window_get_shown_result (win));
  settle ();
  after = gtk_widget_get_height (GTK_WIDGET (win));
  g_test_message ("window height on %s: %d px before the run, %d px after", where, before, after);
  g_assert_cmpint (after, ==, before);
  destroy_window (win);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  if (!dmk_test_gui_init (&argc, &argv, "window-fit"))
    return g_test_run ();
  if (g_getenv ("GDISKMARK_LOCALEDIR") != NULL)
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("GDISKMARK_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_add_func ("/window-fit/menu", test_menu_fits);
  g_test_add_data_func ("/window-fit/menu/ja", "ja_JP.UTF-8", test_menu_fits_translated);
  g_test_add_data_func ("/window-fit/menu/zh_CN", "zh_CN.UTF-8", test_menu_fits_translated);
  g_test_add_data_func ("/window-fit/no-growth/folder", "folder", test_no_growth_after_run);
  g_test_add_data_func ("/window-fit/no-growth/tmpfs", "tmpfs", test_no_growth_after_run);
  return g_test_run ();
}
