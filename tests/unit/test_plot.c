// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the pictures.  The gnuplot scripts of the saved
 * results and comparisons in golden/ (a run, a sweep, merged runs,
 * migrations, comparisons of runs and of migrations) carry their data
 * and plots; run through gnuplot, each
 * gives a PNG of the size asked for, with a valid header, of a sensible
 * number of bytes.  Without gnuplot (Debian's gnuplot-nox, which
 * tests/deps installs) the drawing tests are skipped, saying so.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <json-c/json.h>

#include "render/plot.h"
#include "results/compare_read.h"

#define WIDTH	1000
#define HEIGHT	480

/* The script for golden/@stem.json, drawing to @out. */
static char *script(const char *stem, const char *out, bool trace)
{
	struct hb_plot_opts o = {
		.output = out, .term = hb_plot_term_of(out),
		.width = WIDTH, .height = HEIGHT, .trace = trace,
	};
	char path[4096], err[512], *buf = NULL;
	struct json_object *doc;
	struct hb_cmp_doc d;
	struct hb_input in;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	snprintf(path, sizeof(path), "%s/%s.json", GOLDEN_DIR, stem);
	assert_int_equal(hb_json_load(path, &doc, err, sizeof(err)), 0);
	if (!strncmp(stem, "compare", 7)) {
		assert_int_equal(hb_cmp_take(&d, path, doc, err, sizeof(err)), 0);
		assert_int_equal(hb_plot_compare(f, &d.c, &o), 0);
		hb_cmp_doc_free(&d);
	} else {
		assert_int_equal(hb_input_take(&in, path, doc, err, sizeof(err)), 0);
		assert_int_equal(hb_plot_result(f, &in.r, &o), 0);
		hb_input_free(&in);
	}
	fclose(f);
	return buf;
}

static void run_trace_has_every_call_and_the_first_apart(void **state)
{
	char *s = script("run", "/tmp/x.png", false);

	(void)state;
	assert_non_null(strstr(s, "set terminal pngcairo size 1000,480"));
	assert_non_null(strstr(s, "set output '/tmp/x.png'\n"));
	/* calls 1 to 5: 58 ms cold, warmup 30, then 26, 28, 30 */
	assert_non_null(strstr(s, "$m0 << EOD\n1 58\n2 30\n3 26\n4 28\n5 30\nEOD\n"));
	/* call 4 has no phase */
	assert_non_null(strstr(s, "$m1 << EOD\n1 20\n2 20\n3 20\n5 20\nEOD\n"));
	assert_non_null(strstr(s, "$first << EOD\n1 58\nEOD\n"));
	assert_non_null(strstr(s, "title 'first call'"));
	free(s);
}

/* 1 and 4 GiB: the warm means with intervals, the first calls, ns/4KiB. */
static void sweep_has_one_row_per_size(void **state)
{
	char *s = script("sweep", "/tmp/x.svg", false), *row;

	(void)state;
	assert_non_null(strstr(s, "set terminal svg size 1000,480"));
	row = strstr(s, "$sweep << EOD\n1 ");
	assert_non_null(row);
	assert_non_null(strstr(row, "\n4 "));
	assert_non_null(strstr(s, "set logscale x 2"));
	assert_non_null(strstr(s, "with yerrorlines"));
	assert_non_null(strstr(s, "'first call, memremap'"));
	free(s);
}

static void comparison_has_means_and_change(void **state)
{
	char *s = script("compare-runs", "/tmp/x.png", false);

	(void)state;
	/* 1 GiB: base 91.8 ms, new 55.8 ms, -39.2157 % */
	assert_non_null(strstr(s, "$c1 << EOD\n1 91.8 "));
	assert_non_null(strstr(s, " 55.8 "));
	assert_non_null(strstr(s, " -39.2157 "));
	assert_non_null(strstr(s, "memmap_init phase, warm calls"));
	free(s);
}

/*
 * A migration: each MIGRATE's kernel time by iteration, the first ones
 * marked, and the warm faults' handler and touch as distributions.
 */
static void migration_has_its_calls_and_its_faults(void **state)
{
	char *s = script("migrate", "/tmp/x.png", false), *p;

	(void)state;
	assert_non_null(strstr(s, "set multiplot layout 1,2 title 'hmmbench migrate: 16 MiB, Linux 6.1.192'\n"));
	/* to-device: 8 ms first, then 6.0, 6.2, 6.1 */
	assert_non_null(strstr(s, "$d0 << EOD\n1 8\n2 6\n3 6.2\n4 6.1\nEOD\n$f0 << EOD\n1 8\nEOD\n"));
	assert_non_null(strstr(s, "title 'to-device (THP)'"));
	assert_non_null(strstr(s, "title 'to-system (mixed (22 THP folios + 1024 4K pages))'"));
	assert_non_null(strstr(s, "title 'first iteration'"));
	/* the 24 warm handlers: 897 to 904 us; each touch 3 us more */
	p = strstr(s, "$handler << EOD\n897 0\n");
	assert_non_null(p);
	assert_non_null(strstr(p, "\n904 1\nEOD\n$touch << EOD\n900 0\n"));
	assert_non_null(strstr(s, "set logscale x 10"));
	free(s);
}

/* Without to-system, no to-system line; the faults of 4K pages. */
static void migration_draws_what_it_measured(void **state)
{
	char *s = script("migrate-4k", "/tmp/x.png", false);

	(void)state;
	assert_non_null(strstr(s, "title 'to-device (4K)'"));
	assert_null(strstr(s, "$d1 using"));
	assert_non_null(strstr(s, "'warm faults (4K), share at most'"));
	free(s);
}

