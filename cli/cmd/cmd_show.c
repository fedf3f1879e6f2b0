// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench show: renders saved results - a run, sweep or merged result, a
 * migration, or a comparison, as their JSON holds them - in any format,
 * so that measuring and reporting are separate steps.
 */
#include <argp.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cmd/cmd.h"
#include "results/compare_read.h"
#include "results/workload.h"

struct hb_show_env {
	char *files[HB_FILES_MAX];
	size_t nr_files;
	struct hb_output out;		/* -f, -o, -q, --wide */
};

static const char hb_show_doc[] =
"Usage: hmmbench show [OPTION...] FILE...\n"
"Render saved results - run, sweep and merged results, migrations, and\n"
"comparisons, as --format json wrote them - in any format, without\n"
"measuring again.  A result or migration is summarised afresh from its\n"
"samples, a migration exactly as hmmbench migrate showed it (table, csv\n"
"or json); a comparison is shown as it was made.  Several files are\n"
"shown one after the other, in the formats for people (table, cover) and\n"
"gobench, which is for results only.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench show build/ab/base.json\n"
"    hmmbench show --format cover base.json new.json\n"
"    hmmbench compare -f json base.json new.json > cmp.json\n"
"    hmmbench show --format cover cmp.json\n"
"\n"
"Exit status: 0 success, 1 a file cannot be read, 2 usage error.\n";

static error_t hb_show_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_show_env *env = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &env->out;
		state->child_inputs[1] = &env->out;
		break;
	case ARGP_KEY_ARG:
		if (env->nr_files == HB_FILES_MAX)
			hb_usage_error("at most %d files", HB_FILES_MAX);
		env->files[env->nr_files++] = arg;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child hb_show_children[] = {
	{ &hb_output_argp, 0, NULL, 0 },
	{ &hb_wide_argp, 0, NULL, 0 },
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

static const struct argp hb_show_argp = {
	.parser = hb_show_parse,
	.doc = hb_show_doc,
	.children = hb_show_children,
};

/* A file read and checked before anything is shown: either document. */
struct hb_show_file {
	bool is_cmp;
	union {
		struct hb_input in;		/* a result or migration */
		struct hb_cmp_doc cmp;		/* a comparison */
	};
};

static void hb_show_file_free(struct hb_show_file *d)
{
	if (d->is_cmp)
		hb_cmp_doc_free(&d->cmp);
	else
		hb_input_free(&d->in);
}

/* Reads @path into @d; 0, or the exit status with the sentence said. */
static int hb_show_load(const struct hb_show_env *env, const char *path,
			struct hb_show_file *d)
{
	struct json_object *doc;
	const char *schema;
	char err[1024], fmts[64];

	if (hb_json_load(path, &doc, err, sizeof(err))) {
		hb_err(err);
		return HB_EXIT_FAIL;
	}
	schema = hb_json_schema(doc);
	d->is_cmp = schema && !strncmp(schema, "hmmbench-compare/", 17);
	if (d->is_cmp && env->out.format == HB_FMT_GOBENCH) {
		fprintf(stderr, "hmmbench: %s is a comparison: show it as table, csv, json or cover\n",
			path);
		json_object_put(doc);
		return HB_EXIT_USAGE;
	}
	if (d->is_cmp ? hb_cmp_take(&d->cmp, path, doc, err, sizeof(err)) :
			hb_input_take(&d->in, path, doc, err, sizeof(err))) {
		hb_err(err);
		return HB_EXIT_FAIL;
	}
	if (!d->is_cmp && !hb_render_has(env->out.format, &d->in.r)) {
		fprintf(stderr, "hmmbench: %s is %s: show it as %s\n", path,
			hb_workload_of(&d->in.r.cfg)->document,
			hb_render_formats(&d->in.r, fmts, sizeof(fmts)));
		hb_input_free(&d->in);
		return HB_EXIT_USAGE;
	}
	return 0;
}

static int hb_show_one(FILE *f, const struct hb_show_env *env,
		       const struct hb_show_file *d)
{
	if (d->is_cmp)
		return hb_render_compare_as(f, env->out.format, env->out.wide,
					    &d->cmp.c);
	return hb_render_as(f, env->out.format, env->out.wide, &d->in.r);
}

/* Each of @n files in turn, a blank line between two; 0 or -errno. */
static int hb_show_all(FILE *f, const struct hb_show_env *env,
		       const struct hb_show_file *files, size_t n)
{
	size_t i;
	int ret;

	for (i = 0; i < n; i++) {
		if (i)
			fputc('\n', f);
		ret = hb_show_one(f, env, &files[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/* @n files shown in -o FILE or on stdout; the exit status. */
static int hb_show_write(const struct hb_show_env *env,
			 const struct hb_show_file *files, size_t n)
{
	struct hb_out out;

	if (hb_out_open(&out, env->out.output))
		return HB_EXIT_FAIL;
	return hb_write_finish(&out, hb_show_all(out.f, env, files, n),
			       "output");
}

/*
 * Every file is read before any is shown, so that one that cannot be
 * leaves nothing half written on stdout or in -o FILE.
 */
static int hb_show_files(const struct hb_show_env *env)
{
	struct hb_show_file *files = calloc(env->nr_files, sizeof(*files));
	int ret = HB_EXIT_OK;
	size_t i, n;

	if (!files) {
		hb_err("out of memory");
		return HB_EXIT_FAIL;
	}
	/* n files loaded: the one that failed, if any, holds nothing */
	for (n = 0; n < env->nr_files; n++) {
		ret = hb_show_load(env, env->files[n], &files[n]);
		if (ret)
			break;
	}
	if (!ret)
		ret = hb_show_write(env, files, n);
	for (i = 0; i < n; i++)
		hb_show_file_free(&files[i]);
	free(files);
	return ret;
}

int hb_cmd_show(int argc, char **argv)
{
	struct hb_show_env env = {
		.out = {
			.formats = (1U << HB_NR_FORMATS) - 1,
			.format = HB_FMT_TABLE,
			.wide_doc = "Table: every statistic, row and size",
		},
	};

	if (hb_parse("show", &hb_show_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (!env.nr_files)
		hb_usage_error("show needs a file: hmmbench show RESULT.json");
	if (env.nr_files > 1 &&
	    (env.out.format == HB_FMT_JSON || env.out.format == HB_FMT_CSV))
		hb_usage_error("--format %s writes one document: give one file",
			       hb_format_name(env.out.format));
	return hb_show_files(&env);
}
