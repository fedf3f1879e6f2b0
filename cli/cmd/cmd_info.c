// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench info: its options and help, then what the module's INFO and
 * this machine report, as a table or JSON, without measuring.
 */
#include <argp.h>
#include <stdbool.h>

#include "cmd/cmd.h"
#include "kernel/host.h"

enum {
	HB_OPT_DEVICE = 0x200,
};

struct hb_info_env {
	struct hb_output out;		/* -f, -o, -q */
	const char *device;
};

static const char hb_info_doc[] =
"Usage: hmmbench info [OPTION...]\n"
"Print what the module reports (version, features, size limits, memory\n"
"budget) and the facts about this machine that results record, without\n"
"measuring anything.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench info\n"
"    hmmbench info --format json\n"
"\n"
"Exit status: 0 success, 1 the device cannot be opened or asked, 2 usage\n"
"error.\n";

static const struct argp_option hb_info_opts[] = {
	{ "device", HB_OPT_DEVICE, "PATH", 0, "Device node (default " HMMBENCH_DEVICE ")", 1 },
	/* accepted as run takes it; info prints no progress */
	{ "verbose", 'v', NULL, OPTION_HIDDEN, NULL, 1 },
	{},
};

static error_t hb_info_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_info_env *env = state->input;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &env->out;
		break;
	case HB_OPT_DEVICE:
		env->device = arg;
		break;
	case 'v':
		break;
	default:
		return hb_arg_none(key, arg, state);
	}
	return 0;
}

static const struct argp_child hb_info_children[] = {
	{ &hb_output_argp, 0, NULL, 0 },
	{ &hb_help_argp, 0, NULL, 0 },
	{},
};

static const struct argp hb_info_argp = {
	.options = hb_info_opts,
	.parser = hb_info_parse,
	.doc = hb_info_doc,
	.children = hb_info_children,
};

int hb_cmd_info(int argc, char **argv)
{
	struct hb_info_env env = {
		.out = {
			.formats = 1U << HB_FMT_TABLE | 1U << HB_FMT_JSON,
			.format = HB_FMT_TABLE,
		},
	};
	struct hb_meta meta;
	struct hb_out out;
	struct hb_dev dev;

	if (hb_parse("info", &hb_info_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (hb_open_device(env.device, &dev))
		return HB_EXIT_FAIL;
	meta.info = dev.info;
	hb_dev_close(&dev);
	hb_host_gather_build(&meta.host);
	if (hb_out_open(&out, env.out.output))
		return HB_EXIT_FAIL;
	return hb_write_finish(&out, hb_render_info(out.f, env.out.format,
						    &meta),
			       "information");
}
