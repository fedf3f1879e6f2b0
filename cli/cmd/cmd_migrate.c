// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench migrate: its options, help and checks - against what the
 * module can do, refused in one sentence before anything is mapped -
 * then its steps for hb_measuring_run() around the loop of
 * measure/migrate.c: progress on a terminal and writing the result.
 */
#include <argp.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmdline.h"
#include "cmd/measuring.h"
#include "fmt.h"
#include "kernel/explain.h"
#include "measure/migrate.h"

#define HB_MIG_ITERS_MAX	1000000
#define HB_MIG_SIZE_MIN		4096ULL		/* one page, 4K */

enum {
	HB_OPT_DIRECTION = 0x700,
	HB_OPT_THP,
	HB_OPT_NO_THP,
	HB_OPT_BATCH,
	HB_OPT_DEVICE,
};

/* The options of migrate, filled by its parser only. */
struct hb_mig_env {
	uint64_t size;
	unsigned int iters;
	unsigned int dirs;		/* HB_MIG_BIT()s */
	bool thp;			/* --thp given */
	bool no_thp;			/* --no-thp given */
	uint32_t batch;
	const char *label;
	const char *device;
	struct hb_output out;		/* -f, -o, -q */
};

/* migrate: the options it was given, and the result it measures. */
struct hb_mig_job {
	const struct hb_mig_env *env;
	struct hb_result r;
};

static const char hb_mig_doc[] =
"Usage: hmmbench migrate [OPTION...]\n"
"Time page migration between this process's memory and device memory.\n"
"One chunk's DEVICE_PRIVATE pages act as a device's memory; each\n"
"iteration fills a buffer of --size, moves it to the chunk and back\n"
"(to-device, to-system), lends it once more and touches every 4 KiB of\n"
"it, so that each page faults home (fault).  The module times each phase\n"
"of each migration and of each fault's handler; hmmbench times the calls\n"
"and each touch.\n"
"\n"
"The first iteration is reported apart from the --iters warm ones.  With\n"
"--thp (the default where the module can) a THP-backed buffer moves in\n"
"whole PMD-sized folios; the result says in which order pages did move.\n"
"After each round trip the buffer is checked: one that came back\n"
"different is an error naming the first bad offset.  Ctrl-C stops after\n"
"the current call and writes what was measured, marked incomplete.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench migrate --size 1G --iters 20\n"
"    hmmbench migrate --no-thp --direction fault --format json -o 4k.json\n"
"    hmmbench migrate --batch 64 --direction to-device,to-system\n"
"    hmmbench migrate --label patched -f json -o patched.json\n"
"\n"
"Exit status: 0 success, 1 runtime failure (or data that did not survive\n"
"a round trip), 2 usage error, 130 interrupted (results written, marked\n"
"incomplete).\n";

static const struct argp_option hb_mig_opts[] = {
	{ "size", 's', "SIZE", 0, "Bytes of this process's memory to migrate (default 256M)", 1 },
	{ "iters", 'i', "N", 0, "Measured iterations after the first (default 10)", 1 },
	{ "direction", HB_OPT_DIRECTION, "LIST", 0, "What to time: to-device, to-system and fault, comma-separated (default all three)", 1 },
	{ "thp", HB_OPT_THP, NULL, 0, "Move whole PMD-sized folios of a THP-backed buffer (default where the module can)", 1 },
	{ "no-thp", HB_OPT_NO_THP, NULL, 0, "Move base pages of a buffer without THP", 1 },
	{ "batch", HB_OPT_BATCH, "PAGES", 0, "Pages per migrate_vma_setup() call, 0 for the kernel's (default 0)", 1 },
	HB_LABEL_OPTION(1),
	{ "device", HB_OPT_DEVICE, "PATH", 0, "Device node (default " HMMBENCH_DEVICE ")", 1 },
	{},
};

/* --direction: names of hb_mig_dir_option(), comma-separated. */
static unsigned int hb_mig_arg_dirs(const char *arg)
{
	const char *p = arg, *name;
	unsigned int dirs = 0;
	enum hb_mig_dir d;
	size_t n;

	for (;;) {
		n = strcspn(p, ",");
		for (d = 0; d < HB_MIG_NR_DIRS; d++) {
			name = hb_mig_dir_option(d);
			if (strlen(name) == n && !strncmp(p, name, n))
				break;
		}
		if (d == HB_MIG_NR_DIRS)
			hb_usage_error("invalid --direction '%s': expected to-device, to-system or fault, or several of them comma-separated",
				       arg);
		dirs |= HB_MIG_BIT(d);
		if (!p[n])
			return dirs;
		p += n + 1;
	}
}

