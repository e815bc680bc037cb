/* dmk-load.c: any saved result opened by name: GDiskMark's JSON, or another tool's (CrystalDiskMark
 * and KDiskMark text, fio JSON), each refused with a sentence naming the file. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmk-error.h"
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

static GPtrArray *
parse (const char *data, gsize length, const char *name, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  gsize start = 0, span = 0;
  JsonObject *o;

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
  /* fio's JSON with its own text around it: only the JSON is read. */
  if (_dmk_import_fio_json_span (data, length, &start, &span))
    {
      data += start;
      length = span;
    }
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

static char *
read_all (int fd, const char *name, gsize size, gsize *length, GError **error)
{
  g_autofree char *data = g_malloc (size + 1);
  gsize got = 0;

  while (got < size)
    {
      gssize n = read (fd, data + got, size - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          io_failed (error, TRUE, name, errno);
          return NULL;
        }
      if (n == 0)
        break; /* it shrank meanwhile: what is left is what is judged */
      got += (gsize) n;
    }
  data[got] = '\0';
  *length = got;
  return g_steal_pointer (&data);
}

/* Real results are a few kilobytes; refuse anything absurd before reading it. */
#define MAX_RESULT_FILE (16 << 20)

/* The contents of filename, NUL-terminated. Read here rather than with g_file_get_contents ()
 * so that each error names the file once, by name: GLib's messages carry the full path. */
static char *
read_file (const char *filename, const char *name, gsize *length, GError **error)
{
  /* O_NONBLOCK: a FIFO must not hang the window; it changes nothing for a regular file. */
  int fd = g_open (filename, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
  char *data = NULL;
  struct stat st;

  if (fd < 0)
    {
      io_failed (error, FALSE, name, errno);
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    io_failed (error, FALSE, name, errno);
  else if (S_ISDIR (st.st_mode))
    g_set_error (error, DMK_ERROR, DMK_ERROR_IO,
                 _("“%s” is a folder: choose a GDiskMark result file in it"), name);
  else if (!S_ISREG (st.st_mode))
    dmk_set_not_a_result_error (error, name, 0, _("it is not a file"));
  else if (st.st_size > MAX_RESULT_FILE)
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                 _("“%s” is too large to be a GDiskMark result"), name);
  else
    data = read_all (fd, name, (gsize) st.st_size, length, error);
  g_close (fd, NULL);
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
