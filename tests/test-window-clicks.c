/* test-window-clicks.c: no lost click (issue 46): a user chooses from a dropdown or the main
 * menu and clicks the next control at a person's pace, 200–400 ms after the release; that click
 * must do what it should. Real pointer events (xdotool, one process for the choice and the click
 * after it, as a hand makes them, while the window's main loop runs) into the real window under
 * a window manager; some clicks come without the pointer moving first (the control the last
 * sequence opened). Every sequence is counted; all of them must land.
 *
 * Before the fix (dmk_popovers_release_pointer_on_close), on GTK 4.8.3 with libadwaita's style
 * under Xvfb and openbox, the first click after a popover closed went to a widget of that closed
 * popover (GTK's pointer focus, not X, sent it there) and did nothing unless the pointer had
 * moved in between: here 7 of 20 clicks that open a dropdown were lost; in a plain GTK window
 * with two dropdowns 7 of 10 with libadwaita's stylesheet, none without it. */
#include "config.h"

#include <gdk/x11/gdkx.h>

#include "dmk-test-wm.h"

#define SEQUENCES 20

/* The popover a control opens: a dropdown's list, a menu button's menu. */
static GtkWidget *
popover_of (GtkWidget *control)
{
  if (GTK_IS_MENU_BUTTON (control))
    return GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (control)));
  for (GtkWidget *c = gtk_widget_get_last_child (control); c != NULL;
       c = gtk_widget_get_prev_sibling (c))
    if (GTK_IS_POPOVER (c))
      return c;
  return NULL;
}

static gboolean
popover_open (gpointer control)
{
  GtkWidget *p = popover_of (control);

  return p != NULL && gtk_widget_get_mapped (p);
}

static gboolean
popover_closed (gpointer control)
{
  return !popover_open (control);
}

/* The n-th shown row of a dropdown's open list. */
static void
collect_rows (GtkWidget *w, GPtrArray *rows)
{
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (w), "GtkListItemWidget") == 0 && gtk_widget_get_mapped (w))
    g_ptr_array_add (rows, w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_rows (c, rows);
}

static int
by_y (gconstpointer a, gconstpointer b, gpointer data)
{
  graphene_point_t pa, pb;

  g_assert_true (gtk_widget_compute_point (*(GtkWidget **) a, data, &GRAPHENE_POINT_INIT (0, 0), &pa));
  g_assert_true (gtk_widget_compute_point (*(GtkWidget **) b, data, &GRAPHENE_POINT_INIT (0, 0), &pb));
  return pa.y < pb.y ? -1 : pa.y > pb.y;
}

static gboolean
keep_ticking (gpointer data)
{
  (void) data;
  return G_SOURCE_CONTINUE;
}

