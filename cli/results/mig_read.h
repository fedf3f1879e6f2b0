/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: a migration read back from its JSON (schema
 * hmmbench-migrate/1) into a result of workload "migrate": its records,
 * so that show renders it again as migrate did and merge pools it, and
 * its calls and faults as the result's samples, which compare and
 * merge's checks take as they take any other workload's.
 */
#ifndef HB_MIG_READ_H
#define HB_MIG_READ_H

#include <stddef.h>

#include "results/result.h"

struct json_object;

/*
 * Fills @r from @doc, read from @path: the configuration (workload
 * "migrate"), metadata and merged sources, every call, fault phase and
 * fault sample with every field the JSON holds, and the samples made of
 * them (hb_mig_samples()); summaries are recomputed from them, never
 * read.  The strings of @r point into @doc.  -EINVAL with a sentence
 * naming @path in @err when it is no whole migration, or -ENOMEM.
 */
int hb_mig_read(struct json_object *doc, const char *path,
		struct hb_result *r, char *err, size_t len);

/*
 * Adds to @r, a migration, the samples of its records, in the order
 * measured: one per MIGRATE call (HB_T_TO_DEVICE or HB_T_TO_SYSTEM: the
 * kernel's total, the pages moved and the THPs among them) and per fault
 * (HB_T_FAULT, the handler, and HB_T_TOUCH, the touch), of size
 * cfg.sizes[0], an iteration's calls before its faults.  0 or -ENOMEM.
 */
int hb_mig_samples(struct hb_result *r);

#endif /* HB_MIG_READ_H */
