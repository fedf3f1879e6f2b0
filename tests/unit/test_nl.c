// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the generic netlink client (nl.c) against a fake
 * peer (libnl's entry points wrapped, fake_nl.c) - message parsing, the
 * dump across messages and its retry, events, libnl errors as errno and
 * their sentences - and the list and monitor renderers.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <netlink/attr.h>
#include <netlink/errno.h>

#include "fake_nl.h"
#include "kernel/host.h"
#include "kernel/nl.h"
#include "render/chunks.h"

#define ALL_MAP_TIMES	(HMMBENCH_T_REGION | HMMBENCH_T_MEMREMAP | \
			 HMMBENCH_T_MEMMAP_INIT)

static int reset(void **state)
{
	(void)state;
	fake_nl_reset();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fake_nl_reset();
	return 0;
}

static struct nl_msg *msg_new(uint8_t cmd)
{
	struct nl_msg *m = nlmsg_alloc();

	assert_non_null(m);
	assert_non_null(genlmsg_put(m, 0, 0, FAKE_NL_FAMILY, 0, 0, cmd,
				    HMMBENCH_GENL_VERSION));
	return m;
}

/* Chunk @id: 128 MiB of pid 100+id, timings id*1000 + 1..5. */
static void put_chunk(struct nl_msg *m, int type, uint32_t id,
		      uint32_t valid, int phys)
{
	struct nlattr *nest = nla_nest_start(m, type);

	nla_put_u32(m, HMMBENCH_CHUNK_A_ID, id);
	nla_put_u32(m, HMMBENCH_CHUNK_A_HANDLE, id % 7);
	nla_put_u32(m, HMMBENCH_CHUNK_A_OWNER_PID, 100 + id);
	nla_put_string(m, HMMBENCH_CHUNK_A_OWNER_COMM, "hmmbench");
	nla_put_u64(m, HMMBENCH_CHUNK_A_SIZE, 128ULL << 20);
	nla_put_u32(m, HMMBENCH_CHUNK_A_NODE, 0);
	if (phys) {
		nla_put_u64(m, HMMBENCH_CHUNK_A_PHYS_START, 0x100000000ULL * id);
		nla_put_u64(m, HMMBENCH_CHUNK_A_PHYS_END,
			    0x100000000ULL * id + (128 << 20) - 1);
	}
	nla_put_u64(m, HMMBENCH_CHUNK_A_CREATED_NS, 1700000000000000000ULL);
	nla_put_u32(m, HMMBENCH_CHUNK_A_VALID, valid);
	if (valid & HMMBENCH_T_REGION)
		nla_put_u64(m, HMMBENCH_CHUNK_A_REGION_NS, id * 1000 + 1);
	if (valid & HMMBENCH_T_MEMREMAP)
		nla_put_u64(m, HMMBENCH_CHUNK_A_MEMREMAP_NS, id * 1000 + 2);
	if (valid & HMMBENCH_T_MEMMAP_INIT)
		nla_put_u64(m, HMMBENCH_CHUNK_A_MEMMAP_INIT_NS, id * 1000 + 3);
	if (valid & HMMBENCH_T_MEMUNMAP)
		nla_put_u64(m, HMMBENCH_CHUNK_A_MEMUNMAP_NS, id * 1000 + 4);
	if (valid & HMMBENCH_T_RELEASE)
		nla_put_u64(m, HMMBENCH_CHUNK_A_RELEASE_NS, id * 1000 + 5);
	nla_nest_end(m, nest);
}

/* A dump message with chunks @first..@last. */
static struct nl_msg *chunks_msg(uint32_t first, uint32_t last)
{
	struct nl_msg *m = msg_new(HMMBENCH_CMD_GET_CHUNKS);
	struct nlattr *nest = nla_nest_start(m, HMMBENCH_A_CHUNKS);
	uint32_t id;

	for (id = first; id <= last; id++)
		put_chunk(m, 0, id, ALL_MAP_TIMES, 1);
	nla_nest_end(m, nest);
	return m;
}

static struct nl_msg *event_msg(uint8_t cmd, uint32_t id, uint32_t valid)
{
	struct nl_msg *m = msg_new(cmd);

	put_chunk(m, HMMBENCH_A_CHUNK, id, valid, 0);
	return m;
}

