/* test-helper-attacks.c: what a local user tried against gdiskmark-helper (issue 3/6) through
 * storage: a read-only fd that re-points a loop device, writes through storage a loop device
 * shares (a second loop, the device under a loop, overlapping partitions, an overlay), and a FUSE
 * mount that fakes a device; each against the real helper, real loop devices and real mounts, as
 * root, every device's data checksummed around what touches it. Attacks by request are in
 * test-helper-attacks-requests.c. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <linux/blkpg.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-helper.h"

/* An ext4 image file of 32 MiB in dir. */
static char *
ext4_image (const char *dir, const char *name)
{
  char *image = g_build_filename (dir, name, NULL);
  const char *mkfs[] = { "mkfs.ext4", "-q", "-F", image, "32M", NULL };

  add_path (cl.files, &cl.n_files, image);
  g_assert_cmpint (run_tool (mkfs, NULL), ==, 0);
  return image;
}

static char *
file_checksum (const char *path)
{
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, len);
}

static char *
mount_point (const char *dir, const char *name)
{
  char *mnt = g_build_filename (dir, name, NULL);

  g_assert_no_errno (mkdir (mnt, 0755));
  add_path (cl.dirs, &cl.n_dirs, mnt);
  return mnt;
}

static void
mount_dev (const char *dev, const char *mnt, unsigned long flags)
{
  g_assert_no_errno (mount (dev, mnt, "ext4", flags, NULL));
  add_path (cl.mounts, &cl.n_mounts, mnt);
}

static char *
backing_of (const char *loop)
{
  g_autofree char *file = g_strdup_printf ("/sys/block/%s/loop/backing_file",
                                           strrchr (loop, '/') + 1);
  char *text = NULL;

  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  return g_strchomp (text);
}

/* ---- 1. A loop device's fd re-points the loop, whatever its open mode ---- */

static void
test_loop_refused (void)
{
  g_autofree char *dir = NULL, *image = NULL, *loop = NULL, *mnt = NULL, *part = NULL;
  g_autofree char *pdev = NULL, *before = NULL, *after = NULL, *backing = NULL;
  HelperRun run;
  int lfd, plfd, backing_fd;

  if (!needs_mounts ())
    return;
  /* The snap layout: a read-only image attached read-only and mounted. */
  dir = attack_scratch_dir ();
  image = ext4_image (dir, "snap.img");
  before = file_checksum (image);
  backing_fd = open (image, O_RDONLY | O_CLOEXEC);
  g_assert_no_errno (backing_fd);
  loop = loop_attach (backing_fd, LO_FLAGS_READ_ONLY, &lfd);
  close (backing_fd);
  mnt = mount_point (dir, "snap");
  mount_dev (loop, mnt, MS_RDONLY);
  backing = backing_of (loop);

  as_user_caller ();
  run_helper (request (0, loop, -1), &run);
  assert_refused (&run, DMK_HELPER_E_LOOP);
  g_assert_cmpstr (run.reply.device, ==, strrchr (loop, '/') + 1);
  g_assert_nonnull (strstr (run.reply.detail, "backing file"));
  run_helper (request (DMK_HELPER_FLAG_WRITE, loop, -1), &run);
  assert_refused (&run, DMK_HELPER_E_LOOP);

  /* A partition of a loop device is just as much the loop's. */
  pdev = loop_new (TRUE, &plfd);
  if (pdev != NULL)
    {
      part = g_strdup_printf ("%sp1", pdev);
      run_helper (request (0, part, -1), &run);
      assert_refused (&run, DMK_HELPER_E_LOOP);
    }
  else
    g_test_message ("no partition on a loop device here: that case not run");

  /* A pkexec user id that is not exactly "0" is not root. */
  g_strfreev (helper_envp);
  helper_envp = g_environ_setenv (NULL, "PKEXEC_UID", "00", TRUE);
  run_helper (request (0, loop, -1), &run);
  assert_refused (&run, DMK_HELPER_E_LOOP);

  /* Root asking (pkexec by root, or the helper run by hand) may have it: root could open it. */
  g_strfreev (helper_envp);
  helper_envp = g_environ_setenv (NULL, "PKEXEC_UID", "0", TRUE);
  run_helper (request (0, loop, -1), &run);
  assert_opened (&run, loop, FALSE);
  close (run.fd);

  /* Nothing was re-pointed or changed. */
  g_free (after);
  after = backing_of (loop);
  g_assert_cmpstr (after, ==, backing);
  g_assert_no_errno (umount2 (mnt, 0));
  g_free (after);
  after = file_checksum (image);
  g_assert_cmpstr (after, ==, before);
  attack_done ();
}

