// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench mirror: its options, help and checks - against what the
 * module can do, refused in one sentence before anything is mapped -
 * then its steps for hb_measuring_run() around the loop of
 * measure/mirror.c, written as run writes its own.
 */
#include <argp.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "cmd/cmd.h"
#include "cmd/cmdline.h"
#include "cmd/measuring.h"
#include "fmt.h"
#include "kernel/explain.h"
#include "measure/mirror.h"

#define HB_MIR_ITERS_MAX	1000000
#define HB_MIR_SIZE_MIN		4096ULL		/* one page, 4K */
#define HB_MIR_BATCH_DEFAULT	64		/* 6.12's test_hmm's, the module's 0 */
#define HB_MIR_INVALIDATE_MAX	100000

enum {
	HB_OPT_STATE = 0x800,
	HB_OPT_FAULT,
	HB_OPT_BATCH,
	HB_OPT_INVALIDATE,
};

struct hb_mir_env {
	struct hb_measure_env m;	/* --size, --iters, output and all */
	enum hb_mir_state state;
	const char *fault;		/* a name hb_mir_fault_flags() knows */
	uint32_t batch;
	uint64_t invalidate;
};

/* mirror: the options it was given, and the result it measures. */
struct hb_mir_job {
	const struct hb_mir_env *env;
	struct hb_result r;
};

static const char hb_mir_doc[] =
"Usage: hmmbench mirror [OPTION...]\n"
"Time HMM's mirroring of this process's memory, as a device's driver\n"
"does it on a device fault: hmm_range_fault() in batches of --batch\n"
"pages under an mmu_interval_notifier, then the device's page-table\n"
"update.  Each iteration builds a buffer of --size in the --state asked\n"
"for and mirrors all of it with one MIRROR; the module times each phase\n"
"and counts what it found, which the result reports, never what was\n"
"asked for.\n"
"\n"
"--state 4k and thp write the buffer (with THP, a PMD walk finds 512\n"
"pages in one step), none leaves it untouched, zero reads it so that it\n"
"maps the shared zero page, lent writes it and lends it to one of the\n"
"module's chunks, whose device-private entries are its own.  --fault\n"
"none takes a snapshot of what is mapped; read and write fault in what\n"
"is missing, as a device's read or write would.  --invalidate N starts a\n"
"second thread that, N times a second, changes the protection of the\n"
"next 2 MiB of the buffer and changes it back (data and write\n"
"permission stay), so that invalidations race the batches and some are\n"
"retried.  The first iteration is reported apart from the --iters warm\n"
"ones.  Ctrl-C stops after the current iteration and writes what was\n"
"measured, marked incomplete.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench mirror --size 1G --iters 10\n"
"    hmmbench mirror --state thp --format json -o thp.json\n"
"    hmmbench mirror --state none --fault write --batch 512\n"
"    hmmbench mirror --invalidate 1000\n"
"\n"
"Exit status: 0 success, 1 runtime failure, 2 usage error, 130\n"
"interrupted (results written, marked incomplete).\n";

static const struct argp_option hb_mir_opts[] = {
	{ NULL, 0, NULL, 0, "Measuring:", 1 },
	{ "size", 's', "SIZE", 0, "Bytes of this process's memory to mirror (default 1G)", 1 },
	{ "iters", 'i', "N", 0, "Measured iterations after the first (default 10)", 1 },
	{ "state", HB_OPT_STATE, "STATE", 0, "What the buffer is when mirrored: 4k, thp, none, zero or lent (default 4k)", 1 },
	{ "fault", HB_OPT_FAULT, "MODE", 0, "none (a snapshot), read or write: what to fault in (default none)", 1 },
	{ "batch", HB_OPT_BATCH, "PAGES", 0, "Pages per hmm_range_fault() call (default 64, as 6.12's test_hmm)", 1 },
	{ "invalidate", HB_OPT_INVALIDATE, "N", 0, "Invalidate a part of the buffer N times a second meanwhile (default 0: never)", 1 },
	{},
};

static void hb_mir_arg_state(const char *arg, struct hb_mir_env *env)
{
	env->state = hb_mir_state_named(arg);
	if (env->state == HB_MIR_NR_STATES)
		hb_usage_error("invalid --state '%s': expected 4k, thp, none, zero or lent",
			       arg);
}

