/* dmk-provider-udisks.h: block device fds from UDisks2 (Block.OpenDevice), for Flatpak and hosts without pkexec. */
#pragma once

#include "dmk-target.h"

G_BEGIN_DECLS

extern const DmkFdProvider dmk_fd_provider_udisks;

int dmk_fd_provider_udisks_open (const char *path, gboolean writable, gpointer user_data,
                                 GCancellable *cancellable, GError **error);

G_END_DECLS
