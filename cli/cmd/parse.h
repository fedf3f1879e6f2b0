/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the one parser for every number the user types - plain
 * counts, sizes with K/M/G/T binary suffixes, fractions such as --alpha,
 * percentages, durations - and for sweep size lists and ranges.  fmt.h writes numbers back.
 */
#ifndef HB_PARSE_H
#define HB_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/result.h"

/* Room for the sentence a parser writes on error. */
#define HB_ERR_LEN	256

/*
 * Parses a decimal number, with an optional K, M, G or T suffix (powers
 * of 1024) when @suffix is true, into [@min, @max].  On error returns
 * -EINVAL and writes a sentence naming @what and the accepted range to
 * @err.
 */
int hb_parse_num(const char *s, bool suffix, uint64_t min, uint64_t max,
		 const char *what, uint64_t *out, char *err, size_t errlen);

/*
 * Parses a decimal fraction strictly between 0 and 1 ("0.05", "1e-3" after
 * a leading digit); -EINVAL with a sentence naming @what otherwise.
 */
int hb_parse_fraction(const char *s, const char *what, double *out,
		      char *err, size_t errlen);

/*
 * Parses a percentage above 0 and at most 100 ("2", "0.5"); -EINVAL with
 * a sentence naming @what otherwise.
 */
int hb_parse_percent(const char *s, const char *what, double *out,
		     char *err, size_t errlen);

/* 30 days, the longest duration the user may give. */
#define HB_DURATION_MAX	(30 * 86400e9)

/*
 * Parses a duration into nanoseconds: a decimal number with a unit, ms,
 * s, m, h or d ("90s", "1.5h"), or without one, seconds; from 1 ms to
 * HB_DURATION_MAX.  -EINVAL with a sentence naming @what otherwise.
 */
int hb_parse_duration(const char *s, const char *what, uint64_t *ns,
		      char *err, size_t errlen);

/*
 * Parses a sweep: "1G,4G,16G", "1G..64G" (doubling) or "1G..64G:x4".
 * Each size must lie in [@min, @max].  Fills @sizes (HB_MAX_SWEEP slots)
 * in the given or ascending order; returns their count, or -EINVAL with
 * a sentence in @err.
 */
int hb_parse_sweep(const char *s, uint64_t min, uint64_t max,
		   uint64_t *sizes, char *err, size_t errlen);

#endif /* HB_PARSE_H */
