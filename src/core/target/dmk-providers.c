/* dmk-providers.c: the chain of ways to get a block device's fd when open(2) is not permitted. */
#include "config.h"

#include "dmk-providers.h"
#include "dmk-provider-helper.h"
#ifdef HAVE_UDISKS
#include "dmk-provider-udisks.h"
#endif

gboolean
dmk_in_flatpak (void)
{
  return g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);
}

const DmkFdProvider *const *
dmk_default_fd_providers (void)
{
  /* The direct open(2) comes first in dmk_target_open() itself. Then pkexec and the helper;
   * then UDisks2, which works inside Flatpak and where pkexec is missing. */
  static const DmkFdProvider *const providers[] = {
    &dmk_fd_provider_helper,
#ifdef HAVE_UDISKS
    &dmk_fd_provider_udisks,
#endif
    NULL,
  };
  return providers;
}
