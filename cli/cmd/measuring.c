// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: what run, sweep, verify, rebind and migrate share
 * (measuring.h says who takes what): the process around their loop,
 * the options of a measurement, progress on a terminal, refusing what
 * the module would refuse, writing the result; and run's and sweep's
 * own steps.
 */
#include <argp.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmdline.h"
#include "cmd/measuring.h"
#include "fmt.h"
#include "kernel/explain.h"
#include "kernel/host.h"
#include "measure/bench.h"
#include "measure/verify.h"
#include "results/metrics.h"
#include "results/runid.h"

#define HB_ITERS_MAX	1000000
#define HB_LABEL_MAX	128

enum {
	HB_OPT_DEVICE = 0x200,
	HB_OPT_COMPOUND,
	HB_OPT_NO_VERIFY,
};

/* run or sweep: the options it was given, and the result it measures. */
struct hb_chunk_job {
	const struct hb_measure_env *env;
	struct hb_result r;
};

static const struct argp_option hb_measure_opts[] = {
	{ NULL, 0, NULL, 0, "Measuring:", 2 },
	{ "chunks", 'c', "N", 0, "Chunks mapped at once per iteration (default 1)", 2 },
	{ "iters", 'i', "N", 0, "Measured iterations after the cold one (default 10)", 2 },
	{ "warmup", 'w', "N", 0, "Iterations after the cold one left out of the statistics (default 0)", 2 },
	{ "node", 'N', "NODE", 0, "NUMA node of the struct pages (default: this CPU's)", 2 },
	{ "compound", HB_OPT_COMPOUND, "SIZE", 0, HB_COMPOUND_HELP, 2 },
	{ "no-verify", HB_OPT_NO_VERIFY, NULL, 0, "Do not read back one more chunk of each size for its memmap digest", 2 },
	HB_LABEL_OPTION(2),
	{ "device", HB_OPT_DEVICE, "PATH", 0, "Device node (default " HMMBENCH_DEVICE ")", 2 },
	{},
};

/* Beside the shared output options, a measurement's own. */
static const struct argp_option hb_verbose_opts[] = {
	{ "verbose", 'v', NULL, 0, "Print every sample on stderr as it is measured", 3 },
	{},
};

void hb_measure_defaults(struct hb_measure_env *env, const char *wide_doc)
{
	memset(env, 0, sizeof(*env));
	env->size = 1ULL << 30;
	env->chunks = 1;
	env->iters = 10;
	env->node = HMMBENCH_NODE_LOCAL;
	env->out.formats = (1U << HB_NR_FORMATS) - 1;
	env->out.format = HB_FMT_TABLE;
	env->out.wide_doc = wide_doc;
}

void hb_arg_label(const char *arg, const char **label)
{
	if (strlen(arg) > HB_LABEL_MAX)
		hb_usage_error("--label is at most %d characters",
			       HB_LABEL_MAX);
	*label = arg;
}

