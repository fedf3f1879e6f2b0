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
#define HB_ERR_LEN	320

/*
 * The chunk lengths a command line may give, before the module says
 * which it takes (a multiple of its memory section size, within its
 * memory budget).
 */
#define HB_SIZE_MIN	(1ULL << 20)	/* 1M: below any section size */
#define HB_SIZE_MAX	(1ULL << 50)	/* 1024T */

/*
 * Parses a decimal number into [@min, @max]; when @suffix is true, a size:
 * an optional K, M, G or T in either case (powers of 1024), which a B or
 * iB may follow ("64G", "64g", "64GB" and "64GiB" are alike), or a B
 * alone.  On error returns -EINVAL and writes a sentence naming @what and
 * the accepted range to @err.
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
 * Parses a chunk's length (--size of run, verify and hold, named @what),
 * a size as hb_parse_num() reads it, into [HB_SIZE_MIN, HB_SIZE_MAX].  On
 * error returns -EINVAL and writes a sentence to @err: what a size looks
 * like, that 0 maps nothing, or what the module takes.
 */
int hb_parse_chunk_size(const char *s, const char *what, uint64_t *out,
			char *err, size_t errlen);

/*
 * Parses a sweep: "1G,4G,16G", "1G..64G" (doubling) or "1G..64G:x4",
 * each size a chunk's length as hb_parse_chunk_size() reads it.  Fills
 * @sizes (HB_MAX_SWEEP slots) in the given or ascending order; returns
 * their count, or -EINVAL with a sentence in @err.
 */
int hb_parse_sweep(const char *s, uint64_t *sizes, char *err, size_t errlen);

#endif /* HB_PARSE_H */
