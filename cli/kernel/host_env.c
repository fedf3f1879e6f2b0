// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the host facts that files say, read under a root directory so
 * that a test can hand it a tree of its own: the CPU model and microcode
 * (/proc/cpuinfo), the kernel command line, and the environment that moves
 * a figure on a real machine - cpufreq governor and boost, SMT, the THP
 * policy, the clocksource, the CPU vulnerabilities - and the hypervisor
 * that CPUID could not name.  What a file does not say plainly stays
 * unknown.
 */
#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "kernel/host.h"

/* Enough of /proc/cpuinfo for its first CPU. */
#define HB_CPUINFO_LEN		65536
/* The most files of the vulnerabilities directory that are summed up. */
#define HB_MAX_VULNS		64
/* The longest line read from a sysfs file of one fact. */
#define HB_LINE_LEN		256

#define HB_SYS_CPU		"/sys/devices/system/cpu"
#define HB_SYS_THP		"/sys/kernel/mm/transparent_hugepage"
#define HB_SYS_VULNS		HB_SYS_CPU "/vulnerabilities"
#define HB_SYS_CLOCKSOURCE	\
	"/sys/devices/system/clocksource/clocksource0/current_clocksource"

/*
 * @root/@path into @buf, NUL-terminated, at most @len - 1 bytes: the
 * bytes read, or -1 when it cannot be opened or read.
 */
static ssize_t hb_env_read(const char *root, const char *path, char *buf,
			   size_t len)
{
	char full[PATH_MAX];
	size_t n;
	FILE *f;
	int err;

	buf[0] = '\0';
	if (snprintf(full, sizeof(full), "%s%s", root, path) >=
	    (int)sizeof(full))
		return -1;
	f = fopen(full, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	err = ferror(f);
	fclose(f);
	buf[err ? 0 : n] = '\0';
	return err ? -1 : (ssize_t)n;
}

/* Whether the @n bytes at @s are printable ASCII, spaces included. */
static bool hb_env_printable(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] < ' ' || s[i] > '~')
			return false;
	return true;
}

/*
 * The @n bytes at @s, without blanks around them, into @buf as a fact:
 * false, and @buf "", when they are empty, longer than @len - 1 or not
 * printable.
 */
static bool hb_env_take(char *buf, size_t len, const char *s, size_t n)
{
	buf[0] = '\0';
	while (n && *s == ' ') {
		s++;
		n--;
	}
	while (n && s[n - 1] == ' ')
		n--;
	if (!n || n >= len || !hb_env_printable(s, n))
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return true;
}

/*
 * The one line of @root/@path, without its newline, into @buf: false,
 * and @buf "", when the file cannot be read or is not one line of
 * printable text that fits.
 */
static bool hb_env_read_line(const char *root, const char *path,
			     char *buf, size_t len)
{
	char line[HB_LINE_LEN];
	ssize_t n = hb_env_read(root, path, line, sizeof(line));

	buf[0] = '\0';
	/* a full buffer may be the start of a longer file */
	if (n <= 0 || n == (ssize_t)sizeof(line) - 1)
		return false;
	if (line[n - 1] == '\n')
		n--;
	return hb_env_take(buf, len, line, n);
}

/* A 0 or 1 file as a yes or no, the other way round with @invert. */
static enum hb_tri hb_env_flag(const char *root, const char *path,
			       bool invert)
{
	char w[8];

	if (!hb_env_read_line(root, path, w, sizeof(w)) ||
	    (strcmp(w, "0") && strcmp(w, "1")))
		return HB_TRI_UNKNOWN;
	return (w[0] == '1') != invert ? HB_TRI_YES : HB_TRI_NO;
}

/* The word in brackets of a policy file, "always [madvise] never". */
static void hb_env_choice(const char *root, const char *path, char *buf,
			  size_t len)
{
	char line[HB_LINE_LEN];
	const char *open, *close;

	buf[0] = '\0';
	if (!hb_env_read_line(root, path, line, sizeof(line)))
		return;
	open = strchr(line, '[');
	close = open ? strchr(open, ']') : NULL;
	if (close && !memchr(open + 1, ' ', close - open - 1))
		hb_env_take(buf, len, open + 1, close - open - 1);
}