static void open_nl(struct hb_nl *nl)
{
	assert_int_equal(hb_nl_open(nl), 0);
	assert_int_equal(nl->family, FAKE_NL_FAMILY);
}

static void open_without_the_module_says_it_is_not_loaded(void **state)
{
	struct hb_nl nl;
	char buf[1024], load[768];

	(void)state;
	fake_nl.resolve_ret = -NLE_OBJ_NOTFOUND;
	assert_int_equal(hb_nl_open(&nl), -ENOENT);
	assert_null(nl.sock);
	hb_nl_explain(buf, sizeof(buf), HB_NL_OP_LIST, -ENOENT);
	assert_non_null(strstr(buf, "the hmmbench module is not loaded (generic netlink family 'hmmbench' not found)"));
	/* modprobe for an installed hmmbench, else insmod (test_host) */
	snprintf(load, sizeof(load), ": load it (%s)",
		 hb_host_module_load_cmd());
	assert_non_null(strstr(buf, load));
}

static void dump_collects_every_chunk_of_every_message(void **state)
{
	struct hb_nl_chunks list;
	struct hb_nl nl;

	(void)state;
	fake_nl_queue(0, chunks_msg(1, 2), 0);
	fake_nl_queue(0, chunks_msg(3, 3), 0);
	open_nl(&nl);
	assert_int_equal(hb_nl_chunks(&nl, &list), 0);
	hb_nl_close(&nl);
	assert_int_equal(fake_nl.sent_cmd, HMMBENCH_CMD_GET_CHUNKS);
	assert_true(fake_nl.sent_flags & NLM_F_DUMP);
	assert_int_equal(list.n, 3);
	assert_int_equal(list.messages, 2);
	assert_int_equal(list.v[2].id, 3);
	assert_int_equal(list.v[2].pid, 103);
	assert_int_equal(list.v[2].handle, 3);
	assert_string_equal(list.v[2].comm, "hmmbench");
	assert_true(list.v[2].size == 128ULL << 20);
	assert_true(list.v[2].has_phys);
	assert_true(list.v[2].phys_start == 0x300000000ULL);
	assert_true(list.v[2].phys_end == 0x300000000ULL + (128 << 20) - 1);
	assert_int_equal(list.v[2].valid, ALL_MAP_TIMES);
	assert_int_equal(list.v[2].region_ns, 3001);
	assert_int_equal(list.v[2].memremap_ns, 3002);
	assert_int_equal(list.v[2].memmap_init_ns, 3003);
	hb_nl_chunks_free(&list);
}

static void empty_dump_is_no_chunks(void **state)
{
	struct hb_nl_chunks list;
	struct hb_nl nl;

	(void)state;
	fake_nl_queue(0, NULL, 0);
	open_nl(&nl);
	assert_int_equal(hb_nl_chunks(&nl, &list), 0);
	hb_nl_close(&nl);
	assert_int_equal(list.n, 0);
	assert_int_equal(list.messages, 0);
	hb_nl_chunks_free(&list);
}

static void interrupted_dump_is_read_again_from_the_start(void **state)
{
	struct hb_nl_chunks list;
	struct hb_nl nl;

	(void)state;
	fake_nl_queue(0, chunks_msg(1, 2), -NLE_DUMP_INTR);
	fake_nl_queue(1, chunks_msg(2, 4), 0);
	open_nl(&nl);
	assert_int_equal(hb_nl_chunks(&nl, &list), 0);
	hb_nl_close(&nl);
	assert_int_equal(fake_nl.sends, 2);
	assert_int_equal(list.n, 3);
	assert_int_equal(list.messages, 1);
	assert_int_equal(list.v[0].id, 2);
	hb_nl_chunks_free(&list);
}

static void dump_without_cap_sys_admin_is_eperm(void **state)
{
	struct hb_nl_chunks list;
	struct hb_nl nl;
	char buf[256];

	(void)state;
	fake_nl_queue(0, NULL, -NLE_PERM);
	open_nl(&nl);
	assert_int_equal(hb_nl_chunks(&nl, &list), -EPERM);
	hb_nl_close(&nl);
	assert_null(list.v);
	hb_nl_explain(buf, sizeof(buf), HB_NL_OP_LIST, -EPERM);
	assert_string_equal(buf, "listing the chunks of every process needs CAP_SYS_ADMIN: run it as root");
}

