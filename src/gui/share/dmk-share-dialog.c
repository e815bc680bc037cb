/* dmk-share-dialog.c: Share: a preview of what will be shared, its form (a card, forum text or
 * JSON), what to include (none by default: the core's privacy filter, dmk_share_redact ()),
 * exactly what is left out, Save… and Copy. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dmk-card.h"
#include "dmk-gui-utils.h"
#include "dmk-share-dialog.h"

#define N_KEEP 7 /* the flags of DmkShareKeep, 1 << 0 to 1 << 6 */

struct _DmkShareDialog
{
  AdwWindow parent_instance;

  /* template children */
  AdwToastOverlay *toast_overlay;
  GtkStack *preview_stack;
  GtkPicture *preview_picture;
  GtkTextView *preview_text;
  AdwComboRow *form_row;
  AdwActionRow *dark_row;
  GtkSwitch *dark_switch;
  AdwPreferencesGroup *include_group;
  GtkLabel *left_out_label;
  GtkStringList *forms;

  DmkResult *result;
  DmkResult *shared; /* result with what keep leaves out taken out */
  DmkShareKeep keep;
  GtkCheckButton *checks[N_KEEP];
  GtkFileChooserNative *chooser;
  GtkWindow *error_dialog; /* weak */
};

G_DEFINE_FINAL_TYPE (DmkShareDialog, dmk_share_dialog, ADW_TYPE_WINDOW)

static gboolean save_job (GtkWindow *window, const char *path, GError **error);

static const struct
{
  const char *name;
  DmkFileJob job;
} forms[DMK_SHARE_N_FORMS] = {
  { N_("Result card, PNG"),
    { N_("Save the Result Card"), N_("PNG Image"), "image/png", "png", NULL, save_job } },
  { N_("Result card, SVG"),
    { N_("Save the Result Card"), N_("SVG Image"), "image/svg+xml", "svg", NULL, save_job } },
  { N_("Markdown table (GitHub, Reddit)"),
    { N_("Save the Forum Text"), N_("Markdown"), "text/markdown", "md", NULL, save_job } },
  { N_("BBCode table (forums)"),
    { N_("Save the Forum Text"), N_("BBCode"), "text/plain", "txt", NULL, save_job } },
  { N_("JSON"),
    { N_("Save the Shared Result"), N_("GDiskMark Results"), "application/json", "json", NULL,
      save_job } },
};

static gboolean
is_card (DmkShareForm form)
{
  return form == DMK_SHARE_FORM_CARD_PNG || form == DMK_SHARE_FORM_CARD_SVG;
}

static DmkCard *
card (DmkShareDialog *self, DmkCardOptions *options)
{
  options->dark = gtk_switch_get_active (self->dark_switch);
  options->width = 0;
  return dmk_card_new_for_result (self->shared);
}

/* The text of a form that is text: forum text of the shared result, or the shared JSON. */
static char *
form_text (DmkShareDialog *self, DmkShareForm form)
{
  if (form == DMK_SHARE_FORM_MARKDOWN)
    return dmk_share_result_text (self->shared, DMK_SHARE_MARKDOWN);
  if (form == DMK_SHARE_FORM_BBCODE)
    return dmk_share_result_text (self->shared, DMK_SHARE_BBCODE);
  return dmk_share_to_json (self->result, self->keep, NULL);
}

static void
update_preview (DmkShareDialog *self)
{
  DmkShareForm form = dmk_share_dialog_get_form (self);
  g_autoptr (GError) error = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->dark_row), is_card (form));
  if (is_card (form))
    {
      DmkCardOptions options;
      g_autoptr (DmkCard) c = card (self, &options);
      g_autoptr (GdkTexture) texture = dmk_card_to_texture (c, &options, &error);

      gtk_picture_set_paintable (self->preview_picture, GDK_PAINTABLE (texture));
      gtk_stack_set_visible_child_name (self->preview_stack, "picture");
    }
  else
    {
      g_autofree char *text = form_text (self, form);

      gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->preview_text), text, -1);
      gtk_stack_set_visible_child_name (self->preview_stack, "text");
    }
  if (error != NULL)
    g_warning ("The card's preview: %s", error->message);
}