static void hb_mir_arg_fault(const char *arg, struct hb_mir_env *env)
{
	if (hb_mir_fault_flags(arg) < 0)
		hb_usage_error("invalid --fault '%s': expected none, read or write",
			       arg);
	env->fault = arg;
}

static error_t hb_mir_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_mir_env *env = state->input;
	struct hb_measure_env *m = &env->m;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = m;
		break;
	case 's':
		m->size = hb_arg_num(arg, true, HB_MIR_SIZE_MIN, HB_SIZE_MAX,
				     "--size");
		break;
	case 'i':
		m->iters = hb_arg_num(arg, false, 1, HB_MIR_ITERS_MAX,
				      "--iters");
		break;
	case HB_OPT_STATE:
		hb_mir_arg_state(arg, env);
		break;
	case HB_OPT_FAULT:
		hb_mir_arg_fault(arg, env);
		break;
	case HB_OPT_BATCH:
		env->batch = hb_arg_num(arg, false, 1,
					HMMBENCH_MIRROR_BATCH_MAX, "--batch");
		break;
	case HB_OPT_INVALIDATE:
		env->invalidate = hb_arg_num(arg, false, 0,
					     HB_MIR_INVALIDATE_MAX,
					     "--invalidate");
		break;
	case ARGP_KEY_ARG:
		hb_arg_unexpected(arg);
		break;
	case ARGP_KEY_END:
		if (m->out.quiet && m->verbose)
			hb_usage_error("-q and -v contradict each other: pick one");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp hb_mir_argp = {
	.options = hb_mir_opts,
	.parser = hb_mir_parse,
	.doc = hb_mir_doc,
	.children = hb_output_children,
};

/* Says why the module refuses @op of @cfg with @err; returns @err. */
static int hb_mir_refuse(const struct hb_dev *dev,
			 const struct hb_config *cfg, enum hb_dev_op op,
			 int err)
{
	struct hb_dev_ctx ctx = {
		.path = dev->path,
		.length = cfg->chunk_size,
		.node = HMMBENCH_NODE_LOCAL,
		.chunks = 1,
		.bytes = cfg->sizes[0],
		.batch = cfg->batch,
		.info = &dev->info,
	};
	char msg[512];

	hb_err(hb_dev_explain(msg, sizeof(msg), op, err, &ctx));
	return err;
}

/*
 * --size in whole pages, within MIRROR's range, and no more than the
 * memory available for the buffer (and a lent one's chunk).
 */
static int hb_mir_check_size(const struct hb_mir_env *env,
			     const struct hb_config *cfg,
			     const struct hmmbench_info *i)
{
	uint64_t size = cfg->sizes[0], need = size;
	uint64_t max = (uint64_t)HMMBENCH_MIRROR_PAGES_MAX * i->page_size;
	char a[32], b[32], c[32], msg[256];

	if (i->page_size && size % i->page_size) {
		snprintf(msg, sizeof(msg),
			 "--size %s is not a whole number of this kernel's %s pages: use a multiple of %s",
			 hb_size_str(size, a, sizeof(a)),
			 hb_size_str(i->page_size, b, sizeof(b)), b);
		hb_err(msg);
		return -EINVAL;
	}
	if (i->page_size && size > max) {
		snprintf(msg, sizeof(msg),
			 "--size %s is more than MIRROR takes at once, %s: use a smaller --size",
			 hb_size_str(size, a, sizeof(a)),
			 hb_size_str(max, b, sizeof(b)));
		hb_err(msg);
		return -EINVAL;
	}
	if (env->state == HB_MIR_LENT)
		need += hb_dev_memmap_cost(i, cfg->chunk_size);
	if (env->state == HB_MIR_NONE || env->state == HB_MIR_ZERO)
		need = 0;
	if (i->mem_available && need > i->mem_available) {
		snprintf(msg, sizeof(msg),
			 "mirroring %s needs about %s of RAM for the buffer, but only %s is available: use a smaller --size",
			 hb_size_str(size, a, sizeof(a)),
			 hb_size_human(need, b, sizeof(b)),
			 hb_size_human(i->mem_available, c, sizeof(c)));
		hb_err(msg);
		return -ENOMEM;
	}
	return 0;
}

/*
 * The configuration of @env on the module of @dev; the sentence, and a
 * negative errno, when the module cannot do what it asks.
 */
