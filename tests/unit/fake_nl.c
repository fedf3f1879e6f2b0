// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the fake generic netlink peer (fake_nl.h).  The
 * socket itself is libnl's own, never connected.
 */
#include <string.h>

#include "fake_nl.h"

struct fake_nl fake_nl;

void fake_nl_reset(void)
{
	int b, i;

	for (b = 0; b < FAKE_NL_BATCHES; b++)
		for (i = 0; i < fake_nl.batch[b].n; i++)
			nlmsg_free(fake_nl.batch[b].msg[i]);
	memset(&fake_nl, 0, sizeof(fake_nl));
	fake_nl.resolve_ret = FAKE_NL_FAMILY;
	fake_nl.grp_ret = 7;
	fake_nl.joined = -1;
}

void fake_nl_queue(int b, struct nl_msg *msg, int ret)
{
	struct fake_nl_batch *batch = &fake_nl.batch[b];

	if (msg)
		batch->msg[batch->n++] = msg;
	batch->ret = ret;
	if (b + 1 > fake_nl.nr_batches)
		fake_nl.nr_batches = b + 1;
}

int __wrap_genl_connect(struct nl_sock *sk)
{
	(void)sk;
	return fake_nl.connect_ret;
}

int __wrap_genl_ctrl_resolve(struct nl_sock *sk, const char *name)
{
	(void)sk;
	return strcmp(name, "hmmbench") ? -NLE_OBJ_NOTFOUND :
					  fake_nl.resolve_ret;
}

int __wrap_genl_ctrl_resolve_grp(struct nl_sock *sk, const char *family,
				 const char *grp)
{
	(void)sk;
	if (strcmp(family, "hmmbench") || strcmp(grp, "events"))
		return -NLE_OBJ_NOTFOUND;
	return fake_nl.grp_ret;
}

int __wrap_nl_socket_add_membership(struct nl_sock *sk, int group)
{
	(void)sk;
	if (!fake_nl.membership_ret)
		fake_nl.joined = group;
	return fake_nl.membership_ret;
}

int __wrap_nl_socket_set_buffer_size(struct nl_sock *sk, int rx, int tx)
{
	(void)sk;
	(void)rx;
	(void)tx;
	return 0;
}

int __wrap_nl_socket_set_nonblocking(const struct nl_sock *sk)
{
	(void)sk;
	return 0;
}

int __wrap_nl_socket_modify_cb(struct nl_sock *sk, enum nl_cb_type type,
			       enum nl_cb_kind kind, nl_recvmsg_msg_cb_t func,
			       void *arg)
{
	(void)sk;
	if (type == NL_CB_VALID && kind == NL_CB_CUSTOM) {
		fake_nl.cb = func;
		fake_nl.arg = arg;
	}
	return 0;
}

int __wrap_genl_send_simple(struct nl_sock *sk, int family, int cmd,
			    int version, int flags)
{
	(void)sk;
	(void)version;
	if (family != FAKE_NL_FAMILY)
		return -NLE_INVAL;
	fake_nl.sends++;
	fake_nl.sent_cmd = cmd;
	fake_nl.sent_flags = flags;
	return 0;
}

/* One batch to the callback, as libnl delivers one receive. */
int __wrap_nl_recvmsgs_default(struct nl_sock *sk)
{
	struct fake_nl_batch *b;
	int i;

	(void)sk;
	if (fake_nl.next_batch >= fake_nl.nr_batches)
		return -NLE_AGAIN;
	b = &fake_nl.batch[fake_nl.next_batch++];
	for (i = 0; i < b->n; i++)
		if (fake_nl.cb(b->msg[i], fake_nl.arg) == NL_STOP)
			return b->ret;
	return b->ret;
}
