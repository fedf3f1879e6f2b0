// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the environment as people read it (results/env.c)
 * - each fact's text, the line of the known ones and nothing for a
 * result that knows none - and the facts two results know differently:
 * a fact one side does not know is no difference, the kernel command
 * line differs by the words only one side has, not by the kernel's file;
 * what merged runs do not all share is forgotten.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"
#include "results/env.h"

/* A bare-metal machine that knows every fact. */
static void bare_metal(struct hb_host *h)
{
	memset(h, 0, sizeof(*h));
	strcpy(h->accel, "none");
	strcpy(h->cpu_model, "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz");
	strcpy(h->microcode, "0x5003604");
	strcpy(h->cmdline, "BOOT_IMAGE=/vmlinuz-6.1.0 root=/dev/sda1 ro quiet");
	strcpy(h->governor, "performance");
	h->boost = HB_TRI_YES;
	strcpy(h->smt_control, "on");
	h->smt_active = HB_TRI_YES;
	strcpy(h->thp_enabled, "always");
	strcpy(h->thp_defrag, "madvise");
	strcpy(h->clocksource, "tsc");
	strcpy(h->mitigations, "1 vulnerable (mds), 12 mitigated");
}

static void every_known_fact_is_in_the_line(void **state)
{
	struct hb_host h;
	char buf[1024];

	(void)state;
	bare_metal(&h);
	assert_string_equal(hb_env_line(&h, buf, sizeof(buf), ' '),
			    "governor performance, boost on, SMT on, THP always/madvise, clocksource tsc, microcode 0x5003604; mitigations: 1 vulnerable (mds), 12 mitigated");
	/* the name and value kept together for the wrapping */
	assert_string_equal(hb_env_line(&h, buf, sizeof(buf), '_'),
			    "governor_performance, boost_on, SMT_on, THP_always/madvise, clocksource_tsc, microcode_0x5003604; mitigations: 1 vulnerable (mds), 12 mitigated");
}

/* Only what is known is said; knowing nothing says nothing. */
static void unknown_facts_are_left_out_of_the_line(void **state)
{
	struct hb_host h;
	char buf[1024];

	(void)state;
	bare_metal(&h);
	h.governor[0] = h.microcode[0] = h.thp_enabled[0] = '\0';
	h.boost = HB_TRI_UNKNOWN;
	h.mitigations[0] = '\0';
	assert_string_equal(hb_env_line(&h, buf, sizeof(buf), ' '),
			    "SMT on, THP defrag madvise, clocksource tsc");
	memset(&h, 0, sizeof(h));
	strcpy(h.mitigations, "none affected");
	assert_string_equal(hb_env_line(&h, buf, sizeof(buf), ' '),
			    "mitigations: none affected");
	memset(&h, 0, sizeof(h));
	strcpy(h.cpu_model, "Test CPU");
	strcpy(h.cmdline, "quiet");
	assert_null(hb_env_line(&h, buf, sizeof(buf), ' '));
}

/* SMT by its control, and by whether siblings are active. */
static void smt_says_control_and_activity(void **state)
{
	static const struct {
		const char *control;
		enum hb_tri active;
		const char *want;
	} cases[] = {
		{ "on", HB_TRI_YES, "on" },
		{ "on", HB_TRI_NO, "on (inactive)" },
		{ "off", HB_TRI_NO, "off" },
		{ "forceoff", HB_TRI_NO, "forced off" },
		{ "notsupported", HB_TRI_NO, "not supported" },
		{ "notimplemented", HB_TRI_UNKNOWN, "notimplemented" },
		{ "notimplemented", HB_TRI_YES, "on" },
		{ "", HB_TRI_NO, "off" },
		{ "", HB_TRI_UNKNOWN, NULL },
	};
	struct hb_host h;
	const char *t;
	char buf[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&h, 0, sizeof(h));
		strcpy(h.smt_control, cases[i].control);
		h.smt_active = cases[i].active;
		t = hb_env_text(&h, HB_ENV_SMT, buf, sizeof(buf));
		if (!cases[i].want)
			assert_null(t);
		else
			assert_string_equal(t, cases[i].want);
	}
}

/* @d of @a against @b, as phrases "base" against "new", one per line. */
static const char *diffs(const struct hb_host *a, const struct hb_host *b)
{
	static char out[4096];
	struct hb_env_diff d[HB_NR_ENV];
	size_t n, i, used = 0;
	char buf[1536];

	n = hb_env_diff(a, b, d);
	out[0] = '\0';
	for (i = 0; i < n; i++)
		used += snprintf(out + used, sizeof(out) - used, "%s\n",
				 hb_env_diff_text(buf, sizeof(buf), &d[i],
						  "base", "new"));
	return out;
}

/*
 * Facts both sides know and say differently are named, each side's
 * value after it, quoted where it holds spaces; the same facts are not.
 */
static void differences_name_each_side(void **state)
{
	struct hb_host a, b;

	(void)state;
	bare_metal(&a);
	bare_metal(&b);
	assert_string_equal(diffs(&a, &b), "");
	strcpy(b.governor, "powersave");
	b.boost = HB_TRI_NO;
	b.smt_active = HB_TRI_NO;
	strcpy(b.thp_enabled, "never");
	strcpy(b.cpu_model, "AMD EPYC 7763 64-Core Processor");
	strcpy(b.mitigations, "mitigations=off: 13 vulnerable");
	assert_string_equal(diffs(&a, &b),
			    "governor performance in base, powersave in new\n"
			    "boost on in base, off in new\n"
			    "SMT on in base, on (inactive) in new\n"
			    "THP always/madvise in base, never/madvise in new\n"
			    "mitigations \"1 vulnerable (mds), 12 mitigated\" in base, \"mitigations=off: 13 vulnerable\" in new\n"
			    "CPU \"Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz\" in base, \"AMD EPYC 7763 64-Core Processor\" in new\n");
}

