// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the rebind loop - open a watch window, let ndctl reconfigure
 * the namespace when asked (its bind is the first sample), then unbind
 * and bind the namespace's device, matching each pair of writes with the
 * calls the module saw in the namespace's physical range.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "kernel/explain.h"
#include "kernel/nd_bind.h"
#include "measure/rebind.h"
#include "measure/verify.h"
#include "results/metrics.h"

/* fsdax (nd_pmem) and devdax (device_dax under dax_pmem) pgmaps */
#define HB_RB_TYPES	(HMMBENCH_PGMAP_BIT(HMMBENCH_PGMAP_FS_DAX) | \
			 HMMBENCH_PGMAP_BIT(HMMBENCH_PGMAP_GENERIC))
#define HB_RB_READ	64
/*
 * How long a bind ndctl started may take to show its call (it may bind
 * in a kworker after ndctl returned), and how long any call in flight may
 * take to return.
 */
#define HB_RB_SETTLE_NS	(120ULL * 1000000000ULL)
#define HB_RB_FLIGHT_NS	(600ULL * 1000000000ULL)

/* The rebind loop's state. */
struct hb_rb_loop {
	struct hb_loop loop;
	struct hb_rebind *rb;
	uint64_t foreign;	/* calls outside the namespace */
	uint64_t lost;		/* calls the window missed or dropped */
};

/* The calls of one rebind in the namespace's range. */
struct hb_rb_calls {
	struct hmmbench_call unmap;
	struct hmmbench_call remap;
	bool has_unmap;
	bool has_remap;
	uint64_t lost;	/* calls the window missed or dropped meanwhile */
};

void hb_rebind_config(struct hb_config *cfg, const struct hb_nd_ns *ns)
{
	cfg->workload = hb_nd_mode_name(ns->mode);
	cfg->ns_name = ns->name;
	cfg->nd_map = ns->map ? hb_nd_map_name(ns->map) : NULL;
	cfg->nd_align = ns->align;
	cfg->nd_driver = ns->driver;
	cfg->nd_device = ns->dev;
	cfg->sizes[0] = ns->size;
	cfg->nr_sizes = 1;
	cfg->chunks = 1;
}

static bool hb_rb_ours(const struct hb_nd_ns *ns,
		       const struct hmmbench_call *c)
{
	return !ns->start || (c->phys_start >= ns->start &&
			      c->phys_start - ns->start < ns->size);
}

static void hb_rb_sort(struct hb_rb_loop *l, const struct hmmbench_call *c,
		       size_t n, struct hb_rb_calls *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!hb_rb_ours(&l->rb->ns, &c[i])) {
			l->foreign++;
		} else if (c[i].call == HMMBENCH_CALL_MEMUNMAP) {
			out->unmap = c[i];
			out->has_unmap = true;
		} else {
			out->remap = c[i];
			out->has_remap = true;
		}
	}
}

