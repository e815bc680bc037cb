/* dmk-providers.c: the chain of ways to get a block device's fd when open(2) is not permitted. */
#include "config.h"

#include "dmk-core.h"

const DmkFdProvider *const *
dmk_default_fd_providers (void)
{
  static const DmkFdProvider *const providers[] = { NULL };
  return providers;
}
