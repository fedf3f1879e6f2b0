// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the ioctl client against the fake device (open and
 * ioctl wrapped with -Wl,--wrap): the right requests with their size
 * fields, results copied out, and errno values passed back negated.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "fake_dev.h"
#include "kernel/device.h"

static int reset(void **state)
{
	(void)state;
	fake_reset();
	return 0;
}

static void open_uses_the_default_path(void **state)
{
	struct hb_dev dev;

	(void)state;
	assert_int_equal(hb_dev_open(&dev, NULL), 0);
	assert_int_equal(dev.fd, FAKE_FD);
	assert_string_equal(dev.path, "/dev/hmmbench");
	hb_dev_close(&dev);
	assert_int_equal(fake.closed, 1);
	assert_int_equal(dev.fd, -1);
}

static void open_failure_returns_negative_errno(void **state)
{
	struct hb_dev dev;

	(void)state;
	fake.open_errno = ENOENT;
	assert_int_equal(hb_dev_open(&dev, "/dev/x"), -ENOENT);
	hb_dev_close(&dev);
	assert_int_equal(fake.closed, 0);
}

static void info_sends_its_size_and_fills_dev_info(void **state)
{
	struct hb_dev dev;

	(void)state;
	hb_dev_open(&dev, NULL);
	assert_int_equal(hb_dev_info(&dev), 0);
	assert_int_equal(fake.nr_calls, 1);
	assert_true(fake.calls[0].cmd == HMMBENCH_IOC_INFO);
	assert_int_equal(fake.calls[0].size, sizeof(struct hmmbench_info));
	assert_int_equal(dev.info.abi_version, HMMBENCH_ABI_VERSION);
	assert_string_equal(dev.info.module_version, "0.1-fake");
	assert_int_equal(dev.info.struct_page_size, 64);
	hb_dev_close(&dev);
}

static void info_from_another_abi_is_refused(void **state)
{
	struct hb_dev dev;

	(void)state;
	fake.abi_version = 2;
	hb_dev_open(&dev, NULL);
	assert_int_equal(hb_dev_info(&dev), -EPROTO);
	assert_int_equal(dev.info.abi_version, 2);
	hb_dev_close(&dev);
}

static void map_sends_length_node_and_size(void **state)
{
	struct hmmbench_map map;
	struct hb_dev dev;

	(void)state;
	hb_dev_open(&dev, NULL);
	assert_int_equal(hb_dev_map(&dev, 1ULL << 30, 3, 0, &map), 0);
	assert_true(fake.calls[0].cmd == HMMBENCH_IOC_MAP);
	assert_int_equal(fake.calls[0].size, sizeof(struct hmmbench_map));
	assert_int_equal(fake.calls[0].length, 1ULL << 30);
	assert_int_equal(fake.calls[0].node, 3);
	assert_int_equal(map.handle, 1);
	assert_int_equal(map.memremap_ns, 262144 * 10);
	assert_int_equal(map.flags, 0);
	assert_int_equal(map.__reserved, 0);
	hb_dev_close(&dev);
}

static void map_with_handle_zero_is_a_protocol_error(void **state)
{
	struct hmmbench_map map;
	struct hb_dev dev;

	(void)state;
	fake.zero_handle = true;
	hb_dev_open(&dev, NULL);
	assert_int_equal(hb_dev_map(&dev, 1ULL << 30, -1, 0, &map), -EPROTO);
	hb_dev_close(&dev);
}

static void map_failure_returns_negative_errno(void **state)
{
	struct hmmbench_map map;
	struct hb_dev dev;

	(void)state;
	fake.fail_cmd = HMMBENCH_IOC_MAP;
	fake.fail_errno = ENOMEM;
	hb_dev_open(&dev, NULL);
	assert_int_equal(hb_dev_map(&dev, 64ULL << 30, -1, 0, &map), -ENOMEM);
	hb_dev_close(&dev);
}

static void unmap_sends_the_handle_and_returns_timings(void **state)
{
	struct hmmbench_unmap un;
	struct hmmbench_map map;
	struct hb_dev dev;

	(void)state;
	hb_dev_open(&dev, NULL);
	hb_dev_map(&dev, 1ULL << 30, -1, 0, &map);
	assert_int_equal(hb_dev_unmap(&dev, map.handle, &un), 0);
	assert_true(fake.calls[1].cmd == HMMBENCH_IOC_UNMAP);
	assert_int_equal(fake.calls[1].size, sizeof(struct hmmbench_unmap));
	assert_int_equal(fake.calls[1].handle, map.handle);
	assert_int_equal(un.valid, HMMBENCH_T_MEMUNMAP | HMMBENCH_T_RELEASE);
	assert_int_equal(un.memunmap_ns, 2000000 + map.handle);
	assert_int_equal(fake.live, 0);
	hb_dev_close(&dev);
}

static void unmap_of_unknown_handle_returns_enoent(void **state)
{
	struct hmmbench_unmap un;
	struct hb_dev dev;

	(void)state;
	hb_dev_open(&dev, NULL);
	assert_int_equal(hb_dev_unmap(&dev, 77, &un), -ENOENT);
	hb_dev_close(&dev);
}

