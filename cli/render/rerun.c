// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the end of every cover text - the command lines that made
 * a result (for merged runs each distinct one of the runs', then the
 * merge) or each side of a comparison and the comparison, as the
 * results recorded them, with the version and git describe of the
 * hmmbench that ran them.  A long line is wrapped with " \" so that it
 * still pastes as one command; a command that was not recorded is said
 * to be, never made up.
 */
#include <stdbool.h>
#include <string.h>

#include "render/rerun.h"
#include "render/wrap.h"
#include "version.h"

/* "hmmbench 0.1.0 (git v0.1.0-1-gabc1234)"; @git may be "" or NULL. */
static const char *hb_rerun_tool(char *buf, size_t len, const char *version,
				 const char *git)
{
	if (git && *git)
		snprintf(buf, len, "hmmbench\x1f%s (git\x1f%s)", version, git);
	else
		snprintf(buf, len, "hmmbench\x1f%s", version);
	return buf;
}

/* The length of the word @s starts with, a quoted one whole. */
static size_t hb_rerun_word(const char *s)
{
	bool quoted = false;
	size_t i;

	for (i = 0; s[i] && (quoted || s[i] != ' '); i++) {
		if (s[i] == '\'')
			quoted = !quoted;
		else if (s[i] == '\\' && !quoted && s[i + 1])
			i++;
	}
	return i;
}

/*
 * @line indented, wrapped at @cols with " \" at the end of a line but
 * the last, which needs no room for it.
 */
static void hb_rerun_line(FILE *f, const char *line, size_t cols)
{
	size_t n, col = 2;
	bool first = true;

	fputs("  ", f);
	for (; *line; line += n + (line[n] == ' ')) {
		n = hb_rerun_word(line);
		if (!first && col + 1 + n + (line[n] ? 2 : 0) > cols) {
			fputs(" \\\n   ", f);
			col = 3;
		}
		fprintf(f, "%s%.*s", first ? "" : " ", (int)n, line);
		col += !first + n;
		first = false;
	}
	fputc('\n', f);
}

/*
 * Whether @a and @b are the same command but for the file each wrote
 * (the word after --output); *@same is cleared when that word differs.
 */
static bool hb_rerun_same(const char *a, const char *b, bool *same)
{
	bool output = false;
	size_t n, m;

	if (!a || !b)
		return false;
	for (; *a && *b; a += n + (a[n] == ' '), b += m + (b[m] == ' ')) {
		n = hb_rerun_word(a);
		m = hb_rerun_word(b);
		if (n != m || memcmp(a, b, n)) {
			if (!output)
				return false;
			*same = false;
		}
		output = n == 8 && !memcmp(a, "--output", 8);
	}
	return !*a && !*b;
}

/*
 * The command lines of merged runs, each distinct one once, after how
 * many runs it made when more than one (runs whose lines differ only in
 * the file each wrote count as one command); those not recorded counted.
 */
static void hb_rerun_sources(FILE *f, const struct hb_result *r,
			     size_t cols)
{
	const char *line;
	size_t i, j, n, missing = 0;
	bool same = true;

	for (i = 0; i < r->nr_sources; i++) {
		line = r->sources ? r->sources[i].command_line : NULL;
		if (!line) {
			missing++;
			continue;
		}
		for (j = 0; j < i; j++)
			if (hb_rerun_same(r->sources[j].command_line, line,
					  &same))
				break;
		if (j < i)
			continue;
		same = true;
		for (n = 0, j = i; j < r->nr_sources; j++)
			n += hb_rerun_same(r->sources[j].command_line, line,
					   &same);
		if (n > 1)
			fprintf(f, "  # %zu runs by%s\n", n,
				same ? "" : " this, each with its own --output");
		hb_rerun_line(f, line, cols);
	}
	if (missing)
		fprintf(f, "  # %zu run%s by a command that was not recorded\n",
			missing, missing == 1 ? "" : "s");
}

/* Whether any command line behind @r was recorded. */
static bool hb_rerun_recorded(const struct hb_result *r)
{
	size_t i;

	if (r->meta.command_line)
		return true;
	for (i = 0; r->sources && i < r->nr_sources; i++)
		if (r->sources[i].command_line)
			return true;
	return false;
}

/* "@who: measured by ..." ("Measured by ..." without) and the lines. */
static void hb_rerun_one(FILE *f, const struct hb_result *r,
			 const char *who, size_t cols)
{
	char tool[128], lead[512];

	hb_rerun_tool(tool, sizeof(tool), hb_meta_version(&r->meta),
		      r->meta.host.hmmbench_git);
	snprintf(lead, sizeof(lead), "%s%s", who ? who : "",
		 who ? ": measured" : "Measured");
	if (!hb_rerun_recorded(r)) {
		hb_wrapf(f, "", cols, "%s by %s; the command%s not recorded.",
			 lead, tool, r->nr_sources ? "s were" : " was");
		return;
	}
	hb_wrapf(f, "", cols, "%s by %s with:", lead, tool);
	if (r->nr_sources)
		hb_rerun_sources(f, r, cols);
	if (r->meta.command_line)
		hb_rerun_line(f, r->meta.command_line, cols);
	else if (r->nr_sources)
		fputs("  # merged by a command that was not recorded\n", f);
}

void hb_rerun_result(FILE *f, const struct hb_result *r, size_t cols)
{
	fputc('\n', f);
	hb_rerun_one(f, r, NULL, cols);
}

void hb_rerun_compare(FILE *f, const struct hb_comparison *c, size_t cols)
{
	char who[512], tool[128];
	const char *name;
	size_t i;

	fputc('\n', f);
	for (i = 0; i < c->nr_in; i++) {
		name = hb_cmp_name(c, i);
		if (strcmp(name, c->in[i].path))
			snprintf(who, sizeof(who), "%s (%s)", c->in[i].path,
				 name);
		else
			snprintf(who, sizeof(who), "%s", name);
		hb_rerun_one(f, &c->in[i].r, who, cols);
	}
	hb_rerun_tool(tool, sizeof(tool), c->version ? c->version : HB_VERSION,
		      c->hmmbench_git);
	if (c->command_line) {
		hb_wrapf(f, "", cols, "Compared by %s with:", tool);
		hb_rerun_line(f, c->command_line, cols);
	} else {
		hb_wrapf(f, "", cols, "Compared by %s; the command was not recorded.",
			 tool);
	}
}
