/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what the measurement loops (bench.c, migrate.c, mirror.c,
 * rebind.c) share - the progress they report after each step, the state
 * every loop keeps (its device, its result, the flag that stops it and
 * its count of steps), and in loop.c the steps several take: saying why
 * a request failed, a PMD-aligned buffer, one chunk mapped and unmapped,
 * and how the loop ended.
 */
#ifndef HB_LOOP_H
#define HB_LOOP_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/device.h"
#include "kernel/explain.h"
#include "results/result.h"

struct hb_progress {
	size_t step;		/* iterations of one size done, 1-based */
	size_t steps;		/* total of those */
	uint64_t size;
	unsigned int iter;
	enum hb_kind kind;
	uint64_t elapsed_ns;
	const struct hb_sample *samples;	/* this step's, or NULL */
	size_t nr_samples;
};

typedef void (*hb_progress_fn)(const struct hb_progress *p, void *arg);

/* A loop's state, inside each loop's own. */
struct hb_loop {
	struct hb_dev *dev;
	struct hb_result *r;
	volatile sig_atomic_t *stop;
	hb_progress_fn fn;
	void *arg;
	uint64_t start_ns;	/* when the loop started */
	size_t step;		/* steps reported so far */
	size_t steps;		/* of how many */
};

struct hb_dev_ctx;

/*
 * The sentence for @err of request @op, asked as @ctx says, into
 * r->error: the first failure's only (a MAP's -ENOMEM explained with
 * the module's budget as it is now).  Returns @err.
 */
int hb_loop_fail(struct hb_loop *l, enum hb_dev_op op, int err,
		 const struct hb_dev_ctx *ctx);

/* A failure of hmmbench's own, @err, said as @fmt says; returns @err. */
int hb_loop_failf(struct hb_loop *l, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Maps @size of private anonymous memory at a boundary of @align bytes
 * (a PMD's, so that a THP can back it), THP or not as @thp says, into
 * *@buf; -errno, said, when it cannot.  @what names the buffer's use.
 */
int hb_loop_buf_map(struct hb_loop *l, uint64_t size, uint64_t align,
		    bool thp, const char *what, uint8_t **buf);

/*
 * MAPs a chunk of @length on the local node, again while a signal
 * interrupts the wait unless *stop was set: 0 with its handle in
 * *@handle, HB_STOPPED, or the error said.
 */
int hb_loop_map_chunk(struct hb_loop *l, uint64_t length,
		      uint32_t *handle);

/* UNMAPs chunk @handle; 0 or the error said. */
int hb_loop_unmap_chunk(struct hb_loop *l, uint32_t handle);

/*
 * Reports step @iter of @size, of @kind, to the loop's callback, with
 * the @nr samples it measured at @samples (or none: NULL and 0).
 */
void hb_loop_report(struct hb_loop *l, uint64_t size, unsigned int iter,
		    enum hb_kind kind, const struct hb_sample *samples,
		    size_t nr);

/*
 * How a loop that returned @ret ended: r->complete and r->stop_reason,
 * and r->end (@end when it completed).
 */
void hb_loop_end(struct hb_result *r, int ret, enum hb_end end);

#endif /* HB_LOOP_H */