static void verify_sends_size_and_handle_and_returns_the_checks(void **state)
{
	struct hmmbench_verify v;
	struct hmmbench_map map;
	struct hb_dev dev;

	(void)state;
	fake.verify.bad_pages = 3;
	fake.verify.checks[HMMBENCH_CHECK_NODE].count = 3;
	fake.verify.checks[HMMBENCH_CHECK_NODE].pfn[2] = 0xfcf8002;
	hb_dev_open(&dev, NULL);
	hb_dev_info(&dev);
	hb_dev_map(&dev, 1ULL << 30, -1, 0, &map);
	assert_int_equal(hb_dev_verify(&dev, map.handle, &v), 0);
	assert_true(fake.calls[2].cmd == HMMBENCH_IOC_VERIFY);
	assert_int_equal(fake.calls[2].size, sizeof(struct hmmbench_verify));
	assert_int_equal(fake.calls[2].size, HMMBENCH_VERIFY_SIZE_VER1);
	assert_int_equal(fake.calls[2].handle, map.handle);
	assert_int_equal(v.flags, 0);
	assert_int_equal(v.pages, 262144);
	assert_int_equal(v.digest, 0x1234);
	assert_int_equal(v.layout, 0xabcd);
	assert_int_equal(v.bad_pages, 3);
	assert_int_equal(v.checks[HMMBENCH_CHECK_NODE].pfn[2], 0xfcf8002);
	hb_dev_close(&dev);
}

static void verify_phys_sends_the_flag_and_address(void **state)
{
	struct hmmbench_verify v;
	struct hb_dev dev;

	(void)state;
	fake.features |= HMMBENCH_FEAT_VERIFY_PHYS;
	fake.verify.start = 0x102200000;
	fake.verify.skipped = 8704;
	fake.verify.pages = 515584;
	fake.verify.type = HMMBENCH_PGMAP_GENERIC;
	fake.verify.vmemmap_shift = 9;
	hb_dev_open(&dev, NULL);
	hb_dev_info(&dev);
	assert_int_equal(hb_dev_verify_phys(&dev, 0x140000000, &v), 0);
	assert_true(fake.calls[1].cmd == HMMBENCH_IOC_VERIFY);
	assert_int_equal(fake.calls[1].size, sizeof(struct hmmbench_verify));
	assert_int_equal(fake.calls[1].flags, HMMBENCH_VERIFY_PHYS);
	assert_int_equal(fake.calls[1].handle, 0);
	assert_int_equal(fake.calls[1].phys, 0x140000000);
	assert_int_equal(v.pages, 515584);
	assert_int_equal(v.start, 0x102200000);
	assert_int_equal(v.skipped, 8704);
	assert_int_equal(v.type, HMMBENCH_PGMAP_GENERIC);
	assert_int_equal(v.vmemmap_shift, 9);
	assert_int_equal(v.digest, 0x1234);
	assert_int_equal(hb_dev_verify_phys(&dev, 0x1000, &v), -ENOENT);
	hb_dev_close(&dev);
}

static void verify_phys_without_the_feature_does_not_ask(void **state)
{
	struct hmmbench_verify v;
	struct hb_dev dev;

	(void)state;
	hb_dev_open(&dev, NULL);
	hb_dev_info(&dev);
	assert_int_equal(hb_dev_verify_phys(&dev, 0x140000000, &v),
			 -EOPNOTSUPP);
	assert_int_equal(fake.nr_calls, 1);
	hb_dev_close(&dev);
}

static void verify_without_the_feature_does_not_ask(void **state)
{
	struct hmmbench_verify v;
	struct hb_dev dev;

	(void)state;
	fake.features = HMMBENCH_FEAT_PHASE_PROBE;
	hb_dev_open(&dev, NULL);
	hb_dev_info(&dev);
	assert_int_equal(hb_dev_verify(&dev, 1, &v), -EOPNOTSUPP);
	assert_int_equal(fake.nr_calls, 1);
	hb_dev_close(&dev);
}

static void verify_of_unknown_handle_returns_enoent(void **state)
{
	struct hmmbench_verify v;
	struct hb_dev dev;

	(void)state;
	hb_dev_open(&dev, NULL);
	hb_dev_info(&dev);
	assert_int_equal(hb_dev_verify(&dev, 77, &v), -ENOENT);
	fake.fail_cmd = HMMBENCH_IOC_VERIFY;
	fake.fail_errno = ENOTTY;
	assert_int_equal(hb_dev_verify(&dev, 77, &v), -ENOTTY);
	hb_dev_close(&dev);
}

static void memmap_cost_is_struct_page_per_page(void **state)
{
	struct hmmbench_info info = {
		.page_size = 4096, .struct_page_size = 64,
	};

	(void)state;
	assert_int_equal(hb_dev_memmap_cost(&info, 64ULL << 30), 1ULL << 30);
	info.page_size = 0;
	assert_int_equal(hb_dev_memmap_cost(&info, 64ULL << 30), 0);
}

#define T(f)	cmocka_unit_test_setup(f, reset)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(open_uses_the_default_path),
		T(open_failure_returns_negative_errno),
		T(info_sends_its_size_and_fills_dev_info),
		T(info_from_another_abi_is_refused),
		T(map_sends_length_node_and_size),
		T(map_with_handle_zero_is_a_protocol_error),
		T(map_failure_returns_negative_errno),
		T(unmap_sends_the_handle_and_returns_timings),
		T(unmap_of_unknown_handle_returns_enoent),
		T(verify_sends_size_and_handle_and_returns_the_checks),
		T(verify_without_the_feature_does_not_ask),
		T(verify_of_unknown_handle_returns_enoent),
		T(verify_phys_sends_the_flag_and_address),
		T(verify_phys_without_the_feature_does_not_ask),
		T(memmap_cost_is_struct_page_per_page),
	};

	return cmocka_run_group_tests_name("device", tests, NULL, NULL);
}
