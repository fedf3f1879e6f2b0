// SPDX-License-Identifier: GPL-2.0
/*
 * hbnl: checks of the module's generic netlink family over a raw
 * NETLINK_GENERIC socket, with requests the CLI never sends, run in the
 * VM.  Prints what it checked; exits 0 when every check held.
 *
 * usage: hbnl info | strict | unprivileged | dump-rmmod HOLDER-PID
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/hmmbench.h>

#include "guest.h"

#define BUF_LEN	65536

static int failures;

#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		failures++;						\
		fprintf(stderr, "hbnl:%d: check failed: %s: ", __LINE__, \
			#cond);						\
		fprintf(stderr, __VA_ARGS__);				\
		fputc('\n', stderr);					\
	}								\
} while (0)

struct req {
	struct nlmsghdr n;
	struct genlmsghdr g;
	char attrs[64];
};

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static int nl_socket(void)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);

	if (fd < 0)
		die("socket");
	return fd;
}

/* Appends a u32 attribute to @r. */
static void put_u32(struct req *r, uint16_t type, uint32_t v)
{
	struct nlattr *a = (struct nlattr *)((char *)r + r->n.nlmsg_len);

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + sizeof(v);
	memcpy((char *)a + NLA_HDRLEN, &v, sizeof(v));
	r->n.nlmsg_len += NLA_ALIGN(a->nla_len);
}

static void put_str(struct req *r, uint16_t type, const char *s)
{
	struct nlattr *a = (struct nlattr *)((char *)r + r->n.nlmsg_len);

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + strlen(s) + 1;
	memcpy((char *)a + NLA_HDRLEN, s, strlen(s) + 1);
	r->n.nlmsg_len += NLA_ALIGN(a->nla_len);
}

static void init_req(struct req *r, uint16_t family, uint8_t cmd,
		     uint16_t flags)
{
	memset(r, 0, sizeof(*r));
	r->n.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN);
	r->n.nlmsg_type = family;
	r->n.nlmsg_flags = NLM_F_REQUEST | flags;
	r->n.nlmsg_seq = 1;
	r->g.cmd = cmd;
	r->g.version = 1;
}

static void send_req(int fd, struct req *r)
{
	if (send(fd, r, r->n.nlmsg_len, 0) != (ssize_t)r->n.nlmsg_len)
		die("send");
}

/* The attribute @type of the genl message @n, or NULL. */
static struct nlattr *attr(struct nlmsghdr *n, uint16_t type)
{
	int len = n->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);
	struct nlattr *a = (struct nlattr *)((char *)NLMSG_DATA(n) +
					     GENL_HDRLEN);

	while (len >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN &&
	       a->nla_len <= len) {
		if ((a->nla_type & NLA_TYPE_MASK) == type)
			return a;
		len -= NLA_ALIGN(a->nla_len);
		a = (struct nlattr *)((char *)a + NLA_ALIGN(a->nla_len));
	}
	return NULL;
}

static void *payload(struct nlattr *a)
{
	return (char *)a + NLA_HDRLEN;
}

/* One datagram into @buf; its length. */
static int recv_msg(int fd, char *buf)
{
	int len = recv(fd, buf, BUF_LEN, 0);

	if (len < 0)
		die("recv");
	return len;
}

/* REPLY: not an error (EPERM is 1). */
#define REPLY	(-1)

/* The errno of an NLMSG_ERROR, 0 for an ack, REPLY for another message. */
static int msg_error(struct nlmsghdr *n)
{
	if (n->nlmsg_type != NLMSG_ERROR)
		return REPLY;
	return -((struct nlmsgerr *)NLMSG_DATA(n))->error;
}

