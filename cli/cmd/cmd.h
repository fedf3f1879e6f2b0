/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the subcommands main.c dispatches to, each with its own argp
 * parser, help and checks in cmd_<name>.c, and what they share
 * (cmd_common.c): the help options, option parsing helpers, usage errors
 * and writing the output.
 */
#ifndef HB_CMD_H
#define HB_CMD_H

#include <argp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "kernel/device.h"
#include "outfile.h"
#include "render/render.h"
#include "results/result_read.h"

/* Exit statuses, documented in --help and FORMATS.md. */
#define HB_EXIT_OK		0
#define HB_EXIT_FAIL		1
#define HB_EXIT_USAGE		2
#define HB_EXIT_INTERRUPTED	130

#define HB_FILES_MAX	1024	/* compare and merge inputs */

/*
 * Each parses its options from @argv, whose argv[0] is "hmmbench", and
 * returns the exit status.
 */
int hb_cmd_run(int argc, char **argv);
int hb_cmd_sweep(int argc, char **argv);
int hb_cmd_info(int argc, char **argv);
int hb_cmd_verify(int argc, char **argv);
int hb_cmd_compare(int argc, char **argv);
int hb_cmd_merge(int argc, char **argv);
int hb_cmd_show(int argc, char **argv);
int hb_cmd_plot(int argc, char **argv);
int hb_cmd_list(int argc, char **argv);
int hb_cmd_monitor(int argc, char **argv);
int hb_cmd_hold(int argc, char **argv);
int hb_cmd_rebind(int argc, char **argv);
int hb_cmd_migrate(int argc, char **argv);
int hb_cmd_mirror(int argc, char **argv);

/*
 * -h/--help, --usage and -V/--version, a child of every command's argp,
 * which is parsed with ARGP_NO_HELP: help goes to stdout, and a
 * command's doc starts with its usage line.  The hidden
 * --complete-options lists the command's options for the shell's
 * completion, from the same tables its help is made of.
 */
extern const struct argp hb_help_argp;

/* The children of a command that has only its own options and help. */
extern const struct argp_child hb_help_children[];

/* The command being parsed or run: "run", "show", ... */
const char *hb_command(void);

/*
 * argp_parse() of @argp for the command @cmd, with the help above;
 * 0 or the usage status.  Every usage error, argp's own included, ends
 * with "Try 'hmmbench @cmd --help'".
 */
int hb_parse(const char *cmd, const struct argp *argp, int argc,
	     char **argv, void *env);

/* One number from the command line, or the usage error naming the range. */
uint64_t hb_arg_num(const char *arg, bool suffix, uint64_t min,
		    uint64_t max, const char *what);

/* A chunk's --size, or the usage error saying what the module takes. */
uint64_t hb_arg_chunk_size(const char *arg);

/* A chunk's --node, or the usage error naming the range. */
int hb_arg_node(const char *arg);

/*
 * What -f, -o, -q and --wide set, for every command that writes results
 * or listings: the options themselves are hb_output_argp's and
 * hb_wide_argp's (cmd_output.c), so they are spelt and said alike.
 */
struct hb_output {
	unsigned int formats;	/* the formats it writes: 1 << fmt */
	enum hb_format format;	/* -f; the default is set before parsing */
	const char *output;	/* -o FILE, or NULL; "-" is stdout too */
	bool quiet;		/* -q: no progress or notes on stderr */
	bool wide;		/* --wide */
	const char *wide_doc;	/* --help's line for --wide */
};

/*
 * -f/--format, -o/--output and -q/--quiet, whose input is the command's
 * struct hb_output, and the hidden --complete-formats; hb_wide_argp is
 * -W/--wide, for the commands that write a table with more to show.
 */
extern const struct argp hb_output_argp;
extern const struct argp hb_wide_argp;

struct hb_cmdline;

/*
 * The output options of @out at the end of a recorded command line:
 * --format, and --wide, --output and --quiet where given.
 */
void hb_cmdline_output(struct hb_cmdline *cl, const struct hb_output *out);

/* "CMD takes no arguments: '@arg'", the usage error of a stray one. */
void hb_arg_unexpected(const char *arg)
	__attribute__((noreturn));

/*
 * The end of the parser of a command that takes no arguments: refuses
 * one, and leaves other keys to argp (ARGP_ERR_UNKNOWN).
 */
error_t hb_arg_none(int key, char *arg, struct argp_state *state);

/*
 * "hmmbench: <message>", then "Try 'hmmbench CMD --help' for more
 * information." naming the command being parsed, and exit 2: during
 * parsing or after.
 */
void hb_usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* "hmmbench: @msg" on stderr. */
void hb_err(const char *msg);

/*
 * Ends writing to @out: when @ret (a renderer's) failed, says that
 * writing the @what failed and drops the file, else commits it.
 * Returns the exit status.
 */
int hb_write_finish(struct hb_out *out, int ret, const char *what);

/* Opens the device at @path and reads INFO; says why on failure. */
int hb_open_device(const char *path, struct hb_dev *dev);

/* hb_host_gather(), and the git describe of this hmmbench's build. */
void hb_host_gather_build(struct hb_host *h);

/*
 * Set by SIGINT, SIGTERM or SIGHUP once hb_catch_signals() ran: a
 * measuring command finishes its step and writes what it has, hold and
 * monitor stop waiting.  A second signal kills the process, dropping the
 * -o temporary file.  The handler has no SA_RESTART, so a call that
 * waits in the kernel returns EINTR.
 */
extern volatile sig_atomic_t hb_stop;
void hb_catch_signals(void);

/*
 * Blocks those three signals, so that none arrives between a check of
 * hb_stop and the wait; *@wait gets the mask to wait with (sigsuspend(),
 * ppoll()).
 */
void hb_block_signals(sigset_t *wait);

#endif /* HB_CMD_H */
