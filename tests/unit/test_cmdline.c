// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: cmd/cmdline.c, the command line a result records
 * - words a shell reads as they are stay bare, others are single-quoted
 * so that the line pastes back as typed, and sizes and durations are
 * written as the one parser reads them back.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cmd/cmdline.h"
#include "cmd/parse.h"

static void plain_words_stay_bare_and_others_are_quoted(void **state)
{
	struct hb_cmdline cl;
	char *line;

	(void)state;
	hb_cmdline_start(&cl, "run");
	hb_cmdline_opt(&cl, "--label", "%s", "base-2,v3/x=y@z:1%.+_");
	hb_cmdline_opt(&cl, "--label", "%s", "it's a \"test\"");
	hb_cmdline_opt(&cl, "--output", "%s", "$HOME/r *.json");
	hb_cmdline_word(&cl, "");
	line = hb_cmdline_end(&cl);
	assert_non_null(line);
	assert_string_equal(line,
			    "hmmbench run --label base-2,v3/x=y@z:1%.+_ "
			    "--label 'it'\\''s a \"test\"' "
			    "--output '$HOME/r *.json' ''");
	free(line);
}

/* @ns written by hb_cmdline_duration(), and parsed back. */
static void duration_round_trip(uint64_t ns, const char *want)
{
	char err[HB_ERR_LEN], *line;
	struct hb_cmdline cl;
	uint64_t back;

	hb_cmdline_start(&cl, "run");
	hb_cmdline_duration(&cl, "--max-time", ns);
	line = hb_cmdline_end(&cl);
	assert_non_null(line);
	assert_string_equal(line + strlen("hmmbench run --max-time "), want);
	assert_int_equal(hb_parse_duration(want, "--max-time", &back, err,
					   sizeof(err)), 0);
	assert_int_equal(back, ns);
	free(line);
}

static void durations_are_written_as_they_read_back(void **state)
{
	(void)state;
	duration_round_trip(20 * 60000000000ULL, "20m");
	duration_round_trip(90000000000ULL, "90s");
	duration_round_trip(5400000000000ULL, "90m");
	duration_round_trip(2 * 86400000000000ULL, "2d");
	duration_round_trip(1500000000ULL, "1500ms");
	duration_round_trip(1000500000ULL, "1.0005s");
}

static void sizes_are_written_as_they_read_back(void **state)
{
	struct hb_cmdline cl;
	char *line;

	(void)state;
	hb_cmdline_start(&cl, "sweep");
	hb_cmdline_size(&cl, "--size", 64ULL << 30);
	hb_cmdline_size(&cl, "--compound", 2ULL << 20);
	hb_cmdline_size(&cl, "--align", 1536ULL << 20);
	line = hb_cmdline_end(&cl);
	assert_non_null(line);
	assert_string_equal(line,
			    "hmmbench sweep --size 64G --compound 2M --align 1536M");
	free(line);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(plain_words_stay_bare_and_others_are_quoted),
		cmocka_unit_test(durations_are_written_as_they_read_back),
		cmocka_unit_test(sizes_are_written_as_they_read_back),
	};

	return cmocka_run_group_tests_name("cmdline", tests, NULL, NULL);
}