/* ---- 3. Storage a loop device shares: O_EXCL sees one device at a time ---- */

static void
test_shared_second_loop (void)
{
  g_autofree char *dir = NULL, *image = NULL, *l1 = NULL, *l2 = NULL, *l3 = NULL, *mnt = NULL;
  g_autofree char *before = NULL, *after = NULL, *want = NULL;
  HelperRun run;
  int fd1, fd2, fd3, backing;

  if (!needs_mounts ())
    return;
  dir = attack_scratch_dir ();
  image = ext4_image (dir, "shared.img");
  backing = open (image, O_RDWR | O_CLOEXEC);
  g_assert_no_errno (backing);
  l1 = loop_attach (backing, 0, &fd1);
  mnt = mount_point (dir, "m");
  mount_dev (l1, mnt, 0);
  {
    g_autofree char *f = g_build_filename (mnt, "data", NULL);
    g_assert_true (g_file_set_contents (f, "precious", -1, NULL));
  }
  g_assert_no_errno (umount2 (mnt, 0));
  before = file_checksum (image);
  mount_dev (l1, mnt, MS_RDONLY);

  /* A second loop on the same backing file as the mounted one. */
  l2 = loop_attach (backing, 0, &fd2);
  run_helper (request (DMK_HELPER_FLAG_WRITE, l2, -1), &run);
  assert_refused (&run, DMK_HELPER_E_SHARED);
  want = g_strdup_printf ("shares its backing file with %s", strrchr (l1, '/') + 1);
  g_assert_cmpstr (run.reply.detail, ==, want);
  /* Reading it harms nothing. */
  run_helper (request (0, l2, -1), &run);
  assert_opened (&run, l2, FALSE);
  close (run.fd);

  /* A loop whose backing file is the mounted device itself. */
  close (backing);
  backing = open (l1, O_RDONLY | O_CLOEXEC);
  g_assert_no_errno (backing);
  l3 = loop_attach (backing, 0, &fd3);
  close (backing);
  run_helper (request (DMK_HELPER_FLAG_WRITE, l3, -1), &run);
  assert_refused (&run, DMK_HELPER_E_SHARED);
  g_assert_cmpstr (run.reply.device, ==, strrchr (l3, '/') + 1);

  g_assert_no_errno (umount2 (mnt, 0));
  after = file_checksum (image);
  g_assert_cmpstr (after, ==, before);
  attack_done ();
}

static void
test_shared_device_under_loop (void)
{
  g_autofree char *dir = NULL, *image = NULL, *lower = NULL, *upper = NULL, *mnt = NULL;
  g_autofree char *before = NULL, *after = NULL, *want = NULL;
  HelperRun run;
  int lfd, ufd, backing;

  if (!needs_mounts ())
    return;
  dir = attack_scratch_dir ();
  image = ext4_image (dir, "lower.img");
  backing = open (image, O_RDWR | O_CLOEXEC);
  g_assert_no_errno (backing);
  lower = loop_attach (backing, 0, &lfd);
  close (backing);
  /* The mounted filesystem lives on a loop backed by the lower device. */
  backing = open (lower, O_RDWR | O_CLOEXEC);
  g_assert_no_errno (backing);
  upper = loop_attach (backing, 0, &ufd);
  close (backing);
  mnt = mount_point (dir, "m");
  mount_dev (upper, mnt, MS_RDONLY);
  before = file_checksum (image);

  run_helper (request (DMK_HELPER_FLAG_WRITE, lower, -1), &run);
  assert_refused (&run, DMK_HELPER_E_SHARED);
  want = g_strdup_printf ("backs %s", strrchr (upper, '/') + 1);
  g_assert_cmpstr (run.reply.detail, ==, want);
  g_assert_cmpstr (run.reply.device, ==, strrchr (lower, '/') + 1);

  g_assert_no_errno (umount2 (mnt, 0));
  after = file_checksum (image);
  g_assert_cmpstr (after, ==, before);
  attack_done ();
}

/* One file seen twice: a loop over an overlay's view of it (read-only, so never copied up) is
 * mounted, and a loop over the lower file itself is asked for writing. overlayfs reports its own
 * device and inode for the file, so the loops' lo_device and lo_inode differ (issue 24, item 6). */
