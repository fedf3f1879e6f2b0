// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the output options of every command that writes results or
 * listings - -f/--format, -o/--output and -q/--quiet, and -W/--wide for
 * those whose table has more to show - in one table each, so that they
 * are spelt, said and refused alike.  Their help says what the command
 * at hand takes: its formats, what its --wide adds.
 */
#include <argp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmdline.h"

enum {
	HB_OPT_COMPLETE_FORMATS = 0x600,
};

static const struct argp_option hb_output_opts[] = {
	{ NULL, 0, NULL, 0, "Output:", 3 },
	/* the formats of the command: hb_output_help() */
	{ "format", 'f', "FORMAT", 0, NULL, 3 },
	{ "output", 'o', "FILE", 0, "Write to FILE instead of stdout (- is stdout)", 3 },
	{ "quiet", 'q', NULL, 0, "No progress or notes on stderr", 3 },
	/* the formats, a name a line, for the shell's completion */
	{ "complete-formats", HB_OPT_COMPLETE_FORMATS, NULL, OPTION_HIDDEN, NULL, 3 },
	{},
};

/* "table, csv or json" of @out's formats, "(default)" after its own. */
static char *hb_format_list(char *buf, size_t len,
			    const struct hb_output *out, bool dflt)
{
	size_t used = 0, left = __builtin_popcount(out->formats);
	enum hb_format fmt;
	int n;

	buf[0] = '\0';
	for (fmt = 0; fmt < HB_NR_FORMATS && used < len; fmt++) {
		if (!(out->formats & (1U << fmt)))
			continue;
		left--;
		n = snprintf(buf + used, len - used, "%s%s%s",
			     hb_format_name(fmt),
			     dflt && fmt == out->format ? " (default)" : "",
			     !left ? "" : left == 1 ? " or " : ", ");
		used += n > 0 ? n : 0;
	}
	return buf;
}

/* -f @arg: one of the command's formats, or the usage error. */
static enum hb_format hb_output_format(const struct hb_output *out,
				       const char *arg)
{
	enum hb_format fmt;
	char list[96];

	if (hb_format_parse(arg, &fmt) || !(out->formats & (1U << fmt)))
		hb_usage_error("invalid --format '%s': %s writes %s", arg,
			       hb_command(),
			       hb_format_list(list, sizeof(list), out, false));
	return fmt;
}

static void hb_complete_formats(const struct hb_output *out)
{
	enum hb_format fmt;

	for (fmt = 0; fmt < HB_NR_FORMATS; fmt++)
		if (out->formats & (1U << fmt))
			puts(hb_format_name(fmt));
}

static error_t hb_output_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_output *out = state->input;

	switch (key) {
	case 'f':
		out->format = hb_output_format(out, arg);
		break;
	case 'o':
		out->output = arg;
		break;
	case 'q':
		out->quiet = true;
		break;
	case HB_OPT_COMPLETE_FORMATS:
		hb_complete_formats(out);
		exit(HB_EXIT_OK);
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* --format's line of --help: the formats of the command at hand. */
static char *hb_output_help(int key, const char *text, void *input)
{
	char list[96];

	if (key != 'f' || !input)
		return (char *)text;
	return strdup(hb_format_list(list, sizeof(list), input, true));
}

const struct argp hb_output_argp = {
	.options = hb_output_opts,
	.parser = hb_output_parse,
	.help_filter = hb_output_help,
};

static const struct argp_option hb_wide_opts[] = {
	/* what the command's table adds: hb_wide_help() */
	{ "wide", 'W', NULL, 0, NULL, 3 },
	{},
};

static error_t hb_wide_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_output *out = state->input;

	(void)arg;
	if (key != 'W')
		return ARGP_ERR_UNKNOWN;
	out->wide = true;
	return 0;
}

static char *hb_wide_help(int key, const char *text, void *input)
{
	const struct hb_output *out = input;

	if (key != 'W' || !out || !out->wide_doc)
		return (char *)text;
	return strdup(out->wide_doc);
}

const struct argp hb_wide_argp = {
	.options = hb_wide_opts,
	.parser = hb_wide_parse,
	.help_filter = hb_wide_help,
};

void hb_cmdline_output(struct hb_cmdline *cl, const struct hb_output *out)
{
	hb_cmdline_opt(cl, "--format", "%s", hb_format_name(out->format));
	if (out->wide)
		hb_cmdline_word(cl, "--wide");
	if (out->output)
		hb_cmdline_opt(cl, "--output", "%s", out->output);
	if (out->quiet)
		hb_cmdline_word(cl, "--quiet");
}
