/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: how the comparison renderers write a change and its test -
 * "-52.9%", "~" when not significant, "-52.9%?" when untested, its
 * interval, p-values, the smallest change a "~" could have missed, the
 * spread of each side's units, and where the sides' environments differ
 * - so that table and cover text agree.
 */
#ifndef HB_CMP_FMT_H
#define HB_CMP_FMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results/compare.h"

/* "-", "4.2e-05" below 0.001, else two significant digits. */
const char *hb_cmp_fmt_p(char *buf, size_t len, double p);

/*
 * The change of @row's means when significant, "~" when tested and not,
 * "x%?" when untested (HB_CMP_UNTESTED), "-" when undefined.  A change
 * that rounds to zero is "0.0%", never "-0.0%" or "+0.0%".
 */
#define HB_CMP_UNTESTED	"?"
const char *hb_cmp_fmt_change(char *buf, size_t len,
			      const struct hb_cmp_row *row);

/* "[-53.8%, -52.2%]", or "-" without an interval; "0.0%" as above. */
const char *hb_cmp_fmt_ci(char *buf, size_t len,
			  const struct hb_cmp_row *row);

/*
 * "±3%", "±0.4%": the coefficient of variation of side @side's units
 * (hb_cmp_unit_cv()), whole per cent from 1 %; "" when unknown.
 */
const char *hb_cmp_fmt_cv(char *buf, size_t len, const struct hb_cmp_row *row,
			  int side);

/* "±7.9%", "±0.042%": a minimum detectable effect in % of the base. */
const char *hb_cmp_fmt_mde(char *buf, size_t len, double mde);

/*
 * What a "~" row could not have seen: "a change under ±7.9% would not
 * have been detected", or "no change could have been detected with 2
 * runs a side"; NULL for any other row, and one without an effect.
 */
const char *hb_cmp_fmt_unseen(char *buf, size_t len,
			      const struct hb_cmp_row *row);

/*
 * Where every input was measured, into @buf; NULL when they were not
 * all measured in one place (--force): each input's line then says.
 */
const char *hb_cmp_where(const struct hb_comparison *c, char *buf,
			 size_t len);

/*
 * The facts each new input's environment knows differently from the
 * base's (results/env.h), after @before, as phrases joined by "; " -
 * "governor performance in base, powersave in new; boost on in base,
 * off in new" - into @m; false, writing nothing, when there are none.
 */
bool hb_cmp_env_diffs(FILE *m, const struct hb_comparison *c,
		      const char *before);

#endif /* HB_CMP_FMT_H */
