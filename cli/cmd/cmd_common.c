// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: what every subcommand shares - the help options, parsing an
 * option's value with the one number parser, usage errors during parsing
 * and after, writing the output, and opening the device.
 */
#include <argp.h>
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/parse.h"
#include "kernel/explain.h"
#include "kernel/host.h"
#include "version.h"

#define HB_NODE_MAX	1023	/* the highest node NODES_SHIFT 10 allows */

enum {
	HB_OPT_USAGE = 0x100,
	HB_OPT_COMPLETE_OPTIONS,
};

/* The command hb_parse() was given, for its usage errors. */
static const char *hb_cmd_name = "run";

const char *hb_command(void)
{
	return hb_cmd_name;
}

static const struct argp_option hb_help_opts[] = {
	{ "help", 'h', NULL, 0, "Show this help and exit", -1 },
	{ "usage", HB_OPT_USAGE, NULL, 0, "Show the usage line and exit", -1 },
	{ "version", 'V', NULL, 0, "Print the version and exit", -1 },
	{ "complete-options", HB_OPT_COMPLETE_OPTIONS, NULL, OPTION_HIDDEN, NULL, -1 },
	{},
};

/* The first line of the command's doc: "Usage: hmmbench ...". */
static void hb_print_usage(const struct argp_state *state)
{
	const char *doc = state->root_argp->doc;

	printf("%.*s\n", (int)strcspn(doc, "\n"), doc);
}

/* The end of an option table, as argp finds it. */
static bool hb_option_end(const struct argp_option *o)
{
	return !o->key && !o->name && !o->doc && !o->group;
}

/*
 * Every option --help lists for @argp and its children, a name a line:
 * what the shell's completion offers (completion/hmmbench).
 */
static void hb_complete_options(const struct argp *argp)
{
	const struct argp_option *o;
	const struct argp_child *c;

	for (o = argp->options; o && !hb_option_end(o); o++) {
		if (o->flags & (OPTION_HIDDEN | OPTION_DOC))
			continue;
		if (o->key > 0 && o->key <= UCHAR_MAX && isprint(o->key))
			printf("-%c\n", o->key);
		if (o->name)
			printf("--%s\n", o->name);
	}
	for (c = argp->children; c && c->argp; c++)
		hb_complete_options(c->argp);
}

