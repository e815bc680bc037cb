/* dmk-providers.h: the chain of ways to a block device's fd when open(2) is not permitted. */
#pragma once

#include "dmk-target.h"

G_BEGIN_DECLS

/* The providers tried after a direct open of a block device is refused. NULL-terminated. */
const DmkFdProvider *const *dmk_default_fd_providers (void);

/* TRUE inside a Flatpak sandbox, where pkexec cannot work. */
gboolean dmk_in_flatpak (void);

G_END_DECLS
