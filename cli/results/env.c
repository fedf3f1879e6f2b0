// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the environment as people read it - each fact a short text,
 * the known ones in one line - and which facts two results know
 * differently: their texts, or for the kernel command line the words
 * only one side has, the kernel's file names left out.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "results/env.h"

static const struct {
	const char *name, *key;
	bool quoted;		/* its texts may hold commas and spaces */
} hb_env_facts[HB_NR_ENV] = {
	[HB_ENV_GOVERNOR] = { "governor", "cpufreq_governor" },
	[HB_ENV_BOOST] = { "boost", "boost" },
	[HB_ENV_SMT] = { "SMT", "smt" },
	[HB_ENV_THP] = { "THP", "thp" },
	[HB_ENV_CLOCKSOURCE] = { "clocksource", "clocksource" },
	[HB_ENV_MICROCODE] = { "microcode", "microcode" },
	[HB_ENV_MITIGATIONS] = { "mitigations", "mitigations", true },
	[HB_ENV_CPU] = { "CPU", "cpu_model", true },
	[HB_ENV_CMDLINE] = { "kernel command line", "kernel_cmdline", true },
};

const char *hb_env_name(enum hb_env_id id)
{
	return hb_env_facts[id].name;
}

const char *hb_env_key(enum hb_env_id id)
{
	return hb_env_facts[id].key;
}

static const char *hb_env_tri(enum hb_tri t)
{
	return t == HB_TRI_YES ? "on" : t == HB_TRI_NO ? "off" : NULL;
}

/* SMT by its control, and by whether siblings are active. */
static const char *hb_env_smt(const struct hb_host *h)
{
	static const char *const controls[][2] = {
		{ "notsupported", "not supported" },
		{ "forceoff", "forced off" },
		{ "off", "off" },
	};
	const char *c = h->smt_control;
	size_t i;

	for (i = 0; i < sizeof(controls) / sizeof(controls[0]); i++)
		if (!strcmp(c, controls[i][0]))
			return controls[i][1];
	if (h->smt_active == HB_TRI_YES)
		return "on";
	if (h->smt_active == HB_TRI_NO)
		return !strcmp(c, "on") ? "on (inactive)" : "off";
	return c[0] ? c : NULL;
}

/* "always/madvise": enabled, then defrag. */
static const char *hb_env_thp(const struct hb_host *h, char *buf, size_t len)
{
	if (!h->thp_enabled[0] && !h->thp_defrag[0])
		return NULL;
	if (!h->thp_defrag[0])
		snprintf(buf, len, "%s", h->thp_enabled);
	else if (!h->thp_enabled[0])
		snprintf(buf, len, "defrag %s", h->thp_defrag);
	else
		snprintf(buf, len, "%s/%s", h->thp_enabled, h->thp_defrag);
	return buf;
}

/* @s, or NULL when it is "" (unknown). */
static const char *hb_env_known(const char *s)
{
	return s[0] ? s : NULL;
}

const char *hb_env_text(const struct hb_host *h, enum hb_env_id id,
			char *buf, size_t len)
{
	switch (id) {
	case HB_ENV_GOVERNOR:
		return hb_env_known(h->governor);
	case HB_ENV_BOOST:
		return hb_env_tri(h->boost);
	case HB_ENV_SMT:
		return hb_env_smt(h);
	case HB_ENV_THP:
		return hb_env_thp(h, buf, len);
	case HB_ENV_CLOCKSOURCE:
		return hb_env_known(h->clocksource);
	case HB_ENV_MICROCODE:
		return hb_env_known(h->microcode);
	case HB_ENV_MITIGATIONS:
		return hb_env_known(h->mitigations);
	case HB_ENV_CPU:
		return hb_env_known(h->cpu_model);
	case HB_ENV_CMDLINE:
		return hb_env_known(h->cmdline);
	default:
		return NULL;
	}
}

const char *hb_env_line(const struct hb_host *h, char *buf, size_t len,
			char space)
{
	char t[HB_ENV_TEXT];
	const char *v;
	size_t used = 0;
	int id, n;

	buf[0] = '\0';
	for (id = 0; id < HB_ENV_MITIGATIONS && used < len; id++) {
		v = hb_env_text(h, id, t, sizeof(t));
		if (!v)
			continue;
		n = snprintf(buf + used, len - used, "%s%s%c%s",
			     used ? ", " : "", hb_env_name(id), space, v);
		used += n > 0 ? n : 0;
	}
	v = hb_env_text(h, HB_ENV_MITIGATIONS, t, sizeof(t));
	if (v && used < len)
		snprintf(buf + used, len - used, "%smitigations: %s",
			 used ? "; " : "", v);
	return buf[0] ? buf : NULL;
}

/* A word of a command line that names the kernel's file. */
static bool hb_env_file_word(const char *w, size_t n)
{
	return (n >= 11 && !strncmp(w, "BOOT_IMAGE=", 11)) ||
	       (n >= 7 && !strncmp(w, "initrd=", 7));
}

/* Whether the word of @n bytes at @w is one of @line's. */
static bool hb_env_has_word(const char *line, const char *w, size_t n)
{
	const char *p = line;
	size_t k;

	while (*p) {
		p += strspn(p, " ");
		k = strcspn(p, " ");
		if (k == n && !strncmp(p, w, n))
			return true;
		p += k;
	}
	return false;
}

