// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: reading a result file back for compare and merge -
 * a damaged, hand-edited or truncated file is refused with one sentence
 * naming the file and what is wrong, never read as "nothing to compare".
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "fixture.h"
#include "input.h"

static const double warm_ms[] = { 26.0, 28.0, 30.0 };
static char err[1024];

/* The fixture result as a file, its JSON first changed by @edit. */
static char *edited(void (*edit)(struct json_object *doc))
{
	struct json_object *doc;
	struct hb_result r;
	char *path;

	fixture_series(&r, "base", 58.0, warm_ms, 3);
	path = fixture_json_file(&r);
	hb_result_free(&r);
	assert_non_null(path);
	doc = json_object_from_file(path);
	assert_non_null(doc);
	edit(doc);
	assert_int_equal(json_object_to_file(path, doc), 0);
	json_object_put(doc);
	return path;
}

/* Loads @path expecting a refusal; err then holds "<path>: ..." cut. */
static const char *refused(char *path)
{
	size_t n = strlen(path);
	struct hb_input in;
	int ret;

	err[0] = '\0';
	ret = hb_input_load(&in, path, err, sizeof(err));
	unlink(path);
	if (!ret)
		hb_input_free(&in);
	assert_int_equal(ret, -EINVAL);
	assert_memory_equal(err, path, n);
	free(path);
	return err + n;
}

static void drop_samples(struct json_object *doc)
{
	json_object_object_del(doc, "samples");
}

static void empty_samples(struct json_object *doc)
{
	json_object_object_add(doc, "samples", json_object_new_array());
}

static void samples_object(struct json_object *doc)
{
	json_object_object_add(doc, "samples", json_object_new_object());
}

static void missing_samples_are_refused(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(drop_samples)),
			    ": there is no samples array: is the file damaged?");
}

static void empty_samples_are_refused(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(empty_samples)),
			    ": the samples array is empty: is the file damaged?");
}

static void samples_that_are_not_an_array_are_refused(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(samples_object)),
			    ": samples is not an array: is the file damaged?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(missing_samples_are_refused),
		cmocka_unit_test(empty_samples_are_refused),
		cmocka_unit_test(samples_that_are_not_an_array_are_refused),
	};

	return cmocka_run_group_tests_name("input", tests, NULL, NULL);
}
