// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: parsing of host facts - the CPU model from the
 * /proc/cpuinfo of several architectures and sysfs node lists.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "host.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(x86_cpu_model_comes_from_model_name),
		cmocka_unit_test(arm_cpu_model_comes_from_model),
		cmocka_unit_test(powerpc_cpu_model_comes_from_cpu),
		cmocka_unit_test(unknown_cpuinfo_gives_an_empty_model),
		cmocka_unit_test(hypervisor_signatures_name_the_accelerator),
		cmocka_unit_test(node_list_ranges_and_singles_are_counted),
		cmocka_unit_test(malformed_node_list_counts_zero),
	};

	return cmocka_run_group_tests_name("host", tests, NULL, NULL);
}
