// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench monitor: one line per chunk mapped or unmapped anywhere in the
 * system, from the module's "events" netlink group, as a table's lines
 * or JSON lines, until --count events or SIGINT/SIGTERM.
 */
#include <argp.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>

#include "cmd/cmd.h"
#include "kernel/nl.h"
#include "render/chunks.h"

#define HB_COUNT_MAX	1000000000

struct hb_monitor_env {
	struct hb_output out;	/* -f, -o, -q */
	uint64_t count;		/* 0: until a signal */
	uint64_t seen;
	FILE *f;		/* where the events go */
};

static const char hb_monitor_doc[] =
"Usage: hmmbench monitor [OPTION...]\n"
"Print one line for each chunk the hmmbench module maps or unmaps, in any\n"
"process, with its timings, as they happen: a record of what other\n"
"tools measure.  Stops after --count events, or on SIGINT or SIGTERM.\n"
"Kernels with GENL_MCAST_CAP_SYS_ADMIN (6.7, Debian's 6.1) let only\n"
"CAP_SYS_ADMIN listen.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench monitor\n"
"    hmmbench monitor --format json -o events.jsonl &\n"
"    hmmbench monitor --count 2 --format json\n"
"\n"
"With -o FILE, the file appears once monitor stops.\n"
"\n"
"Exit status: 0 stopped by --count or a signal, 1 the module cannot be\n"
"listened to (not loaded, no permission) or events were lost, 2 usage\n"
"error.\n";

static const struct argp_option hb_monitor_opts[] = {
	{ "count", 'n', "N", 0, "Stop after N events", 1 },
	{},
};

static error_t hb_monitor_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_monitor_env *env = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &env->out;
		break;
	case 'n':
		env->count = hb_arg_num(arg, false, 1, HB_COUNT_MAX,
					"--count");
		break;
	default:
		return hb_arg_none(key, arg, state);
	}
	return 0;
}

static const struct argp_child hb_monitor_children[] = {
	{ &hb_output_argp, 0, NULL, 0 },
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

static const struct argp hb_monitor_argp = {
	.options = hb_monitor_opts,
	.parser = hb_monitor_parse,
	.doc = hb_monitor_doc,
	.children = hb_monitor_children,
};

static int hb_monitor_event(const struct hb_nl_event *ev, void *arg)
{
	struct hb_monitor_env *env = arg;

	if (env->out.format == HB_FMT_JSON)
		hb_render_event_json(env->f, ev);
	else
		hb_render_event_text(env->f, ev);
	fflush(env->f);
	env->seen++;
	return env->count && env->seen == env->count;
}

/* Waits for and prints events; 0 at the end, or a negative errno. */
static int hb_monitor_loop(struct hb_nl *nl, struct hb_monitor_env *env,
			   const sigset_t *wait)
{
	struct pollfd pfd = { .fd = hb_nl_fd(nl), .events = POLLIN };
	int ret;

	while (!hb_stop) {
		if (ppoll(&pfd, 1, NULL, wait) < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		ret = hb_nl_events(nl, hb_monitor_event, env);
		if (ret)
			return ret < 0 ? ret : 0;
	}
	return 0;
}

/* Listens until --count events or a signal; 0 or a negative errno. */
static int hb_monitor_listen(struct hb_monitor_env *env)
{
	struct hb_nl nl;
	sigset_t wait;
	int ret;

	hb_block_signals(&wait);
	hb_catch_signals();
	ret = hb_nl_open(&nl);
	if (ret)
		return ret;
	ret = hb_nl_subscribe(&nl);
	if (!ret && !env->out.quiet)
		fputs("hmmbench: listening for chunk events\n", stderr);
	if (!ret)
		ret = hb_monitor_loop(&nl, env, &wait);
	hb_nl_close(&nl);
	return ret;
}

/*
 * The events heard before listening failed are kept: -o FILE is written
 * unless none was.
 */
int hb_cmd_monitor(int argc, char **argv)
{
	struct hb_monitor_env env = {
		.out = {
			.formats = 1U << HB_FMT_TABLE | 1U << HB_FMT_JSON,
			.format = HB_FMT_TABLE,
		},
	};
	struct hb_out out;
	char msg[1024];
	int ret;

	if (hb_parse("monitor", &hb_monitor_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (hb_out_open(&out, env.out.output))
		return HB_EXIT_FAIL;
	env.f = out.f;
	ret = hb_monitor_listen(&env);
	if (ret)
		hb_err(hb_nl_explain(msg, sizeof(msg), HB_NL_OP_MONITOR, ret));
	if (ret && !env.seen) {
		hb_out_abort(&out);
		return HB_EXIT_FAIL;
	}
	if (hb_out_commit(&out) || ret)
		return HB_EXIT_FAIL;
	return HB_EXIT_OK;
}
