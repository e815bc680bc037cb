/* dmk-history-chart.h: one test's score over a drive's runs: a point a run, oldest to newest,
 * with the median as a dashed line, and the same as text for a screen reader. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DMK_TYPE_HISTORY_CHART (dmk_history_chart_get_type ())
G_DECLARE_FINAL_TYPE (DmkHistoryChart, dmk_history_chart, DMK, HISTORY_CHART, GtkWidget)

GtkWidget *dmk_history_chart_new (void);
/* Starts over for test ("SEQ1M Q8T1 Read") with the median of its scores, in MB/s. */
void dmk_history_chart_reset (DmkHistoryChart *self, const char *test, double median);
/* Adds a run, after the ones before it: its entry number, date (ISO 8601) and score (MB/s). */
void dmk_history_chart_add (DmkHistoryChart *self, gint64 id, const char *date, double mb_per_s);
/* Done adding: draws, and tells a screen reader every point. */
void dmk_history_chart_done (DmkHistoryChart *self);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* What a screen reader is told: "SEQ1M Q8T1 Read over 3 runs, MB/s: #1 …: 201.80; … median
 * 201.80". */
const char *dmk_history_chart_get_description (DmkHistoryChart *self);
guint dmk_history_chart_get_n_points (DmkHistoryChart *self);
double dmk_history_chart_get_value (DmkHistoryChart *self, guint i);
#endif

G_END_DECLS
