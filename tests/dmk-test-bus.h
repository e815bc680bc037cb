/* dmk-test-bus.h: a system bus and polkitd of the test's own, for the helper's end-to-end tests. */
#pragma once

#include <glib.h>

/* Whether name has an owner on the system bus (BUS_SOCKET). */
gboolean name_on_bus (const char *name);

/* Starts dbus-daemon --system and polkitd unless they already answer; cleanup_all () ends what
 * was started. */
void start_system_bus_and_polkit (void);

/* Starts a daemon (argv[0] a path) with its output dropped, as our child: ended by
 * cleanup_all (). */
GPid spawn_daemon (const char *const *argv);