/* Sleeps @ms, signals or not. */
static void hb_rb_sleep_ms(unsigned int ms)
{
	struct timespec ts = {
		.tv_sec = ms / 1000, .tv_nsec = ms % 1000 * 1000000L,
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/*
 * Takes the window's calls into @out once nothing is in flight, and a
 * memremap_pages() in the namespace has returned or @settle_ns have gone
 * by; a call in flight is waited for HB_RB_FLIGHT_NS at most.
 */
static int hb_rb_collect(struct hb_rb_loop *l, uint64_t settle_ns,
			 struct hb_rb_calls *out)
{
	struct hmmbench_call buf[HB_RB_READ];
	struct hmmbench_watch_read rep;
	uint64_t now = hb_now_ns(), until = now + settle_ns;
	uint64_t limit = now + HB_RB_FLIGHT_NS;
	int ret;

	for (;;) {
		ret = hb_dev_watch_read(l->loop.dev, buf, HB_RB_READ, &rep);
		if (ret) {
			struct hb_dev_ctx ctx = { .path = l->loop.dev->path };

			hb_dev_explain(l->loop.r->error,
				       sizeof(l->loop.r->error),
				       HB_OP_WATCH_READ, ret, &ctx);
			return ret;
		}
		hb_rb_sort(l, buf, rep.nr, out);
		out->lost += rep.missed + rep.dropped - l->lost;
		l->lost = rep.missed + rep.dropped;
		if (rep.nr == HB_RB_READ)
			continue;
		now = hb_now_ns();
		if ((!rep.in_flight && (out->has_remap || now >= until)) ||
		    now >= limit)
			return 0;
		hb_rb_sleep_ms(5);
	}
}

/* Sample @iter from @c and the times of the writes (0: not made). */
static int hb_rb_sample(struct hb_rb_loop *l, unsigned int iter,
			const struct hb_rb_calls *c, uint64_t unbind_ns,
			uint64_t bind_ns)
{
	struct hb_sample *s = hb_result_add(l->loop.r);

	if (!s) {
		snprintf(l->loop.r->error, sizeof(l->loop.r->error),
			 "out of memory for the samples");
		return -ENOMEM;
	}
	s->size = l->rb->ns.size;
	s->iter = iter;
	s->kind = hb_iter_kind(&l->loop.r->cfg, iter);
	s->phys_start = c->remap.phys_start;
	s->pages = c->remap.init_pages;
	hb_metric_set(&hb_metrics[HB_M_MEMREMAP], s, c->remap.total_ns);
	if (c->remap.valid & HMMBENCH_T_MEMMAP_INIT)
		hb_metric_set(&hb_metrics[HB_M_MEMMAP_INIT], s,
			      c->remap.memmap_init_ns);
	if (c->has_unmap)
		hb_metric_set(&hb_metrics[HB_M_MEMUNMAP], s,
			      c->unmap.total_ns);
	if (unbind_ns)
		hb_metric_set(&hb_metrics[HB_M_UNBIND], s, unbind_ns);
	if (bind_ns)
		hb_metric_set(&hb_metrics[HB_M_BIND], s, bind_ns);
	l->loop.r->cfg.vmemmap_shift = c->remap.vmemmap_shift;
	l->loop.r->cfg.compound_size = l->loop.dev->info.page_size <<
				       c->remap.vmemmap_shift;
	return 0;
}

/* The calls a bind must have made, or the sentence why not. */
static int hb_rb_check_calls(struct hb_rb_loop *l, const struct hb_rb_calls *c,
			     const char *what)
{
	const char *name = l->rb->ns.name;

	if (!c->has_remap && c->lost) {
		snprintf(l->loop.r->error, sizeof(l->loop.r->error),
			 "the module missed %llu memremap_pages() or memunmap_pages() call%s during %s of %s (more at once than it follows, or its window full): try again on a quieter system",
			 (unsigned long long)c->lost, c->lost == 1 ? "" : "s",
			 what, name);
		return -ENODATA;
	}
	if (!c->has_remap) {
		snprintf(l->loop.r->error, sizeof(l->loop.r->error),
			 "%s of %s made no memremap_pages() call in its range that the module saw: it has no struct pages to time",
			 what, name);
		return -ENODATA;
	}
	if (c->remap.flags & HMMBENCH_CALL_FAILED) {
		snprintf(l->loop.r->error, sizeof(l->loop.r->error),
			 "memremap_pages() failed in %s of %s: see the kernel log (dmesg)",
			 what, name);
		return -EIO;
	}
	return 0;
}

static void hb_rb_report(struct hb_rb_loop *l, unsigned int iter)
{
	struct hb_result *r = l->loop.r;

	hb_loop_report(&l->loop, l->rb->ns.size, iter,
		       hb_iter_kind(&r->cfg, iter),
		       &r->samples[r->nr_samples - 1], 1);
}

/*
 * Unbinds and binds the device with SIGINT, SIGTERM and SIGHUP held, so
 * that a signal never leaves it unbound; a bind that fails leaves it so, and
 * the sentence says how to bind it again.
 */
static int hb_rb_rebind(struct hb_rb_loop *l, uint64_t *unbind_ns,
			uint64_t *bind_ns)
{
	struct hb_nd_ns *ns = &l->rb->ns;
	char *err = l->loop.r->error;
	size_t len = sizeof(l->loop.r->error);
	sigset_t hold, old;
	int ret;

	sigemptyset(&hold);
	sigaddset(&hold, SIGINT);
	sigaddset(&hold, SIGTERM);
	sigaddset(&hold, SIGHUP);
	sigprocmask(SIG_BLOCK, &hold, &old);
	ret = hb_nd_unbind(l->rb->root, ns, unbind_ns, err, len);
	if (!ret && l->rb->unbound_ms)
		hb_rb_sleep_ms(l->rb->unbound_ms);
	if (!ret) {
		ret = hb_nd_bind(l->rb->root, ns, bind_ns, err, len);
		if (ret)
			snprintf(err + strlen(err), len - strlen(err),
				 "; %s is left unbound: `ndctl enable-namespace %s` binds it again",
				 ns->name, ns->name);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return ret;
}

static int hb_rb_one(struct hb_rb_loop *l, unsigned int iter)
{
	struct hb_rb_calls c = { 0 };
	uint64_t unbind_ns = 0, bind_ns = 0;
	int ret;

	ret = hb_rb_rebind(l, &unbind_ns, &bind_ns);
	/* the bind's call returned before its write did */
	if (!ret)
		ret = hb_rb_collect(l, 0, &c);
	if (ret)
		return ret;
	ret = hb_rb_check_calls(l, &c, "the bind");
	if (!ret)
		ret = hb_rb_sample(l, iter, &c, unbind_ns, bind_ns);
	if (!ret)
		hb_rb_report(l, iter);
	return ret;
}

/* The last line ndctl wrote on stderr, without its newline. */
static void hb_rb_last_line(char *buf)
{
	char *nl;

	while ((nl = strrchr(buf, '\n')) && !nl[1])
		*nl = '\0';
	nl = strrchr(buf, '\n');
	if (nl)
		memmove(buf, nl + 1, strlen(nl + 1) + 1);
}

/*
 * Runs @argv in a process group of its own, so that a Ctrl-C meant for
 * hmmbench never stops it half-way; its stderr into @msg.  Its exit
 * status, 127 when it could not run, or -1.
 */
static int hb_rb_spawn(char *const *argv, char *msg, size_t len)
{
	int fds[2], status, n, got = 0;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -1;
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		setpgid(0, 0);
		dup2(null, STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	while (pid > 0 && (size_t)got + 1 < len &&
	       (n = read(fds[0], msg + got, len - 1 - got)) != 0)
		if (n > 0)
			got += n;
		else if (errno != EINTR)
			break;
	msg[got] = '\0';
	close(fds[0]);
	while (pid > 0 && waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (pid < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* The command line of @argv, for a message. */
static void hb_rb_cmdline(char *const *argv, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (; *argv && used < len; argv++)
		used += snprintf(buf + used, len - used, "%s%s",
				 used ? " " : "", *argv);
}

/* ndctl's reconfiguration, whose bind is sample 0. */
static int hb_rb_reconfigure(struct hb_rb_loop *l)
{
	struct hb_rebind *rb = l->rb;
	struct hb_rb_calls c = { 0 };
	char msg[512], cmd[256], name[sizeof(rb->ns.name)];
	int st, ret;

	hb_rb_cmdline(rb->ndctl_argv, cmd, sizeof(cmd));
	st = hb_rb_spawn(rb->ndctl_argv, msg, sizeof(msg));
	if (st) {
		hb_rb_last_line(msg);
		snprintf(l->loop.r->error, sizeof(l->loop.r->error),
			 st == 127 ? "ndctl not found: install it (apt install ndctl), or set %s up yourself and run without --reconfigure" :
				     "`%s` failed: %s",
			 st == 127 ? rb->ns.name : cmd,
			 msg[0] ? msg : "no message");
		return -EIO;
	}
	snprintf(name, sizeof(name), "%s", rb->ns.name);
	ret = hb_nd_find(rb->root, name, &rb->ns, l->loop.r->error,
			 sizeof(l->loop.r->error));
	if (!ret)
		ret = hb_rb_collect(l, HB_RB_SETTLE_NS, &c);
	if (!ret)
		ret = hb_rb_check_calls(l, &c, "the bind --reconfigure made");
	if (ret)
		return ret;
	hb_rebind_config(&l->loop.r->cfg, &rb->ns);
	l->loop.r->cfg.first_bind_reconfigure = true;
	ret = hb_rb_sample(l, 0, &c, 0, 0);
	if (!ret)
		hb_rb_report(l, 0);
	return ret;
}

static int hb_rb_loop_all(struct hb_rb_loop *l)
{
	unsigned int iter = 0;
	int ret = 0;

	if (l->rb->ndctl_argv) {
		ret = hb_rb_reconfigure(l);
		iter = 1;
	}
	for (; !ret && iter < l->loop.steps; iter++) {
		if (*l->loop.stop)
			return HB_STOPPED;
		ret = hb_rb_one(l, iter);
	}
	return ret;
}

/* The memmap the last bind left, when cfg.verify asks for it. */
static int hb_rb_verify(struct hb_rb_loop *l)
{
	struct hb_result *r = l->loop.r;
	struct hmmbench_verify v;
	int ret;

	if (!r->cfg.verify)
		return 0;
	ret = hb_verify_namespace(l->loop.dev, &l->rb->ns, l->loop.stop, &v,
				  r->error, sizeof(r->error));
	if (!ret)
		hb_memmap_from(&r->memmap[0], &v);
	return ret;
}

int hb_rebind_run(struct hb_dev *dev, struct hb_rebind *rb,
		  struct hb_result *r, volatile sig_atomic_t *stop,
		  hb_progress_fn fn, void *arg)
{
	struct hb_rb_loop l = {
		.loop = {
			.dev = dev, .r = r, .stop = stop, .fn = fn, .arg = arg,
			.steps = 1 + (size_t)r->cfg.iters,
		},
		.rb = rb,
	};
	struct hb_dev_ctx ctx = { .path = dev->path, .info = &dev->info };
	int ret;

	r->error[0] = '\0';
	ret = hb_dev_watch_start(dev, HB_RB_TYPES);
	if (ret) {
		hb_dev_explain(r->error, sizeof(r->error), HB_OP_WATCH, ret,
			       &ctx);
	} else {
		l.loop.start_ns = hb_now_ns();
		ret = hb_rb_loop_all(&l);
		r->wall_ns = hb_now_ns() - l.loop.start_ns;
		hb_dev_watch_stop(dev);
		if (!ret)
			ret = hb_rb_verify(&l);
	}
	rb->foreign = l.foreign;
	hb_loop_end(r, ret, HB_END_ITERS);
	return ret;
}
