/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the part of a migration's JSON (schema hmmbench-migrate/1)
 * that is its own, read back into a result of workload "migrate": its
 * records, so that show renders it again as migrate did and merge pools
 * it, and the samples made of them.
 */
#ifndef HB_MIG_READ_H
#define HB_MIG_READ_H

#include <stddef.h>

#include "results/result.h"

struct json_object;

/*
 * What a migration's document holds beside what every result's does
 * (result_read.c reads that): its configuration (workload "migrate")
 * from @doc, read from @path, into @r; then, once the metadata and
 * sources are read, every call, fault phase and fault sample with every
 * field the JSON holds, and the samples made of them (migration.h's
 * hb_mig_samples()); summaries are recomputed from them, never read.
 * The strings of @r point into @doc.  -EINVAL with a sentence naming @path in @err when it
 * is no whole migration, or -ENOMEM.
 */
int hb_mig_read_config(struct json_object *doc, struct hb_result *r,
		       const char *path, char *err, size_t len);
int hb_mig_read_records(struct json_object *doc, struct hb_result *r,
			const char *path, char *err, size_t len);

#endif /* HB_MIG_READ_H */
