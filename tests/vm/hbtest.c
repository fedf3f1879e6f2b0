// SPDX-License-Identifier: GPL-2.0
/*
 * hbtest: driver scenarios against the real /dev/hmmbench, run in the VM.
 * Each case drives the raw ioctl ABI (including malformed structs the CLI
 * never sends) and checks the errno, the timings and that nothing is left
 * behind in /proc/iomem or the live chunk count.  This file holds the
 * table of cases; they live by area in hbtest-map.c, hbtest-race.c,
 * hbtest-verify.c, hbtest-roofline.c and hbtest-watch.c, and the helpers
 * they share in hbtest-lib.c.
 *
 * usage: hbtest list | hbtest CASE
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "hbtest.h"

struct test_case {
	const char *name;
	void (*fn)(void);
};

static const struct test_case cases[] = {
	{ "info-values", case_info_values },
	{ "map-1g", case_map_1g },
	{ "map-64g-twice", case_map_64g_twice },
	{ "map-two-64g-chunks", case_map_two_64g_chunks },
	{ "map-vmemmap-shift", case_map_vmemmap_shift },
	{ "bad-size-zero", case_bad_size_zero },
	{ "bad-size-unaligned", case_bad_size_unaligned },
	{ "bad-size-over-budget", case_bad_size_over_budget },
	{ "bad-size-overflow", case_bad_size_overflow },
	{ "bad-flags", case_bad_flags },
	{ "bad-reserved", case_bad_reserved },
	{ "struct-too-small", case_struct_too_small },
	{ "struct-larger", case_struct_larger },
	{ "bad-handle", case_bad_handle },
	{ "bad-node", case_bad_node },
	{ "bad-ioctl", case_bad_ioctl },
	{ "no-cap-sys-admin", case_no_cap_sys_admin },
	{ "close-releases", case_close_releases },
	{ "sigkill-releases", case_sigkill_releases },
	{ "map-unmap-race", case_map_unmap_race },
	{ "handle-zero-never", case_handle_zero_never },
	{ "struct-size-cap", case_struct_size_cap },
	{ "map-unwritable", case_map_unwritable },
	{ "unmap-unwritable", case_unmap_unwritable },
	{ "map-wait-restarts", case_map_wait_restarts },
	{ "sigkill-mid-map", case_sigkill_mid_map },
	{ "four-processes", case_four_processes },
	{ "budget-exhaust", case_budget_exhaust },
	{ "map-fills-window", case_map_fills_window },
	{ "verify-base", case_verify_base },
	{ "verify-compound", case_verify_compound },
	{ "verify-errors", case_verify_errors },
	{ "verify-order-1", case_verify_order_1 },
	{ "verify-unmap-race", case_verify_unmap_race },
	{ "verify-phys", case_verify_phys },
	{ "verify-phys-race", case_verify_phys_race },
	{ "roofline", case_roofline },
	{ "roofline-errors", case_roofline_errors },
	{ "roofline-copy", case_roofline_copy },
	{ "watch-own-map", case_watch_own_map },
	{ "watch-other-kinds", case_watch_other_kinds },
	{ "watch-errors", case_watch_errors },
	{ "watch-race", case_watch_race },
	{ "watch-reply-efault", case_watch_reply_efault },
};

/* Cases that need the module loaded with other parameters: not listed. */
static const struct test_case unlisted_cases[] = {
	{ "phase-probe-off", case_phase_probe_off },
	{ "watch-restart-mid-init", case_watch_restart_mid_init },
	{ "watch-close-mid-call", case_watch_close_mid_call },
};

static int run_case(const struct test_case *c, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!strcmp(name, c[i].name)) {
			c[i].fn();
			return failures ? 1 : 0;
		}
	}
	return -1;
}

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

int main(int argc, char **argv)
{
	size_t i;
	int ret;

	if (argc != 2) {
		fprintf(stderr, "usage: hbtest list | hbtest CASE\n");
		return 2;
	}
	if (!strcmp(argv[1], "list")) {
		for (i = 0; i < ARRAY_SIZE(cases); i++)
			puts(cases[i].name);
		return 0;
	}
	ret = run_case(cases, ARRAY_SIZE(cases), argv[1]);
	if (ret < 0)
		ret = run_case(unlisted_cases, ARRAY_SIZE(unlisted_cases),
			       argv[1]);
	if (ret < 0) {
		fprintf(stderr, "hbtest: no case '%s'\n", argv[1]);
		return 2;
	}
	return ret;
}
