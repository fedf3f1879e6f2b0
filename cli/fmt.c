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
	default:
		return "B/s";
	}
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

static struct hb_scale hb_time_scale(double ref)
{
	if (ref < 1e4)
		return (struct hb_scale){ 1, "ns", 0 };
	if (ref < 1e6)
		return (struct hb_scale){ 1e3, "us", 1 };
	if (ref < 1e9)
		return (struct hb_scale){ 1e6, "ms", 1 };
	return (struct hb_scale){ 1e9, "s", 3 };
}

static struct hb_scale hb_rate_scale(double ref)
{
	if (ref < 1024.0 * 1024 * 1024)
		return (struct hb_scale){ 1024.0 * 1024, "MiB/s", 1 };
	return (struct hb_scale){ 1024.0 * 1024 * 1024, "GiB/s", 2 };
}

static struct hb_scale hb_scale_for(enum hb_unit unit, double ref)
{
	switch (unit) {
	case HB_UNIT_NS:
		return hb_time_scale(fabs(ref));
	case HB_UNIT_NS_PER_PAGE:
		return (struct hb_scale){ 1, "ns", 2 };
	default:
		return hb_rate_scale(fabs(ref));
	}
}

const char *hb_fmt_scaled(char *buf, size_t len, enum hb_unit unit,
			  double v, double ref)
{
	struct hb_scale sc = hb_scale_for(unit, isnan(ref) ? v : ref);

	if (unit == HB_UNIT_RATIO)
		return hb_fmt_percent(buf, len, v);
	/* Small values in ms or us get one more decimal: 1.25 ms. */
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f %s",
			 sc.prec + (sc.prec == 1 && fabs(isnan(ref) ? v : ref) <
				    10 * sc.div),
			 v / sc.div, sc.name);
	return buf;
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
		return 1;
	case HB_UNIT_NS_PER_PAGE:
		return 4;
	case HB_UNIT_RATIO:
		return 6;
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