/* A side that does not know a fact, an older result's, differs in none. */
static void unknown_is_no_difference(void **state)
{
	struct hb_host a, b;

	(void)state;
	bare_metal(&a);
	memset(&b, 0, sizeof(b));
	assert_string_equal(diffs(&a, &b), "");
	assert_string_equal(diffs(&b, &a), "");
}

/*
 * The command lines differ by the words one side has and the other
 * lacks, not by their order nor by the kernel's file they name.
 */
static void command_lines_differ_by_their_words(void **state)
{
	struct hb_host a, b;

	(void)state;
	bare_metal(&a);
	bare_metal(&b);
	strcpy(b.cmdline, "BOOT_IMAGE=/vmlinuz-6.12.0 initrd=/initrd.img quiet ro root=/dev/sda1");
	assert_string_equal(diffs(&a, &b), "");
	strcpy(b.cmdline, "BOOT_IMAGE=/vmlinuz-6.12.0 root=/dev/sda1 ro mitigations=off transparent_hugepage=never");
	assert_string_equal(diffs(&a, &b),
			    "kernel command line \"quiet\" in base only, \"mitigations=off transparent_hugepage=never\" in new only\n");
	strcpy(b.cmdline, "root=/dev/sda1 ro quiet  nosmt");
	assert_string_equal(diffs(&a, &b),
			    "kernel command line \"nosmt\" in new only\n");
}

/* A side's words that do not fit end in "...", cut at a word. */
static void long_command_lines_are_cut_at_a_word(void **state)
{
	struct hb_host a, b;
	struct hb_env_diff d[HB_NR_ENV];
	size_t i, used = 0;

	(void)state;
	bare_metal(&a);
	bare_metal(&b);
	for (i = 0; used + 16 < sizeof(b.cmdline); i++)
		used += snprintf(b.cmdline + used, sizeof(b.cmdline) - used,
				 "%sword%zu=%zu", i ? " " : "", i, i);
	assert_int_equal(hb_env_diff(&a, &b, d), 1);
	assert_int_equal(d[0].id, HB_ENV_CMDLINE);
	assert_true(strlen(d[0].other) < HB_ENV_TEXT);
	assert_string_equal(d[0].other + strlen(d[0].other) - 4, " ...");
	assert_memory_equal(d[0].other, "word0=0 word1=1 ", 16);
	/* every word of a, but quiet: b lacks it */
	assert_string_equal(d[0].base, "root=/dev/sda1 ro quiet");
}

/*
 * Merged runs keep a fact only when every run knew it the same: a
 * different governor, or one run that did not know it, forgets it.
 */
static void merged_runs_keep_the_facts_they_share(void **state)
{
	struct hb_host a, b;
	char buf[1024];

	(void)state;
	bare_metal(&a);
	bare_metal(&b);
	strcpy(b.governor, "powersave");
	b.smt_active = HB_TRI_UNKNOWN;
	b.smt_control[0] = '\0';
	strcpy(b.cmdline, "BOOT_IMAGE=/vmlinuz-6.1.0.old root=/dev/sda1 ro quiet");
	hb_env_common(&a, &b);
	assert_string_equal(hb_env_line(&a, buf, sizeof(buf), ' '),
			    "boost on, THP always/madvise, clocksource tsc, microcode 0x5003604; mitigations: 1 vulnerable (mds), 12 mitigated");
	assert_string_equal(a.smt_control, "");
	assert_int_equal(a.smt_active, HB_TRI_UNKNOWN);
	/* the kernel's file is no difference: the first run's line stays */
	assert_string_equal(a.cmdline,
			    "BOOT_IMAGE=/vmlinuz-6.1.0 root=/dev/sda1 ro quiet");
	assert_string_equal(a.cpu_model,
			    "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz");
}

/* A result that knows no environment (an older one) shows no line. */
static void table_of_a_result_without_environment_has_no_line(void **state)
{
	struct hb_result r;
	char *text;

	(void)state;
	fixture_result(&r);
	text = fixture_render(HB_FMT_TABLE, &r);
	assert_non_null(strstr(text, "\nenvironment: SMT\x20not supported"));
	free(text);
	r.meta.host.smt_control[0] = r.meta.host.thp_enabled[0] = '\0';
	r.meta.host.thp_defrag[0] = r.meta.host.clocksource[0] = '\0';
	r.meta.host.microcode[0] = r.meta.host.mitigations[0] = '\0';
	r.meta.host.smt_active = HB_TRI_UNKNOWN;
	text = fixture_render(HB_FMT_TABLE, &r);
	assert_null(strstr(text, "environment"));
	free(text);
	text = fixture_render(HB_FMT_COVER, &r);
	assert_null(strstr(text, "Environment"));
	free(text);
	hb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_known_fact_is_in_the_line),
		cmocka_unit_test(unknown_facts_are_left_out_of_the_line),
		cmocka_unit_test(smt_says_control_and_activity),
		cmocka_unit_test(differences_name_each_side),
		cmocka_unit_test(unknown_is_no_difference),
		cmocka_unit_test(command_lines_differ_by_their_words),
		cmocka_unit_test(long_command_lines_are_cut_at_a_word),
		cmocka_unit_test(merged_runs_keep_the_facts_they_share),
		cmocka_unit_test(table_of_a_result_without_environment_has_no_line),
	};

	return cmocka_run_group_tests_name("env", tests, NULL, NULL);
}
