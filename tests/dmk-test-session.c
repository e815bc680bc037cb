/* dmk-test-session.c: a session bus of the test's own with a session manager that counts what
 * inhibits suspend, and a notification server that keeps what the desktop was told. */
#include "config.h"

#include <gio/gio.h>
#include <signal.h>
#include <stdlib.h>

#include "dmk-test-session.h"

static struct
{
  GMutex lock;
  guint active;    /* suspend inhibitors now */
  guint inhibits;  /* Inhibit calls in all */
  guint suspend;   /* of them, those that inhibit suspend (GtkApplicationInhibitFlags 4) */
  guint next_cookie;
  GHashTable *cookies;
  GPtrArray *notified; /* "summary\nbody" of each desktop notification, in order */
} sm;

static const char sm_xml[] =
  "<node><interface name='org.gnome.SessionManager'>"
  "<method name='RegisterClient'><arg type='s' direction='in'/><arg type='s' direction='in'/>"
  "<arg type='o' direction='out'/></method>"
  "<method name='Inhibit'><arg type='s' direction='in'/><arg type='u' direction='in'/>"
  "<arg type='s' direction='in'/><arg type='u' direction='in'/><arg type='u' direction='out'/>"
  "</method>"
  "<method name='Uninhibit'><arg type='u' direction='in'/></method>"
  "<method name='IsInhibited'><arg type='u' direction='in'/><arg type='b' direction='out'/>"
  "</method>"
  "</interface></node>";

/* The desktop's notification server, as GLib's freedesktop backend calls it. */
static const char notify_xml[] =
  "<node><interface name='org.freedesktop.Notifications'>"
  "<method name='Notify'><arg type='s' direction='in'/><arg type='u' direction='in'/>"
  "<arg type='s' direction='in'/><arg type='s' direction='in'/><arg type='s' direction='in'/>"
  "<arg type='as' direction='in'/><arg type='a{sv}' direction='in'/>"
  "<arg type='i' direction='in'/><arg type='u' direction='out'/></method>"
  "<method name='CloseNotification'><arg type='u' direction='in'/></method>"
  "<method name='GetCapabilities'><arg type='as' direction='out'/></method>"
  "<method name='GetServerInformation'><arg type='s' direction='out'/>"
  "<arg type='s' direction='out'/><arg type='s' direction='out'/><arg type='s' direction='out'/>"
  "</method>"
  "</interface></node>";

static void
sm_call (GDBusConnection *c, const char *sender, const char *path, const char *iface,
         const char *method, GVariant *params, GDBusMethodInvocation *inv, gpointer data)
{
  g_mutex_lock (&sm.lock);
  if (g_str_equal (method, "Notify"))
    {
      const char *summary = NULL, *body = NULL;

      g_variant_get (params, "(&su&s&s&s@as@a{sv}i)", NULL, NULL, NULL, &summary, &body, NULL,
                     NULL, NULL);
      g_ptr_array_add (sm.notified, g_strdup_printf ("%s\n%s", summary, body));
      g_dbus_method_invocation_return_value (inv, g_variant_new ("(u)", sm.notified->len));
    }
  else if (g_str_equal (method, "GetCapabilities"))
    g_dbus_method_invocation_return_value (inv, g_variant_new_parsed ("(@as ['body'],)"));
  else if (g_str_equal (method, "GetServerInformation"))
    g_dbus_method_invocation_return_value (inv, g_variant_new ("(ssss)", "test", "gdiskmark",
                                                               "1", "1.2"));
  else if (g_str_equal (method, "CloseNotification"))
    g_dbus_method_invocation_return_value (inv, NULL);
  else if (g_str_equal (method, "Inhibit"))
    {
      guint32 flags = 0, cookie = ++sm.next_cookie;

      g_variant_get (params, "(&su&su)", NULL, NULL, NULL, &flags);
      sm.inhibits++;
      /* Only what keeps the machine awake (GtkApplicationInhibitFlags SUSPEND, 4) counts. */
      if ((flags & 4) != 0)
        {
          sm.suspend++;
          sm.active++;
          g_hash_table_add (sm.cookies, GUINT_TO_POINTER (cookie));
        }
      g_dbus_method_invocation_return_value (inv, g_variant_new ("(u)", cookie));
    }
  else if (g_str_equal (method, "Uninhibit"))
    {
      guint32 cookie = 0;

      g_variant_get (params, "(u)", &cookie);
      if (g_hash_table_remove (sm.cookies, GUINT_TO_POINTER (cookie)))
        sm.active--;
      g_dbus_method_invocation_return_value (inv, NULL);
    }
  else if (g_str_equal (method, "RegisterClient"))
    g_dbus_method_invocation_return_value (inv,
                                           g_variant_new ("(o)", "/org/gnome/SessionManager/C1"));
  else
    g_dbus_method_invocation_return_value (inv, g_variant_new ("(b)", sm.active > 0));
  g_mutex_unlock (&sm.lock);
}