static error_t hb_help_parse(int key, char *arg, struct argp_state *state)
{
	(void)arg;
	switch (key) {
	case ARGP_KEY_INIT:
		/*
		 * argp says nothing of its own errors ("Try `hmmbench
		 * --help'" names no command): getopt's sentence is out,
		 * and hb_parse() ends it.
		 */
		state->err_stream = NULL;
		break;
	case 'h':
		argp_state_help(state, stdout, ARGP_HELP_PRE_DOC |
				ARGP_HELP_LONG | ARGP_HELP_POST_DOC |
				ARGP_HELP_EXIT_OK);
		break;
	case HB_OPT_COMPLETE_OPTIONS:
		hb_complete_options(state->root_argp);
		exit(HB_EXIT_OK);
	case HB_OPT_USAGE:
		hb_print_usage(state);
		exit(HB_EXIT_OK);
	case 'V':
		if (hb_git_describe[0])
			printf("hmmbench %s (%s)\n", HB_VERSION, hb_git_describe);
		else
			printf("hmmbench %s\n", HB_VERSION);
		exit(HB_EXIT_OK);
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp hb_help_argp = {
	.options = hb_help_opts,
	.parser = hb_help_parse,
};

const struct argp_child hb_help_children[] = {
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

static void hb_try_help(void)
{
	fprintf(stderr, "Try 'hmmbench %s --help' for more information.\n",
		hb_cmd_name);
}

int hb_parse(const char *cmd, const struct argp *argp, int argc,
	     char **argv, void *env)
{
	hb_cmd_name = cmd;
	if (!argp_parse(argp, argc, argv, ARGP_NO_HELP, NULL, env))
		return 0;
	/* only getopt's errors get here: ours exit in hb_usage_error() */
	hb_try_help();
	return HB_EXIT_USAGE;
}

uint64_t hb_arg_num(const char *arg, bool suffix, uint64_t min,
		    uint64_t max, const char *what)
{
	char err[HB_ERR_LEN];
	uint64_t v;

	if (hb_parse_num(arg, suffix, min, max, what, &v, err, sizeof(err)))
		hb_usage_error("%s", err);
	return v;
}

uint64_t hb_arg_chunk_size(const char *arg)
{
	char err[HB_ERR_LEN];
	uint64_t v;

	if (hb_parse_chunk_size(arg, "--size", &v, err, sizeof(err)))
		hb_usage_error("%s", err);
	return v;
}

int hb_arg_node(const char *arg)
{
	return hb_arg_num(arg, false, 0, HB_NODE_MAX, "--node");
}

void hb_arg_unexpected(const char *arg)
{
	hb_usage_error("%s takes no arguments: '%s'", hb_cmd_name, arg);
}

error_t hb_arg_none(int key, char *arg, struct argp_state *state)
{
	(void)state;
	if (key != ARGP_KEY_ARG)
		return ARGP_ERR_UNKNOWN;
	hb_arg_unexpected(arg);
}

void hb_usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("hmmbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	hb_try_help();
	exit(HB_EXIT_USAGE);
}

void hb_err(const char *msg)
{
	fprintf(stderr, "hmmbench: %s\n", msg);
}

int hb_write_finish(struct hb_out *out, int ret, const char *what)
{
	if (ret) {
		fprintf(stderr, "hmmbench: writing the %s failed\n", what);
		hb_out_abort(out);
		return HB_EXIT_FAIL;
	}
	return hb_out_commit(out) ? HB_EXIT_FAIL : HB_EXIT_OK;
}

int hb_open_device(const char *path, struct hb_dev *dev)
{
	struct hb_dev_ctx ctx = { .path = path, .info = &dev->info };
	char msg[1024];
	int ret;

	ret = hb_dev_open(dev, path);
	if (ret) {
		hb_err(hb_dev_explain(msg, sizeof(msg), HB_OP_OPEN, ret, &ctx));
		return ret;
	}
	ret = hb_dev_info(dev);
	if (ret) {
		hb_err(hb_dev_explain(msg, sizeof(msg), HB_OP_INFO, ret, &ctx));
		hb_dev_close(dev);
	}
	return ret;
}

void hb_host_gather_build(struct hb_host *h)
{
	hb_host_gather(h);
	snprintf(h->hmmbench_git, sizeof(h->hmmbench_git), "%s",
		 hb_git_describe);
}

volatile sig_atomic_t hb_stop;

static const int hb_stop_sigs[] = { SIGINT, SIGTERM, SIGHUP };
#define HB_NR_STOP_SIGS	(sizeof(hb_stop_sigs) / sizeof(hb_stop_sigs[0]))

/*
 * First signal: finish the step and write; second: die at once, taking
 * the -o temporary file along.
 */
static void hb_on_signal(int sig)
{
	hb_stop = 1;
	signal(sig, hb_out_fatal_signal);
}

/*
 * SIGINT and SIGTERM are caught even when inherited ignored: a shell
 * starts a background job with SIGINT ignored, and scripts stop one with
 * kill -INT.  A SIGHUP that nohup ignores stays ignored.
 */
void hb_catch_signals(void)
{
	struct sigaction sa = { .sa_handler = hb_on_signal }, old;
	size_t i;

	sigemptyset(&sa.sa_mask);
	for (i = 0; i < HB_NR_STOP_SIGS; i++) {
		sigaction(hb_stop_sigs[i], NULL, &old);
		if (hb_stop_sigs[i] != SIGHUP || old.sa_handler != SIG_IGN)
			sigaction(hb_stop_sigs[i], &sa, NULL);
	}
}

void hb_block_signals(sigset_t *wait)
{
	sigset_t block;
	size_t i;

	sigemptyset(&block);
	for (i = 0; i < HB_NR_STOP_SIGS; i++)
		sigaddset(&block, hb_stop_sigs[i]);
	sigprocmask(SIG_BLOCK, &block, wait);
	for (i = 0; i < HB_NR_STOP_SIGS; i++)
		sigdelset(wait, hb_stop_sigs[i]);
}
