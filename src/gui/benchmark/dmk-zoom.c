/* dmk-zoom.c: the grid's sizes scaled by the "zoom" setting, in a style sheet of its own laid
 * over style.css: numbers, test buttons, cells and headings grow together, as CrystalDiskMark's
 * View → Zoom does. */
#include "config.h"

#include "dmk-zoom.h"

static const int steps[] = { 100, 125, 150, 175, 200, 250, 300 };

int
dmk_zoom_step (int percent, int direction)
{
  if (direction > 0)
    {
      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        if (steps[i] > percent)
          return steps[i];
      return DMK_ZOOM_MAX;
    }
  for (guint i = G_N_ELEMENTS (steps); i-- > 0;)
    if (steps[i] < percent)
      return steps[i];
  return DMK_ZOOM_MIN;
}

/* style.css's sizes, at percent. */
static char *
zoom_css (int percent)
{
  double z = CLAMP (percent, DMK_ZOOM_MIN, DMK_ZOOM_MAX) / 100.0;

  if (percent == 100)
    return g_strdup ("");
  return g_strdup_printf ("dmkresultcell { min-width: %dpx; min-height: %dpx; }\n"
                          "dmkresultcell > label.value { font-size: %.1fpt; }\n"
                          "button.test-button { min-width: %dpx; min-height: %dpx; }\n"
                          "button.test-button > label { font-size: %d%%; }\n"
                          "button.test-button.all-button label { font-size: %.1fpt; }\n"
                          "label.column-heading { font-size: %.1fpt; }\n",
                          (int) (120 * z), (int) (48 * z), 22 * z, (int) (84 * z),
                          (int) (48 * z), (int) (100 * z), 15 * z, 11 * z);
}

static void
apply (GSettings *settings, const char *key, GtkCssProvider *provider)
{
  g_autofree char *css = zoom_css (g_settings_get_int (settings, "zoom"));

  gtk_css_provider_load_from_data (provider, css, -1);
}

void
dmk_zoom_follow (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  GtkCssProvider *provider;
  GSettings *settings;

  if (g_object_get_data (G_OBJECT (display), "dmk-zoom") != NULL)
    return;
  /* The display's for as long as it is open, not a window's. */
  settings = g_settings_new (APP_ID);
  provider = gtk_css_provider_new ();
  /* Over the application's style.css, which libadwaita loads at APPLICATION priority. */
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
  g_object_set_data_full (G_OBJECT (display), "dmk-zoom", provider, g_object_unref);
  g_object_set_data_full (G_OBJECT (display), "dmk-zoom-settings", settings, g_object_unref);
  g_signal_connect_object (settings, "changed::zoom", G_CALLBACK (apply), provider, 0);
  apply (settings, "zoom", provider);
}
