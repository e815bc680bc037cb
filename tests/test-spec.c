/* test-spec.c: test spec names, profiles, settings ranges and size parsing. */
#include "config.h"

#include "dmk-core.h"

static void
test_spec_roundtrip (void)
{
  const char *names[] = { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q32T16", "SEQ128K Q32T1",
                          "RND512K Q1T1", "RND512 Q1T1" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      DmkTestSpec spec;
      g_autoptr (GError) error = NULL;
      g_autofree char *back = NULL;

      g_assert_true (dmk_test_spec_parse (names[i], &spec, &error));
      g_assert_no_error (error);
      back = dmk_test_spec_to_name (&spec);
      g_assert_cmpstr (back, ==, names[i]);
    }
}

static void
test_spec_values (void)
{
  DmkTestSpec spec;

  g_assert_true (dmk_test_spec_parse ("rnd4kib q32t16", &spec, NULL));
  g_assert_cmpint (spec.pattern, ==, DMK_PATTERN_RANDOM);
  g_assert_cmpuint (spec.block_size, ==, 4096);
  g_assert_cmpuint (spec.queue_depth, ==, 32);
  g_assert_cmpuint (spec.threads, ==, 16);
  g_assert_true (dmk_test_spec_parse ("SEQ1M-Q8T1", &spec, NULL));
  g_assert_cmpint (spec.pattern, ==, DMK_PATTERN_SEQUENTIAL);
  g_assert_cmpuint (spec.block_size, ==, 1 << 20);
  g_assert_cmpuint (spec.queue_depth, ==, 8);
  g_assert_cmpuint (spec.threads, ==, 1);
}

static void
test_spec_bad (void)
{
  const char *bad[] = { "", "SEQ", "SEQ1M", "XYZ1M Q1T1", "SEQ1M Q0T1", "SEQ1M Q1T0", "SEQ1M Q1T65",
                        "SEQ1M Q513T1", "RND100 Q1T1", "RND128M Q1T1", "SEQ1M Q1T1 extra",
                        "SEQ99999999999M Q1T1", "SEQ1M Q1" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      DmkTestSpec spec;
      g_autoptr (GError) error = NULL;

      g_test_message ("parsing “%s”", bad[i]);
      g_assert_false (dmk_test_spec_parse (bad[i], &spec, &error));
      g_assert_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
      /* The message names what was given: the text itself, or the test it parsed into. */
      g_assert_true (strstr (error->message, bad[i]) != NULL ||
                     g_str_has_prefix (error->message, "Test “"));
    }
}

static void
check_profile (const char *name, const char *const *expected)
{
  g_autoptr (GArray) specs = NULL;
  guint n = g_strv_length ((char **) expected);

  g_assert_true (dmk_profile_lookup (name, &specs, NULL));
  g_assert_cmpuint (specs->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *got = dmk_test_spec_to_name (&g_array_index (specs, DmkTestSpec, i));
      g_assert_cmpstr (got, ==, expected[i]);
    }
}

static void
test_profiles (void)
{
  const char *classic[] = { "SEQ1M Q1T1", "RND512K Q1T1", "RND4K Q1T1", "RND4K Q32T1", NULL };
  const char *def[] = { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1", NULL };
  const char *nvme[] = { "SEQ1M Q8T1", "SEQ128K Q32T1", "RND4K Q32T16", "RND4K Q1T1", NULL };
  g_autoptr (GError) error = NULL;
  const char *const *names = dmk_profile_names ();

  check_profile ("classic", classic);
  check_profile ("default", def);
  check_profile ("nvme", nvme);
  /* CrystalDiskMark 9's Flash Memory profile: the default tests. */
  check_profile ("flash", def);
  for (guint i = 0; names[i] != NULL; i++)
    g_assert_true (dmk_profile_lookup (names[i], NULL, NULL));
  g_assert_cmpuint (g_strv_length ((char **) names), ==, 7);
  g_assert_false (dmk_profile_lookup ("fast", NULL, &error));
  g_assert_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "fast"));
}

/* The Flash profile brings its own timing (1 s passes, 30 s between tests); the others keep the
 * user's. */
