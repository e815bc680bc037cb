/* dmk-window-testing.c: what tests and tools read off the main window (the tests' build only). */
#include "config.h"

#include "dmk-window-testing.h"

const char *
dmk_window_get_last_toast (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->last_toast;
}

guint
dmk_window_get_n_rows (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), 0);
  return dmk_result_grid_get_n_rows (self->grid);
}

guint
dmk_window_get_n_cells (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), 0);
  return dmk_result_grid_get_n_cells (self->grid);
}

DmkResultCell *
dmk_window_get_cell (DmkWindow *self, guint row, DmkDirection direction)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return dmk_result_grid_get_cell (self->grid, row, direction);
}

const char *
dmk_window_get_cell_text (DmkWindow *self, guint row, DmkDirection direction)
{
  DmkResultCell *cell = dmk_window_get_cell (self, row, direction);

  return cell != NULL ? dmk_result_cell_get_text (cell) : NULL;
}

GtkWidget *
dmk_window_get_all_button (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return dmk_result_grid_get_all_button (self->grid);
}

GtkWidget *
dmk_window_get_test_button (DmkWindow *self, guint row)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return dmk_result_grid_get_row_button (self->grid, row);
}

GtkWidget *
dmk_window_get_target_dropdown (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return dmk_target_chooser_get_dropdown (self->target_chooser);
}

GtkWidget *
dmk_window_get_unit_dropdown (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->unit_dropdown);
}

GtkWidget *
dmk_window_get_passes_dropdown (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->passes_dropdown);
}

GtkWidget *
dmk_window_get_size_dropdown (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->size_dropdown);
}

GtkWidget *
dmk_window_get_menu_button (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->menu_button);
}

GtkWidget *
dmk_window_get_comment_entry (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->comment_entry);
}

const char *
dmk_window_get_status_text (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->status_label);
}

const char *
dmk_window_get_facts_text (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  g_free (self->facts_text);
  self->facts_text = NULL;
  if (!gtk_widget_get_visible (self->facts_box) || !self->facts_of_result)
    return NULL;
  self->facts_text = gtk_widget_get_visible (GTK_WIDGET (self->warnings_label))
                       ? g_strdup_printf ("%s\n%s", gtk_label_get_text (self->facts_label),
                                          gtk_label_get_text (self->warnings_label))
                       : g_strdup (gtk_label_get_text (self->facts_label));
  return self->facts_text;
}

const char *
dmk_window_get_facts_tooltip (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return gtk_widget_get_tooltip_text (GTK_WIDGET (self->facts_label));
}

int
dmk_window_get_phase (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), -1);
  return dmk_run_controller_get_phase (self->run);
}

DmkResult *
dmk_window_get_last_result (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->last_run;
}


GtkWindow *
dmk_window_get_error_dialog (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->error_dialog;
}


gboolean
dmk_window_get_device_writes_allowed (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  return dmk_target_chooser_get_writes_allowed (self->target_chooser);
}

AdwMessageDialog *
dmk_window_get_allow_dialog (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->allow_dialog;
}

AdwMessageDialog *
dmk_window_get_close_dialog (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->close_dialog;
}

void
dmk_window_refresh_devices (DmkWindow *self)
{
  g_return_if_fail (DMK_IS_WINDOW (self));
  dmk_target_chooser_refresh_devices (self->target_chooser);
}

DmkTargetChooser *
dmk_window_get_target_chooser (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->target_chooser;
}

const char *
dmk_window_get_subtitle (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return adw_window_title_get_subtitle (self->window_title);
}

const char *
dmk_window_get_opened_name (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->shown != NULL ? self->shown_name : NULL;
}

GtkProgressBar *
dmk_window_get_progress_bar (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->progress_bar;
}

