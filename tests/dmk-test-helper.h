/* dmk-test-helper.h: what the helper tests share (test-helper*.c, test-write-gate.c). */
#pragma once

#include <glib.h>
#include <limits.h>
#include <sys/types.h>

#include "../src/helper/dmk-helper-protocol.h"

#define LOOP_SIZE ((gsize) 32 << 20)
#define ACTION_ID "io.github.gdiskmark.GDiskMark.open-device"
#define WRITE_ACTION_ID "io.github.gdiskmark.GDiskMark.open-device-write"
#define POLICY_INSTALLED "/usr/share/polkit-1/actions/" APP_ID ".policy"
#define RULES_INSTALLED "/etc/polkit-1/rules.d/50-gdiskmark-test.rules"
/* Marks the policy copy this test installs, so that one left by a killed run is replaced. */
#define TEST_MARK "<!-- installed by gdiskmark test-helper -->"
#define BUS_DIR "/run/dbus"
#define BUS_SOCKET BUS_DIR "/system_bus_socket"
#define SYS_PATH "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin"

/* ---- Cleanup that also runs when an assertion aborts: only system calls, fixed buffers. ---- */
#define MAX_CLEAN 16
typedef struct
{
  char swaps[MAX_CLEAN][PATH_MAX];
  char mounts[MAX_CLEAN][PATH_MAX];
  char files[MAX_CLEAN][PATH_MAX];
  char dirs[MAX_CLEAN][PATH_MAX];
  pid_t pids[MAX_CLEAN];
  int loops[MAX_CLEAN];
  int zrams[MAX_CLEAN];
  int fds[MAX_CLEAN];
  int n_swaps, n_mounts, n_files, n_dirs, n_pids, n_loops, n_zrams, n_fds;
} DmkTestCleanup;

extern DmkTestCleanup cl;
extern gboolean in_private_mount_ns;
/* The helper's environment: NULL for this process's. */
extern char **helper_envp;

/* Before any thread: a private mount namespace (as root), cleanup on fatal signals, sbin in
 * PATH, then g_test_init (). */
void dmk_test_helper_init (int *argc, char ***argv);
/* g_test_run (), then cleanup_all (): what main returns. */
int dmk_test_helper_run (void);
void add_path (char (*list)[PATH_MAX], int *n, const char *path);
void cleanup_all (void);
void on_fatal_signal (int sig);

/* ---- Small tools ---- */
gboolean is_root (void);
const char *helper_built (void);
void nobody_ids (uid_t *uid, gid_t *gid);
void drop_to_nobody (gpointer data);
const char *nobody_dir (void);
char *nobody_path (const char *name);
gboolean wait_for_partition (int fd, const char *path);
/* A loop device on an unnamed tmpfs file with a pattern (an MBR with one partition when
 * partitioned; NULL if no partition could be made). Detached by cleanup_all(). */
char *loop_new (gboolean partitioned, int *fd_out);
/* A loop device on backing (an fd of a file or a block device), with LO_FLAGS flags. */
char *loop_attach (int backing, guint32 flags, int *fd_out);
/* A RAM block device that is no loop device (zram, 32 MiB), or NULL with the reason in
 * *why: the devices the helper may hand to a caller that is not root. Removed by cleanup_all(). */
char *zram_new (char **why);
char *device_checksum (const char *dev);
int run_tool (const char *const *argv, char **err_out);
void mount_ext4 (const char *dev, const char *dir);

/* ---- Talking to the helper directly ---- */
typedef struct
{
  gboolean replied;
  DmkHelperReply reply;
  int fd;          /* the fd received, or -1 */
  int n_fds;       /* how many fds came with the reply */
  int exit_status; /* the helper's exit status */
  gboolean timed_out; /* killed after the time limit of run_helper_full */
} HelperRun;

/* What run_helper_full() does to the helper's process before exec, and the argv it gets
 * (NULL: "read"/"write" and the path, as the core passes them, taken from the request). */
typedef struct
{
  gboolean as_nobody;
  gboolean ignore_sigalrm;     /* SIGALRM ignored and blocked, as a hostile caller leaves it */
  int nofile;                  /* RLIMIT_NOFILE, or 0 to leave it */
  gboolean fill_reply_queue;   /* the caller's socket is full: the reply cannot be sent */
  const char *const *argv;
  int extra_fds;               /* fds attached to the request with SCM_RIGHTS */
  int time_limit_s;            /* killed after this long (0: 90 s) */
} HelperSetup;

GByteArray *request (guint32 flags, const char *path, gssize path_len);
void run_helper_full (const char *helper, const void *msg, gsize len, int sock_type,
                      gboolean as_nobody, HelperRun *run);
void run_helper_setup (const void *msg, gsize len, const HelperSetup *setup, HelperRun *run);
void run_helper_typed (const char *helper, const void *msg, gsize len, int sock_type,
                       const HelperSetup *setup, HelperRun *run);
void run_helper (GByteArray *req, HelperRun *run);
void assert_refused (HelperRun *run, int status);
void assert_opened (HelperRun *run, const char *dev, gboolean writable);

/* ---- The CLI, as root or as nobody ---- */

/* GDISKMARK_PKEXEC for the CLI: a stand-in for pkexec (NULL: the real one, by its absolute path;
 * PATH is never searched). */
extern const char *pkexec_env;

/* Runs gdiskmark-cli (as nobody: its copy that nobody can reach) with args, PATH path_env and
 * GDISKMARK_HELPER helper_env (NULL: unset); its exit status, or 128 + signal. */
int run_cli_as (gboolean as_nobody, const char *path_env, const char *helper_env,
                const char *const *args, char **out, char **err);

/* ---- Who asks, and where the attacks make their files ---- */

/* A caller that is not root, as pkexec names it (PKEXEC_UID in helper_envp); root again. */
void as_user_caller (void);
void as_root_caller (void);
/* The end of an attack: root the caller again, and everything it made undone. */
void attack_done (void);
/* Whether this test may mount: as root in a private mount namespace (else skipped, saying why). */
gboolean needs_mounts (void);
/* A new folder for an attack's files, removed by cleanup_all (). */
char *attack_scratch_dir (void);
