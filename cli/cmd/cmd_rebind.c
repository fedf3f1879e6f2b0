// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench rebind NAMESPACE: its options and help, the checks that keep a
 * namespace's data and users safe, then its steps for hb_measuring_run()
 * around the loop of measure/rebind.c, written as run writes its own.
 */
#include <argp.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmdline.h"
#include "cmd/measuring.h"
#include "kernel/explain.h"
#include "kernel/nd.h"
#include "kernel/nd_holders.h"
#include "kernel/nd_reconfigure.h"
#include "measure/rebind.h"

#define HB_REBIND_ITERS_MAX	100000
#define HB_ALIGN_MIN		(1ULL << 12)
#define HB_ALIGN_MAX		(1ULL << 30)

enum {
	HB_OPT_RECONFIGURE = 0x400,
	HB_OPT_MODE,
	HB_OPT_MAP,
	HB_OPT_ALIGN,
};

struct hb_rebind_env {
	struct hb_measure_env m;	/* what run shares: output and all */
	const char *name;
	bool reconfigure;
	struct hb_nd_want want;
};

/* A rebind: its options, the namespace, and the result it measures. */
struct hb_rebind_job {
	const struct hb_rebind_env *env;
	struct hb_rebind *rb;
	struct hb_result r;
};

static const char hb_rebind_doc[] =
"Usage: hmmbench rebind NAMESPACE [OPTION...]\n"
"Unbind and bind a pmem namespace's driver (nd_pmem for fsdax, dax_pmem\n"
"for devdax) --iters times after a first time, and report how long the\n"
"kernel took: the bind, its memremap_pages() and memmap_init phase, and\n"
"the unbind's memunmap_pages(), as the module sees them in the\n"
"namespace's range.  The first bind is reported apart; with --reconfigure\n"
"it is the one `ndctl create-namespace` makes, as after boot.\n"
"\n"
"--mode, --map and --align say what the namespace must be.  Changing its\n"
"mode destroys its data, so that needs --reconfigure.  A namespace that\n"
"is mounted, open or mapped is never touched.  Ctrl-C stops after the\n"
"current rebind, with the namespace bound, and writes what was measured.\n"
"Needs root and a kernel with libnvdimm; not CONFIG_DEVICE_PRIVATE.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench rebind namespace0.0 --reconfigure --mode devdax --align 2M\n"
"    hmmbench rebind namespace0.0 --mode fsdax --map dev --iters 30 \\\n"
"        --format json -o base.json --label base\n"
"\n"
"Exit status: 0 success, 1 runtime failure, 2 usage error, 130\n"
"interrupted (results written, marked incomplete).\n";

static const struct argp_option hb_rebind_opts[] = {
	{ NULL, 0, NULL, 0, "Measuring:", 1 },
	{ "iters", 'i', "N", 0, "Rebinds after the first one (default 30)", 1 },
	{ "reconfigure", HB_OPT_RECONFIGURE, NULL, 0, "Set the namespace up as --mode says with ndctl first, destroying its data", 1 },
	{ "mode", HB_OPT_MODE, "MODE", 0, "fsdax or devdax: what the namespace must be", 1 },
	{ "map", HB_OPT_MAP, "WHERE", 0, "fsdax: struct pages in mem (RAM) or dev (the pmem)", 1 },
	{ "align", HB_OPT_ALIGN, "SIZE", 0, "The namespace's alignment: 4K, 2M or 1G", 1 },
	{},
};

/* --mode, --map and --align. */
static void hb_rebind_want(int key, char *arg, struct hb_rebind_env *env)
{
	struct hb_nd_want *w = &env->want;
	uint64_t a;

	switch (key) {
	case HB_OPT_MODE:
		w->mode = hb_nd_mode_parse(arg);
		if (w->mode != HB_ND_FSDAX && w->mode != HB_ND_DEVDAX)
			hb_usage_error("--mode takes fsdax or devdax, not '%s'",
				       arg);
		break;
	case HB_OPT_MAP:
		w->map = hb_nd_map_parse(arg);
		if (w->map == HB_ND_MAP_NONE)
			hb_usage_error("--map takes mem or dev, not '%s'",
				       arg);
		break;
	default:
		a = hb_arg_num(arg, true, HB_ALIGN_MIN, HB_ALIGN_MAX,
			       "--align");
		if (a & (a - 1))
			hb_usage_error("--align takes a power of two such as 4K, 2M or 1G, not '%s'",
				       arg);
		w->align = a;
	}
}

