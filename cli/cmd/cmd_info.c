// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench info: its options and help, then what the module's INFO and
 * this machine report, as a table or JSON, without measuring; without
 * the module (not loaded, or not root), this machine's facts alone.
 */
#include <argp.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "kernel/explain.h"
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
"measuring anything.  Without the module, or as a user who may not open\n"
"its device, it prints this machine's facts and says on stderr what\n"
"needs the module.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench info\n"
"    hmmbench info --format json\n"
"\n"
"Exit status: 0 success (also without the module), 1 the device does\n"
"not answer as the module does, 2 usage error.\n";

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

/*
 * Whether info goes on without the module after open() failed with @err:
 * the device is not there, or this user may not open it.
 */
static bool hb_info_without_module(int err)
{
	return err == -ENOENT || err == -EACCES || err == -EPERM;
}

/* Why only this machine's facts follow, and what would add the module's. */
static void hb_info_note(const struct hb_dev *dev, int err)
{
	const char *what = "the module's version, features, size limits and memory budget";

	if (err == -ENOENT)
		fprintf(stderr, "hmmbench: %s not found, so only this machine's facts follow: %s need it loaded (%s)\n",
			dev->path, what, hb_host_module_load_cmd());
	else
		fprintf(stderr, "hmmbench: opening %s needs root (CAP_SYS_ADMIN), so only this machine's facts follow: %s need sudo hmmbench info\n",
			dev->path, what);
}

/*
 * The module's INFO into @info, or zeroes when info goes on without it,
 * saying why on stderr unless -q; -1 when the device fails otherwise.
 */
static int hb_info_module(const struct hb_info_env *env,
			  struct hmmbench_info *info)
{
	struct hb_dev_ctx ctx = { .path = env->device };
	struct hb_dev dev;
	char msg[1024];
	int ret;

	memset(info, 0, sizeof(*info));
	ret = hb_dev_open(&dev, env->device);
	if (ret && hb_info_without_module(ret)) {
		if (!env->out.quiet)
			hb_info_note(&dev, ret);
		return 0;
	}
	if (ret) {
		hb_err(hb_dev_explain(msg, sizeof(msg), HB_OP_OPEN, ret, &ctx));
		return -1;
	}
	ctx.info = &dev.info;
	ret = hb_dev_info(&dev);
	if (ret)
		hb_err(hb_dev_explain(msg, sizeof(msg), HB_OP_INFO, ret, &ctx));
	else
		*info = dev.info;
	hb_dev_close(&dev);
	return ret ? -1 : 0;
}

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

	if (hb_parse("info", &hb_info_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (hb_info_module(&env, &meta.info))
		return HB_EXIT_FAIL;
	hb_host_gather_build(&meta.host);
	if (hb_out_open(&out, env.out.output))
		return HB_EXIT_FAIL;
	return hb_write_finish(&out, hb_render_info(out.f, env.out.format,
						    &meta),
			       "information");
}
