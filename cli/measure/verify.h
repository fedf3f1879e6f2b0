/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: reading back the struct pages of a chunk - map one, VERIFY
 * it, unmap it - for hmmbench verify and for the memmap digest run and
 * sweep record after the iterations of each size, and what is said
 * about the answer: the invariants' names, whether they hold.
 */
#ifndef HB_VERIFY_H
#define HB_VERIFY_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/device.h"
#include "kernel/nd.h"
#include "results/result.h"

/* hb_verify_chunk(), hb_bench_run() (bench.h): stopped by *stop */
#define HB_STOPPED	1

/* What hmmbench verify found, for its renderers. */
struct hb_verify_report {
	struct hb_config cfg;	/* sizes[0], node, the compound page */
	struct hmmbench_info info;
	struct hmmbench_verify v;
	const struct hb_nd_ns *ns;	/* --namespace, or NULL: a chunk */
	struct hb_host host;	/* where it was read (accel: "" unknown) */
};

/* The schema of hmmbench verify --format json. */
#define HB_VERIFY_SCHEMA	"hmmbench-verify/1"

/* "refcount", ... for HMMBENCH_CHECK_*, "check8" past the known ones. */
const char *hb_check_name(char *buf, size_t len, unsigned int i);

/* Invariants @v reports on: its checks_nr, at most the slots. */
unsigned int hb_verify_checks(const struct hmmbench_verify *v);

/* Whether every invariant holds on every page of @v. */
bool hb_verify_holds(const struct hmmbench_verify *v);

/* The memmap a result keeps of @v. */
void hb_memmap_from(struct hb_memmap *m, const struct hmmbench_verify *v);

/*
 * Maps one chunk of @length on cfg->node with cfg->vmemmap_shift,
 * VERIFYs it into @v and unmaps it again, also when VERIFY failed or
 * *@stop was set meanwhile (then HB_STOPPED).  Without
 * HMMBENCH_FEAT_VERIFY it maps nothing.  Returns 0, HB_STOPPED or a
 * negative errno with the sentence in @err.
 */
int hb_verify_chunk(struct hb_dev *dev, const struct hb_config *cfg,
		    uint64_t length, volatile sig_atomic_t *stop,
		    struct hmmbench_verify *v, char *err, size_t len);

/*
 * VERIFYs the struct pages of bound namespace @ns through its pgmap into
 * @v, *@stop restarting nothing.  0, HB_STOPPED, or a negative errno with
 * the sentence in @err.
 */
int hb_verify_namespace(struct hb_dev *dev, const struct hb_nd_ns *ns,
			volatile sig_atomic_t *stop,
			struct hmmbench_verify *v, char *err, size_t len);

/*
 * Whether run or sweep (@no_verify: --no-verify) record the memmap on
 * the module of @info; when they cannot, the note why in @note.
 */
bool hb_verify_wanted(const struct hmmbench_info *info, bool no_verify,
		      char *note, size_t len);

/*
 * The one warning line when a memmap of @r breaks an invariant (the
 * measurement stands), or NULL.
 */
const char *hb_memmap_warning(const struct hb_result *r, char *buf,
			      size_t len);

#endif /* HB_VERIFY_H */
