/* dmk-preferences.h: the Preferences window: every setting the main menu held, one level, with
 * search, bound to the same GSettings keys as the window's actions. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A new Preferences window over parent, for settings (APP_ID's). */
GtkWindow *dmk_preferences_new (GtkWindow *parent, GSettings *settings);

/* The colour scheme the "color-scheme" key asks for, now and whenever it changes. */
void dmk_preferences_follow_color_scheme (GSettings *settings);

G_END_DECLS
