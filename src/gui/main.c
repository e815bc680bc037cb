/* main.c: starts gdiskmark, the GTK 4 window of the GDiskMark disk benchmark. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "dmk-application.h"
#include "dmk-build-tree-paths.h"

/* The build tree's schema goes first, so it wins over an older installed one; the helper is
 * the build tree's (an installed one may be missing or older). Both go through the environment
 * because GSettings and the helper lookup in the core read it; nothing is spawned that could
 * inherit them but pkexec, which gets a cleaned environment. */
static void
use_build_tree (void)
{
  const char *schema_dirs = g_getenv ("GSETTINGS_SCHEMA_DIR");
  g_autofree char *dirs = NULL;

  if (schema_dirs != NULL && *schema_dirs != '\0')
    dirs = g_strjoin (G_SEARCHPATH_SEPARATOR_S, DMK_BUILD_TREE_SCHEMA_DIR, schema_dirs, NULL);
  else
    dirs = g_strdup (DMK_BUILD_TREE_SCHEMA_DIR);
  g_setenv ("GSETTINGS_SCHEMA_DIR", dirs, TRUE);
  g_setenv ("GDISKMARK_HELPER", DMK_BUILD_TREE_HELPER, FALSE);
}

/* The icon theme needs the display, which the application opens in its startup; this handler
 * runs after that. Unthemed icons are looked up at the top of each search path. */
static void
add_build_tree_icons (GApplication *app, gpointer user_data)
{
  GdkDisplay *display = gdk_display_get_default ();
  GtkIconTheme *theme;

  if (display == NULL)
    return;
  theme = gtk_icon_theme_get_for_display (display);
  gtk_icon_theme_add_search_path (theme, DMK_BUILD_TREE_ICON_DIR "/scalable/apps");
  gtk_icon_theme_add_search_path (theme, DMK_BUILD_TREE_ICON_DIR "/symbolic/apps");
}

int
main (int argc, char *argv[])
{
  g_autoptr (DmkApplication) app = NULL;
  /* `build/src/gui/gdiskmark` works with nothing installed. */
  gboolean build_tree = dmk_running_from_build_tree (DMK_BUILD_TREE_GUI);
  const char *localedir = dmk_test_hook ("GDISKMARK_LOCALEDIR");
  int status;

  if (build_tree)
    use_build_tree ();

  setlocale (LC_ALL, "");
  /* GDISKMARK_LOCALEDIR lets tests and screenshots pick the catalogs. */
  if (localedir == NULL)
    localedir = build_tree ? DMK_BUILD_TREE_LOCALEDIR : LOCALEDIR;
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("GDiskMark"));
  app = dmk_application_new ();
  if (build_tree)
    {
      g_signal_connect (app, "startup", G_CALLBACK (add_build_tree_icons), NULL);
      dmk_application_set_help_dir (app, DMK_BUILD_TREE_HELP_DIR);
    }
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return status != 0 ? status : dmk_application_get_exit_status (app);
}