static gboolean sm_ready;

static void
sm_acquired (GDBusConnection *c, const char *name, gpointer data)
{
  g_atomic_int_set (&sm_ready, TRUE);
}

/* The session manager answers from a thread of its own: GTK calls it synchronously from the
 * main thread. */
static gpointer
sm_thread (gpointer address)
{
  static const GDBusInterfaceVTable vtable = { sm_call, NULL, NULL, { 0 } };
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_autoptr (GMainLoop) loop = g_main_loop_new (context, FALSE);
  g_autoptr (GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (sm_xml, NULL);
  g_autoptr (GDBusNodeInfo) notify = g_dbus_node_info_new_for_xml (notify_xml, NULL);
  g_autoptr (GDBusConnection) c = NULL;
  g_autoptr (GError) error = NULL;

  g_main_context_push_thread_default (context);
  c = g_dbus_connection_new_for_address_sync (address,
                                              G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                              NULL, NULL, &error);
  g_assert_no_error (error);
  g_dbus_connection_register_object (c, "/org/gnome/SessionManager", info->interfaces[0],
                                     &vtable, NULL, NULL, &error);
  g_assert_no_error (error);
  g_dbus_connection_register_object (c, "/org/freedesktop/Notifications", notify->interfaces[0],
                                     &vtable, NULL, NULL, &error);
  g_assert_no_error (error);
  g_bus_own_name_on_connection (c, "org.freedesktop.Notifications", G_BUS_NAME_OWNER_FLAGS_NONE,
                                NULL, NULL, NULL, NULL);
  g_bus_own_name_on_connection (c, "org.gnome.SessionManager", G_BUS_NAME_OWNER_FLAGS_NONE,
                                sm_acquired, NULL, NULL, NULL);
  g_main_loop_run (loop);
  return NULL;
}

static GPid bus_pid;

static void
stop_bus (void)
{
  if (bus_pid > 0)
    kill (bus_pid, SIGTERM);
}

/* A session bus of the test's own, with the session manager on it, before GTK starts. */
gboolean
dmk_test_session_start (void)
{
  const char *argv[] = { "dbus-daemon", "--session", "--fork", "--print-address=1",
                         "--print-pid=1", NULL };
  g_autofree char *out = NULL;
  g_auto (GStrv) lines = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL))
    return FALSE;
  lines = g_strsplit (g_strstrip (out), "\n", 3);
  if (g_strv_length (lines) < 2)
    return FALSE;
  bus_pid = (GPid) g_ascii_strtoll (lines[1], NULL, 10);
  atexit (stop_bus);
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", lines[0], TRUE);
  g_mutex_init (&sm.lock);
  sm.cookies = g_hash_table_new (NULL, NULL);
  sm.notified = g_ptr_array_new_with_free_func (g_free);
  g_thread_unref (g_thread_new ("session-manager", sm_thread, g_strdup (lines[0])));
  while (!g_atomic_int_get (&sm_ready))
    g_usleep (10000);
  return TRUE;
}

guint
dmk_test_session_inhibitors (void)
{
  guint n;

  g_mutex_lock (&sm.lock);
  n = sm.active;
  g_mutex_unlock (&sm.lock);
  return n;
}

guint
dmk_test_session_n_notified (void)
{
  guint n;

  g_mutex_lock (&sm.lock);
  n = sm.notified->len;
  g_mutex_unlock (&sm.lock);
  return n;
}

char *
dmk_test_session_last_notified (void)
{
  char *last = NULL;

  g_mutex_lock (&sm.lock);
  if (sm.notified->len > 0)
    last = g_strdup (sm.notified->pdata[sm.notified->len - 1]);
  g_mutex_unlock (&sm.lock);
  return last;
}
