/* gdiskmark-helper.h: what the helper's files share (plain C, no GLib). */
#pragma once

#include <sys/types.h>

#include "dmk-device-checks.h"
#include "dmk-helper-protocol.h"

/* gdiskmark-helper-reply.c: the log's context, set as the request is read. */
extern char helper_caller[96];
extern char helper_logpath[DMK_HELPER_PATH_MAX * 4 + 1];
extern const char *helper_mode;

/* Sends the reply (and fd, if >= 0) and exits. Never returns. */
void finish (int status, int err, const char *device, const char *detail, int fd)
  __attribute__ ((noreturn));
