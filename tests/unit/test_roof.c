// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the roofline against the fake device - ROOFLINE
 * asked once per size after the measurement loop, the efficiency of the
 * memmap_init phase computed from it, its absence when the module or the
 * architecture lacks it, its error sentence, and how every format (the
 * prose of render/roof.c in the table and the cover text) and the reader
 * carry it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "fake_dev.h"
#include "fixture.h"
#include "measure/bench.h"
#include "results/compare.h"
#include "results/result_read.h"

#define GIB	(1ULL << 30)

static struct hb_dev dev;
static struct hb_result r;
static volatile sig_atomic_t stop;

/* A run of 1 GiB, 3 warm iterations, on a module with ROOFLINE. */
static int setup(void **state)
{
	(void)state;
	fake_reset();
	fake.features |= HMMBENCH_FEAT_ROOFLINE;
	stop = 0;
	memset(&r, 0, sizeof(r));
	r.cfg.command = "run";
	r.cfg.workload = "chunk";
	r.cfg.sizes[0] = GIB;
	r.cfg.nr_sizes = 1;
	r.cfg.chunks = 1;
	r.cfg.iters = 3;
	r.cfg.node = HMMBENCH_NODE_LOCAL;
	if (hb_dev_open(&dev, NULL) || hb_dev_info(&dev))
		return -1;
	r.meta.info = dev.info;
	strcpy(r.meta.host.accel, "kvm");
	fake.nr_calls = 0;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	hb_dev_close(&dev);
	hb_result_free(&r);
	return 0;
}

static int run(void)
{
	return hb_bench_run(&dev, &r, &stop, NULL, NULL);
}

/* Metric @mi of sample @i, which must have it. */
static double metric(size_t i, enum hb_metric_id mi)
{
	double v;

	assert_true(hb_metric_get(&hb_metrics[mi], &r.samples[i], &r.meta,
				  &v));
	return v;
}

static void measured_once_per_size_after_every_unmap(void **state)
{
	unsigned int c, last_unmap = 0, roofs = 0;

	(void)state;
	r.cfg.command = "sweep";
	r.cfg.workload = "chunk";
	r.cfg.sizes[1] = 2 * GIB;
	r.cfg.nr_sizes = 2;
	r.cfg.node = 0;
	assert_int_equal(run(), 0);
	assert_int_equal(fake.roofs, 2);
	for (c = 0; c < fake.nr_calls; c++) {
		if (fake.calls[c].cmd == HMMBENCH_IOC_UNMAP)
			last_unmap = c;
		if (fake.calls[c].cmd != HMMBENCH_IOC_ROOFLINE)
			continue;
		assert_true(c > last_unmap);
		assert_int_equal(fake.calls[c].length, r.cfg.sizes[roofs]);
		assert_int_equal(fake.calls[c].node, 0);
		assert_int_equal(fake.calls[c].size,
				 sizeof(struct hmmbench_roofline));
		roofs++;
	}
	assert_int_equal(r.meta.roof[1].size, 2 * GIB);
	assert_int_equal(r.meta.roof[1].bytes, 2 * 262144 * 64);
	assert_int_equal(r.meta.roof[1].plain_ns, 2 * 262144 * 64 / 16);
	assert_int_equal(r.meta.roof[1].nt_ns, 2 * 262144 * 64 / 32);
	assert_true(r.complete);
}

/*
 * 1 GiB: 16 MiB of struct pages; plain stores take 16 MiB / 16 = 1048576
 * ns, non-temporal 524288 ns.  Sample 1's phase took (2621440 + 1000) /
 * 10 * 9 = 2360196 ns, so the phase ran at 1048576 / 2360196 of the
 * plain-store bandwidth.
 */
static void efficiency_is_phase_rate_over_store_rate(void **state)
{
	double bps;

	(void)state;
	assert_int_equal(run(), 0);
	assert_true(hb_roof_rate(&r.meta.roof[0], HMMBENCH_R_PLAIN, &bps));
	assert_float_equal(bps, 16e9, 1e-3);
	assert_float_equal(metric(1, HB_M_ROOF_PLAIN), 1048576.0 / 2360196,
			   1e-12);
	assert_float_equal(metric(1, HB_M_ROOF_NT), 524288.0 / 2360196,
			   1e-12);
}

