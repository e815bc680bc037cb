/* dmk-load.c: any saved result opened by name: GDiskMark's JSON, text or CSV, or another tool's
 * (CrystalDiskMark and KDiskMark text, fio JSON), each refused with a sentence naming the file. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-file.h"
#include "dmk-import-private.h"
#include "dmk-load.h"

/* The one result of a file, in an array (fio --client's output has one per host). */
static GPtrArray *
one (DmkResult *r)
{
  GPtrArray *all;

  if (r == NULL)
    return NULL;
  all = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_ptr_array_add (all, r);
  return all;
}

/* fio's JSON output (its object from data[start] on: span bytes, 0 when it does not close),
 * refused as fio's when it is not JSON, at the line of the file. */
static GPtrArray *
fio (JsonParser *parser, const char *data, gsize length, gsize start, gsize span,
     const char *name, GError **error)
{
  g_autofree char *reason = NULL;
  g_autofree char *what = NULL;
  JsonNode *root;
  guint line = 0;

  if (dmk_json_load_checked (parser, data + start, span > 0 ? span : length - start, &line,
                             &reason) &&
      (root = json_parser_get_root (parser)) != NULL && JSON_NODE_HOLDS_OBJECT (root))
    return _dmk_import_fio_json_all (json_node_get_object (root), name, error);
  if (reason == NULL)
    reason = g_strdup (_("it is empty"));
  /* The line in the file, fio's text before the JSON included. */
  for (gsize i = 0; line > 0 && i < start; i++)
    line += data[i] == '\n';
  if (line > 0)
    /* TRANSLATORS: "it is fio’s JSON output, but not valid JSON (line 120: it ends too soon) …" */
    what = g_strdup_printf (_("it is fio’s JSON output, but not valid JSON (line %u: %s): it may "
                              "have been cut short or edited. Save fio’s output again, whole "
                              "(fio --output-format=json --output=FILE)"),
                            line, reason);
  else
    what = g_strdup_printf (_("it is fio’s JSON output, but not valid JSON (%s): it may have "
                              "been cut short or edited. Save fio’s output again, whole (fio "
                              "--output-format=json --output=FILE)"),
                            reason);
  _dmk_import_fail (error, name, what);
  return NULL;
}

static GPtrArray *
parse (const char *data, gsize length, const char *name, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  gsize start = 0, span = 0;
  JsonObject *o;

  /* GDiskMark's own text and CSV first: a comment or a comparison's column may name another
   * tool. */
  if (_dmk_import_is_own_text (data, length))
    return one (_dmk_import_own_text (data, length, name, error));
  if (_dmk_import_is_own_csv (data, length))
    return one (_dmk_import_own_csv (data, length, name, error));
  /* Another tool's saved result, for the comparison: CrystalDiskMark's or KDiskMark's text. */
  if (_dmk_import_is_text (data, length) || _dmk_import_is_utf16_text (data, length))
    return one (_dmk_import_text (data, length, name, error));
  if (_dmk_import_is_headless_text (data, length))
    {
      _dmk_import_fail (error, name,
                        _("it looks like a CrystalDiskMark or KDiskMark result without its "
                          "first line (“CrystalDiskMark 8.0.4 x64 …” or “KDiskMark (3.1.4): "
                          "…”): copy the whole text"));
      return NULL;
    }
  /* fio's JSON with its own text around it: only the JSON is read. It is fio's output from its
   * first line on, and is refused as that when it is not JSON. */
  if (_dmk_import_fio_json_span (data, length, &start, &span))
    return fio (parser, data, length, start, span, name, error);
  o = dmk_json_parse_root (parser, data, length, name, error);
  if (o != NULL && json_object_has_member (o, "fio version"))
    return _dmk_import_fio_json_all (o, name, error);
  return o != NULL ? one (dmk_result_from_json_object (o, name, error)) : NULL;
}

/* errsv is errno as the failing call left it, saved before gettext can change it. */
static void
io_failed (GError **error, gboolean reading, const char *name, int errsv)
{
  if (reading)
    g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not read “%s”: %s"), name,
                 g_strerror (errsv));
  else
    g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not open “%s”: %s"), name,
                 g_strerror (errsv));
}

/* Real results are a few kilobytes; refuse anything absurd before reading it. */
#define MAX_RESULT_FILE (16 << 20)

/* The contents of filename, NUL-terminated. Read here rather than with g_file_get_contents ()
 * so that each error names the file once, by name (GLib's messages carry the full path), and so
 * that a FIFO or a device is refused without blocking or reading it. */
static char *
read_file (const char *filename, const char *name, gsize *length, GError **error)
{
  DmkFileStatus status;
  int errsv = 0;
  char *data = dmk_file_read_regular (filename, MAX_RESULT_FILE, length, &status, &errsv);

  switch (status)
    {
    case DMK_FILE_READ:
      break;
    case DMK_FILE_OPEN_FAILED:
    case DMK_FILE_READ_FAILED:
      io_failed (error, status == DMK_FILE_READ_FAILED, name, errsv);
      break;
    case DMK_FILE_FOLDER:
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO,
                   _("“%s” is a folder: choose a GDiskMark result file in it"), name);
      break;
    case DMK_FILE_NOT_REGULAR:
      dmk_set_not_a_result_error (error, name, 0, _("it is not a file"));
      break;
    case DMK_FILE_TOO_LARGE:
    default:
      g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                   _("“%s” is too large to be a GDiskMark result"), name);
      break;
    }
  return data;
}

GPtrArray *
dmk_result_load_all (const char *filename, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (filename != NULL, NULL);
  /* The base name only: the user just chose the file, and a long path drowns the sentence. */
  name = g_filename_display_basename (filename);
  data = read_file (filename, name, &length, error);
  if (data == NULL)
    return NULL;
  return parse (data, length, name, error);
}

DmkResult *
dmk_result_load (const char *filename, GError **error)
{
  g_autoptr (GPtrArray) all = dmk_result_load_all (filename, error);

  return all != NULL ? dmk_result_ref (g_ptr_array_index (all, 0)) : NULL;
}
