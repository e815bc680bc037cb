/* dmk-steady.h: whether a sustained write reached steady state, by SNIA PTS 2.0.2's rule: over
 * the last five rounds, the range is within 20 % of their mean and the best-fit line moves by
 * at most 10 % of the mean across them. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DMK_STEADY_ROUNDS 5
#define DMK_STEADY_RANGE 0.20 /* of the window's mean */
#define DMK_STEADY_SLOPE 0.10 /* the best-fit line's excursion over the window, of its mean */
/* The shortest round, in seconds at the rate the write ends at: see dmk_steady_detect. Five of
 * them fit in a 1 GiB write at 100 MB/s. */
#define DMK_STEADY_ROUND_MIN_S 2.0

typedef struct
{
  gboolean steady;      /* the last five rounds hold the rule */
  guint64 round_bytes;  /* a round's length, as judged (at least the length asked for) */
  guint n_rounds;       /* whole rounds written */
  guint64 steady_bytes; /* written when the steady stretch began (the first of the windows from
                         * which every later window holds the rule): "steady after" */
  guint64 window_bytes; /* written when the stretch's first window of five rounds ended: where
                         * SNIA's procedure, run from the stretch's start, would stop */
  double mb_per_s;      /* the mean of the last window */
  guint64 written;      /* in all */
} DmkSteady;

/* The shortest round for a write through span_bytes: a 32nd of it, at least 64 MiB. */
guint64 dmk_steady_round_bytes (guint64 span_bytes);
/* The rule over series (DmkSample, from dmk-series.h) cut into rounds on interval boundaries.
 * A round is round_bytes long, or longer: at least DMK_STEADY_ROUND_MIN_S at the rate of the
 * write's last DMK_STEADY_ROUNDS × DMK_STEADY_ROUND_MIN_S seconds, so that a device that hands
 * out its rate in slices (the kernel's block throttle: about 100 ms each) cannot tip the
 * verdict by the one slice a round's edge catches more or less. FALSE, out not steady, when
 * fewer than five rounds were written. */
gboolean dmk_steady_detect (const GArray *series, guint64 round_bytes, DmkSteady *out);
/* "steady after 38.00 GiB at 412.0 MB/s, where the steady stretch begins; its first window of
 * 5 rounds ends at 40.50 GiB" or "not steady after 64.00 GiB": English, C locale. */
char *dmk_steady_to_report_text (const DmkSteady *steady);

G_END_DECLS
