// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: builds the command line a result records, a word at a time:
 * words the shell would read as they are go out bare, others in single
 * quotes ('it'\''s'); sizes and durations are written as the one parser
 * reads them back (cmd/parse.c).
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmdline.h"
#include "fmt.h"

/* Whether @word is one a POSIX shell reads as it is, unquoted. */
static bool hb_shell_plain(const char *word)
{
	const char *p;

	for (p = word; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_-+=@%:,./", *p))
			return false;
	return *word;
}

/* Out of memory: nothing is recorded rather than a line cut short. */
static void hb_cmdline_fail(struct hb_cmdline *cl)
{
	if (cl->f)
		fclose(cl->f);
	free(cl->buf);
	cl->f = NULL;
	cl->buf = NULL;
}

void hb_cmdline_start(struct hb_cmdline *cl, const char *cmd)
{
	cl->buf = NULL;
	cl->len = 0;
	cl->f = open_memstream(&cl->buf, &cl->len);
	if (!cl->f)
		return;
	fputs("hmmbench", cl->f);
	hb_cmdline_word(cl, cmd);
}

void hb_cmdline_word(struct hb_cmdline *cl, const char *word)
{
	const char *p;

	if (!cl->f)
		return;
	fputc(' ', cl->f);
	if (hb_shell_plain(word)) {
		fputs(word, cl->f);
		return;
	}
	fputc('\'', cl->f);
	for (p = word; *p; p++) {
		if (*p == '\'')
			fputs("'\\''", cl->f);
		else
			fputc(*p, cl->f);
	}
	fputc('\'', cl->f);
}

void hb_cmdline_opt(struct hb_cmdline *cl, const char *opt, const char *fmt,
		    ...)
{
	va_list ap;
	char *val;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&val, fmt, ap);
	va_end(ap);
	if (ret < 0) {
		hb_cmdline_fail(cl);
		return;
	}
	hb_cmdline_word(cl, opt);
	hb_cmdline_word(cl, val);
	free(val);
}

void hb_cmdline_size(struct hb_cmdline *cl, const char *opt, uint64_t bytes)
{
	char sz[32];

	hb_cmdline_opt(cl, opt, "%s", hb_size_str(bytes, sz, sizeof(sz)));
}

/* The largest unit that divides @ns: 20m, 90s, 1500ms; else seconds. */
void hb_cmdline_duration(struct hb_cmdline *cl, const char *opt,
			 uint64_t ns)
{
	static const struct {
		uint64_t ns;
		const char *unit;
	} units[] = {
		{ 86400000000000ULL, "d" }, { 3600000000000ULL, "h" },
		{ 60000000000ULL, "m" }, { 1000000000ULL, "s" },
		{ 1000000ULL, "ms" },
	};
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (ns && ns % units[i].ns == 0) {
			hb_cmdline_opt(cl, opt, "%" PRIu64 "%s",
				       ns / units[i].ns, units[i].unit);
			return;
		}
	}
	hb_cmdline_opt(cl, opt, "%.9gs", ns / 1e9);
}

char *hb_cmdline_end(struct hb_cmdline *cl)
{
	if (!cl->f)
		return NULL;
	if (fclose(cl->f)) {
		cl->f = NULL;
		hb_cmdline_fail(cl);
		return NULL;
	}
	cl->f = NULL;
	return cl->buf;
}
