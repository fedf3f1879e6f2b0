// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: command line.  The subcommand table, the argp options in the
 * libbpf-tools shape (struct env with defaults, parse_arg() that only
 * fills it, cross-option checks after argp_parse()) and the dispatch.
 */
#include <argp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "version.h"

#define HB_SIZE_MIN	(1ULL << 20)	/* 1M: below any section size */
#define HB_SIZE_MAX	(1ULL << 50)	/* 1024T */
#define HB_ITERS_MAX	1000000
#define HB_NODE_MAX	1023
#define HB_LABEL_MAX	128
#define HB_FILES_MAX	1024	/* compare and merge inputs */

struct hb_command {
	const char *name;
	int (*fn)(const struct hb_env *env);
	const char *doc;
	bool files;		/* takes file arguments */
};

static const struct hb_command commands[] = {
	{ "run", hb_cmd_run,
	  "map and unmap --chunks chunks of --size, --iters times (default)",
	  false },
	{ "sweep", hb_cmd_sweep, "the same for each of --sizes", false },
	{ "info", hb_cmd_info, "what the module and this machine report",
	  false },
	{ "compare", hb_cmd_compare,
	  "BASE.json NEW.json...: each against the first, with significance",
	  true },
	{ "merge", hb_cmd_merge,
	  "-o OUT.json IN.json...: pool runs of one configuration", true },
};

static struct hb_env env = {
	.size = 1ULL << 30,
	.chunks = 1,
	.iters = 10,
	.warmup = 0,
	.node = HMMBENCH_NODE_LOCAL,
	.format = HB_FMT_TABLE,
	.alpha = 0.05,
};

static const struct hb_command *command = &commands[0];

const char *argp_program_version = "hmmbench " HB_VERSION;
const char argp_program_doc[] =
"Time the kernel's set-up and tear-down of ZONE_DEVICE struct pages.\n"
"\n"
"USAGE: hmmbench [COMMAND] [OPTION...]\n"
"\n"
"Sizes take K, M, G or T suffixes (powers of 1024; 64G = 64 * 2^30).\n"
"Each run maps one cold iteration first, reported apart, then --warmup\n"
"iterations that are kept but left out of the statistics, then --iters\n"
"measured ones.  Ctrl-C stops after the current step and writes what\n"
"was measured, marked incomplete.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench --size 64G --iters 10       # run is the default command\n"
"    hmmbench run --size 1G --format json -o before.json --label base\n"
"    hmmbench sweep --sizes 1G..64G --interleave --format csv\n"
"    hmmbench sweep --sizes 1G,4G,16G --format cover\n"
"    hmmbench info --format json\n"
"    hmmbench run --size 64G --format gobench > new.txt   # for benchstat\n"
"    hmmbench compare base.json new.json --format cover\n"
"    hmmbench merge -o base.json base-1.json base-2.json base-3.json\n"
"\n"
"compare reports a change only when Welch's t-test and the exact\n"
"Mann-Whitney U test both give p < --alpha; it exits 0 either way.  When\n"
"both sides are merged from several runs, each run counts once.\n"
"\n"
"Exit status: 0 success, 1 runtime failure (or unreadable or mismatched\n"
"input), 2 usage error, 130 interrupted (results written, marked\n"
"incomplete).\n";

enum {
	OPT_SIZES = 256,
	OPT_INTERLEAVE,
	OPT_DEVICE,
	OPT_ALPHA,
	OPT_FORCE,
	OPT_MAX,
};

/* Options the user typed, by key, for the cross-option checks. */
static bool given[OPT_MAX];

