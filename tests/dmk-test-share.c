/* dmk-test-share.c: the share tests' fixture, a result holding every private thing. */
#include "config.h"

#include <string.h>

#include "dmk-test-share.h"

char *
share_fixture_text (const char *host)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "share", "alice.json", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) parts = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  parts = g_strsplit (text, "@HOST@", -1);
  return g_strjoinv (host, parts);
}

char *
share_fixture_file (const char *dir, const char *host)
{
  g_autofree char *text = share_fixture_text (host);
  char *path = g_build_filename (dir, "alice.json", NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static gboolean
word_byte (char c)
{
  return g_ascii_isalnum (c) || c == '_' || (guchar) c >= 0x80;
}

gboolean
share_has_word (const char *text, const char *word)
{
  gsize len = strlen (word);

  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    if ((p == text || !word_byte (p[-1])) && !word_byte (p[len]))
      return TRUE;
  return FALSE;
}
