/* test-write-gate.c: nothing is written that the user did not name, on every path and as root
 * too (issue 44). As root, the CLI opens devices itself (no helper): a write run, a capacity
 * check and --verify on a loop device that shares its storage with a mounted filesystem are
 * refused, and that filesystem's bytes stay as they were; a job file cannot name a device to
 * write that the command line does not. Every -o refuses a device node, a FIFO, a symbolic link
 * and a folder, leaving them as they were; "-o -" is standard output; a full disk is a failure
 * that leaves the old file whole. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-helper.h"

#define MIB ((guint64) 1 << 20)

typedef struct
{
  int status;
  char *out, *err;
} Cli;

static void
cli_clear (Cli *c)
{
  g_clear_pointer (&c->out, g_free);
  g_clear_pointer (&c->err, g_free);
}

/* gdiskmark-cli with args (NULL-terminated), env extra (may be NULL): its status and output. */
static void
run_cli (Cli *c, const char *const *args, char **env)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int wait_status = 0;

  cli_clear (c);
  g_ptr_array_add (argv, (char *) g_getenv ("GDISKMARK_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, 0, NULL, NULL, &c->out, &c->err,
                               &wait_status, &error));
  g_assert_no_error (error);
  c->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : 128 + WTERMSIG (wait_status);
}

static gboolean
needs_root (void)
{
  if (!is_root ())
    {
      g_test_skip ("needs root: loop devices, mounts and device nodes");
      return FALSE;
    }
  if (!in_private_mount_ns)
    {
      g_test_skip ("no private mount namespace (unshare failed): not mounting anything");
      return FALSE;
    }
  return TRUE;
}

static char *
scratch_dir (void)
{
  char *dir = g_dir_make_tmp ("gdiskmark-gate-XXXXXX", NULL);

  g_assert_nonnull (dir);
  add_path (cl.dirs, &cl.n_dirs, dir);
  return dir;
}

/* An ext4 filesystem made on dev and mounted read-only at a new folder in dir, with a file of
 * its own: the data that must survive. */
static void
mount_precious (const char *dev, const char *dir)
{
  g_autofree char *mnt = g_build_filename (dir, "mounted", NULL);
  g_autofree char *file = g_build_filename (mnt, "precious", NULL);
  const char *mkfs[] = { "mkfs.ext4", "-q", "-F", dev, NULL };

  g_assert_cmpint (run_tool (mkfs, NULL), ==, 0);
  g_assert_no_errno (mkdir (mnt, 0755));
  add_path (cl.dirs, &cl.n_dirs, mnt);
  g_assert_no_errno (mount (dev, mnt, "ext4", 0, NULL));
  add_path (cl.mounts, &cl.n_mounts, mnt);
  g_assert_true (g_file_set_contents (file, "precious data", -1, NULL));
  g_assert_no_errno (umount2 (mnt, 0));
  g_assert_no_errno (mount (dev, mnt, "ext4", MS_RDONLY, NULL));
}

/* Every way the CLI writes to a device, aimed at target: each refused (exit status 1) saying
 * that the storage is shared (why names the detail), and nothing written to under. */
static void
assert_every_write_refused (const char *target, const char *under, const char *why)
{
  const char *run[] = { "-q", "--allow-write-device", "--mode=write", "-n", "1", "-t", "1", "-w",
                        "0", "-i", "0", "-s", "16MiB", "--test", "SEQ1M Q1T1", "--no-history",
                        target, NULL };
  const char *capacity[] = { "capacity", "-q", "--allow-write-device", target, NULL };
  const char *verify[] = { "-q", "--allow-write-device", "--verify", "--mode=read", "-n", "1",
                           "-t", "1", "-w", "0", "-i", "0", "-s", "16MiB", "--test",
                           "SEQ1M Q1T1", "--no-history", target, NULL };
  const char *sustained[] = { "sustained", "-q", "--allow-write-device", "--span=device",
                              target, NULL };
  const char *const *ways[] = { run, capacity, verify, sustained };
  const char *names[] = { "a write run", "capacity", "--verify", "sustained" };
  g_autofree char *before = device_checksum (under);
  Cli c = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    {
      g_autofree char *after = NULL;

      run_cli (&c, ways[i], NULL);
      g_test_message ("%s on %s: exit %d: %s", names[i], target, c.status, c.err);
      g_assert_cmpint (c.status, ==, 1);
      g_assert_nonnull (strstr (c.err, "shares its storage"));
      g_assert_nonnull (strstr (c.err, why));
      after = device_checksum (under);
      g_assert_cmpstr (after, ==, before);
    }
  cli_clear (&c);
}

