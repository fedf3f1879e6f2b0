// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench sweep: its options and help.  The run of each of --sizes, one
 * after the other or taking turns; the measuring itself is
 * measuring.c's, shared with run.
 */
#include <argp.h>

#include "cmd/measuring.h"
#include "cmd/parse.h"

enum {
	HB_OPT_SIZES = 0x300,
	HB_OPT_INTERLEAVE,
	HB_OPT_UNTIL_CI,
	HB_OPT_MAX_TIME,
};

static const char hb_sweep_doc[] =
"Usage: hmmbench sweep --sizes LIST [OPTION...]\n"
"Measure as run does, for each of --sizes: every iteration of one size,\n"
"then the next, or with --interleave the sizes in turn inside each\n"
"iteration, so that a drift over time spreads over all of them.\n"
"\n"
"Sizes take K, M, G or T suffixes (powers of 1024; 64G = 64 * 2^30).\n"
"Each size gets one cold iteration, reported apart, then --warmup\n"
"iterations left out of the statistics, then --iters measured ones.\n"
"Ctrl-C stops after the current step and writes what was measured,\n"
"marked incomplete.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench sweep --sizes 1G..64G --interleave --format csv\n"
"    hmmbench sweep --sizes 1G,4G,16G --format cover\n"
"    hmmbench sweep --sizes 1G..64G:x4 --format json -o sweep.json\n"
"\n"
"Exit status: 0 success, 1 runtime failure, 2 usage error, 130\n"
"interrupted (results written, marked incomplete).\n";

static const struct argp_option hb_sweep_opts[] = {
	{ "sizes", HB_OPT_SIZES, "LIST", 0, "1G,4G,16G or 1G..64G (doubling) or 1G..64G:x4", 1 },
	{ "interleave", HB_OPT_INTERLEAVE, NULL, 0, "Take sizes in turn inside each iteration", 1 },
	/* run's, refused with a pointer to --sizes, or to run */
	{ "size", 's', "SIZE", OPTION_HIDDEN, NULL, 1 },
	{ "until-ci", HB_OPT_UNTIL_CI, "PCT", OPTION_HIDDEN, NULL, 1 },
	{ "max-time", HB_OPT_MAX_TIME, "DURATION", OPTION_HIDDEN, NULL, 1 },
	{},
};

static void hb_arg_sizes(const char *arg, struct hb_measure_env *env)
{
	char err[HB_ERR_LEN];
	int n;

	n = hb_parse_sweep(arg, env->sizes, err, sizeof(err));
	if (n < 0)
		hb_usage_error("%s", err);
	env->nr_sizes = n;
}

static error_t hb_sweep_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_measure_env *env = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = env;
		break;
	case HB_OPT_SIZES:
		hb_arg_sizes(arg, env);
		break;
	case HB_OPT_INTERLEAVE:
		env->interleave = true;
		break;
	case 's':
		hb_usage_error("sweep takes --sizes, not --size");
		break;
	case HB_OPT_UNTIL_CI:
	case HB_OPT_MAX_TIME:
		hb_usage_error("--until-ci and --max-time belong to run, which measures one size: hmmbench run --size ...");
		break;
	case ARGP_KEY_ARG:
		hb_arg_unexpected(arg);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp hb_sweep_argp = {
	.options = hb_sweep_opts,
	.parser = hb_sweep_parse,
	.doc = hb_sweep_doc,
	.children = hb_measure_children,
};

static void hb_sweep_check(const struct hb_measure_env *env)
{
	if (!env->nr_sizes)
		hb_usage_error("sweep needs --sizes, e.g. --sizes 1G..64G");
}

int hb_cmd_sweep(int argc, char **argv)
{
	return hb_measure_main(&hb_sweep_argp, argc, argv, "sweep",
			       hb_sweep_check);
}
