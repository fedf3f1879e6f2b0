// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the run, sweep and info subcommands - open the device, gather
 * metadata, measure, render - plus what only a process needs: signal
 * handling and progress on a terminal.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cmd.h"
#include "fmt.h"
#include "outfile.h"

static volatile sig_atomic_t hb_stop;

/*
 * First signal: finish the step and write; second: die at once, taking
 * the -o temporary file along.
 */
static void hb_on_signal(int sig)
{
	hb_stop = 1;
	signal(sig, hb_out_fatal_signal);
}

static void hb_catch_signals(void)
{
	struct sigaction sa = { .sa_handler = hb_on_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

static void hb_err(const char *msg)
{
	fprintf(stderr, "hmmbench: %s\n", msg);
}

struct hb_progress_ctx {
	const struct hb_env *env;
	bool tty;
};

/* A raw metric of @s for -v, NAN when not measured. */
static double hb_raw(const struct hb_sample *s, enum hb_metric_id id)
{
	double v;

	return hb_metric_get(&hb_metrics[id], s, NULL, &v) ? v : NAN;
}

static void hb_print_samples(const struct hb_progress *p)
{
	char sz[32], a[32], b[32], c[32];
	size_t i;

	for (i = 0; i < p->nr_samples; i++) {
		const struct hb_sample *s = &p->samples[i];

		fprintf(stderr, "%s iteration %u chunk %u (%s): memremap %s, memmap_init %s, memunmap %s\n",
			hb_size_str(s->size, sz, sizeof(sz)), s->iter,
			s->chunk, hb_kind_name(s->kind),
			hb_fmt_human(a, sizeof(a), HB_UNIT_NS,
				     hb_raw(s, HB_M_MEMREMAP)),
			hb_fmt_human(b, sizeof(b), HB_UNIT_NS,
				     hb_raw(s, HB_M_MEMMAP_INIT)),
			hb_fmt_human(c, sizeof(c), HB_UNIT_NS,
				     hb_raw(s, HB_M_MEMUNMAP)));
	}
}

static void hb_on_progress(const struct hb_progress *p, void *arg)
{
	const struct hb_progress_ctx *ctx = arg;
	double eta = (double)p->elapsed_ns / p->step * (p->steps - p->step);
	char sz[32], t[32];

	if (ctx->env->verbose) {
		if (ctx->tty)
			fputs("\r\033[K", stderr);
		hb_print_samples(p);
	}
	if (!ctx->tty || ctx->env->quiet)
		return;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s iteration %u (%s), ETA %s",
		p->step, p->steps, hb_size_human(p->size, sz, sizeof(sz)),
		p->iter, hb_kind_name(p->kind),
		hb_fmt_human(t, sizeof(t), HB_UNIT_NS, eta));
	if (p->step == p->steps)
		fputs("\r\033[K", stderr);
}

/* Opens the device and reads INFO; prints the sentence on failure. */
static int hb_open_device(const struct hb_env *env, struct hb_dev *dev)
{
	struct hb_dev_ctx ctx = { .path = env->device, .info = &dev->info };
	char msg[512];
	int ret;

	ret = hb_dev_open(dev, env->device);
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

/* Refuses sizes the module will refuse, before measuring anything. */
static int hb_precheck(const struct hb_config *cfg, struct hb_dev *dev)
{
	const struct hmmbench_info *i = &dev->info;
	struct hb_dev_ctx ctx = {
		.path = dev->path, .node = cfg->node, .chunks = cfg->chunks,
		.info = i,
	};
	char msg[512];
	size_t k;
	int err = 0;

	for (k = 0; k < cfg->nr_sizes && !err; k++) {
		ctx.length = cfg->sizes[k];
		if (i->size_align && ctx.length % i->size_align)
			err = -EINVAL;
		else if (cfg->chunks * hb_dev_memmap_cost(i, ctx.length) >
			 i->budget)
			err = -ENOMEM;
	}
	if (!err && cfg->node != HMMBENCH_NODE_LOCAL &&
	    (unsigned int)cfg->node >= i->nr_nodes)
		err = -EINVAL;
	if (err)
		hb_err(hb_dev_explain(msg, sizeof(msg), HB_OP_MAP, err, &ctx));
	return err;
}

static void hb_config_from_env(const struct hb_env *env, const char *cmd,
			       struct hb_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->command = cmd;
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
}

/* Writes @r; the exit status follows how the measurement ended. */
static int hb_finish(const struct hb_env *env, struct hb_out *out,
		     struct hb_result *r, int ret)
{
	if (ret < 0)
		hb_err(r->error);
	if (!r->nr_samples) {
		hb_out_abort(out);
		return ret == HB_STOPPED ? HB_EXIT_INTERRUPTED : HB_EXIT_FAIL;
	}
	if (hb_render(out->f, env->format, r)) {
		hb_err("writing the results failed");
		hb_out_abort(out);
		return HB_EXIT_FAIL;
	}
	if (hb_out_commit(out))
		return HB_EXIT_FAIL;
	if (ret == HB_STOPPED) {
		fprintf(stderr, "hmmbench: interrupted: wrote the %zu samples measured so far, marked incomplete\n",
			r->nr_samples);
		return HB_EXIT_INTERRUPTED;
	}
	return ret ? HB_EXIT_FAIL : HB_EXIT_OK;
}

static int hb_measure(const struct hb_env *env, const char *cmd)
{
	struct hb_result r = { 0 };
	struct hb_progress_ctx pctx = {
		.env = env, .tty = isatty(STDERR_FILENO),
	};
	struct hb_out out;
	struct hb_dev dev;
	int ret;

	hb_config_from_env(env, cmd, &r.cfg);
	if (hb_open_device(env, &dev))
		return HB_EXIT_FAIL;
	if (hb_precheck(&r.cfg, &dev) || hb_out_open(&out, env->output)) {
		hb_dev_close(&dev);
		return HB_EXIT_FAIL;
	}
	hb_host_gather(&r.meta.host);
	r.meta.info = dev.info;
	hb_catch_signals();
	ret = hb_bench_run(&dev, &r, &hb_stop, hb_on_progress, &pctx);
	hb_dev_close(&dev);
	ret = hb_finish(env, &out, &r, ret);
	hb_result_free(&r);
	return ret;
}

int hb_cmd_run(const struct hb_env *env)
{
	return hb_measure(env, "run");
}

int hb_cmd_sweep(const struct hb_env *env)
{
	return hb_measure(env, "sweep");
}

int hb_cmd_info(const struct hb_env *env)
{
	struct hb_meta meta;
	struct hb_out out;
	struct hb_dev dev;

	if (hb_open_device(env, &dev))
		return HB_EXIT_FAIL;
	meta.info = dev.info;
	hb_dev_close(&dev);
	hb_host_gather(&meta.host);
	if (hb_out_open(&out, env->output))
		return HB_EXIT_FAIL;
	if (hb_render_info(out.f, env->format, &meta)) {
		hb_err("writing the information failed");
		hb_out_abort(&out);
		return HB_EXIT_FAIL;
	}
	return hb_out_commit(&out) ? HB_EXIT_FAIL : HB_EXIT_OK;
}
