// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: gathers host facts for result metadata (machine, CPU count,
 * NUMA nodes, RAM, boot id, hostname, date, the accelerator by CPUID; the
 * facts files say are host_env.c's).  Reading is kept apart from
 * rendering so outputs are deterministic in tests.  Also how to load the module, for the
 * sentences that say so: installed for the running kernel, or built in
 * the source tree this hmmbench runs from.
 */
#include <ctype.h>
#include <stdbool.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "kernel/host.h"

/* Reads a small text file into @buf, NUL-terminated; 0 or -1. */
static int hb_read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
	return 0;
}

static void hb_chomp(char *s)
{
	size_t n = strlen(s);

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

unsigned int hb_host_count_list(const char *list)
{
	unsigned int count = 0;
	const char *p = list;

	while (*p && *p != '\n') {
		char *end;
		unsigned long a = strtoul(p, &end, 10), b = a;

		if (end == p)
			return 0;
		if (*end == '-') {
			p = end + 1;
			b = strtoul(p, &end, 10);
			if (end == p || b < a)
				return 0;
		}
		count += b - a + 1;
		p = end;
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return 0;
	}
	return count;
}

void hb_host_boot_id(const char *path, char *buf, size_t len)
{
	if (hb_read_file(path, buf, len))
		buf[0] = '\0';
	hb_chomp(buf);
}

static void hb_host_uname(struct hb_host *h)
{
	struct utsname u;

	if (uname(&u))
		return;
	snprintf(h->machine, sizeof(h->machine), "%s", u.machine);
	snprintf(h->kernel_release, sizeof(h->kernel_release), "%s",
		 u.release);
	snprintf(h->kernel_version, sizeof(h->kernel_version), "%s",
		 u.version);
	snprintf(h->hostname, sizeof(h->hostname), "%s", u.nodename);
}

static void hb_host_date(struct hb_host *h)
{
	time_t now = time(NULL);
	struct tm tm;

	if (gmtime_r(&now, &tm))
		strftime(h->date, sizeof(h->date), "%Y-%m-%dT%H:%M:%SZ", &tm);
}

const char *hb_host_accel_name(const char *sig)
{
	static const struct {
		const char sig[13];
		const char *name;
	} known[] = {
		{ "KVMKVMKVM\0\0\0", "kvm" },
		{ "TCGTCGTCGTCG", "tcg" },
		{ "Microsoft Hv", "hyperv" },
		{ "VMwareVMware", "vmware" },
		{ "XenVMMXenVMM", "xen" },
	};
	size_t i;

	if (!sig)
		return "none";
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!memcmp(sig, known[i].sig, 12))
			return known[i].name;
	return "other";
}

/*
 * CPUID tells the accelerator (KVM and QEMU's TCG both sign leaf
 * 0x40000000); where it cannot, the VM harness's word is taken, and so
 * it is for icount, which is TCG to CPUID.
 */
static void hb_host_accel(struct hb_host *h)
{
	const char *env = getenv("HMMBENCH_VM_ACCEL");
	const char *name = "";

#if defined(__x86_64__) || defined(__i386__)
	unsigned int a, b, c, d;
	char sig[12];

	if (__get_cpuid(1, &a, &b, &c, &d) && !(c & (1U << 31))) {
		name = hb_host_accel_name(NULL);
	} else {
		__cpuid(0x40000000, a, b, c, d);
		memcpy(sig, &b, 4);
		memcpy(sig + 4, &c, 4);
		memcpy(sig + 8, &d, 4);
		name = hb_host_accel_name(sig);
	}
#endif
	if (env && *env && (!*name || !strcmp(name, "other") ||
			    !strcmp(env, "icount")))
		name = env;
	snprintf(h->accel, sizeof(h->accel), "%s", name);
	env = getenv("HMMBENCH_VM_QEMU");
	if (env)
		snprintf(h->qemu_version, sizeof(h->qemu_version), "%s", env);
}

void hb_host_gather(struct hb_host *h)
{
	char buf[256];
	struct sysinfo si;
	long cpus;

	memset(h, 0, sizeof(*h));
	hb_host_uname(h);
	hb_host_date(h);
	hb_host_accel(h);
	hb_host_gather_env(h, "");
	hb_host_boot_id("/proc/sys/kernel/random/boot_id", h->boot_id,
			sizeof(h->boot_id));
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	h->cpus = cpus > 0 ? cpus : 0;
	h->numa_nodes = 1;
	if (!hb_read_file("/sys/devices/system/node/online", buf, sizeof(buf)) &&
	    hb_host_count_list(buf))
		h->numa_nodes = hb_host_count_list(buf);
	if (!sysinfo(&si))
		h->total_ram = (uint64_t)si.totalram * si.mem_unit;
}

/* nftw() callback: 1, which ends the walk, at the module's file. */
static int hb_host_module_file(const char *path, const struct stat *st,
			       int type, struct FTW *ftw)
{
	static const char *const names[] = {
		"hmmbench.ko", "hmmbench.ko.xz", "hmmbench.ko.zst",
		"hmmbench.ko.gz",
	};
	size_t i;

	(void)st;
	if (type == FTW_D || type == FTW_DNR)
		return 0;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(path + ftw->base, names[i]))
			return 1;
	return 0;
}

/*
 * Whether hmmbench.ko is under @moddir, by the file alone, without
 * running modinfo.  FTW_PHYS keeps the walk out of build/ and source/,
 * links to kernel trees.
 */
static bool hb_host_module_installed(const char *moddir)
{
	return nftw(moddir, hb_host_module_file, 16, FTW_PHYS) == 1;
}

/*
 * The source tree @exe was built in, into @top: @exe is TOP/cli/NAME
 * beside TOP/driver/Kbuild.  False for an installed hmmbench.
 */
static bool hb_host_source_tree(const char *exe, char *top, size_t len)
{
	char kbuild[PATH_MAX + 16];
	const char *slash = strrchr(exe, '/');
	size_t n;

	if (!slash || slash - exe < 4 || strncmp(slash - 4, "/cli", 4))
		return false;
	n = slash - 4 - exe;
	if (n >= len)
		return false;
	snprintf(top, len, "%.*s", (int)n, exe);
	snprintf(kbuild, sizeof(kbuild), "%s/driver/Kbuild", top);
	return !access(kbuild, F_OK);
}

const char *hb_host_load_hint(const char *moddir, const char *exe,
			      char *buf, size_t len)
{
	char top[PATH_MAX], ko[PATH_MAX + 32];

	if (!hb_host_source_tree(exe, top, sizeof(top))) {
		snprintf(buf, len, "sudo modprobe hmmbench%s",
			 hb_host_module_installed(moddir) ? "" :
			 ", once make modules_install or make dkms-install in hmmbench's source tree has installed it for this kernel");
		return buf;
	}
	snprintf(ko, sizeof(ko), "%s/driver/hmmbench.ko", top);
	if (!access(ko, F_OK))
		snprintf(buf, len, "sudo insmod %s", ko);
	else
		snprintf(buf, len, "build it with make -C %s, then sudo insmod %s",
			 top, ko);
	return buf;
}

const char *hb_host_module_load_cmd(void)
{
	static char hint[2 * PATH_MAX + 160];
	char moddir[PATH_MAX], exe[PATH_MAX];
	struct utsname u;
	ssize_t n;

	if (hint[0])
		return hint;
	snprintf(moddir, sizeof(moddir), "/lib/modules/%s",
		 uname(&u) ? "" : u.release);
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = '\0';
	return hb_host_load_hint(moddir, exe, hint, sizeof(hint));
}
