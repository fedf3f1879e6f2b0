/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: how numbers are written - sizes ("64G", "64 GiB"), and values
 * in their unit, scaled for people in the table, cover text and messages,
 * with fixed decimals for the machine formats so that the same samples
 * always give the same bytes.  parse.h reads them back.
 */
#ifndef HB_FMT_H
#define HB_FMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum hb_unit {
	HB_UNIT_NS,		/* nanoseconds */
	HB_UNIT_NS_PER_PAGE,	/* nanoseconds per 4 KiB of device memory */
	HB_UNIT_BYTES_PER_S,	/* bytes per second */
	HB_UNIT_RATIO,		/* a fraction: 0.5 is half */
	/*
	 * What a "ns" of a result measured under QEMU's icount is: an
	 * instruction the guest executed (result.h), and per 4 KiB.
	 */
	HB_UNIT_INSTR,
	HB_UNIT_INSTR_PER_PAGE,
	/* a migration's: 2^30 bytes per second, and a percentage (50: half) */
	HB_UNIT_GIB_PER_S,
	HB_UNIT_PERCENT,
	HB_UNIT_COUNT,		/* things counted, or counted per call */
	HB_NR_UNITS
};

/*
 * "ns", "ns/4KiB", "B/s", "ratio", "instructions", "instructions/4KiB",
 * "GiB/s", "%" or "count": the unit as CSV and JSON name it.
 */
const char *hb_unit_name(enum hb_unit unit);

/*
 * @unit as a result measured under icount (@icount) has it: a time is
 * then instructions; other units are themselves.
 */
enum hb_unit hb_unit_counted(enum hb_unit unit, bool icount);

/* Whether @unit is a time or a count of instructions (not per page). */
bool hb_unit_is_time(enum hb_unit unit);

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

/*
 * @v in the unit that suits @ref ("183.2 ms", "3.94 M instr"); "-" when
 * @v is NAN.
 */
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

/*
 * One unit for the cells of one quantity in a column, or in a block of
 * rows: fed every value they show (hb_col_add()), it writes each of them
 * in the one scale that suits the lot (hb_fmt_col()), so that no column
 * shows "3000 ns" under "903.5 us".  The scale is that of the largest
 * value, or a smaller one where the smallest would be under 0.01 of it
 * and the largest stays under 10000 ("0.0098 ms" beside "3749.3 ms").
 */
struct hb_col {
	enum hb_unit unit;
	double lo, hi;		/* smallest nonzero, largest |value|; 0: none */
};

void hb_col_init(struct hb_col *c, enum hb_unit unit);
void hb_col_add(struct hb_col *c, double v);

/*
 * @v in @c's scale, with the decimals that suit @ref (NAN: @v) there:
 * three significant digits below 1, as hb_fmt_scaled() gives them above
 * (GiB/s with two decimals, a percentage with one); "-" when @v is NAN.
 */
const char *hb_fmt_col(char *buf, size_t len, const struct hb_col *c,
		       double v, double ref);

/* The name of @c's one scale: "ms", "M instr", "GiB/s", "%". */
const char *hb_col_unit(const struct hb_col *c);

/* A column heading's unit, "(ms)"; "" for a column with no value. */
const char *hb_col_heading(char *buf, size_t len, const struct hb_col *c);

/*
 * hb_fmt_col() without the unit of a time, which the column's or the
 * block's heading names (hb_col_unit()), nor of a value per 4 KiB,
 * which its row's title names: "58.0" of "58.0 ms"; other units as
 * hb_fmt_col() writes them.
 */
const char *hb_fmt_cell(char *buf, size_t len, const struct hb_col *c,
			double v, double ref);

/* A column's unit for each unit a block of rows has: hb_col by unit. */
struct hb_cols {
	struct hb_col u[HB_NR_UNITS];
};

void hb_cols_init(struct hb_cols *c);
static inline void hb_cols_add(struct hb_cols *c, enum hb_unit unit, double v)
{
	hb_col_add(&c->u[unit], v);
}

static inline const char *hb_fmt_cols(char *buf, size_t len,
				      const struct hb_cols *c,
				      enum hb_unit unit, double v, double ref)
{
	return hb_fmt_col(buf, len, &c->u[unit], v, ref);
}

static inline const char *hb_fmt_cells(char *buf, size_t len,
				       const struct hb_cols *c,
				       enum hb_unit unit, double v, double ref)
{
	return hb_fmt_cell(buf, len, &c->u[unit], v, ref);
}

/* Decimal places used for @unit in CSV and JSON. */
int hb_fmt_precision(enum hb_unit unit);

/* @v with hb_fmt_precision(@unit) decimals; "" when NAN. */
const char *hb_fmt_fixed(char *buf, size_t len, enum hb_unit unit,
			 double v);

#endif /* HB_FMT_H */