/* A loop device on the same backing file as a mounted loop device. */
static void
test_shared_backing_file (void)
{
  g_autofree char *dir = NULL, *image = NULL, *mounted = NULL, *second = NULL, *why = NULL;
  const char *fsck[] = { "fsck.ext4", "-n", "-f", NULL, NULL };
  int fd1, fd2, backing;

  if (!needs_root ())
    return;
  dir = scratch_dir ();
  image = g_build_filename (dir, "shared.img", NULL);
  add_path (cl.files, &cl.n_files, image);
  backing = open (image, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  g_assert_no_errno (backing);
  g_assert_no_errno (ftruncate (backing, 32 * MIB));
  mounted = loop_attach (backing, 0, &fd1);
  mount_precious (mounted, dir);
  second = loop_attach (backing, 0, &fd2);
  close (backing);

  why = g_strdup_printf ("shares its backing file with %s", strrchr (mounted, '/') + 1);
  assert_every_write_refused (second, mounted, why);

  /* The mounted filesystem is whole ("Structure needs cleaning" was what a write left). */
  g_assert_no_errno (umount2 (cl.mounts[cl.n_mounts - 1], 0));
  cl.n_mounts--;
  fsck[3] = mounted;
  g_assert_cmpint (run_tool (fsck, NULL), ==, 0);
  cleanup_all ();
}

/* A loop device backed by a mounted partition (of a partitioned loop device). */
static void
test_backed_by_mounted_partition (void)
{
  g_autofree char *dir = NULL, *disk = NULL, *part = NULL, *upper = NULL;
  int disk_fd, upper_fd, backing;

  if (!needs_root ())
    return;
  dir = scratch_dir ();
  disk = loop_new (TRUE, &disk_fd);
  if (disk == NULL)
    {
      g_test_skip ("the kernel made no partition device for a partitioned loop device");
      cleanup_all ();
      return;
    }
  part = g_strdup_printf ("%sp1", disk);
  mount_precious (part, dir);
  backing = open (part, O_RDWR | O_CLOEXEC);
  g_assert_no_errno (backing);
  upper = loop_attach (backing, 0, &upper_fd);
  close (backing);

  {
    g_autofree char *why = g_strdup_printf ("is backed by %s, which is mounted at",
                                            strrchr (part, '/') + 1);
    assert_every_write_refused (upper, part, why);
  }
  cleanup_all ();
}

/* A loop over a block device that nothing uses writes that device: allowed, as the user named
 * the loop (the known-rate tests stack one this way); mounted, the device below refuses it. */
static void
test_backed_by_unused_device (void)
{
  g_autofree char *lower = NULL, *upper = NULL;
  const char *run[] = { "-q", "--allow-write-device", "--mode=write", "-n", "1", "-t", "1", "-w",
                        "0", "-i", "0", "-s", "16MiB", "--test", "SEQ1M Q1T1", "--no-history",
                        NULL, NULL };
  g_autofree char *before = NULL, *after = NULL;
  Cli c = { 0 };
  int lower_fd, upper_fd, backing;

  if (!needs_root ())
    return;
  lower = loop_new (FALSE, &lower_fd);
  backing = open (lower, O_RDWR | O_CLOEXEC);
  g_assert_no_errno (backing);
  upper = loop_attach (backing, 0, &upper_fd);
  close (backing);
  before = device_checksum (lower);
  run[16] = upper;
  run_cli (&c, run, NULL);
  g_test_message ("a write run on %s over %s: exit %d: %s", upper, lower, c.status, c.err);
  g_assert_cmpint (c.status, ==, 0);
  after = device_checksum (lower);
  g_assert_cmpstr (after, !=, before);
  cli_clear (&c);
  cleanup_all ();
}

/* --allow-write-device with a job file and no target: the job's filename= device is one the
 * command line does not name, so nothing is written to it; named as the target, it is. */
static void
test_job_file_names_device (void)
{
  g_autofree char *dir = NULL, *dev = NULL, *job = NULL, *text = NULL, *before = NULL;
  g_autofree char *after = NULL, *job_arg = NULL;
  Cli c = { 0 };
  int fd;

  if (!needs_root ())
    return;
  dir = scratch_dir ();
  dev = loop_new (FALSE, &fd);
  job = g_build_filename (dir, "device.fio", NULL);
  add_path (cl.files, &cl.n_files, job);
  text = g_strdup_printf ("[global]\nioengine=libaio\ndirect=1\nfilename=%s\nsize=16m\n"
                          "runtime=1\ntime_based\n\n[write]\nrw=write\nbs=1m\niodepth=1\n",
                          dev);
  g_assert_true (g_file_set_contents (job, text, -1, NULL));
  job_arg = g_strdup_printf ("--job-file=%s", job);
  before = device_checksum (dev);
  {
    const char *args[] = { "-q", "--allow-write-device", job_arg, "--no-history", NULL };

    run_cli (&c, args, NULL);
  }
  g_test_message ("exit %d: %s", c.status, c.err);
  g_assert_cmpint (c.status, ==, 2);
  g_assert_nonnull (strstr (c.err, "The job file names the device"));
  g_assert_nonnull (strstr (c.err, dev));
  after = device_checksum (dev);
  g_assert_cmpstr (after, ==, before);

  /* Named on the command line too: the user offered it. */
  {
    const char *args[] = { "-q", "--allow-write-device", job_arg, "--no-history", dev, NULL };

    run_cli (&c, args, NULL);
  }
  g_assert_cmpint (c.status, ==, 0);
  g_free (after);
  after = device_checksum (dev);
  g_assert_cmpstr (after, !=, before);
  cli_clear (&c);
  cleanup_all ();
}

/* ---- -o writes a regular file or nothing ---- */

/* What is at path, as lstat and a read see it: changed by nothing. */
static char *
describe_path (const char *path)
{
  struct stat st;
  g_autofree char *link = NULL;

  if (lstat (path, &st) != 0)
    return g_strdup_printf ("missing (%s)", g_strerror (errno));
  if (S_ISLNK (st.st_mode))
    link = g_file_read_link (path, NULL);
  return g_strdup_printf ("mode %o ino %lu rdev %u:%u size %ld link %s", st.st_mode,
                          (unsigned long) st.st_ino, major (st.st_rdev), minor (st.st_rdev),
                          (long) st.st_size, link ? link : "-");
}

typedef enum
{
  NODE_CHAR,
  NODE_FIFO,
  NODE_SYMLINK,
  NODE_FOLDER,
} NodeKind;

/* A special file of kind at dir/name: a character device (the same as /dev/null), a FIFO, a
 * symbolic link to a file that does not exist yet, or a folder. */
static char *
make_node (const char *dir, const char *name, NodeKind kind)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autofree char *aim = g_build_filename (dir, "link-target", NULL);

  switch (kind)
    {
    case NODE_CHAR:
      g_assert_no_errno (mknod (path, S_IFCHR | 0666, makedev (1, 3)));
      break;
    case NODE_FIFO:
      g_assert_no_errno (mkfifo (path, 0600));
      break;
    case NODE_SYMLINK:
      g_assert_no_errno (symlink (aim, path));
      break;
    case NODE_FOLDER:
      g_assert_no_errno (mkdir (path, 0755));
      break;
    }
  return path;
}

