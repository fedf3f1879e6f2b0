// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench verify: its options and help, then one chunk of --size mapped,
 * its struct pages read back through VERIFY and unmapped again, or with
 * --namespace the struct pages of a bound pmem namespace read back, and
 * what was found, as text or JSON.  The exit status says whether every
 * invariant holds, so that a script can use verify as a test.
 */
#include <argp.h>
#include <errno.h>
#include <stdio.h>

#include "cmd/measuring.h"
#include "measure/verify.h"

enum {
	HB_OPT_DEVICE = 0x200,
	HB_OPT_COMPOUND,
	HB_OPT_NAMESPACE,
};

struct hb_verify_env {
	const char *ns;		/* --namespace, or NULL */
	bool chunk_opts;	/* --size, --compound or --node given */
	uint64_t size;
	uint64_t compound;	/* --compound bytes, 0: base pages */
	int node;
	struct hb_output out;	/* -f, -o, -q */
	const char *device;
};

/* verify: its options, the namespace it reads, and what it found. */
struct hb_verify_job {
	const struct hb_verify_env *env;
	struct hb_nd_ns ns;
	struct hb_meta meta;		/* the host and INFO, for rep */
	struct hb_verify_report rep;
	char msg[512];
};

static const char hb_verify_doc[] =
"Usage: hmmbench verify [OPTION...]\n"
"Map one chunk of --size, read its struct pages back, unmap it, and say\n"
"whether every invariant memremap_pages() establishes holds on them\n"
"(refcount, mapcount, zone, node, pgmap, compound and pointer), with a\n"
"digest of the pages that compares across boots and\n"
"kernels of the same struct page layout: a patch to memmap initialisation\n"
"that leaves the digest alone writes the same struct pages.\n"
"With --namespace, read the struct pages a bound fsdax or devdax pmem\n"
"namespace has now instead (from the first page its memmap init writes,\n"
"past the memmap itself with map=dev), holding off its unbind meanwhile.\n"
"Its pages must be free: pages a process or filesystem uses break the\n"
"refcount and mapcount checks.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench verify --size 1G\n"
"    hmmbench verify --size 4G --compound 2M --format json -o new.json\n"
"    hmmbench verify --size 1G || echo 'struct pages are broken'\n"
"    hmmbench verify --namespace namespace0.0\n"
"\n"
"Exit status: 0 every invariant holds, 1 one is broken or a runtime\n"
"failure, 2 usage error, 130 interrupted (nothing written).\n";

static const struct argp_option hb_verify_opts[] = {
	{ "size", 's', "SIZE", 0, "Chunk length (default 1G)", 1 },
	{ "namespace", HB_OPT_NAMESPACE, "NAMESPACE", 0, "A bound pmem namespace (namespace0.0) instead of a chunk", 1 },
	{ "compound", HB_OPT_COMPOUND, "SIZE", 0, HB_COMPOUND_HELP, 1 },
	{ "node", 'N', "NODE", 0, "NUMA node of the struct pages (default: this CPU's)", 1 },
	{ "device", HB_OPT_DEVICE, "PATH", 0, "Device node (default " HMMBENCH_DEVICE ")", 1 },
	{},
};

static error_t hb_verify_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_verify_env *env = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &env->out;
		break;
	case 's':
		env->size = hb_arg_chunk_size(arg);
		env->chunk_opts = true;
		break;
	case HB_OPT_COMPOUND:
		env->compound = hb_arg_compound(arg);
		env->chunk_opts = true;
		break;
	case 'N':
		env->node = hb_arg_node(arg);
		env->chunk_opts = true;
		break;
	case HB_OPT_NAMESPACE:
		env->ns = arg;
		break;
	case ARGP_KEY_END:
		if (env->ns && env->chunk_opts)
			hb_usage_error("--namespace reads a namespace's own pages: --size, --compound and --node are for chunks");
		break;
	case HB_OPT_DEVICE:
		env->device = arg;
		break;
	default:
		return hb_arg_none(key, arg, state);
	}
	return 0;
}

static const struct argp_child hb_verify_children[] = {
	{ &hb_output_argp, 0, NULL, 0 },
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

static const struct argp hb_verify_argp = {
	.options = hb_verify_opts,
	.parser = hb_verify_parse,
	.doc = hb_verify_doc,
	.children = hb_verify_children,
};

/*
 * Finds namespace env->ns, or refuses a chunk the module would refuse;
 * 0 or a negative errno, said.
 */
static int hb_verify_check(void *arg, const struct hb_dev *dev)
{
	struct hb_verify_job *c = arg;
	const struct hb_verify_env *env = c->env;
	struct hb_config *cfg = &c->rep.cfg;

	cfg->nr_sizes = 1;
	if (env->ns) {
		if (hb_nd_find("", env->ns, &c->ns, c->msg, sizeof(c->msg))) {
			hb_err(c->msg);
			return -ENOENT;
		}
		c->rep.ns = &c->ns;
		cfg->sizes[0] = c->ns.size;
		return 0;
	}
	cfg->sizes[0] = env->size;
	cfg->chunks = 1;
	cfg->node = env->node;
	return hb_compound_shift(env->compound, cfg, &dev->info) ?:
	       hb_precheck(cfg, dev);
}

/* Maps, verifies and unmaps one chunk, or reads namespace env->ns. */
static int hb_verify_loop(void *arg, struct hb_dev *dev, bool tty)
{
	struct hb_verify_job *c = arg;
	struct hb_verify_report *rep = &c->rep;

	(void)tty;
	if (c->env->ns)
		return hb_verify_namespace(dev, &c->ns, &hb_stop, &rep->v,
					   c->msg, sizeof(c->msg));
	return hb_verify_chunk(dev, &rep->cfg, c->env->size, &hb_stop,
			       &rep->v, c->msg, sizeof(c->msg));
}

/* Writes what was found, unless the loop failed or was stopped. */
static int hb_verify_finish(void *arg, struct hb_out *out, int ret)
{
	struct hb_verify_job *c = arg;
	struct hb_verify_report *rep = &c->rep;
	int st;

	if (ret < 0)
		hb_err(c->msg);
	if (ret) {
		hb_out_abort(out);
		return ret == HB_STOPPED ? HB_EXIT_INTERRUPTED : HB_EXIT_FAIL;
	}
	rep->host = c->meta.host;
	rep->info = c->meta.info;
	st = hb_write_finish(out, hb_render_verify(out->f, c->env->out.format,
						   rep), "verification");
	if (st)
		return st;
	return hb_verify_holds(&rep->v) ? HB_EXIT_OK : HB_EXIT_FAIL;
}

static const struct hb_measuring_ops hb_verify_ops = {
	.check = hb_verify_check,
	.loop = hb_verify_loop,
	.finish = hb_verify_finish,
};

static int hb_verify(const struct hb_verify_env *env)
{
	struct hb_verify_job c = { .env = env };

	return hb_measuring_run(&hb_verify_ops, &c, env->device, &env->out,
				&c.meta);
}

int hb_cmd_verify(int argc, char **argv)
{
	struct hb_verify_env env = {
		.size = 1ULL << 30, .node = HMMBENCH_NODE_LOCAL,
		.out = {
			.formats = 1U << HB_FMT_TABLE | 1U << HB_FMT_JSON,
			.format = HB_FMT_TABLE,
		},
	};

	if (hb_parse("verify", &hb_verify_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	return hb_verify(&env);
}
