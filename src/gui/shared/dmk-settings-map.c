/* dmk-settings-map.c: GSettings to and from the core's settings and tests, in one place. */
#include "config.h"

#include "dmk-settings-map.h"

void
dmk_settings_map_read (GSettings *gs, DmkSettings *s)
{
  g_autofree char *mode = g_settings_get_string (gs, "mode");
  g_autofree char *data = g_settings_get_string (gs, "data");
  g_autofree char *engine = g_settings_get_string (gs, "engine");
  g_autofree char *score = g_settings_get_string (gs, "score");

  dmk_settings_init_default (s);
  g_free (s->profile);
  s->profile = g_settings_get_string (gs, "profile");
  if (!dmk_mode_from_string (mode, &s->mode))
    s->mode = DMK_MODE_READ_WRITE;
  if (!dmk_data_from_string (data, &s->data))
    s->data = DMK_DATA_RANDOM;
  if (!dmk_engine_kind_from_string (engine, &s->engine))
    s->engine = DMK_ENGINE_IO_URING;
  /* Left at its default, the engine may differ per test (dmk_engine_for_test); chosen, never. */
  {
    g_autoptr (GVariant) chosen = g_settings_get_user_value (gs, "engine");

    s->engine_asked = chosen != NULL;
  }
  s->passes = (guint) g_settings_get_int (gs, "passes");
  s->size_bytes = (guint64) g_settings_get_int (gs, "size-mib") << 20;
  s->measure_s = (guint) g_settings_get_int (gs, "measure-time");
  s->interval_s = (guint) g_settings_get_int (gs, "interval");
  s->direct = g_settings_get_boolean (gs, "direct");
  s->verify = g_settings_get_boolean (gs, "verify");
  s->until_stable = g_settings_get_boolean (gs, "until-stable");
  s->reread = g_settings_get_boolean (gs, "reread");
  if (!dmk_score_from_string (score, &s->score))
    s->score = DMK_SCORE_BEST;
  s->mix_read_percent = g_settings_get_boolean (gs, "mix")
                          ? (guint) g_settings_get_int (gs, "mix-ratio")
                          : 0;
  s->allow_write_device = FALSE;
  dmk_settings_apply_profile_timing (s);
  if (s->mode == DMK_MODE_READ)
    s->mix_read_percent = 0;
}

static GArray *
custom_specs (GSettings *gs)
{
  g_auto (GStrv) names = g_settings_get_strv (gs, "custom-tests");
  g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));

  for (guint i = 0; names[i] != NULL; i++)
    {
      DmkTestSpec spec;

      /* Custom tests a hand edit broke would plan wrong rows: none of them then. */
      if (!dmk_test_spec_parse (names[i], &spec, NULL) || !dmk_test_spec_validate (&spec, NULL))
        return NULL;
      g_array_append_val (specs, spec);
    }
  return specs->len > 0 ? g_steal_pointer (&specs) : NULL;
}

GArray *
dmk_settings_map_specs (GSettings *gs, const char *profile, char **used)
{
  GArray *specs = NULL;

  if (g_strcmp0 (profile, DMK_PROFILE_CUSTOM) == 0)
    specs = custom_specs (gs);
  if (specs != NULL || dmk_profile_lookup (profile, &specs, NULL))
    {
      if (used != NULL)
        *used = g_strdup (profile);
      return specs;
    }
  /* None, or an unknown profile: Default stands in. */
  dmk_profile_lookup ("default", &specs, NULL);
  if (used != NULL)
    *used = g_strdup ("default");
  return specs;
}

GArray *
dmk_settings_map_plan (GSettings *gs, char **profile, guint *mix)
{
  g_autofree char *asked = g_settings_get_string (gs, "profile");

  *mix = g_settings_get_boolean (gs, "mix") ? (guint) g_settings_get_int (gs, "mix-ratio") : 0;
  return dmk_settings_map_specs (gs, asked, profile);
}

void
dmk_settings_map_set_custom (GSettings *gs, const char *const *names)
{
  g_autofree char *profile = g_settings_get_string (gs, "profile");

  if (dmk_profile_find (profile) != NULL)
    g_settings_set_string (gs, "custom-base-profile", profile);
  g_settings_set_strv (gs, "custom-tests", names);
  g_settings_set_string (gs, "profile", DMK_PROFILE_CUSTOM);
}

char *
dmk_settings_map_get_base_profile (GSettings *gs)
{
  g_autofree char *profile = g_settings_get_string (gs, "profile");
  g_autofree char *base = g_settings_get_string (gs, "custom-base-profile");

  if (dmk_profile_find (profile) != NULL)
    return g_steal_pointer (&profile);
  return g_strdup (dmk_profile_find (base) != NULL ? base : "default");
}
