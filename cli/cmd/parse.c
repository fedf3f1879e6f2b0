// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: parses every number the user types.  One function handles
 * counts and sizes alike, one decimal numbers (fractions such as
 * --alpha, percentages, durations with their unit), so that garbage,
 * overflow, zero and out-of-range values are all refused the same way,
 * with the accepted range named (written back with fmt.c's hb_size_str);
 * a chunk's length is refused naming what the module takes instead.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/parse.h"
#include "fmt.h"

static const char hb_suffixes[] = "KMGT";

/* Bytes per unit of suffix character @c, or 0 when it is not one. */
static uint64_t hb_suffix_mult(char c)
{
	const char *p;

	if (!c)
		return 0;
	p = strchr(hb_suffixes, toupper((unsigned char)c));
	if (!p)
		return 0;
	return 1ULL << (10 * (p - hb_suffixes + 1));
}

/*
 * The multiplier of the suffix from @s to @stop: K, M, G or T in either
 * case, alone or followed by B or iB ("64G", "64g", "64GB", "64GiB", all
 * binary, as the kernel's memparse() and perf bench read them), or a B
 * alone or nothing (bytes); 0 for anything else.  *@named says whether
 * a K, M, G or T was there.
 */
static uint64_t hb_suffix(const char *s, const char *stop, bool *named)
{
	uint64_t mult = hb_suffix_mult(s < stop ? *s : 0);
	size_t n;

	*named = mult != 0;
	if (mult)
		s++;
	else
		mult = 1;
	n = stop - s;
	if (!n || (n == 1 && tolower((unsigned char)s[0]) == 'b'))
		return mult;
	if (*named && n == 2 && tolower((unsigned char)s[0]) == 'i' &&
	    tolower((unsigned char)s[1]) == 'b')
		return mult;
	return 0;
}

/*
 * Leading decimal digits of @s, up to @stop; *end is set past them.
 * -ERANGE on overflow.
 */
static int hb_digits(const char *s, const char *stop, uint64_t *val,
		     const char **end)
{
	uint64_t v = 0;

	if (s == stop || !isdigit((unsigned char)*s))
		return -EINVAL;
	for (; s < stop && isdigit((unsigned char)*s); s++) {
		unsigned int d = *s - '0';

		if (v > (UINT64_MAX - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
	}
	*val = v;
	*end = s;
	return 0;
}

/*
 * The number in the @n characters at @s, all of which must count, with a
 * size's suffix when @suffix: 0, -EINVAL when it is not one, -ERANGE when
 * it does not fit in 64 bits.  *@named: it had a K, M, G or T.
 */
static int hb_number(const char *s, size_t n, bool suffix, uint64_t *out,
		     bool *named)
{
	const char *end, *stop = s + n;
	uint64_t v, mult = 1;
	int ret;

	*named = false;
	ret = hb_digits(s, stop, &v, &end);
	if (ret)
		return ret;
	if (suffix)
		mult = hb_suffix(end, stop, named);
	else if (end != stop)
		mult = 0;
	if (!mult)
		return -EINVAL;
	if (v > UINT64_MAX / mult)
		return -ERANGE;
	*out = v * mult;
	return 0;
}

/* "'64X'", the @n characters at @s quoted, shortened if long. */
static const char *hb_quoted(const char *s, size_t n, char *buf, size_t len)
{
	snprintf(buf, len, "'%.*s%s'", n > 40 ? 37 : (int)n, s,
		 n > 40 ? "..." : "");
	return buf;
}

/*
 * The sentence for the @n characters at @s, which hb_number() read as
 * @ret and @v, refused as a number of @what from @min to @max.
 */
static int hb_num_error(const char *s, size_t n, bool suffix, uint64_t min,
			uint64_t max, const char *what, int ret, uint64_t v,
			char *err, size_t errlen)
{
	char q[48], lo[32], hi[32];

	hb_quoted(s, n, q, sizeof(q));
	if (!suffix)
		snprintf(err, errlen,
			 "invalid %s %s: expected a whole number from %" PRIu64 " to %" PRIu64,
			 what, q, min, max);
	else if (!ret && !v)
		snprintf(err, errlen,
			 "invalid %s %s: a size of 0 bytes; expected one from %s to %s",
			 what, q, hb_size_str(min, lo, sizeof(lo)),
			 hb_size_str(max, hi, sizeof(hi)));
	else
		snprintf(err, errlen,
			 "invalid %s %s: expected a size such as 2M, 64G or 64GiB (K, M, G, T: powers of 1024), from %s to %s",
			 what, q, hb_size_str(min, lo, sizeof(lo)),
			 hb_size_str(max, hi, sizeof(hi)));
	return -EINVAL;
}

/* hb_parse_num() of the @n characters at @s, all of which must count. */
static int hb_parse_span(const char *s, size_t n, bool suffix, uint64_t min,
			 uint64_t max, const char *what, uint64_t *out,
			 char *err, size_t errlen)
{
	uint64_t v = 0;
	bool named;
	int ret;

	ret = hb_number(s, n, suffix, &v, &named);
	if (ret || v < min || v > max)
		return hb_num_error(s, n, suffix, min, max, what, ret, v, err,
				    errlen);
	*out = v;
	return 0;
}

/* What a chunk's length must be, as the refusals of one say it. */
#define HB_CHUNK_RULE \
	"a chunk is a multiple of the kernel's memory section size (128M on x86_64) within the module's memory budget, and hmmbench info shows both"

/*
 * The sentence for a chunk length of @what that hb_number() read as @ret,
 * @v and @named from the @n characters at @s: not a size, zero, or out of
 * [HB_SIZE_MIN, HB_SIZE_MAX].
 */
static int hb_chunk_error(const char *s, size_t n, const char *what, int ret,
			  uint64_t v, bool named, char *err, size_t errlen)
{
	char q[48];

	hb_quoted(s, n, q, sizeof(q));
	if (ret == -EINVAL)
		snprintf(err, errlen,
			 "invalid %s %s: expected a size such as 512M, 64G or 64GiB (K, M, G, T: powers of 1024)",
			 what, q);
	else if (!ret && !v)
		snprintf(err, errlen,
			 "invalid %s %s: a chunk of 0 bytes maps no memory; give a size such as 1G or 64G",
			 what, q);
	else if (!ret && v < HB_SIZE_MIN && !named)
		snprintf(err, errlen,
			 "invalid %s %s: %" PRIu64 " bytes (a size without K, M, G or T is bytes), less than a memory section; "
			 HB_CHUNK_RULE, what, q, v);
	else if (!ret && v < HB_SIZE_MIN)
		snprintf(err, errlen,
			 "invalid %s %s: less than a memory section; "
			 HB_CHUNK_RULE, what, q);
	else
		snprintf(err, errlen,
			 "invalid %s %s: more than the 1024T hmmbench maps; "
			 HB_CHUNK_RULE, what, q);
	return -EINVAL;
}

/* hb_parse_chunk_size() of the @n characters at @s. */
static int hb_chunk_span(const char *s, size_t n, const char *what,
			 uint64_t *out, char *err, size_t errlen)
{
	uint64_t v = 0;
	bool named;
	int ret;

	ret = hb_number(s, n, true, &v, &named);
	if (ret || v < HB_SIZE_MIN || v > HB_SIZE_MAX)
		return hb_chunk_error(s, n, what, ret, v, named, err, errlen);
	*out = v;
	return 0;
}

int hb_parse_num(const char *s, bool suffix, uint64_t min, uint64_t max,
		 const char *what, uint64_t *out, char *err, size_t errlen)
{
	if (!s)
		s = "";
	return hb_parse_span(s, strlen(s), suffix, min, max, what, out, err,
			     errlen);
}

int hb_parse_chunk_size(const char *s, const char *what, uint64_t *out,
			char *err, size_t errlen)
{
	if (!s)
		s = "";
	return hb_chunk_span(s, strlen(s), what, out, err, errlen);
}

/* A unit a number may be followed by, and what it multiplies it by. */
struct hb_unit_suffix {
	const char *suffix;
	double factor;
};

/*
 * A finite decimal number that starts with a digit, followed by nothing
 * or, when @units is given, by exactly one of their suffixes ("" among
 * them for none), times that one's factor; NAN for anything else.
 */
static double hb_parse_real(const char *s,
			    const struct hb_unit_suffix *units)
{
	const struct hb_unit_suffix *u;
	char *end;
	double v;

	errno = 0;
	v = s && isdigit((unsigned char)*s) ? strtod(s, &end) : NAN;
	if (!isfinite(v) || errno)
		return NAN;
	if (!units)
		return *end ? NAN : v;
	for (u = units; u->suffix; u++)
		if (!strcmp(end, u->suffix))
			return v * u->factor;
	return NAN;
}

/* "invalid --what 'input': expected ...", the input shortened if long. */
static int hb_real_error(const char *s, const char *what,
			 const char *expected, char *err, size_t errlen)
{
	snprintf(err, errlen, "invalid %s '%.*s%s': expected %s", what,
		 s && strlen(s) > 40 ? 37 : 40, s ? s : "",
		 s && strlen(s) > 40 ? "..." : "", expected);
	return -EINVAL;
}

int hb_parse_fraction(const char *s, const char *what, double *out,
		      char *err, size_t errlen)
{
	double v = hb_parse_real(s, NULL);

	if (!(v > 0.0 && v < 1.0))
		return hb_real_error(s, what, "a decimal number between 0 and 1, exclusive, e.g. 0.05",
				     err, errlen);
	*out = v;
	return 0;
}

int hb_parse_percent(const char *s, const char *what, double *out,
		     char *err, size_t errlen)
{
	double v = hb_parse_real(s, NULL);

	if (!(v > 0.0 && v <= 100.0))
		return hb_real_error(s, what, "a percentage above 0 and at most 100, e.g. 2 or 0.5",
				     err, errlen);
	*out = v;
	return 0;
}

int hb_parse_duration(const char *s, const char *what, uint64_t *ns,
		      char *err, size_t errlen)
{
	/* a plain number is seconds */
	static const struct hb_unit_suffix units[] = {
		{ "ms", 1e6 }, { "s", 1e9 }, { "m", 60e9 }, { "h", 3600e9 },
		{ "d", 86400e9 }, { "", 1e9 }, { NULL, 0 },
	};
	double v = hb_parse_real(s, units);

	if (!(v >= 1e6 && v <= HB_DURATION_MAX))
		return hb_real_error(s, what, "a duration such as 90s, 10m or 1.5h (ms, s, m, h or d; a plain number is seconds), from 1ms to 30d",
				     err, errlen);
	*ns = v + 0.5;
	return 0;
}

static int hb_sweep_error(char *err, size_t errlen, const char *s,
			  const char *why)
{
	/* Quote long input shortened, so the reason and hint still fit. */
	snprintf(err, errlen,
		 "invalid --sizes '%.*s%s': %s; use a list such as 1G,4G,16G or a range such as 1G..64G (doubling) or 1G..64G:x4",
		 strlen(s) > 40 ? 37 : 40, s, strlen(s) > 40 ? "..." : "",
		 why);
	return -EINVAL;
}

/* Parses the whole chunk size between @s and @stop (or the end of @s). */
static int hb_parse_part(const char *s, const char *stop, uint64_t *out,
			 char *err, size_t errlen)
{
	size_t n = stop ? (size_t)(stop - s) : strlen(s);

	return hb_chunk_span(s, n, "size", out, err, errlen);
}

static int hb_parse_range(const char *s, const char *dots, uint64_t *sizes,
			  char *err, size_t errlen)
{
	const char *colon = strchr(dots + 2, ':');
	uint64_t lo, hi, factor = 2;
	int n = 0;

	if (hb_parse_part(s, dots, &lo, err, errlen) ||
	    hb_parse_part(dots + 2, colon, &hi, err, errlen))
		return -EINVAL;
	if (colon) {
		if (colon[1] != 'x')
			return hb_sweep_error(err, errlen, s,
					      "the factor after ':' is written x2, x4, ...");
		if (hb_parse_num(colon + 2, false, 2, 1024, "sweep factor",
				 &factor, err, errlen))
			return -EINVAL;
	}
	if (lo > hi)
		return hb_sweep_error(err, errlen, s,
				      "the range goes from small to large");
	for (; n < HB_MAX_SWEEP; n++) {
		sizes[n] = lo;
		if (lo > hi / factor)
			return n + 1;
		lo *= factor;
	}
	return hb_sweep_error(err, errlen, s, "too many sizes (at most 64)");
}

static int hb_parse_list(const char *s, uint64_t *sizes, char *err,
			 size_t errlen)
{
	const char *p = s, *comma;
	int n, i;

	for (n = 0; ; n++) {
		if (n == HB_MAX_SWEEP)
			return hb_sweep_error(err, errlen, s,
					      "too many sizes (at most 64)");
		comma = strchr(p, ',');
		if (hb_parse_part(p, comma, &sizes[n], err, errlen))
			return -EINVAL;
		for (i = 0; i < n; i++)
			if (sizes[i] == sizes[n])
				return hb_sweep_error(err, errlen, s,
						      "a size is given twice");
		if (!comma)
			return n + 1;
		p = comma + 1;
	}
}

int hb_parse_sweep(const char *s, uint64_t *sizes, char *err, size_t errlen)
{
	const char *dots = strstr(s, "..");

	if (!*s)
		return hb_sweep_error(err, errlen, s, "it is empty");
	if (!dots)
		return hb_parse_list(s, sizes, err, errlen);
	if (strchr(s, ','))
		return hb_sweep_error(err, errlen, s,
				      "a list and a range cannot be mixed");
	return hb_parse_range(s, dots, sizes, err, errlen);
}
