// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: cmd/parse.c, the parser every number the user
 * types goes through - each suffix as people type it (64G, 64g, 64GB,
 * 64GiB), plain bytes, overflow, garbage, zero, the range message,
 * percentages and durations; a chunk's --size, whose refusals name what
 * the module takes; the --sizes of sweep: lists, doubling ranges, ranges
 * with a factor, and the mistakes a user can make in them - and the size
 * spellings used in messages (fmt.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "cmd/parse.h"
#include "fmt.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define KIB	(1ULL << 10)
#define G(x)	((uint64_t)(x) << 30)
#define MIN	(1ULL << 20)
#define MAX	(1ULL << 50)

static uint64_t parse_ok(const char *s)
{
	char err[HB_ERR_LEN] = "";
	uint64_t v = 0;

	assert_int_equal(hb_parse_num(s, true, 1, MAX, "--size", &v, err,
				      sizeof(err)), 0);
	assert_string_equal(err, "");
	return v;
}

/* Returns the error sentence for @s, asserting that it is refused. */
static const char *parse_bad(const char *s, uint64_t min, uint64_t max)
{
	static char err[HB_ERR_LEN];
	uint64_t v = 12345;

	err[0] = '\0';
	assert_int_equal(hb_parse_num(s, true, min, max, "--size", &v, err,
				      sizeof(err)), -22);
	assert_int_equal(v, 12345);
	assert_non_null(strstr(err, "--size"));
	return err;
}

static void k_suffix_is_2_to_the_10(void **state)
{
	(void)state;
	assert_int_equal(parse_ok("4K"), 4 * KIB);
	assert_int_equal(parse_ok("4k"), 4 * KIB);
}

static void m_suffix_is_2_to_the_20(void **state)
{
	(void)state;
	assert_int_equal(parse_ok("128M"), 128ULL << 20);
	assert_int_equal(parse_ok("128m"), 128ULL << 20);
}

static void g_suffix_is_2_to_the_30(void **state)
{
	(void)state;
	assert_int_equal(parse_ok("64G"), 64ULL << 30);
	assert_int_equal(parse_ok("64g"), 68719476736ULL);
}

static void t_suffix_is_2_to_the_40(void **state)
{
	(void)state;
	assert_int_equal(parse_ok("2T"), 2ULL << 40);
	assert_int_equal(parse_ok("1024t"), MAX);
}

static void no_suffix_means_bytes(void **state)
{
	(void)state;
	assert_int_equal(parse_ok("1073741824"), 1ULL << 30);
	assert_int_equal(parse_ok("4096B"), 4096);
	assert_int_equal(parse_ok("4096b"), 4096);
}

/*
 * A B or iB after the suffix changes nothing: binary, as the kernel's
 * memparse() and perf bench read sizes, whatever the case.
 */
static void b_and_ib_after_the_suffix_are_binary_too(void **state)
{
	static const char *const g64[] = {
		"64G", "64g", "64GB", "64gb", "64Gb", "64GiB", "64gib", "64GIB",
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(g64); i++)
		assert_true(parse_ok(g64[i]) == G(64));
	assert_int_equal(parse_ok("4KiB"), 4 * KIB);
	assert_int_equal(parse_ok("128MB"), 128ULL << 20);
	assert_int_equal(parse_ok("2TiB"), 2ULL << 40);
}

static void leading_zeros_are_decimal_not_octal(void **state)
{
	(void)state;
	assert_int_equal(parse_ok("010"), 10);
}

static void zero_is_refused_with_the_range(void **state)
{
	const char *err = parse_bad("0", 1ULL << 20, MAX);

	(void)state;
	assert_string_equal(err, "invalid --size '0': a size of 0 bytes; expected one from 1M to 1024T");
	parse_bad("0G", 1ULL << 20, MAX);
}

static void value_over_64_bits_is_refused(void **state)
{
	(void)state;
	parse_bad("18446744073709551616", 1, UINT64_MAX);
	parse_bad("99999999999999999999999", 1, UINT64_MAX);
}

static void suffix_multiplication_overflow_is_refused(void **state)
{
	(void)state;
	parse_bad("16777216T", 1, UINT64_MAX);	/* exactly 2^64 */
	parse_bad("17179869184G", 1, UINT64_MAX);
}

static void largest_64_bit_value_is_accepted(void **state)
{
	char err[HB_ERR_LEN];
	uint64_t v;

	(void)state;
	assert_int_equal(hb_parse_num("18446744073709551615", false, 0,
				      UINT64_MAX, "n", &v, err, sizeof(err)),
			 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(hb_parse_num("16777215T", true, 0, UINT64_MAX, "n",
				      &v, err, sizeof(err)), 0);
	assert_true(v == 16777215ULL << 40);
}

static void above_the_maximum_is_refused(void **state)
{
	(void)state;
	parse_bad("1025T", 1, MAX);
	parse_bad("2048M", 1, 1ULL << 30);
}

static void below_the_minimum_is_refused(void **state)
{
	const char *err = parse_bad("512K", 1ULL << 20, MAX);

	(void)state;
	assert_non_null(strstr(err, "'512K'"));
}

static void garbage_is_refused(void **state)
{
	static const char *const bad[] = {
		"", "G", "abc", "1G5", "1 G", " 1G", "1G ", "1.5G", "-1", "+1",
		"0x10", "1e9", "1P", "1PB", "64X", "1,2", "1iB", "1GBB",
		"1GiBs", "1Gi", "1BiB", "1GB ", "B", "iB",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		parse_bad(bad[i], 1, MAX);
	assert_string_equal(parse_bad("64X", 1, MAX),
			    "invalid --size '64X': expected a size such as 2M, 64G or 64GiB (K, M, G, T: powers of 1024), from 1 to 1024T");
}

/* run's --size, its sentence into err; -EINVAL or its value. */
static char chunk_err[HB_ERR_LEN];

static int64_t chunk(const char *s)
{
	uint64_t v = 0;
	int ret;

	chunk_err[0] = '\0';
	ret = hb_parse_chunk_size(s, "--size", &v, chunk_err,
				  sizeof(chunk_err));
	if (ret)
		return ret;
	assert_string_equal(chunk_err, "");
	return v;
}

#define CHUNK_RULE \
	"a chunk is a multiple of the kernel's memory section size (128M on x86_64) within the module's memory budget, and hmmbench info shows both"

/* Sizes people type, from 1M to 1024T; the module judges them further. */
static void chunk_size_takes_every_spelling(void **state)
{
	(void)state;
	assert_true(chunk("64GiB") == (int64_t)G(64));
	assert_true(chunk("64GB") == (int64_t)G(64));
	assert_true(chunk("64g") == (int64_t)G(64));
	assert_true(chunk("1M") == 1 << 20);
	assert_true(chunk("1024TiB") == (int64_t)MAX);
	assert_true(chunk("3M") == 3 << 20);
}

/* 0 is not "not a number": it gets a sentence of its own. */
static void chunk_of_zero_says_it_maps_nothing(void **state)
{
	(void)state;
	assert_int_equal(chunk("0"), -22);
	assert_string_equal(chunk_err, "invalid --size '0': a chunk of 0 bytes maps no memory; give a size such as 1G or 64G");
	assert_int_equal(chunk("0GiB"), -22);
	assert_string_equal(chunk_err, "invalid --size '0GiB': a chunk of 0 bytes maps no memory; give a size such as 1G or 64G");
}

/*
 * Out of range, the sentence names what the module takes (a multiple
 * of the section size within its budget), not the parser's bounds.
 */
static void chunk_out_of_range_names_what_the_module_takes(void **state)
{
	(void)state;
	assert_int_equal(chunk("64K"), -22);
	assert_string_equal(chunk_err, "invalid --size '64K': less than a memory section; " CHUNK_RULE);
	assert_int_equal(chunk("64"), -22);
	assert_string_equal(chunk_err, "invalid --size '64': 64 bytes (a size without K, M, G or T is bytes), less than a memory section; " CHUNK_RULE);
	assert_int_equal(chunk("1025T"), -22);
	assert_string_equal(chunk_err, "invalid --size '1025T': more than the 1024T hmmbench maps; " CHUNK_RULE);
	assert_int_equal(chunk("99999999999999999999"), -22);
	assert_string_equal(chunk_err, "invalid --size '99999999999999999999': more than the 1024T hmmbench maps; " CHUNK_RULE);
	assert_null(strstr(chunk_err, "from 1M"));
}

/* What is not a size at all says what one looks like. */
static void chunk_garbage_shows_what_a_size_looks_like(void **state)
{
	static const char *const bad[] = { "", "64X", "1.5G", "G", "64 G", "-1G" };
	size_t i;

	(void)state;
	for (i = 0; i < N(bad); i++) {
		assert_int_equal(chunk(bad[i]), -22);
		assert_non_null(strstr(chunk_err, "expected a size such as 512M, 64G or 64GiB (K, M, G, T: powers of 1024)"));
	}
	assert_int_equal(chunk(NULL), -22);
	assert_string_equal(chunk_err, "invalid --size '': expected a size such as 512M, 64G or 64GiB (K, M, G, T: powers of 1024)");
}

/* The longest input still ends in the whole sentence. */
static void chunk_sentence_fits_with_a_long_input(void **state)
{
	char s[128];

	(void)state;
	memset(s, '9', sizeof(s) - 1);
	s[sizeof(s) - 1] = '\0';
	assert_int_equal(chunk(s), -22);
	assert_true(strlen(chunk_err) < sizeof(chunk_err) - 1);
	assert_non_null(strstr(chunk_err, "...': more than the 1024T"));
	memset(s, '0', 80);
	strcpy(s + 80, "7");
	assert_int_equal(chunk(s), -22);
	assert_true(strlen(chunk_err) < sizeof(chunk_err) - 1);
	assert_non_null(strstr(chunk_err, "hmmbench info shows both"));
}

static void counts_refuse_suffixes_and_name_the_range(void **state)
{
	char err[HB_ERR_LEN];
	uint64_t v;

	(void)state;
	assert_int_equal(hb_parse_num("10K", false, 1, 1000000, "--iters",
				      &v, err, sizeof(err)), -22);
	assert_string_equal(err,
			    "invalid --iters '10K': expected a whole number from 1 to 1000000");
	assert_int_equal(hb_parse_num("0", false, 0, 5, "--warmup", &v, err,
				      sizeof(err)), 0);
	assert_int_equal(v, 0);
}

/* A parser of decimal numbers, its value as a double. */
typedef int (*real_parser)(const char *s, double *v, char *err, size_t len);

static int parse_percent(const char *s, double *v, char *err, size_t len)
{
	return hb_parse_percent(s, "--until-ci", v, err, len);
}

static int parse_duration(const char *s, double *v, char *err, size_t len)
{
	uint64_t ns = 0;
	int ret = hb_parse_duration(s, "--max-time", &ns, err, len);

	*v = ns;
	return ret;
}

struct parsed {
	const char *s;
	double v;
};

/*
 * @parse reads each of @ok as its value and refuses each of @bad, the
 * first of which gets the sentence @why.
 */
static void check_parser(real_parser parse, const struct parsed *ok,
			 size_t n_ok, const char *const *bad, size_t n_bad,
			 const char *why)
{
	char err[HB_ERR_LEN];
	double v;
	size_t i;

	for (i = 0; i < n_ok; i++) {
		assert_int_equal(parse(ok[i].s, &v, err, sizeof(err)), 0);
		assert_true(v == ok[i].v);
	}
	for (i = n_bad; i--; )
		assert_int_equal(parse(bad[i], &v, err, sizeof(err)), -22);
	assert_string_equal(err, why);
}

/* --until-ci: above 0, at most 100, a number and nothing else. */
static void percentages_are_above_0_and_at_most_100(void **state)
{
	static const struct parsed ok[] = {
		{ "2", 2.0 }, { "0.25", 0.25 }, { "100", 100.0 },
	};
	static const char *const bad[] = {
		"0", "-1", "100.5", "abc", "2%", "2 ", "", "nan", "1e999",
	};

	(void)state;
	check_parser(parse_percent, ok, N(ok), bad, N(bad),
		     "invalid --until-ci '0': expected a percentage above 0 and at most 100, e.g. 2 or 0.5");
}

/* --max-time: a unit or seconds, from 1 ms to 30 days. */
static void durations_take_a_unit_or_mean_seconds(void **state)
{
	static const struct parsed ok[] = {
		{ "90", 90e9 }, { "90s", 90e9 }, { "1.5h", 5400e9 },
		{ "10m", 600e9 }, { "250ms", 250e6 }, { "2d", 172800e9 },
		{ "30d", 2592000e9 },
	};
	static const char *const bad[] = {
		"5x", "0", "0.5ms", "31d", "m", "-1s", "10 s", "1h30m", "",
	};

	(void)state;
	check_parser(parse_duration, ok, N(ok), bad, N(bad),
		     "invalid --max-time '5x': expected a duration such as 90s, 10m or 1.5h (ms, s, m, h or d; a plain number is seconds), from 1ms to 30d");
}

static void size_str_uses_the_largest_exact_suffix(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(hb_size_str(64ULL << 30, buf, sizeof(buf)), "64G");
	assert_string_equal(hb_size_str(1536ULL << 20, buf, sizeof(buf)),
			    "1536M");
	assert_string_equal(hb_size_str(4097, buf, sizeof(buf)), "4097");
	assert_string_equal(hb_size_str(0, buf, sizeof(buf)), "0");
}

static void size_human_rounds_to_one_decimal(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(hb_size_human(64ULL << 30, buf, sizeof(buf)),
			    "64 GiB");
	assert_string_equal(hb_size_human(1536ULL << 20, buf, sizeof(buf)),
			    "1.5 GiB");
	assert_string_equal(hb_size_human(512, buf, sizeof(buf)), "512 B");
}

/* Progress shows how long a run took and has left, as people say it. */
static void durations_read_as_people_say_them(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(hb_fmt_duration(buf, sizeof(buf), 12.34e9), "12.3 s");
	assert_string_equal(hb_fmt_duration(buf, sizeof(buf), 245e9), "4m05s");
	assert_string_equal(hb_fmt_duration(buf, sizeof(buf), 3725e9), "1h02m");
	assert_string_equal(hb_fmt_duration(buf, sizeof(buf), -1.0), "-");
}

/* Both ends in hex with their 0x, the first one too when it is 0. */
static void phys_range_shows_both_ends_in_hex(void **state)
{
	char buf[48];

	(void)state;
	assert_string_equal(hb_phys_range_str(0, (1ULL << 40) - 1, buf,
					      sizeof(buf)),
			    "0x0-0xffffffffff");
	assert_string_equal(hb_phys_range_str(1ULL << 30, (1ULL << 38) +
					      (1ULL << 30) - 1, buf,
					      sizeof(buf)),
			    "0x40000000-0x403fffffff");
}

/*
 * What printf wrote for a number that rounded to zero loses its sign;
 * any other number, and what is not one, stays as it was.
 */
static void a_zero_loses_its_sign_and_nothing_else_does(void **state)
{
	static const char *const cases[][2] = {
		{ "-0.0", "0.0" }, { "+0.0%", "0.0%" }, { "-0.0000", "0.0000" },
		{ "-0", "0" }, { "-0.01", "-0.01" }, { "+0.1%", "+0.1%" },
		{ "-10.0", "-10.0" }, { "-1e-05", "-1e-05" }, { "-", "-" },
		{ "", "" }, { "0.0", "0.0" },
	};
	char buf[16];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(buf, 'x', sizeof(buf));
		strcpy(buf, cases[i][0]);
		assert_string_equal(hb_fmt_unsigned_zero(buf), cases[i][1]);
	}
}

/* --sizes, the sizes sweep measures, as the tests below parse them. */
static uint64_t sizes[HB_MAX_SWEEP];
static char err[HB_ERR_LEN];

/* hb_parse_sweep() of @s into sizes, its sentence into err. */
static int sweep(const char *s)
{
	err[0] = '\0';
	memset(sizes, 0, sizeof(sizes));
	return hb_parse_sweep(s, sizes, err, sizeof(err));
}

static void list_keeps_the_given_order(void **state)
{
	(void)state;
	assert_int_equal(sweep("16G,1G,4G,64G"), 4);
	assert_true(sizes[0] == G(16) && sizes[1] == G(1) &&
		    sizes[2] == G(4) && sizes[3] == G(64));
}

static void single_size_is_a_list_of_one(void **state)
{
	(void)state;
	assert_int_equal(sweep("8G"), 1);
	assert_true(sizes[0] == G(8));
}

static void range_doubles_and_includes_both_ends(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G..64G"), 7);
	assert_true(sizes[0] == G(1) && sizes[3] == G(8) &&
		    sizes[6] == G(64));
}

static void range_with_factor_x4(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G..64G:x4"), 4);
	assert_true(sizes[0] == G(1) && sizes[1] == G(4) &&
		    sizes[2] == G(16) && sizes[3] == G(64));
}

static void range_stops_below_an_unreached_end(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G..48G"), 6);
	assert_true(sizes[5] == G(32));
}

static void range_of_one_size(void **state)
{
	(void)state;
	assert_int_equal(sweep("4G..4G"), 1);
	assert_true(sizes[0] == G(4));
}

static void range_mixes_suffixes(void **state)
{
	(void)state;
	assert_int_equal(sweep("512M..2G"), 3);
	assert_true(sizes[0] == 512ULL << 20 && sizes[2] == G(2));
}

static void descending_range_is_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep("64G..1G"), -22);
	assert_non_null(strstr(err, "small to large"));
}