static uint16_t resolve(int fd)
{
	char buf[BUF_LEN];
	struct nlmsghdr *n = (struct nlmsghdr *)buf;
	struct nlattr *a;
	struct req r;

	init_req(&r, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 0);
	put_str(&r, CTRL_ATTR_FAMILY_NAME, HMMBENCH_GENL_NAME);
	send_req(fd, &r);
	recv_msg(fd, buf);
	a = attr(n, CTRL_ATTR_FAMILY_ID);
	if (n->nlmsg_type == NLMSG_ERROR || !a) {
		fprintf(stderr, "hbnl: family %s not found\n",
			HMMBENCH_GENL_NAME);
		exit(1);
	}
	return *(uint16_t *)payload(a);
}

static uint32_t get_u32(struct nlmsghdr *n, uint16_t type)
{
	struct nlattr *a = attr(n, type);

	return a ? *(uint32_t *)payload(a) : 0xdeadbeef;
}

static uint64_t get_u64(struct nlmsghdr *n, uint16_t type)
{
	struct nlattr *a = attr(n, type);
	uint64_t v = 0;

	if (a)
		memcpy(&v, payload(a), sizeof(v));
	return v;
}

/* GET_INFO over netlink says what the INFO ioctl says. */
static void case_info(int fd, uint16_t family)
{
	struct hmmbench_info info = { .size = sizeof(info) };
	char buf[BUF_LEN];
	struct nlmsghdr *n = (struct nlmsghdr *)buf;
	struct nlattr *a;
	struct req r;
	int dev;

	dev = open(HMMBENCH_DEVICE, O_RDWR | O_CLOEXEC);
	if (dev < 0 || ioctl(dev, HMMBENCH_IOC_INFO, &info))
		die("INFO ioctl");
	close(dev);
	init_req(&r, family, HMMBENCH_CMD_GET_INFO, 0);
	send_req(fd, &r);
	recv_msg(fd, buf);
	CHECK(msg_error(n) == REPLY, "GET_INFO failed: %s", strerror(msg_error(n)));
	CHECK(get_u32(n, HMMBENCH_A_ABI_VERSION) == info.abi_version, "abi");
	CHECK(get_u32(n, HMMBENCH_A_FEATURES) == info.features, "features");
	a = attr(n, HMMBENCH_A_MODULE_VERSION);
	CHECK(a && !strcmp(payload(a), info.module_version), "version");
	a = attr(n, HMMBENCH_A_KERNEL_RELEASE);
	CHECK(a && !strcmp(payload(a), info.kernel_release), "release");
	CHECK(get_u64(n, HMMBENCH_A_STRUCT_PAGE_SIZE) == info.struct_page_size,
	      "struct page");
	CHECK(get_u64(n, HMMBENCH_A_SIZE_ALIGN) == info.size_align, "align");
	CHECK(get_u32(n, HMMBENCH_A_LIVE_CHUNKS) == info.live_chunks, "live");
	CHECK(get_u64(n, HMMBENCH_A_MAPS_TOTAL) == info.maps_total, "maps");
	CHECK(get_u64(n, HMMBENCH_A_PHYS_WINDOW_START) ==
	      info.phys_window_start, "window start");
	CHECK(get_u64(n, HMMBENCH_A_PHYS_WINDOW_END) == info.phys_window_end,
	      "window end");
	printf("GET_INFO: abi %u, module %s, %u live chunks, %llu maps\n",
	       get_u32(n, HMMBENCH_A_ABI_VERSION), info.module_version,
	       get_u32(n, HMMBENCH_A_LIVE_CHUNKS),
	       (unsigned long long)get_u64(n, HMMBENCH_A_MAPS_TOTAL));
}

/* @r's answer is the error @want. */
static void expect_error(int fd, struct req *r, int want, const char *what)
{
	char buf[BUF_LEN];
	struct nlmsghdr *n = (struct nlmsghdr *)buf;
	int err;

	send_req(fd, r);
	recv_msg(fd, buf);
	err = msg_error(n);
	CHECK(err == want, "%s: got %s, want %s", what,
	      err == REPLY ? "a reply" : strerror(err),
	      want == REPLY ? "a reply" : strerror(want));
	printf("%s: %s\n", what, err == REPLY ? "a reply" : strerror(err));
}

