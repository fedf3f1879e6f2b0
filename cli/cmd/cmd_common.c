// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: what every subcommand shares - the help options, parsing an
 * option's value with the one number parser, usage errors after parsing,
 * writing the output, and opening the device or the input files.
 */
#include <argp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/parse.h"
#include "kernel/explain.h"
#include "kernel/host.h"
#include "version.h"

enum {
	HB_OPT_USAGE = 0x100,
	HB_OPT_FORCE,
};

static const struct argp_option hb_help_opts[] = {
	{ "help", 'h', NULL, 0, "Show this help and exit", -1 },
	{ "usage", HB_OPT_USAGE, NULL, 0, "Show the usage line and exit", -1 },
	{ "version", 'V', NULL, 0, "Print the version and exit", -1 },
	{},
};

/* The first line of the command's doc: "Usage: hmmbench ...". */
static void hb_print_usage(const struct argp_state *state)
{
	const char *doc = state->root_argp->doc;

	printf("%.*s\n", (int)strcspn(doc, "\n"), doc);
}

static error_t hb_help_parse(int key, char *arg, struct argp_state *state)
{
	(void)arg;
	switch (key) {
	case 'h':
		argp_state_help(state, stdout, ARGP_HELP_PRE_DOC |
				ARGP_HELP_LONG | ARGP_HELP_POST_DOC |
				ARGP_HELP_EXIT_OK);
		break;
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

int hb_parse(const struct argp *argp, int argc, char **argv, void *env)
{
	if (argp_parse(argp, argc, argv, ARGP_NO_HELP, NULL, env))
		return HB_EXIT_USAGE;
	return 0;
}

uint64_t hb_arg_num(struct argp_state *state, const char *arg, bool suffix,
		    uint64_t min, uint64_t max, const char *what)
{
	char err[HB_ERR_LEN];
	uint64_t v;

	if (hb_parse_num(arg, suffix, min, max, what, &v, err, sizeof(err)))
		argp_error(state, "%s", err);
	return v;
}

/* "table, csv or json" from the bitmask @allowed. */
static const char *hb_format_list(char *buf, size_t len,
				  unsigned int allowed)
{
	size_t used = 0, left = __builtin_popcount(allowed);
	enum hb_format fmt;
	int n;

	buf[0] = '\0';
	for (fmt = 0; fmt < HB_NR_FORMATS && used < len; fmt++) {
		if (!(allowed & (1U << fmt)))
			continue;
		left--;
		n = snprintf(buf + used, len - used, "%s%s",
			     hb_format_name(fmt),
			     !left ? "" : left == 1 ? " or " : ", ");
		used += n > 0 ? n : 0;
	}
	return buf;
}

enum hb_format hb_arg_format(struct argp_state *state, const char *arg,
			     unsigned int allowed, const char *refusal)
{
	enum hb_format fmt;
	char list[64];

	if (hb_format_parse(arg, &fmt))
		argp_error(state, "invalid --format '%s': use %s", arg,
			   hb_format_list(list, sizeof(list), allowed));
	else if (!(allowed & (1U << fmt)))
		argp_error(state, "%s", refusal);
	return fmt;
}

static const struct argp_option hb_inputs_opts[] = {
	{ "output", 'o', "FILE", 0, "Write to FILE instead of stdout", 1 },
	{ "force", HB_OPT_FORCE, NULL, 0, "Go on when the configurations differ", 1 },
	{},
};

static error_t hb_inputs_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_inputs_env *env = state->input;

	switch (key) {
	case 'o':
		env->output = arg;
		break;
	case HB_OPT_FORCE:
		env->force = true;
		break;
	case ARGP_KEY_ARG:
		if (env->nr_files == HB_FILES_MAX)
			argp_error(state, "at most %d files: merge them in steps",
				   HB_FILES_MAX);
		env->files[env->nr_files++] = arg;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp hb_inputs_argp = {
	.options = hb_inputs_opts,
	.parser = hb_inputs_parse,
};

void hb_arg_unexpected(struct argp_state *state, const char *arg)
{
	argp_error(state, "unexpected argument '%s': the command comes first (run, sweep, rebind, info, verify, list, hold, monitor, compare, merge, show or plot)",
		   arg);
}

error_t hb_arg_none(int key, char *arg, struct argp_state *state)
{
	if (key != ARGP_KEY_ARG)
		return ARGP_ERR_UNKNOWN;
	hb_arg_unexpected(state, arg);
	return 0;
}

void hb_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fputs("hmmbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'hmmbench %s --help' for more information.\n",
		cmd);
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
	char msg[512];
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

void hb_inputs_free(struct hb_input *in, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		hb_input_free(&in[i]);
	free(in);
}

void hb_host_gather_build(struct hb_host *h)
{
	hb_host_gather(h);
	snprintf(h->hmmbench_git, sizeof(h->hmmbench_git), "%s",
		 hb_git_describe);
}

struct hb_input *hb_inputs_load(char *const *files, size_t n)
{
	struct hb_input *in = calloc(n, sizeof(*in));
	char err[1024];
	size_t i;

	if (!in) {
		hb_err("out of memory");
		return NULL;
	}
	for (i = 0; i < n; i++) {
		if (hb_input_load(&in[i], files[i], err, sizeof(err))) {
			hb_err(err);
			hb_inputs_free(in, i);
			return NULL;
		}
	}
	return in;
}

volatile sig_atomic_t hb_quit;

static const int hb_quit_sigs[] = { SIGINT, SIGTERM, SIGHUP };

static void hb_quit_signal(int sig)
{
	(void)sig;
	hb_quit = 1;
}

void hb_quit_on_signals(void)
{
	struct sigaction sa = { .sa_handler = hb_quit_signal };
	size_t i;

	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(hb_quit_sigs) / sizeof(hb_quit_sigs[0]); i++)
		sigaction(hb_quit_sigs[i], &sa, NULL);
}

void hb_quit_block(sigset_t *wait)
{
	sigset_t block;
	size_t i;

	sigemptyset(&block);
	for (i = 0; i < sizeof(hb_quit_sigs) / sizeof(hb_quit_sigs[0]); i++)
		sigaddset(&block, hb_quit_sigs[i]);
	sigprocmask(SIG_BLOCK, &block, wait);
	for (i = 0; i < sizeof(hb_quit_sigs) / sizeof(hb_quit_sigs[0]); i++)
		sigdelset(wait, hb_quit_sigs[i]);
}
