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
#include "results/fields.h"
#include "results/migration.h"

/*
 * The columns of a fault's row a call leaves empty, offset to user_ns:
 * those before the total and the phases that both have.
 */
#define HB_MIG_CSV_FAULT_ONLY	(HB_MIG_FAULT_CSV - 1 - HB_MIG_NR_PHASES)

/* ",<key>" for the first @n rows of @t. */
static void hb_mig_csv_keys(FILE *f, const struct hb_fields *t, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(f, ",%s", t->f[i].key);
}

/* ",N" for the first @n rows of @t, of @base. */
static void hb_mig_csv_ints(FILE *f, const struct hb_fields *t, size_t n,
			    const void *base)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(f, ",%" PRIu64, hb_field_uint(&t->f[i], base));
}

/* @n empty columns: the other kind of row's. */
static void hb_mig_csv_empty(FILE *f, size_t n)
{
	while (n--)
		fputc(',', f);
}

/* A call's counts and wall time, then a fault's columns. */
static void hb_mig_csv_header(FILE *f)
{
	fputs("iteration,kind,direction", f);
	hb_mig_csv_keys(f, &hb_mig_count_fields, hb_mig_count_fields.n);
	fputs(",wall_ns", f);
	hb_mig_csv_keys(f, &hb_mig_fault_fields, HB_MIG_FAULT_CSV);
	fputs(",time_unit\n", f);
}

static void hb_mig_csv_start(FILE *f, unsigned int iter, enum hb_mig_dir d)
{
	fprintf(f, "%u,%s,%s", iter, hb_kind_name(hb_mig_kind(iter)),
		hb_mig_dir_key(d));
}

static void hb_mig_csv_call(FILE *f, const struct hb_mig_call *c,
			    const char *unit)
{
	const struct hb_fields *ph = &hb_mig_phase_fields;

	hb_mig_csv_start(f, c->iter, c->dir);
	hb_mig_csv_ints(f, &hb_mig_count_fields, hb_mig_count_fields.n,
			&c->m);
	fprintf(f, ",%" PRIu64, c->wall_ns);
	hb_mig_csv_empty(f, HB_MIG_CSV_FAULT_ONLY);
	fprintf(f, ",%" PRIu64, (uint64_t)c->m.total_ns);
	hb_mig_csv_ints(f, ph, ph->n, &c->m);
	fprintf(f, ",%s\n", unit);
}

static void hb_mig_csv_fault(FILE *f, const struct hb_mig_fault *flt,
			     const char *unit)
{
	hb_mig_csv_start(f, flt->iter, HB_MIG_FAULT);
	hb_mig_csv_empty(f, hb_mig_count_fields.n + 1);
	hb_mig_csv_ints(f, &hb_mig_fault_fields, HB_MIG_FAULT_CSV, flt);
	fprintf(f, ",%s\n", unit);
}

void hb_render_mig_csv(FILE *f, const struct hb_result *r)
{
	const char *unit = hb_time_unit(hb_meta_icount(&r->meta));
	struct hb_mig_cursor cur = { 0 };
	struct hb_mig_iter it;
	size_t i;

	hb_mig_csv_header(f);
	while (hb_mig_next(r, &cur, &it)) {
		for (i = it.call; i < it.call_end; i++)
			hb_mig_csv_call(f, &r->mig.calls[i], unit);
		for (i = it.fault; i < it.fault_end; i++)
			hb_mig_csv_fault(f, &r->mig.faults[i], unit);
	}
}
