/* dmk-settings-map.h: the one mapping between the window's GSettings and the core's settings and
 * tests: what a run reads, the rows a plan makes, the custom tests written. */
#pragma once

#include <gio/gio.h>

#include "dmk-core.h"

G_BEGIN_DECLS

/* Every run choice of gs into out (initialised here): profile, mode, data, engine, passes, size,
 * time, interval, direct I/O, mix. No device consent: that is the target's. */
void dmk_settings_map_read (GSettings *gs, DmkSettings *out);

/* The tests of profile as gs holds them: the custom tests when profile is "custom" and they all
 * parse, else the built-in profile's, else Default's. *used (may be NULL) gets the profile whose
 * tests they are (transfer full). */
GArray *dmk_settings_map_specs (GSettings *gs, const char *profile, char **used);
/* The plan the controls make: the profile's rows, and the mix column's read percentage (0: none). */
GArray *dmk_settings_map_plan (GSettings *gs, char **profile, guint *mix);

/* Custom tests (names as --test takes them) become the profile: the tests first, so that a plan
 * made when the profile changes finds them; the built-in profile they came from is remembered. */
void dmk_settings_map_set_custom (GSettings *gs, const char *const *names);
/* The built-in profile the custom tests came from (transfer full). */
char *dmk_settings_map_get_base_profile (GSettings *gs);

G_END_DECLS
