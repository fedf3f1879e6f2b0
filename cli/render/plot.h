/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: pictures of results, drawn by gnuplot - the script, with the
 * data inline, is written here; cmd_plot.c runs gnuplot on it.  Pure
 * code: the same input always gives the same script.
 *
 *   trace     a run's calls in the order measured: time per call, the
 *             first call apart, drift and levels visible
 *   sweep     per size, the warm means with their 95 % intervals and the
 *             first calls (log-log), and ns per 4 KiB against size
 *   compare   per size, base and new means of the primary metric (the
 *             phase, memremap when an input lacks it; a migration's
 *             to-device) with their intervals, and the change with its
 *             95 % interval
 *   migrate   each MIGRATE's kernel time in the order measured, the
 *             first iterations apart, and the distribution of the warm
 *             faults' latencies: handler and touch
 */
#ifndef HB_PLOT_H
#define HB_PLOT_H

#include <stdbool.h>
#include <stdio.h>

#include "results/compare.h"
#include "results/migration.h"
#include "results/result.h"

enum hb_plot_term {
	HB_PLOT_PNG,
	HB_PLOT_SVG,
	HB_PLOT_PDF,
	HB_PLOT_UNKNOWN,	/* a name plot does not draw */
};

struct hb_plot_opts {
	const char *output;	/* the file gnuplot writes */
	enum hb_plot_term term;
	unsigned int width, height;	/* pixels */
	bool trace;		/* a result's calls, even of a sweep */
};

/* The terminal for @path by its extension: .png, .svg or .pdf. */
enum hb_plot_term hb_plot_term_of(const char *path);

/*
 * The gnuplot script drawing @r - its sweep when it has several sizes
 * and !@o->trace, else its trace; of a migration, a panel of its MIGRATE
 * calls and one of its faults, as it has them - to @f; 0, -ENOMEM, or
 * -ENODATA for a migration with neither.
 */
int hb_plot_result(FILE *f, const struct hb_result *r,
		   const struct hb_plot_opts *o);

/* The gnuplot script drawing @c, warm calls, to @f. */
int hb_plot_compare(FILE *f, const struct hb_comparison *c,
		    const struct hb_plot_opts *o);

#endif /* HB_PLOT_H */
