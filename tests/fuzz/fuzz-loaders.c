/* fuzz-loaders.c: libFuzzer targets for every loader of files from elsewhere (issue 24): built
 * once per target with FUZZ_TARGET set, by tools/fuzz-loaders (clang, -Dfuzzing=true).
 *   1 fuzz-result-json  a GDiskMark result's JSON (dmk_result_from_json)
 *   2 fuzz-result-file  any file the window or compare opens: other tools' text, fio's JSON,
 *                       ours (dmk_result_load on a memfd), then its text report and CSV
 *   3 fuzz-fio-job      a fio job file (dmk_fio_job_parse) and the settings it runs with */
#include "config.h"

#include <glib/gstdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dmk-core.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static void
check_inert (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    if (dmk_text_is_unsafe_char (g_utf8_get_char (p), TRUE))
      abort ();
}

static void
use_result (DmkResult *r)
{
  g_autofree char *text = dmk_result_to_text (r);
  g_autofree char *csv = dmk_result_to_csv (r);

  check_inert (text);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError) error = NULL;

#if FUZZ_TARGET == 1
  g_autoptr (DmkResult) r = dmk_result_from_json ((const char *) data, (gssize) size, &error);

  if ((r == NULL) == (error == NULL))
    abort ();
  if (r != NULL)
    use_result (r);
#elif FUZZ_TARGET == 2
  g_autoptr (DmkResult) r = NULL;
  g_autofree char *path = NULL;
  int fd = memfd_create ("fuzz.json", MFD_CLOEXEC);

  if (fd < 0 || write (fd, data, size) != (ssize_t) size)
    abort ();
  path = g_strdup_printf ("/proc/self/fd/%d", fd);
  r = dmk_result_load (path, &error);
  close (fd);
  if ((r == NULL) == (error == NULL))
    abort ();
  if (r != NULL)
    use_result (r);
#elif FUZZ_TARGET == 3
  g_autoptr (DmkFioJob) job = dmk_fio_job_parse ((const char *) data, (gssize) size, "fuzz.fio",
                                                 &error);

  if ((job == NULL) == (error == NULL))
    abort ();
  if (job != NULL)
    {
      DmkFioOverrides o = { 0 };
      DmkSettings s;

      /* Filled whether or not it validates. */
      dmk_fio_job_settings (job, &o, &s, NULL);
      dmk_settings_clear (&s);
    }
#else
#error "FUZZ_TARGET must be 1, 2 or 3"
#endif
  return 0;
}
