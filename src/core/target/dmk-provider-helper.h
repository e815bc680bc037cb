/* dmk-provider-helper.h: the fd provider that has gdiskmark-helper open a device via pkexec. */
#pragma once

#include "dmk-target.h"

G_BEGIN_DECLS

/* Runs `pkexec LIBEXECDIR/gdiskmark-helper` with one end of a socketpair as its stdin, sends
 * the request and receives the device's fd (O_DIRECT; O_RDWR|O_EXCL when writable), or a
 * DMK_ERROR: AUTH_CANCELLED, NOT_AUTHORIZED, NO_HELPER, BUSY, NOT_FOUND, NOT_A_TARGET, … Does
 * not apply (G_IO_ERROR_NOT_SUPPORTED) when already running as root. Blocks until the user
 * has answered the authentication dialog: call it from a worker thread. */
int dmk_fd_provider_helper_open (const char *path, gboolean writable, gpointer user_data,
                                 GCancellable *cancellable,
                                 GError **error);

extern const DmkFdProvider dmk_fd_provider_helper;

/* The helper that will be run: LIBEXECDIR/gdiskmark-helper, or $GDISKMARK_HELPER for tests
 * (harmless: this is the unprivileged side, pkexec only runs the path the installed polkit
 * policy names without asking for an administrator, and the helper trusts nothing). */
const char *dmk_helper_get_path (void);

G_END_DECLS
