/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench unit tests: one cmocka for the tests, from 1.1 (Debian 12) to
 * 2.0 (Debian unstable), which deprecates assert_in_range() in favour of
 * assert_uint_in_range() (that 1.1 lacks), so that -Werror stops there.
 * The Makefile includes it before each test's own first line.
 */
#ifndef HB_TEST_CMOCKA_COMPAT_H
#define HB_TEST_CMOCKA_COMPAT_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#ifdef assert_uint_in_range
#undef assert_in_range
#define assert_in_range(value, minimum, maximum) \
	assert_uint_in_range(value, minimum, maximum)
#endif

#endif
