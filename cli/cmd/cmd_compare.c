// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench compare: its options and help, then read the result files,
 * refuse mismatched configurations unless --force, compare, print the
 * notes on stderr and render.
 */
#include <argp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"
#include "cmd/cmd_inputs.h"
#include "cmd/cmdline.h"
#include "cmd/parse.h"
#include "results/compare.h"
#include "results/runid.h"
#include "version.h"

enum {
	HB_OPT_ALPHA = 0x400,
};

struct hb_compare_env {
	struct hb_inputs_env in;	/* files, --force */
	struct hb_output out;		/* -f, -o, -q, --wide */
	double alpha;			/* significance level */
};

static const char hb_compare_doc[] =
"Usage: hmmbench compare [OPTION...] BASE.json NEW.json...\n"
"Compare each NEW result with BASE, size by size, cold and warm apart:\n"
"the change of each metric's mean and its 95% interval, taken on the\n"
"ratio of the means, so never below -100%.\n"
"\n"
"A verdict needs several runs (boots) a side, merged by 'hmmbench merge'\n"
"(make ab does both): each run counts once, by the mean of its calls.\n"
"Calls within one boot are not independent, so with one run on a side\n"
"nothing is tested.  Only the metrics the kernel measures are tested, not\n"
"the per-page and bandwidth rows derived from them.  A change is\n"
"significant when Welch's p, Holm-adjusted over every test of one NEW\n"
"result, and the Mann-Whitney p are both below --alpha; else it shows\n"
"'~' and the smallest change the runs would have detected with 80%\n"
"power.  The primary metric, which the cover text leads with, is the\n"
"memmap_init phase when both sides probed it, else memremap.\n"
"Results must share workload, page size, struct page size, --chunks,\n"
"--node, vmemmap shift, architecture and accelerator (rebinds also --map,\n"
"--align and driver), and a size's memmap digest where both recorded one\n"
"of the same layout; kernels may differ, as that is what is compared.\n"
"Migrations (hmmbench migrate) compare per direction, the time of each\n"
"MIGRATE and each fault, and must share --size and --batch; --no-thp\n"
"against --thp is compared, and every format says it is THP against 4K.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench compare base.json new.json\n"
"    hmmbench compare base.json new.json --format cover\n"
"    hmmbench compare base.json patch-1.json patch-2.json --format csv\n"
"\n"
"Exit status: 0 compared (whether or not anything changed), 1 an input\n"
"cannot be read or the configurations differ, 2 usage error.\n";

static const struct argp_option hb_compare_opts[] = {
	{ "alpha", HB_OPT_ALPHA, "P", 0, "Significance level (default 0.05)", 1 },
	{},
};

static void hb_arg_alpha(const char *arg, struct hb_compare_env *env)
{
	char err[HB_ERR_LEN];

	if (hb_parse_fraction(arg, "--alpha", &env->alpha, err, sizeof(err)))
		hb_usage_error("%s", err);
}

static error_t hb_compare_parse(int key, char *arg,
				struct argp_state *state)
{
	struct hb_compare_env *env = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &env->in;
		state->child_inputs[1] = &env->out;
		state->child_inputs[2] = &env->out;
		break;
	case HB_OPT_ALPHA:
		hb_arg_alpha(arg, env);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child hb_compare_children[] = {
	{ &hb_inputs_argp, 0, NULL, 0 },
	{ &hb_output_argp, 0, NULL, 0 },
	{ &hb_wide_argp, 0, NULL, 0 },
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

static const struct argp hb_compare_argp = {
	.options = hb_compare_opts,
	.parser = hb_compare_parse,
	.doc = hb_compare_doc,
	.children = hb_compare_children,
};

static void hb_print_notes(const struct hb_compare_env *env,
			   const struct hb_comparison *c)
{
	size_t i;

	if (env->out.quiet)
		return;
	for (i = 0; i < c->nr_notes; i++)
		fprintf(stderr, "hmmbench: warning: %s\n", c->notes[i]);
}

/* The command line the comparison records; NULL without memory. */
static char *hb_compare_cmdline(const struct hb_compare_env *env)
{
	struct hb_cmdline cl;

	hb_cmdline_start(&cl, "compare");
	hb_cmdline_opt(&cl, "--alpha", "%g", env->alpha);
	hb_cmdline_inputs(&cl, &env->in, &env->out);
	return hb_cmdline_end(&cl);
}

static int hb_write_compare(const struct hb_compare_env *env,
			    struct hb_comparison *c)
{
	struct hb_out out;
	char *line;
	int ret;

	if (hb_out_open(&out, env->out.output))
		return HB_EXIT_FAIL;
	line = hb_compare_cmdline(env);
	c->command_line = line;
	c->hmmbench_git = hb_git_describe;
	ret = hb_write_finish(&out, hb_render_compare_as(out.f,
							 env->out.format,
							 env->out.wide, c),
			      "comparison");
	free(line);
	return ret;
}

static int hb_compare_files(const struct hb_compare_env *env)
{
	struct hb_input *in = hb_inputs_load(env->in.files, env->in.nr_files);
	struct hb_comparison c;
	char err[1024];
	int ret;

	if (!in)
		return HB_EXIT_FAIL;
	if (hb_runid_check(in, env->in.nr_files, true,
			   "a run compared with itself shows no change whatever the kernels do (--force does not change that)",
			   err, sizeof(err)) ||
	    hb_clock_check(in, env->in.nr_files, err, sizeof(err)) ||
	    hb_compare(in, env->in.nr_files, env->alpha, env->in.force, &c,
		       err, sizeof(err))) {
		hb_err(err);
		hb_inputs_free(in, env->in.nr_files);
		return HB_EXIT_FAIL;
	}
	hb_print_notes(env, &c);
	ret = hb_write_compare(env, &c);
	hb_comparison_free(&c);
	hb_inputs_free(in, env->in.nr_files);
	return ret;
}

int hb_cmd_compare(int argc, char **argv)
{
	struct hb_compare_env env = {
		.alpha = 0.05,
		.out = {
			.formats = (1U << HB_FMT_GOBENCH) - 1,
			.format = HB_FMT_TABLE,
			.wide_doc = "Table: derived rows, medians and each test's p too",
		},
	};

	if (hb_parse("compare", &hb_compare_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (env.in.nr_files < 2)
		hb_usage_error("compare needs a base and at least one new result: hmmbench compare BASE.json NEW.json");
	return hb_compare_files(&env);
}
