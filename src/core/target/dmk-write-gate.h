/* dmk-write-gate.h: the one gate every write to a block device passes, whoever opened its fd
 * (open(2) as root or group "disk", the helper, UDisks) and whatever writes it (the grid, the
 * scans, the iozone sweep, --verify, the capacity check): consent for this very device, and
 * nothing in use reachable through it. */
#pragma once

#include <gio/gio.h>

#include "dmk-places.h"

G_BEGIN_DECLS

/* Whether fd, opened for writing the block device path, may be written. consent is the device
 * the user allowed writes to, as it was when they did (NULL: nobody did): the fd must reach
 * that very device (dmk_device_identity_read_fd), not another one that took its name since.
 * Then the in-use checks the helper runs (mounted, swapped on, held, shared with a loop device,
 * overlapping partitions) run here, in this process, also for root. in_use_checked says the fd
 * came from a provider that ran them as root a moment ago (the helper): a check this process
 * is not allowed to make (a loop device it may not open) then stands as the helper's.
 * allow_stacked_loop (settings->allow_stacked_loop) accepts a loop whose own file is on FUSE or
 * overlayfs. */
gboolean dmk_write_gate_check (int fd, const char *path, const DmkDeviceIdentity *consent,
                               gboolean in_use_checked, gboolean allow_stacked_loop,
                               GError **error);

/* The refusal of a device in use, in the helper's terms (DMK_HELPER_E_MOUNTED, _SWAP, _HELD,
 * _EXCL_BUSY, _SHARED, _CHECK_FAILED), as a sentence that says what to do: dev is "/dev/NAME",
 * detail the helper's (unescaped), err its errno. FALSE, with nothing set, for any other
 * status. */
gboolean dmk_device_busy_error (GError **error, int status, const char *dev, const char *detail,
                                int err);

/* A detail of the helper's or of the checks (printable ASCII, "\xNN" for every other byte) as
 * it can be shown: UTF-8 where it decodes to clean UTF-8 (a mount point named in Japanese),
 * escaped where it would hold control or format characters (a right-to-left override). */
char *dmk_device_detail_text (const char *escaped);

G_END_DECLS
