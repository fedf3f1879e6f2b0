/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Chunk lifecycle: map, publish, verify and unmap one chunk; the measured
 * section they and ROOFLINE share.
 */
#ifndef _HB_CHUNK_H
#define _HB_CHUNK_H

#include <linux/hmmbench.h>

struct hb_chunk;
struct hb_devmem;

int hb_measure_begin(void);
void hb_measure_end(void);
int hb_chunk_map(struct hmmbench_map *map, struct hb_chunk **chunkp);
void hb_chunk_publish(struct hb_chunk *chunk);
int hb_chunk_verify(struct hb_chunk *chunk, struct hmmbench_verify *v);
int hb_chunk_migrate(struct hb_chunk *chunk, struct hmmbench_migrate *m);
struct hb_devmem *hb_chunk_devmem(struct hb_chunk *chunk);
void *hb_chunk_owner(struct hb_chunk *chunk);
int hb_chunk_unmap(struct hb_chunk *chunk, struct hmmbench_unmap *unmap);
void hb_chunk_release(struct hb_chunk *chunk);
void hb_chunk_exit(void);

#endif /* _HB_CHUNK_H */
