// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the opening of a comparison's cover text - the setup
 * paragraph (where it was measured and what that means, the runs and
 * calls of each side, the environment and where it differs, the
 * workload, what --force overrode) and what the lines below it can
 * claim, by how the runs relate to boots.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "render/cmp_cover_setup.h"
#include "render/cmp_fmt.h"
#include "render/renderers.h"
#include "render/wrap.h"
#include "results/env.h"
#include "results/workload.h"
#include "version.h"

/*
 * "new Linux 6.1.0 (new, 6 boots, 36 calls)" for in[@i], "(new, 6 runs
 * in 1 boot, ...)" when its runs shared boots; where it was measured
 * when the inputs differ in that (@where).
 */
static void hb_cover_input(FILE *m, const struct hb_comparison *c, size_t i,
			   bool where)
{
	const struct hb_result *r = &c->in[i].r;
	unsigned int runs = hb_result_runs(r), boots = hb_result_boots(r);
	size_t calls = hb_input_calls(&c->in[i]);
	char w[96];

	fprintf(m, "%s %s Linux\x1f%s", i ? ";" : "", i ? "new" : "base",
		r->meta.host.kernel_release);
	if (where)
		fprintf(m, " %s", hb_host_where(&r->meta.host, w, sizeof(w)));
	fprintf(m, " (%s, ", hb_cmp_name(c, i));
	if (boots != runs)
		fprintf(m, "%u\x1fruns in ", runs);
	fprintf(m, "%u\x1f%s", boots, boots == 1 ? "boot" : "boots");
	if (calls)
		fprintf(m, ", %zu\x1f%s", calls,
			hb_workload_of(&r->cfg)->samples);
	fputc(')', m);
}

/* "timed", or under icount "counted" (in instructions). */
static const char *hb_cover_timed(const struct hb_comparison *c)
{
	return hb_comparison_icount(c) ? "counted" : "timed";
}

/* "base pages (--no-thp)" or "THP (--thp)": what @c asked for. */
static const char *hb_cover_thp(const struct hb_config *c)
{
	return c->thp ? "THP (--thp)" : "base pages (--no-thp)";
}

/*
 * What a migration timed: the buffer moved, the batches, and the pages
 * each side asked for; the orders they moved in come with the lines.
 */
static void hb_cover_migration(FILE *m, const struct hb_comparison *c)
{
	const struct hb_config *cfg = &c->in[0].r.cfg;
	char sz[32], batch[48] = "the kernel's default";
	size_t i;
	bool same = true;

	for (i = 1; i < c->nr_in; i++)
		same &= c->in[i].r.cfg.thp == cfg->thp;
	if (cfg->batch)
		snprintf(batch, sizeof(batch), "%" PRIu64 "\x1fpages",
			 cfg->batch);
	fprintf(m, " Page migration of a %s buffer to one DEVICE_PRIVATE chunk and back (hmmbench migrate, batches of %s), %s in the kernel per MIGRATE call and per CPU fault's handler, and per touch by hmmbench;",
		hb_size_human(cfg->sizes[0], sz, sizeof(sz)), batch,
		hb_cover_timed(c));
	if (same) {
		fprintf(m, " %s asked for.", hb_cover_thp(cfg));
		return;
	}
	fputs(" asked for:", m);
	for (i = 0; i < c->nr_in; i++)
		fprintf(m, "%s %s in %s", i ? "," : "",
			hb_cover_thp(&c->in[i].r.cfg), hb_cmp_name(c, i));
	fputc('.', m);
}

/*
 * The binds of a namespace: a merged result counts the rebinds of all
 * its runs.  \x1f keeps a number with its unit.
 */
static void hb_cover_binds(FILE *m, const struct hb_comparison *c)
{
	const struct hb_result *r = &c->in[0].r;
	const struct hb_config *cfg = &r->cfg;
	unsigned int runs = hb_result_runs(r);
	char buf[160];

	fprintf(m, " Per run, %s, %s in the kernel: the first %s, then ",
		hb_cover_namespace(buf, sizeof(buf), cfg, '\x1f'),
		hb_cover_timed(c),
		cfg->first_bind_reconfigure ?
		"binding (ndctl create-namespace)" : "rebind");
	if (runs > 1 && cfg->iters % runs)
		fprintf(m, "%u\x1frebinds over all %u\x1fruns.",
			cfg->iters, runs);
	else
		fprintf(m, "%u\x1f%s.", cfg->iters / runs,
			cfg->first_bind_reconfigure ? "rebinds" : "more");
}

/* DEVICE_PRIVATE chunks (of compound pages). */
static void hb_cover_chunks(FILE *m, const struct hb_comparison *c)
{
	const struct hb_config *cfg = &c->in[0].r.cfg;
	char buf[160];

	fprintf(m, " DEVICE_PRIVATE memremap_pages() and memunmap_pages()");
	if (hb_config_compound(cfg, buf, sizeof(buf)))
		fprintf(m, " of %s compound pages", buf);
	fprintf(m, " %s in the kernel, %u chunk%s at a time.",
		hb_cover_timed(c), cfg->chunks, cfg->chunks == 1 ? "" : "s");
}

/* A mirror: the buffer, its state, the fault mode and the batches. */
static void hb_cover_mirror(FILE *m, const struct hb_comparison *c)
{
	const struct hb_config *cfg = &c->in[0].r.cfg;
	char sz[32];

	fprintf(m, " MIRROR of a %s buffer (hmmbench mirror --state %s --fault %s, hmm_range_fault() in batches of %" PRIu64 "\x1fpages",
		hb_size_human(cfg->sizes[0], sz, sizeof(sz)),
		cfg->mirror_state, cfg->mirror_fault, cfg->batch);
	if (cfg->invalidate)
		fprintf(m, ", invalidated %" PRIu64 "\x1ftimes a second",
			cfg->invalidate);
	fprintf(m, "), %s in the kernel per call.", hb_cover_timed(c));
}

