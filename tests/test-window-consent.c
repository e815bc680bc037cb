/* test-window-consent.c: write consent belongs to a device, not to its name (issue 24, item 1).
 * Writes are allowed on a real loop device of image A (64 MiB); A is detached and an image B of
 * 48 MiB attached under the same /dev/loopN; then a rescan, Run itself, and a run's open fd each
 * find that B is another device: writes are no longer allowed, Run asks again naming B, and
 * nothing is written to B without that answer. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dmk-test-gui.h"
#include "dmk-test-loop.h"
#include "dmk-test-wm.h"

#define MIB ((guint64) 1 << 20)

static gboolean
dialog_gone (gpointer data)
{
  return dmk_window_get_allow_dialog (data) == NULL;
}

static gboolean
selected_is_48 (gpointer data)
{
  DmkTargetItem *item = selected_item (data);

  return item != NULL && dmk_target_item_get_size (item) == 48 * MIB;
}

static char *
image_checksum (void)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (dmk_test_image, &data, &len, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, len);
}

/* The label under root whose text holds needle, or NULL. */
static GtkLabel *
label_holding (GtkWidget *root, const char *needle)
{
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), needle) != NULL)
    return GTK_LABEL (root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = label_holding (c, needle);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The question's body, laid out as its label lays it out at every width from 120 to 600 px,
 * never ends a line inside the device's path ("/dev/" then "loop1", issue 46 item 12). */
static void
assert_path_never_split (AdwMessageDialog *dialog, const char *path)
{
  GtkLabel *label = label_holding (GTK_WIDGET (dialog), "whole test area");
  g_autoptr (PangoLayout) layout = NULL;
  guint lines_checked = 0;

  g_assert_nonnull (label);
  g_assert_nonnull (strstr (gtk_label_get_text (label), path));
  layout = pango_layout_copy (gtk_label_get_layout (label));
  for (int width = 120; width <= 600; width += 3)
    {
      pango_layout_set_width (layout, width * PANGO_SCALE);
      for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
        {
          PangoLayoutLine *line = l->data;
          const char *text = pango_layout_get_text (layout);
          const char *end = text + line->start_index + line->length;
          const char *at = strstr (text, path);

          lines_checked++;
          /* A line that ends past the path's start and before its end splits it. */
          while (at != NULL)
            {
              g_assert_false (end > at && end < at + strlen (path));
              at = strstr (at + 1, path);
            }
        }
    }
  g_assert_cmpuint (lines_checked, >, 160);
}

/* Writes allowed on A through the window's own question; the run it starts is stopped at once
 * (what it wrote to A does not matter). */
static DmkWindow *
window_with_consent_on_a (void)
{
  DmkWindow *win;
  AdwMessageDialog *dialog;

  reset_settings ();
  set_tiny ("classic");
  win = new_window (NULL);
  select_device (win, dmk_test_loop);
  g_assert_cmpuint (dmk_target_item_get_size (selected_item (win)), ==, 64 * MIB);
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  g_action_group_activate_action (G_ACTION_GROUP (win), "allow-device-writes", NULL);
  dialog = dmk_window_get_allow_dialog (win);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "64 MiB"));
  assert_path_never_split (dialog, dmk_test_loop);
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (iterate_until (dialog_gone, win));
  g_assert_true (dmk_window_get_device_writes_allowed (win));
  g_action_group_activate_action (G_ACTION_GROUP (win), "stop", NULL);
  g_assert_true (iterate_until (not_running, win));
  g_assert_true (dmk_window_get_device_writes_allowed (win));
  return win;
}

