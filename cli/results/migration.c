// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the result of hmmbench migrate - its records and the samples
 * made of them, the order pages moved in, and the summaries: per
 * direction the summary of its calls' samples (metrics.h) and their
 * counts, the first iteration apart from the warm ones, and for faults
 * the percentiles of quantile.h.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "results/fields.h"
#include "results/migration.h"

/* Room for one more record of @size in *@v, which holds *@nr of *@cap. */
static void *hb_mig_grow(void **v, size_t *nr, size_t *cap, size_t size)
{
	char *p;

	if (*nr == *cap) {
		size_t n = *cap ? 2 * *cap : 64;

		p = realloc(*v, n * size);
		if (!p)
			return NULL;
		*v = p;
		*cap = n;
	}
	p = (char *)*v + (*nr)++ * size;
	memset(p, 0, size);
	return p;
}

void hb_mig_config_init(struct hb_config *c)
{
	memset(c, 0, sizeof(*c));
	c->command = "migrate";
	c->workload = "migrate";
	c->nr_sizes = 1;
	c->chunks = 1;
	c->node = HMMBENCH_NODE_LOCAL;
}

struct hb_mig_call *hb_mig_add_call(struct hb_result *r)
{
	return hb_mig_grow((void **)&r->mig.calls, &r->mig.nr_calls, &r->mig.cap_calls,
			   sizeof(*r->mig.calls));
}

struct hb_mig_touches *hb_mig_add_phase(struct hb_result *r)
{
	return hb_mig_grow((void **)&r->mig.phases, &r->mig.nr_phases,
			   &r->mig.cap_phases, sizeof(*r->mig.phases));
}

struct hb_mig_fault *hb_mig_add_fault(struct hb_result *r)
{
	return hb_mig_grow((void **)&r->mig.faults, &r->mig.nr_faults,
			   &r->mig.cap_faults, sizeof(*r->mig.faults));
}

unsigned int hb_mig_iterations(const struct hb_result *r)
{
	unsigned int n = 0;

	if (r->mig.nr_calls)
		n = r->mig.calls[r->mig.nr_calls - 1].iter + 1;
	if (r->mig.nr_phases && r->mig.phases[r->mig.nr_phases - 1].iter + 1 > n)
		n = r->mig.phases[r->mig.nr_phases - 1].iter + 1;
	return n;
}

/* Takes (@run, @iter) into @it when it comes before what @it holds. */
static void hb_mig_earlier(unsigned int run, unsigned int iter, bool *any,
			   struct hb_mig_iter *it)
{
	if (*any && (run > it->run || (run == it->run && iter >= it->iter)))
		return;
	*any = true;
	it->run = run;
	it->iter = iter;
}

/* Whether a record of @run and @iter is one of iteration @it's. */
static bool hb_mig_of(const struct hb_mig_iter *it, unsigned int run,
		      unsigned int iter)
{
	return run == it->run && iter == it->iter;
}

/* Sets the ends of @it's records, and moves @cur past them. */
static void hb_mig_ends(const struct hb_result *r,
			struct hb_mig_cursor *cur, struct hb_mig_iter *it)
{
	const struct hb_mig_records *m = &r->mig;

	it->call = cur->call;
	it->phase = cur->phase;
	it->fault = cur->fault;
	while (cur->call < m->nr_calls &&
	       hb_mig_of(it, m->calls[cur->call].run, m->calls[cur->call].iter))
		cur->call++;
	while (cur->phase < m->nr_phases &&
	       hb_mig_of(it, m->phases[cur->phase].run,
			 m->phases[cur->phase].iter))
		cur->phase++;
	while (cur->fault < m->nr_faults &&
	       hb_mig_of(it, m->faults[cur->fault].run,
			 m->faults[cur->fault].iter))
		cur->fault++;
	it->call_end = cur->call;
	it->phase_end = cur->phase;
	it->fault_end = cur->fault;
}

bool hb_mig_next(const struct hb_result *r, struct hb_mig_cursor *cur,
		 struct hb_mig_iter *it)
{
	bool any = false;

