// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the command table and the dispatch to a command, each of
 * which parses its own options.  `hmmbench --help` lists the commands;
 * `hmmbench COMMAND --help` shows one's options and examples.  The
 * hidden --complete-commands lists them for the shell's completion, as
 * `hmmbench COMMAND --complete-options` and --complete-formats list a
 * command's options and formats from its own tables.
 *
 * Where to look, by what you want to change (README.md has the layers):
 *   a command's options, help, checks   cmd/cmd_<command>.c; run,
 *                                       sweep, verify, rebind and
 *                                       migrate share cmd/measuring.c
 *                                       (the process around the
 *                                       loop), compare and merge
 *                                       cmd/cmd_inputs.c (files,
 *                                       --force), all of them
 *                                       cmd/cmd_common.c
 *                                       (help, errors, signals) and
 *                                       cmd/cmd_output.c (-f, -o, -q,
 *                                       --wide)
 *   the measurement loop; the ioctls    measure/bench.c; kernel/device.c
 *   migrate: its loop; its result       measure/migrate.c;
 *                                       results/migration.c
 *   an ioctl error's sentence           kernel/explain.c
 *   rebind: its loop; the namespace     measure/rebind.c; kernel/nd.c,
 *                                       nd_holders.c, nd_bind.c,
 *                                       nd_reconfigure.c
 *   reading struct pages back (VERIFY)  measure/verify.c;
 *                                       render/verify.c
 *   what a result holds; host facts     results/result.h; kernel/host.c
 *   a metric (key, unit, valid bit)     results/metrics.c, the
 *                                       hb_metrics[] table
 *   a module, host or config field      results/fields.c, one row per
 *                                       field
 *   statistics; distributions           stats/stats.c, stats/mean.c;
 *                                       stats/dist.c
 *   compare's tests; its rows, notes    stats/twosample.c;
 *                                       results/compare.c; its
 *                                       verdicts (Holm, effects):
 *                                       results/compare_verdict.c;
 *                                       its warnings:
 *                                       results/compare_notes.c
 *   merge; refusing unlike results      results/merge.c;
 *                                       results/config_match.c
 *   reading a result file back          results/result_read.c; a
 *                                       comparison: results/compare_read.c
 *                                       (for show)
 *   outliers and two levels             stats/shape.c
 *   pictures (gnuplot scripts)          render/plot.c; run by
 *                                       cmd/cmd_plot.c
 *   an output format                    render/<format>.c, cmp_<format>.c
 *   parsing numbers; writing them       cmd/parse.c; fmt.c
 *   the command line a result records;  cmd/cmdline.c; render/rerun.c
 *   how cover texts end with it
 *   -o FILE                             outfile.c
 *   list, monitor: generic netlink      kernel/nl.c (libnl);
 *                                       render/chunks.c; hold:
 *                                       cmd/cmd_hold.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"

struct hb_command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *doc;
};

/* The first is the default. */
static const struct hb_command hb_commands[] = {
	{ "run", hb_cmd_run,
	  "map and unmap --chunks chunks of --size, --iters times (default)" },
	{ "sweep", hb_cmd_sweep, "the same for each of --sizes" },
	{ "rebind", hb_cmd_rebind,
	  "NAMESPACE: unbind and bind a pmem namespace's driver, --iters times" },
	{ "migrate", hb_cmd_migrate,
	  "time page migration to a chunk's device pages, back, and by faults" },
	{ "mirror", hb_cmd_mirror,
	  "time hmm_range_fault() mirroring a buffer in a chosen state" },
	{ "info", hb_cmd_info, "what the module and this machine report" },
	{ "verify", hb_cmd_verify,
	  "read back a chunk's struct pages: do the invariants hold?" },
	{ "compare", hb_cmd_compare,
	  "BASE.json NEW.json...: each against the first, with significance" },
	{ "merge", hb_cmd_merge,
	  "IN.json...: pool runs of one configuration into one result" },
	{ "show", hb_cmd_show,
	  "FILE...: render saved results or a comparison in any format" },
	{ "plot", hb_cmd_plot,
	  "-o PICTURE.png FILE: draw a result or comparison with gnuplot" },
	{ "list", hb_cmd_list, "every chunk alive now, in all processes" },
	{ "monitor", hb_cmd_monitor,
	  "a line per chunk mapped or unmapped, as it happens" },
	{ "hold", hb_cmd_hold,
	  "map --chunks chunks of --size and keep them until a signal" },
};