static const struct argp_option opts[] = {
	{ NULL, 0, NULL, 0, "Run and sweep:", 1 },
	{ "size", 's', "SIZE", 0, "Chunk length (run; default 1G)", 1 },
	{ "chunks", 'c', "N", 0, "Chunks mapped at once per iteration (default 1)", 1 },
	{ "iters", 'i', "N", 0, "Measured iterations after the cold one (default 10)", 1 },
	{ "warmup", 'w', "N", 0, "Iterations after the cold one left out of the statistics (default 0)", 1 },
	{ "node", 'N', "NODE", 0, "NUMA node of the struct pages (default: this CPU's)", 1 },
	{ "label", 'l', "NAME", 0, "Name kept in the results (e.g. base, patched)", 1 },
	{ NULL, 0, NULL, 0, "Sweep:", 2 },
	{ "sizes", OPT_SIZES, "LIST", 0, "1G,4G,16G or 1G..64G (doubling) or 1G..64G:x4", 2 },
	{ "interleave", OPT_INTERLEAVE, NULL, 0, "Take sizes in turn inside each iteration", 2 },
	{ NULL, 0, NULL, 0, "Compare and merge:", 3 },
	{ "alpha", OPT_ALPHA, "P", 0, "Significance level of compare (default 0.05)", 3 },
	{ "force", OPT_FORCE, NULL, 0, "Compare or merge results whose configurations differ", 3 },
	{ NULL, 0, NULL, 0, "Output:", 4 },
	{ "format", 'f', "FORMAT", 0, "table (default), csv, json or cover; run and sweep also gobench; info: table or json", 4 },
	{ "output", 'o', "FILE", 0, "Write the results to FILE instead of stdout", 4 },
	{ "quiet", 'q', NULL, 0, "No progress or notes on stderr", 4 },
	{ "verbose", 'v', NULL, 0, "Print every sample on stderr as it is measured", 4 },
	{ "device", OPT_DEVICE, "PATH", 0, "Device node (default " HMMBENCH_DEVICE ")", 4 },
	{ NULL, 'h', NULL, OPTION_HIDDEN, "Show the full help", 0 },
	{},
};

/* One number from the command line, or the usage error naming the range. */
static unsigned long long parse_num(struct argp_state *state,
				    const char *arg, bool suffix,
				    uint64_t min, uint64_t max,
				    const char *what)
{
	char err[HB_ERR_LEN];
	uint64_t v;

	if (hb_parse_num(arg, suffix, min, max, what, &v, err, sizeof(err)))
		argp_error(state, "%s", err);
	return v;
}

static void parse_sweep(struct argp_state *state, const char *arg)
{
	char err[HB_ERR_LEN];
	int n;

	n = hb_parse_sweep(arg, HB_SIZE_MIN, HB_SIZE_MAX, env.sizes, err,
			   sizeof(err));
	if (n < 0)
		argp_error(state, "%s", err);
	env.nr_sizes = n;
}

static void parse_alpha(struct argp_state *state, const char *arg)
{
	char err[HB_ERR_LEN];

	if (hb_parse_fraction(arg, "--alpha", &env.alpha, err, sizeof(err)))
		argp_error(state, "%s", err);
}

/* compare and merge take files; the other commands none. */
static void parse_file(struct argp_state *state, char *arg)
{
	static char *files[HB_FILES_MAX];

	if (!command->files)
		argp_error(state, "unexpected argument '%s': the command comes first (run, sweep, info, compare or merge)",
			   arg);
	if (env.nr_files == HB_FILES_MAX)
		argp_error(state, "at most %d files: merge them in steps",
			   HB_FILES_MAX);
	files[env.nr_files++] = arg;
	env.files = files;
}

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'h':
		argp_state_help(state, stderr, ARGP_HELP_STD_HELP);
		break;
	case 's':
		env.size = parse_num(state, arg, true, HB_SIZE_MIN,
				     HB_SIZE_MAX, "--size");
		break;
	case 'c':
		env.chunks = parse_num(state, arg, false, 1, HB_MAX_CHUNKS,
				       "--chunks");
		break;
	case 'i':
		env.iters = parse_num(state, arg, false, 1, HB_ITERS_MAX,
				      "--iters");
		break;
	case 'w':
		env.warmup = parse_num(state, arg, false, 0, HB_ITERS_MAX,
				       "--warmup");
		break;
	case 'N':
		env.node = parse_num(state, arg, false, 0, HB_NODE_MAX,
				     "--node");
		break;
	case 'l':
		if (strlen(arg) > HB_LABEL_MAX)
			argp_error(state, "--label is at most %d characters",
				   HB_LABEL_MAX);
		env.label = arg;
		break;
	case OPT_SIZES:
		parse_sweep(state, arg);
		break;
	case OPT_INTERLEAVE:
		env.interleave = true;
		break;
	case 'f':
		if (hb_format_parse(arg, &env.format))
			argp_error(state, "invalid --format '%s': use table, csv, json, cover or gobench",
				   arg);
		break;
	case 'o':
		env.output = arg;
		break;
	case 'q':
		env.quiet = true;
		break;
	case 'v':
		env.verbose = true;
		break;
	case OPT_DEVICE:
		env.device = arg;
		break;
	case OPT_ALPHA:
		parse_alpha(state, arg);
		break;
	case OPT_FORCE:
		env.force = true;
		break;
	case ARGP_KEY_ARG:
		parse_file(state, arg);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	if (key > 0 && key < OPT_MAX)
		given[key] = true;
	return 0;
}

