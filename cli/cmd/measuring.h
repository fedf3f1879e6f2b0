/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what the measuring commands share, in measuring.c.  run,
 * sweep, verify, rebind and migrate: the process around their loop,
 * hb_measuring_run(), with their own steps passed in; run and sweep:
 * their options and steps; rebind: the output options, progress and
 * writing the result; verify: --compound and the precheck.
 */
#ifndef HB_MEASURING_H
#define HB_MEASURING_H

#include <stdbool.h>
#include <stdint.h>

#include "cmd/cmd.h"
#include "cmd/parse.h"
#include "measure/bench.h"
#include "results/result.h"

#define HB_COMPOUND_MIN	(1ULL << 12)	/* 4K: base pages */
#define HB_COMPOUND_MAX	(1ULL << 40)

#define HB_COMPOUND_HELP \
	"Compound pages of SIZE, as device DAX makes them (2M, 1G; sets vmemmap_shift; default 4K: base pages)"

/* The options of run or sweep, filled by their parsers only. */
struct hb_measure_env {
	uint64_t size;			/* run */
	uint64_t sizes[HB_MAX_SWEEP];	/* sweep */
	size_t nr_sizes;
	bool interleave;		/* sweep */
	unsigned int chunks;
	unsigned int iters;
	unsigned int warmup;
	int node;
	uint64_t compound;		/* --compound bytes, 0: base pages */
	const char *label;
	struct hb_output out;		/* -f, -o, -q, --wide */
	const char *device;
	bool verbose;
	bool no_verify;			/* --no-verify */
	double until_ci;		/* run: --until-ci %, 0: off */
	uint64_t max_time_ns;		/* run: --max-time, 0: off */
};

/*
 * The defaults of every option; @wide_doc: what --wide adds to the
 * command's table.
 */
void hb_measure_defaults(struct hb_measure_env *env, const char *wide_doc);

/*
 * The children of run's and sweep's argp: the options they share, whose
 * input is their struct hb_measure_env, and the help.
 */
extern const struct argp_child hb_measure_children[];

/*
 * The output options alone (--format, --output, --quiet, --wide,
 * --verbose) and the help, for a measurement of one size with its own
 * options (rebind): the input is its struct hb_measure_env.
 */
extern const struct argp_child hb_output_children[];

struct hb_cmdline;

/*
 * The end of the command line a measurement records: --label @label,
 * --device @device and the output options @out, as given; then, of
 * @env's, --verbose too.
 */
void hb_cmdline_named(struct hb_cmdline *cl, const char *label,
		      const char *device, const struct hb_output *out);
void hb_cmdline_measure_tail(struct hb_cmdline *cl,
			     const struct hb_measure_env *env);

/* --label, at most 128 characters, into *@label. */
void hb_arg_label(const char *arg, const char **label);

/* The --label option of a measuring command's table, in help @group. */
#define HB_LABEL_OPTION(group)						\
	{ "label", 'l', "NAME", 0,					\
	  "Name kept in the results (e.g. base, patched)", group }

/*
 * Parses the options of @cmd (run or sweep) with @argp, checks them -
 * with @check too, unless NULL - and measures; the exit status.
 */
int hb_measure_main(const struct argp *argp, int argc, char **argv,
		    const char *cmd,
		    void (*check)(const struct hb_measure_env *env));

/*
 * --compound as run, sweep and verify take it, a power of two, or the
 * usage error naming the range.
 */
uint64_t hb_arg_compound(const char *arg);

/*
 * --compound in pages of this kernel: cfg->vmemmap_shift, and the size it
 * stands for in cfg->compound_size; -EINVAL, said, when it is too small.
 */
int hb_compound_shift(uint64_t compound, struct hb_config *cfg,
		      const struct hmmbench_info *info);

/* The argument of hb_on_progress(). */
struct hb_progress_ctx {
	const struct hb_measure_env *env;
	bool tty;	/* the progress line goes to stderr */
	bool icount;	/* the samples count instructions (hb_meta_icount()) */
};

/* A loop's progress callback: -v's samples and the progress line. */
void hb_on_progress(const struct hb_progress *p, void *arg);

/*
 * Writes @r as @env asks once a loop returned @ret; the exit status
 * follows how the measurement ended.
 */
int hb_measure_finish(const struct hb_measure_env *env, struct hb_out *out,
		      struct hb_result *r, int ret);

/* Refuses sizes the module will refuse, before measuring anything. */
int hb_precheck(const struct hb_config *cfg, const struct hb_dev *dev);

/*
 * A measuring command's own steps, which hb_measuring_run() calls in
 * this order around what every one does.  Each gets the command's @arg,
 * and says why (hb_err()) when it fails.
 */
struct hb_measuring_ops {
	bool progress;		/* the loop shows progress on a terminal */
	/* 0 when the module at @dev can do what is asked */
	int (*check)(void *arg, const struct hb_dev *dev);
	/* The command line to record, NULL without memory; or NULL: none */
	char *(*cmdline)(void *arg);
	/*
	 * The loop, which stops once hb_stop is set: 0, HB_STOPPED or a
	 * negative errno.  @tty: progress goes to stderr.
	 */
	int (*loop)(void *arg, struct hb_dev *dev, bool tty);
	/* Writes or drops @out once the loop returned @ret; the exit status */
	int (*finish)(void *arg, struct hb_out *out, int ret);
};

/*
 * Opens @device and, once @ops' check passed, the output @output names;
 * fills @meta with the host's facts and the module's INFO, and with a
 * cmdline step a run id and the command line, freed at the end; catches
 * signals, runs the loop, closes the device and finishes.  The exit
 * status.
 */
int hb_measuring_run(const struct hb_measuring_ops *ops, void *arg,
		     const char *device, const struct hb_output *output,
		     struct hb_meta *meta);

#endif /* HB_MEASURING_H */