static void module_without_roofline_is_not_asked(void **state)
{
	char *json;
	double v;

	(void)state;
	dev.info.features &= ~HMMBENCH_FEAT_ROOFLINE;
	assert_int_equal(run(), 0);
	assert_int_equal(fake.roofs, 0);
	assert_null(hb_meta_roof(&r.meta, GIB));
	assert_false(hb_metric_get(&hb_metrics[HB_M_ROOF_PLAIN],
				   &r.samples[1], &r.meta, &v));
	json = fixture_render(HB_FMT_JSON, &r);
	assert_null(strstr(json, "\"rooflines\""));
	assert_non_null(strstr(json, "\"memmap_init_efficiency_plain\":null"));
	free(json);
}

/* arm64: HMMBENCH_R_NT clear, the non-temporal figures absent, not 0. */
static void missing_nt_stores_are_absent_not_zero(void **state)
{
	char *t, *json;
	double v;

	(void)state;
	fake.roof_valid = HMMBENCH_R_PLAIN;
	assert_int_equal(run(), 0);
	assert_true(hb_metric_get(&hb_metrics[HB_M_ROOF_PLAIN],
				  &r.samples[1], &r.meta, &v));
	assert_false(hb_metric_get(&hb_metrics[HB_M_ROOF_NT], &r.samples[1],
				   &r.meta, &v));
	json = fixture_render(HB_FMT_JSON, &r);
	t = fixture_json_member(json, "rooflines");
	free(json);
	assert_string_equal(t, "[{\"size\":1073741824,\"bytes\":16777216,\"plain_ns\":1048576,\"plain_bytes_per_s\":16000000000,\"nt_ns\":null,\"nt_bytes_per_s\":null}]");
	free(t);
	t = fixture_render(HB_FMT_TABLE, &r);
	assert_non_null(strstr(t, "no cache-bypassing stores on this"));
	free(t);
	t = fixture_render(HB_FMT_CSV, &r);
	assert_non_null(strstr(t, ",,0.444275,,,,,ns\n"));
	free(t);
}

static void enomem_stops_the_run_with_a_sentence(void **state)
{
	(void)state;
	fake.fail_cmd = HMMBENCH_IOC_ROOFLINE;
	fake.fail_errno = ENOMEM;
	assert_int_equal(run(), -ENOMEM);
	assert_false(r.complete);
	assert_string_equal(r.stop_reason, "error");
	assert_int_equal(r.nr_samples, 4);
	assert_int_equal(fake.live, 0);
	assert_non_null(strstr(r.error, "could not get a 16 MiB buffer"));
	assert_non_null(strstr(r.error, "1G chunk"));
}

static void every_format_carries_the_efficiency(void **state)
{
	char *t;

	(void)state;
	assert_int_equal(run(), 0);
	t = fixture_render(HB_FMT_CSV, &r);
	assert_non_null(strstr(t, ",compound_size,memmap_init_efficiency_plain,memmap_init_efficiency_nt,pages,bind_ns,unbind_ns,time_unit\n"));
	assert_non_null(strstr(t, ",,0.444275,0.222137,,,,ns\n"));
	free(t);
	t = fixture_render(HB_FMT_GOBENCH, &r);
	assert_non_null(strstr(t, " 0.444275 memmap-init-eff-plain 0.222137 memmap-init-eff-nt\n"));
	free(t);
	t = fixture_render(HB_FMT_TABLE, &r);
	assert_non_null(strstr(t, "% of plain stores"));
	assert_non_null(strstr(t, "14.90 GiB/s, memmap_init at 44.4% of that"));
	assert_null(strstr(t, "emulation"));
	free(t);
	t = fixture_render(HB_FMT_COVER, &r);
	assert_non_null(strstr(t, "29.80 GiB/s, at 22.2%"));
	assert_null(strstr(t, "emulation"));
	free(t);
}

static void emulation_is_said_where_it_is_printed(void **state)
{
	char *t;

	(void)state;
	assert_int_equal(run(), 0);
	strcpy(r.meta.host.accel, "tcg");
	t = fixture_render(HB_FMT_TABLE, &r);
	assert_non_null(strstr(t, "Under emulation (QEMU TCG) the store"));
	assert_non_null(strstr(t, " under QEMU TCG, "));
	assert_non_null(strstr(t, "\nEmulated by QEMU's TCG: compare ratios"));
	free(t);
	t = fixture_render(HB_FMT_COVER, &r);
	assert_non_null(strstr(t, "Under emulation (QEMU TCG) the store"));
	assert_non_null(strstr(t, "Emulated by QEMU's TCG: compare ratios"));
	free(t);
}

