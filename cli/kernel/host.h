/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: facts about the machine a result was measured on, gathered
 * once before measuring and recorded in the result's metadata - among
 * them the environment that moves a figure on a real machine (microcode,
 * cpufreq, SMT, THP, clocksource, mitigations); and how to load the
 * module on it.
 */
#ifndef HB_HOST_H
#define HB_HOST_H

#include <stddef.h>
#include <stdint.h>

/*
 * A yes or no the machine may not tell; a zeroed struct hb_host knows
 * none, as a result written before the fact was recorded.
 */
enum hb_tri {
	HB_TRI_UNKNOWN,
	HB_TRI_NO,
	HB_TRI_YES,
};

/* The longest summary of the CPU vulnerabilities, with its NUL. */
#define HB_MITIGATIONS_LEN	512

struct hb_host {
	char machine[65];	/* uname -m */
	char kernel_release[65];
	char kernel_version[65];
	char hostname[65];
	char cpu_model[128];
	char cmdline[4096];	/* /proc/cmdline, without the newline */
	char date[32];		/* UTC, ISO 8601 */
	char accel[16];		/* none, kvm, tcg, or another hypervisor */
	char qemu_version[32];	/* when run by the hmmbench VM harness */
	char boot_id[40];	/* the kernel's boot UUID; "" when unknown */
	unsigned int cpus;	/* online */
	unsigned int numa_nodes;	/* online; 1 without NUMA */
	uint64_t total_ram;	/* bytes, MemTotal */
	/*
	 * The environment, each "" (or HB_TRI_UNKNOWN) where the machine
	 * does not say: /proc/cpuinfo's "microcode" (x86), cpu0's cpufreq
	 * governor, whether boost (turbo) is on, SMT's control and whether
	 * sibling threads are active, the THP policy's chosen words, the
	 * current clocksource, and the CPU vulnerabilities summed up
	 * (hb_host_mitigations()).
	 */
	char microcode[24];
	char governor[32];
	enum hb_tri boost;
	char smt_control[16];
	enum hb_tri smt_active;
	char thp_enabled[16];
	char thp_defrag[16];
	char clocksource[32];
	char mitigations[HB_MITIGATIONS_LEN];
	/* git describe of the hmmbench that gathered it; "" when unknown */
	char hmmbench_git[64];
};

/* Fills @h from uname, /proc and /sys; missing facts stay empty or 0. */
void hb_host_gather(struct hb_host *h);

/*
 * The facts of @h that files say, read under @root ("" for this
 * machine, a directory holding proc/ and sys/ for a test): the CPU model
 * and microcode from proc/cpuinfo, the kernel command line, and the
 * environment from sys/ (see struct hb_host).  A file that is missing,
 * unreadable, longer than a line or not printable text leaves its fact
 * unknown.  Where CPUID could not tell a hypervisor (@h's accel "" off
 * x86, or "none" while cpuinfo's flags say "hypervisor", as in a Xen PV
 * guest), sys/hypervisor/type names it, else "other".
 */
void hb_host_gather_env(struct hb_host *h, const char *root);

/* CPU model from /proc/cpuinfo text (x86 "model name", arm, powerpc). */
void hb_host_cpu_model(const char *cpuinfo, char *buf, size_t len);

/*
 * The value of the first "@key<blanks>: value" line of /proc/cpuinfo
 * text @text, its length in *@len; NULL when there is none.
 */
const char *hb_host_cpuinfo_key(const char *text, const char *key, int *len);

/*
 * One line summing up the CPU vulnerabilities, from each file of the
 * kernel's vulnerabilities directory: @names[i] and the first line of
 * its text @texts[i], for @n files in name order, and the kernel command
 * line @cmdline, into @buf: "1 vulnerable (spec_store_bypass), 12
 * mitigated", after "mitigations=off: " when the command line says so
 * (the last mitigations= counts), and then the vulnerable by count only.
 * "Not affected" is not counted; "Unknown: ..." is ("1 unknown"); with
 * none of them "none affected".  "KVM: " before a status is skipped.
 */
const char *hb_host_mitigations(const char *const *names,
				const char *const *texts, size_t n,
				const char *cmdline, char *buf, size_t len);

/*
 * The accelerator from a CPUID hypervisor signature (leaf 0x40000000, 12
 * bytes, NULL when CPUID has no hypervisor bit): "none" on bare metal,
 * "kvm", "tcg", a few others by name, else "other".
 */
const char *hb_host_accel_name(const char *sig);

/*
 * The boot id in the file at @path (the kernel's
 * /proc/sys/kernel/random/boot_id), without the newline, into @buf; ""
 * when the file cannot be read.
 */
void hb_host_boot_id(const char *path, char *buf, size_t len);

/* Number of entries in a sysfs list such as "0-3,5"; 0 when malformed. */
unsigned int hb_host_count_list(const char *list);

/*
 * How to load the module, for the sentences that say so, into @buf.  A
 * hmmbench run from its source tree (@exe is TOP/cli/hmmbench, beside
 * TOP/driver/Kbuild) names the module that tree builds: "sudo insmod
 * TOP/driver/hmmbench.ko", or first how to build it.  An installed one
 * says "sudo modprobe hmmbench", and how to install the module first
 * unless hmmbench.ko (or .ko.xz, .ko.zst, .ko.gz) is under @moddir, the
 * modules of the running kernel, where make modules_install and dkms
 * put it.
 */
const char *hb_host_load_hint(const char *moddir, const char *exe,
			      char *buf, size_t len);

/*
 * hb_host_load_hint() of this process (/proc/self/exe) and the running
 * kernel (/lib/modules/$(uname -r)), worked out once.
 */
const char *hb_host_module_load_cmd(void);

#endif /* HB_HOST_H */
