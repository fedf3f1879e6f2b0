// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench show: renders saved results - a run, sweep or merged result,
 * or a comparison, as their JSON holds them - in any format, so that
 * measuring and reporting are separate steps.
 */
#include <argp.h>
#include <string.h>

#include <json-c/json.h>

#include "cmd/cmd.h"
#include "results/cmp_read.h"

struct hb_show_env {
	char *files[HB_FILES_MAX];
	size_t nr_files;
	enum hb_format format;
	bool wide;
};

static const char hb_show_doc[] =
"Usage: hmmbench show [OPTION...] FILE...\n"
"Render saved results - run, sweep and merged results, and comparisons,\n"
"as --format json wrote them - in any format, without measuring again.\n"
"A result is summarised afresh from its samples; a comparison is shown\n"
"as it was made.  Several files are shown one after the other, in the\n"
"formats for people (table, cover) and gobench.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench show build/ab/base.json\n"
"    hmmbench show --format cover base.json new.json\n"
"    hmmbench compare -f json base.json new.json > cmp.json\n"
"    hmmbench show --format cover cmp.json\n"
"\n"
"Exit status: 0 success, 1 a file cannot be read, 2 usage error.\n";

static const struct argp_option hb_show_opts[] = {
	{ "format", 'f', "FORMAT", 0,
	  "table (default), csv, json, cover or gobench (results only)", 1 },
	{ "wide", 'W', NULL, 0, "Table: every statistic, row and size", 1 },
	{},
};

static error_t hb_show_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_show_env *env = state->input;

	switch (key) {
	case 'f':
		env->format = hb_arg_format(state, arg,
					    (1U << HB_NR_FORMATS) - 1, "");
		break;
	case 'W':
		env->wide = true;
		break;
	case ARGP_KEY_ARG:
		if (env->nr_files == HB_FILES_MAX)
			argp_error(state, "at most %d files", HB_FILES_MAX);
		env->files[env->nr_files++] = arg;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp hb_show_argp = {
	.options = hb_show_opts,
	.parser = hb_show_parse,
	.doc = hb_show_doc,
	.children = hb_help_children,
};

static int hb_show_result(const struct hb_show_env *env, const char *path,
			  struct json_object *doc)
{
	struct hb_input in;
	char err[1024];
	int ret;

	if (hb_input_take(&in, path, doc, err, sizeof(err))) {
		hb_err(err);
		return HB_EXIT_FAIL;
	}
	ret = hb_render_as(stdout, env->format, env->wide, &in.r);
	hb_input_free(&in);
	return ret ? HB_EXIT_FAIL : HB_EXIT_OK;
}

static int hb_show_compare(const struct hb_show_env *env, const char *path,
			   struct json_object *doc)
{
	struct hb_cmp_doc d;
	char err[1024];
	int ret;

	if (env->format == HB_FMT_GOBENCH) {
		fprintf(stderr, "hmmbench: %s is a comparison: show it as table, csv, json or cover\n",
			path);
		json_object_put(doc);
		return HB_EXIT_USAGE;
	}
	if (hb_cmp_take(&d, path, doc, err, sizeof(err))) {
		hb_err(err);
		return HB_EXIT_FAIL;
	}
	ret = hb_render_compare_as(stdout, env->format, env->wide, &d.c);
	hb_cmp_doc_free(&d);
	return ret ? HB_EXIT_FAIL : HB_EXIT_OK;
}

/* One file, whichever document it holds. */
static int hb_show_file(const struct hb_show_env *env, const char *path)
{
	struct json_object *doc;
	const char *schema;
	char err[1024];

	if (hb_json_load(path, &doc, err, sizeof(err))) {
		hb_err(err);
		return HB_EXIT_FAIL;
	}
	schema = hb_json_schema(doc);
	if (schema && !strncmp(schema, "hmmbench-compare/", 17))
		return hb_show_compare(env, path, doc);
	return hb_show_result(env, path, doc);
}

int hb_cmd_show(int argc, char **argv)
{
	struct hb_show_env env = { .format = HB_FMT_TABLE };
	size_t i;
	int ret = HB_EXIT_OK;

	if (hb_parse(&hb_show_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (!env.nr_files)
		hb_usage_error("show", "show needs a file: hmmbench show RESULT.json");
	if (env.nr_files > 1 &&
	    (env.format == HB_FMT_JSON || env.format == HB_FMT_CSV))
		hb_usage_error("show", "--format %s writes one document: give one file",
			       hb_format_name(env.format));
	for (i = 0; i < env.nr_files && ret == HB_EXIT_OK; i++) {
		if (i)
			putchar('\n');
		ret = hb_show_file(&env, env.files[i]);
	}
	if (fflush(stdout) || ferror(stdout))
		ret = HB_EXIT_FAIL;
	return ret;
}
