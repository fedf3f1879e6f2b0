/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: how numbers are written - sizes ("64G", "64 GiB"), and values
 * in their unit, scaled for people in the table, cover text and messages,
 * with fixed decimals for the machine formats so that the same samples
 * always give the same bytes.  parse.h reads them back.
 */
#ifndef HB_FMT_H
#define HB_FMT_H

#include <stddef.h>
#include <stdint.h>

enum hb_unit {
	HB_UNIT_NS,		/* nanoseconds */
	HB_UNIT_NS_PER_PAGE,	/* nanoseconds per 4 KiB of device memory */
	HB_UNIT_BYTES_PER_S,	/* bytes per second */
	HB_UNIT_RATIO,		/* a fraction: 0.5 is half */
};

/* "ns", "ns/4KiB", "B/s" or "ratio": the unit as CSV and JSON name it. */
const char *hb_unit_name(enum hb_unit unit);

/* "64G", "1536M", "4097" - the largest suffix that divides exactly. */
const char *hb_size_str(uint64_t bytes, char *buf, size_t len);

/* "64 GiB", "1.5 GiB", "512 MiB" - for humans, rounded. */
const char *hb_size_human(uint64_t bytes, char *buf, size_t len);

/*
 * "213.4 GiB (218496M)": a limit as info and the errors show it, rounded
 * for people and exact as --size takes it.
 */
const char *hb_size_limit(uint64_t bytes, char *buf, size_t len);

/* A physical address range, both ends inclusive: "0x0-0xffffffffff". */
const char *hb_phys_range_str(uint64_t start, uint64_t end, char *buf,
			      size_t len);

/* @v in the unit that suits @ref ("183.2 ms"); "-" when @v is NAN. */
const char *hb_fmt_scaled(char *buf, size_t len, enum hb_unit unit,
			  double v, double ref);

/* @v in the unit that suits itself. */
const char *hb_fmt_human(char *buf, size_t len, enum hb_unit unit,
			 double v);

/* A duration of @ns for progress: "12.3 s", "4m05s", "1h02m". */
const char *hb_fmt_duration(char *buf, size_t len, double ns);

/*
 * Drops the sign printf gave a number that rounded to zero at the
 * decimals written ("-0.0", "+0.00%", "-0"): no output shows a signed
 * zero.  Returns @buf.
 */
char *hb_fmt_unsigned_zero(char *buf);

/* "1.6%" or "-". */
const char *hb_fmt_percent(char *buf, size_t len, double ratio);

/* Decimal places used for @unit in CSV and JSON. */
int hb_fmt_precision(enum hb_unit unit);

/* @v with hb_fmt_precision(@unit) decimals; "" when NAN. */
const char *hb_fmt_fixed(char *buf, size_t len, enum hb_unit unit,
			 double v);

#endif /* HB_FMT_H */