static void
test_shared_through_overlay (void)
{
  g_autofree char *dir = NULL, *lower = NULL, *upper = NULL, *work = NULL, *merged = NULL;
  g_autofree char *image = NULL, *seen = NULL, *opts = NULL, *a = NULL, *b = NULL;
  g_autofree char *mnt = NULL, *inner = NULL, *before = NULL, *after = NULL, *want = NULL;
  struct loop_info64 ia, ib;
  HelperRun run;
  int afd, bfd, backing;

  if (!needs_mounts ())
    return;
  dir = attack_scratch_dir ();
  lower = mount_point (dir, "lower");
  upper = mount_point (dir, "upper");
  work = mount_point (dir, "work");
  merged = mount_point (dir, "merged");
  image = ext4_image (lower, "shared.img");
  opts = g_strdup_printf ("lowerdir=%s,upperdir=%s,workdir=%s", lower, upper, work);
  if (mount ("overlay", merged, "overlay", 0, opts) != 0)
    {
      g_test_skip ("overlayfs cannot be mounted here");
      attack_done ();
      return;
    }
  add_path (cl.mounts, &cl.n_mounts, merged);
  inner = g_build_filename (work, "work", NULL);
  add_path (cl.dirs, &cl.n_dirs, inner);

  seen = g_build_filename (merged, "shared.img", NULL);
  backing = open (seen, O_RDONLY | O_CLOEXEC);
  g_assert_no_errno (backing);
  b = loop_attach (backing, LO_FLAGS_READ_ONLY, &bfd);
  close (backing);
  mnt = mount_point (dir, "m");
  mount_dev (b, mnt, MS_RDONLY);
  backing = open (image, O_RDWR | O_CLOEXEC);
  g_assert_no_errno (backing);
  a = loop_attach (backing, 0, &afd);
  close (backing);
  /* What the old check compared: not the same, though it is the same data. */
  g_assert_no_errno (ioctl (afd, LOOP_GET_STATUS64, &ia));
  g_assert_no_errno (ioctl (bfd, LOOP_GET_STATUS64, &ib));
  g_test_message ("lower loop %s: dev %llx ino %llu; overlay loop %s: dev %llx ino %llu", a,
                  (unsigned long long) ia.lo_device, (unsigned long long) ia.lo_inode, b,
                  (unsigned long long) ib.lo_device, (unsigned long long) ib.lo_inode);
  g_assert_true (ia.lo_device != ib.lo_device || ia.lo_inode != ib.lo_inode);
  before = file_checksum (image);

  run_helper (request (DMK_HELPER_FLAG_WRITE, a, -1), &run);
  assert_refused (&run, DMK_HELPER_E_SHARED);
  want = g_strdup_printf ("%s is backed by a file on overlay, which hides whether it is this "
                          "data",
                          strrchr (b, '/') + 1);
  g_assert_cmpstr (run.reply.detail, ==, want);
  g_assert_cmpstr (run.reply.device, ==, strrchr (a, '/') + 1);
  /* The overlay's own loop, asked for writing, is refused for its own backing file. */
  run_helper (request (DMK_HELPER_FLAG_WRITE, b, -1), &run);
  g_assert_cmpint (run.reply.status, !=, DMK_HELPER_OK);
  /* Reading harms nothing. */
  run_helper (request (0, a, -1), &run);
  assert_opened (&run, a, FALSE);
  close (run.fd);

  g_assert_no_errno (umount2 (mnt, 0));
  after = file_checksum (image);
  g_assert_cmpstr (after, ==, before);
  attack_done ();
}