static void
test_profile_timing (void)
{
  DmkSettings s;

  dmk_settings_init_default (&s);
  s.measure_s = 7;
  s.interval_s = 9;
  dmk_settings_apply_profile_timing (&s);
  g_assert_cmpuint (s.measure_s, ==, 7);
  g_assert_cmpuint (s.interval_s, ==, 9);
  g_free (s.profile);
  s.profile = g_strdup ("flash");
  dmk_settings_apply_profile_timing (&s);
  g_assert_cmpuint (s.measure_s, ==, 1);
  g_assert_cmpuint (s.interval_s, ==, 30);
  g_assert_true (dmk_settings_validate (&s, NULL));
  g_assert_cmpstr (dmk_profile_report_name ("flash"), ==, "Flash Memory (CrystalDiskMark 9)");
  dmk_settings_clear (&s);
}

static void
test_plan (void)
{
  DmkSettings s;
  g_autoptr (GArray) jobs = NULL;

  dmk_settings_init_default (&s);
  jobs = dmk_runner_plan (&s, NULL, NULL);
  g_assert_cmpuint (jobs->len, ==, 8);
  /* All reads first, then all writes, as CrystalDiskMark runs them. */
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (g_array_index (jobs, DmkJob, i).direction, ==, DMK_DIRECTION_READ);
  for (guint i = 4; i < 8; i++)
    g_assert_cmpint (g_array_index (jobs, DmkJob, i).direction, ==, DMK_DIRECTION_WRITE);
  g_clear_pointer (&jobs, g_array_unref);

  /* Read mode never writes: the mixed test, which writes 30%, is not planned. */
  s.mode = DMK_MODE_READ;
  s.mix_read_percent = 70;
  jobs = dmk_runner_plan (&s, NULL, NULL);
  g_assert_cmpuint (jobs->len, ==, 4);
  for (guint i = 0; i < jobs->len; i++)
    g_assert_cmpint (g_array_index (jobs, DmkJob, i).direction, ==, DMK_DIRECTION_READ);
  g_clear_pointer (&jobs, g_array_unref);

  s.mode = DMK_MODE_WRITE;
  jobs = dmk_runner_plan (&s, NULL, NULL);
  g_assert_cmpuint (jobs->len, ==, 8);
  g_assert_cmpint (g_array_index (jobs, DmkJob, 0).direction, ==, DMK_DIRECTION_WRITE);
  g_assert_cmpint (g_array_index (jobs, DmkJob, 7).direction, ==, DMK_DIRECTION_MIX);
  dmk_settings_clear (&s);
}

typedef struct
{
  guint *field;
  guint bad_low, bad_high, good_low, good_high;
  gboolean has_low;
} Range;

