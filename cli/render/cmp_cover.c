// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: a comparison as sentences for a patch cover letter - "With
 * this series applied, the average memremap time for a 64 GiB chunk drops
 * from X to Y (...)." or "shows no detectable change" - wrapped at 72
 * columns, plain ASCII, followed by the notes a reviewer should see.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "render/cmp_fmt.h"
#include "render/renderers.h"
#include "version.h"

#define HB_COVER_COLS	72
/* A space the wrapping must not break at ("64 GiB", "p = 0.03"). */
#define HB_NBSP		'\x1f'

/* Prints @text wrapped at HB_COVER_COLS, continuation lines indented. */
static void hb_cover_wrap(FILE *f, const char *text, const char *indent)
{
	size_t col = 0, w, ind = strlen(indent);
	const char *p = text;

	while (*p) {
		w = strcspn(p, " ");
		if (col && col + 1 + w > HB_COVER_COLS) {
			fprintf(f, "\n%s", indent);
			col = ind;
		} else if (col) {
			fputc(' ', f);
			col++;
		}
		for (; w; w--, p++, col++)
			fputc(*p == HB_NBSP ? ' ' : *p, f);
		p += strspn(p, " ");
	}
	fputc('\n', f);
}

static void hb_cover_setup(FILE *f, const struct hb_comparison *c)
{
	const struct hb_host *h = &c->in[0].r.meta.host;
	char *text = NULL;
	size_t len = 0, i;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	fprintf(m, "Measured with hmmbench %s on %s%s%s, %u CPUs:", HB_VERSION,
		h->machine, h->cpu_model[0] ? ", " : "", h->cpu_model, h->cpus);
	for (i = 0; i < c->nr_in; i++)
		fprintf(m, "%s %s Linux %s (%s)", i ? ";" : "",
			i ? "new" : "base", c->in[i].r.meta.host.kernel_release,
			hb_cmp_name(c, i));
	fprintf(m, ". DEVICE_PRIVATE memremap_pages() and memunmap_pages() timed in the kernel, %u chunk%s at a time.",
		c->in[0].r.cfg.chunks, c->in[0].r.cfg.chunks == 1 ? "" : "s");
	fclose(m);
	hb_cover_wrap(f, text, "");
	free(text);
}

/* hb_size_human() with unbreakable spaces. */
static const char *hb_cover_size(uint64_t size, char *buf, size_t len)
{
	char *p;

	for (p = (char *)hb_size_human(size, buf, len); *p; p++)
		if (*p == ' ')
			*p = HB_NBSP;
	return buf;
}

/* "With this series applied, the average memremap time for a 1 GiB chunk" */
static void hb_cover_subject(FILE *m, const struct hb_comparison *c,
			     const struct hb_cmp_row *row)
{
	char sz[32];

	if (c->nr_in == 2)
		fputs("With this series applied, the ", m);
	else
		fprintf(m, "With %s, the ", hb_cmp_name(c, row->file));
	fprintf(m, "%s%s for a %s chunk%s", row->tested ? "average " : "",
		hb_metrics[row->metric].phrase,
		hb_cover_size(row->size, sz, sizeof(sz)),
		row->kind == HB_COLD ? " on the first call after boot" : "");
}

/*
 * "(-52.8%, 95% CI -53.8% to -52.2%, Welch p = ..., n = 10+10)", or with
 * runs as units "..., n = 6+6 runs, 60+60 samples)".
 */
static void hb_cover_stats(FILE *m, const struct hb_cmp_row *row)
{
	char pw[16], pu[16];

	fprintf(m, "(%+.1f%%, 95%%\x1f" "CI %+.1f%%\x1fto\x1f%+.1f%%, Welch\x1fp\x1f=\x1f%s, Mann-Whitney\x1fp\x1f=\x1f%s, n\x1f=\x1f%zu+%zu",
		row->rel, row->w.rel_lo, row->w.rel_hi,
		hb_cmp_fmt_p(pw, sizeof(pw), row->w.p),
		hb_cmp_fmt_p(pu, sizeof(pu), row->u.p), row->na, row->nb);
	if (row->by_run)
		fprintf(m, "\x1fruns, %zu+%zu\x1fsamples", row->a.n, row->b.n);
	fputc(')', m);
}

