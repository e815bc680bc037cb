/* dmk-test-gui.h: what the window tests share: waiting on the main loop, clicks, settings,
 * scratch folders, windows and a real application. */
#pragma once

#include <adwaita.h>

#include "dmk-application.h"
#include "dmk-capacity-dialog.h"
#include "dmk-card.h"
#include "dmk-compare-window-private.h"
#include "dmk-core.h"
#include "dmk-iozone-dialog.h"
#include "dmk-result-cell.h"
#include "dmk-scan-chart.h"
#include "dmk-scan-compare.h"
#include "dmk-scan-view.h"
#include "dmk-series-graph.h"
#include "dmk-target-chooser.h"
#include "dmk-tests-dialog.h"
#include "dmk-window-testing.h"

/* A safety net against a hung run, not a measurement: a tiny run takes a few seconds. */
#define HANG_LIMIT_S 120.0

typedef gboolean (*Cond) (gpointer data);

/* Iterates the main context until cond holds; FALSE if HANG_LIMIT_S passed first. */
gboolean iterate_until (Cond cond, gpointer data);
gboolean flag_set (gpointer data);
/* Whether the widget is mapped with a size. */
gboolean widget_shown (gpointer widget);
/* Lets GTK lay out and draw a few frames. */
void settle (void);
/* A signal handler that sets the gboolean at data. */
void flag_on_signal (gpointer instance, gpointer data);
/* Activates button as the keyboard does, and waits for its "clicked". */
void click (GtkWidget *button);
gboolean not_running (gpointer window);
gboolean measuring (gpointer window);
/* A fresh settings store, then tiny runs: 16 MiB, 1 pass, 1 s, no interval. */
void reset_settings (void);
void set_tiny (const char *profile);
/* The settings store the window reads (memory backend: one per process); not to be freed. */
GSettings *dmk_test_settings (void);
/* The first widget under root whose tooltip is tooltip, or NULL: a control found as a user finds
 * it, by what it says it is. */
GtkWidget *dmk_test_find_by_tooltip (GtkWidget *root, const char *tooltip);
/* A new folder under the build tree (or the temporary folder) to test in. */
char *make_target_dir (void);
guint count_entries (const char *dir);
/* A drive temperature sensor reading milli (millidegrees, "41000\n") for the disk under dir, in
 * a fake sysfs tree that runs are pointed at (GDISKMARK_SYSFS_ROOT): its file, to change the
 * reading; NULL when dir is on no disk. fake_sensor_remove () takes the tree away. */
char *fake_sensor_setup (const char *dir, const char *milli);
void fake_sensor_remove (void);
DmkApplication *test_application (void);
DmkWindow *new_window (const char *target);
/* A window of app (as the user's belong to it: suspend is inhibited through it) on target. */
DmkWindow *new_app_window (DmkApplication *app, const char *target);
/* dmk_window_open_files, then the main loop until the window has read and shown them. */
void open_files_and_wait (DmkWindow *win, GFile **files, guint n_files);
/* The main loop until the window has read and shown the files it was given (a drop's). */
void wait_opened (DmkWindow *win);
void destroy_window (DmkWindow *win);
/* Waits for the window's scan to list the device at path (its scanned item, with a size: not a
 * placeholder), then picks it in the target list as a user would; the item picked. */
DmkTargetItem *select_device (DmkWindow *win, const char *path);
/* The selected item now: a scan replaces the items, so never keep one across iterations. */
DmkTargetItem *selected_item (DmkWindow *win);
/* The target list's scans and the folder's description have landed (they move items under the
 * dropdown), and the events they queued are handled. */
gboolean chooser_settled (gpointer chooser);

/* What a cell shows for t in unit. */
char *expected_text (DmkUnit unit, const DmkTestResult *t);
/* g_test_init, then GTK and libadwaita; FALSE (with one skipping test under /suite) when there is
 * no display: then only g_test_run () is left to call. */
gboolean dmk_test_gui_init (int *argc, char ***argv, const char *suite);

/* Runs xdotool with args (a real X event, as a user's); FALSE when it cannot be started. */
gboolean xdotool (const char *const *args);
/* Moves the X pointer to the middle of widget and presses button 1 there. */
gboolean pointer_click_on (GtkWidget *widget);
/* The same with another mouse button (3: the right one). */
gboolean pointer_click_button_on (GtkWidget *widget, int button);
/* The middle of widget in its surface's coordinates ("x", "y") and that surface's X window, as
 * xdotool's mousemove --window takes them. */
void widget_surface_point (GtkWidget *widget, char **xid, char **x, char **y);
/* Presses key (xdotool's names: "shift+F10", "Return") in widget's window, as a keyboard
 * does; FALSE when xdotool cannot be started. */
gboolean press_key (GtkWidget *widget, const char *key);
/* The share of widget's pixels (0–1) for which is (r, g, b) holds. */
typedef gboolean (*PixelTest) (guchar r, guchar g, guchar b);
double pixel_share (GtkWidget *widget, PixelTest is);
/* What widget shows, rendered by its window's renderer: B, G, R, A bytes (premultiplied), or
 * NULL when it draws nothing. */
guchar *widget_pixels (GtkWidget *widget, int *width, int *height);
/* The file at path holds exactly card's PNG (light, natural width): what Save Image writes. */
void assert_file_is_card (DmkCard *card, const char *path);

/* The first shown label under root whose text is text, or NULL. */
GtkWidget *dmk_test_find_label (GtkWidget *root, const char *text);
/* The first shown widget of type under root, depth first, or NULL. */
GtkWidget *dmk_test_find_shown_of_type (GtkWidget *root, GType type);
/* The clipboard's text, once read. */
char *read_clipboard (GtkWidget *widget);
/* The clipboard emptied and watched: *changed turns TRUE when something is copied; returns the
 * handler to disconnect from widget's clipboard. */
gulong watch_clipboard (DmkWindow *win, gboolean *changed);
/* Whether button's popover (its last child) is shown, or gone. */
gboolean has_popover_child (gpointer button);
gboolean no_popover_child (gpointer button);
/* The first item of a popover menu under widget (GtkModelButton is private: found by its
 * type's name). */
GtkWidget *find_model_button (GtkWidget *widget);
/* How many entries the history store at path lists; 0 where there is no store yet. */
guint history_entries (const char *path);