/* The counts of a measurement. */
static error_t hb_measure_count(int key, char *arg, struct argp_state *state)
{
	struct hb_measure_env *env = state->input;

	switch (key) {
	case 'c':
		env->chunks = hb_arg_num(arg, false, 1, HB_MAX_CHUNKS,
					 "--chunks");
		return 0;
	case 'i':
		env->iters = hb_arg_num(arg, false, 1, HB_ITERS_MAX,
					"--iters");
		return 0;
	case 'w':
		env->warmup = hb_arg_num(arg, false, 0, HB_ITERS_MAX,
					 "--warmup");
		return 0;
	case 'N':
		env->node = hb_arg_node(arg);
		return 0;
	case HB_OPT_COMPOUND:
		env->compound = hb_arg_compound(arg);
		return 0;
	case HB_OPT_NO_VERIFY:
		env->no_verify = true;
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

static error_t hb_verbose_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_measure_env *env = state->input;

	(void)arg;
	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &env->out;
		state->child_inputs[1] = &env->out;
		break;
	case 'v':
		env->verbose = true;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child hb_verbose_children[] = {
	{ &hb_output_argp, 0, NULL, 0 },
	{ &hb_wide_argp, 0, NULL, 0 },
	{},
};

/* -v, and the output options every command shares, of a measurement. */
static const struct argp hb_verbose_argp = {
	.options = hb_verbose_opts,
	.parser = hb_verbose_parse,
	.children = hb_verbose_children,
};

static const struct argp_child hb_measure_output[] = {
	{ &hb_verbose_argp, 0, NULL, 0 },
	{},
};

/* A measurement of its own options (rebind, mirror): its name and device. */
static const struct argp_option hb_named_opts[] = {
	HB_LABEL_OPTION(1),
	{ "device", HB_OPT_DEVICE, "PATH", 0, "Device node (default " HMMBENCH_DEVICE ")", 1 },
	{},
};

static error_t hb_named_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_measure_env *env = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = env;
		break;
	case 'l':
		hb_arg_label(arg, &env->label);
		break;
	case HB_OPT_DEVICE:
		env->device = arg;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static error_t hb_measure_parse(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case ARGP_KEY_INIT:
	case 'l':
	case HB_OPT_DEVICE:
		return hb_named_parse(key, arg, state);
	default:
		return hb_measure_count(key, arg, state);
	}
}

static const struct argp hb_measure_argp = {
	.options = hb_measure_opts,
	.parser = hb_measure_parse,
	.children = hb_measure_output,
};

const struct argp_child hb_measure_children[] = {
	{ &hb_measure_argp, 0, NULL, 0 },
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

static const struct argp hb_named_argp = {
	.options = hb_named_opts,
	.parser = hb_named_parse,
	.children = hb_measure_output,
};

const struct argp_child hb_output_children[] = {
	{ &hb_named_argp, 0, NULL, 0 },
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

uint64_t hb_arg_compound(const char *arg)
{
	uint64_t c = hb_arg_num(arg, true, HB_COMPOUND_MIN, HB_COMPOUND_MAX,
				"--compound");

	if (c & (c - 1))
		hb_usage_error("--compound takes a power of two such as 2M or 1G, not '%s'",
			       arg);
	return c;
}

/* A raw metric of @s for -v, NAN when not measured. */
static double hb_raw(const struct hb_sample *s, enum hb_metric_id id)
{
	double v;

	return hb_metric_get(&hb_metrics[id], s, NULL, &v) ? v : NAN;
}

static void hb_print_samples(const struct hb_progress *p, bool icount)
{
	enum hb_unit u = hb_unit_counted(HB_UNIT_NS, icount);
	char sz[32], a[32], b[32], c[32];
	size_t i;

	for (i = 0; i < p->nr_samples; i++) {
		const struct hb_sample *s = &p->samples[i];

		if (s->valid & HB_T_MIRROR) {
			fprintf(stderr, "%s iteration %u (%s): mirror %s, hmm_range_fault %s, device update %s; %" PRIu64 " of %" PRIu64 " pages valid\n",
				hb_size_str(s->size, sz, sizeof(sz)), s->iter,
				hb_kind_name(s->kind),
				hb_fmt_human(a, sizeof(a), u,
					     s->mirror.total_ns),
				hb_fmt_human(b, sizeof(b), u,
					     s->mirror.fault_ns),
				hb_fmt_human(c, sizeof(c), u,
					     s->mirror.update_ns),
				(uint64_t)s->mirror.valid,
				(uint64_t)s->mirror.pages);
			continue;
		}
		fprintf(stderr, "%s iteration %u chunk %u (%s): memremap %s, memmap_init %s, memunmap %s\n",
			hb_size_str(s->size, sz, sizeof(sz)), s->iter,
			s->chunk, hb_kind_name(s->kind),
			hb_fmt_human(a, sizeof(a), u,
				     hb_raw(s, HB_M_MEMREMAP)),
			hb_fmt_human(b, sizeof(b), u,
				     hb_raw(s, HB_M_MEMMAP_INIT)),
			hb_fmt_human(c, sizeof(c), u,
				     hb_raw(s, HB_M_MEMUNMAP)));
	}
}

/*
 * Progress goes to stderr when it is a terminal, or when
 * HMMBENCH_PROGRESS=1 says that it ends on one: vm/run sets it in
 * the guest, whose stderr is a pipe to the host's terminal.
 */
static bool hb_progress_tty(void)
{
	const char *e = getenv("HMMBENCH_PROGRESS");

	return isatty(STDERR_FILENO) || (e && !strcmp(e, "1"));
}

/*
 * The time the remaining steps take at the pace so far, no more than
 * --max-time leaves; --until-ci may stop sooner.
 */
static double hb_eta_ns(const struct hb_progress *p,
			const struct hb_measure_env *env)
{
	double eta = (double)p->elapsed_ns / p->step * (p->steps - p->step);

	if (env->max_time_ns)
		eta = fmin(eta, p->elapsed_ns < env->max_time_ns ?
				env->max_time_ns - p->elapsed_ns : 0);
	return eta;
}

void hb_on_progress(const struct hb_progress *p, void *arg)
{
	const struct hb_progress_ctx *ctx = arg;
	double eta = hb_eta_ns(p, ctx->env);
	char sz[32], t[32], el[32];

	if (ctx->env->verbose) {
		if (ctx->tty)
			fputs("\r\033[K", stderr);
		hb_print_samples(p, ctx->icount);
	}
	if (!ctx->tty || ctx->env->out.quiet)
		return;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s iteration %u (%s), %s elapsed, %s %s left",
		p->step, p->steps, hb_size_human(p->size, sz, sizeof(sz)),
		p->iter, hb_kind_name(p->kind),
		hb_fmt_duration(el, sizeof(el), p->elapsed_ns),
		ctx->env->until_ci ? "at most" : "about",
		hb_fmt_duration(t, sizeof(t), eta));
	if (p->step == p->steps)
		fputs("\r\033[K", stderr);
}

int hb_compound_shift(uint64_t compound, struct hb_config *cfg,
			     const struct hmmbench_info *info)
{
	char a[32], b[32], msg[160];

	cfg->vmemmap_shift = 0;
	cfg->compound_size = info->page_size;
	if (!compound || !info->page_size)
		return 0;
	if (compound < info->page_size) {
		snprintf(msg, sizeof(msg),
			 "--compound %s is smaller than this kernel's %s pages: use %s or more",
			 hb_size_str(compound, a, sizeof(a)),
			 hb_size_str(info->page_size, b, sizeof(b)), b);
		hb_err(msg);
		return -EINVAL;
	}
	while (info->page_size << cfg->vmemmap_shift < compound)
		cfg->vmemmap_shift++;
	cfg->compound_size = compound;
	return 0;
}

int hb_precheck(const struct hb_config *cfg, const struct hb_dev *dev)
{
	struct hb_dev_ctx ctx = {
		.path = dev->path, .node = cfg->node, .chunks = cfg->chunks,
		.vmemmap_shift = cfg->vmemmap_shift, .info = &dev->info,
	};
	char msg[512];
	size_t k;
	int err = 0;

	for (k = 0; k < cfg->nr_sizes && !err; k++) {
		ctx.length = cfg->sizes[k];
		err = hb_dev_check(&ctx);
	}
	if (err)
		hb_err(hb_dev_explain(msg, sizeof(msg), HB_OP_MAP, err, &ctx));
	return err;
}

static void hb_config_from_env(const struct hb_measure_env *env,
			       const char *cmd, struct hb_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->command = cmd;
	cfg->workload = "chunk";
	if (env->nr_sizes) {
		memcpy(cfg->sizes, env->sizes, sizeof(cfg->sizes));
		cfg->nr_sizes = env->nr_sizes;
	} else {
		cfg->sizes[0] = env->size;
		cfg->nr_sizes = 1;
	}
	cfg->chunks = env->chunks;
	cfg->iters = env->iters;
	cfg->warmup = env->warmup;
	cfg->node = env->node;
	cfg->interleave = env->interleave;
	cfg->label = env->label;
	cfg->until_ci = env->until_ci;
	cfg->max_time_ns = env->max_time_ns;
}

/* Whether to record the memmap digest; the note why not, unless -q. */
static void hb_verify_decide(const struct hb_measure_env *env,
			     struct hb_config *cfg,
			     const struct hmmbench_info *info)
{
	char note[256];

	cfg->verify = hb_verify_wanted(info, env->no_verify, note,
				       sizeof(note));
	if (!cfg->verify && !env->no_verify && !env->out.quiet)
		hb_err(note);
}

int hb_measure_finish(const struct hb_measure_env *env, struct hb_out *out,
		      struct hb_result *r, int ret)
{
	char msg[512];
	int st;

	if (ret < 0)
		hb_err(r->error);
	if (!r->nr_samples) {
		hb_out_abort(out);
		return ret == HB_STOPPED ? HB_EXIT_INTERRUPTED : HB_EXIT_FAIL;
	}
	st = hb_write_finish(out, hb_render_as(out->f, env->out.format,
					       env->out.wide, r), "results");
	if (st)
		return st;
	if (hb_memmap_warning(r, msg, sizeof(msg)))
		hb_err(msg);
	if (ret == HB_STOPPED) {
		fprintf(stderr, "hmmbench: interrupted: wrote the %zu samples measured so far, marked incomplete\n",
			r->nr_samples);
		return HB_EXIT_INTERRUPTED;
	}
	return ret ? HB_EXIT_FAIL : HB_EXIT_OK;
}

void hb_cmdline_named(struct hb_cmdline *cl, const char *label,
		      const char *device, const struct hb_output *out)
{
	if (label)
		hb_cmdline_opt(cl, "--label", "%s", label);
	if (device)
		hb_cmdline_opt(cl, "--device", "%s", device);
	hb_cmdline_output(cl, out);
}

void hb_cmdline_measure_tail(struct hb_cmdline *cl,
			     const struct hb_measure_env *env)
{
	hb_cmdline_named(cl, env->label, env->device, &env->out);
	if (env->verbose)
		hb_cmdline_word(cl, "--verbose");
}

/* "1G,4G,16G": --sizes as parsed. */
static const char *hb_sizes_str(const struct hb_measure_env *env, char *buf,
				size_t len)
{
	size_t i, used = 0;
	char sz[32];

	buf[0] = '\0';
	for (i = 0; i < env->nr_sizes && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s", i ? "," : "",
				 hb_size_str(env->sizes[i], sz, sizeof(sz)));
	return buf;
}

/*
 * The command line of run or sweep: every option that shapes the
 * measurement, defaults filled in, then those given; NULL without
 * memory.
 */
static char *hb_chunk_cmdline(void *arg)
{
	const struct hb_chunk_job *c = arg;
	const struct hb_measure_env *env = c->env;
	char sizes[HB_MAX_SWEEP * 24];
	struct hb_cmdline cl;

	hb_cmdline_start(&cl, c->r.cfg.command);
	if (env->nr_sizes)
		hb_cmdline_opt(&cl, "--sizes", "%s",
			       hb_sizes_str(env, sizes, sizeof(sizes)));
	else
		hb_cmdline_size(&cl, "--size", env->size);
	if (env->interleave)
		hb_cmdline_word(&cl, "--interleave");
	hb_cmdline_opt(&cl, "--chunks", "%u", env->chunks);
	hb_cmdline_opt(&cl, "--iters", "%u", env->iters);
	hb_cmdline_opt(&cl, "--warmup", "%u", env->warmup);
	if (env->node != HMMBENCH_NODE_LOCAL)
		hb_cmdline_opt(&cl, "--node", "%d", env->node);
	if (env->compound)
		hb_cmdline_size(&cl, "--compound", env->compound);
	if (env->no_verify)
		hb_cmdline_word(&cl, "--no-verify");
	if (env->until_ci)
		hb_cmdline_opt(&cl, "--until-ci", "%g", env->until_ci);
	if (env->max_time_ns)
		hb_cmdline_duration(&cl, "--max-time", env->max_time_ns);
	hb_cmdline_measure_tail(&cl, env);
	return hb_cmdline_end(&cl);
}

int hb_measuring_run(const struct hb_measuring_ops *ops, void *arg,
		     const char *device, const struct hb_output *output,
		     struct hb_meta *meta)
{
	bool tty = ops->progress && hb_progress_tty() && !output->quiet;
	struct hb_out out;
	struct hb_dev dev;
	int ret;

	if (hb_open_device(device, &dev))
		return HB_EXIT_FAIL;
	if (ops->check(arg, &dev) || hb_out_open(&out, output->output)) {
		hb_dev_close(&dev);
		return HB_EXIT_FAIL;
	}
	hb_host_gather_build(&meta->host);
	meta->info = dev.info;
	if (ops->cmdline) {
		hb_runid_new(meta->run_id);
		meta->command_line = ops->cmdline(arg);
	}
	hb_catch_signals();
	ret = ops->loop(arg, &dev, tty);
	/* a loop that ended before its last step left its progress line */
	if (tty)
		fputs("\r\033[K", stderr);
	hb_dev_close(&dev);
	ret = ops->finish(arg, &out, ret);
	free((char *)meta->command_line);
	meta->command_line = NULL;
	return ret;
}

static int hb_chunk_check(void *arg, const struct hb_dev *dev)
{
	struct hb_chunk_job *c = arg;
	int err;

	err = hb_compound_shift(c->env->compound, &c->r.cfg, &dev->info) ?:
	      hb_precheck(&c->r.cfg, dev);
	if (!err)
		hb_verify_decide(c->env, &c->r.cfg, &dev->info);
	return err;
}

static int hb_chunk_loop(void *arg, struct hb_dev *dev, bool tty)
{
	struct hb_chunk_job *c = arg;
	struct hb_progress_ctx pctx = {
		.env = c->env, .tty = tty, .icount = hb_meta_icount(&c->r.meta),
	};

	return hb_bench_run(dev, &c->r, &hb_stop, hb_on_progress, &pctx);
}

static int hb_chunk_finish(void *arg, struct hb_out *out, int ret)
{
	struct hb_chunk_job *c = arg;

	return hb_measure_finish(c->env, out, &c->r, ret);
}

static const struct hb_measuring_ops hb_chunk_ops = {
	.progress = true,
	.check = hb_chunk_check,
	.cmdline = hb_chunk_cmdline,
	.loop = hb_chunk_loop,
	.finish = hb_chunk_finish,
};

static int hb_measure(const struct hb_measure_env *env, const char *cmd)
{
	struct hb_chunk_job c = { .env = env };
	int ret;

	hb_config_from_env(env, cmd, &c.r.cfg);
	ret = hb_measuring_run(&hb_chunk_ops, &c, env->device, &env->out,
			       &c.r.meta);
	hb_result_free(&c.r);
	return ret;
}

int hb_measure_main(const struct argp *argp, int argc, char **argv,
		    const char *cmd,
		    void (*check)(const struct hb_measure_env *env))
{
	struct hb_measure_env env;

	hb_measure_defaults(&env, "Table: every statistic, and each size of a sweep in full");
	if (hb_parse(cmd, argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (check)
		check(&env);
	if (env.out.quiet && env.verbose)
		hb_usage_error("-q and -v contradict each other: pick one");
	return hb_measure(&env, cmd);
}
