/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the result files compare and merge read - their arguments
 * and --force, the words they add to a recorded command line, and
 * reading them.
 */
#ifndef HB_CMD_INPUTS_H
#define HB_CMD_INPUTS_H

#include <argp.h>
#include <stdbool.h>
#include <stddef.h>

#include "cmd/cmd.h"
#include "results/result_read.h"

/* The result files compare and merge read. */
struct hb_inputs_env {
	char *files[HB_FILES_MAX];
	size_t nr_files;
	bool force;		/* despite mismatched configurations */
};

/*
 * Files and --force, a child of compare's and merge's argp; its input
 * is their struct hb_inputs_env.
 */
extern const struct argp hb_inputs_argp;

struct hb_cmdline;

/* The words of --force, the output options and the files, in that order. */
void hb_cmdline_inputs(struct hb_cmdline *cl, const struct hb_inputs_env *in,
		       const struct hb_output *out);

/* Reads @files; NULL, the sentence printed, on failure. */
struct hb_input *hb_inputs_load(char *const *files, size_t n);
void hb_inputs_free(struct hb_input *in, size_t n);

#endif /* HB_CMD_INPUTS_H */
