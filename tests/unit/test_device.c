// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the ioctl client against the fake device (open and
 * ioctl wrapped with -Wl,--wrap): the right requests with their size
 * fields, results copied out, and errno values passed back negated;
 * MIGRATE and FAULT_READ not asked of a module without the feature.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
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

#define MIG_LEN	(4ULL << 20)	/* two PMDs */

/* A device whose module migrates, with a chunk, and 4 MiB to migrate. */
static uint8_t *migrate_setup(struct hb_dev *dev, uint32_t features,
			      struct hmmbench_map *map)
{
	uint8_t *buf;

	fake.features |= features;
	hb_dev_open(dev, NULL);
	hb_dev_info(dev);
	hb_dev_map(dev, 1ULL << 30, -1, 0, map);
	buf = mmap(NULL, MIG_LEN, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(buf != MAP_FAILED);
	return buf;
}

static void migrate_sends_its_size_flags_and_range(void **state)
{
	struct hmmbench_migrate m;
	struct hmmbench_map map;
	struct hb_dev dev;
	uint8_t *buf = migrate_setup(&dev, HMMBENCH_FEAT_MIGRATE |
				     HMMBENCH_FEAT_MIGRATE_THP, &map);
	struct hb_mig_req req = {
		.handle = map.handle,
		.direction = HMMBENCH_MIGRATE_TO_DEVICE,
		.addr = (uintptr_t)buf,
		.length = MIG_LEN,
		.batch = 1024,
		.thp = true,
	};
	const struct fake_call *c = &fake.calls[2];

	(void)state;
	fake.mig_thp = true;
	assert_int_equal(hb_dev_migrate(&dev, &req, &m), 0);
	assert_true(c->cmd == HMMBENCH_IOC_MIGRATE);
	assert_int_equal(c->size, sizeof(struct hmmbench_migrate));
	assert_int_equal(c->size, HMMBENCH_MIGRATE_SIZE_VER0);
	assert_int_equal(c->flags, HMMBENCH_MIGRATE_THP);
	assert_int_equal(c->handle, map.handle);
	assert_int_equal(c->direction, HMMBENCH_MIGRATE_TO_DEVICE);
	assert_int_equal(c->addr, (uintptr_t)buf);
	assert_int_equal(c->length, MIG_LEN);
	assert_int_equal(c->batch, 1024);
	/* the reply, copied out: 1024 pages in 1 call, as 2 THPs */
	assert_int_equal(m.requested, 1024);
	assert_int_equal(m.migrated, 1024);
	assert_int_equal(m.thp, 2);
	assert_int_equal(m.calls, 1);
	assert_int_equal(m.total_ns, 1000 + 1024 * 10);
	assert_int_equal(m.__reserved[0], 0);
	req.direction = HMMBENCH_MIGRATE_TO_SYSTEM;
	req.thp = false;
	req.batch = 0;
	assert_int_equal(hb_dev_migrate(&dev, &req, &m), 0);
	assert_int_equal(fake.calls[3].flags, 0);
	assert_int_equal(fake.calls[3].direction, HMMBENCH_MIGRATE_TO_SYSTEM);
	assert_int_equal(fake.calls[3].batch, 0);
	assert_int_equal(m.migrated, 1024);
	assert_int_equal(m.calls, 2);
	munmap(buf, MIG_LEN);
	hb_dev_close(&dev);
}

/* No HMMBENCH_FEAT_MIGRATE, or THP without _MIGRATE_THP: not asked. */
static void migrate_without_the_feature_does_not_ask(void **state)
{
	struct hmmbench_migrate m;
	struct hmmbench_map map;
	struct hb_dev dev;
	uint8_t *buf = migrate_setup(&dev, 0, &map);
	struct hb_mig_req req = {
		.handle = map.handle,
		.direction = HMMBENCH_MIGRATE_TO_DEVICE,
		.addr = (uintptr_t)buf,
		.length = MIG_LEN,
	};

	(void)state;
	assert_int_equal(hb_dev_migrate(&dev, &req, &m), -EOPNOTSUPP);
	dev.info.features |= HMMBENCH_FEAT_MIGRATE;
	req.thp = true;
	assert_int_equal(hb_dev_migrate(&dev, &req, &m), -EOPNOTSUPP);
	assert_int_equal(fake.nr_calls, 2);	/* INFO and MAP */
	munmap(buf, MIG_LEN);
	hb_dev_close(&dev);
}

static void migrate_failure_returns_negative_errno(void **state)
{
	struct hmmbench_migrate m;
	struct hmmbench_map map;
	struct hb_dev dev;
	uint8_t *buf = migrate_setup(&dev, HMMBENCH_FEAT_MIGRATE, &map);
	struct hb_mig_req req = {
		.handle = 77,
		.direction = HMMBENCH_MIGRATE_TO_DEVICE,
		.addr = (uintptr_t)buf,
		.length = MIG_LEN,
	};

	(void)state;
	assert_int_equal(hb_dev_migrate(&dev, &req, &m), -ENOENT);
	req.handle = map.handle;
	req.direction = 3;
	assert_int_equal(hb_dev_migrate(&dev, &req, &m), -EINVAL);
	req.direction = HMMBENCH_MIGRATE_TO_DEVICE;
	fake.fail_cmd = HMMBENCH_IOC_MIGRATE;
	fake.fail_errno = ENOMEM;
	assert_int_equal(hb_dev_migrate(&dev, &req, &m), -ENOMEM);
	munmap(buf, MIG_LEN);
	hb_dev_close(&dev);
}

static void fault_read_sends_rec_size_and_caps_nr(void **state)
{
	static struct hmmbench_fault recs[HMMBENCH_FAULT_READ_MAX + 1];
	struct hmmbench_fault_read r;
	struct hmmbench_map map;
	struct hb_dev dev;

	(void)state;
	fake.features |= HMMBENCH_FEAT_MIGRATE;
	fake.fault_capacity = 2;
	hb_dev_open(&dev, NULL);
	hb_dev_info(&dev);
	hb_dev_map(&dev, 1ULL << 30, -1, 0, &map);
	fake_fault_push(0x7f0000001000, 0);
	fake_fault_push(0x7f0000200000, 9);
	fake_fault_push(0x7f0000400000, 9);	/* the third is dropped */
	memset(recs, 0, sizeof(recs));
	assert_int_equal(hb_dev_fault_read(&dev, map.handle, recs,
					   HMMBENCH_FAULT_READ_MAX + 1, &r), 0);
	assert_true(fake.calls[2].cmd == HMMBENCH_IOC_FAULT_READ);
	assert_int_equal(fake.calls[2].size,
			 sizeof(struct hmmbench_fault_read));
	assert_int_equal(fake.calls[2].size, HMMBENCH_FAULT_READ_SIZE_VER0);
	assert_int_equal(fake.calls[2].rec_size, HMMBENCH_FAULT_SIZE_VER0);
	assert_int_equal(fake.calls[2].nr, HMMBENCH_FAULT_READ_MAX);
	assert_int_equal(fake.calls[2].handle, map.handle);
	assert_int_equal(fake.calls[2].flags, 0);
	assert_int_equal(r.nr, 2);
	assert_int_equal(r.capacity, 2);
	assert_int_equal(r.faults, 3);
	assert_int_equal(r.dropped, 1);
	assert_int_equal(recs[0].addr, 0x7f0000001000);
	assert_int_equal(recs[1].order, 9);
	assert_int_equal(recs[1].pages, 512);
	assert_int_equal(recs[2].addr, 0);
	/* each record is taken once */
	assert_int_equal(hb_dev_fault_read(&dev, map.handle, recs, 8, &r), 0);
	assert_int_equal(r.nr, 0);
	assert_int_equal(hb_dev_fault_read(&dev, 77, recs, 8, &r), -ENOENT);
	hb_dev_close(&dev);
}

static void fault_read_without_the_feature_does_not_ask(void **state)
{
	struct hmmbench_fault recs[4];
	struct hmmbench_fault_read r;
	struct hb_dev dev;

	(void)state;
	hb_dev_open(&dev, NULL);
	hb_dev_info(&dev);
	assert_int_equal(hb_dev_fault_read(&dev, 1, recs, 4, &r),
			 -EOPNOTSUPP);
	assert_int_equal(fake.nr_calls, 1);
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
		T(migrate_sends_its_size_flags_and_range),
		T(migrate_without_the_feature_does_not_ask),
		T(migrate_failure_returns_negative_errno),
		T(fault_read_sends_rec_size_and_caps_nr),
		T(fault_read_without_the_feature_does_not_ask),
		T(memmap_cost_is_struct_page_per_page),
	};

	return cmocka_run_group_tests_name("device", tests, NULL, NULL);
}