static int hb_mir_configure(const struct hb_mir_env *env,
			    const struct hb_dev *dev, struct hb_config *cfg)
{
	const struct hmmbench_info *i = &dev->info;
	uint64_t align = i->size_align;
	struct hb_dev_ctx ctx = { .path = dev->path, .info = i };
	int err;

	cfg->command = "mirror";
	cfg->workload = "mirror";
	cfg->sizes[0] = env->m.size;
	cfg->nr_sizes = 1;
	cfg->chunks = 1;
	cfg->iters = env->m.iters;
	cfg->node = HMMBENCH_NODE_LOCAL;
	cfg->label = env->m.label;
	cfg->mirror_state = hb_mir_state_names[env->state];
	cfg->mirror_fault = env->fault;
	cfg->batch = env->batch;
	cfg->invalidate = env->invalidate;
	if (env->state == HB_MIR_LENT) {
		cfg->chunk_size = align ? (env->m.size + align - 1) / align *
					  align : env->m.size;
		if (cfg->chunk_size < i->min_size)
			cfg->chunk_size = i->min_size;
	}
	if (!(i->features & HMMBENCH_FEAT_MIRROR))
		return hb_mir_refuse(dev, cfg, HB_OP_MIRROR, -EOPNOTSUPP);
	if (env->state == HB_MIR_LENT) {
		if (!(i->features & HMMBENCH_FEAT_MIGRATE))
			return hb_mir_refuse(dev, cfg, HB_OP_MIGRATE,
					     -EOPNOTSUPP);
		ctx.length = cfg->chunk_size;
		ctx.node = HMMBENCH_NODE_LOCAL;
		ctx.chunks = 1;
		err = hb_dev_check(&ctx);
		if (err)
			return hb_mir_refuse(dev, cfg, HB_OP_MAP, err);
	}
	return hb_mir_check_size(env, cfg, i);
}

/*
 * The command line a result records: every option that shapes the
 * measurement, as decided, then those given.
 */
static char *hb_mir_cmdline(void *arg)
{
	const struct hb_mir_job *c = arg;
	const struct hb_config *cfg = &c->r.cfg;
	struct hb_cmdline cl;

	hb_cmdline_start(&cl, "mirror");
	hb_cmdline_size(&cl, "--size", cfg->sizes[0]);
	hb_cmdline_opt(&cl, "--iters", "%u", cfg->iters);
	hb_cmdline_opt(&cl, "--state", "%s", cfg->mirror_state);
	hb_cmdline_opt(&cl, "--fault", "%s", cfg->mirror_fault);
	hb_cmdline_opt(&cl, "--batch", "%" PRIu64, cfg->batch);
	if (cfg->invalidate)
		hb_cmdline_opt(&cl, "--invalidate", "%" PRIu64,
			       cfg->invalidate);
	hb_cmdline_measure_tail(&cl, &c->env->m);
	return hb_cmdline_end(&cl);
}

static int hb_mir_check(void *arg, const struct hb_dev *dev)
{
	struct hb_mir_job *c = arg;

	return hb_mir_configure(c->env, dev, &c->r.cfg);
}

static int hb_mir_loop(void *arg, struct hb_dev *dev, bool tty)
{
	struct hb_mir_job *c = arg;
	struct hb_progress_ctx pctx = {
		.env = &c->env->m, .tty = tty,
		.icount = hb_meta_icount(&c->r.meta),
	};

	return hb_mirror_run(dev, &c->r, &hb_stop, hb_on_progress, &pctx);
}

static int hb_mir_finish(void *arg, struct hb_out *out, int ret)
{
	struct hb_mir_job *c = arg;

	return hb_measure_finish(&c->env->m, out, &c->r, ret);
}

static const struct hb_measuring_ops hb_mir_ops = {
	.progress = true,
	.check = hb_mir_check,
	.cmdline = hb_mir_cmdline,
	.loop = hb_mir_loop,
	.finish = hb_mir_finish,
};

int hb_cmd_mirror(int argc, char **argv)
{
	struct hb_mir_env env = {
		.state = HB_MIR_4K,
		.fault = hb_mir_fault_names[0],
		.batch = HB_MIR_BATCH_DEFAULT,
	};
	struct hb_mir_job c = { .env = &env };
	int ret;

	/* One size: the table gains statistics, not sizes */
	hb_measure_defaults(&env.m, "Table: min, max and the median's interval too");
	if (hb_parse("mirror", &hb_mir_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	ret = hb_measuring_run(&hb_mir_ops, &c, env.m.device, &env.m.out,
			       &c.r.meta);
	hb_result_free(&c.r);
	return ret;
}