static void list_and_range_cannot_mix(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G,2G..8G"), -22);
	assert_non_null(strstr(err, "cannot be mixed"));
}

static void duplicate_size_is_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G,4G,1024M"), -22);
	assert_non_null(strstr(err, "twice"));
}

static void bad_size_in_a_list_says_what_a_size_is(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G,4Q"), -22);
	assert_string_equal(err, "invalid size '4Q': expected a size such as 512M, 64G or 64GiB (K, M, G, T: powers of 1024)");
	assert_int_equal(sweep("1G,0"), -22);
	assert_non_null(strstr(err, "a chunk of 0 bytes maps no memory"));
	assert_int_equal(sweep("1GiB..4GB"), 3);
	assert_true(sizes[0] == G(1) && sizes[2] == G(4));
}

static void empty_parts_are_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep(""), -22);
	assert_int_equal(sweep("1G,"), -22);
	assert_int_equal(sweep(",1G"), -22);
	assert_int_equal(sweep("..4G"), -22);
	assert_int_equal(sweep("1G.."), -22);
}

static void bad_factors_are_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G..64G:4"), -22);
	assert_non_null(strstr(err, "x2, x4"));
	assert_int_equal(sweep("1G..64G:x1"), -22);
	assert_non_null(strstr(err, "from 2 to 1024"));
	assert_int_equal(sweep("1G..64G:x"), -22);
	assert_int_equal(sweep("1G..64G:x2G"), -22);
}

