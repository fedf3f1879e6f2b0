/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench unit tests: a fake generic netlink peer behind the libnl entry
 * points nl.c calls (wrapped with -Wl,--wrap): family and group lookups
 * that answer as told, and receives that feed prepared messages, batch
 * by batch, to the callback nl.c installed.
 */
#ifndef HB_TEST_FAKE_NL_H
#define HB_TEST_FAKE_NL_H

#include <netlink/genl/genl.h>
#include <netlink/netlink.h>

#define FAKE_NL_FAMILY	42
#define FAKE_NL_BATCHES	8
#define FAKE_NL_MSGS	8

/* What one nl_recvmsgs_default() delivers, then returns. */
struct fake_nl_batch {
	struct nl_msg *msg[FAKE_NL_MSGS];
	int n;
	int ret;		/* libnl's return value: 0 or -NLE_* */
};

struct fake_nl {
	int connect_ret;	/* genl_connect() */
	int resolve_ret;	/* genl_ctrl_resolve(): family id or -NLE_* */
	int grp_ret;		/* genl_ctrl_resolve_grp() */
	int membership_ret;	/* nl_socket_add_membership() */
	struct fake_nl_batch batch[FAKE_NL_BATCHES];
	int nr_batches;
	/* state */
	int next_batch;		/* then -NLE_AGAIN */
	nl_recvmsg_msg_cb_t cb;
	void *arg;
	int sends;
	int sent_cmd;
	int sent_flags;
	int joined;		/* group joined, or -1 */
};

extern struct fake_nl fake_nl;

/* A healthy peer with nothing to say; frees the previous messages. */
void fake_nl_reset(void);

/* Appends @msg to batch @b, which returns @ret; the fake frees @msg. */
void fake_nl_queue(int b, struct nl_msg *msg, int ret);

#endif /* HB_TEST_FAKE_NL_H */