/* An MBR whose two partitions overlap: one mounted, the other asked for writing. */
static void
test_overlapping_partitions (void)
{
  g_autofree char *dir = NULL, *image = NULL, *loop = NULL, *p1 = NULL, *p2 = NULL;
  g_autofree char *mnt = NULL, *before = NULL, *after = NULL;
  guint8 mbr[512] = { 0 };
  guint32 start1 = 2048, count1 = 40960, start2 = 8192, count2 = 49152;
  HelperRun run;
  int backing, lfd;

  if (!needs_mounts ())
    return;
  dir = attack_scratch_dir ();
  image = g_build_filename (dir, "overlap.img", NULL);
  add_path (cl.files, &cl.n_files, image);
  backing = open (image, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  g_assert_no_errno (backing);
  g_assert_no_errno (ftruncate (backing, 32 << 20));
  mbr[446 + 4] = 0x83;
  memcpy (mbr + 446 + 8, &start1, 4);
  memcpy (mbr + 446 + 12, &count1, 4);
  mbr[462 + 4] = 0x83;
  memcpy (mbr + 462 + 8, &start2, 4);
  memcpy (mbr + 462 + 12, &count2, 4);
  mbr[510] = 0x55;
  mbr[511] = 0xaa;
  g_assert_cmpint (pwrite (backing, mbr, sizeof mbr, 0), ==, sizeof mbr);
  loop = loop_attach (backing, LO_FLAGS_PARTSCAN, &lfd);
  close (backing);
  p1 = g_strdup_printf ("%sp1", loop);
  p2 = g_strdup_printf ("%sp2", loop);
  for (int i = 0; i < 100 && !g_file_test (p2, G_FILE_TEST_EXISTS); i++)
    g_usleep (50000);
  if (!g_file_test (p1, G_FILE_TEST_EXISTS) || !g_file_test (p2, G_FILE_TEST_EXISTS))
    {
      /* This kernel reads no partition table (no CONFIG_MSDOS_PARTITION: the loop tests add
       * partitions with BLKPG), and BLKPG refuses overlapping ones (EBUSY). */
      g_test_skip ("this kernel made no partitions from an MBR, and BLKPG refuses overlapping "
                   "ones: overlapping partitions cannot be built here");
      attack_done ();
      return;
    }
  mount_ext4 (p2, (mnt = g_build_filename (dir, "p2", NULL)));
  g_assert_no_errno (umount2 (mnt, 0));
  mount_dev (p2, mnt, MS_RDONLY);
  before = device_checksum (p2);

  run_helper (request (DMK_HELPER_FLAG_WRITE, p1, -1), &run);
  assert_refused (&run, DMK_HELPER_E_MOUNTED);
  g_assert_cmpstr (run.reply.device, ==, strrchr (p2, '/') + 1);
  g_assert_cmpstr (run.reply.detail, ==, mnt);

  after = device_checksum (p2);
  g_assert_cmpstr (after, ==, before);
  g_assert_no_errno (umount2 (mnt, 0));
  attack_done ();
}

/* ---- 6. A FUSE mount named like a device ---- */

static void
test_fuse_named_like_device (void)
{
  g_autofree char *dev = NULL, *dir = NULL, *mnt = NULL, *opts = NULL;
  HelperRun run;
  int lfd, fuse;

  if (!needs_mounts ())
    return;
  fuse = open ("/dev/fuse", O_RDWR | O_CLOEXEC);
  if (fuse < 0)
    {
      g_test_skip ("no /dev/fuse here");
      return;
    }
  g_assert_cmpint (cl.n_fds, <, MAX_CLEAN);
  cl.fds[cl.n_fds++] = fuse;
  dev = loop_new (FALSE, &lfd);
  dir = attack_scratch_dir ();
  mnt = mount_point (dir, "fuse");
  /* What fusermount lets any user do (-o fsname=/dev/loopN); no daemon answers, and none needs
   * to: the helper only reads the mount table. */
  opts = g_strdup_printf ("fd=%d,rootmode=40000,user_id=65534,group_id=65534", fuse);
  g_assert_no_errno (mount (dev, mnt, "fuse", MS_NOSUID | MS_NODEV, opts));
  add_path (cl.mounts, &cl.n_mounts, mnt);

  run_helper (request (DMK_HELPER_FLAG_WRITE, dev, -1), &run);
  assert_opened (&run, dev, TRUE);
  close (run.fd);
  attack_done ();
}

int
main (int argc, char **argv)
{
  dmk_test_helper_init (&argc, &argv);
  g_test_add_func ("/helper-attacks/loop/refused", test_loop_refused);
  g_test_add_func ("/helper-attacks/shared/second-loop", test_shared_second_loop);
  g_test_add_func ("/helper-attacks/shared/device-under-loop", test_shared_device_under_loop);
  g_test_add_func ("/helper-attacks/shared/overlapping-partitions", test_overlapping_partitions);
  g_test_add_func ("/helper-attacks/shared/through-overlay", test_shared_through_overlay);
  g_test_add_func ("/helper-attacks/fuse-named-like-a-device", test_fuse_named_like_device);
  return dmk_test_helper_run ();
}