static void timing_valid_but_missing_is_eproto(void **state)
{
	struct hb_nl_chunks list = { 0 };
	struct nl_msg *m = msg_new(HMMBENCH_CMD_GET_CHUNKS);
	struct nlattr *nest = nla_nest_start(m, HMMBENCH_A_CHUNKS);
	struct nlattr *c = nla_nest_start(m, 0);

	(void)state;
	nla_put_u32(m, HMMBENCH_CHUNK_A_ID, 1);
	nla_put_u64(m, HMMBENCH_CHUNK_A_SIZE, 128ULL << 20);
	nla_put_u32(m, HMMBENCH_CHUNK_A_VALID, HMMBENCH_T_MEMREMAP);
	nla_nest_end(m, c);
	nla_nest_end(m, nest);
	assert_int_equal(hb_nl_parse_chunks(m, &list), -EPROTO);
	nlmsg_free(m);
	hb_nl_chunks_free(&list);
}

static void chunk_without_id_is_eproto(void **state)
{
	struct hb_nl_event ev;
	struct nl_msg *m = msg_new(HMMBENCH_CMD_CHUNK_MAPPED);
	struct nlattr *c = nla_nest_start(m, HMMBENCH_A_CHUNK);

	(void)state;
	nla_put_u64(m, HMMBENCH_CHUNK_A_SIZE, 128ULL << 20);
	nla_put_u32(m, HMMBENCH_CHUNK_A_VALID, 0);
	nla_nest_end(m, c);
	assert_int_equal(hb_nl_parse_event(m, &ev), -EPROTO);
	nlmsg_free(m);
}

static void info_reply_fills_hmmbench_info(void **state)
{
	struct nl_msg *m = msg_new(HMMBENCH_CMD_GET_INFO);
	struct hmmbench_info info;
	struct hb_nl nl;

	(void)state;
	nla_put_u32(m, HMMBENCH_A_ABI_VERSION, HMMBENCH_ABI_VERSION);
	nla_put_string(m, HMMBENCH_A_MODULE_VERSION, "0.1.0");
	nla_put_string(m, HMMBENCH_A_KERNEL_RELEASE, "6.1.192");
	nla_put_u64(m, HMMBENCH_A_PAGE_SIZE, 4096);
	nla_put_u64(m, HMMBENCH_A_STRUCT_PAGE_SIZE, 64);
	nla_put_u32(m, HMMBENCH_A_LIVE_CHUNKS, 3);
	nla_put_u64(m, HMMBENCH_A_MAPS_TOTAL, 1ULL << 40);
	nla_put_u64(m, HMMBENCH_A_PHYS_WINDOW_START, 1ULL << 30);
	nla_put_u64(m, HMMBENCH_A_PHYS_WINDOW_END, (1ULL << 38) - 1);
	fake_nl_queue(0, m, 0);
	open_nl(&nl);
	assert_int_equal(hb_nl_info(&nl, &info), 0);
	hb_nl_close(&nl);
	assert_int_equal(fake_nl.sent_cmd, HMMBENCH_CMD_GET_INFO);
	assert_int_equal(fake_nl.sent_flags, 0);
	assert_int_equal(info.abi_version, HMMBENCH_ABI_VERSION);
	assert_string_equal(info.module_version, "0.1.0");
	assert_string_equal(info.kernel_release, "6.1.192");
	assert_int_equal(info.struct_page_size, 64);
	assert_int_equal(info.live_chunks, 3);
	assert_true(info.maps_total == 1ULL << 40);
	assert_true(info.phys_window_start == 1ULL << 30);
	assert_true(info.phys_window_end == (1ULL << 38) - 1);
}

struct seen {
	struct hb_nl_event ev[8];
	int n;
	int stop_at;
};

static int collect(const struct hb_nl_event *ev, void *arg)
{
	struct seen *s = arg;

	s->ev[s->n++] = *ev;
	return s->n == s->stop_at;
}

