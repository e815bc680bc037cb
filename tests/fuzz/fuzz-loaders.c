/* fuzz-loaders.c: libFuzzer targets, one per loader of files from elsewhere (issues 24 and 44):
 * built once per target with FUZZ_TARGET set, by tools/fuzz-loaders (clang, -Dfuzzing=true).
 * Each calls its loader directly, so that no mutation is spent on telling formats apart:
 *   1 fuzz-result-json  a GDiskMark result's JSON (dmk_result_from_json), then its text and CSV
 *   2 fuzz-result-file  any file the window, compare or history import opens, through the
 *                       dispatcher (dmk_result_load_all on a memfd)
 *   3 fuzz-fio-job      a fio job file (dmk_fio_job_parse) and the settings it runs with
 *   4 fuzz-import-text  CrystalDiskMark's and KDiskMark's text (_dmk_import_text), UTF-8 or
 *                       UTF-16 as the dispatcher hands it over
 *   5 fuzz-import-fio   fio's JSON output (_dmk_import_fio_json_all), also with text around it */
#include "config.h"

#include <glib/gstdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-import.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static void
check_inert (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    if (dmk_text_is_unsafe_char (g_utf8_get_char (p), TRUE))
      abort ();
}

/* What the window and the CLI do with a loaded result: every report of it. */
static void
use_result (DmkResult *r)
{
  g_autofree char *text = dmk_result_to_text (r);
  g_autofree char *csv = dmk_result_to_csv (r);
  g_autofree char *json = dmk_result_to_json (r);

  check_inert (text);
}

/* A loader's contract: a result or an error, never both, never neither. */
static void
check_contract (gconstpointer r, const GError *error)
{
  if ((r == NULL) == (error == NULL))
    abort ();
}

#if FUZZ_TARGET == 5
static void
import_fio (JsonObject *root)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) all = _dmk_import_fio_json_all (root, "fuzz.json", &error);

  check_contract (all, error);
  for (guint i = 0; all != NULL && i < all->len; i++)
    use_result (g_ptr_array_index (all, i));
}
#endif

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError) error = NULL;

#if FUZZ_TARGET == 1
  g_autoptr (DmkResult) r = dmk_result_from_json ((const char *) data, (gssize) size, &error);

  check_contract (r, error);
  if (r != NULL)
    use_result (r);
#elif FUZZ_TARGET == 2
  g_autoptr (GPtrArray) all = NULL;
  g_autofree char *path = NULL;
  int fd = memfd_create ("fuzz.json", MFD_CLOEXEC);

  if (fd < 0 || write (fd, data, size) != (ssize_t) size)
    abort ();
  path = g_strdup_printf ("/proc/self/fd/%d", fd);
  all = dmk_result_load_all (path, &error);
  close (fd);
  check_contract (all, error);
  for (guint i = 0; all != NULL && i < all->len; i++)
    use_result (g_ptr_array_index (all, i));
#elif FUZZ_TARGET == 3
  g_autoptr (DmkFioJob) job = dmk_fio_job_parse ((const char *) data, (gssize) size, "fuzz.fio",
                                                 &error);

  check_contract (job, error);
  if (job != NULL)
    {
      DmkFioOverrides o = { 0 };
      DmkSettings s;

      /* Filled whether or not it validates. */
      dmk_fio_job_settings (job, &o, &s, NULL);
      dmk_settings_clear (&s);
    }
#elif FUZZ_TARGET == 4
  /* The loader gets the file's bytes NUL-terminated, as the dispatcher reads them. */
  g_autofree char *text = g_malloc (size + 2);
  g_autoptr (DmkResult) r = NULL;

  memcpy (text, data, size);
  text[size] = text[size + 1] = '\0';
  if (!_dmk_import_is_text (text, size) && !_dmk_import_is_utf16_text (text, size))
    return 0;
  r = _dmk_import_text (text, size, "fuzz.txt", &error);
  check_contract (r, error);
  if (r != NULL)
    use_result (r);
#elif FUZZ_TARGET == 5
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize start = 0, span = size;
  JsonNode *root;

  /* fio's JSON as it is, or cut out of the text fio wrote around it. */
  if (!json_parser_load_from_data (parser, (const char *) data, (gssize) size, NULL))
    {
      g_autofree char *text = g_strndup ((const char *) data, size);

      if (!_dmk_import_fio_json_span (text, strlen (text), &start, &span) ||
          !json_parser_load_from_data (parser, text + start, (gssize) span, NULL))
        return 0;
    }
  root = json_parser_get_root (parser);
  if (root != NULL && JSON_NODE_HOLDS_OBJECT (root))
    import_fio (json_node_get_object (root));
#else
#error "FUZZ_TARGET must be 1 to 5"
#endif
  return 0;
}
