/* dmk-share.h: a result made fit to share: serials, WWNs, UUIDs, the host and user names, home
 * paths and mount labels left out unless asked for, and what was left out named for the user. */
#pragma once

#include <glib.h>

#include "dmk-result.h"

G_BEGIN_DECLS

/* What a shared result may keep; none by default. */
typedef enum
{
  DMK_SHARE_KEEP_NONE = 0,
  DMK_SHARE_KEEP_SERIAL = 1 << 0, /* the drive's serial number */
  DMK_SHARE_KEEP_WWN = 1 << 1,    /* its World Wide Name or EUI */
  DMK_SHARE_KEEP_UUID = 1 << 2,   /* filesystem and partition UUIDs */
  DMK_SHARE_KEEP_HOST = 1 << 3,   /* the computer's host name */
  DMK_SHARE_KEEP_USER = 1 << 4,   /* the user's login and real name */
  DMK_SHARE_KEEP_PATHS = 1 << 5,  /* paths under the home folder as they are (else "~/…") */
  DMK_SHARE_KEEP_LABEL = 1 << 6,  /* the mount's or partition's label */
  DMK_SHARE_KEEP_ALL = (1 << 7) - 1,
} DmkShareKeep;

/* What is private beyond what the result's strings betray by their shape (/home/NAME/…,
 * /dev/disk/by-id/…, a UUID): every member may be NULL. */
typedef struct
{
  const char *home_dir;  /* "/home/alice" */
  const char *user_name; /* "alice" */
  const char *real_name; /* "Alice Liddell" */
  const char *host_name; /* "alice-laptop" (its first label is left out too) */
  const char *serial;    /* the drive's serial where the caller knows it (sysfs, the history) */
  const char *wwn;       /* its WWN or EUI, the same */
  const char *label;     /* the filesystem's label, the same */
} DmkShareContext;

/* This process's home folder, user and host (g_get_home_dir () and friends); no serial. The
 * strings are GLib's and live as long as the process. */
void dmk_share_context_init_local (DmkShareContext *context);

/* "serial", "wwn", "uuid", "host", "user", "paths", "label": the words of --include, for one
 * flag; NULL for anything else. */
const char *dmk_share_keep_nick (DmkShareKeep one);
/* The same, translated, for a check box and the list of what was left out: "Serial number". */
const char *dmk_share_keep_label (DmkShareKeep one);
/* "serial,host" (commas, spaces allowed; "all" and "none" too) into flags; a DMK_ERROR_INVALID_
 * ARGUMENT naming the unknown word and the known ones otherwise. */
gboolean dmk_share_keep_parse (const char *list, DmkShareKeep *out, GError **error);

/* A deep copy of result with every private string that keep does not name replaced: a home
 * folder by "~", the others by "(serial)", "(WWN)", "(UUID)", "(host)", "(user)", "(label)".
 * context NULL: dmk_share_context_init_local ()'s. Every string of the result is looked at: the
 * target's path, device, model and facts, the profile, the tests' names, the warnings, the
 * comment and the OS line. When left_out is not NULL it receives the translated lines naming
 * exactly what was found and left out, one per thing ("Serial number “S6PN…”"), in the order
 * of the flags; an empty array when nothing was. */
DmkResult *dmk_share_redact (const DmkResult *result, DmkShareKeep keep,
                             const DmkShareContext *context, GPtrArray **left_out);
/* dmk_share_redact ()'s JSON: the shared JSON is the ordinary JSON of the redacted result. */
char *dmk_share_to_json (const DmkResult *result, DmkShareKeep keep,
                         const DmkShareContext *context);

G_END_DECLS