const char *hb_host_cpuinfo_key(const char *text, const char *key, int *len)
{
	size_t klen = strlen(key);
	const char *p, *v;

	for (p = text; p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		if (strncmp(p, key, klen))
			continue;
		for (v = p + klen; *v == ' ' || *v == '\t'; v++)
			;
		if (*v++ != ':')
			continue;
		for (; *v == ' ' || *v == '\t'; v++)
			;
		*len = strchr(v, '\n') ? (int)(strchr(v, '\n') - v) :
					(int)strlen(v);
		return v;
	}
	return NULL;
}

/*
 * arm64 names no model, only the MIDR fields: "CPU implementer 0x41,
 * part 0xd0c, variant 0x3, revision 1" (0x41 is Arm Ltd.).
 */
static void hb_host_arm64_cpu(const char *cpuinfo, char *buf, size_t len)
{
	static const char *const keys[] = {
		"CPU implementer", "CPU part", "CPU variant", "CPU revision"
	};
	static const char *const names[] = {
		"CPU implementer", ", part", ", variant", ", revision"
	};
	size_t i, used = 0;
	const char *v;
	int n, w;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]) && used < len; i++) {
		v = hb_host_cpuinfo_key(cpuinfo, keys[i], &n);
		if (!v)
			break;
		w = snprintf(buf + used, len - used, "%s %.*s", names[i], n, v);
		used += w > 0 ? w : 0;
	}
}

void hb_host_cpu_model(const char *cpuinfo, char *buf, size_t len)
{
	/* x86 "model name", arm "Model", powerpc "cpu" */
	static const char *const keys[] = { "model name", "Model", "cpu" };
	const char *v;
	size_t i;
	int n;

	buf[0] = '\0';
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		v = hb_host_cpuinfo_key(cpuinfo, keys[i], &n);
		if (v) {
			snprintf(buf, len, "%.*s", n, v);
			return;
		}
	}
	hb_host_arm64_cpu(cpuinfo, buf, len);
}

/* Whether cpuinfo's first "flags" line holds @flag as a word. */
static bool hb_env_cpu_flag(const char *cpuinfo, const char *flag)
{
	size_t len = strlen(flag);
	const char *v, *p;
	int n;

	v = hb_host_cpuinfo_key(cpuinfo, "flags", &n);
	for (p = v; p && p + len <= v + n; p++) {
		if (strncmp(p, flag, len))
			continue;
		if ((p == v || p[-1] == ' ') &&
		    (p + len == v + n || p[len] == ' '))
			return true;
	}
	return false;
}

/* The CPU model and microcode revision from @root's /proc/cpuinfo. */
static void hb_env_cpuinfo(struct hb_host *h, const char *cpuinfo)
{
	const char *v;
	int n;

	hb_host_cpu_model(cpuinfo, h->cpu_model, sizeof(h->cpu_model));
	v = hb_host_cpuinfo_key(cpuinfo, "microcode", &n);
	if (v)
		hb_env_take(h->microcode, sizeof(h->microcode), v, n);
}

/* A hypervisor's name as the accelerator records it: "xen", else "other". */
static void hb_env_hypervisor_name(char *buf, size_t len, const char *type)
{
	const char *p;

	for (p = type; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')))
			break;
	snprintf(buf, len, "%s", *p || !*type ? "other" : type);
}

/*
 * What CPUID could not tell: off x86 (accel ""), or when it says bare
 * metal ("none") but the kernel knows better (cpuinfo's "hypervisor"
 * flag, as in a Xen PV guest), /sys/hypervisor/type.
 */
static void hb_env_hypervisor(struct hb_host *h, const char *root,
			      const char *cpuinfo)
{
	bool flag = cpuinfo && hb_env_cpu_flag(cpuinfo, "hypervisor");
	char type[16];

	if (h->accel[0] && !(flag && !strcmp(h->accel, "none")))
		return;
	if (hb_env_read_line(root, "/sys/hypervisor/type", type, sizeof(type)))
		hb_env_hypervisor_name(h->accel, sizeof(h->accel), type);
	else if (flag)
		snprintf(h->accel, sizeof(h->accel), "other");
}

static void hb_env_cmdline(struct hb_host *h, const char *root)
{
	size_t n;

	if (hb_env_read(root, "/proc/cmdline", h->cmdline,
			sizeof(h->cmdline)) < 0)
		return;
	n = strlen(h->cmdline);
	while (n && (h->cmdline[n - 1] == '\n' || h->cmdline[n - 1] == ' '))
		h->cmdline[--n] = '\0';
}

/*
 * cpu0's governor, and boost: cpufreq's own switch where the driver has
 * one (acpi-cpufreq, amd-pstate), else intel_pstate's no_turbo.
 */
static void hb_env_cpufreq(struct hb_host *h, const char *root)
{
	hb_env_read_line(root, HB_SYS_CPU "/cpu0/cpufreq/scaling_governor",
			 h->governor, sizeof(h->governor));
	h->boost = hb_env_flag(root, HB_SYS_CPU "/cpufreq/boost", false);
	if (h->boost == HB_TRI_UNKNOWN)
		h->boost = hb_env_flag(root,
				       HB_SYS_CPU "/intel_pstate/no_turbo",
				       true);
}

static void hb_env_read_smt(struct hb_host *h, const char *root)
{
	hb_env_read_line(root, HB_SYS_CPU "/smt/control", h->smt_control,
			 sizeof(h->smt_control));
	h->smt_active = hb_env_flag(root, HB_SYS_CPU "/smt/active", false);
}

/* Whether @name could be a vulnerability's file: [a-z0-9_]+. */
static bool hb_env_vuln_name(const char *name)
{
	const char *p;

	for (p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		      *p == '_'))
			return false;
	return p != name;
}

