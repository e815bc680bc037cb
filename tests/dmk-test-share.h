/* dmk-test-share.h: the share tests' fixture, a result holding every private thing. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Its private things (tests/share/SOURCES says where each comes from). */
#define SHARE_SERIAL "S6PNNS0T123456A"
#define SHARE_WWN "5002538f4123abcd"
#define SHARE_UUID "3f2a9c1e-5b7d-4e08-9a61-2c4d8e0f7b13"
#define SHARE_LABEL "BACKUP2TB"
#define SHARE_USER "alice"

/* tests/share/alice.json with host as its host name. */
char *share_fixture_text (const char *host);
/* The same written into dir; the file's path. */
char *share_fixture_file (const char *dir, const char *host);
/* Whether word stands in text as a whole word (not inside a longer one). */
gboolean share_has_word (const char *text, const char *word);

G_END_DECLS