static error_t hb_mig_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_mig_env *env = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &env->out;
		break;
	case 's':
		env->size = hb_arg_num(arg, true, HB_MIG_SIZE_MIN, HB_SIZE_MAX,
				       "--size");
		break;
	case 'i':
		env->iters = hb_arg_num(arg, false, 1, HB_MIG_ITERS_MAX,
					"--iters");
		break;
	case HB_OPT_DIRECTION:
		env->dirs = hb_mig_arg_dirs(arg);
		break;
	case HB_OPT_THP:
		env->thp = true;
		break;
	case HB_OPT_NO_THP:
		env->no_thp = true;
		break;
	case HB_OPT_BATCH:
		env->batch = hb_arg_num(arg, false, 0,
					HMMBENCH_MIGRATE_BATCH_MAX, "--batch");
		break;
	case 'l':
		hb_arg_label(arg, &env->label);
		break;
	case HB_OPT_DEVICE:
		env->device = arg;
		break;
	case ARGP_KEY_END:
		if (env->thp && env->no_thp)
			hb_usage_error("--thp and --no-thp contradict each other: pick one");
		break;
	default:
		return hb_arg_none(key, arg, state);
	}
	return 0;
}

static const struct argp_child hb_mig_children[] = {
	{ &hb_output_argp, 0, NULL, 0 },
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

static const struct argp hb_mig_argp = {
	.options = hb_mig_opts,
	.parser = hb_mig_parse,
	.doc = hb_mig_doc,
	.children = hb_mig_children,
};

/* What a request of @cfg asks, for the sentences of explain.h. */
static struct hb_dev_ctx hb_mig_ctx(const struct hb_dev *dev,
				    const struct hb_config *cfg)
{
	return (struct hb_dev_ctx){
		.path = dev->path,
		.length = cfg->chunk_size,
		.node = HMMBENCH_NODE_LOCAL,
		.chunks = 1,
		.bytes = cfg->sizes[0],
		.direction = HMMBENCH_MIGRATE_TO_DEVICE,
		.batch = cfg->batch,
		.thp = cfg->thp,
		.info = &dev->info,
	};
}

/* Says why the module refuses @op of @cfg with @err; returns @err. */
static int hb_mig_refuse(const struct hb_dev *dev,
			 const struct hb_config *cfg, enum hb_dev_op op,
			 int err)
{
	struct hb_dev_ctx ctx = hb_mig_ctx(dev, cfg);
	char msg[512];

	hb_err(hb_dev_explain(msg, sizeof(msg), op, err, &ctx));
	return err;
}

/*
 * --size in whole pages, and no more than the memory available for it
 * and for the chunk's struct pages.
 */
static int hb_mig_check_size(const struct hb_config *cfg,
			     const struct hmmbench_info *i)
{
	uint64_t need = cfg->sizes[0] + hb_dev_memmap_cost(i, cfg->chunk_size);
	char a[32], b[32], c[32], msg[256];

	if (i->page_size && cfg->sizes[0] % i->page_size) {
		snprintf(msg, sizeof(msg),
			 "--size %s is not a whole number of this kernel's %s pages: use a multiple of %s",
			 hb_size_str(cfg->sizes[0], a, sizeof(a)),
			 hb_size_str(i->page_size, b, sizeof(b)), b);
		hb_err(msg);
		return -EINVAL;
	}
	if (i->mem_available && need > i->mem_available) {
		snprintf(msg, sizeof(msg),
			 "migrating %s needs about %s of RAM, the buffer's pages and the chunk's struct pages, but only %s is available: use a smaller --size",
			 hb_size_str(cfg->sizes[0], a, sizeof(a)),
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
static int hb_mig_configure(const struct hb_mig_env *env,
			    const struct hb_dev *dev,
			    struct hb_config *cfg)
{
	const struct hmmbench_info *i = &dev->info;
	uint64_t pmd = hb_mig_pmd_pages(i->page_size), align = i->size_align;
	struct hb_dev_ctx ctx;
	int err;

	hb_mig_config_init(cfg);
	cfg->sizes[0] = env->size;
	cfg->iters = env->iters;
	cfg->dirs = env->dirs;
	cfg->batch = env->batch;
	cfg->label = env->label;
	cfg->thp = env->thp || (!env->no_thp &&
				(i->features & HMMBENCH_FEAT_MIGRATE_THP));
	cfg->chunk_size = align ? (env->size + align - 1) / align * align :
				  env->size;
	if (cfg->chunk_size < i->min_size)
		cfg->chunk_size = i->min_size;
	if (!(i->features & HMMBENCH_FEAT_MIGRATE) ||
	    (cfg->thp && !(i->features & HMMBENCH_FEAT_MIGRATE_THP)))
		return hb_mig_refuse(dev, cfg, HB_OP_MIGRATE, -EOPNOTSUPP);
	if (cfg->thp && cfg->batch && pmd && cfg->batch % pmd)
		return hb_mig_refuse(dev, cfg, HB_OP_MIGRATE, -EINVAL);
	ctx = hb_mig_ctx(dev, cfg);
	err = hb_dev_check(&ctx);
	if (err)
		return hb_mig_refuse(dev, cfg, HB_OP_MAP, err);
	return hb_mig_check_size(cfg, i);
}

/* "to-device,to-system,fault": --direction as parsed. */
static const char *hb_mig_dirs_arg(unsigned int dirs, char *buf, size_t len)
{
	size_t used = 0;
	enum hb_mig_dir d;

	buf[0] = '\0';
	for (d = 0; d < HB_MIG_NR_DIRS && used < len; d++)
		if (dirs & HB_MIG_BIT(d))
			used += snprintf(buf + used, len - used, "%s%s",
					 used ? "," : "", hb_mig_dir_option(d));
	return buf;
}

/*
 * The command line a result records: every option that shapes the
 * measurement, as decided, then those given.
 */
static char *hb_mig_cmdline(void *arg)
{
	const struct hb_mig_job *c = arg;
	const struct hb_mig_env *env = c->env;
	const struct hb_config *cfg = &c->r.cfg;
	struct hb_cmdline cl;
	char dirs[64];

	hb_cmdline_start(&cl, "migrate");
	hb_cmdline_size(&cl, "--size", cfg->sizes[0]);
	hb_cmdline_opt(&cl, "--iters", "%u", cfg->iters);
	hb_cmdline_opt(&cl, "--direction", "%s",
		       hb_mig_dirs_arg(cfg->dirs, dirs, sizeof(dirs)));
	hb_cmdline_word(&cl, cfg->thp ? "--thp" : "--no-thp");
	hb_cmdline_opt(&cl, "--batch", "%" PRIu64, cfg->batch);
	hb_cmdline_named(&cl, env->label, env->device, &env->out);
	return hb_cmdline_end(&cl);
}

/* Progress on stderr: a terminal's, unless -q. */
static void hb_mig_progress(const struct hb_progress *p, void *arg)
{
	char el[32], left[32];

	(void)arg;
	fprintf(stderr, "\r\033[K[%zu/%zu] iteration %u (%s), %s elapsed, about %s left",
		p->step, p->steps, p->iter, p->iter ? "warm" : "first",
		hb_fmt_duration(el, sizeof(el), p->elapsed_ns),
		hb_fmt_duration(left, sizeof(left),
				(double)p->elapsed_ns / p->step *
				(p->steps - p->step)));
	if (p->step == p->steps)
		fputs("\r\033[K", stderr);
}

/* Writes the result once the loop returned @ret; the exit status. */
static int hb_mig_finish(void *arg, struct hb_out *out, int ret)
{
	const struct hb_mig_job *c = arg;
	const struct hb_result *r = &c->r;
	int st;

	if (ret < 0)
		hb_err(r->error);
	if (!r->mig.nr_calls && !r->mig.nr_phases) {
		hb_out_abort(out);
		return ret == HB_STOPPED ? HB_EXIT_INTERRUPTED : HB_EXIT_FAIL;
	}
	st = hb_write_finish(out, hb_render(out->f, c->env->out.format, r),
			     "results");
	if (st)
		return st;
	if (ret == HB_STOPPED) {
		fprintf(stderr, "hmmbench: interrupted: wrote the %u iterations measured so far, marked incomplete\n",
			hb_mig_iterations(r));
		return HB_EXIT_INTERRUPTED;
	}
	return ret ? HB_EXIT_FAIL : HB_EXIT_OK;
}

static int hb_mig_check(void *arg, const struct hb_dev *dev)
{
	struct hb_mig_job *c = arg;

	return hb_mig_configure(c->env, dev, &c->r.cfg);
}

static int hb_mig_loop(void *arg, struct hb_dev *dev, bool tty)
{
	struct hb_mig_job *c = arg;

	return hb_migrate_run(dev, &c->r, &hb_stop,
			      tty ? hb_mig_progress : NULL, NULL);
}

static const struct hb_measuring_ops hb_mig_ops = {
	.progress = true,
	.check = hb_mig_check,
	.cmdline = hb_mig_cmdline,
	.loop = hb_mig_loop,
	.finish = hb_mig_finish,
};

static int hb_migrate(const struct hb_mig_env *env)
{
	struct hb_mig_job c = { .env = env };
	int ret;

	ret = hb_measuring_run(&hb_mig_ops, &c, env->device, &env->out,
			       &c.r.meta);
	hb_result_free(&c.r);
	return ret;
}

int hb_cmd_migrate(int argc, char **argv)
{
	struct hb_mig_env env = {
		.size = 256ULL << 20,
		.iters = 10,
		.dirs = HB_MIG_ALL,
		.out = {
			.formats = 1U << HB_FMT_TABLE | 1U << HB_FMT_CSV |
				   1U << HB_FMT_JSON,
			.format = HB_FMT_TABLE,
		},
	};

	if (hb_parse("migrate", &hb_mig_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	return hb_migrate(&env);
}