	if (cur->call < r->mig.nr_calls)
		hb_mig_earlier(r->mig.calls[cur->call].run,
			       r->mig.calls[cur->call].iter, &any, it);
	if (cur->phase < r->mig.nr_phases)
		hb_mig_earlier(r->mig.phases[cur->phase].run,
			       r->mig.phases[cur->phase].iter, &any, it);
	if (cur->fault < r->mig.nr_faults)
		hb_mig_earlier(r->mig.faults[cur->fault].run,
			       r->mig.faults[cur->fault].iter, &any, it);
	if (any)
		hb_mig_ends(r, cur, it);
	return any;
}

enum hb_kind hb_mig_kind(unsigned int iter)
{
	return iter ? HB_WARM : HB_COLD;
}

enum hb_mig_order hb_mig_order(uint64_t migrated, uint64_t thp,
			       uint64_t pmd_pages)
{
	if (!migrated)
		return thp ? HB_ORDER_BAD : HB_ORDER_NONE;
	if (!thp)
		return HB_ORDER_BASE;
	if (!pmd_pages || thp > migrated / pmd_pages)
		return HB_ORDER_BAD;
	return thp * pmd_pages == migrated ? HB_ORDER_THP : HB_ORDER_MIXED;
}

const char *hb_mig_order_key(enum hb_mig_order o)
{
	static const char *const keys[] = {
		[HB_ORDER_NONE] = "none",
		[HB_ORDER_BASE] = "base",
		[HB_ORDER_THP] = "thp",
		[HB_ORDER_MIXED] = "mixed",
		[HB_ORDER_BAD] = "inconsistent",
	};

	return keys[o];
}

const char *hb_mig_order_label(char *buf, size_t len, uint64_t migrated,
			       uint64_t thp, uint64_t page_size)
{
	uint64_t pmd = hb_mig_pmd_pages(page_size);
	char base[32];

	hb_size_str(page_size, base, sizeof(base));
	switch (hb_mig_order(migrated, thp, pmd)) {
	case HB_ORDER_NONE:
		snprintf(buf, len, "none moved");
		break;
	case HB_ORDER_BASE:
		snprintf(buf, len, "%s", base);
		break;
	case HB_ORDER_THP:
		snprintf(buf, len, "THP");
		break;
	case HB_ORDER_MIXED:
		snprintf(buf, len, "mixed (%" PRIu64 " THP folio%s + %" PRIu64 " %s page%s)",
			 thp, thp == 1 ? "" : "s", migrated - thp * pmd, base,
			 migrated - thp * pmd == 1 ? "" : "s");
		break;
	default:
		snprintf(buf, len, "inconsistent (%" PRIu64 " THP folios, %" PRIu64 " pages)",
			 thp, migrated);
	}
	return buf;
}

enum hb_mig_order hb_mig_fault_order(uint64_t thp, uint64_t base,
				     uint64_t other)
{
	if (!thp && !base && !other)
		return HB_ORDER_NONE;
	if (!thp && !other)
		return HB_ORDER_BASE;
	if (!base && !other)
		return HB_ORDER_THP;
	return HB_ORDER_MIXED;
}

const char *hb_mig_fault_order_label(char *buf, size_t len, uint64_t thp,
				     uint64_t base, uint64_t other,
				     uint64_t page_size)
{
	char bs[32], rest[64] = "";

	hb_size_str(page_size, bs, sizeof(bs));
	switch (hb_mig_fault_order(thp, base, other)) {
	case HB_ORDER_NONE:
		snprintf(buf, len, "none");
		break;
	case HB_ORDER_BASE:
		snprintf(buf, len, "%s", bs);
		break;
	case HB_ORDER_THP:
		snprintf(buf, len, "THP");
		break;
	default:
		if (other)
			snprintf(rest, sizeof(rest), " + %" PRIu64 " of another order",
				 other);
		snprintf(buf, len, "mixed (%" PRIu64 " THP + %" PRIu64 " %s%s faults)",
			 thp, base, bs, rest);
	}
	return buf;
}

const char *hb_mig_phase_name(size_t p)
{
	return p < HB_MIG_NR_PHASES ? hb_mig_phase_fields.f[p].title :
				      "other";
}

