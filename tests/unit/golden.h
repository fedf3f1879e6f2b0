/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench unit tests: what the golden tests (test_render.c,
 * test_render_compare.c) share: golden.c checks what they render against
 * golden/, reads a golden file back, and builds the results both render.
 */
#ifndef HB_TEST_GOLDEN_H
#define HB_TEST_GOLDEN_H

#include <stddef.h>
#include <stdint.h>

#include "render/render.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define GIB	(1ULL << 30)

/* Each format's name, the ending of its golden file. */
extern const char *const formats[HB_NR_FORMATS];

/* Checks @text (freed here) against golden/@name. */
void golden(const char *name, char *text);

/* Columns of the longest line of @text: UTF-8 continuation bytes add none. */
size_t widest(const char *text);

/* Appends one sample of @size, iteration @iter, chunk @chunk. */
void add_sample(struct hb_result *r, uint64_t size, unsigned int iter,
		unsigned int chunk, uint32_t valid);

/*
 * hmmbench rebind --reconfigure --mode devdax --align 2M --iters 4 of a
 * 4 GiB namespace (golden.c says more).
 */
void rebind_result(struct hb_result *r);

struct hb_input;
void free_inputs(struct hb_input *in, size_t n);

/* golden/@stem.json read back as hmmbench show reads it. */
struct json_object *saved(const char *stem);

/* @text (freed here) is golden/@stem.@fmt byte for byte. */
void same_as_golden(const char *stem, size_t fmt, char *text);

#endif
