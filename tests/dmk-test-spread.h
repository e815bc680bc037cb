/* dmk-test-spread.h: what the spread tests share (test-spread.c, test-spread-stable.c). */
#pragma once

#include "dmk-core.h"

/* A test with passes at these rates (MB/s) of 1 MiB blocks over 5 s each. */
DmkTestResult *make_test (const char *name, DmkDirection dir, const double *rates, guint n);
