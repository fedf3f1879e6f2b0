// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the result files compare and merge read - the files and
 * --force on their command lines, the words those add to the command
 * line a result records, and reading the files, saying why one cannot
 * be read.
 */
#include <argp.h>
#include <stdbool.h>
#include <stdlib.h>

#include "cmd/cmd_inputs.h"
#include "cmd/cmdline.h"

enum {
	HB_OPT_FORCE = 0x800,
};

static const struct argp_option hb_inputs_opts[] = {
	{ "force", HB_OPT_FORCE, NULL, 0, "Go on when the configurations differ", 1 },
	{},
};

static error_t hb_inputs_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_inputs_env *env = state->input;

	switch (key) {
	case HB_OPT_FORCE:
		env->force = true;
		break;
	case ARGP_KEY_ARG:
		if (env->nr_files == HB_FILES_MAX)
			hb_usage_error("at most %d files: merge them in steps",
				       HB_FILES_MAX);
		env->files[env->nr_files++] = arg;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp hb_inputs_argp = {
	.options = hb_inputs_opts,
	.parser = hb_inputs_parse,
};

void hb_cmdline_inputs(struct hb_cmdline *cl, const struct hb_inputs_env *in,
		       const struct hb_output *out)
{
	size_t i;

	if (in->force)
		hb_cmdline_word(cl, "--force");
	hb_cmdline_output(cl, out);
	for (i = 0; i < in->nr_files; i++)
		hb_cmdline_word(cl, in->files[i]);
}

void hb_inputs_free(struct hb_input *in, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		hb_input_free(&in[i]);
	free(in);
}

struct hb_input *hb_inputs_load(char *const *files, size_t n)
{
	struct hb_input *in = calloc(n, sizeof(*in));
	char err[1024];
	size_t i;

	if (!in) {
		hb_err("out of memory");
		return NULL;
	}
	for (i = 0; i < n; i++) {
		if (hb_input_load(&in[i], files[i], err, sizeof(err))) {
			hb_err(err);
			hb_inputs_free(in, i);
			return NULL;
		}
	}
	return in;
}
