// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench run, the default command: its options and help.  One size,
 * --iters times, or fewer when --until-ci or --max-time stop it; the
 * measuring itself is measuring.c's, shared with sweep.
 */
#include <argp.h>
#include <stdint.h>

#include "cmd/measuring.h"
#include "cmd/parse.h"

enum {
	HB_OPT_SIZES = 0x300,
	HB_OPT_INTERLEAVE,
	HB_OPT_UNTIL_CI,
	HB_OPT_MAX_TIME,
};

static const char hb_run_doc[] =
"Usage: hmmbench [run] [OPTION...]\n"
"Map and unmap --chunks chunks of --size, --iters times, and report how\n"
"long the kernel took for each phase.  run is the default command.\n"
"\n"
"Sizes take K, M, G or T suffixes (powers of 1024; 64G = 64 * 2^30).\n"
"Each run maps one cold iteration first, reported apart, then --warmup\n"
"iterations that are kept but left out of the statistics, then --iters\n"
"measured ones.  Ctrl-C stops after the current step and writes what\n"
"was measured, marked incomplete.\n"
"\n"
"--until-ci stops earlier, once the 95% confidence interval of the mean\n"
"of the warm memremap times is within +-PCT% of it; --max-time starts no\n"
"iteration after DURATION.  --iters is then the most, and the result\n"
"says what stopped it.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench --size 64G --iters 10       # run is the default command\n"
"    hmmbench run --size 1G --format json -o before.json --label base\n"
"    hmmbench run --size 64G --format gobench > new.txt   # for benchstat\n"
"    hmmbench --size 64G --until-ci 1 --iters 200 --max-time 20m\n"
"\n"
"Exit status: 0 success, 1 runtime failure, 2 usage error, 130\n"
"interrupted (results written, marked incomplete).\n";

static const struct argp_option hb_run_opts[] = {
	{ "size", 's', "SIZE", 0, "Chunk length (default 1G)", 1 },
	{ "until-ci", HB_OPT_UNTIL_CI, "PCT", 0, "Stop once the 95% CI of the warm memremap mean is within +-PCT% of it", 1 },
	{ "max-time", HB_OPT_MAX_TIME, "DURATION", 0, "Start no iteration after DURATION (90s, 10m, 2h)", 1 },
	/* sweep's, refused with a pointer to it */
	{ "sizes", HB_OPT_SIZES, "LIST", OPTION_HIDDEN, NULL, 1 },
	{ "interleave", HB_OPT_INTERLEAVE, NULL, OPTION_HIDDEN, NULL, 1 },
	{},
};

/* --until-ci and --max-time. */
static void hb_run_stop_arg(int key, const char *arg,
			    struct hb_measure_env *env)
{
	char err[HB_ERR_LEN];
	int ret;

	if (key == HB_OPT_UNTIL_CI)
		ret = hb_parse_percent(arg, "--until-ci", &env->until_ci, err,
				       sizeof(err));
	else
		ret = hb_parse_duration(arg, "--max-time", &env->max_time_ns,
					err, sizeof(err));
	if (ret)
		hb_usage_error("%s", err);
}

static error_t hb_run_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_measure_env *env = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = env;
		break;
	case 's':
		env->size = hb_arg_chunk_size(arg);
		break;
	case HB_OPT_UNTIL_CI:
	case HB_OPT_MAX_TIME:
		hb_run_stop_arg(key, arg, env);
		break;
	case HB_OPT_SIZES:
	case HB_OPT_INTERLEAVE:
		hb_usage_error("--sizes and --interleave belong to sweep: hmmbench sweep --sizes ...");
		break;
	case ARGP_KEY_ARG:
		hb_arg_unexpected(arg);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp hb_run_argp = {
	.options = hb_run_opts,
	.parser = hb_run_parse,
	.doc = hb_run_doc,
	.children = hb_measure_children,
};

/* An interval needs two warm samples: --iters times --chunks of them. */
static void hb_run_check(const struct hb_measure_env *env)
{
	if (env->until_ci && (uint64_t)env->iters * env->chunks < 2)
		hb_usage_error("--until-ci needs at least 2 warm samples for an interval, but --iters %u with --chunks %u gives 1: raise --iters",
			       env->iters, env->chunks);
}

int hb_cmd_run(int argc, char **argv)
{
	return hb_measure_main(&hb_run_argp, argc, argv, "run", hb_run_check);
}
