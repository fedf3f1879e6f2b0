/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench unit tests: a fixed result (configuration, metadata, samples)
 * for the renderer tests, and helpers to render into a string.
 */
#ifndef HB_TEST_FIXTURE_H
#define HB_TEST_FIXTURE_H

#include "render/render.h"

/*
 * One 1 GiB size, 1 chunk, 1 cold + 1 warmup + 3 warm iterations, label
 * "base".  The sample of iteration 3 lacks HMMBENCH_T_MEMMAP_INIT.
 */
void fixture_result(struct hb_result *r);

/* Renders @r in @fmt into a malloc()ed string; NULL on failure. */
char *fixture_render(enum hb_format fmt, const struct hb_result *r);
/* The same, as --wide renders it. */
char *fixture_render_as(enum hb_format fmt, bool wide,
			const struct hb_result *r);
/* Renders comparison @c in @fmt, @wide or not; NULL on failure. */
char *fixture_render_compare(enum hb_format fmt, bool wide,
			     const struct hb_comparison *c);
/* fixture_render() of the unmodified fixture result; NULL on failure. */
char *fixture_text(enum hb_format fmt);

/*
 * A 1 GiB run, 1 chunk, label @label: one cold sample of @cold_ms, then
 * one warm sample per value of @warm_ms; memmap_init is 90 % of memremap.
 */
void fixture_series(struct hb_result *r, const char *label, double cold_ms,
		    const double *warm_ms, size_t n);

/*
 * @runs merged runs (as hmmbench merge writes them, at most 8) of the
 * same 1 GiB configuration: run k has one cold sample of @cold_ms + k,
 * then @per_run warm samples spread evenly, 0.5 ms apart, around
 * @run_ms[k], which is their mean.
 */
void fixture_runs(struct hb_result *r, const char *label, double cold_ms,
		  const double *run_ms, size_t runs, size_t per_run);

/* The whole of the file @path, malloc()ed; NULL when it cannot be read. */
char *fixture_slurp(const char *path);

/*
 * Member @path ("a.b", as hb_json_path() takes it) of the JSON document
 * @text, as compact JSON, malloc()ed; NULL when it is not there.
 */
char *fixture_json_member(const char *text, const char *path);

/*
 * hmmbench mirror --size 16M --iters 3 --state @state ("4k" or "thp",
 * whose pages are found in PMDs), its calls' times @scale times a fixed
 * series; the second warm call raced an invalidation once.
 */
void fixture_mirror(struct hb_result *r, const char *state, double scale);

/* Writes @r as JSON to a new temporary file; its malloc()ed path. */
char *fixture_json_file(const struct hb_result *r);

/*
 * Writes @r (freed here) as JSON and reads it back into @in, as compare
 * reads its inputs; @in is named @name.
 */
struct hb_input;
void fixture_input(struct hb_input *in, struct hb_result *r,
		   const char *name);

/*
 * hmmbench migrate --size 4M --iters @n, run @k of a series (its date
 * and run id say which: give each run its own), with THP (@thp: asked
 * for, and every call and fault moved whole PMD-sized folios) or base
 * pages.  Iteration i, 0 the first, makes a to-device call of @ms[i] ms
 * and a to-system call of 0.8 @ms[i] ms, then 2 fault samples whose
 * handlers take @ms[i] / 40 ms, 1 % below and above it, each touch 2 us
 * more.  @ms holds @n + 1 values.
 */
struct hb_result;
void fixture_migration(struct hb_result *r, bool thp, const double *ms,
		       size_t n, unsigned int k);

/*
 * fixture_migration() of 3 warm iterations around @run_ms: the first
 * 1.5 times it, the warm ones 0.1 ms below, at and above it.
 */
void fixture_mig_run(struct hb_result *r, bool thp, double run_ms,
		     unsigned int k);

/*
 * @runs (at most 8) fixture_mig_run()s of @thp around @run_ms[], runs
 * @k, @k + 1 ..., each read back as run-1.json, run-2.json ..., merged
 * as hmmbench merge merges them, then written and read back into @in as
 * @name.
 */
void fixture_mig_merged(struct hb_input *in, bool thp, const double *run_ms,
			size_t runs, unsigned int k, const char *name);

/* Writes migration @r as JSON to a new temporary file; its path. */
char *fixture_mig_json_file(const struct hb_result *r);

/*
 * Writes migration @r (freed here) as JSON and reads it back into @in,
 * as compare and merge read their inputs; @in is named @name.
 */
void fixture_mig_input(struct hb_input *in, struct hb_result *r,
		       const char *name);

/*
 * Fills @path with @tmpl ("/tmp/NAME-XXXXXX") made the name of no file
 * yet, for a command's -o; 0, or -1 when no name could be had.
 */
int fixture_fresh_name(char *path, const char *tmpl);

#endif /* HB_TEST_FIXTURE_H */