static void events_arrive_in_order_and_unknown_commands_are_skipped(void **state)
{
	struct seen s = { .stop_at = 0 };
	struct hb_nl nl;

	(void)state;
	fake_nl_queue(0, event_msg(HMMBENCH_CMD_CHUNK_MAPPED, 5,
				   ALL_MAP_TIMES), 0);
	fake_nl_queue(0, event_msg(HMMBENCH_CMD_MAX + 1, 9, 0), 0);
	fake_nl_queue(1, event_msg(HMMBENCH_CMD_CHUNK_UNMAPPED, 5,
				   ALL_MAP_TIMES | HMMBENCH_T_MEMUNMAP |
				   HMMBENCH_T_RELEASE), 0);
	open_nl(&nl);
	assert_int_equal(hb_nl_subscribe(&nl), 0);
	assert_int_equal(fake_nl.joined, 7);
	assert_int_equal(hb_nl_events(&nl, collect, &s), 0);
	hb_nl_close(&nl);
	assert_int_equal(s.n, 2);
	assert_true(s.ev[0].mapped);
	assert_false(s.ev[0].chunk.has_phys);
	assert_int_equal(s.ev[0].chunk.memremap_ns, 5002);
	assert_false(s.ev[1].mapped);
	assert_int_equal(s.ev[1].chunk.id, 5);
	assert_int_equal(s.ev[1].chunk.memunmap_ns, 5004);
	assert_int_equal(s.ev[1].chunk.release_ns, 5005);
}

static void events_stop_when_the_callback_says(void **state)
{
	struct seen s = { .stop_at = 1 };
	struct hb_nl nl;

	(void)state;
	fake_nl_queue(0, event_msg(HMMBENCH_CMD_CHUNK_MAPPED, 1,
				   ALL_MAP_TIMES), 0);
	fake_nl_queue(0, event_msg(HMMBENCH_CMD_CHUNK_MAPPED, 2,
				   ALL_MAP_TIMES), 0);
	open_nl(&nl);
	assert_int_equal(hb_nl_subscribe(&nl), 0);
	assert_int_equal(hb_nl_events(&nl, collect, &s), 1);
	hb_nl_close(&nl);
	assert_int_equal(s.n, 1);
}

static void events_overrun_is_enobufs(void **state)
{
	struct seen s = { .stop_at = 0 };
	struct hb_nl nl;

	(void)state;
	fake_nl_queue(0, NULL, -NLE_NOMEM);
	open_nl(&nl);
	assert_int_equal(hb_nl_subscribe(&nl), 0);
	assert_int_equal(hb_nl_events(&nl, collect, &s), -ENOBUFS);
	hb_nl_close(&nl);
}

static void joining_without_cap_sys_admin_is_eperm(void **state)
{
	struct hb_nl nl;
	char buf[256];

	(void)state;
	fake_nl.membership_ret = -NLE_PERM;
	open_nl(&nl);
	assert_int_equal(hb_nl_subscribe(&nl), -EPERM);
	hb_nl_close(&nl);
	hb_nl_explain(buf, sizeof(buf), HB_NL_OP_MONITOR, -EPERM);
	assert_string_equal(buf, "receiving hmmbench events needs CAP_SYS_ADMIN: run it as root");
}

/* What a renderer wrote to a memory stream. */
static char *render(void (*fn)(FILE *f, const void *arg), const void *arg)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	fn(f, arg);
	fclose(f);
	return text;
}

static void event_json(FILE *f, const void *arg)
{
	assert_int_equal(hb_render_event_json(f, arg), 0);
}

static void event_text(FILE *f, const void *arg)
{
	hb_render_event_text(f, arg);
}

static struct hb_nl_event parsed_event(uint8_t cmd, uint32_t valid)
{
	struct nl_msg *m = event_msg(cmd, 4, valid);
	struct hb_nl_event ev;

	assert_int_equal(hb_nl_parse_event(m, &ev), 0);
	nlmsg_free(m);
	return ev;
}

static void event_json_line_has_null_for_an_unmeasured_phase(void **state)
{
	struct hb_nl_event ev = parsed_event(HMMBENCH_CMD_CHUNK_MAPPED,
					     HMMBENCH_T_REGION |
					     HMMBENCH_T_MEMREMAP);
	char *s = render(event_json, &ev);

	(void)state;
	assert_string_equal(s, "{\"schema\":\"hmmbench-event/1\",\"event\":\"mapped\",\"id\":4,\"pid\":104,\"comm\":\"hmmbench\",\"handle\":4,\"size\":134217728,\"node\":0,\"created_ns\":1700000000000000000,\"region_ns\":4001,\"memremap_ns\":4002,\"memmap_init_ns\":null}\n");
	free(s);
}