/* Redacts again with what is ticked, and says exactly what is left out. */
static void
update (DmkShareDialog *self)
{
  g_autoptr (GPtrArray) left_out = NULL;
  g_autoptr (GString) text = g_string_new (NULL);

  g_clear_pointer (&self->shared, dmk_result_unref);
  self->shared = dmk_share_redact (self->result, self->keep, NULL, &left_out);
  for (guint i = 0; i < left_out->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "\n" : "",
                            (char *) g_ptr_array_index (left_out, i));
  if (left_out->len == 0)
    g_string_append (text, _("Nothing private was found in this result."));
  gtk_label_set_text (self->left_out_label, text->str);
  update_preview (self);
}

DmkShareForm
dmk_share_dialog_get_form (DmkShareDialog *self)
{
  guint selected;

  g_return_val_if_fail (DMK_IS_SHARE_DIALOG (self), DMK_SHARE_FORM_CARD_PNG);
  selected = adw_combo_row_get_selected (self->form_row);
  return selected < DMK_SHARE_N_FORMS ? (DmkShareForm) selected : DMK_SHARE_FORM_CARD_PNG;
}

void
dmk_share_dialog_set_form (DmkShareDialog *self, DmkShareForm form)
{
  g_return_if_fail (DMK_IS_SHARE_DIALOG (self));
  g_return_if_fail (form < DMK_SHARE_N_FORMS);
  adw_combo_row_set_selected (self->form_row, form);
}

DmkShareKeep
dmk_share_dialog_get_keep (DmkShareDialog *self)
{
  g_return_val_if_fail (DMK_IS_SHARE_DIALOG (self), DMK_SHARE_KEEP_NONE);
  return self->keep;
}

void
dmk_share_dialog_set_keep (DmkShareDialog *self, DmkShareKeep keep)
{
  g_return_if_fail (DMK_IS_SHARE_DIALOG (self));
  /* The boxes' handlers gather them and update once the last is set. */
  for (guint i = 0; i < N_KEEP; i++)
    gtk_check_button_set_active (self->checks[i], (keep & (1u << i)) != 0);
  self->keep = keep & DMK_SHARE_KEEP_ALL;
  update (self);
}

const char *
dmk_share_dialog_get_left_out (DmkShareDialog *self)
{
  g_return_val_if_fail (DMK_IS_SHARE_DIALOG (self), NULL);
  return gtk_label_get_text (self->left_out_label);
}

gboolean
dmk_share_dialog_save (DmkShareDialog *self, const char *path, GError **error)
{
  DmkShareForm form;

  g_return_val_if_fail (DMK_IS_SHARE_DIALOG (self), FALSE);
  form = dmk_share_dialog_get_form (self);
  if (is_card (form))
    {
      DmkCardOptions options;
      g_autoptr (DmkCard) c = card (self, &options);

      return dmk_card_save (c, &options, form == DMK_SHARE_FORM_CARD_SVG ? DMK_CARD_SVG
                                                                         : DMK_CARD_PNG,
                            path, error);
    }
  {
    g_autofree char *text = form_text (self, form);
    return dmk_output_save (path, text, strlen (text), error);
  }
}

gboolean
dmk_share_dialog_copy (DmkShareDialog *self)
{
  GdkClipboard *clipboard;
  DmkShareForm form;
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (DMK_IS_SHARE_DIALOG (self), FALSE);
  clipboard = gtk_widget_get_clipboard (GTK_WIDGET (self));
  form = dmk_share_dialog_get_form (self);
  if (is_card (form))
    {
      DmkCardOptions options;
      g_autoptr (DmkCard) c = card (self, &options);
      g_autoptr (GdkTexture) texture = dmk_card_to_texture (c, &options, &error);
      g_autoptr (GBytes) svg = NULL;

      if (texture == NULL)
        {
          dmk_show_error (GTK_WINDOW (self), &self->error_dialog, _("Could Not Copy the Image"),
                          error->message);
          return FALSE;
        }
      if (form == DMK_SHARE_FORM_CARD_SVG &&
          (svg = dmk_card_render (c, &options, DMK_CARD_SVG, NULL)) != NULL)
        {
          /* The SVG for programs that take it, the PNG for every other. */
          GdkContentProvider *both[] = {
            gdk_content_provider_new_for_bytes ("image/svg+xml", svg),
            gdk_content_provider_new_typed (GDK_TYPE_TEXTURE, texture),
          };
          g_autoptr (GdkContentProvider) provider = gdk_content_provider_new_union (both, 2);

          gdk_clipboard_set_content (clipboard, provider);
        }
      else
        gdk_clipboard_set_texture (clipboard, texture);
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Image copied")));
      return TRUE;
    }
  {
    g_autofree char *text = form_text (self, form);
    gdk_clipboard_set_text (clipboard, text);
  }
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Copied")));
  return TRUE;
}