static void
test_settings_ranges (void)
{
  DmkSettings s;

  dmk_settings_init_default (&s);
  g_assert_true (dmk_settings_validate (&s, NULL));
  g_assert_cmpuint (s.passes, ==, 5);
  g_assert_cmpuint (s.size_bytes, ==, G_GUINT64_CONSTANT (1) << 30);
  g_assert_cmpuint (s.measure_s, ==, 5);
  g_assert_cmpuint (s.interval_s, ==, 5);
  g_assert_true (s.direct);

  {
    Range ranges[] = {
      { &s.passes, 0, 10, 1, 9, TRUE },
      { &s.measure_s, 0, 61, 1, 60, TRUE },
      { &s.interval_s, 0, 601, 0, 600, FALSE },
      { &s.mix_read_percent, 0, 100, 1, 99, FALSE },
    };
    for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
      {
        Range *r = &ranges[i];
        guint saved = *r->field;
        g_autoptr (GError) e1 = NULL;
        g_autoptr (GError) e2 = NULL;

        *r->field = r->good_low;
        g_assert_true (dmk_settings_validate (&s, NULL));
        *r->field = r->good_high;
        g_assert_true (dmk_settings_validate (&s, NULL));
        *r->field = r->bad_high;
        /* Out of range is an error, never clamped. */
        g_assert_false (dmk_settings_validate (&s, &e1));
        g_assert_error (e1, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
        g_assert_cmpuint (*r->field, ==, r->bad_high);
        if (r->has_low)
          {
            *r->field = r->bad_low;
            g_assert_false (dmk_settings_validate (&s, &e2));
            g_assert_error (e2, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
          }
        *r->field = saved;
      }
  }
  s.size_bytes = DMK_SIZE_MIN;
  g_assert_true (dmk_settings_validate (&s, NULL));
  s.size_bytes = DMK_SIZE_MAX;
  g_assert_true (dmk_settings_validate (&s, NULL));
  s.size_bytes = DMK_SIZE_MIN - (1 << 20);
  g_assert_false (dmk_settings_validate (&s, NULL));
  s.size_bytes = DMK_SIZE_MAX + (1 << 20);
  g_assert_false (dmk_settings_validate (&s, NULL));
  dmk_settings_clear (&s);
}

static void
test_parse_size (void)
{
  struct
  {
    const char *text;
    guint64 value;
  } good[] = {
    { "64MiB", 64ull << 20 }, { "1GiB", 1ull << 30 }, { "512M", 512ull << 20 },
    { "1g", 1ull << 30 },     { "16 MiB", 16ull << 20 }, { "16777216", 16ull << 20 },
    { "2GB", 2ull << 30 },
  };
  const char *bad[] = { "", "MiB", "12X", "1.5G", "-1G", "99999999999999999999G", "1 GiBs" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      guint64 v = 0;
      g_assert_true (dmk_parse_size (good[i].text, &v, NULL));
      g_assert_cmpuint (v, ==, good[i].value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      guint64 v = 0;
      g_autoptr (GError) error = NULL;
      g_assert_false (dmk_parse_size (bad[i], &v, &error));
      g_assert_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
    }
}

static void
test_format_size (void)
{
  struct
  {
    guint64 v;
    const char *s;
  } cases[] = { { 16ull << 20, "16 MiB" }, { 1ull << 30, "1 GiB" }, { 1536ull << 20, "1.5 GiB" },
                { 100, "100 B" } };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = dmk_format_size (cases[i].v);
      g_assert_cmpstr (s, ==, cases[i].s);
    }
}

/* Every profile of the one table loads, with exactly the table's tests, and has names. */
static void
test_profile_table (void)
{
  const DmkProfile *profiles = dmk_profiles ();
  const char *const *names = dmk_profile_names ();
  g_autofree char *list = dmk_profile_list ();
  g_auto (GStrv) listed = g_strsplit (list, ", ", -1);
  guint n = 0;

  for (; profiles[n].id != NULL; n++)
    {
      const DmkProfile *p = &profiles[n];
      g_autoptr (GArray) specs = NULL;
      g_autoptr (GError) error = NULL;

      g_test_message ("profile %s", p->id);
      g_assert_true (dmk_profile_lookup (p->id, &specs, &error));
      g_assert_no_error (error);
      g_assert_true (dmk_profile_find (p->id) == p);
      g_assert_cmpuint (specs->len, ==, g_strv_length ((char **) p->tests));
      g_assert_cmpuint (specs->len, >, 0);
      for (guint i = 0; i < specs->len; i++)
        {
          DmkTestSpec *spec = &g_array_index (specs, DmkTestSpec, i);
          g_autofree char *name = dmk_test_spec_to_name (spec);
          g_assert_cmpstr (name, ==, p->tests[i]);
          g_assert_true (dmk_test_spec_validate (spec, NULL));
        }
      g_assert_cmpstr (names[n], ==, p->id);
      g_assert_cmpstr (listed[n], ==, p->id);
      g_assert_cmpstr (dmk_profile_report_name (p->id), ==, p->name);
      g_assert_cmpstr (dmk_profile_display_name (p->id), !=, "");
      g_assert_cmpstr (dmk_profile_short_name (p->id), !=, "");
      g_assert_cmpstr (dmk_profile_short_name (p->id), !=, p->id);
    }
  g_assert_null (names[n]);
  g_assert_cmpuint (g_strv_length (listed), ==, n);
  /* "custom" has names but no tests: it is not a profile to run. */
  g_assert_false (dmk_profile_lookup (DMK_PROFILE_CUSTOM, NULL, NULL));
  g_assert_null (dmk_profile_find (DMK_PROFILE_CUSTOM));
  g_assert_cmpstr (dmk_profile_report_name (DMK_PROFILE_CUSTOM), ==, "Custom");
  g_assert_cmpstr (dmk_profile_report_name (NULL), ==, "Custom");
  /* A profile from a newer GDiskMark is shown by its id, not lost. */
  g_assert_cmpstr (dmk_profile_display_name ("turbo"), ==, "turbo");
  {
    g_autoptr (GError) error = NULL;
    g_assert_false (dmk_profile_lookup ("turbo", NULL, &error));
    g_assert_nonnull (strstr (error->message, list));
  }
}

typedef struct
{
  gboolean in_profile, in_default;
  GPtrArray *choices;
  GString *default_value;
} SchemaProfile;

static void
schema_start (GMarkupParseContext *ctx, const char *element, const char **names,
              const char **values, gpointer data, GError **error)
{
  SchemaProfile *sp = data;

  if (strcmp (element, "key") == 0)
    for (guint i = 0; names[i] != NULL; i++)
      if (strcmp (names[i], "name") == 0)
        sp->in_profile = strcmp (values[i], "profile") == 0;
  if (sp->in_profile && strcmp (element, "choice") == 0)
    for (guint i = 0; names[i] != NULL; i++)
      if (strcmp (names[i], "value") == 0)
        g_ptr_array_add (sp->choices, g_strdup (values[i]));
  sp->in_default = sp->in_profile && strcmp (element, "default") == 0;
}

static void
schema_end (GMarkupParseContext *ctx, const char *element, gpointer data, GError **error)
{
  SchemaProfile *sp = data;

  if (strcmp (element, "key") == 0)
    sp->in_profile = FALSE;
  sp->in_default = FALSE;
}

static void
schema_text (GMarkupParseContext *ctx, const char *text, gsize len, gpointer data, GError **error)
{
  SchemaProfile *sp = data;

  if (sp->in_default)
    g_string_append_len (sp->default_value, text, (gssize) len);
}

/* The window's settings schema offers exactly the table's profiles, in the table's order, then
 * "custom" for the tests set row by row. */
static void
test_profile_schema (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data",
                                                 "io.github.gdiskmark.GDiskMark.gschema.xml",
                                                 NULL);
  g_autofree char *xml = NULL;
  g_autoptr (GError) error = NULL;
  GMarkupParser parser = { schema_start, schema_end, schema_text, NULL, NULL };
  SchemaProfile sp = { FALSE, FALSE, g_ptr_array_new_with_free_func (g_free), g_string_new (NULL) };
  g_autoptr (GMarkupParseContext) ctx = g_markup_parse_context_new (&parser, 0, &sp, NULL);
  const char *const *names = dmk_profile_names ();
  g_autofree char *def = NULL;

  g_assert_true (g_file_get_contents (path, &xml, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_parse (ctx, xml, -1, &error));
  g_assert_true (g_markup_parse_context_end_parse (ctx, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (sp.choices->len, >, 0);
  g_assert_cmpstr (g_ptr_array_index (sp.choices, sp.choices->len - 1), ==, DMK_PROFILE_CUSTOM);
  g_ptr_array_remove_index (sp.choices, sp.choices->len - 1);
  g_ptr_array_add (sp.choices, NULL);
  g_assert_cmpstrv ((const char *const *) sp.choices->pdata, names);
  /* The default is a GVariant text: 'default'. */
  def = g_strstrip (g_string_free (sp.default_value, FALSE));
  g_assert_true (g_str_has_prefix (def, "'") && g_str_has_suffix (def, "'"));
  def[strlen (def) - 1] = '\0';
  g_assert_nonnull (dmk_profile_find (def + 1));
  g_ptr_array_unref (sp.choices);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/spec/roundtrip", test_spec_roundtrip);
  g_test_add_func ("/spec/profile-timing", test_profile_timing);
  g_test_add_func ("/spec/values", test_spec_values);
  g_test_add_func ("/spec/bad", test_spec_bad);
  g_test_add_func ("/spec/profiles", test_profiles);
  g_test_add_func ("/spec/profile-table", test_profile_table);
  g_test_add_func ("/spec/profile-schema", test_profile_schema);
  g_test_add_func ("/spec/plan", test_plan);
  g_test_add_func ("/settings/ranges", test_settings_ranges);
  g_test_add_func ("/settings/parse-size", test_parse_size);
  g_test_add_func ("/settings/format-size", test_format_size);
  return g_test_run ();
}
