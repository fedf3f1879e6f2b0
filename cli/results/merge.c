// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: merges results of one configuration, whatever their
 * workload: samples, and the records a migration's samples are made of.
 * Samples keep their kind, so every run's first call stays cold: the
 * cold statistics of a merge of N boots are over N first-after-boot
 * calls, and a migration's first iterations stay first.  A size keeps its
 * memmap digest when every run recorded that same one, and the host a
 * fact of its environment when every run knew it the same.  Runs that
 * recorded the same boot id were measured in one boot.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "results/env.h"
#include "results/merge.h"
#include "results/migration.h"
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

/*
 * The records of @m (a migration's calls, fault phases and faults), their
 * runs counted from @run, into @out: the samples made of them are pooled
 * beside them, so the records and samples of @out stay each other's.
 */
static int hb_merge_records(const struct hb_result *m, unsigned int run,
			    struct hb_result *out)
{
	struct hb_mig_touches *t;
	struct hb_mig_call *c;
	struct hb_mig_fault *f;
	size_t i;

	for (i = 0; i < m->mig.nr_calls; i++) {
		c = hb_mig_add_call(out);
		if (!c)
			return -ENOMEM;
		*c = m->mig.calls[i];
		c->run += run;
	}
	for (i = 0; i < m->mig.nr_phases; i++) {
		t = hb_mig_add_phase(out);
		if (!t)
			return -ENOMEM;
		*t = m->mig.phases[i];
		t->run += run;
		t->lend.run += run;
	}
	for (i = 0; i < m->mig.nr_faults; i++) {
		f = hb_mig_add_fault(out);
		if (!f)
			return -ENOMEM;
		*f = m->mig.faults[i];
		f->run += run;
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
	out->meta.run_id[0] = '\0';	/* the runs are its sources' */
	/* a migration's roofline stays the first run's, and says so */
	memcpy(out->mig.roof_skip, in[0].r.mig.roof_skip,
	       sizeof(out->mig.roof_skip));
	out->complete = true;
	out->end = in[0].r.end;
	out->sources = calloc(runs, sizeof(*out->sources));
	if (!out->sources)
		return -ENOMEM;
	for (i = 0; i < n && !ret; i++) {
		ret = hb_merge_samples(&in[i], out->nr_sources, out) ?:
		      hb_merge_records(&in[i].r, out->nr_sources, out);
		for (k = 0; k < hb_merge_runs(&in[i]); k++)
			hb_merge_source(&in[i], k,
					&out->sources[out->nr_sources++]);
		hb_merge_totals(&in[i].r, out);
	}
	hb_merge_memmaps(in, n, out);
	for (i = 1; i < n; i++)
		hb_env_common(&out->meta.host, &in[i].r.meta.host);
	out->nr_boots = hb_sources_boots(out->sources, out->nr_sources);
	if (ret)
		hb_result_free(out);
	return ret;
}