/* Each subcommand that takes -o, writing to out: quick runs on dir. */
static char **
output_command (guint i, const char *out, const char *dir)
{
  g_autofree char *job = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "examples",
                                           "crystaldiskmark.fio", NULL);
  g_autofree char *cdm = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "imports",
                                           "cdm8-nvme.txt", NULL);
  g_autofree char *line = NULL;

  switch (i)
    {
    case 0: /* a run */
      line = g_strdup_printf ("-q|-n|1|-t|1|-w|0|-i|0|-s|16MiB|--test|SEQ1M Q1T1|--no-history|"
                              "-o|%s|%s", out, dir);
      break;
    case 1:
      line = g_strdup_printf ("compare|-o|%s|%s", out, cdm);
      break;
    case 2:
      line = g_strdup_printf ("history|-o|%s", out);
      break;
    case 3:
      line = g_strdup_printf ("iozone|--quiet|-n|16MiB|-g|16MiB|-y|1MiB|-q|1MiB|-i|read|-f|ods|"
                              "-o|%s|%s", out, dir);
      break;
    case 4:
      line = g_strdup_printf ("capacity|-q|-o|%s|%s", out, dir);
      break;
    case 5:
      line = g_strdup_printf ("sustained|-q|--span=64MiB|-o|%s|%s", out, dir);
      break;
    default:
      line = g_strdup_printf ("--print-fio-job|--job-file=%s|-o|%s|%s", job, out, dir);
      break;
    }
  return g_strsplit (line, "|", -1);
}

#define N_OUTPUT_COMMANDS 7

static void
test_output_refuses_special_files (void)
{
  static const char *const kinds[] = { "a character device", "a FIFO", "a symbolic link",
                                       "a folder" };
  g_autofree char *dir = NULL, *history = NULL, *history_env = NULL;
  g_auto (GStrv) env = NULL;
  Cli c = { 0 };

  if (!needs_root ())
    return;
  dir = scratch_dir ();
  history = g_build_filename (dir, "history.sqlite", NULL);
  env = g_environ_setenv (g_get_environ (), "GDISKMARK_HISTORY", history, TRUE);
  for (guint cmd = 0; cmd < N_OUTPUT_COMMANDS; cmd++)
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        g_autofree char *name = g_strdup_printf ("out-%u-%u.ods", cmd, k);
        g_autofree char *node = make_node (dir, name, (NodeKind) k);
        g_autofree char *before = describe_path (node), *after = NULL, *aim = NULL;
        g_auto (GStrv) args = output_command (cmd, node, dir);

        run_cli (&c, (const char *const *) args, env);
        g_test_message ("%s -o %s: exit %d: %s", args[0], kinds[k], c.status, c.err);
        g_assert_cmpint (c.status, !=, 0);
        g_assert_nonnull (strstr (c.err, kinds[k]));
        after = describe_path (node);
        g_assert_cmpstr (after, ==, before);
        aim = g_build_filename (dir, "link-target", NULL);
        g_assert_false (g_file_test (aim, G_FILE_TEST_EXISTS));
        g_assert_no_errno (k == NODE_FOLDER ? g_rmdir (node) : g_unlink (node));
      }
  cli_clear (&c);
  cleanup_all ();
}

