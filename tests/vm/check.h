/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CHECK() of the guest's case programs (hbtest, hbmigrate, hbmirror): a
 * condition that fails is printed with its line and counted, and the case
 * goes on; and the main of those whose cases return their status.
 * Include it after defining _GNU_SOURCE.
 */
#ifndef _HB_CHECK_H
#define _HB_CHECK_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

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

/* A case: 0 (its CHECK()s decide), 77 to skip, or another failure. */
struct check_case {
	const char *name;
	int (*fn)(void);
};

/*
 * The main of a case program of @n @cases: "list" prints their names,
 * CASE runs it and returns its status, or 1 when a CHECK() failed; 2 for
 * a usage or a case it does not have.
 */
static inline int check_main(int argc, char **argv,
			     const struct check_case *cases, size_t n)
{
	size_t i;
	int ret;

	if (argc != 2) {
		fprintf(stderr, "usage: %s list | %s CASE\n",
			program_invocation_short_name,
			program_invocation_short_name);
		return 2;
	}
	for (i = 0; i < n; i++) {
		if (!strcmp(argv[1], "list")) {
			puts(cases[i].name);
		} else if (!strcmp(argv[1], cases[i].name)) {
			ret = cases[i].fn();
			return ret ? ret : failures ? 1 : 0;
		}
	}
	if (strcmp(argv[1], "list")) {
		fprintf(stderr, "%s: no case '%s'\n",
			program_invocation_short_name, argv[1]);
		return 2;
	}
	return 0;
}

#endif /* _HB_CHECK_H */
