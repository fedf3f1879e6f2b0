/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CHECK() of the guest's case programs (hbtest, hbmigrate): a condition
 * that fails is printed with its line and counted, and the case goes on.
 * Include it after defining _GNU_SOURCE.
 */
#ifndef _HB_CHECK_H
#define _HB_CHECK_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/*
 * Checks failed so far; a case fails when any did.  Weak, so that the
 * files of one program (hbtest's, hbmigrate's) count into one.
 */
__attribute__((weak)) int failures;

#define CHECK(cond, ...) check((cond), #cond, __LINE__, __VA_ARGS__)

/* @ok; else "PROGRAM:LINE: check failed: EXPR: " and @fmt, counted. */
static inline bool check(bool ok, const char *expr, int line,
			 const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return true;
	failures++;
	fprintf(stderr, "%s:%d: check failed: %s: ",
		program_invocation_short_name, line, expr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return false;
}

#endif /* _HB_CHECK_H */