/* "-o -" is standard output, as in every Unix tool: no file named "-". */
static void
test_output_dash_is_stdout (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *dash = g_build_filename (dir, "-", NULL);
  g_autofree char *cdm = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "imports",
                                           "cdm8-nvme.txt", NULL);
  g_autofree char *cwd = g_get_current_dir ();
  const char *args[] = { "compare", "-o", "-", cdm, NULL };
  Cli c = { 0 };

  g_assert_no_errno (chdir (dir));
  run_cli (&c, args, NULL);
  g_assert_no_errno (chdir (cwd));
  g_assert_cmpint (c.status, ==, 0);
  g_assert_nonnull (strstr (c.out, "GDiskMark comparison"));
  g_assert_false (g_file_test (dash, G_FILE_TEST_EXISTS));
  cli_clear (&c);
  cleanup_all ();
}

/* A full filesystem: the write fails (exit status 1, saying why), the old file stays whole and
 * no temporary file is left; standard output that cannot be written fails too. */
static void
test_output_full_disk (void)
{
  g_autofree char *dir = NULL, *mnt = NULL, *old = NULL, *fill = NULL, *back = NULL;
  g_autofree char *cdm = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "imports",
                                           "cdm8-nvme.txt", NULL);
  g_autoptr (GDir) listing = NULL;
  Cli c = { 0 };
  guint n = 0;
  int fd;

  if (!needs_root ())
    return;
  dir = scratch_dir ();
  mnt = g_build_filename (dir, "tiny", NULL);
  g_assert_no_errno (mkdir (mnt, 0755));
  add_path (cl.dirs, &cl.n_dirs, mnt);
  g_assert_no_errno (mount ("gdiskmark-test", mnt, "tmpfs", 0, "size=64k"));
  add_path (cl.mounts, &cl.n_mounts, mnt);
  old = g_build_filename (mnt, "table.txt", NULL);
  g_assert_true (g_file_set_contents (old, "the old table\n", -1, NULL));
  fill = g_build_filename (mnt, "fill", NULL);
  fd = open (fill, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  g_assert_no_errno (fd);
  {
    char block[4096] = { 0 };

    while (write (fd, block, sizeof block) > 0)
      ;
  }
  close (fd);
  {
    const char *args[] = { "compare", "-o", old, cdm, NULL };

    run_cli (&c, args, NULL);
  }
  g_test_message ("exit %d: %s", c.status, c.err);
  g_assert_cmpint (c.status, ==, 1);
  g_assert_nonnull (strstr (c.err, g_strerror (ENOSPC)));
  g_assert_true (g_file_get_contents (old, &back, NULL, NULL));
  g_assert_cmpstr (back, ==, "the old table\n");
  listing = g_dir_open (mnt, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 2); /* table.txt and fill: no temporary file */

  /* Standard output on a full device. */
  {
    g_autofree char *cmd = g_strdup_printf ("'%s' compare '%s' > /dev/full",
                                            g_getenv ("GDISKMARK_CLI"), cdm);
    const char *args[] = { "sh", "-c", cmd, NULL };
    g_autofree char *err = NULL;

    g_assert_cmpint (run_tool (args, &err), ==, 1);
    g_assert_nonnull (strstr (err, "could not write to standard output"));
  }
  cli_clear (&c);
  cleanup_all ();
}

int
main (int argc, char **argv)
{
  dmk_test_helper_init (&argc, &argv);
  g_test_add_func ("/write-gate/shared-backing-file", test_shared_backing_file);
  g_test_add_func ("/write-gate/backed-by-mounted-partition", test_backed_by_mounted_partition);
  g_test_add_func ("/write-gate/backed-by-unused-device", test_backed_by_unused_device);
  g_test_add_func ("/write-gate/job-file-names-device", test_job_file_names_device);
  g_test_add_func ("/write-gate/output/special-files", test_output_refuses_special_files);
  g_test_add_func ("/write-gate/output/dash", test_output_dash_is_stdout);
  g_test_add_func ("/write-gate/output/full-disk", test_output_full_disk);
  return g_test_run ();
}
