/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what list and monitor write - the live chunks as a table or
 * a hmmbench-chunks/1 JSON document, and one event as a text line or a
 * hmmbench-event/1 JSON line.  FORMATS.md has the JSON contract.
 */
#ifndef HB_RENDER_CHUNKS_H
#define HB_RENDER_CHUNKS_H

#include <stdio.h>

#include "kernel/nl.h"

#define HB_CHUNKS_SCHEMA	"hmmbench-chunks/1"
#define HB_EVENT_SCHEMA		"hmmbench-event/1"

/* @info (may be NULL) gives the summary line above the rows. */
void hb_render_chunks_table(FILE *f, const struct hb_nl_chunks *l,
			    const struct hmmbench_info *info);
int hb_render_chunks_json(FILE *f, const struct hb_nl_chunks *l);

/* One line each. */
void hb_render_event_text(FILE *f, const struct hb_nl_event *ev);
int hb_render_event_json(FILE *f, const struct hb_nl_event *ev);

#endif /* HB_RENDER_CHUNKS_H */
