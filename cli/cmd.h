/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the parsed command line (struct hb_env, filled by main.c's
 * argp parser only) and the subcommands that act on it.  Each returns the
 * process exit status.
 */
#ifndef HB_CMD_H
#define HB_CMD_H

#include <stdbool.h>
#include <stdint.h>

#include "bench.h"
#include "parse.h"
#include "render/render.h"

/* Exit statuses, documented in --help and FORMATS.md. */
#define HB_EXIT_OK		0
#define HB_EXIT_FAIL		1
#define HB_EXIT_USAGE		2
#define HB_EXIT_INTERRUPTED	130

struct hb_env {
	uint64_t size;
	uint64_t sizes[HB_MAX_SWEEP];
	size_t nr_sizes;
	unsigned int chunks;
	unsigned int iters;
	unsigned int warmup;
	int node;
	enum hb_format format;
	const char *output;
	const char *label;
	const char *device;
	char **files;		/* compare and merge: the input files */
	size_t nr_files;
	double alpha;		/* compare: significance level */
	bool force;		/* compare and merge: despite mismatches */
	bool interleave;
	bool quiet;
	bool verbose;
};

int hb_cmd_run(const struct hb_env *env);
int hb_cmd_sweep(const struct hb_env *env);
int hb_cmd_info(const struct hb_env *env);
int hb_cmd_compare(const struct hb_env *env);
int hb_cmd_merge(const struct hb_env *env);

#endif /* HB_CMD_H */