static void unmapped_event_text_has_the_unmap_timings(void **state)
{
	struct hb_nl_event ev = parsed_event(HMMBENCH_CMD_CHUNK_UNMAPPED,
					     ALL_MAP_TIMES |
					     HMMBENCH_T_MEMUNMAP |
					     HMMBENCH_T_RELEASE);
	char *s = render(event_text, &ev);

	(void)state;
	assert_string_equal(s, "unmapped id 4 pid 104 hmmbench handle 4: 128 MiB on node 0, memunmap 4004 ns, release 4005 ns\n");
	free(s);
}

/* A devdax bind a watch window recorded, as the module sends it. */
static struct nl_msg *call_msg(uint32_t valid, bool init_time)
{
	struct nl_msg *m = msg_new(HMMBENCH_CMD_PGMAP_CALL);
	struct nlattr *nest = nla_nest_start(m, HMMBENCH_A_CALL);

	nla_put_u64(m, HMMBENCH_CALL_A_SEQ, 7);
	nla_put_u32(m, HMMBENCH_CALL_A_CALL, HMMBENCH_CALL_MEMREMAP);
	nla_put_u32(m, HMMBENCH_CALL_A_TYPE, HMMBENCH_PGMAP_GENERIC);
	nla_put_u32(m, HMMBENCH_CALL_A_FLAGS, HMMBENCH_CALL_ALTMAP);
	nla_put_u32(m, HMMBENCH_CALL_A_VALID, valid);
	nla_put_u32(m, HMMBENCH_CALL_A_PID, 321);
	nla_put_string(m, HMMBENCH_CALL_A_COMM, "hmmbench");
	nla_put_u32(m, HMMBENCH_CALL_A_NODE, 0);
	nla_put_u32(m, HMMBENCH_CALL_A_VMEMMAP_SHIFT, 9);
	nla_put_u64(m, HMMBENCH_CALL_A_PAGES, 1048576);
	nla_put_u64(m, HMMBENCH_CALL_A_INIT_PAGES, 1031680);
	nla_put_u64(m, HMMBENCH_CALL_A_TOTAL_NS, 320000000);
	if (init_time)
		nla_put_u64(m, HMMBENCH_CALL_A_MEMMAP_INIT_NS, 300000000);
	nla_nest_end(m, nest);
	return m;
}

/*
 * A call event comes out with everything but the physical address, in
 * both formats; one that claims a phase it does not carry is malformed.
 */
static void call_event_has_the_pgmap_and_its_times(void **state)
{
	const uint32_t both = HMMBENCH_T_MEMREMAP | HMMBENCH_T_MEMMAP_INIT;
	struct nl_msg *m = call_msg(both, true);
	struct hb_nl_event ev;
	char *s;

	(void)state;
	assert_int_equal(hb_nl_parse_event(m, &ev), 0);
	nlmsg_free(m);
	assert_true(ev.is_call);
	assert_int_equal(ev.call.init_pages, 1031680);
	s = render(event_json, &ev);
	assert_string_equal(s, "{\"schema\":\"hmmbench-event/1\",\"event\":\"memremap\",\"seq\":7,\"type\":\"generic\",\"pid\":321,\"comm\":\"hmmbench\",\"pages\":1048576,\"init_pages\":1031680,\"altmap\":true,\"vmemmap_shift\":9,\"node\":0,\"failed\":false,\"total_ns\":320000000,\"memmap_init_ns\":300000000}\n");
	free(s);
	s = render(event_text, &ev);
	assert_string_equal(s, "memremap generic pid 321 hmmbench: 1031680 of 1048576 pages (memmap on the device), 2^9-page folios, node 0: 320.0 ms, memmap_init 300.0 ms\n");
	free(s);
	m = call_msg(both, false);
	assert_int_equal(hb_nl_parse_event(m, &ev), -EPROTO);
	nlmsg_free(m);
}