/*
 * The words of @line that @other lacks, but the kernel's file, into
 * @buf, cut at a word with " ..." when they do not fit.
 */
static void hb_env_only(char *buf, size_t len, const char *line,
			const char *other)
{
	const char *p = line;
	size_t used = 0, n;

	buf[0] = '\0';
	while (*p) {
		p += strspn(p, " ");
		n = strcspn(p, " ");
		if (n && !hb_env_file_word(p, n) &&
		    !hb_env_has_word(other, p, n)) {
			if (used + n + 1 + 5 > len) {
				snprintf(buf + used, len - used, "%s...",
					 used ? " " : "");
				return;
			}
			used += snprintf(buf + used, len - used, "%s%.*s",
					 used ? " " : "", (int)n, p);
		}
		p += n;
	}
}

/* @s into @buf, cut at a word with " ..." when it does not fit. */
static void hb_env_copy(char *buf, size_t len, const char *s)
{
	char *sp;

	snprintf(buf, len, "%s", s);
	if (strlen(s) < len)
		return;
	/* room for " ..." and the NUL after the last whole word */
	buf[len - 5] = '\0';
	sp = strrchr(buf, ' ');
	strcpy(sp ? sp : buf + strlen(buf), " ...");
}

/* Fact @id of @a and @b into @d when both know it and differ. */
static bool hb_env_differs(const struct hb_host *a, const struct hb_host *b,
			   enum hb_env_id id, struct hb_env_diff *d)
{
	char ta[HB_ENV_TEXT], tb[HB_ENV_TEXT];
	const char *va = hb_env_text(a, id, ta, sizeof(ta));
	const char *vb = hb_env_text(b, id, tb, sizeof(tb));

	if (!va || !vb)
		return false;
	d->id = id;
	if (id == HB_ENV_CMDLINE) {
		hb_env_only(d->base, sizeof(d->base), va, vb);
		hb_env_only(d->other, sizeof(d->other), vb, va);
		return d->base[0] || d->other[0];
	}
	if (!strcmp(va, vb))
		return false;
	hb_env_copy(d->base, sizeof(d->base), va);
	hb_env_copy(d->other, sizeof(d->other), vb);
	return true;
}

size_t hb_env_diff(const struct hb_host *base, const struct hb_host *other,
		   struct hb_env_diff *out)
{
	size_t n = 0;
	int id;

	for (id = 0; id < HB_NR_ENV; id++)
		n += hb_env_differs(base, other, id, &out[n]);
	return n;
}

/* "performance in base", or "\"quiet\" in base only" of a side. */
static int hb_env_side(char *buf, size_t len, const struct hb_env_diff *d,
		       const char *text, const char *name)
{
	bool q = hb_env_facts[d->id].quoted;

	return snprintf(buf, len, "%s%s%s in %s%s", q ? "\"" : "", text,
			q ? "\"" : "", name,
			d->id == HB_ENV_CMDLINE ? " only" : "");
}

const char *hb_env_diff_text(char *buf, size_t len,
			     const struct hb_env_diff *d, const char *base,
			     const char *other)
{
	size_t used;
	int n;

	n = snprintf(buf, len, "%s ", hb_env_name(d->id));
	used = n > 0 ? n : 0;
	if (d->base[0] && used < len) {
		n = hb_env_side(buf + used, len - used, d, d->base, base);
		used += n > 0 ? n : 0;
	}
	if (d->base[0] && d->other[0] && used < len) {
		n = snprintf(buf + used, len - used, ", ");
		used += n > 0 ? n : 0;
	}
	if (d->other[0] && used < len)
		hb_env_side(buf + used, len - used, d, d->other, other);
	return buf;
}

/* Makes fact @id of @h unknown. */
static void hb_env_forget(struct hb_host *h, enum hb_env_id id)
{
	switch (id) {
	case HB_ENV_GOVERNOR:
		h->governor[0] = '\0';
		break;
	case HB_ENV_BOOST:
		h->boost = HB_TRI_UNKNOWN;
		break;
	case HB_ENV_SMT:
		h->smt_control[0] = '\0';
		h->smt_active = HB_TRI_UNKNOWN;
		break;
	case HB_ENV_THP:
		h->thp_enabled[0] = h->thp_defrag[0] = '\0';
		break;
	case HB_ENV_CLOCKSOURCE:
		h->clocksource[0] = '\0';
		break;
	case HB_ENV_MICROCODE:
		h->microcode[0] = '\0';
		break;
	case HB_ENV_MITIGATIONS:
		h->mitigations[0] = '\0';
		break;
	case HB_ENV_CPU:
		h->cpu_model[0] = '\0';
		break;
	case HB_ENV_CMDLINE:
		h->cmdline[0] = '\0';
		break;
	default:
		break;
	}
}

void hb_env_common(struct hb_host *h, const struct hb_host *other)
{
	char t[HB_ENV_TEXT];
	struct hb_env_diff d;
	int id;

	for (id = 0; id < HB_NR_ENV; id++)
		if (!hb_env_text(other, id, t, sizeof(t)) ||
		    hb_env_differs(h, other, id, &d))
			hb_env_forget(h, id);
}
