// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: how every cover text ends (render/rerun.c) - the
 * command lines a result recorded, wrapped so that each still pastes as
 * one command; a merged result's runs, each distinct line once, then the
 * merge; each side of a comparison and the comparison, also as read
 * back from its JSON; and a sentence, never a made-up line, where
 * nothing was recorded.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "fixture.h"
#include "results/compare.h"
#include "results/compare_read.h"
#include "results/merge.h"
#include "version.h"

#define RUN_LINE	"hmmbench run --size 1G --chunks 1 --iters 3 --warmup 1 --label 'base, \"v2\"' --format json --output /tmp/results/base-1.json --quiet"

/* What follows the last blank line of @text, freed here. */
static char *tail_of(char *text)
{
	char *p, *t;

	assert_non_null(text);
	p = strstr(text, "\n\n");
	assert_non_null(p);
	while (strstr(p + 2, "\n\n"))
		p = strstr(p + 2, "\n\n");
	t = strdup(p + 2);
	free(text);
	return t;
}

/* @wrapped with its " \" line ends joined: the line as pasted. */
static void assert_pastes_as(const char *wrapped, const char *line)
{
	char joined[1024], *out = joined;
	const char *p = wrapped;

	while (*p == ' ')
		p++;
	for (; *p && *p != '\n'; p++) {
		if (!strncmp(p, " \\\n", 3)) {
			p += 3;
			while (p[1] == ' ')
				p++;
		}
		*out++ = *p;
	}
	*out = '\0';
	assert_string_equal(joined, line);
}

static void run_cover_ends_with_its_command_line(void **state)
{
	struct hb_result r;
	char *t;

	(void)state;
	fixture_result(&r);
	r.meta.command_line = RUN_LINE;
	t = tail_of(fixture_render(HB_FMT_COVER, &r));
	assert_string_equal(t,
		"Measured by hmmbench " HB_VERSION " (git v0.1.0-1-g0123abc) with:\n"
		"  hmmbench run --size 1G --chunks 1 --iters 3 --warmup 1 --label \\\n"
		"    'base, \"v2\"' --format json --output /tmp/results/base-1.json --quiet\n");
	assert_pastes_as(strchr(t, '\n') + 1, RUN_LINE);
	free(t);
	hb_result_free(&r);
}

static void result_without_one_says_it_was_not_recorded(void **state)
{
	struct hb_result r;
	char *t;

	(void)state;
	fixture_result(&r);
	r.meta.host.hmmbench_git[0] = '\0';
	t = tail_of(fixture_render(HB_FMT_COVER, &r));
	assert_string_equal(t,
		"Measured by hmmbench " HB_VERSION "; the command was not recorded.\n");
	free(t);
	hb_result_free(&r);
}


/*
 * Four runs, two by one line, one by another, one not recorded, merged
 * by a recorded merge, through JSON.
 */
static void merged_runs(struct hb_input *in, const char *label)
{
	static const double runs_ms[] = { 30.0, 34.0, 31.0, 33.0 };
	struct hb_result r;

	fixture_runs(&r, label, 58.0, runs_ms, 4, 3);
	r.sources[0].command_line = RUN_LINE;
	r.sources[1].command_line = "hmmbench run --size 1G --chunks 1 --iters 9 --warmup 0 --format json";
	r.sources[2].command_line = RUN_LINE;
	r.meta.command_line = "hmmbench merge --format json --output base.json base-1.json base-2.json base-3.json base-4.json";
	fixture_input(in, &r, "base.json");
}

static void merged_cover_names_each_runs_line_once_then_the_merge(void **state)
{
	struct hb_input in;
	char *t;

	(void)state;
	merged_runs(&in, "base");
	t = tail_of(fixture_render(HB_FMT_COVER, &in.r));
	assert_string_equal(t,
		"Measured by hmmbench " HB_VERSION " (git v0.1.0-1-g0123abc) with:\n"
		"  # 2 runs by\n"
		"  hmmbench run --size 1G --chunks 1 --iters 3 --warmup 1 --label \\\n"
		"    'base, \"v2\"' --format json --output /tmp/results/base-1.json --quiet\n"
		"  hmmbench run --size 1G --chunks 1 --iters 9 --warmup 0 --format json\n"
		"  # 1 run by a command that was not recorded\n"
		"  hmmbench merge --format json --output base.json base-1.json \\\n"
		"    base-2.json base-3.json base-4.json\n");
	free(t);
	hb_input_free(&in);
}

/*
 * Runs whose lines differ only in the file each wrote are one command;
 * any other difference, even right after the file, makes another.
 */