static int hb_env_strcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of the vulnerabilities directory, sorted; their count. */
static size_t hb_env_vuln_names(const char *root, char **names)
{
	char dir[PATH_MAX];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	if (snprintf(dir, sizeof(dir), "%s" HB_SYS_VULNS, root) >=
	    (int)sizeof(dir))
		return 0;
	d = opendir(dir);
	if (!d)
		return 0;
	while ((e = readdir(d)) && n < HB_MAX_VULNS)
		if (hb_env_vuln_name(e->d_name) &&
		    (names[n] = strdup(e->d_name)))
			n++;
	closedir(d);
	qsort(names, n, sizeof(*names), hb_env_strcmp);
	return n;
}

/* How the kernel says a vulnerability stands. */
enum hb_vuln {
	HB_VULN_VULNERABLE,
	HB_VULN_MITIGATED,
	HB_VULN_UNKNOWN,
	HB_VULN_NOT_AFFECTED,
};

static enum hb_vuln hb_env_vuln(const char *text)
{
	if (!strncmp(text, "KVM: ", 5))
		text += 5;
	if (!strncmp(text, "Not affected", 12))
		return HB_VULN_NOT_AFFECTED;
	if (!strncmp(text, "Mitigation", 10))
		return HB_VULN_MITIGATED;
	if (!strncmp(text, "Vulnerable", 10) ||
	    !strncmp(text, "Processor vulnerable", 20))
		return HB_VULN_VULNERABLE;
	return HB_VULN_UNKNOWN;
}

/*
 * The value of the last "mitigations=" word of @cmdline into @buf; ""
 * when there is none.  The words after " -- " are init's.
 */
static void hb_env_mitigations_arg(const char *cmdline, char *buf,
				   size_t len)
{
	static const char key[] = "mitigations=";
	const char *p, *v = NULL, *end = strstr(cmdline, " -- ");

	for (p = cmdline; (p = strstr(p, key)) && (!end || p < end); p++)
		if (p == cmdline || p[-1] == ' ')
			v = p + sizeof(key) - 1;
	buf[0] = '\0';
	if (v && !hb_env_take(buf, len, v, strcspn(v, " ")))
		buf[0] = '\0';
}

/*
 * " (mds, srbds)": the names of the @n files whose status is vulnerable,
 * as many as fit in @len (at least 8) with "..." after them when not all
 * do.
 */
static void hb_env_vuln_list(char *buf, size_t len, const char *const *names,
			     const char *const *texts, size_t n)
{
	size_t i, used = 0, k = 0;
	int w;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		if (hb_env_vuln(texts[i]) != HB_VULN_VULNERABLE)
			continue;
		/* room for this name, ", ...)" and the NUL */
		if (used + strlen(names[i]) + 8 > len) {
			snprintf(buf + used, len - used, "%s...",
				 k++ ? ", " : " (");
			used = strlen(buf);
			break;
		}
		w = snprintf(buf + used, len - used, "%s%s", k++ ? ", " : " (",
			     names[i]);
		used += w > 0 ? w : 0;
	}
	if (k)
		snprintf(buf + used, len - used, ")");
}