#define HB_NR_COMMANDS	(sizeof(hb_commands) / sizeof(hb_commands[0]))

static const char hb_usage[] = "Usage: hmmbench [COMMAND] [OPTION...]\n";

static void hb_help(void)
{
	size_t i;

	fputs(hb_usage, stdout);
	puts("Time the kernel's set-up and tear-down of ZONE_DEVICE struct pages.\n"
	     "\n"
	     "COMMANDS:");
	for (i = 0; i < HB_NR_COMMANDS; i++)
		printf("    %-8s %s\n", hb_commands[i].name, hb_commands[i].doc);
	puts("\n"
	     "'hmmbench COMMAND --help' shows a command's options and examples.\n"
	     "run is the default command: 'hmmbench --size 64G' runs.\n"
	     "\n"
	     "OPTIONS (every command takes them too):\n"
	     "    -h, --help     show this help and exit\n"
	     "    --usage        show the usage line and exit\n"
	     "    -V, --version  print the version and exit\n"
	     "\n"
	     "EXAMPLES:\n"
	     "    hmmbench --size 64G --iters 10\n"
	     "    hmmbench sweep --sizes 1G..64G --interleave --format csv\n"
	     "    hmmbench migrate --size 1G --format json -o migrate.json\n"
	     "    hmmbench info --format json\n"
	     "    hmmbench merge -o base.json base-1.json base-2.json base-3.json\n"
	     "    hmmbench compare base.json new.json --format cover\n"
	     "    hmmbench show --format cover base.json\n"
	     "    hmmbench plot -o sweep.png sweep.json\n"
	     "    hmmbench monitor --format json\n"
	     "\n"
	     "Exit status: 0 success, 1 runtime failure (or unreadable or\n"
	     "mismatched input), 2 usage error, 130 interrupted (results written,\n"
	     "marked incomplete).");
}

/*
 * Help before any command: the command list, or the commands alone for
 * the shell's completion; 0 when @arg asks none.
 */
static int hb_top_help(const char *arg)
{
	size_t i;

	if (!strcmp(arg, "-h") || !strcmp(arg, "--help") ||
	    !strcmp(arg, "-?")) {
		hb_help();
		return 1;
	}
	if (!strcmp(arg, "--usage")) {
		fputs(hb_usage, stdout);
		return 1;
	}
	if (!strcmp(arg, "--complete-commands")) {
		for (i = 0; i < HB_NR_COMMANDS; i++)
			puts(hb_commands[i].name);
		return 1;
	}
	return 0;
}

static const struct hb_command *hb_find_command(const char *name)
{
	char names[128] = "";
	size_t i;

	for (i = 0; i < HB_NR_COMMANDS; i++)
		if (!strcmp(name, hb_commands[i].name))
			return &hb_commands[i];
	for (i = 0; i < HB_NR_COMMANDS; i++)
		snprintf(names + strlen(names), sizeof(names) - strlen(names),
			 "%s%s", hb_commands[i].name,
			 i + 2 < HB_NR_COMMANDS ? ", " :
			 i + 1 < HB_NR_COMMANDS ? " or " : "");
	fprintf(stderr, "hmmbench: unknown command '%s': use %s\nTry 'hmmbench --help' for more information.\n",
		name, names);
	exit(HB_EXIT_USAGE);
}

int main(int argc, char **argv)
{
	const struct hb_command *cmd = &hb_commands[0];
	int shift = 0;

	argp_err_exit_status = HB_EXIT_USAGE;
	if (argc > 1 && hb_top_help(argv[1]))
		return HB_EXIT_OK;
	if (argc > 1 && argv[1][0] != '-') {
		cmd = hb_find_command(argv[1]);
		shift = 1;
	}
	/* what argp and getopt call the program in their messages */
	argv[shift] = (char *)"hmmbench";
	return cmd->fn(argc - shift, argv + shift);
}