/* The phases of @rec, a reply or record that @t describes. */
static void hb_mig_phases(const struct hb_fields *t, const void *rec,
			  uint64_t *ph)
{
	size_t p;

	for (p = 0; p < HB_MIG_NR_PHASES; p++)
		ph[p] = hb_field_uint(&t->f[p], rec);
}

/* @part as a percentage of @whole, or NAN when @whole is 0. */
static double hb_percent(double part, double whole)
{
	return whole ? 100.0 * part / whole : NAN;
}

/*
 * The sample of call @c of @m: its kernel total and phases, wall time,
 * pages and THPs.
 */
static void hb_mig_call_sample(const struct hb_result *m,
			       const struct hb_mig_call *c, struct hb_sample *s)
{
	s->size = m->cfg.sizes[0];
	s->iter = c->iter;
	s->run = c->run;
	s->kind = hb_mig_kind(c->iter);
	s->group = c->dir;
	s->valid = c->dir == HB_MIG_TO_DEVICE ? HB_T_TO_DEVICE :
						HB_T_TO_SYSTEM;
	s->migrate_ns = c->m.total_ns;
	hb_mig_phases(&hb_mig_phase_fields, &c->m, s->phase_ns);
	s->wall_ns = c->wall_ns;
	s->pages = c->m.migrated;
	s->thp = c->m.thp;
}

/* The sample of fault @f: the handler, the touch, the pages it moved. */
static void hb_mig_fault_sample(const struct hb_result *m,
				const struct hb_mig_fault *f,
				struct hb_sample *s)
{
	uint64_t pmd = hb_mig_pmd_pages(m->meta.info.page_size);

	s->size = m->cfg.sizes[0];
	s->iter = f->iter;
	s->run = f->run;
	s->kind = hb_mig_kind(f->iter);
	s->group = HB_MIG_FAULT;
	s->valid = HB_T_FAULT | HB_T_TOUCH;
	s->migrate_ns = f->rec.total_ns;
	s->touch_ns = f->user_ns;
	s->pages = f->rec.pages;
	s->thp = pmd > 1 && f->rec.pages == pmd;
}

int hb_mig_samples(struct hb_result *r)
{
	struct hb_mig_cursor cur = { 0 };
	struct hb_mig_iter it;
	struct hb_sample *s;
	size_t i;

	while (hb_mig_next(r, &cur, &it)) {
		for (i = it.call; i < it.call_end; i++) {
			s = hb_result_add(r);
			if (!s)
				return -ENOMEM;
			hb_mig_call_sample(r, &r->mig.calls[i], s);
		}
		for (i = it.fault; i < it.fault_end; i++) {
			s = hb_result_add(r);
			if (!s)
				return -ENOMEM;
			hb_mig_fault_sample(r, &r->mig.faults[i], s);
		}
	}
	return 0;
}

uint64_t hb_mig_count(const struct hmmbench_migrate *m,
		      enum hb_mig_count_id id)
{
	return hb_field_uint(&hb_mig_count_fields.f[id], m);
}

static void hb_mig_range_add(struct hb_mig_range *rg, uint64_t v, bool first)
{
	if (first || v < rg->min)
		rg->min = v;
	if (first || v > rg->max)
		rg->max = v;
	rg->total += v;
}

/* The counts of the calls of direction @dir and kind @k into @s. */
static void hb_mig_sum_calls(const struct hb_result *r,
			     enum hb_mig_dir dir, int k,
			     struct hb_mig_summary *s)
{
	const struct hb_mig_call *c;
	size_t i, id;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < r->mig.nr_calls; i++) {
		c = &r->mig.calls[i];
		if (c->dir != dir || (hb_mig_kind(c->iter) == HB_WARM) != k)
			continue;
		for (id = 0; id < HB_MC_NR; id++)
			hb_mig_range_add(&s->count[id], hb_mig_count(&c->m, id),
					 !s->n);
		s->n++;
	}
}

/* The counts of the fault phases of kind @k into @s. */
static void hb_mig_sum_phases(const struct hb_result *r, int k,
			      struct hb_mig_fault_summary *s)
{
	const struct hb_mig_touches *t;
	size_t i;

