// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: hmmbench migrate's CSV, version 1 in FORMATS.md - one row per
 * sample in the order measured (the runs of a merged migration one after
 * the other): a MIGRATE of the buffer (to_device, to_system) or a fault,
 * with the columns of the other kind empty.
 */
#include <inttypes.h>
#include <stdio.h>

#include "render/csv_write.h"
#include "render/renderers.h"
#include "results/migration.h"

static const char hb_mig_csv_header[] =
	"iteration,kind,direction,calls,requested,collected,migrated,thp,"
	"split,skip_uncollected,skip_nomem,skip_busy,wall_ns,offset,order,"
	"pages,user_ns,total_ns,setup_ns,alloc_ns,copy_ns,pages_ns,"
	"finalize_ns,time_unit\n";

/* ",N" for each of @n values. */
static void hb_mig_csv_ints(FILE *f, const uint64_t *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(f, ",%" PRIu64, v[i]);
}

static void hb_mig_csv_start(FILE *f, unsigned int iter, enum hb_mig_dir d)
{
	fprintf(f, "%u,%s,%s", iter, hb_kind_name(hb_mig_kind(iter)),
		hb_mig_dir_key(d));
}

static void hb_mig_csv_call(FILE *f, const struct hb_mig_call *c,
			    const char *unit)
{
	const struct hmmbench_migrate *m = &c->m;
	uint64_t v[HB_MC_NR];
	const uint64_t ph[] = {
		m->total_ns, m->setup_ns, m->alloc_ns, m->copy_ns,
		m->pages_ns, m->finalize_ns,
	};
	size_t i;

	for (i = 0; i < HB_MC_NR; i++)
		v[i] = hb_mig_count(m, i);
	hb_mig_csv_start(f, c->iter, c->dir);
	hb_mig_csv_ints(f, v, HB_MC_NR);
	fprintf(f, ",%" PRIu64 ",,,,", c->wall_ns);
	hb_mig_csv_ints(f, ph, sizeof(ph) / sizeof(ph[0]));
	fprintf(f, ",%s\n", unit);
}

static void hb_mig_csv_fault(FILE *f, const struct hb_mig_fault *flt,
			     const char *unit)
{
	const struct hmmbench_fault *k = &flt->rec;
	const uint64_t v[] = {
		flt->offset, k->order, k->pages, flt->user_ns, k->total_ns,
		k->setup_ns, k->alloc_ns, k->copy_ns, k->pages_ns,
		k->finalize_ns,
	};

	hb_mig_csv_start(f, flt->iter, HB_MIG_FAULT);
	fputs(",,,,,,,,,,", f);
	hb_mig_csv_ints(f, v, sizeof(v) / sizeof(v[0]));
	fprintf(f, ",%s\n", unit);
}

void hb_render_mig_csv(FILE *f, const struct hb_mig_result *r)
{
	const char *unit = hb_time_unit(hb_meta_icount(&r->meta));
	struct hb_mig_cursor cur = { 0 };
	struct hb_mig_iter it;
	size_t i;

	fputs(hb_mig_csv_header, f);
	while (hb_mig_next(r, &cur, &it)) {
		for (i = it.call; i < it.call_end; i++)
			hb_mig_csv_call(f, &r->calls[i], unit);
		for (i = it.fault; i < it.fault_end; i++)
			hb_mig_csv_fault(f, &r->faults[i], unit);
	}
}