/* What was timed, in the words of its workload. */
static void (*const hb_cover_workload[HB_NR_WORKLOADS])(FILE *m,
		const struct hb_comparison *c) = {
	[HB_WL_CHUNK] = hb_cover_chunks,
	[HB_WL_BIND] = hb_cover_binds,
	[HB_WL_MIGRATE] = hb_cover_migration,
	[HB_WL_MIRROR] = hb_cover_mirror,
};

/*
 * What emulation means for the changes: when every input was emulated,
 * read them, not the times; when some only, they are the emulation's
 * as much as the kernels'.
 */
static void hb_cover_emulated(FILE *m, const struct hb_comparison *c)
{
	size_t i, n = 0;

	for (i = 0; i < c->nr_in; i++)
		n += hb_meta_emulated(&c->in[i].r.meta);
	if (n == c->nr_in) {
		fputs(" Emulated by QEMU's TCG: read the changes, ratios within these runs, not the absolute times, which say little about hardware.",
		      m);
		return;
	}
	fputs(" Emulated by QEMU's TCG:", m);
	for (i = 0, n = 0; i < c->nr_in; i++)
		if (hb_meta_emulated(&c->in[i].r.meta))
			fprintf(m, "%s %s", n++ ? "," : "", hb_cmp_name(c, i));
	fputs(" only; against a side that was not emulated, a change is the emulation's as much as the kernels'.",
	      m);
}

/* The differences --force overrode, as the notes say them, in one sentence. */
static void hb_cover_forced(FILE *m, const struct hb_comparison *c)
{
	size_t i, n, k = 0;

	if (!c->forced)
		return;
	fputs(" Compared with --force although the inputs differ", m);
	for (i = 0; i < c->nr_notes; i++)
		if (hb_cmp_note_forced(c->notes[i], &n))
			fprintf(m, "%s %.*s", k++ ? ";" : " in", (int)n,
				c->notes[i]);
	fputs(k ? ": the changes below may be those of that difference." :
		  ": the changes below may be those of the difference.", m);
}

/*
 * The environment: the facts every input knows the same, then those in
 * which they differ, which a change may owe as much as the kernels.
 */
static void hb_cover_env(FILE *m, const struct hb_comparison *c)
{
	struct hb_host common = c->in[0].r.meta.host;
	char env[1024];
	size_t i;

	for (i = 1; i < c->nr_in; i++)
		hb_env_common(&common, &c->in[i].r.meta.host);
	if (hb_env_line(&common, env, sizeof(env), HB_NBSP))
		fprintf(m, " Environment: %s.", hb_nbsp_units(env));
	if (hb_cmp_env_diffs(m, c, " The environments differ: "))
		fputs(": a change below may be theirs as much as the kernels'.",
		      m);
}

/*
 * The setup paragraph of a comparison: the machine, where it ran, each
 * input with its kernel, runs and calls, the environment, the workload,
 * what emulation means for the reader and what --force overrode,
 * wrapped for an email.
 */
void hb_cmp_cover_setup(FILE *f, const struct hb_comparison *c)
{
	const struct hb_host *h = &c->in[0].r.meta.host;
	const char *where, *note = NULL;
	char *text = NULL, w[96];
	size_t len = 0, i;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	where = hb_cmp_where(c, w, sizeof(w));
	for (i = 0; i < c->nr_in && !note; i++)
		note = hb_meta_emulation_note(&c->in[i].r.meta);
	fprintf(m, "Measured with hmmbench %s%s%s on %s%s%s, %u\x1f" "CPU%s:",
		HB_VERSION, where ? " " : "", where ? where : "", h->machine,
		h->cpu_model[0] ? ", " : "", h->cpu_model, h->cpus,
		h->cpus == 1 ? "" : "s");
	for (i = 0; i < c->nr_in; i++)
		hb_cover_input(m, c, i, !where);
	fputc('.', m);
	hb_cover_env(m, c);
	hb_cover_workload[hb_workload_of(&c->in[0].r.cfg)->id](m, c);
	if (hb_comparison_icount(c))
		fprintf(m, " %s", HB_ICOUNT_NOTE);
	else if (note)
		hb_cover_emulated(m, c);
	hb_cover_forced(m, c);
	fclose(m);
	hb_wrap(f, text, "", HB_COVER_COLS);
	free(text);
}

/* What a unit of the tests is, by how the runs relate to boots. */
static const char *const hb_cover_unit_text[] = {
	[HB_CMP_BOOT_EACH] = "Each boot counts once, by the mean of its calls.",
	[HB_CMP_ONE_BOOT] = "Each run counts once, by the mean of its calls; the runs of both sides alternate within the same boot.",
	[HB_CMP_SHARED] = "Each run counts once, by the mean of its calls.",
};

/* What the lines below can and cannot claim. */
void hb_cover_units(FILE *f, const struct hb_comparison *c)
{
	bool single = false;
	size_t i;

	for (i = 0; i < c->nr_in; i++)
		single |= hb_result_runs(&c->in[i].r) < 2;
	fputc('\n', f);
	if (single)
		hb_wrap(f, hb_workload_of(&c->in[0].r.cfg)->single, "",
			HB_COVER_COLS);
	else
		hb_wrap(f, hb_cover_unit_text[hb_cmp_boots(c)], "",
			HB_COVER_COLS);
}