/* Requests take no attributes, nor a reserved byte, nor unknown commands. */
static void case_strict(int fd, uint16_t family)
{
	struct req r;

	init_req(&r, family, HMMBENCH_CMD_GET_INFO, 0);
	put_u32(&r, HMMBENCH_A_LIVE_CHUNKS, 1);
	expect_error(fd, &r, EINVAL, "GET_INFO with an attribute");
	init_req(&r, family, HMMBENCH_CMD_GET_INFO, 0);
	put_u32(&r, HMMBENCH_A_MAX + 5, 1);
	expect_error(fd, &r, EINVAL, "GET_INFO with an unknown attribute");
	init_req(&r, family, HMMBENCH_CMD_GET_CHUNKS, NLM_F_DUMP);
	put_u32(&r, HMMBENCH_A_CHUNKS, 1);
	expect_error(fd, &r, EINVAL, "GET_CHUNKS with an attribute");
	init_req(&r, family, HMMBENCH_CMD_GET_INFO, 0);
	r.g.reserved = 1;
	expect_error(fd, &r, EINVAL, "GET_INFO with a reserved byte");
	init_req(&r, family, HMMBENCH_CMD_CHUNK_MAPPED, 0);
	expect_error(fd, &r, EOPNOTSUPP, "an event sent as a request");
}

static int events_group(int fd)
{
	char buf[BUF_LEN];
	struct nlmsghdr *n = (struct nlmsghdr *)buf;
	struct nlattr *a, *g, *ga;
	struct req r;
	int len;

	init_req(&r, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 0);
	put_str(&r, CTRL_ATTR_FAMILY_NAME, HMMBENCH_GENL_NAME);
	send_req(fd, &r);
	recv_msg(fd, buf);
	a = attr(n, CTRL_ATTR_MCAST_GROUPS);
	if (!a)
		die("no multicast groups");
	/* One group: its nest holds the name and the id. */
	g = (struct nlattr *)payload(a);
	ga = (struct nlattr *)payload(g);
	for (len = g->nla_len - NLA_HDRLEN; len > 0;
	     len -= NLA_ALIGN(ga->nla_len),
	     ga = (struct nlattr *)((char *)ga + NLA_ALIGN(ga->nla_len)))
		if (ga->nla_type == CTRL_ATTR_MCAST_GRP_ID)
			return *(uint32_t *)payload(ga);
	die("no events group id");
	return -1;
}

/* Without CAP_SYS_ADMIN: INFO yes, the dump and the events group no. */
static void case_unprivileged(int fd, uint16_t family)
{
	int grp = events_group(fd);
	struct req r;
	int ret;

	if (drop_cap_sys_admin())
		die("capset");
	init_req(&r, family, HMMBENCH_CMD_GET_INFO, 0);
	expect_error(fd, &r, REPLY, "GET_INFO without CAP_SYS_ADMIN");
	init_req(&r, family, HMMBENCH_CMD_GET_CHUNKS, NLM_F_DUMP);
	expect_error(fd, &r, EPERM, "GET_CHUNKS without CAP_SYS_ADMIN");
	ret = setsockopt(fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &grp,
			 sizeof(grp));
	printf("joining events without CAP_SYS_ADMIN: %s\n",
	       ret ? strerror(errno) : "allowed");
	CHECK(ret && errno == EPERM, "joined the events group");
}

/* Chunk ids in the dump message @n, appended to @ids; how many. */
static int dump_ids(struct nlmsghdr *n, uint32_t *ids, int nr)
{
	struct nlattr *a = attr(n, HMMBENCH_A_CHUNKS), *c, *ca;
	int len, clen, got = 0;

	if (!a)
		return 0;
	c = (struct nlattr *)payload(a);
	for (len = a->nla_len - NLA_HDRLEN; len >= NLA_HDRLEN;
	     len -= NLA_ALIGN(c->nla_len),
	     c = (struct nlattr *)((char *)c + NLA_ALIGN(c->nla_len))) {
		ca = (struct nlattr *)payload(c);
		for (clen = c->nla_len - NLA_HDRLEN; clen >= NLA_HDRLEN;
		     clen -= NLA_ALIGN(ca->nla_len),
		     ca = (struct nlattr *)((char *)ca +
					    NLA_ALIGN(ca->nla_len)))
			if (ca->nla_type == HMMBENCH_CHUNK_A_ID)
				ids[nr + got++] = *(uint32_t *)payload(ca);
	}
	return got;
}

