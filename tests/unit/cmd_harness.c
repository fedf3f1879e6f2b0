// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: running a measuring command against the fake
 * device and reading back what it wrote (cmd_harness.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "cmd_harness.h"
#include "fake_dev.h"
#include "fixture.h"
#include "results/json_read.h"

char harness_out[64];
char harness_err[2048];

int harness_setup(const char *tmpl)
{
	harness_err[0] = '\0';
	snprintf(harness_out, sizeof(harness_out), "%s", tmpl);
	return fixture_fresh_name(harness_out, tmpl);
}

int harness_teardown(void **state)
{
	(void)state;
	unlink(harness_out);
	return 0;
}

int harness_argv(int (*cmd)(int argc, char **argv), int argc, char **argv)
{
	FILE *err = tmpfile();
	int saved, st;
	size_t n;

	assert_non_null(err);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	dup2(fileno(err), STDERR_FILENO);
	st = cmd(argc, argv);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(err);
	n = fread(harness_err, 1, sizeof(harness_err) - 1, err);
	harness_err[n] = '\0';
	fclose(err);
	return st;
}

int harness_run(int (*cmd)(int argc, char **argv), const char *arg,
		va_list ap)
{
	char *argv[32] = { "hmmbench" };
	int argc = 1;

	for (; arg && argc < 28; arg = va_arg(ap, const char *))
		argv[argc++] = (char *)arg;
	argv[argc++] = "-q";
	argv[argc++] = "-o";
	argv[argc++] = harness_out;
	argv[argc] = NULL;
	return harness_argv(cmd, argc, argv);
}

char *harness_written(const char *path)
{
	char *text = fixture_slurp(harness_out), *m;

	assert_non_null(text);
	m = fixture_json_member(text, path);
	free(text);
	assert_non_null(m);
	return m;
}

void harness_assert_written(const char *path, const char *want)
{
	char *m = harness_written(path);

	assert_string_equal(m, want);
	free(m);
}

char *harness_written_string(const char *path)
{
	char *text = fixture_slurp(harness_out), *s;
	struct json_object *doc;

	assert_non_null(text);
	doc = json_tokener_parse(text);
	free(text);
	assert_non_null(doc);
	s = strdup(json_object_get_string(hb_json_path(doc, path)));
	json_object_put(doc);
	return s;
}

void harness_assert_sample(size_t i, const char *key, const char *want)
{
	char *text = fixture_slurp(harness_out);
	struct json_object *doc, *v;
	const char *got;

	assert_non_null(text);
	doc = json_tokener_parse(text);
	free(text);
	assert_non_null(doc);
	v = json_object_array_get_idx(hb_json_path(doc, "samples"), i);
	assert_non_null(v);
	got = json_object_to_json_string_ext(hb_json_path(v, key),
					     JSON_C_TO_STRING_PLAIN);
	assert_string_equal(got, want);
	json_object_put(doc);
}

void harness_assert_one_line(void)
{
	char *nl = strchr(harness_err, '\n');

	assert_non_null(nl);
	assert_string_equal(nl, "\n");
}

unsigned int harness_asked(unsigned long cmd)
{
	unsigned int i, n = 0;

	for (i = 0; i < fake.nr_calls; i++)
		n += fake.calls[i].cmd == cmd;
	return n;
}
