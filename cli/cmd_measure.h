/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what run and sweep share - the options of a measurement, and
 * the process around the loop: the device, signals, progress on a
 * terminal and writing the result.
 */
#ifndef HB_CMD_MEASURE_H
#define HB_CMD_MEASURE_H

#include <stdbool.h>
#include <stdint.h>

#include "cmd.h"
#include "result.h"

#define HB_SIZE_MIN	(1ULL << 20)	/* 1M: below any section size */
#define HB_SIZE_MAX	(1ULL << 50)	/* 1024T */

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
	enum hb_format format;
	bool wide;			/* --wide */
	const char *output;
	const char *device;
	bool quiet;
	bool verbose;
};

/*
 * The children of run's and sweep's argp: the options they share, whose
 * input is their struct hb_measure_env, and the help.
 */
extern const struct argp_child hb_measure_children[];

/*
 * Parses the options of @cmd (run or sweep) with @argp, checks them -
 * with @check too, unless NULL - and measures; the exit status.
 */
int hb_measure_main(const struct argp *argp, int argc, char **argv,
		    const char *cmd,
		    void (*check)(const struct hb_measure_env *env));

#endif /* HB_CMD_MEASURE_H */