static error_t hb_rebind_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_rebind_env *env = state->input;
	struct hb_measure_env *m = &env->m;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = m;
		break;
	case 'i':
		m->iters = hb_arg_num(arg, false, 1, HB_REBIND_ITERS_MAX,
				      "--iters");
		break;
	case HB_OPT_RECONFIGURE:
		env->reconfigure = true;
		break;
	case HB_OPT_MODE:
	case HB_OPT_MAP:
	case HB_OPT_ALIGN:
		hb_rebind_want(key, arg, env);
		break;
	case ARGP_KEY_ARG:
		if (env->name)
			hb_usage_error("rebind takes one namespace: '%s' is a second",
				       arg);
		env->name = arg;
		break;
	case ARGP_KEY_END:
		if (!env->name)
			hb_usage_error("which namespace? e.g. hmmbench rebind namespace0.0 (ndctl list -N lists them)");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp hb_rebind_argp = {
	.options = hb_rebind_opts,
	.parser = hb_rebind_parse,
	.doc = hb_rebind_doc,
	.children = hb_output_children,
};

static void hb_rebind_check(const struct hb_rebind_env *env)
{
	const struct hb_nd_want *w = &env->want;

	if (env->reconfigure && !w->mode)
		hb_usage_error("--reconfigure needs --mode to know what to make: add --mode fsdax or devdax");
	if ((w->map || w->align) && !w->mode)
		hb_usage_error("--map and --align describe a --mode: add --mode fsdax or devdax");
	if (w->map && w->mode == HB_ND_DEVDAX)
		hb_usage_error("--map is fsdax's: devdax keeps its struct pages on the device");
	if (env->m.out.quiet && env->m.verbose)
		hb_usage_error("-q and -v contradict each other: pick one");
}

/*
 * The namespace as found, and whether it may be had as asked: the
 * sentence and false when not.
 */
static bool hb_rebind_namespace(const struct hb_rebind_env *env,
				struct hb_rebind *rb, struct hb_nd_argv *argv)
{
	char err[512];

	if (hb_nd_find(rb->root, env->name, &rb->ns, err, sizeof(err)) ||
	    hb_nd_reconfig_check(&rb->ns, &env->want, env->reconfigure, err,
				 sizeof(err))) {
		hb_err(err);
		return false;
	}
	if (env->reconfigure) {
		if (hb_nd_ndctl_argv(&rb->ns, &env->want, argv) < 0) {
			hb_err("--reconfigure needs a --mode that makes struct pages: fsdax or devdax");
			return false;
		}
		rb->ndctl_argv = argv->argv;
	}
	return true;
}

/* Nothing may hold the namespace: unbinding pulls it from under them. */
static bool hb_rebind_free(const struct hb_rebind *rb)
{
	char who[512];

	if (hb_nd_holder(rb->root, &rb->ns, who, sizeof(who))) {
		hb_err(who);
		return false;
	}
	return true;
}

/*
 * The command line a rebind records: the namespace, --iters and what it
 * must be, then the options given; NULL without memory.
 */
