// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the compare and merge subcommands - read the result files,
 * refuse mismatched configurations unless --force, compute, print the
 * notes on stderr and render.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "compare.h"
#include "merge.h"
#include "outfile.h"

static void hb_err(const char *msg)
{
	fprintf(stderr, "hmmbench: %s\n", msg);
}

static void hb_inputs_free(struct hb_input *in, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		hb_input_free(&in[i]);
	free(in);
}

/* Reads every file of @env; NULL (the sentence printed) on failure. */
static struct hb_input *hb_inputs_load(const struct hb_env *env)
{
	struct hb_input *in = calloc(env->nr_files, sizeof(*in));
	char err[1024];
	size_t i;

	if (!in) {
		hb_err("out of memory");
		return NULL;
	}
	for (i = 0; i < env->nr_files; i++) {
		if (hb_input_load(&in[i], env->files[i], err, sizeof(err))) {
			hb_err(err);
			hb_inputs_free(in, i);
			return NULL;
		}
	}
	return in;
}

static void hb_print_notes(const struct hb_env *env,
			   const struct hb_comparison *c)
{
	size_t i;

	if (env->quiet)
		return;
	for (i = 0; i < c->nr_notes; i++)
		fprintf(stderr, "hmmbench: warning: %s\n", c->notes[i]);
}

static int hb_write_compare(const struct hb_env *env,
			    const struct hb_comparison *c)
{
	struct hb_out out;

	if (hb_out_open(&out, env->output))
		return HB_EXIT_FAIL;
	if (hb_render_compare(out.f, env->format, c)) {
		hb_err("writing the comparison failed");
		hb_out_abort(&out);
		return HB_EXIT_FAIL;
	}
	return hb_out_commit(&out) ? HB_EXIT_FAIL : HB_EXIT_OK;
}

int hb_cmd_compare(const struct hb_env *env)
{
	struct hb_input *in = hb_inputs_load(env);
	struct hb_comparison c;
	char err[1024];
	int ret;

	if (!in)
		return HB_EXIT_FAIL;
	if (hb_compare(in, env->nr_files, env->alpha, env->force, &c, err,
		       sizeof(err))) {
		hb_err(err);
		hb_inputs_free(in, env->nr_files);
		return HB_EXIT_FAIL;
	}
	hb_print_notes(env, &c);
	ret = hb_write_compare(env, &c);
	hb_comparison_free(&c);
	hb_inputs_free(in, env->nr_files);
	return ret;
}

/* Refuses inputs unlike the first, naming the field, unless --force. */
static int hb_merge_check(const struct hb_env *env,
			  const struct hb_input *in)
{
	struct hb_mismatch mm[HB_MAX_MISMATCH];
	size_t i, n;

	for (i = 1; i < env->nr_files; i++) {
		n = hb_config_diff(&in[0].r, &in[i].r, true, mm);
		if (!n)
			continue;
		fprintf(stderr, "hmmbench: %s%s and %s differ in %s (%s against %s)%s\n",
			env->force ? "warning: " : "", in[0].path, in[i].path,
			mm[0].field, mm[0].base, mm[0].other,
			env->force ? ": merged anyway (--force)" :
				     ": merge pools runs of one kernel and configuration; --force merges them anyway");
		if (!env->force)
			return -EINVAL;
	}
	return 0;
}

static int hb_write_merge(const struct hb_env *env, const struct hb_result *r)
{
	struct hb_out out;

	if (hb_out_open(&out, env->output))
		return HB_EXIT_FAIL;
	if (hb_render(out.f, HB_FMT_JSON, r)) {
		hb_err("writing the merged result failed");
		hb_out_abort(&out);
		return HB_EXIT_FAIL;
	}
	return hb_out_commit(&out) ? HB_EXIT_FAIL : HB_EXIT_OK;
}

int hb_cmd_merge(const struct hb_env *env)
{
	struct hb_input *in = hb_inputs_load(env);
	struct hb_result r;
	int ret = HB_EXIT_FAIL;

	if (!in)
		return HB_EXIT_FAIL;
	if (hb_merge_check(env, in))
		goto free_inputs;
	if (hb_merge(in, env->nr_files, &r)) {
		hb_err("out of memory");
		goto free_inputs;
	}
	ret = hb_write_merge(env, &r);
	hb_result_free(&r);
free_inputs:
	hb_inputs_free(in, env->nr_files);
	return ret;
}