static void saved_result_reads_the_roofline_back(void **state)
{
	struct hb_input in;
	char err[512], *path;
	double v;

	(void)state;
	assert_int_equal(run(), 0);
	path = fixture_json_file(&r);
	assert_non_null(path);
	assert_int_equal(hb_input_load(&in, path, err, sizeof(err)), 0);
	unlink(path);
	free(path);
	assert_memory_equal(&in.r.meta.roof[0], &r.meta.roof[0],
			    sizeof(r.meta.roof[0]));
	assert_true(hb_metric_get(&hb_metrics[HB_M_ROOF_NT],
				  &in.r.samples[1], &in.r.meta, &v));
	assert_float_equal(v, metric(1, HB_M_ROOF_NT), 1e-12);
	hb_input_free(&in);
}

/* A store time that is not a whole number: refused with a sentence. */
static void damaged_roofline_is_refused(void **state)
{
	struct hb_input in;
	char err[512], path[] = "/tmp/hmmbench-roof-XXXXXX";
	char *json, *p;
	FILE *f;
	int fd;

	(void)state;
	assert_int_equal(run(), 0);
	json = fixture_render(HB_FMT_JSON, &r);
	p = strstr(json, "\"plain_ns\":1048576");
	assert_non_null(p);
	memcpy(p, "\"plain_ns\":-1     ", strlen("\"plain_ns\":1048576"));
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs(json, f);
	fclose(f);
	free(json);
	assert_int_equal(hb_input_load(&in, path, err, sizeof(err)), -EINVAL);
	unlink(path);
	assert_non_null(strstr(err, "rooflines entry 0"));
}

/*
 * Two runs on the fake device, loaded as @in[0..1]; the second one's
 * MAPs come later, so its phase is slower and its efficiency lower.
 */
static void load_two_runs(struct hb_input *in)
{
	char err[512], *path;
	int k;

	for (k = 0; k < 2; k++) {
		hb_result_free(&r);
		assert_int_equal(run(), 0);
		path = fixture_json_file(&r);
		assert_non_null(path);
		assert_int_equal(hb_input_load(&in[k], path, err, sizeof(err)), 0);
		unlink(path);
		free(path);
		in[k].path = k ? "new.json" : "base.json";
	}
}

/* compare shows each side's efficiency as a derived row, never tested. */
static void compare_shows_both_sides_efficiency(void **state)
{
	struct hb_comparison c;
	struct hb_input in[2];
	const struct hb_cmp_row *row = NULL;
	char err[512];
	double a[8], b[8];
	size_t i, na, nb;

	(void)state;
	load_two_runs(in);
	assert_int_equal(hb_compare(in, 2, 0.05, false, &c, err, sizeof(err)),
			 0);
	for (i = 0; i < c.nr_rows; i++)
		if (c.rows[i].metric == HB_M_ROOF_NT &&
		    c.rows[i].kind == HB_WARM)
			row = &c.rows[i];
	assert_non_null(row);
	na = hb_metric_values(&in[0].r, GIB, HB_WARM, HB_M_ROOF_NT, a);
	nb = hb_metric_values(&in[1].r, GIB, HB_WARM, HB_M_ROOF_NT, b);
	assert_int_equal(na, 3);
	assert_int_equal(nb, 3);
	assert_float_equal(row->a.mean, (a[0] + a[1] + a[2]) / 3, 1e-12);
	assert_float_equal(row->b.mean, (b[0] + b[1] + b[2]) / 3, 1e-12);
	assert_true(row->a.mean > row->b.mean);
	assert_false(row->tested);
	for (i = 0; i < c.nr_notes; i++)
		assert_null(strstr(c.notes[i], "under emulation"));
	hb_comparison_free(&c);
	/* Under TCG the efficiency says little, and a note says so */
	strcpy(in[0].r.meta.host.accel, "tcg");
	strcpy(in[1].r.meta.host.accel, "tcg");
	assert_int_equal(hb_compare(in, 2, 0.05, false, &c, err, sizeof(err)),
			 0);
	for (i = 0; i < c.nr_notes; i++)
		if (strstr(c.notes[i], "memmap_init efficiency (--wide) under emulation (TCG)"))
			break;
	assert_true(i < c.nr_notes);
	hb_comparison_free(&c);
	for (i = 0; i < 2; i++)
		hb_input_free(&in[i]);
}

#define T(f)	cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(measured_once_per_size_after_every_unmap),
		T(efficiency_is_phase_rate_over_store_rate),
		T(module_without_roofline_is_not_asked),
		T(missing_nt_stores_are_absent_not_zero),
		T(enomem_stops_the_run_with_a_sentence),
		T(every_format_carries_the_efficiency),
		T(emulation_is_said_where_it_is_printed),
		T(saved_result_reads_the_roofline_back),
		T(damaged_roofline_is_refused),
		T(compare_shows_both_sides_efficiency),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