static void runs_differing_only_in_their_output_are_one_command(void **state)
{
	static const double runs_ms[] = { 30.0, 34.0, 31.0, 33.0 };
	struct hb_result r;
	struct hb_input in;
	char *t;

	(void)state;
	fixture_runs(&r, "base", 58.0, runs_ms, 4, 3);
	r.sources[0].command_line = "hmmbench run --size 1G --output base-1.json --quiet";
	r.sources[1].command_line = "hmmbench run --size 1G --output base-2.json --quiet";
	r.sources[2].command_line = "hmmbench run --size 1G --output base-3.json --quiet";
	r.sources[3].command_line = "hmmbench run --size 1G --output base-4.json -v";
	r.meta.command_line = "hmmbench merge --output base.json base-1.json";
	fixture_input(&in, &r, "base.json");
	t = tail_of(fixture_render(HB_FMT_COVER, &in.r));
	assert_string_equal(t,
		"Measured by hmmbench " HB_VERSION " (git v0.1.0-1-g0123abc) with:\n"
		"  # 3 runs by this, each with its own --output\n"
		"  hmmbench run --size 1G --output base-1.json --quiet\n"
		"  hmmbench run --size 1G --output base-4.json -v\n"
		"  hmmbench merge --output base.json base-1.json\n");
	free(t);
	hb_input_free(&in);
}

/* The end of the cover of @c, and of @c written as JSON and read back. */
static void assert_compare_ends_with(struct hb_comparison *c,
				     const char *want)
{
	char err[512], *json = NULL, *t;
	struct json_object *doc;
	struct hb_cmp_doc d;
	size_t len = 0;
	FILE *f;

	f = open_memstream(&t, &len);
	assert_int_equal(hb_render_compare_as(f, HB_FMT_COVER, false, c), 0);
	fclose(f);
	t = tail_of(t);
	assert_string_equal(t, want);
	free(t);
	f = open_memstream(&json, &len);
	assert_int_equal(hb_render_compare_as(f, HB_FMT_JSON, false, c), 0);
	fclose(f);
	doc = json_tokener_parse(json);
	free(json);
	assert_int_equal(hb_cmp_take(&d, "cmp.json", doc, err, sizeof(err)),
			 0);
	f = open_memstream(&t, &len);
	assert_int_equal(hb_render_compare_as(f, HB_FMT_COVER, false, &d.c),
			 0);
	fclose(f);
	t = tail_of(t);
	assert_string_equal(t, want);
	free(t);
	hb_cmp_doc_free(&d);
}

static void comparison_cover_ends_with_each_side_then_the_compare(void **state)
{
	static const double new_ms[] = { 20.0, 22.0, 21.0 };
	struct hb_comparison c;
	struct hb_input in[2];
	struct hb_result r;
	char err[512];

	(void)state;
	merged_runs(&in[0], "base");
	fixture_series(&r, "new", 31.0, new_ms, 3);
	strcpy(r.meta.host.hmmbench_git, "v0.1.0-9-gfedcba9-dirty");
	fixture_input(&in[1], &r, "new.json");
	assert_int_equal(hb_compare(in, 2, 0.05, false, &c, err, sizeof(err)),
			 0);
	c.command_line = "hmmbench compare --alpha 0.05 --format cover base.json new.json";
	c.hmmbench_git = "v0.1.0-9-gfedcba9-dirty";
	assert_compare_ends_with(&c,
		"base.json (base): measured by hmmbench " HB_VERSION " (git v0.1.0-1-g0123abc)\n"
		"with:\n"
		"  # 2 runs by\n"
		"  hmmbench run --size 1G --chunks 1 --iters 3 --warmup 1 --label \\\n"
		"    'base, \"v2\"' --format json --output /tmp/results/base-1.json --quiet\n"
		"  hmmbench run --size 1G --chunks 1 --iters 9 --warmup 0 --format json\n"
		"  # 1 run by a command that was not recorded\n"
		"  hmmbench merge --format json --output base.json base-1.json \\\n"
		"    base-2.json base-3.json base-4.json\n"
		"new.json (new): measured by hmmbench " HB_VERSION "\n"
		"(git v0.1.0-9-gfedcba9-dirty); the command was not recorded.\n"
		"Compared by hmmbench " HB_VERSION " (git v0.1.0-9-gfedcba9-dirty) with:\n"
		"  hmmbench compare --alpha 0.05 --format cover base.json new.json\n");
	hb_comparison_free(&c);
	hb_input_free(&in[0]);
	hb_input_free(&in[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(run_cover_ends_with_its_command_line),
		cmocka_unit_test(result_without_one_says_it_was_not_recorded),
		cmocka_unit_test(merged_cover_names_each_runs_line_once_then_the_merge),
		cmocka_unit_test(comparison_cover_ends_with_each_side_then_the_compare),
		cmocka_unit_test(runs_differing_only_in_their_output_are_one_command),
	};

	return cmocka_run_group_tests_name("rerun", tests, NULL, NULL);
}