	for (i = 0; i < r->mig.nr_phases; i++) {
		t = &r->mig.phases[i];
		if ((hb_mig_kind(t->iter) == HB_WARM) != k)
			continue;
		s->phases++;
		s->touches += t->touches;
		s->faults += t->faults;
		s->dropped += t->dropped;
		s->records += t->records;
		s->stale += t->stale;
	}
}

/* Orders and phase shares of the fault samples of kind @k. */
static void hb_mig_sum_orders(const struct hb_result *r, int k,
			      struct hb_mig_fault_summary *s)
{
	uint32_t pmd_order = 0;
	double ph_sum[HB_MIG_NR_PHASES] = { 0 }, total = 0, rest;
	uint64_t ph[HB_MIG_NR_PHASES], pmd;
	const struct hb_mig_fault *f;
	size_t i, p;

	pmd = hb_mig_pmd_pages(r->meta.info.page_size);
	while (pmd > 1ULL << pmd_order)
		pmd_order++;
	for (i = 0; i < r->mig.nr_faults; i++) {
		f = &r->mig.faults[i];
		if ((hb_mig_kind(f->iter) == HB_WARM) != k)
			continue;
		if (!f->rec.order)
			s->base++;
		else if (f->rec.order == pmd_order)
			s->thp++;
		else
			s->other++;
		s->pages += f->rec.pages;
		total += f->rec.total_ns;
		hb_mig_phases(&hb_fault_phase_fields, &f->rec, ph);
		for (p = 0; p < HB_MIG_NR_PHASES; p++)
			ph_sum[p] += ph[p];
	}
	rest = total;
	for (p = 0; p < HB_MIG_NR_PHASES; p++) {
		s->share[p] = hb_percent(ph_sum[p], total);
		rest -= ph_sum[p];
	}
	s->share[HB_MIG_NR_PHASES] = hb_percent(rest, total);
}

/*
 * The faults of kind @k into @s: their phases' counts, the orders and
 * shares of their records, and the percentiles of their samples' touch,
 * handler and the difference.
 */
static int hb_mig_sum_faults(const struct hb_result *r, int k,
			     double *buf, struct hb_mig_fault_summary *s)
{
	static const enum hb_metric_id lat[] = {
		HB_M_TOUCH, HB_M_FAULT, HB_M_FAULT_OUTSIDE,
	};
	struct hb_pcts *out[] = { &s->user, &s->handler, &s->outside };
	enum hb_kind kind = k ? HB_WARM : HB_COLD;
	size_t i, n;
	int ret = 0;

	memset(s, 0, sizeof(*s));
	hb_mig_sum_phases(r, k, s);
	hb_mig_sum_orders(r, k, s);
	for (i = 0; i < sizeof(lat) / sizeof(lat[0]) && !ret; i++) {
		n = hb_metric_values(r, r->cfg.sizes[0], kind, lat[i], buf);
		ret = hb_pcts_compute(buf, n, out[i]);
	}
	s->n = s->user.n;
	return ret;
}

int hb_mig_summarize(const struct hb_result *r,
		     struct hb_mig_summaries *s)
{
	const struct hb_mig_records *m = &r->mig;
	size_t most = r->nr_samples > m->nr_faults ? r->nr_samples :
						     m->nr_faults;
	double *buf = malloc((most ? most : 1) * sizeof(*buf));
	int ret = 0, k;

	if (!buf)
		return -ENOMEM;
	for (k = HB_MIG_FIRST; k <= HB_MIG_WARM && !ret; k++) {
		hb_mig_sum_calls(r, HB_MIG_TO_DEVICE, k,
				 &s->call[HB_MIG_TO_DEVICE][k]);
		hb_mig_sum_calls(r, HB_MIG_TO_SYSTEM, k,
				 &s->call[HB_MIG_TO_SYSTEM][k]);
		ret = hb_mig_sum_faults(r, k, buf, &s->fault[k]);
	}
	free(buf);
	return ret;
}

int hb_mig_summaries_new(const struct hb_result *r,
			 struct hb_mig_summaries **s)
{
	int ret;

	*s = malloc(sizeof(**s));
	if (!*s)
		return -ENOMEM;
	ret = hb_mig_summarize(r, *s);
	if (ret) {
		free(*s);
		*s = NULL;
	}
	return ret;
}
