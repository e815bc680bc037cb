/* dmk-test-session.h: a session bus of the test's own with a fake GNOME session manager (which
 * counts suspend inhibitors) and a fake notification server, for the window's tests. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Starts dbus-daemon --session and the two services on it, and points
 * DBUS_SESSION_BUS_ADDRESS there: call it before GTK starts. FALSE when no bus could start. */
gboolean dmk_test_session_start (void);
/* How many inhibitors of suspend are held now. */
guint dmk_test_session_inhibitors (void);
/* How many desktop notifications were sent, and the last one ("summary\nbody"; free it). */
guint dmk_test_session_n_notified (void);
char *dmk_test_session_last_notified (void);

G_END_DECLS
