/* test-scan-cli.c: the scans through gdiskmark-cli: sustained, surface and sweep with their
 * outputs, bad input refused, and SIGKILL in the middle of a sustained write. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-cli.h"
#include "dmk-test-loop.h"
#include "dmk-test-scan.h"

/* ---- the CLI ---- */

/* Runs the CLI with args; its exit status, its stdout and stderr in out and err. */
static int
scan_cli (const char *const *args, char **out, char **err)
{
  CliRun r = { 0 };
  int status;

  run_cli (&r, args, NULL);
  status = r.status;
  *out = g_steal_pointer (&r.out);
  *err = g_steal_pointer (&r.err);
  cli_run_clear (&r);
  return status;
}

static void
test_cli_scans (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-scan-XXXXXX", NULL);
  g_autofree char *json_path = g_build_filename (g_get_tmp_dir (), "gdiskmark-sus.json", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (DmkResult) r = NULL;
  g_autoptr (GError) error = NULL;

  {
    const char *args[] = { "sustained", "--span=32M", "-q", "-o", json_path, dir, NULL };
    g_assert_cmpint (scan_cli (args, &out, &err), ==, 0);
  }
  r = dmk_result_load (json_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->kind, ==, DMK_KIND_SUSTAINED);
  g_assert_cmpuint (r->sustained->bytes, ==, 32 * MIB);
  g_unlink (json_path);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  {
    const char *args[] = { "surface", "-s", "16M", "--samples=5", "--sample-size=1M",
                           "--access-reads=10", "-f", "csv", dir, NULL };
    g_auto (GStrv) lines = NULL;
    g_assert_cmpint (scan_cli (args, &out, &err), ==, 0);
    lines = g_strsplit (out, "\r\n", -1);
    g_assert_cmpstr (lines[0], ==,
                     "measure,position_percent,offset_bytes,mb_per_s,distance_bytes,latency_us");
    g_assert_true (g_str_has_prefix (lines[1], "rate,0.000,0,"));
    /* The last sample ends at the span's end: it starts 15 MiB into 16. */
    g_assert_true (g_str_has_prefix (lines[5], "rate,93.750,15728640,"));
    g_assert_true (g_str_has_prefix (lines[6], "access,"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "sweep", "-s", "16M", "-t", "1", "--min=4K", "--max=16K", "-m",
                           "read", "--json", dir, NULL };
    g_assert_cmpint (scan_cli (args, &out, &err), ==, 0);
    g_clear_pointer (&r, dmk_result_unref);
    r = dmk_result_from_json (out, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpint (r->kind, ==, DMK_KIND_SWEEP);
    g_assert_cmpuint (r->tests->len, ==, 3);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  /* Bad input: a clear message and the usage status. */
  {
    const char *span[] = { "sustained", "--span=lots", dir, NULL };
    const char *rnd[] = { "sustained", "-T", "RND4K Q32T1", dir, NULL };
    const char *big[] = { "sweep", "--max=128M", dir, NULL };
    g_assert_cmpint (scan_cli (span, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--span"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (scan_cli (rnd, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "sequential"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (scan_cli (big, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "powers of two"));
  }
  assert_dir_empty (dir);
  g_rmdir (dir);
}

/* SIGKILL in the middle of a sustained write: the kernel frees the unnamed test file, and the
 * folder's space comes back. */
static void
test_cli_sigkill (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-scan-XXXXXX", NULL);
  const char *argv[] = { cli_path, "sustained", "--span=4G", "-q", dir, NULL };
  guint64 before = free_bytes (dir), during;
  GPid pid;
  int status;

  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                  G_SPAWN_STDERR_TO_DEV_NULL,
                                NULL, NULL, &pid, NULL));
  /* Until the span is reserved: free space drops by about 4 GiB. */
  for (int i = 0; i < 500 && free_bytes (dir) + 3 * ((guint64) 1 << 30) > before; i++)
    g_usleep (10000);
  during = free_bytes (dir);
  kill (pid, SIGKILL);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFSIGNALED (status));
  assert_dir_empty (dir);
  g_test_message ("free: %" G_GUINT64_FORMAT " MiB before, %" G_GUINT64_FORMAT
                  " MiB during, %" G_GUINT64_FORMAT " MiB after",
                  before >> 20, during >> 20, free_bytes (dir) >> 20);
  for (int i = 0; i < 200 && free_bytes (dir) + 64 * MIB < before; i++)
    g_usleep (10000);
  g_assert_cmpuint (free_bytes (dir) + 64 * MIB, >=, before);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  cli_path = g_getenv ("GDISKMARK_CLI");
  g_assert_nonnull (cli_path);
  g_test_add_func ("/scan/cli", test_cli_scans);
  g_test_add_func ("/scan/cli/sigkill", test_cli_sigkill);
  return g_test_run ();
}
