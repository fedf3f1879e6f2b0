// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: wraps prose for the table legends and the cover texts at a
 * given column, honouring unbreakable spaces.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "render/wrap.h"

void hb_wrap(FILE *f, const char *text, const char *indent, size_t cols)
{
	size_t col = 0, w, ind = strlen(indent);
	const char *p = text + strspn(text, " ");

	while (*p) {
		w = strcspn(p, " ");
		if (col && col + 1 + w > cols) {
			fprintf(f, "\n%s", indent);
			col = ind;
		} else if (col) {
			fputc(' ', f);
			col++;
		}
		for (; w; w--, p++, col++)
			fputc(*p == HB_NBSP ? ' ' : *p, f);
		p += strspn(p, " ");
	}
	fputc('\n', f);
}

void hb_wrapf(FILE *f, const char *indent, size_t cols, const char *fmt,
	      ...)
{
	va_list ap;
	char *text;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (ret < 0)
		return;
	hb_wrap(f, text, indent, cols);
	free(text);
}

char *hb_nbsp(char *s)
{
	char *p;

	for (p = s; *p; p++)
		if (*p == ' ')
			*p = HB_NBSP;
	return s;
}

char *hb_nbsp_units(char *s)
{
	char *p;

	for (p = s; *p; p++)
		if (*p == ' ' && p > s && isdigit((unsigned char)p[-1]) &&
		    isalpha((unsigned char)p[1]))
			*p = HB_NBSP;
	return s;
}
