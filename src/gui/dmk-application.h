/* dmk-application.h: the GDiskMark application: one window, app actions, hidden tool options. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DMK_TYPE_APPLICATION (dmk_application_get_type ())
G_DECLARE_FINAL_TYPE (DmkApplication, dmk_application, DMK, APPLICATION, AdwApplication)

DmkApplication *dmk_application_new (void);
/* Non-zero when the screenshot mode failed. */
int dmk_application_get_exit_status (DmkApplication *self);

/* Saves what widget shows as a PNG, at its scale factor, with GTK's own renderer. */
gboolean dmk_save_widget_png (GtkWidget *widget, const char *filename, GError **error);

/* A modal native file chooser (portal in Flatpak) for one kind of file. For saving, the name
 * proposed is prefix + local time + "." + ext, as CrystalDiskMark names its files:
 * GDiskMark_20261130154502.txt. For opening, several files may be picked. */
GtkFileChooserNative *dmk_file_chooser_new (GtkWindow *parent, gboolean open, const char *title,
                                            const char *filter_name, const char *mime_type,
                                            const char *ext, const char *prefix);

G_END_DECLS