/* Run asks again, and the question names B (its image and its size), not A. */
static AdwMessageDialog *
run_asks_naming_b (DmkWindow *win)
{
  g_autofree char *b_image = g_strdup (dmk_test_image);
  AdwMessageDialog *dialog;
  const char *body;

  click (dmk_window_get_all_button (win));
  g_assert_false (dmk_window_is_running (win));
  dialog = dmk_window_get_allow_dialog (win);
  g_assert_nonnull (dialog);
  body = adw_message_dialog_get_body (dialog);
  g_test_message ("asked: %s", body);
  g_assert_nonnull (strstr (body, dmk_test_loop));
  g_assert_nonnull (strstr (body, b_image));
  g_assert_nonnull (strstr (body, "48 MiB"));
  g_assert_null (strstr (body, "64 MiB"));
  /* And what the helper cannot see (item 10): a holder that never locked the device. */
  g_assert_nonnull (strstr (body, "without locking it"));
  return dialog;
}

/* The case: a rescan after the swap withdraws the consent. */
static void
test_swap_then_rescan (void)
{
  g_autofree char *before = NULL, *after = NULL;
  AdwMessageDialog *dialog;
  DmkWindow *win;
  gboolean changed = FALSE;

  if (!dmk_test_loop_setup (24))
    return;
  win = window_with_consent_on_a ();
  if (!dmk_test_loop_swap (48 * MIB))
    {
      destroy_window (win);
      return;
    }
  before = image_checksum ();
  g_signal_connect (win, "devices-changed", G_CALLBACK (flag_on_signal), &changed);
  dmk_window_refresh_devices (win);
  g_assert_true (iterate_until (selected_is_48, win));
  g_assert_true (iterate_until (flag_set, &changed));
  g_signal_handlers_disconnect_by_data (win, &changed);
  g_assert_nonnull (strstr (dmk_target_item_get_subtitle (selected_item (win)), "48 MiB"));
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win),
                                                    "allow-device-writes"));

  dialog = run_asks_naming_b (win);
  adw_message_dialog_response (dialog, "cancel");
  g_assert_true (iterate_until (dialog_gone, win));
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  after = image_checksum ();
  g_assert_cmpstr (before, ==, after);

  destroy_window (win);
  dmk_test_loop_cleanup ();
}

/* No rescan between the swap and Run: Run looks at the device itself before it writes. Once the
 * user answers the question about B, writes go to B. */