static char *hb_rebind_cmdline(void *arg)
{
	const struct hb_rebind_job *c = arg;
	const struct hb_rebind_env *env = c->env;
	const struct hb_nd_want *w = &env->want;
	struct hb_cmdline cl;

	hb_cmdline_start(&cl, "rebind");
	hb_cmdline_word(&cl, env->name);
	hb_cmdline_opt(&cl, "--iters", "%u", env->m.iters);
	if (env->reconfigure)
		hb_cmdline_word(&cl, "--reconfigure");
	if (w->mode)
		hb_cmdline_opt(&cl, "--mode", "%s", hb_nd_mode_name(w->mode));
	if (w->map)
		hb_cmdline_opt(&cl, "--map", "%s", hb_nd_map_name(w->map));
	if (w->align)
		hb_cmdline_size(&cl, "--align", w->align);
	hb_cmdline_measure_tail(&cl, &env->m);
	return hb_cmdline_end(&cl);
}

/* Whether the module watches binds, and nothing holds the namespace. */
static int hb_rebind_ready(void *arg, const struct hb_dev *dev)
{
	struct hb_rebind_job *c = arg;
	struct hb_config *cfg = &c->r.cfg;

	if (!(dev->info.features & HMMBENCH_FEAT_WATCH)) {
		char msg[512];
		struct hb_dev_ctx ctx = { .path = dev->path };

		hb_err(hb_dev_explain(msg, sizeof(msg), HB_OP_WATCH,
				      -EOPNOTSUPP, &ctx));
		return -EOPNOTSUPP;
	}
	if (!hb_rebind_free(c->rb))
		return -EBUSY;
	cfg->command = "rebind";
	cfg->iters = c->env->m.iters;
	cfg->node = HMMBENCH_NODE_LOCAL;
	cfg->label = c->env->m.label;
	hb_rebind_config(cfg, &c->rb->ns);
	/* The struct pages the last bind left, when the module reads them */
	cfg->verify = dev->info.features & HMMBENCH_FEAT_VERIFY_PHYS;
	return 0;
}

static int hb_rebind_loop(void *arg, struct hb_dev *dev, bool tty)
{
	struct hb_rebind_job *c = arg;
	struct hb_progress_ctx pctx = {
		.env = &c->env->m, .tty = tty,
		.icount = hb_meta_icount(&c->r.meta),
	};

	return hb_rebind_run(dev, c->rb, &c->r, &hb_stop, hb_on_progress,
			     &pctx);
}

static int hb_rebind_finish(void *arg, struct hb_out *out, int ret)
{
	struct hb_rebind_job *c = arg;
	char note[160];

	if (c->rb->foreign && !c->env->m.out.quiet) {
		snprintf(note, sizeof(note),
			 "note: %llu memremap_pages() or memunmap_pages() calls outside %s during the run were not counted",
			 (unsigned long long)c->rb->foreign, c->rb->ns.name);
		hb_err(note);
	}
	return hb_measure_finish(&c->env->m, out, &c->r, ret);
}

static const struct hb_measuring_ops hb_rebind_ops = {
	.progress = true,
	.check = hb_rebind_ready,
	.cmdline = hb_rebind_cmdline,
	.loop = hb_rebind_loop,
	.finish = hb_rebind_finish,
};

static int hb_rebind_measure(const struct hb_rebind_env *env,
			     struct hb_rebind *rb)
{
	struct hb_rebind_job c = { .env = env, .rb = rb };
	int ret;

	ret = hb_measuring_run(&hb_rebind_ops, &c, env->m.device, &env->m.out,
			       &c.r.meta);
	hb_result_free(&c.r);
	return ret;
}

int hb_cmd_rebind(int argc, char **argv)
{
	struct hb_rebind_env env = { 0 };
	struct hb_rebind rb = { .root = "" };
	const char *test_ms = getenv("HMMBENCH_TEST_UNBOUND_MS");
	struct hb_nd_argv nargv;

	if (test_ms)
		rb.unbound_ms = strtoul(test_ms, NULL, 10);
	/* A rebind measures one size: its table gains statistics, not sizes */
	hb_measure_defaults(&env.m, "Table: min, max and the median's interval too");
	env.m.iters = 30;
	if (hb_parse("rebind", &hb_rebind_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	hb_rebind_check(&env);
	if (!hb_rebind_namespace(&env, &rb, &nargv))
		return HB_EXIT_FAIL;
	return hb_rebind_measure(&env, &rb);
}
