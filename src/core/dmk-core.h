/* dmk-core.h: the one header front ends include to use the benchmark core. */
#pragma once

#include "dmk-compare.h"
#include "dmk-describe.h"
#include "dmk-error.h"
#include "dmk-histogram.h"
#include "dmk-random.h"
#include "dmk-result.h"
#include "dmk-runner.h"
#include "dmk-scan.h"
#include "dmk-series.h"
#include "dmk-spec.h"
#include "dmk-sysinfo.h"
#include "dmk-target.h"
#include "dmk-units.h"

G_BEGIN_DECLS

/* The providers tried after a direct open of a block device is refused. NULL-terminated. */
const DmkFdProvider *const *dmk_default_fd_providers (void);

/* TRUE inside a Flatpak sandbox, where pkexec cannot work. */
gboolean dmk_in_flatpak (void);

G_END_DECLS