const char *hb_host_mitigations(const char *const *names,
				const char *const *texts, size_t n,
				const char *cmdline, char *buf, size_t len)
{
	static const char *const words[] = {
		[HB_VULN_VULNERABLE] = "vulnerable",
		[HB_VULN_MITIGATED] = "mitigated",
		[HB_VULN_UNKNOWN] = "unknown",
	};
	size_t count[HB_VULN_NOT_AFFECTED + 1] = { 0 }, i, used = 0;
	char arg[64], list[HB_MITIGATIONS_LEN];
	/* what the command line's value and the counts leave the names */
	size_t room = len > 128 + 8 ? len - 128 : 8;
	int w, k = 0;

	for (i = 0; i < n; i++)
		count[hb_env_vuln(texts[i])]++;
	hb_env_mitigations_arg(cmdline, arg, sizeof(arg));
	if (!strcmp(arg, "off"))
		list[0] = '\0';
	else
		hb_env_vuln_list(list, room < sizeof(list) ? room : sizeof(list),
				 names, texts, n);
	w = snprintf(buf, len, "%s%s", arg[0] ? "mitigations=" : "", arg);
	used = w > 0 ? w : 0;
	if (arg[0] && used < len)
		used += snprintf(buf + used, len - used, ": ");
	for (i = 0; i < HB_VULN_NOT_AFFECTED && used < len; i++) {
		if (!count[i])
			continue;
		w = snprintf(buf + used, len - used, "%s%zu %s%s",
			     k++ ? ", " : "", count[i], words[i],
			     i == HB_VULN_VULNERABLE ? list : "");
		used += w > 0 ? w : 0;
	}
	if (!k && used < len)
		snprintf(buf + used, len - used, "none affected");
	return buf;
}

/* The vulnerabilities directory summed up (hb_host_mitigations()). */
static void hb_env_mitigations(struct hb_host *h, const char *root)
{
	char texts[HB_MAX_VULNS][HB_LINE_LEN];
	const char *ok_names[HB_MAX_VULNS], *ok_texts[HB_MAX_VULNS];
	char *names[HB_MAX_VULNS], path[PATH_MAX];
	size_t n, i, k = 0;

	n = hb_env_vuln_names(root, names);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), HB_SYS_VULNS "/%s", names[i]);
		if (!hb_env_read_line(root, path, texts[k], sizeof(texts[k])))
			continue;
		ok_names[k] = names[i];
		ok_texts[k] = texts[k];
		k++;
	}
	if (k)
		hb_host_mitigations(ok_names, ok_texts, k, h->cmdline,
				    h->mitigations, sizeof(h->mitigations));
	for (i = 0; i < n; i++)
		free(names[i]);
}

/* The facts this file reads, unknown until it has. */
static void hb_env_clear(struct hb_host *h)
{
	h->cpu_model[0] = h->microcode[0] = h->cmdline[0] = '\0';
	h->governor[0] = h->smt_control[0] = h->clocksource[0] = '\0';
	h->thp_enabled[0] = h->thp_defrag[0] = h->mitigations[0] = '\0';
	h->boost = h->smt_active = HB_TRI_UNKNOWN;
}

void hb_host_gather_env(struct hb_host *h, const char *root)
{
	char *cpuinfo = malloc(HB_CPUINFO_LEN);

	hb_env_clear(h);
	if (cpuinfo && hb_env_read(root, "/proc/cpuinfo", cpuinfo,
				   HB_CPUINFO_LEN) >= 0)
		hb_env_cpuinfo(h, cpuinfo);
	hb_env_hypervisor(h, root, cpuinfo);
	free(cpuinfo);
	hb_env_cmdline(h, root);
	hb_env_cpufreq(h, root);
	hb_env_read_smt(h, root);
	hb_env_choice(root, HB_SYS_THP "/enabled", h->thp_enabled,
		      sizeof(h->thp_enabled));
	hb_env_choice(root, HB_SYS_THP "/defrag", h->thp_defrag,
		      sizeof(h->thp_defrag));
	hb_env_read_line(root, HB_SYS_CLOCKSOURCE, h->clocksource,
			 sizeof(h->clocksource));
	hb_env_mitigations(h, root);
}
