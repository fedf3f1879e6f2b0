/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the environment a figure came from (kernel/host.h) as the
 * human formats say it - one line of the facts a result knows - and the
 * facts in which two results differ, which compare names and merge does
 * not claim for runs that did not share them.
 */
#ifndef HB_ENV_H
#define HB_ENV_H

#include <stdbool.h>
#include <stddef.h>

#include "kernel/host.h"

/* The facts, in the order every human format says them. */
enum hb_env_id {
	HB_ENV_GOVERNOR,
	HB_ENV_BOOST,
	HB_ENV_SMT,
	HB_ENV_THP,
	HB_ENV_CLOCKSOURCE,
	HB_ENV_MICROCODE,
	HB_ENV_MITIGATIONS,
	HB_ENV_CPU,
	HB_ENV_CMDLINE,
	HB_NR_ENV,
};

/* The longest text of one fact a difference holds, with its NUL. */
#define HB_ENV_TEXT	640

/* What the human formats call fact @id: "governor", "SMT", "CPU". */
const char *hb_env_name(enum hb_env_id id);

/*
 * What compare's JSON calls it: "cpufreq_governor", "boost", "smt",
 * "thp", "clocksource", "microcode", "mitigations", "cpu_model",
 * "kernel_cmdline".
 */
const char *hb_env_key(enum hb_env_id id);

/*
 * Fact @id of @h as the human formats say it: "performance", "on",
 * "on (inactive)" for SMT allowed without a sibling online, "not
 * supported", "always/madvise" (THP enabled/defrag), the mitigations'
 * line; NULL when @h does not know it.
 */
const char *hb_env_text(const struct hb_host *h, enum hb_env_id id,
			char *buf, size_t len);

/*
 * The facts @h knows from governor to mitigations, in one line: "governor
 * performance, boost on, SMT on, THP always/madvise, clocksource tsc,
 * microcode 0xf0; mitigations: 1 vulnerable (mds), 12 mitigated", a
 * fact's name and value joined by @space (the wrapping's HB_NBSP keeps
 * them on one line); NULL when it knows none of them.
 */
const char *hb_env_line(const struct hb_host *h, char *buf, size_t len,
			char space);

/* A fact two results both know, and know differently. */
struct hb_env_diff {
	enum hb_env_id id;
	/*
	 * Each side's hb_env_text(); of the kernel command line, the words
	 * only that side has ("" when none), leaving out BOOT_IMAGE= and
	 * initrd=, which name the kernel's file.  Cut at a word, with
	 * "...", when longer.
	 */
	char base[HB_ENV_TEXT], other[HB_ENV_TEXT];
};

/*
 * The facts both @base and @other know and say differently, in the
 * order of enum hb_env_id, into @out (room for HB_NR_ENV); their count.
 */
size_t hb_env_diff(const struct hb_host *base, const struct hb_host *other,
		   struct hb_env_diff *out);

/*
 * @d as a phrase of a sentence, the sides named @base and @other:
 * "governor performance in base, powersave in new"; "CPU "..." in base,
 * "..." in new" for the texts with commas or spaces; "kernel command
 * line "quiet" in base only, "mitigations=off" in new only".
 */
const char *hb_env_diff_text(char *buf, size_t len,
			     const struct hb_env_diff *d, const char *base,
			     const char *other);

/*
 * Forgets (makes unknown) each fact of @h that @other does not know, or
 * knows differently (hb_env_diff()): what runs that are pooled did not
 * all share is not theirs.
 */
void hb_env_common(struct hb_host *h, const struct hb_host *other);

#endif /* HB_ENV_H */
