/* dmk-gui-utils.h: what every window shares: toast, error dialog, file chooser job, widget → PNG.
 * Depends on GTK and libadwaita only, never on a window of ours. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* text as Pango markup in which no path breaks across lines ("/dev/" then "loop1" on the next
 * line): for a label that wraps. */
char *dmk_markup_unbroken_paths (const char *text);
/* Saves what widget shows as a PNG, at its scale factor, with GTK's own renderer. */
gboolean dmk_save_widget_png (GtkWidget *widget, const char *filename, GError **error);

/* A toast with text shown as is (no markup). */
/* Whenever window becomes active again, its focus is put back on a control that shows if it was
 * left on a hidden one (a menu's row, after a dialog the menu opened). */
void dmk_window_keep_focus_shown (GtkWindow *window);
/* GTK 4.8 gives a button with a mnemonic the name "_Run Run" (its raw label, then its label's
 * text): every such button under root is named by its label as shown, now and when it changes. */
void dmk_name_mnemonic_buttons (GtkWidget *root);
/* Escape closes window (libadwaita 1.2's Preferences window did not always), once nothing inside
 * it wants the key. */
void dmk_close_on_escape (GtkWindow *window);
/* A list's row is named by the text of its visible labels, now and when they change. */
void dmk_name_row_by_labels (GtkWidget *row);
/* Only the visible page of stack is there for a screen reader (GTK 4.8 shows it all pages'
 * controls at once), now and whenever the page changes. */
void dmk_hide_stack_pages (GtkWidget *stack);
/* A label of big numbers: its digits are drawn in a Latin face, which has the bold the style
 * asks for; in Japanese and Chinese the language's own face, often without bold, drew them thin. */
void dmk_numbers_label (GtkLabel *label);
/* Open Recent's list, newest first, at most DMK_RECENT_MAX: path goes to its top. */
#define DMK_RECENT_MAX 10
void dmk_recent_add (const char *path);
/* Tooltips never stand in a user's way: a dropdown's or menu button's tooltip is gone while its
 * list or menu is open (it landed on the first row and took its click), for every dropdown and
 * menu button under root. */
void dmk_quiet_tooltips (GtkWidget *root);
/* The same for one popover of owner's that opens later. */
void dmk_quiet_tooltip_for (GtkWidget *owner, GtkWidget *popover);
/* A custom tooltip's content (tooltip is its widget, from a query-tooltip handler) lets clicks
 * through to what it covers: a cell's chart covered the row buttons. */
void dmk_tooltip_pass_clicks (GtkWidget *tooltip);
void dmk_toast (AdwToastOverlay *overlay, const char *text);
/* The first toast overlay under root, depth first (a window's is around its views, below the
 * header bar), or NULL. */
GtkWidget *dmk_find_toast_overlay (GtkWidget *root);
/* An error dialog over parent with one Close button; *slot points to it while it is shown and an
 * older one there is closed first. */
void dmk_show_error (GtkWindow *parent, GtkWindow **slot, const char *heading,
                     const char *message);

/* One kind of file a window opens or saves through a native file chooser (a portal in Flatpak).
 * Strings are untranslated (N_()); exactly one of open_files and save is set. */
typedef struct
{
  const char *title;
  const char *filter_name;
  const char *mime_type;
  const char *ext;
  void (*open_files) (GtkWindow *window, GFile **files, guint n_files);
  gboolean (*save) (GtkWindow *window, const char *path, GError **error);
} DmkFileJob;

/* How a save ended: ok with "Saved “name”" for a toast, or the error message for a dialog. */
typedef void (*DmkFileReportFunc) (GtkWindow *window, gboolean ok, const char *text);

/* Shows a modal chooser for job over window and keeps it in *slot until it is answered. For
 * saving, the name proposed is prefix + local time + "." + ext, as CrystalDiskMark names its
 * files: GDiskMark_20261130154502.txt; for opening, several files may be picked. */
void dmk_file_job_start (GtkWindow *window, const DmkFileJob *job, const char *prefix,
                         DmkFileReportFunc report, GtkFileChooserNative **slot);

/* Names dropdown, the button inside it and each of its rows (by the text the row shows) for
 * screen readers; GTK 4.8 names the button and the rows only by their class. */
void dmk_drop_down_set_accessible_label (GtkDropDown *dropdown, const char *label);
/* Names the scrolled windows and list views inside widget (a popover) after what they show. */
void dmk_name_lists (GtkWidget *widget, const char *label);

/* Every popover that closes gives the next click to the widget under the pointer (on X11 it
 * could go to the one under it before). */
void dmk_popovers_release_pointer_on_close (void);

G_END_DECLS