static void
test_swap_then_run (void)
{
  g_autofree char *before = NULL, *after = NULL;
  AdwMessageDialog *dialog;
  DmkWindow *win;

  if (!dmk_test_loop_setup (25))
    return;
  win = window_with_consent_on_a ();
  if (!dmk_test_loop_swap (48 * MIB))
    {
      destroy_window (win);
      return;
    }
  before = image_checksum ();
  /* The list has not seen the swap: it still says A. */
  g_assert_cmpuint (dmk_target_item_get_size (selected_item (win)), ==, 64 * MIB);
  g_assert_true (dmk_window_get_device_writes_allowed (win));

  dialog = run_asks_naming_b (win);
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  g_assert_cmpuint (dmk_target_item_get_size (selected_item (win)), ==, 48 * MIB);
  after = image_checksum ();
  g_assert_cmpstr (before, ==, after);

  /* Allowed for B: the run it starts writes to B. */
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (iterate_until (dialog_gone, win));
  g_assert_true (dmk_window_get_device_writes_allowed (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  g_free (after);
  after = image_checksum ();
  g_assert_cmpstr (before, !=, after);

  destroy_window (win);
  dmk_test_loop_cleanup ();
}

typedef struct
{
  GError *error;
  gboolean done;
} Done;

static void
run_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Done *d = data;
  DmkResult *result = dmk_runner_run_finish (DMK_RUNNER (source), res, NULL, &d->error);

  if (result != NULL)
    dmk_result_unref (result);
  d->done = TRUE;
}

static GError *
run_writes (const DmkDeviceIdentity *consent)
{
  g_autoptr (DmkRunner) runner = dmk_runner_new ();
  g_autoptr (GArray) specs = NULL;
  g_autoptr (GArray) jobs = NULL;
  DmkSettings s;
  Done d = { 0 };

  dmk_settings_init_default (&s);
  s.size_bytes = 16 * MIB;
  s.passes = 1;
  s.measure_s = 1;
  s.interval_s = 0;
  s.warmup_s = 0;
  s.mode = DMK_MODE_WRITE;
  s.allow_write_device = TRUE;
  g_assert_true (dmk_profile_lookup ("classic", &specs, NULL));
  g_array_set_size (specs, 1);
  jobs = dmk_runner_plan (&s, specs, NULL);
  g_assert_nonnull (jobs);
  dmk_runner_set_write_consent (runner, consent);
  dmk_runner_run_async (runner, dmk_test_loop, &s, jobs, NULL, NULL, run_done, &d);
  while (!d.done)
    g_main_context_iteration (NULL, TRUE);
  dmk_settings_clear (&s);
  return d.error;
}

/* The run itself, after its open: consent for A does not write B, whoever asked. */
static void
test_consent_checked_on_fd (void)
{
  g_autofree char *before = NULL, *after = NULL;
  DmkDeviceIdentity a, b;
  GError *error;

  if (!dmk_test_loop_setup (26))
    return;
  g_assert_true (dmk_device_identity_read (dmk_test_loop, &a));
  if (!dmk_test_loop_swap (48 * MIB))
    {
      dmk_device_identity_clear (&a);
      return;
    }
  g_assert_true (dmk_device_identity_read (dmk_test_loop, &b));
  g_test_message ("A: %s, %" G_GUINT64_FORMAT " bytes, diskseq %" G_GUINT64_FORMAT, a.model,
                  a.size_bytes, a.diskseq);
  g_test_message ("B: %s, %" G_GUINT64_FORMAT " bytes, diskseq %" G_GUINT64_FORMAT, b.model,
                  b.size_bytes, b.diskseq);
  g_assert_cmpuint (a.rdev, ==, b.rdev);
  g_assert_false (dmk_device_identity_equal (&a, &b));
  if (a.diskseq != 0)
    g_assert_cmpuint (a.diskseq, !=, b.diskseq);

  before = image_checksum ();
  error = run_writes (&a);
  g_assert_error (error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED);
  g_assert_nonnull (strstr (error->message, dmk_test_loop));
  g_assert_nonnull (strstr (error->message, "48 MiB"));
  g_clear_error (&error);
  after = image_checksum ();
  g_assert_cmpstr (before, ==, after);

  /* The same size, model and backing file do not make another disk the same: only its
   * sequence number tells them apart where the kernel has one. */
  {
    DmkDeviceIdentity older;

    dmk_device_identity_copy (&older, &b);
    older.diskseq = b.diskseq != 0 ? b.diskseq - 1 : 0;
    if (b.diskseq != 0)
      g_assert_false (dmk_device_identity_equal (&older, &b));
    dmk_device_identity_clear (&older);
  }

  error = run_writes (&b);
  g_assert_no_error (error);
  g_free (after);
  after = image_checksum ();
  g_assert_cmpstr (before, !=, after);

  dmk_device_identity_clear (&a);
  dmk_device_identity_clear (&b);
  dmk_test_loop_cleanup ();
}

static DmkCapacityDialog *
capacity_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (DMK_IS_CAPACITY_DIALOG (w))
        return DMK_CAPACITY_DIALOG (w);
    }
  return NULL;
}

static gboolean
capacity_dialog_shown (gpointer data)
{
  return capacity_dialog () != NULL &&
         gtk_widget_get_mapped (GTK_WIDGET (capacity_dialog ()));
}

static gboolean
capacity_dialog_gone (gpointer data)
{
  return capacity_dialog () == NULL;
}

/* Issue 44, item 1: writes allowed on A; A detached and B attached under the same name; menu →
 * Drive → Check Capacity… by pointer clicks, as a user does. The check asks its own question,
 * naming the device there now (B, 48 MiB), and nothing is written to B: not before the answer,
 * and not by Cancel. */