static void more_than_64_sizes_are_refused(void **state)
{
	char list[2048] = "";
	int i;

	(void)state;
	for (i = 1; i <= HB_MAX_SWEEP + 1; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%dM", i > 1 ? "," : "", i);
	assert_int_equal(sweep(list), -22);
	assert_non_null(strstr(err, "at most 64"));
}

static void out_of_range_end_is_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G..2048T"), -22);
	assert_non_null(strstr(err, "'2048T'"));
}

/* @zeros leading zeros, then @tail: decimal, so still the size in @tail. */
static const char *zero_padded(int zeros, const char *head, const char *tail)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s%0*d%s", head, zeros, 0, tail);
	return buf;
}

/* Each size was once cut to 63 characters, hiding what followed. */
static void garbage_after_a_long_size_is_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep(zero_padded(61, "", "1Gjunk")), -22);
	assert_non_null(strstr(err, "invalid size '0000"));
	assert_int_equal(sweep(zero_padded(61, "4G,", "1Gjunk")), -22);
	assert_int_equal(sweep(zero_padded(61, "1G..", "4Gjunk")), -22);
}

static void long_size_is_parsed_whole(void **state)
{
	(void)state;
	assert_int_equal(sweep(zero_padded(70, "", "1G")), 1);
	assert_true(sizes[0] == G(1));
	assert_int_equal(sweep(zero_padded(70, "1G..", "4G")), 3);
	assert_true(sizes[2] == G(4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(durations_read_as_people_say_them),
		cmocka_unit_test(phys_range_shows_both_ends_in_hex),
		cmocka_unit_test(k_suffix_is_2_to_the_10),
		cmocka_unit_test(m_suffix_is_2_to_the_20),
		cmocka_unit_test(g_suffix_is_2_to_the_30),
		cmocka_unit_test(t_suffix_is_2_to_the_40),
		cmocka_unit_test(no_suffix_means_bytes),
		cmocka_unit_test(b_and_ib_after_the_suffix_are_binary_too),
		cmocka_unit_test(leading_zeros_are_decimal_not_octal),
		cmocka_unit_test(zero_is_refused_with_the_range),
		cmocka_unit_test(value_over_64_bits_is_refused),
		cmocka_unit_test(suffix_multiplication_overflow_is_refused),
		cmocka_unit_test(largest_64_bit_value_is_accepted),
		cmocka_unit_test(above_the_maximum_is_refused),
		cmocka_unit_test(below_the_minimum_is_refused),
		cmocka_unit_test(garbage_is_refused),
		cmocka_unit_test(chunk_size_takes_every_spelling),
		cmocka_unit_test(chunk_of_zero_says_it_maps_nothing),
		cmocka_unit_test(chunk_out_of_range_names_what_the_module_takes),
		cmocka_unit_test(chunk_garbage_shows_what_a_size_looks_like),
		cmocka_unit_test(chunk_sentence_fits_with_a_long_input),
		cmocka_unit_test(counts_refuse_suffixes_and_name_the_range),
		cmocka_unit_test(percentages_are_above_0_and_at_most_100),
		cmocka_unit_test(durations_take_a_unit_or_mean_seconds),
		cmocka_unit_test(size_str_uses_the_largest_exact_suffix),
		cmocka_unit_test(size_human_rounds_to_one_decimal),
		cmocka_unit_test(a_zero_loses_its_sign_and_nothing_else_does),
		cmocka_unit_test(list_keeps_the_given_order),
		cmocka_unit_test(single_size_is_a_list_of_one),
		cmocka_unit_test(range_doubles_and_includes_both_ends),
		cmocka_unit_test(range_with_factor_x4),
		cmocka_unit_test(range_stops_below_an_unreached_end),
		cmocka_unit_test(range_of_one_size),
		cmocka_unit_test(range_mixes_suffixes),
		cmocka_unit_test(descending_range_is_refused),
		cmocka_unit_test(list_and_range_cannot_mix),
		cmocka_unit_test(duplicate_size_is_refused),
		cmocka_unit_test(bad_size_in_a_list_says_what_a_size_is),
		cmocka_unit_test(empty_parts_are_refused),
		cmocka_unit_test(bad_factors_are_refused),
		cmocka_unit_test(more_than_64_sizes_are_refused),
		cmocka_unit_test(out_of_range_end_is_refused),
		cmocka_unit_test(garbage_after_a_long_size_is_refused),
		cmocka_unit_test(long_size_is_parsed_whole),
	};

	return cmocka_run_group_tests_name("parse", tests, NULL, NULL);
}