static void chunks_json(FILE *f, const void *arg)
{
	assert_int_equal(hb_render_chunks_json(f, arg), 0);
}

static void list_json_has_every_chunk_with_its_physical_range(void **state)
{
	struct hb_nl_chunks list = { 0 };
	struct nl_msg *m = chunks_msg(1, 2);
	char *s;

	(void)state;
	assert_int_equal(hb_nl_parse_chunks(m, &list), 0);
	nlmsg_free(m);
	s = render(chunks_json, &list);
	assert_non_null(strstr(s, "\"schema\":\"hmmbench-chunks/1\""));
	assert_non_null(strstr(s, "\"phys_start\":8589934592"));
	assert_non_null(strstr(s, "\"phys_end\":8724152319"));
	assert_non_null(strstr(s, "\"pid\":102"));
	free(s);
	hb_nl_chunks_free(&list);
}

static const struct hmmbench_info table_info = {
	.module_version = "0.1.0", .kernel_release = "6.1.192",
	.page_size = 4096, .struct_page_size = 64,
};

static void chunks_table(FILE *f, const void *arg)
{
	hb_render_chunks_table(f, arg, &table_info);
}

static void list_table_fits_80_columns_with_a_summary_line(void **state)
{
	struct hb_nl_chunks list = { 0 };
	struct nl_msg *m = chunks_msg(1, 2);
	char *s, *line;

	(void)state;
	assert_int_equal(hb_nl_parse_chunks(m, &list), 0);
	nlmsg_free(m);
	list.v[1].valid &= ~HMMBENCH_T_MEMMAP_INIT;
	s = render(chunks_table, &list);
	assert_string_equal(s,
"module 0.1.0 on Linux 6.1.192\n"
"2 chunks live, 256 MiB of device memory, 4 MiB of struct pages\n"
"  ID     PID COMMAND         HANDLE     SIZE NODE PHYS         MEMREMAP   MMINIT\n"
"   1     101 hmmbench             1  128 MiB    0 0x100000000   1002 ns  1003 ns\n"
"   2     102 hmmbench             2  128 MiB    0 0x200000000   2002 ns        -\n");
	for (line = s; *line; line = strchr(line, '\n') + 1)
		assert_true(strchr(line, '\n') - line <= 80);
	free(s);
	hb_nl_chunks_free(&list);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(open_without_the_module_says_it_is_not_loaded, reset, teardown),
		cmocka_unit_test_setup_teardown(dump_collects_every_chunk_of_every_message, reset, teardown),
		cmocka_unit_test_setup_teardown(empty_dump_is_no_chunks, reset, teardown),
		cmocka_unit_test_setup_teardown(interrupted_dump_is_read_again_from_the_start, reset, teardown),
		cmocka_unit_test_setup_teardown(dump_without_cap_sys_admin_is_eperm, reset, teardown),
		cmocka_unit_test_setup_teardown(timing_valid_but_missing_is_eproto, reset, teardown),
		cmocka_unit_test_setup_teardown(chunk_without_id_is_eproto, reset, teardown),
		cmocka_unit_test_setup_teardown(info_reply_fills_hmmbench_info, reset, teardown),
		cmocka_unit_test_setup_teardown(events_arrive_in_order_and_unknown_commands_are_skipped, reset, teardown),
		cmocka_unit_test_setup_teardown(events_stop_when_the_callback_says, reset, teardown),
		cmocka_unit_test_setup_teardown(events_overrun_is_enobufs, reset, teardown),
		cmocka_unit_test_setup_teardown(joining_without_cap_sys_admin_is_eperm, reset, teardown),
		cmocka_unit_test_setup_teardown(event_json_line_has_null_for_an_unmeasured_phase, reset, teardown),
		cmocka_unit_test_setup_teardown(unmapped_event_text_has_the_unmap_timings, reset, teardown),
		cmocka_unit_test_setup_teardown(call_event_has_the_pgmap_and_its_times, reset, teardown),
		cmocka_unit_test_setup_teardown(list_json_has_every_chunk_with_its_physical_range, reset, teardown),
		cmocka_unit_test_setup_teardown(list_table_fits_80_columns_with_a_summary_line, reset, teardown),
	};

	return cmocka_run_group_tests_name("nl", tests, NULL, NULL);
}
