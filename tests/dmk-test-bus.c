/* dmk-test-bus.c: a system bus and polkitd of the test's own, for the helper's end-to-end
 * tests (pkexec, UDisks2); what it starts is ended by cleanup_all (). */
#include "config.h"

#include <gio/gio.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "dmk-test-bus.h"
#include "dmk-test-helper.h"

static gboolean
bus_is_live (void)
{
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  int s = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  gboolean live;

  g_strlcpy (addr.sun_path, BUS_SOCKET, sizeof addr.sun_path);
  live = connect (s, (struct sockaddr *) &addr, sizeof addr) == 0;
  close (s);
  return live;
}

gboolean
name_on_bus (const char *name)
{
  g_autoptr (GDBusConnection) bus = NULL;
  g_autoptr (GVariant) ret = NULL;
  gboolean has = FALSE;

  bus = g_dbus_connection_new_for_address_sync (
    "unix:path=" BUS_SOCKET,
    G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
    NULL, NULL, NULL);
  if (bus == NULL)
    return FALSE;
  ret = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                     "org.freedesktop.DBus", "NameHasOwner",
                                     g_variant_new ("(s)", name), G_VARIANT_TYPE ("(b)"), 0, 2000,
                                     NULL, NULL);
  if (ret != NULL)
    g_variant_get (ret, "(b)", &has);
  return has;
}

static gboolean
polkit_on_bus (void)
{
  return name_on_bus ("org.freedesktop.PolicyKit1");
}

GPid
spawn_daemon (const char *const *argv)
{
  g_autoptr (GError) error = NULL;
  GPid pid = 0;

  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                  G_SPAWN_STDERR_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  cl.pids[cl.n_pids++] = pid;
  return pid;
}

void
start_system_bus_and_polkit (void)
{
  static const char *const polkitds[] = { "/usr/lib/polkit-1/polkitd", "/usr/libexec/polkitd",
                                          "/usr/libexec/polkit-1/polkitd", NULL };
  const char *polkitd = NULL;

  if (!bus_is_live ())
    {
      /* In the foreground, as our child: killed and reaped by cleanup_all(). */
      const char *argv[] = { "dbus-daemon", "--system", "--nofork", "--nopidfile", NULL };
      g_autoptr (GError) error = NULL;
      GPid pid;

      g_mkdir_with_parents (BUS_DIR, 0755);
      unlink (BUS_SOCKET); /* stale: nobody answers on it */
      add_path (cl.files, &cl.n_files, BUS_SOCKET);
      g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                    G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD |
                                      G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                                    NULL, NULL, &pid, &error));
      g_assert_no_error (error);
      cl.pids[cl.n_pids++] = pid;
      for (int i = 0; i < 100 && !bus_is_live (); i++)
        g_usleep (50000);
      g_assert_true (bus_is_live ());
    }
  if (!polkit_on_bus ())
    {
      const char *argv[] = { NULL, "--no-debug", NULL };

      for (int i = 0; polkitds[i] != NULL && polkitd == NULL; i++)
        if (g_file_test (polkitds[i], G_FILE_TEST_IS_EXECUTABLE))
          polkitd = polkitds[i];
      g_assert_nonnull (polkitd);
      argv[0] = polkitd;
      spawn_daemon (argv);
      for (int i = 0; i < 200 && !polkit_on_bus (); i++)
        g_usleep (50000);
      g_assert_true (polkit_on_bus ());
    }
}
