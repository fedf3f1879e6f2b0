// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench hold: maps --chunks chunks of --size and keeps them until
 * SIGINT, SIGTERM or SIGHUP, for list and monitor to see, and to measure
 * memremap with other chunks already live.
 */
#include <argp.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "fmt.h"
#include "kernel/explain.h"
#include "measure/bench.h"

enum {
	HB_OPT_DEVICE = 0x200,
};

struct hb_hold_env {
	uint64_t size;
	unsigned int chunks;
	int node;
	const char *device;
	bool quiet;
};

static const char hb_hold_doc[] =
"Usage: hmmbench hold [OPTION...]\n"
"Map --chunks chunks of --size and keep them until SIGINT, SIGTERM or\n"
"SIGHUP, then release them: chunks for 'hmmbench list' and 'hmmbench\n"
"monitor' to show, or live while another hmmbench measures.  Prints one\n"
"line on stdout once every chunk is mapped.  Needs CAP_SYS_ADMIN.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench hold --size 16G --chunks 4 &\n"
"    hmmbench --size 1G --iters 10      # with 64 GiB already mapped\n"
"    kill %1\n"
"\n"
"Exit status: 0 released after a signal, 1 a chunk could not be mapped\n"
"(those mapped are released), 2 usage error, 130 a signal arrived before\n"
"every chunk was mapped.\n";

static const struct argp_option hb_hold_opts[] = {
	{ "size", 's', "SIZE", 0, "Chunk length (default 1G)", 1 },
	{ "chunks", 'c', "N", 0, "Chunks to map (default 1)", 1 },
	{ "node", 'N', "NODE", 0, "NUMA node of the struct pages (default: this CPU's)", 1 },
	{ "device", HB_OPT_DEVICE, "PATH", 0, "Device node (default " HMMBENCH_DEVICE ")", 1 },
	{ "quiet", 'q', NULL, 0, "Print nothing once the chunks are mapped", 1 },
	{},
};

static error_t hb_hold_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_hold_env *env = state->input;

	switch (key) {
	case 's':
		env->size = hb_arg_chunk_size(arg);
		break;
	case 'c':
		env->chunks = hb_arg_num(arg, false, 1, HB_MAX_CHUNKS,
					 "--chunks");
		break;
	case 'N':
		env->node = hb_arg_node(arg);
		break;
	case HB_OPT_DEVICE:
		env->device = arg;
		break;
	case 'q':
		env->quiet = true;
		break;
	default:
		return hb_arg_none(key, arg, state);
	}
	return 0;
}

static const struct argp hb_hold_argp = {
	.options = hb_hold_opts,
	.parser = hb_hold_parse,
	.doc = hb_hold_doc,
	.children = hb_help_children,
};

/*
 * Maps the chunks, stopping early on a signal; says why on failure.
 * Returns how many were mapped, or a negative errno.
 */
static int hb_hold_map(struct hb_dev *dev, const struct hb_hold_env *env)
{
	struct hb_dev_ctx ctx = {
		.path = dev->path, .length = env->size, .node = env->node,
		.chunks = env->chunks, .info = &dev->info,
	};
	struct hmmbench_map map;
	char msg[512];
	unsigned int i;
	int ret;

	ret = hb_dev_check(&ctx);
	for (i = 0; !ret && i < env->chunks && !hb_stop; i++)
		ret = hb_dev_map(dev, env->size, env->node, 0, &map);
	if (ret == -EINTR && hb_stop)
		return i - 1;
	if (ret) {
		hb_err(hb_dev_explain(msg, sizeof(msg), HB_OP_MAP, ret, &ctx));
		return ret;
	}
	return i;
}

int hb_cmd_hold(int argc, char **argv)
{
	struct hb_hold_env env = {
		.size = 1ULL << 30, .chunks = 1, .node = HMMBENCH_NODE_LOCAL,
	};
	struct hb_dev dev;
	sigset_t wait;
	char size[32];
	int mapped;

	if (hb_parse("hold", &hb_hold_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	hb_catch_signals();
	if (hb_open_device(env.device, &dev))
		return HB_EXIT_FAIL;
	mapped = hb_hold_map(&dev, &env);
	hb_block_signals(&wait);
	if (mapped < 0 || (unsigned int)mapped < env.chunks) {
		hb_dev_close(&dev);
		return mapped < 0 ? HB_EXIT_FAIL : HB_EXIT_INTERRUPTED;
	}
	if (!env.quiet) {
		printf("hmmbench: holding %u chunk%s of %s (pid %d) until SIGINT, SIGTERM or SIGHUP\n",
		       env.chunks, env.chunks == 1 ? "" : "s",
		       hb_size_human(env.size, size, sizeof(size)),
		       (int)getpid());
		fflush(stdout);
	}
	while (!hb_stop)
		sigsuspend(&wait);
	/* Closing the descriptor unmaps every chunk it holds. */
	hb_dev_close(&dev);
	return HB_EXIT_OK;
}