/* Whether @pid runs (its files, and so its chunks, not yet released). */
static bool alive(pid_t pid)
{
	char path[64], st = 'Z';
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (fscanf(f, "%*d %*s %c", &st) != 1)
		st = 'Z';
	fclose(f);
	return st != 'Z';
}

/* The ids of one datagram of the dump; *@done at NLMSG_DONE or an error. */
static int dump_datagram(char *buf, int len, uint32_t *ids, int nr,
			 bool *done)
{
	struct nlmsghdr *n;
	int got = 0;

	for (n = (struct nlmsghdr *)buf; NLMSG_OK(n, len);
	     n = NLMSG_NEXT(n, len)) {
		if (n->nlmsg_type == NLMSG_DONE) {
			CHECK(*(int *)NLMSG_DATA(n) == 0, "DONE %d",
			      *(int *)NLMSG_DATA(n));
			*done = true;
		} else if (n->nlmsg_type == NLMSG_ERROR) {
			CHECK(0, "dump error %s", strerror(msg_error(n)));
			*done = true;
		} else {
			got += dump_ids(n, ids, nr + got);
		}
	}
	return got;
}

/*
 * Reads one message of the dump, kills the holder of the chunks, checks
 * that rmmod is refused while the dump runs, then reads it to its end:
 * ids in order, and no error.
 */
static void case_dump_rmmod(int fd, uint16_t family, pid_t holder)
{
	static uint32_t ids[100000];
	char buf[BUF_LEN];
	int nr, msgs = 1, i;
	bool done = false;
	struct req r;

	init_req(&r, family, HMMBENCH_CMD_GET_CHUNKS, NLM_F_DUMP);
	send_req(fd, &r);
	nr = dump_datagram(buf, recv_msg(fd, buf), ids, 0, &done);
	printf("first datagram: %d chunks\n", nr);
	CHECK(nr > 0 && !done, "the dump fitted in one datagram");
	if (kill(holder, SIGKILL))
		die("kill");
	while (alive(holder))
		usleep(10000);
	CHECK(syscall(SYS_delete_module, "hmmbench", O_NONBLOCK) != 0,
	      "rmmod succeeded during a dump");
	printf("rmmod during the dump: %s\n", strerror(errno));
	while (!done) {
		nr += dump_datagram(buf, recv_msg(fd, buf), ids, nr, &done);
		msgs++;
	}
	printf("dump: %d chunks in %d datagrams\n", nr, msgs);
	for (i = 1; i < nr; i++)
		CHECK(ids[i] > ids[i - 1], "id %u after %u", ids[i],
		      ids[i - 1]);
}

int main(int argc, char **argv)
{
	uint16_t family;
	int fd;

	if (argc < 2) {
		fprintf(stderr, "usage: hbnl info | strict | unprivileged | dump-rmmod HOLDER-PID\n");
		return 2;
	}
	fd = nl_socket();
	family = resolve(fd);
	if (!strcmp(argv[1], "info"))
		case_info(fd, family);
	else if (!strcmp(argv[1], "strict"))
		case_strict(fd, family);
	else if (!strcmp(argv[1], "unprivileged"))
		case_unprivileged(fd, family);
	else if (!strcmp(argv[1], "dump-rmmod") && argc == 3)
		case_dump_rmmod(fd, family, atoi(argv[2]));
	else
		return 2;
	close(fd);
	return failures ? 1 : 0;
}
