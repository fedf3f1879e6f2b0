// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: parsing of host facts - the CPU model from the
 * /proc/cpuinfo of several architectures, sysfs node lists and the boot
 * id, which a result records only when the kernel told it - and how to
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
		cmocka_unit_test(installed_hmmbench_says_modprobe),
		cmocka_unit_test(source_tree_hmmbench_names_its_build),
	};

	return cmocka_run_group_tests_name("host", tests, NULL, NULL);
}