/* Whether cond holds within ms (a click acts at once: seconds would be a lost one). */
static gboolean
holds_within (Cond cond, gpointer data, guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;
  guint tick = g_timeout_add (10, keep_ticking, NULL);

  while (!cond (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  return cond (data);
}

typedef struct
{
  gboolean done;
  gboolean ok;
} Spawned;

static void
spawned_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Spawned *s = data;

  s->ok = g_subprocess_wait_check_finish (G_SUBPROCESS (source), res, NULL);
  s->done = TRUE;
}

/* Runs xdotool with args while the main loop goes on. */
static void
xdotool_async (const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) p = NULL;
  g_autoptr (GError) error = NULL;
  Spawned s = { FALSE, FALSE };

  g_ptr_array_add (argv, (char *) "xdotool");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  p = g_subprocess_newv ((const char *const *) argv->pdata, G_SUBPROCESS_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_subprocess_wait_check_async (p, NULL, spawned_done, &s);
  g_assert_true (iterate_until (flag_set, &s.done));
  g_assert_true (s.ok);
}

/* A click on widget by the pointer (moved there first, as a hand does). */
static void
click_at (GtkWidget *widget)
{
  g_autofree char *xid = NULL, *x = NULL, *y = NULL;

  widget_surface_point (widget, &xid, &x, &y);
  {
    const char *args[] = { "mousemove", "--window", xid, x, y, "sleep", "0.1", "click", "1", NULL };
    xdotool_async (args);
  }
}

/* Waits pause_ms (in xdotool, the main loop going on), then clicks widget. */
static void
click_after (GtkWidget *widget, guint pause_ms)
{
  g_autofree char *xid = NULL, *x = NULL, *y = NULL;
  g_autofree char *pause = g_strdup_printf ("%u.%03u", pause_ms / 1000, pause_ms % 1000);

  widget_surface_point (widget, &xid, &x, &y);
  {
    const char *args[] = { "sleep", pause, "mousemove", "--window", xid, x, y, "sleep", "0.05",
                           "click", "1", NULL };
    xdotool_async (args);
  }
}

/* Clicks item, then pause_ms after its release clicks next, in one xdotool run while the
 * window's main loop goes on (a blocking spawn would hold the events until both were made). */
static void
choose_then_click (GtkWidget *item, GtkWidget *next, guint pause_ms)
{
  g_autofree char *ixid = NULL, *ix = NULL, *iy = NULL, *nxid = NULL, *nx = NULL, *ny = NULL;
  g_autofree char *pause = g_strdup_printf ("%u.%03u", pause_ms / 1000, pause_ms % 1000);

  widget_surface_point (item, &ixid, &ix, &iy);
  widget_surface_point (next, &nxid, &nx, &ny);
  {
    const char *args[] = { "mousemove", "--window", ixid, ix, iy, "sleep", "0.15", "click", "1",
                           "sleep", pause, "mousemove", "--window", nxid, nx, ny, "sleep", "0.05",
                           "click", "1", NULL };
    xdotool_async (args);
  }
}

typedef struct
{
  DmkWindow *win;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  (void) data;
  reset_settings ();
  f->win = dmk_window_new (NULL);
  gtk_window_present (GTK_WINDOW (f->win));
  g_assert_true (iterate_until (widget_shown, f->win->unit_dropdown));
  settle ();
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  (void) data;
  destroy_window (f->win);
}

/* The dropdowns of the benchmark's row: pass count, size and unit (the target's list offers
 * places whose choice asks questions: it is only ever the next click). */
static void
test_dropdowns (Fixture *f, gconstpointer data)
{
  GtkWidget *choose[] = { GTK_WIDGET (f->win->passes_dropdown), GTK_WIDGET (f->win->size_dropdown),
                          GTK_WIDGET (f->win->unit_dropdown) };
  GtkWidget *next[] = { GTK_WIDGET (f->win->size_dropdown), GTK_WIDGET (f->win->unit_dropdown),
                        dmk_target_chooser_get_dropdown (f->win->target_chooser),
                        GTK_WIDGET (f->win->passes_dropdown) };
  guint landed = 0, chosen = 0, opened = 0, ignored = 0;

  (void) data;
  for (guint i = 0; i < SEQUENCES; i++)
    {
      GtkWidget *a = choose[i % G_N_ELEMENTS (choose)];
      GtkWidget *b = next[(i + i / G_N_ELEMENTS (choose)) % G_N_ELEMENTS (next)];
      guint pause = 200 + (i * 53) % 201;
      g_autoptr (GPtrArray) rows = g_ptr_array_new ();
      guint before = gtk_drop_down_get_selected (GTK_DROP_DOWN (a)), want;

      if (b == a)
        b = next[(i + 1) % G_N_ELEMENTS (next)];
      click_at (a);
      if (!holds_within (popover_open, a, 1500))
        {
          g_test_message ("sequence %u: the click that opens %s was lost", i,
                          gtk_widget_get_name (a));
          continue;
        }
      opened++;
      want = before == 0 ? 1 : 0;
      /* The choice, retried while the list ignores it (GTK 4.8 now and then leaves a list that
       * just opened without the row under the pointer, and a click on it does nothing: the
       * list stays open). Counted, not hidden. */
      for (guint tries = 0; gtk_drop_down_get_selected (GTK_DROP_DOWN (a)) != want; tries++)
        {
          g_assert_cmpuint (tries, <, 3);
          if (tries > 0)
            {
              ignored++;
              g_test_message ("sequence %u: the choice in %s was ignored", i,
                              gtk_widget_get_name (a));
            }
          if (!popover_open (a))
            {
              click_at (a);
              g_assert_true (holds_within (popover_open, a, 1500));
            }
          settle ();
          g_ptr_array_set_size (rows, 0);
          collect_rows (popover_of (a), rows);
          g_assert_cmpuint (rows->len, >=, 2);
          g_ptr_array_sort_with_data (rows, by_y, popover_of (a));
          click_at (g_ptr_array_index (rows, want));
          holds_within (popover_closed, a, 1000);
        }
      chosen++;
      /* The next click, pause_ms after the choice's release, as a hand makes it. */
      click_after (b, pause);
      if (holds_within (popover_open, b, 1500))
        landed++;
      else
        g_test_message ("sequence %u: the click on %s %u ms after choosing in %s was lost", i,
                        gtk_widget_get_name (b), pause, gtk_widget_get_name (a));
      press_key (b, "Escape");
      g_assert_true (iterate_until (popover_closed, b));
      settle ();
    }
  g_test_message ("%u of %u dropdowns opened, %u choices made (%u clicks on a row ignored), "
                  "%u next clicks landed", opened, SEQUENCES, chosen, ignored, landed);
  /* Before the fix 7 of the 20 clicks that open a dropdown were lost. */
  g_assert_cmpuint (opened, ==, SEQUENCES);
  g_assert_cmpuint (chosen, ==, SEQUENCES);
  g_assert_cmpuint (landed, ==, SEQUENCES);
}

/* The profile's id in the window's settings. */
static char *
profile_of (Fixture *f)
{
  return g_settings_get_string (f->win->settings, "profile");
}

/* The main menu: Profile, then a profile chosen with the pointer and, 200–400 ms after, a click
 * on the unit dropdown, which must open; the profile must be the one chosen. */
static void
test_main_menu (Fixture *f, gconstpointer data)
{
  static const char *const profiles[][2] = { { "Peak Performance", "peak" },
                                             { "Default", "default" } };
  GtkWidget *button = dmk_window_get_menu_button (f->win);
  GtkWidget *next = GTK_WIDGET (f->win->unit_dropdown);
  guint landed = 0, chosen = 0, opened = 0;

  (void) data;
  for (guint i = 0; i < SEQUENCES; i++)
    {
      const char *const *p = profiles[i % G_N_ELEMENTS (profiles)];
      guint pause = 200 + (i * 53) % 201;
      GtkWidget *menu;
      ItemWait w = { NULL, p[0], NULL };
      g_autofree char *profile = NULL;

      click_at (button);
      if (!holds_within (popover_open, button, 1500))
        {
          g_test_message ("sequence %u: the click that opens the main menu was lost", i);
          continue;
        }
      opened++;
      menu = popover_of (button);
      w.root = menu;
      click_menu_item (menu, "Profile");
      g_assert_true (iterate_until (item_shown, &w));
      settle ();
      choose_then_click (w.found, next, pause);
      profile = profile_of (f);
      if (g_strcmp0 (profile, p[1]) == 0)
        chosen++;
      else
        g_test_message ("sequence %u: “%s” chosen, the profile is %s", i, p[0], profile);
      if (holds_within (popover_open, next, 1500))
        landed++;
      else
        g_test_message ("sequence %u: the click on the unit %u ms after the menu was lost", i,
                        pause);
      press_key (next, "Escape");
      g_assert_true (iterate_until (popover_closed, next));
      settle ();
    }
  g_test_message ("%u of %u menus opened, %u profiles chosen, %u next clicks landed", opened,
                  SEQUENCES, chosen, landed);
  g_assert_cmpuint (opened, ==, SEQUENCES);
  g_assert_cmpuint (chosen, ==, SEQUENCES);
  g_assert_cmpuint (landed, ==, SEQUENCES);
}

static GtkWidget *
shown_toast (GtkWidget *root)
{
  /* libadwaita 1.2's toast widget is private: known by its type's name. */
  GType type = g_type_from_name ("AdwToastWidget");

  return type != 0 ? dmk_test_find_shown_of_type (root, type) : NULL;
}

static gboolean
toast_shown (gpointer win)
{
  return shown_toast (win) != NULL;
}

static gboolean
on_sustained (gpointer win)
{
  return g_strcmp0 (adw_view_stack_get_visible_child_name (DMK_WINDOW (win)->view_stack),
                    "sustained") == 0;
}

/* A toast never covers the view switcher (issue 46, item 12: a click on Sustained under a toast
 * did nothing): while one shows, its bounds stay above the switcher, and a pointer click on the
 * Sustained tab switches the view. */
static void
test_toast_spares_switcher (Fixture *f, gconstpointer data)
{
  GtkWidget *bar = dmk_test_find_shown_of_type (GTK_WIDGET (f->win), ADW_TYPE_VIEW_SWITCHER_BAR);
  GtkWidget *label = bar != NULL ? dmk_test_find_label (bar, "Sustained") : NULL;
  GtkWidget *tab = label != NULL ? gtk_widget_get_ancestor (label, GTK_TYPE_TOGGLE_BUTTON) : NULL;
  graphene_rect_t toast_box, bar_box;

  (void) data;
  g_assert_nonnull (tab);
  /* A toast of the window's own: Copy with nothing to copy. */
  g_action_group_activate_action (G_ACTION_GROUP (f->win), "copy", NULL);
  g_assert_true (iterate_until (toast_shown, f->win));
  settle ();
  g_assert_true (gtk_widget_compute_bounds (shown_toast (GTK_WIDGET (f->win)),
                                            GTK_WIDGET (f->win), &toast_box));
  g_assert_true (gtk_widget_compute_bounds (bar, GTK_WIDGET (f->win), &bar_box));
  g_test_message ("toast %g..%g px, switcher %g..%g px", toast_box.origin.y,
                  toast_box.origin.y + toast_box.size.height, bar_box.origin.y,
                  bar_box.origin.y + bar_box.size.height);
  g_assert_cmpfloat (toast_box.origin.y + toast_box.size.height, <=, bar_box.origin.y);
  click_at (tab);
  g_assert_true (toast_shown (f->win));
  g_assert_true (holds_within (on_sustained, f->win, 1500));
}

int
main (int argc, char **argv)
{
  int status;

  if (!dmk_test_gui_init (&argc, &argv, "window-clicks"))
    return g_test_run ();
  start_window_manager ();
  test_application ();
  g_test_add ("/window-clicks/dropdowns", Fixture, NULL, fixture_set_up, test_dropdowns,
              fixture_tear_down);
  g_test_add ("/window-clicks/main-menu", Fixture, NULL, fixture_set_up, test_main_menu,
              fixture_tear_down);
  g_test_add ("/window-clicks/toast-spares-switcher", Fixture, NULL, fixture_set_up,
              test_toast_spares_switcher, fixture_tear_down);
  status = g_test_run ();
  stop_window_manager ();
  return status;
}
