// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench list: every chunk alive in the system, whoever holds it, from
 * the module's generic netlink dump, as a table or JSON.
 */
#include <argp.h>
#include <stdbool.h>

#include "cmd/cmd.h"
#include "kernel/nl.h"
#include "render/chunks.h"

struct hb_list_env {
	struct hb_output out;		/* -f, -o, -q */
	bool verbose;
};

static const char hb_list_doc[] =
"Usage: hmmbench list [OPTION...]\n"
"List every DEVICE_PRIVATE chunk the hmmbench module holds now, in all\n"
"processes: owner, size, node, physical start and the timings of its\n"
"memremap.  Needs CAP_SYS_ADMIN (the list shows physical addresses).\n"
"\v"
"EXAMPLES:\n"
"    hmmbench list\n"
"    hmmbench list --format json\n"
"\n"
"Exit status: 0 success, 1 the module cannot be asked (not loaded, no\n"
"permission), 2 usage error.\n";

static const struct argp_option hb_list_opts[] = {
	{ "verbose", 'v', NULL, 0, "Say on stderr how many netlink messages the dump took", 1 },
	{},
};

static error_t hb_list_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_list_env *env = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &env->out;
		break;
	case 'v':
		env->verbose = true;
		break;
	default:
		return hb_arg_none(key, arg, state);
	}
	return 0;
}

static const struct argp_child hb_list_children[] = {
	{ &hb_output_argp, 0, NULL, 0 },
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

static const struct argp hb_list_argp = {
	.options = hb_list_opts,
	.parser = hb_list_parse,
	.doc = hb_list_doc,
	.children = hb_list_children,
};

/* The dump, and for the table GET_INFO; says why on failure. */
static int hb_list_fetch(const struct hb_list_env *env,
			 struct hb_nl_chunks *list,
			 struct hmmbench_info *info, bool *have_info)
{
	struct hb_nl nl;
	char msg[1024];
	int ret;

	ret = hb_nl_open(&nl);
	if (!ret) {
		ret = hb_nl_chunks(&nl, list);
		if (!ret && env->out.format == HB_FMT_TABLE)
			*have_info = !hb_nl_info(&nl, info);
		hb_nl_close(&nl);
	}
	if (ret)
		hb_err(hb_nl_explain(msg, sizeof(msg), HB_NL_OP_LIST, ret));
	return ret;
}

int hb_cmd_list(int argc, char **argv)
{
	struct hb_list_env env = {
		.out = {
			.formats = 1U << HB_FMT_TABLE | 1U << HB_FMT_JSON,
			.format = HB_FMT_TABLE,
		},
	};
	struct hb_nl_chunks list;
	struct hmmbench_info info;
	bool have_info = false;
	struct hb_out out;
	int ret;

	if (hb_parse("list", &hb_list_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (env.out.quiet && env.verbose)
		hb_usage_error("-q and -v contradict each other: pick one");
	if (hb_list_fetch(&env, &list, &info, &have_info))
		return HB_EXIT_FAIL;
	if (env.verbose)
		fprintf(stderr, "hmmbench: %zu chunk%s in %u netlink message%s\n",
			list.n, list.n == 1 ? "" : "s", list.messages,
			list.messages == 1 ? "" : "s");
	if (hb_out_open(&out, env.out.output)) {
		hb_nl_chunks_free(&list);
		return HB_EXIT_FAIL;
	}
	ret = 0;
	if (env.out.format == HB_FMT_JSON)
		ret = hb_render_chunks_json(out.f, &list);
	else
		hb_render_chunks_table(out.f, &list,
				       have_info ? &info : NULL);
	hb_nl_chunks_free(&list);
	return hb_write_finish(&out, ret, "chunk list");
}