/* A comparison of migrations: by its primary metric, to-device. */
static void migrations_compare_by_to_device(void **state)
{
	char *s = script("compare-migrate", "/tmp/x.png", false);

	(void)state;
	/* 4 MiB: 10.05 ms against 5.0 ms */
	assert_non_null(strstr(s, "$c1 << EOD\n0.00390625 10.05 "));
	assert_non_null(strstr(s, "to-device, warm calls"));
	assert_non_null(strstr(s, "set xlabel 'buffer size (GiB)'"));
	free(s);
}

/* Under icount the axes count instructions, never time. */
static void icount_axes_count_instructions(void **state)
{
	char *s = script("run-icount", "/tmp/x.png", false);

	(void)state;
	assert_non_null(strstr(s, "set ylabel 'M instr per call'\n"));
	assert_null(strstr(s, "ms per"));
	free(s);
	s = script("compare-icount", "/tmp/x.png", false);
	assert_non_null(strstr(s, "set ylabel 'M instr per call (mean of the calls, 95% CI)'\n"));
	assert_null(strstr(s, "ms per"));
	free(s);
	s = script("run", "/tmp/x.png", false);
	assert_non_null(strstr(s, "set ylabel 'ms per call'\n"));
	free(s);
}

/* PNG: signature, then IHDR with the width and height, big-endian. */
static void check_png(const char *path)
{
	static const unsigned char sig[8] = {
		0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
	};
	unsigned char h[24];
	FILE *f = fopen(path, "rb");
	long size;

	assert_non_null(f);
	assert_int_equal(fread(h, 1, sizeof(h), f), sizeof(h));
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fclose(f);
	assert_memory_equal(h, sig, sizeof(sig));
	assert_memory_equal(h + 12, "IHDR", 4);
	assert_int_equal((h[16] << 24) | (h[17] << 16) | (h[18] << 8) | h[19],
			 WIDTH);
	assert_int_equal((h[20] << 24) | (h[21] << 16) | (h[22] << 8) | h[23],
			 HEIGHT);
	/* axes, labels and lines: more than a blank page, less than a photo */
	assert_in_range(size, 10000, 1000000);
}

/* Draws golden/@stem.json with gnuplot and checks the PNG. */
static void draw(const char *stem, bool trace)
{
	char png[] = "/tmp/hmmbench-plot-XXXXXX.png";
	char gp[] = "/tmp/hmmbench-plot-XXXXXX.gp";
	char cmd[256], *s;
	int fd;
	FILE *f;

	if (system("command -v gnuplot >/dev/null 2>&1"))
		skip();
	fd = mkstemps(png, 4);
	assert_true(fd >= 0);
	close(fd);
	fd = mkstemps(gp, 3);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	s = script(stem, png, trace);
	fputs(s, f);
	fclose(f);
	free(s);
	snprintf(cmd, sizeof(cmd), "gnuplot %s", gp);
	assert_int_equal(system(cmd), 0);
	check_png(png);
	unlink(png);
	unlink(gp);
}

static void run_draws_to_png(void **state)
{
	(void)state;
	draw("run", false);
}

static void sweep_draws_to_png(void **state)
{
	(void)state;
	draw("sweep", false);
}

static void sweep_trace_draws_to_png(void **state)
{
	(void)state;
	draw("sweep", true);
}

static void merged_draws_to_png(void **state)
{
	(void)state;
	draw("merged", false);
}

static void comparisons_draw_to_png(void **state)
{
	(void)state;
	draw("compare-runs", false);
	draw("compare-three", false);
}

static void migrations_draw_to_png(void **state)
{
	(void)state;
	draw("migrate", false);
	draw("migrate-4k", false);
	draw("migrate-merged", false);
	draw("compare-migrate", false);
}

/* The terminal goes by the extension, in any case; others are none. */
static void terminal_by_extension(void **state)
{
	char *s;

	(void)state;
	assert_int_equal(hb_plot_term_of("a.png"), HB_PLOT_PNG);
	assert_int_equal(hb_plot_term_of("a.SVG"), HB_PLOT_SVG);
	assert_int_equal(hb_plot_term_of("dir.png/a.pdf"), HB_PLOT_PDF);
	assert_int_equal(hb_plot_term_of("a.jpg"), HB_PLOT_UNKNOWN);
	assert_int_equal(hb_plot_term_of("png"), HB_PLOT_UNKNOWN);
	assert_int_equal(hb_plot_term_of("-"), HB_PLOT_UNKNOWN);
	s = script("run", "/tmp/x.pdf", false);
	assert_non_null(strstr(s, "set terminal pdfcairo size 10.00in,4.80in "));
	free(s);
	s = script("run", "/tmp/x.svg", false);
	assert_non_null(strstr(s, "set terminal svg size 1000,480 "));
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(run_trace_has_every_call_and_the_first_apart),
		cmocka_unit_test(terminal_by_extension),
		cmocka_unit_test(sweep_has_one_row_per_size),
		cmocka_unit_test(comparison_has_means_and_change),
		cmocka_unit_test(icount_axes_count_instructions),
		cmocka_unit_test(run_draws_to_png),
		cmocka_unit_test(sweep_draws_to_png),
		cmocka_unit_test(sweep_trace_draws_to_png),
		cmocka_unit_test(merged_draws_to_png),
		cmocka_unit_test(comparisons_draw_to_png),
		cmocka_unit_test(migration_has_its_calls_and_its_faults),
		cmocka_unit_test(migration_draws_what_it_measured),
		cmocka_unit_test(migrations_compare_by_to_device),
		cmocka_unit_test(migrations_draw_to_png),
	};

	return cmocka_run_group_tests_name("plot", tests, NULL, NULL);
}
