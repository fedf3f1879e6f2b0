// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: run identities, and the check that merge and compare see
 * every run once.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "results/runid.h"

void hb_runid_new(char *buf)
{
	uint64_t v[2];
	size_t got = 0;
	ssize_t n;

	while (got < sizeof(v)) {
		n = getrandom((char *)v + got, sizeof(v) - got, 0);
		if (n <= 0)
			break;
		got += n;
	}
	/* no entropy at all: the clock still tells two runs apart */
	if (got < sizeof(v)) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		v[0] ^= (uint64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
		v[1] ^= (uint64_t)getpid() << 32 ^ (uint64_t)clock();
	}
	snprintf(buf, HB_RUNID_LEN, "%016" PRIx64 "%016" PRIx64, v[0], v[1]);
}

/* FNV-1a, 64 bits. */
static uint64_t hb_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--)
		h = (h ^ *c++) * 0x100000001b3ULL;
	return h;
}

static uint64_t hb_fnv_str(uint64_t h, const char *s)
{
	return hb_fnv(h, s ? s : "", s ? strlen(s) + 1 : 1);
}

static uint64_t hb_fnv_u64(uint64_t h, uint64_t v)
{
	return hb_fnv(h, &v, sizeof(v));
}

/* The measured values of @s, not where a merge put it. */
static uint64_t hb_fnv_sample(uint64_t h, const struct hb_sample *s)
{
	const uint64_t v[] = {
		s->size, s->iter, s->chunk, s->kind, s->valid, s->phys_start,
		s->pages, s->bind_ns, s->unbind_ns, s->region_ns,
		s->memremap_ns, s->memmap_init_ns, s->memunmap_ns,
		s->release_ns,
	};
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		h = hb_fnv_u64(h, v[i]);
	/* a migration's times; a run's hash stays what it always was */
	if (s->valid & (HB_T_TO_DEVICE | HB_T_TO_SYSTEM | HB_T_FAULT)) {
		h = hb_fnv_u64(h, s->migrate_ns);
		h = hb_fnv_u64(h, s->touch_ns);
		h = hb_fnv_u64(h, s->thp);
	}
	return h;
}

/* Where and when run @k of @r was measured: its source's, or its own. */
struct hb_run_place {
	const char *date;
	const char *hostname;
	const char *boot_id;	/* NULL when not recorded */
};

static struct hb_run_place hb_run_place(const struct hb_result *r, size_t k)
{
	const struct hb_host *h = &r->meta.host;

	if (r->nr_sources)
		return (struct hb_run_place){ r->sources[k].date,
					      r->sources[k].hostname,
					      r->sources[k].boot_id };
	return (struct hb_run_place){ h->date, h->hostname,
				      h->boot_id[0] ? h->boot_id : NULL };
}

/* The content hash of run @k of @r: where and when, and its samples. */
static uint64_t hb_runid_hash(const struct hb_result *r, size_t k)
{
	struct hb_run_place p = hb_run_place(r, k);
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	h = hb_fnv_str(h, p.date);
	h = hb_fnv_str(h, p.hostname);
	h = hb_fnv_str(h, p.boot_id);
	for (i = 0; i < r->nr_samples; i++)
		if (!r->nr_sources || r->samples[i].run == k)
			h = hb_fnv_sample(h, &r->samples[i]);
	return h;
}

void hb_runid_of(const struct hb_result *r, size_t k, char *buf)
{
	const char *id = r->nr_sources ? r->sources[k].run_id :
			 r->meta.run_id;

	if (*id)
		snprintf(buf, HB_RUNID_LEN, "%s", id);
	else
		snprintf(buf, HB_RUNID_LEN, "content:%016" PRIx64,
			 hb_runid_hash(r, k));
}

/* One run of one input. */
struct hb_run_ref {
	char id[HB_RUNID_LEN];
	size_t input;
	size_t run;
};

static int hb_run_ref_cmp(const void *a, const void *b)
{
	const struct hb_run_ref *x = a, *y = b;
	int c = strcmp(x->id, y->id);

	if (c)
		return c;
	return x->input < y->input ? -1 : x->input > y->input;
}

/* When and where run @k of @r was measured, for the sentence. */
static void hb_run_where(const struct hb_result *r, size_t k, char *buf,
			 size_t len)
{
	struct hb_run_place p = hb_run_place(r, k);

	snprintf(buf, len, "measured %s on %s",
		 p.date && *p.date ? p.date : "?",
		 p.hostname && *p.hostname ? p.hostname : "?");
}

/* Whether refs @a and @b may not both be there. */
static bool hb_run_clash(const struct hb_run_ref *a,
			 const struct hb_run_ref *b, bool base_only)
{
	if (a->input == b->input || !base_only)
		return true;
	return a->input == 0 || b->input == 0;
}

static int hb_runid_explain(const struct hb_input *in,
			    const struct hb_run_ref *a,
			    const struct hb_run_ref *b, const char *why,
			    char *err, size_t len)
{
	char where[128];

	hb_run_where(&in[a->input].r, a->run, where, sizeof(where));
	if (a->input == b->input)
		snprintf(err, len, "%s holds the same run twice (%s): %s",
			 in[a->input].path, where, why);
	else
		snprintf(err, len, "%s and %s hold the same run (%s): %s",
			 in[a->input].path, in[b->input].path, where, why);
	return -EINVAL;
}

int hb_runid_check(const struct hb_input *in, size_t n, bool base_only,
		   const char *why, char *err, size_t len)
{
	struct hb_run_ref *refs;
	size_t i, j, k, nr = 0;
	int ret = 0;

	for (i = 0; i < n; i++)
		nr += hb_result_runs(&in[i].r);
	refs = calloc(nr ? nr : 1, sizeof(*refs));
	if (!refs) {
		snprintf(err, len, "out of memory");
		return -ENOMEM;
	}
	for (i = 0, nr = 0; i < n; i++) {
		for (k = 0; k < hb_result_runs(&in[i].r); k++, nr++) {
			hb_runid_of(&in[i].r, k, refs[nr].id);
			refs[nr].input = i;
			refs[nr].run = k;
		}
	}
	qsort(refs, nr, sizeof(*refs), hb_run_ref_cmp);
	for (i = 0; i < nr && !ret; i = j) {
		for (j = i + 1; j < nr && !strcmp(refs[i].id, refs[j].id); j++)
			for (k = i; k < j && !ret; k++)
				if (hb_run_clash(&refs[k], &refs[j], base_only))
					ret = hb_runid_explain(in, &refs[k],
							       &refs[j], why,
							       err, len);
	}
	free(refs);
	return ret;
}
