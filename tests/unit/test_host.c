// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: parsing of host facts - the CPU model from the
 * /proc/cpuinfo of several architectures, sysfs node lists and the boot
 * id, which a result records only when the kernel told it, and the
 * environment read from a tree of /proc and /sys files made here, odd
 * ones too, which leave their facts unknown - and how to
 * load the module: an installed hmmbench by what a modules tree holds, one
 * in its source tree by what that tree built.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "fixture.h"
#include "kernel/host.h"
#include "results/result_read.h"

static void x86_cpu_model_comes_from_model_name(void **state)
{
	char buf[128];

	(void)state;
	hb_host_cpu_model("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 85\n"
			  "model name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz\nstepping\t: 7\n",
			  buf, sizeof(buf));
	assert_string_equal(buf, "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz");
}

static void arm_cpu_model_comes_from_model(void **state)
{
	char buf[128];

	(void)state;
	hb_host_cpu_model("processor\t: 0\nBogoMIPS\t: 48.00\n\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n",
			  buf, sizeof(buf));
	assert_string_equal(buf, "Raspberry Pi 4 Model B Rev 1.4");
}

static void powerpc_cpu_model_comes_from_cpu(void **state)
{
	char buf[128];

	(void)state;
	hb_host_cpu_model("processor\t: 0\ncpu\t\t: POWER9 (architected), altivec supported\n",
			  buf, sizeof(buf));
	assert_string_equal(buf, "POWER9 (architected), altivec supported");
}

static void arm64_cpu_model_comes_from_the_midr_fields(void **state)
{
	char buf[128];

	(void)state;
	hb_host_cpu_model("processor\t: 0\nBogoMIPS\t: 125.00\nFeatures\t: fp asimd\n"
			  "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x3\n"
			  "CPU part\t: 0xd0c\nCPU revision\t: 1\n",
			  buf, sizeof(buf));
	assert_string_equal(buf, "CPU implementer 0x41, part 0xd0c, variant 0x3, revision 1");
}

static void unknown_cpuinfo_gives_an_empty_model(void **state)
{
	char buf[128] = "x";

	(void)state;
	hb_host_cpu_model("processor\t: 0\n", buf, sizeof(buf));
	assert_string_equal(buf, "");
}

static void node_list_ranges_and_singles_are_counted(void **state)
{
	(void)state;
	assert_int_equal(hb_host_count_list("0\n"), 1);
	assert_int_equal(hb_host_count_list("0-3\n"), 4);
	assert_int_equal(hb_host_count_list("0-1,4,6-7\n"), 5);
}

static void hypervisor_signatures_name_the_accelerator(void **state)
{
	(void)state;
	assert_string_equal(hb_host_accel_name(NULL), "none");
	assert_string_equal(hb_host_accel_name("KVMKVMKVM\0\0\0"), "kvm");
	assert_string_equal(hb_host_accel_name("TCGTCGTCGTCG"), "tcg");
	assert_string_equal(hb_host_accel_name("Microsoft Hv"), "hyperv");
	assert_string_equal(hb_host_accel_name("KVMKVMKVMKVM"), "other");
}

static void malformed_node_list_counts_zero(void **state)
{
	(void)state;
	assert_int_equal(hb_host_count_list("3-1"), 0);
	assert_int_equal(hb_host_count_list("a"), 0);
	assert_int_equal(hb_host_count_list("0;1"), 0);
}

#define BOOT_ID	"3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a43"

static void boot_id_is_read_without_its_newline(void **state)
{
	char path[] = "/tmp/hmmbench-boot-XXXXXX", buf[40] = "x";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	(void)state;
	assert_non_null(f);
	fputs(BOOT_ID "\n", f);
	fclose(f);
	hb_host_boot_id(path, buf, sizeof(buf));
	unlink(path);
	assert_string_equal(buf, BOOT_ID);
}

static void missing_boot_id_file_gives_an_empty_id(void **state)
{
	char buf[40] = "x";

	(void)state;
	hb_host_boot_id("/nonexistent/hmmbench/boot_id", buf, sizeof(buf));
	assert_string_equal(buf, "");
}

