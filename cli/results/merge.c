// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: merges results of one configuration.  Samples keep their
 * kind, so every run's first call stays cold: the cold statistics of a
 * merge of N boots are over N first-after-boot calls.  A size keeps its
 * memmap digest when every run recorded that same one.  Runs that
 * recorded the same boot id were measured in one boot.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "results/merge.h"
#include "results/runid.h"

/* The runs @in brings: its own sources, or itself as one. */
static size_t hb_merge_runs(const struct hb_input *in)
{
	return hb_result_runs(&in->r);
}

static void hb_merge_source(const struct hb_input *in, size_t k,
			    struct hb_source *src)
{
	const struct hb_result *r = &in->r;

	if (r->nr_sources) {
		*src = r->sources[k];
		if (!src->run_id[0])
			hb_runid_of(r, k, src->run_id);
		return;
	}
	hb_runid_of(r, 0, src->run_id);
	src->file = in->path;
	src->date = r->meta.host.date;
	src->label = r->cfg.label;
	src->kernel_release = r->meta.host.kernel_release;
	src->hostname = r->meta.host.hostname;
	src->boot_id = r->meta.host.boot_id[0] ? r->meta.host.boot_id : NULL;
	src->nr_samples = r->nr_samples;
	src->complete = r->complete;
	src->command_line = r->meta.command_line;
}

static int hb_merge_samples(const struct hb_input *in, unsigned int run,
			    struct hb_result *out)
{
	size_t i;

	for (i = 0; i < in->r.nr_samples; i++) {
		struct hb_sample *s = hb_result_add(out);

		if (!s)
			return -ENOMEM;
		*s = in->r.samples[i];
		s->run += run;
	}
	return 0;
}

static void hb_merge_totals(const struct hb_result *r, struct hb_result *out)
{
	out->cfg.iters += r->cfg.iters;
	out->cfg.warmup += r->cfg.warmup;
	out->wall_ns += r->wall_ns;
	if (!r->complete && out->complete) {
		out->complete = false;
		out->stop_reason = r->stop_reason;
		out->end = r->end;
		memcpy(out->error, r->error, sizeof(out->error));
	}
}

/*
 * The memmap of each size, when every input recorded the same one: with
 * --force a mismatched digest describes none of them.
 */
static void hb_merge_memmaps(const struct hb_input *in, size_t n,
			     struct hb_result *out)
{
	const struct hb_memmap *m;
	size_t k, i;

	for (k = 0; k < out->cfg.nr_sizes; k++) {
		out->memmap[k] = in[0].r.memmap[k];
		for (i = 1; i < n; i++) {
			m = hb_result_memmap(&in[i].r, out->cfg.sizes[k]);
			if (!m || m->digest != out->memmap[k].digest ||
			    m->layout != out->memmap[k].layout)
				out->memmap[k].valid = false;
		}
	}
}

int hb_merge(const struct hb_input *in, size_t n, struct hb_result *out)
{
	size_t i, k, runs = 0;
	int ret = 0;

	for (i = 0; i < n; i++)
		runs += hb_merge_runs(&in[i]);
	memset(out, 0, sizeof(*out));
	out->cfg = in[0].r.cfg;
	out->cfg.iters = out->cfg.warmup = 0;
	out->meta = in[0].r.meta;
	out->meta.command_line = NULL;	/* the merge's, its caller's to say */
	out->complete = true;
	out->end = in[0].r.end;
	out->sources = calloc(runs, sizeof(*out->sources));
	if (!out->sources)
		return -ENOMEM;
	for (i = 0; i < n && !ret; i++) {
		ret = hb_merge_samples(&in[i], out->nr_sources, out);
		for (k = 0; k < hb_merge_runs(&in[i]); k++)
			hb_merge_source(&in[i], k,
					&out->sources[out->nr_sources++]);
		hb_merge_totals(&in[i].r, out);
	}
	hb_merge_memmaps(in, n, out);
	out->nr_boots = hb_sources_boots(out->sources, out->nr_sources);
	if (ret)
		hb_result_free(out);
	return ret;
}