/* One sentence for the untested first calls of one size. */
static void hb_cover_untested(FILE *f, const struct hb_comparison *c,
			      const struct hb_cmp_row *row, size_t end)
{
	const struct hb_cmp_row *r;
	const char *sep = "";
	char sz[32], a[32], b[32], *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	fprintf(m, "%s%s, on the first call after boot for a %s chunk (one call each, so not tested):",
		c->nr_in == 2 ? "With this series applied" : "With ",
		c->nr_in == 2 ? "" : hb_cmp_name(c, row->file),
		hb_cover_size(row->size, sz, sizeof(sz)));
	for (r = row; r < &c->rows[end]; r++) {
		enum hb_unit unit = hb_metrics[r->metric].unit;

		if (!hb_metrics[r->metric].phrase)
			continue;
		fprintf(m, "%s %s %s\x1f->\x1f%s", sep,
			hb_metrics[r->metric].phrase,
			hb_fmt_human(a, sizeof(a), unit, r->w.mean_a),
			hb_fmt_human(b, sizeof(b), unit, r->w.mean_b));
		sep = ";";
	}
	fputc('.', m);
	fclose(m);
	fputc('\n', f);
	hb_cover_wrap(f, text, "");
	free(text);
}

static void hb_cover_sentence(FILE *f, const struct hb_comparison *c,
			      const struct hb_cmp_row *row)
{
	enum hb_unit unit = hb_metrics[row->metric].unit;
	char a[32], b[32], *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	hb_cover_subject(m, c, row);
	hb_fmt_human(a, sizeof(a), unit, row->w.mean_a);
	hb_fmt_human(b, sizeof(b), unit, row->w.mean_b);
	if (!row->significant)
		fprintf(m, " shows no detectable change: %s before, %s after ",
			a, b);
	else
		fprintf(m, " %s from %s to %s ",
			row->rel < 0 ? "drops" : "rises", a, b);
	hb_cover_stats(m, row);
	fputc('.', m);
	fclose(m);
	fputc('\n', f);
	hb_cover_wrap(f, text, "");
	free(text);
}

/* The rows of one new input, size and kind: [@i, return value). */
static size_t hb_cover_group_end(const struct hb_comparison *c, size_t i)
{
	size_t j = i + 1;

	while (j < c->nr_rows && c->rows[j].file == c->rows[i].file &&
	       c->rows[j].size == c->rows[i].size &&
	       c->rows[j].kind == c->rows[i].kind)
		j++;
	return j;
}

static void hb_cover_kind(FILE *f, const struct hb_comparison *c,
			  enum hb_kind kind)
{
	size_t i, j, end;

	for (i = 0; i < c->nr_rows; i = end) {
		end = hb_cover_group_end(c, i);
		if (c->rows[i].kind != kind)
			continue;
		if (!c->rows[i].tested) {
			hb_cover_untested(f, c, &c->rows[i], end);
			continue;
		}
		for (j = i; j < end; j++)
			if (hb_metrics[c->rows[j].metric].phrase)
				hb_cover_sentence(f, c, &c->rows[j]);
	}
}

void hb_render_cmp_cover(FILE *f, const struct hb_comparison *c)
{
	char rule[160];
	size_t i;

	hb_cover_setup(f, c);
	/* the averages first, the first calls after boot below */
	hb_cover_kind(f, c, HB_WARM);
	hb_cover_kind(f, c, HB_COLD);
	snprintf(rule, sizeof(rule), "p: two-sided. A change is reported only when Welch's t-test and the exact Mann-Whitney U test both give p < %g.",
		 c->alpha);
	fputc('\n', f);
	hb_cover_wrap(f, rule, "");
	for (i = 0; i < c->nr_notes; i++) {
		char *note;

		if (asprintf(&note, "Note: %s.", c->notes[i]) < 0)
			return;
		hb_cover_wrap(f, note, "  ");
		free(note);
	}
}