static void boot_id_is_written_in_the_host_metadata(void **state)
{
	struct hb_result r;
	char *text, *id;

	(void)state;
	fixture_result(&r);
	snprintf(r.meta.host.boot_id, sizeof(r.meta.host.boot_id), BOOT_ID);
	text = fixture_render(HB_FMT_JSON, &r);
	id = fixture_json_member(text, "metadata.host.boot_id");
	assert_string_equal(id, "\"" BOOT_ID "\"");
	free(id);
	free(text);
	hb_result_free(&r);
}

static void boot_id_is_read_back_from_a_result(void **state)
{
	struct hb_result r;
	struct hb_input in;
	char *path, err[256];

	(void)state;
	fixture_result(&r);
	snprintf(r.meta.host.boot_id, sizeof(r.meta.host.boot_id), BOOT_ID);
	path = fixture_json_file(&r);
	assert_non_null(path);
	assert_int_equal(hb_input_load(&in, path, err, sizeof(err)), 0);
	assert_string_equal(in.r.meta.host.boot_id, BOOT_ID);
	hb_input_free(&in);
	unlink(path);
	free(path);
	hb_result_free(&r);
}

static void unknown_boot_id_is_not_written(void **state)
{
	struct hb_result r;
	char *text, *id;

	(void)state;
	fixture_result(&r);
	text = fixture_render(HB_FMT_JSON, &r);
	id = fixture_json_member(text, "metadata.host.boot_id");
	assert_null(id);
	free(text);
	hb_result_free(&r);
}

/* The environment of a bare-metal machine, into @h. */
static void bare_metal_environment(struct hb_host *h)
{
	strcpy(h->accel, "none");
	strcpy(h->microcode, "0x5003604");
	strcpy(h->governor, "performance");
	h->boost = HB_TRI_NO;
	strcpy(h->smt_control, "on");
	h->smt_active = HB_TRI_YES;
	strcpy(h->thp_enabled, "never");
	strcpy(h->thp_defrag, "defer+madvise");
	strcpy(h->clocksource, "tsc");
	strcpy(h->mitigations, "mitigations=off: 4 vulnerable");
}

/* Each fact of the environment is written and read back as it was. */
static void environment_is_read_back_from_a_result(void **state)
{
	struct hb_host *h;
	struct hb_result r;
	struct hb_input in;
	char *path, err[256], *text, *m;

	(void)state;
	fixture_result(&r);
	bare_metal_environment(&r.meta.host);
	text = fixture_render(HB_FMT_JSON, &r);
	m = fixture_json_member(text, "metadata.host.boost");
	assert_string_equal(m, "false");
	free(m);
	m = fixture_json_member(text, "metadata.host.smt_active");
	assert_string_equal(m, "true");
	free(m);
	free(text);
	path = fixture_json_file(&r);
	assert_non_null(path);
	assert_int_equal(hb_input_load(&in, path, err, sizeof(err)), 0);
	h = &in.r.meta.host;
	assert_string_equal(h->microcode, "0x5003604");
	assert_string_equal(h->governor, "performance");
	assert_int_equal(h->boost, HB_TRI_NO);
	assert_string_equal(h->smt_control, "on");
	assert_int_equal(h->smt_active, HB_TRI_YES);
	assert_string_equal(h->thp_enabled, "never");
	assert_string_equal(h->thp_defrag, "defer+madvise");
	assert_string_equal(h->clocksource, "tsc");
	assert_string_equal(h->mitigations, "mitigations=off: 4 vulnerable");
	hb_input_free(&in);
	unlink(path);
	free(path);
	hb_result_free(&r);
}