static void
test_swap_then_check_capacity (void)
{
  g_autofree char *before = NULL, *after = NULL;
  DmkCapacityDialog *dialog;
  DmkWindow *win;
  GtkWidget *menu;

  if (!dmk_test_loop_setup (27))
    return;
  win = window_with_consent_on_a ();
  if (!dmk_test_loop_swap (48 * MIB))
    {
      destroy_window (win);
      return;
    }
  before = image_checksum ();
  g_assert_true (dmk_window_get_device_writes_allowed (win));
  menu = open_primary_menu (win);
  click_menu_item (menu, "Drive");
  click_menu_item (menu, "Check Capacity…");
  g_assert_true (iterate_until (capacity_dialog_shown, NULL));
  dialog = capacity_dialog ();
  g_test_message ("asked: %s", dmk_capacity_dialog_get_explanation (dialog));
  g_assert_nonnull (strstr (dmk_capacity_dialog_get_explanation (dialog), "48 MiB"));
  g_assert_null (strstr (dmk_capacity_dialog_get_explanation (dialog), "64 MiB"));
  settle ();
  after = image_checksum ();
  g_assert_cmpstr (before, ==, after);
  g_assert_true (pointer_click_on (dmk_capacity_dialog_get_cancel_button (dialog)));
  g_assert_true (iterate_until (capacity_dialog_gone, NULL));
  g_assert_false (dmk_window_is_running (win));
  g_free (after);
  after = image_checksum ();
  g_assert_cmpstr (before, ==, after);
  destroy_window (win);
  dmk_test_loop_cleanup ();
}

typedef struct
{
  DmkCapacityReport *report;
  GError *error;
  gboolean done;
} CapacityDone;

static void
capacity_done (GObject *source, GAsyncResult *res, gpointer data)
{
  CapacityDone *d = data;

  d->report = dmk_capacity_check_finish (res, &d->error);
  d->done = TRUE;
}

/* The check itself, after its open: whoever calls it with the consent for A, B is not written. */
static void
test_capacity_consent_checked_on_fd (void)
{
  g_autofree char *before = NULL, *after = NULL;
  CapacityDone d = { 0 };
  DmkDeviceIdentity a;
  DmkSettings s;

  if (!dmk_test_loop_setup (28))
    return;
  g_assert_true (dmk_device_identity_read (dmk_test_loop, &a));
  if (!dmk_test_loop_swap (48 * MIB))
    {
      dmk_device_identity_clear (&a);
      return;
    }
  before = image_checksum ();
  dmk_settings_init_default (&s);
  s.allow_write_device = TRUE;
  dmk_capacity_check_async (dmk_test_loop, &s, &a, NULL, NULL, NULL, NULL, capacity_done, &d);
  while (!d.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (d.report);
  g_assert_error (d.error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED);
  g_assert_nonnull (strstr (d.error->message, "48 MiB"));
  g_clear_error (&d.error);
  after = image_checksum ();
  g_assert_cmpstr (before, ==, after);
  dmk_settings_clear (&s);
  dmk_device_identity_clear (&a);
  dmk_test_loop_cleanup ();
}

int
main (int argc, char **argv)
{
  int status;

  if (!dmk_test_gui_init (&argc, &argv, "window-consent"))
    return g_test_run ();
  dmk_test_loop_cleanup_on_signals (stop_window_manager);
  start_window_manager ();
  test_application ();
  g_test_add_func ("/window-consent/swap-then-rescan", test_swap_then_rescan);
  g_test_add_func ("/window-consent/swap-then-run", test_swap_then_run);
  g_test_add_func ("/window-consent/checked-on-fd", test_consent_checked_on_fd);
  g_test_add_func ("/window-consent/capacity/checked-on-fd", test_capacity_consent_checked_on_fd);
  g_test_add_func ("/window-consent/capacity/swap-then-check-by-pointer",
                   test_swap_then_check_capacity);
  status = g_test_run ();
  stop_window_manager ();
  return status;
}
