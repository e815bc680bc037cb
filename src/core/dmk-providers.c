/* dmk-providers.c: the chain of ways to get a block device's fd when open(2) is not permitted. */
#include "config.h"

#include "dmk-core.h"
#include "dmk-provider-helper.h"

const DmkFdProvider *const *
dmk_default_fd_providers (void)
{
  /* The direct open(2) comes first in dmk_target_open() itself; this is what follows it. */
  static const DmkFdProvider *const providers[] = { &dmk_fd_provider_helper, NULL };
  return providers;
}
