// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: formats numbers for people (sizes in KiB to TiB, times scaled
 * to ns, us, ms or s, rates to MiB/s or GiB/s) and for machines (the
 * kernel's size suffixes, fixed decimals per unit).
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"

static const char hb_suffixes[] = "KMGT";

const char *hb_unit_name(enum hb_unit unit)
{
	switch (unit) {
	case HB_UNIT_NS:
		return "ns";
	case HB_UNIT_NS_PER_PAGE:
		return "ns/4KiB";
	case HB_UNIT_RATIO:
		return "ratio";
	case HB_UNIT_INSTR:
		return "instructions";
	case HB_UNIT_INSTR_PER_PAGE:
		return "instructions/4KiB";
	case HB_UNIT_GIB_PER_S:
		return "GiB/s";
	case HB_UNIT_PERCENT:
		return "%";
	case HB_UNIT_COUNT:
		return "count";
	default:
		return "B/s";
	}
}

enum hb_unit hb_unit_counted(enum hb_unit unit, bool icount)
{
	if (!icount)
		return unit;
	if (unit == HB_UNIT_NS)
		return HB_UNIT_INSTR;
	if (unit == HB_UNIT_NS_PER_PAGE)
		return HB_UNIT_INSTR_PER_PAGE;
	return unit;
}

bool hb_unit_is_time(enum hb_unit unit)
{
	return unit == HB_UNIT_NS || unit == HB_UNIT_INSTR;
}

const char *hb_size_str(uint64_t bytes, char *buf, size_t len)
{
	int i;

	for (i = 3; i >= 0; i--) {
		uint64_t m = 1ULL << (10 * (i + 1));

		if (bytes && bytes % m == 0) {
			snprintf(buf, len, "%" PRIu64 "%c", bytes / m,
				 hb_suffixes[i]);
			return buf;
		}
	}
	snprintf(buf, len, "%" PRIu64, bytes);
	return buf;
}

const char *hb_size_human(uint64_t bytes, char *buf, size_t len)
{
	static const char *const units[] = { "KiB", "MiB", "GiB", "TiB" };
	int i;

	if (bytes < 1024) {
		snprintf(buf, len, "%" PRIu64 " B", bytes);
		return buf;
	}
	for (i = 3; i > 0 && bytes < 1ULL << (10 * (i + 1)); i--)
		;
	if (bytes % (1ULL << (10 * (i + 1))) == 0)
		snprintf(buf, len, "%" PRIu64 " %s",
			 bytes >> (10 * (i + 1)), units[i]);
	else
		snprintf(buf, len, "%.1f %s",
			 (double)bytes / (double)(1ULL << (10 * (i + 1))),
			 units[i]);
	return buf;
}

const char *hb_size_limit(uint64_t bytes, char *buf, size_t len)
{
	char h[32], s[32];

	snprintf(buf, len, "%s (%s)", hb_size_human(bytes, h, sizeof(h)),
		 hb_size_str(bytes, s, sizeof(s)));
	return buf;
}

const char *hb_phys_range_str(uint64_t start, uint64_t end, char *buf,
			      size_t len)
{
	snprintf(buf, len, "0x%" PRIx64 "-0x%" PRIx64, start, end);
	return buf;
}

struct hb_scale {
	double div;
	const char *name;
	int prec;
};

/* The scales of a time, and of a count of instructions, small to large. */
static const struct hb_scale hb_time_scales[] = {
	{ 1, "ns", 0 }, { 1e3, "us", 1 }, { 1e6, "ms", 1 }, { 1e9, "s", 3 },
};
static const struct hb_scale hb_instr_scales[] = {
	{ 1, "instr", 0 }, { 1e3, "K instr", 1 }, { 1e6, "M instr", 1 },
	{ 1e9, "G instr", 3 },
};
static const struct hb_scale hb_rate_scales[] = {
	{ 1024.0 * 1024, "MiB/s", 1 }, { 1024.0 * 1024 * 1024, "GiB/s", 2 },
};

/* The natural scale of @v among hb_time_scales: below 10000 of it. */
static size_t hb_time_index(double v)
{
	if (v < 1e4)
		return 0;
	if (v < 1e6)
		return 1;
	if (v < 1e9)
		return 2;
	return 3;
}

/*
 * The scale of the values from @lo (smallest nonzero) to @hi (largest)
 * in @unit: @hi's, or a smaller one where @lo would be under 0.01 of it
 * and @hi stays under 10000.
 */
static struct hb_scale hb_scale_of(enum hb_unit unit, double lo, double hi)
{
	const struct hb_scale *sc;
	size_t k;

	switch (unit) {
	case HB_UNIT_NS:
	case HB_UNIT_INSTR:
		sc = unit == HB_UNIT_NS ? hb_time_scales : hb_instr_scales;
		k = hb_time_index(hi);
		while (k && lo > 0 && lo / sc[k].div < 0.01 &&
		       hi / sc[k - 1].div < 1e4)
			k--;
		return sc[k];
	/* per 4 KiB: a number, the row or column naming its unit */
	case HB_UNIT_NS_PER_PAGE:
	case HB_UNIT_INSTR_PER_PAGE:
		return (struct hb_scale){ 1, "", 2 };
	case HB_UNIT_RATIO:
		return (struct hb_scale){ 0.01, "%", 1 };
	case HB_UNIT_GIB_PER_S:
		return (struct hb_scale){ 1, "GiB/s", 2 };
	case HB_UNIT_PERCENT:
		return (struct hb_scale){ 1, "%", 1 };
	case HB_UNIT_COUNT:
		return (struct hb_scale){ 1, "", 2 };
	default:
		return hb_rate_scales[hi >= hb_rate_scales[1].div];
	}
}

/*
 * Decimals of a value whose row is @x in scale @sc: the scale's, one
 * more below 10 of a scale of one, three significant digits below 1.
 */
static int hb_scale_prec(const struct hb_scale *sc, double x)
{
	int prec = sc->prec;

	x = fabs(x);
	if (!prec || isnan(x) || !strcmp(sc->name, "%"))
		return prec;
	if (prec == 1 && x < 10)
		prec = 2;
	if (x > 0 && x < 1) {
		int sig = 2 - (int)floor(log10(x));

		prec = sig > prec ? sig : prec;
	}
	return prec < 6 ? prec : 6;
}

void hb_col_init(struct hb_col *c, enum hb_unit unit)
{
	c->unit = unit;
	c->lo = c->hi = 0;
}

void hb_col_add(struct hb_col *c, double v)
{
	v = fabs(v);
	if (isnan(v) || isinf(v) || !v)
		return;
	if (!c->lo || v < c->lo)
		c->lo = v;
	if (v > c->hi)
		c->hi = v;
}

void hb_cols_init(struct hb_cols *c)
{
	size_t u;

	for (u = 0; u < HB_NR_UNITS; u++)
		hb_col_init(&c->u[u], u);
}

const char *hb_col_unit(const struct hb_col *c)
{
	return hb_scale_of(c->unit, c->lo, c->hi).name;
}

const char *hb_col_heading(char *buf, size_t len, const struct hb_col *c)
{
	snprintf(buf, len, c->hi ? "(%s)" : "", hb_col_unit(c));
	return buf;
}

const char *hb_fmt_col(char *buf, size_t len, const struct hb_col *c,
		       double v, double ref)
{
	struct hb_scale sc = hb_scale_of(c->unit, c->lo, c->hi);

	if (isnan(ref))
		ref = v;
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (c->unit == HB_UNIT_RATIO)
		hb_fmt_percent(buf, len, v);
	else if (c->unit == HB_UNIT_GIB_PER_S)
		snprintf(buf, len, "%.2f GiB/s", v);
	else if (c->unit == HB_UNIT_PERCENT)
		snprintf(buf, len, "%.1f%%", v);
	else
		snprintf(buf, len, "%.*f%s%s",
			 hb_scale_prec(&sc, ref / sc.div), v / sc.div,
			 sc.name[0] ? " " : "", sc.name);
	return hb_fmt_unsigned_zero(buf);
}

const char *hb_fmt_cell(char *buf, size_t len, const struct hb_col *c,
			double v, double ref)
{
	char *sp;

	hb_fmt_col(buf, len, c, v, ref);
	sp = strchr(buf, ' ');
	if (sp && hb_unit_is_time(c->unit))
		*sp = '\0';
	return buf;
}

const char *hb_fmt_scaled(char *buf, size_t len, enum hb_unit unit,
			  double v, double ref)
{
	struct hb_col c;

	hb_col_init(&c, unit);
	hb_col_add(&c, isnan(ref) ? v : ref);
	return hb_fmt_col(buf, len, &c, v, ref);
}

const char *hb_fmt_human(char *buf, size_t len, enum hb_unit unit,
			 double v)
{
	return hb_fmt_scaled(buf, len, unit, v, v);
}

const char *hb_fmt_duration(char *buf, size_t len, double ns)
{
	unsigned long long s = ns / 1e9 + 0.5;

	if (!(ns >= 0.0))
		snprintf(buf, len, "-");
	else if (ns < 60e9)
		snprintf(buf, len, "%.1f s", ns / 1e9);
	else if (s < 3600)
		snprintf(buf, len, "%llum%02llus", s / 60, s % 60);
	else
		snprintf(buf, len, "%lluh%02llum", s / 3600, s / 60 % 60);
	return buf;
}

char *hb_fmt_unsigned_zero(char *buf)
{
	size_t zeros;

	if (buf[0] != '-' && buf[0] != '+')
		return buf;
	/* zeros, and no other digit before what follows them, if anything */
	zeros = strspn(buf + 1, "0.");
	if (zeros && !isdigit((unsigned char)buf[1 + zeros]))
		memmove(buf, buf + 1, strlen(buf));
	return buf;
}

const char *hb_fmt_percent(char *buf, size_t len, double ratio)
{
	if (isnan(ratio))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f%%", 100.0 * ratio);
	return buf;
}

int hb_fmt_precision(enum hb_unit unit)
{
	switch (unit) {
	case HB_UNIT_NS:
	case HB_UNIT_INSTR:
		return 1;
	case HB_UNIT_NS_PER_PAGE:
	case HB_UNIT_INSTR_PER_PAGE:
		return 4;
	case HB_UNIT_RATIO:
		return 6;
	case HB_UNIT_GIB_PER_S:
	case HB_UNIT_PERCENT:
		return 4;
	case HB_UNIT_COUNT:
		return 4;
	default:
		return 0;
	}
}

const char *hb_fmt_fixed(char *buf, size_t len, enum hb_unit unit,
			 double v)
{
	if (isnan(v))
		buf[0] = '\0';
	else
		snprintf(buf, len, "%.*f", hb_fmt_precision(unit), v);
	return hb_fmt_unsigned_zero(buf);
}