static void
report_job (GtkWindow *window, gboolean ok, const char *text)
{
  DmkShareDialog *self = DMK_SHARE_DIALOG (window);

  if (ok)
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
  else
    dmk_show_error (window, &self->error_dialog, _("Could Not Save"), text);
}

static gboolean
save_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_share_dialog_save (DMK_SHARE_DIALOG (window), path, error);
}

static void
save_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  DmkShareDialog *self = DMK_SHARE_DIALOG (widget);

  if (self->chooser != NULL)
    return;
  dmk_file_job_start (GTK_WINDOW (self), &forms[dmk_share_dialog_get_form (self)].job,
                      "GDiskMark_", report_job, &self->chooser);
}

static void
copy_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  dmk_share_dialog_copy (DMK_SHARE_DIALOG (widget));
}

static void
check_toggled (GtkCheckButton *check, DmkShareDialog *self)
{
  DmkShareKeep keep = DMK_SHARE_KEEP_NONE;

  for (guint i = 0; i < N_KEEP; i++)
    if (self->checks[i] != NULL && gtk_check_button_get_active (self->checks[i]))
      keep |= 1u << i;
  if (keep == self->keep)
    return;
  self->keep = keep;
  update (self);
}

/* A row per thing that may be kept, its box unticked. */
static void
add_checks (DmkShareDialog *self)
{
  for (guint i = 0; i < N_KEEP; i++)
    {
      const char *label = dmk_share_keep_label (1u << i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      label, -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      adw_preferences_group_add (self->include_group, row);
      self->checks[i] = GTK_CHECK_BUTTON (check);
      g_signal_connect (check, "toggled", G_CALLBACK (check_toggled), self);
    }
}

static void
dmk_share_dialog_init (DmkShareDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < DMK_SHARE_N_FORMS; i++)
    gtk_string_list_append (self->forms, _(forms[i].name));
  add_checks (self);
  g_signal_connect_swapped (self->form_row, "notify::selected", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->dark_switch, "notify::active", G_CALLBACK (update_preview),
                            self);
  dmk_close_on_escape (GTK_WINDOW (self));
  dmk_name_mnemonic_buttons (GTK_WIDGET (self));
}

static void
dmk_share_dialog_dispose (GObject *object)
{
  DmkShareDialog *self = DMK_SHARE_DIALOG (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->shared, dmk_result_unref);
  g_clear_pointer (&self->result, dmk_result_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), DMK_TYPE_SHARE_DIALOG);
  G_OBJECT_CLASS (dmk_share_dialog_parent_class)->dispose (object);
}

static void
dmk_share_dialog_class_init (DmkShareDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = dmk_share_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/gdiskmark/GDiskMark/"
                                               "dmk-share-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkShareDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DmkShareDialog, preview_stack);
  gtk_widget_class_bind_template_child (widget_class, DmkShareDialog, preview_picture);
  gtk_widget_class_bind_template_child (widget_class, DmkShareDialog, preview_text);
  gtk_widget_class_bind_template_child (widget_class, DmkShareDialog, form_row);
  gtk_widget_class_bind_template_child (widget_class, DmkShareDialog, dark_row);
  gtk_widget_class_bind_template_child (widget_class, DmkShareDialog, dark_switch);
  gtk_widget_class_bind_template_child (widget_class, DmkShareDialog, include_group);
  gtk_widget_class_bind_template_child (widget_class, DmkShareDialog, left_out_label);
  gtk_widget_class_bind_template_child (widget_class, DmkShareDialog, forms);
  gtk_widget_class_install_action (widget_class, "share.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "share.copy", NULL, copy_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "share.save",
                                       NULL);
}

DmkShareDialog *
dmk_share_dialog_new (GtkWindow *parent, DmkResult *result)
{
  DmkShareDialog *self;

  g_return_val_if_fail (result != NULL, NULL);
  self = g_object_new (DMK_TYPE_SHARE_DIALOG, "transient-for", parent, NULL);
  self->result = dmk_result_ref (result);
  update (self);
  return self;
}