/* An unknown yes or no is left out of the JSON, not written false. */
static void unknown_environment_is_not_written(void **state)
{
	struct hb_result r;
	char *text, *m;

	(void)state;
	fixture_result(&r);
	text = fixture_render(HB_FMT_JSON, &r);
	m = fixture_json_member(text, "metadata.host.boost");
	assert_null(m);
	m = fixture_json_member(text, "metadata.host.cpufreq_governor");
	assert_null(m);
	m = fixture_json_member(text, "metadata.host.smt_active");
	assert_string_equal(m, "false");
	free(m);
	free(text);
	hb_result_free(&r);
}

/* @name, empty, under @dir, its folders made as needed. */
static void touch_under(const char *dir, const char *name)
{
	char path[512], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	for (slash = strchr(path + strlen(dir) + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
}

/* @text as the file @name under @dir, its folders made as needed. */
static void write_under(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	touch_under(dir, name);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void remove_tree(const char *dir)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -r '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

#define SYS_CPU		"sys/devices/system/cpu/"
#define SYS_THP		"sys/kernel/mm/transparent_hugepage/"
#define SYS_VULNS	SYS_CPU "vulnerabilities/"
#define CLOCKSOURCE	\
	"sys/devices/system/clocksource/clocksource0/current_clocksource"

/* A bare-metal x86 machine with cpufreq's boost switch, SMT on. */
static void write_x86_tree(const char *root)
{
	write_under(root, "proc/cpuinfo",
		    "processor\t: 0\nvendor_id\t: GenuineIntel\n"
		    "model name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz\n"
		    "microcode\t: 0x5003604\nflags\t\t: fpu vme pse\n\n"
		    "processor\t: 1\nmicrocode\t: 0x1\n");
	write_under(root, "proc/cmdline",
		    "BOOT_IMAGE=/vmlinuz-6.1.0 root=/dev/sda1 ro quiet\n");
	write_under(root, SYS_CPU "cpu0/cpufreq/scaling_governor",
		    "performance\n");
	write_under(root, SYS_CPU "cpufreq/boost", "1\n");
	write_under(root, SYS_CPU "smt/control", "on\n");
	write_under(root, SYS_CPU "smt/active", "1\n");
	write_under(root, SYS_THP "enabled", "[always] madvise never\n");
	write_under(root, SYS_THP "defrag",
		    "always defer defer+madvise [madvise] never\n");
	write_under(root, CLOCKSOURCE, "tsc\n");
	write_under(root, SYS_VULNS "meltdown", "Not affected\n");
	write_under(root, SYS_VULNS "spectre_v2",
		    "Mitigation: Enhanced / Automatic IBRS; IBPB: conditional; RSB filling\n");
	write_under(root, SYS_VULNS "mds",
		    "Vulnerable: Clear CPU buffers attempted, no microcode; SMT vulnerable\n");
	write_under(root, SYS_VULNS "itlb_multihit", "KVM: Mitigation: VMX disabled\n");
	write_under(root, SYS_VULNS "gather_data_sampling",
		    "Unknown: Dependent on hypervisor status\n");
	write_under(root, SYS_VULNS "spectre_v1",
		    "Mitigation: usercopy/swapgs barriers and __user pointer sanitization\n");
}

/* Every fact of the environment comes from its file under the root. */
static void environment_is_read_from_a_tree(void **state)
{
	char root[] = "/tmp/hmmbench-root-XXXXXX";
	struct hb_host h;

	(void)state;
	assert_non_null(mkdtemp(root));
	write_x86_tree(root);
	memset(&h, 0, sizeof(h));
	strcpy(h.accel, "none");
	hb_host_gather_env(&h, root);
	remove_tree(root);
	assert_string_equal(h.cpu_model,
			    "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz");
	assert_string_equal(h.microcode, "0x5003604");
	assert_string_equal(h.cmdline,
			    "BOOT_IMAGE=/vmlinuz-6.1.0 root=/dev/sda1 ro quiet");
	assert_string_equal(h.governor, "performance");
	assert_int_equal(h.boost, HB_TRI_YES);
	assert_string_equal(h.smt_control, "on");
	assert_int_equal(h.smt_active, HB_TRI_YES);
	assert_string_equal(h.thp_enabled, "always");
	assert_string_equal(h.thp_defrag, "madvise");
	assert_string_equal(h.clocksource, "tsc");
	assert_string_equal(h.mitigations,
			    "1 vulnerable (mds), 3 mitigated, 1 unknown");
	assert_string_equal(h.accel, "none");
}

/* Without cpufreq's boost switch, intel_pstate's no_turbo says it. */
static void intel_pstate_no_turbo_tells_boost(void **state)
{
	char root[] = "/tmp/hmmbench-root-XXXXXX";
	struct hb_host h;

	(void)state;
	assert_non_null(mkdtemp(root));
	write_under(root, SYS_CPU "intel_pstate/no_turbo", "1\n");
	hb_host_gather_env(&h, root);
	assert_int_equal(h.boost, HB_TRI_NO);
	write_under(root, SYS_CPU "intel_pstate/no_turbo", "0\n");
	hb_host_gather_env(&h, root);
	assert_int_equal(h.boost, HB_TRI_YES);
	/* cpufreq's own switch first */
	write_under(root, SYS_CPU "cpufreq/boost", "0\n");
	hb_host_gather_env(&h, root);
	assert_int_equal(h.boost, HB_TRI_NO);
	remove_tree(root);
}

/* A machine without the files knows none of it, and says nothing. */
static void missing_files_leave_the_environment_unknown(void **state)
{
	char root[] = "/tmp/hmmbench-root-XXXXXX";
	struct hb_host h;

	(void)state;
	assert_non_null(mkdtemp(root));
	memset(&h, 'x', sizeof(h));
	strcpy(h.accel, "kvm");
	hb_host_gather_env(&h, root);
	remove_tree(root);
	assert_string_equal(h.cpu_model, "");
	assert_string_equal(h.microcode, "");
	assert_string_equal(h.cmdline, "");
	assert_string_equal(h.governor, "");
	assert_int_equal(h.boost, HB_TRI_UNKNOWN);
	assert_string_equal(h.smt_control, "");
	assert_int_equal(h.smt_active, HB_TRI_UNKNOWN);
	assert_string_equal(h.thp_enabled, "");
	assert_string_equal(h.thp_defrag, "");
	assert_string_equal(h.clocksource, "");
	assert_string_equal(h.mitigations, "");
	assert_string_equal(h.accel, "kvm");
}

/*
 * Files that are not one plain line - binary, two lines, empty, too
 * long, a flag that is neither 0 nor 1, a policy without its choice in
 * brackets, a directory - leave their facts unknown; a vulnerability
 * file among them is left out of the count, a name that cannot be one
 * is not read.
 */
static void odd_files_leave_their_facts_unknown(void **state)
{
	char root[] = "/tmp/hmmbench-root-XXXXXX", name[512], longer[400];
	struct hb_host h;

	(void)state;
	memset(longer, 'o', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	assert_non_null(mkdtemp(root));
	write_under(root, "proc/cpuinfo",
		    "processor\t: 0\nmicrocode\t: \x01\x02\n");
	write_under(root, SYS_CPU "cpu0/cpufreq/scaling_governor",
		    "performance\npowersave\n");
	write_under(root, SYS_CPU "cpufreq/boost", "2\n");
	write_under(root, SYS_CPU "smt/control", longer);
	write_under(root, SYS_CPU "smt/active", "yes\n");
	write_under(root, SYS_THP "enabled", "always madvise never\n");
	write_under(root, SYS_THP "defrag", "[always madvise] never\n");
	write_under(root, CLOCKSOURCE, "\n");
	write_under(root, SYS_VULNS "mds", "Vulnerable\n");
	write_under(root, SYS_VULNS "l1tf", "Mitigation\x7f\n");
	write_under(root, SYS_VULNS "Not-A-Name", "Vulnerable\n");
	write_under(root, SYS_VULNS "dir/file", "Vulnerable\n");
	hb_host_gather_env(&h, root);
	assert_string_equal(h.microcode, "");
	assert_string_equal(h.governor, "");
	assert_int_equal(h.boost, HB_TRI_UNKNOWN);
	assert_string_equal(h.smt_control, "");
	assert_int_equal(h.smt_active, HB_TRI_UNKNOWN);
	assert_string_equal(h.thp_enabled, "");
	assert_string_equal(h.thp_defrag, "");
	assert_string_equal(h.clocksource, "");
	assert_string_equal(h.mitigations, "1 vulnerable (mds)");
	/* a file of NUL bytes, and one that is a directory */
	write_under(root, SYS_CPU "smt/control", "");
	snprintf(name, sizeof(name), "%s/%s", root, SYS_CPU "smt/control");
	assert_int_equal(truncate(name, 16), 0);
	snprintf(name, sizeof(name), "%s/%s", root, CLOCKSOURCE);
	assert_int_equal(unlink(name), 0);
	assert_int_equal(mkdir(name, 0755), 0);
	hb_host_gather_env(&h, root);
	assert_string_equal(h.smt_control, "");
	assert_string_equal(h.clocksource, "");
	remove_tree(root);
}

/* hb_host_mitigations() of @n names and texts and @cmdline. */
static const char *mitigations(const char *const *names,
			       const char *const *texts, size_t n,
			       const char *cmdline)
{
	static char buf[HB_MITIGATIONS_LEN];

	return hb_host_mitigations(names, texts, n, cmdline, buf,
				   sizeof(buf));
}

/*
 * The vulnerabilities in one line: the vulnerable by name, then the
 * mitigated and unknown by count, never the ones not affected; the
 * kernel's mitigations= in front, the last one given, not init's after
 * "--", and under mitigations=off the vulnerable by count only.
 */
static void mitigations_are_summed_up_in_one_line(void **state)
{
	static const char *const names[] = {
		"meltdown", "mds", "spec_store_bypass", "spectre_v1",
		"itlb_multihit", "srbds",
	};
	static const char *const texts[] = {
		"Not affected",
		"Vulnerable: Clear CPU buffers attempted, no microcode",
		"Vulnerable", "Mitigation: usercopy/swapgs barriers",
		"KVM: Vulnerable", "Unknown: Dependent on hypervisor status",
	};
	static const char *const fine[] = {
		"Not affected", "Not affected", "Not affected",
		"Mitigation: Retpolines", "KVM: Mitigation: VMX disabled",
		"Not affected",
	};

	(void)state;
	assert_string_equal(mitigations(names, texts, 6, "quiet"),
			    "3 vulnerable (mds, spec_store_bypass, itlb_multihit), 1 mitigated, 1 unknown");
	assert_string_equal(mitigations(names, fine, 6, ""), "2 mitigated");
	assert_string_equal(mitigations(names, fine, 1, ""), "none affected");
	assert_string_equal(mitigations(names, texts, 6,
					"ro mitigations=off quiet"),
			    "mitigations=off: 3 vulnerable, 1 mitigated, 1 unknown");
	assert_string_equal(mitigations(names, fine, 6,
					"mitigations=off mitigations=auto,nosmt"),
			    "mitigations=auto,nosmt: 2 mitigated");
	assert_string_equal(mitigations(names, fine, 6,
					"nomitigations=off x -- mitigations=off"),
			    "2 mitigated");
}

/*
 * Too many vulnerable to name end in "...", and the line stays whole:
 * the command line's value before them and the counts after them.
 */
static void many_vulnerable_names_end_in_dots(void **state)
{
	static const char arg[] =
		"mitigations=auto,nosmt,no_guest_host,no_guest_guest";
	static char store[64][40];
	const char *names[64], *texts[64];
	const char *s;
	size_t i;

	(void)state;
	for (i = 0; i < 64; i++) {
		snprintf(store[i], sizeof(store[i]),
			 "a_rather_long_vulnerability_%02zu", i);
		names[i] = store[i];
		texts[i] = i < 60 ? "Vulnerable" : i < 62 ? "Mitigation: x" :
		       "Unknown: y";
	}
	s = mitigations(names, texts, 64, "");
	assert_true(strlen(s) < HB_MITIGATIONS_LEN - 1);
	assert_memory_equal(s, "60 vulnerable (a_rather_long_vulnerability_00, ",
			    47);
	assert_non_null(strstr(s, ", ...), 2 mitigated, 2 unknown"));
	s = mitigations(names, texts, 64, arg);
	assert_true(strlen(s) < HB_MITIGATIONS_LEN - 1);
	assert_memory_equal(s, arg, strlen(arg));
	assert_non_null(strstr(s, ": 60 vulnerable (a_rather_long_"));
	assert_string_equal(s + strlen(s) - 30, ", ...), 2 mitigated, 2 unknown");
}

/*
 * Where CPUID could not name a hypervisor, /sys/hypervisor/type does:
 * off x86 (no accelerator), or where the kernel's cpuinfo flags say
 * "hypervisor" while CPUID said bare metal; else "other" for the flag
 * alone.  What CPUID named stays.
 */
static void hypervisor_type_names_what_cpuid_could_not(void **state)
{
	static const struct {
		const char *accel, *flags, *type, *want;
	} cases[] = {
		{ "", NULL, "xen\n", "xen" },
		{ "", NULL, NULL, "" },
		{ "", NULL, "Some Thing\n", "other" },
		{ "none", "fpu hypervisor", "xen\n", "xen" },
		{ "none", "fpu hypervisor", NULL, "other" },
		{ "none", "fpu nohypervisor", "xen\n", "none" },
		{ "kvm", "fpu hypervisor", "xen\n", "kvm" },
	};
	char root[32], text[128];
	struct hb_host h;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		strcpy(root, "/tmp/hmmbench-root-XXXXXX");
		assert_non_null(mkdtemp(root));
		if (cases[i].flags) {
			snprintf(text, sizeof(text),
				 "processor\t: 0\nflags\t\t: %s\n",
				 cases[i].flags);
			write_under(root, "proc/cpuinfo", text);
		}
		if (cases[i].type)
			write_under(root, "sys/hypervisor/type", cases[i].type);
		memset(&h, 0, sizeof(h));
		strcpy(h.accel, cases[i].accel);
		hb_host_gather_env(&h, root);
		remove_tree(root);
		assert_string_equal(h.accel, cases[i].want);
	}
}

/* hb_host_load_hint() of @moddir and @exe. */
static const char *hint(const char *moddir, const char *exe)
{
	static char buf[1024];

	return hb_host_load_hint(moddir, exe, buf, sizeof(buf));
}

#define NOT_INSTALLED \
	"sudo modprobe hmmbench, once make modules_install or make dkms-install in hmmbench's source tree has installed it for this kernel"

/*
 * An installed hmmbench says modprobe: alone where make modules_install
 * (updates/) or dkms (updates/dkms/, compressed) put the module, with
 * how to install it first where they did not.  Names that only look
 * like it, and a tree that is not there, are not the module.
 */
static void installed_hmmbench_says_modprobe(void **state)
{
	static const char *const installed[] = {
		"updates/hmmbench.ko", "updates/dkms/hmmbench.ko.xz",
		"extra/hmmbench.ko.zst", "kernel/drivers/misc/hmmbench.ko.gz",
	};
	char dir[] = "/tmp/hmmbench-modules-XXXXXX", cmd[600];
	const char *exe = "/usr/local/bin/hmmbench";
	size_t i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	touch_under(dir, "kernel/mm/test_hmm.ko");
	touch_under(dir, "updates/hmmbench.ko.orig");
	touch_under(dir, "updates/not-hmmbench.ko");
	touch_under(dir, "modules.dep");
	assert_string_equal(hint(dir, exe), NOT_INSTALLED);
	assert_string_equal(hint("/nonexistent/modules", exe), NOT_INSTALLED);
	for (i = 0; i < sizeof(installed) / sizeof(installed[0]); i++) {
		touch_under(dir, installed[i]);
		assert_string_equal(hint(dir, exe), "sudo modprobe hmmbench");
		snprintf(cmd, sizeof(cmd), "%s/%s", dir, installed[i]);
		assert_int_equal(unlink(cmd), 0);
		assert_string_equal(hint(dir, exe), NOT_INSTALLED);
	}
	snprintf(cmd, sizeof(cmd), "rm -r '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * A hmmbench run from its source tree (TOP/cli/, beside TOP/driver/
 * Kbuild) names the module that tree builds, by its whole path, and
 * how to build it while it is not built, even where another copy is
 * installed.  A cli/ folder without driver/Kbuild beside it is not a
 * source tree.
 */
static void source_tree_hmmbench_names_its_build(void **state)
{
	char top[] = "/tmp/hmmbench-src-XXXXXX", exe[128], want[512];
	char mods[] = "/tmp/hmmbench-modules-XXXXXX", cmd[600];

	(void)state;
	assert_non_null(mkdtemp(top));
	assert_non_null(mkdtemp(mods));
	touch_under(mods, "updates/hmmbench.ko");
	touch_under(top, "cli/hmmbench");
	snprintf(exe, sizeof(exe), "%s/cli/hmmbench", top);
	assert_string_equal(hint(mods, exe), "sudo modprobe hmmbench");
	touch_under(top, "driver/Kbuild");
	snprintf(want, sizeof(want),
		 "build it with make -C %s, then sudo insmod %s/driver/hmmbench.ko",
		 top, top);
	assert_string_equal(hint(mods, exe), want);
	touch_under(top, "driver/hmmbench.ko");
	snprintf(want, sizeof(want), "sudo insmod %s/driver/hmmbench.ko", top);
	assert_string_equal(hint(mods, exe), want);
	snprintf(exe, sizeof(exe), "%s/driver/hmmbench", top);
	assert_string_equal(hint(mods, exe), "sudo modprobe hmmbench");
	assert_string_equal(hint(mods, "hmmbench"), "sudo modprobe hmmbench");
	snprintf(cmd, sizeof(cmd), "rm -r '%s' '%s'", top, mods);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(x86_cpu_model_comes_from_model_name),
		cmocka_unit_test(arm_cpu_model_comes_from_model),
		cmocka_unit_test(powerpc_cpu_model_comes_from_cpu),
		cmocka_unit_test(arm64_cpu_model_comes_from_the_midr_fields),
		cmocka_unit_test(unknown_cpuinfo_gives_an_empty_model),
		cmocka_unit_test(hypervisor_signatures_name_the_accelerator),
		cmocka_unit_test(node_list_ranges_and_singles_are_counted),
		cmocka_unit_test(malformed_node_list_counts_zero),
		cmocka_unit_test(boot_id_is_read_without_its_newline),
		cmocka_unit_test(missing_boot_id_file_gives_an_empty_id),
		cmocka_unit_test(boot_id_is_written_in_the_host_metadata),
		cmocka_unit_test(boot_id_is_read_back_from_a_result),
		cmocka_unit_test(unknown_boot_id_is_not_written),
		cmocka_unit_test(environment_is_read_back_from_a_result),
		cmocka_unit_test(unknown_environment_is_not_written),
		cmocka_unit_test(environment_is_read_from_a_tree),
		cmocka_unit_test(intel_pstate_no_turbo_tells_boost),
		cmocka_unit_test(missing_files_leave_the_environment_unknown),
		cmocka_unit_test(odd_files_leave_their_facts_unknown),
		cmocka_unit_test(mitigations_are_summed_up_in_one_line),
		cmocka_unit_test(many_vulnerable_names_end_in_dots),
		cmocka_unit_test(hypervisor_type_names_what_cpuid_could_not),
		cmocka_unit_test(installed_hmmbench_says_modprobe),
		cmocka_unit_test(source_tree_hmmbench_names_its_build),
	};

	return cmocka_run_group_tests_name("host", tests, NULL, NULL);
}
