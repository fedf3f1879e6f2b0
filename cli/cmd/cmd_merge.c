// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench merge: its options and help, then read the result files,
 * refuse inputs unlike the first unless --force, pool them and write the
 * merged result as JSON, to stdout or -o FILE; one file alone is merged
 * too, with a note, and so are inputs of different environments, whose
 * facts they do not share the result leaves out.
 */
#include <argp.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"
#include "cmd/cmd_inputs.h"
#include "cmd/cmdline.h"
#include "results/config_match.h"
#include "results/env.h"
#include "results/merge.h"
#include "results/runid.h"
#include "results/workload.h"

static const char hb_merge_doc[] =
"Usage: hmmbench merge [OPTION...] IN.json...\n"
"Pool results of one kernel and configuration - the boots of one side of\n"
"an A/B run - into one result, as JSON on stdout or in -o FILE, whose\n"
"statistics are computed afresh.  Comparing two merged results then\n"
"tests the runs, each counted once, not the samples.  Migrations\n"
"(hmmbench migrate) pool into one migration, each run's first iteration\n"
"kept apart; they must agree on --size, --thp, --batch and --direction.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench merge -o base.json base-1.json base-2.json base-3.json\n"
"    hmmbench merge new-*.json > new.json\n"
"    hmmbench merge -o thp.json thp-1.json thp-2.json thp-3.json\n"
"\n"
"Exit status: 0 success, 1 an input cannot be read or differs from the\n"
"first, 2 usage error.\n";

struct hb_merge_env {
	struct hb_inputs_env in;	/* files, --force */
	struct hb_output out;		/* -f json, -o, -q */
};

static error_t hb_merge_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_merge_env *env = state->input;

	(void)arg;
	if (key != ARGP_KEY_INIT)
		return ARGP_ERR_UNKNOWN;
	state->child_inputs[0] = &env->in;
	state->child_inputs[1] = &env->out;
	return 0;
}

static const struct argp_child hb_merge_children[] = {
	{ &hb_inputs_argp, 0, NULL, 0 },
	{ &hb_output_argp, 0, NULL, 0 },
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

static const struct argp hb_merge_argp = {
	.parser = hb_merge_parse,
	.doc = hb_merge_doc,
	.children = hb_merge_children,
};

/*
 * Refuses inputs unlike the first, naming the field, unless --force;
 * with it, says so unless -q.
 */
static int hb_merge_check(const struct hb_merge_env *menv,
			  const struct hb_input *in)
{
	const struct hb_inputs_env *env = &menv->in;
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	char field[64];
	size_t i, n;

	for (i = 1; i < env->nr_files; i++) {
		n = hb_config_diff(&in[0].r, &in[i].r, true, mm);
		if (!n || (env->force && menv->out.quiet))
			continue;
		fprintf(stderr, "hmmbench: %s%s and %s differ in %s (%s against %s)%s\n",
			env->force ? "warning: " : "", in[0].path, in[i].path,
			hb_mismatch_field(&mm[0], field, sizeof(field)),
			mm[0].base, mm[0].other,
			env->force ? ": merged anyway (--force)" :
				     ": merge pools runs of one kernel and configuration; --force merges them anyway");
		if (!env->force)
			return -EINVAL;
	}
	return 0;
}

/*
 * Refuses, whatever --force says, to pool a migration with another
 * command's result: the two documents hold different things.
 */
static int hb_merge_kinds(const struct hb_inputs_env *env,
			  const struct hb_input *in)
{
	size_t i;

	const struct hb_workload *first = hb_workload_of(&in[0].r.cfg), *wl;

	for (i = 1; i < env->nr_files; i++) {
		wl = hb_workload_of(&in[i].r.cfg);
		if (wl->schema == first->schema)
			continue;
		fprintf(stderr, "hmmbench: %s is %s and %s %s: merge pools runs of one command (--force does not change that)\n",
			in[0].path, first->document, in[i].path, wl->document);
		return -EINVAL;
	}
	return 0;
}

/* The command line the merged result records; NULL without memory. */
static char *hb_merge_cmdline(const struct hb_merge_env *env)
{
	struct hb_cmdline cl;

	hb_cmdline_start(&cl, "merge");
	hb_cmdline_inputs(&cl, &env->in, &env->out);
	return hb_cmdline_end(&cl);
}

static int hb_write_merge(const struct hb_merge_env *env,
			  struct hb_result *r)
{
	struct hb_out out;
	char *line;
	int ret;

	if (hb_out_open(&out, env->out.output))
		return HB_EXIT_FAIL;
	line = hb_merge_cmdline(env);
	r->meta.command_line = line;
	ret = hb_write_finish(&out, hb_render(out.f, HB_FMT_JSON, r),
			      "merged result");
	free(line);
	return ret;
}

/*
 * Inputs measured in another environment than the first (unless -q):
 * the merged result keeps only the facts all of them share.
 */
static void hb_merge_env_note(const struct hb_merge_env *env,
			      const struct hb_input *in)
{
	struct hb_env_diff d[HB_NR_ENV];
	char buf[1536];
	size_t i, k, n;

	for (i = 1; i < env->in.nr_files && !env->out.quiet; i++) {
		n = hb_env_diff(&in[0].r.meta.host, &in[i].r.meta.host, d);
		if (!n)
			continue;
		fprintf(stderr, "hmmbench: note: %s and %s ran in different environments (",
			in[0].path, in[i].path);
		for (k = 0; k < n; k++)
			fprintf(stderr, "%s%s", k ? "; " : "",
				hb_env_diff_text(buf, sizeof(buf), &d[k],
						 in[0].path, in[i].path));
		fputs("): the merged result keeps only the facts all its runs share\n",
		      stderr);
	}
}

/* A merge of one file is one: it holds the runs it held (unless -q). */
static void hb_merge_one_note(const struct hb_merge_env *env)
{
	if (env->in.nr_files == 1 && !env->out.quiet)
		fprintf(stderr, "hmmbench: note: only one file to merge (%s): the output holds the same runs, its statistics computed afresh; merge pools the runs (boots) of one kernel from several files\n",
			env->in.files[0]);
}

static int hb_merge_files(const struct hb_merge_env *menv)
{
	const struct hb_inputs_env *env = &menv->in;
	struct hb_input *in = hb_inputs_load(env->files, env->nr_files);
	struct hb_result r;
	int ret = HB_EXIT_FAIL;
	char err[1024];

	if (!in)
		return HB_EXIT_FAIL;
	if (hb_runid_check(in, env->nr_files, false,
			   "merging would count it twice (--force does not change that)",
			   err, sizeof(err)) ||
	    hb_clock_check(in, env->nr_files, err, sizeof(err))) {
		hb_err(err);
		goto free_inputs;
	}
	if (hb_merge_kinds(env, in) || hb_merge_check(menv, in))
		goto free_inputs;
	hb_merge_one_note(menv);
	hb_merge_env_note(menv, in);
	if (hb_merge(in, env->nr_files, &r)) {
		hb_err("out of memory");
		goto free_inputs;
	}
	ret = hb_write_merge(menv, &r);
	hb_result_free(&r);
free_inputs:
	hb_inputs_free(in, env->nr_files);
	return ret;
}

int hb_cmd_merge(int argc, char **argv)
{
	struct hb_merge_env env = {
		.out = { .formats = 1U << HB_FMT_JSON, .format = HB_FMT_JSON },
	};

	if (hb_parse("merge", &hb_merge_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (!env.in.nr_files)
		hb_usage_error("merge needs result files: hmmbench merge -o OUT.json IN.json...");
	return hb_merge_files(&env);
}
