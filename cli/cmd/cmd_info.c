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
	enum hb_format format;
	const char *output;
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
	{ "format", 'f', "FORMAT", 0, "table (default) or json", 1 },
	{ "output", 'o', "FILE", 0, "Write to FILE instead of stdout", 1 },
	{ "device", HB_OPT_DEVICE, "PATH", 0, "Device node (default " HMMBENCH_DEVICE ")", 1 },
	/* accepted as run takes them; info prints no progress */
	{ "quiet", 'q', NULL, OPTION_HIDDEN, NULL, 1 },
	{ "verbose", 'v', NULL, OPTION_HIDDEN, NULL, 1 },
	{},
};

static error_t hb_info_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_info_env *env = state->input;

	switch (key) {
	case 'f':
		env->format = hb_arg_format(state, arg,
					    1U << HB_FMT_TABLE |
					    1U << HB_FMT_JSON,
					    "info writes --format table or json");
		break;
	case 'o':
		env->output = arg;
		break;
	case HB_OPT_DEVICE:
		env->device = arg;
		break;
	case 'q':
	case 'v':
		break;
	case ARGP_KEY_ARG:
		hb_arg_unexpected(state, arg);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp hb_info_argp = {
	.options = hb_info_opts,
	.parser = hb_info_parse,
	.doc = hb_info_doc,
	.children = hb_help_children,
};

int hb_cmd_info(int argc, char **argv)
{
	struct hb_info_env env = { .format = HB_FMT_TABLE };
	struct hb_meta meta;
	struct hb_out out;
	struct hb_dev dev;

	if (hb_parse(&hb_info_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (hb_open_device(env.device, &dev))
		return HB_EXIT_FAIL;
	meta.info = dev.info;
	hb_dev_close(&dev);
	hb_host_gather_build(&meta.host);
	if (hb_out_open(&out, env.output))
		return HB_EXIT_FAIL;
	return hb_write_finish(&out, hb_render_info(out.f, env.format, &meta),
			       "information");
}