/* Appends the command table to the help text. */
static char *help_filter(int key, const char *text, void *input)
{
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f;

	(void)input;
	if (key != ARGP_KEY_HELP_PRE_DOC)
		return (char *)text;
	f = open_memstream(&buf, &len);
	if (!f)
		return (char *)text;
	fprintf(f, "%s\nCOMMANDS:\n", text);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "    %-8s %s\n", commands[i].name, commands[i].doc);
	fclose(f);
	return buf;
}

static void usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("hmmbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'hmmbench --help' for more information.\n", stderr);
	exit(HB_EXIT_USAGE);
}

/* Options only run and sweep (and info, for --device and -v) take. */
static bool given_measure_option(void)
{
	return given['s'] || given['c'] || given['i'] || given['w'] ||
	       given['N'] || given['l'] || given[OPT_SIZES] ||
	       given[OPT_INTERLEAVE];
}

static void check_compare(void)
{
	if (env.nr_files < 2)
		usage_error("compare needs a base and at least one new result: hmmbench compare BASE.json NEW.json");
	if (env.format == HB_FMT_GOBENCH)
		usage_error("compare writes --format table, csv, json or cover; gobench is for run and sweep");
	if (given_measure_option() || given[OPT_DEVICE] || env.verbose)
		usage_error("compare takes only files, --alpha, --force, --format, -o and -q");
}

static void check_merge(void)
{
	if (!env.nr_files)
		usage_error("merge needs result files: hmmbench merge -o OUT.json IN.json...");
	if (!env.output)
		usage_error("merge needs -o OUT.json");
	if (given['f'])
		usage_error("merge always writes JSON: drop --format");
	if (given_measure_option() || given[OPT_DEVICE] || given[OPT_ALPHA] ||
	    env.verbose)
		usage_error("merge takes only files, --force, -o and -q");
}

static void check_info(void)
{
	if (env.format != HB_FMT_TABLE && env.format != HB_FMT_JSON)
		usage_error("info writes --format table or json");
	if (given_measure_option())
		usage_error("info takes only --format, -o, --device, -q and -v");
}

/* run, sweep and info. */
static void check_measure(const char *cmd)
{
	if (!strcmp(cmd, "sweep") && !env.nr_sizes)
		usage_error("sweep needs --sizes, e.g. --sizes 1G..64G");
	if (!strcmp(cmd, "sweep") && given['s'])
		usage_error("sweep takes --sizes, not --size");
	if (strcmp(cmd, "sweep") && (env.nr_sizes || env.interleave))
		usage_error("--sizes and --interleave belong to sweep: hmmbench sweep --sizes ...");
	if (!strcmp(cmd, "info"))
		check_info();
}

/* Options that make no sense together or for this command. */
static void check_options(void)
{
	const char *cmd = command->name;

	if (env.quiet && env.verbose)
		usage_error("-q and -v contradict each other: pick one");
	if (given[OPT_ALPHA] && strcmp(cmd, "compare"))
		usage_error("--alpha belongs to compare");
	if (given[OPT_FORCE] && !command->files)
		usage_error("--force belongs to compare and merge");
	if (!strcmp(cmd, "compare"))
		check_compare();
	else if (!strcmp(cmd, "merge"))
		check_merge();
	else
		check_measure(cmd);
}

/* Picks the command from argv[1]; argp then sees the rest. */
static int pick_command(int argc, char **argv)
{
	size_t i;

	if (argc < 2 || argv[1][0] == '-')
		return 0;
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (!strcmp(argv[1], commands[i].name)) {
			command = &commands[i];
			return 1;
		}
	}
	usage_error("unknown command '%s': use run, sweep, info, compare or merge",
		    argv[1]);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct argp argp = {
		.options = opts,
		.parser = parse_arg,
		.doc = argp_program_doc,
		.help_filter = help_filter,
	};
	int shift, err;

	argp_err_exit_status = HB_EXIT_USAGE;
	shift = pick_command(argc, argv);
	argv[shift] = argv[0];
	err = argp_parse(&argp, argc - shift, argv + shift, 0, NULL, NULL);
	if (err)
		return HB_EXIT_USAGE;
	check_options();
	return command->fn(&env);
}
