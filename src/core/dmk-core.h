/* dmk-core.h: the one header front ends include to use the benchmark core, folder by folder. */
#pragma once

/* base */
#include "dmk-build-tree.h"
#include "dmk-csv-writer.h"
#include "dmk-error.h"
#include "dmk-file.h"
#include "dmk-histogram.h"
#include "dmk-output.h"
#include "dmk-random.h"
#include "dmk-series.h"
#include "dmk-sheet.h"
#include "dmk-sheet-file.h"
#include "dmk-spec.h"
#include "dmk-stamp.h"
#include "dmk-text.h"
#include "dmk-units.h"
/* target */
#include "dmk-chain.h"
#include "dmk-conditions.h"
#include "dmk-places.h"
#include "dmk-providers.h"
#include "dmk-sysinfo.h"
#include "dmk-target.h"
/* result */
#include "dmk-capacity-report.h"
#include "dmk-chain-verdict.h"
#include "dmk-rated.h"
#include "dmk-result.h"
#include "dmk-scan.h"
#include "dmk-share.h"
#include "dmk-spread.h"
#include "dmk-steady.h"
/* run */
#include "dmk-capacity.h"
#include "dmk-describe.h"
#include "dmk-plausible.h"
#include "dmk-iozone.h"
#include "dmk-iozone-sweep.h"
#include "dmk-runner.h"
/* interop */
#include "dmk-compare.h"
#include "dmk-fio.h"
#include "dmk-load.h"
#include "dmk-share-text.h"
/* history */
#include "dmk-history.h"
