// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: CSV fields - RFC 4180 quoting, and numbers that leave their
 * field empty rather than write a made-up value.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "render/csv_write.h"

void hb_csv_string(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void hb_csv_num(FILE *f, const char *fmt, double v)
{
	char buf[64];

	fputc(',', f);
	if (isnan(v) || isinf(v))
		return;
	snprintf(buf, sizeof(buf), fmt, v);
	fputs(hb_fmt_unsigned_zero(buf), f);
}
