/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the entry point of each renderer in cli/render/, one file per
 * document and format, for render.c to pick from.  Private to this
 * directory: everything else goes through render.h.
 */
#ifndef HB_RENDERERS_H
#define HB_RENDERERS_H

#include <stdbool.h>
#include <stdio.h>

#include "measure/verify.h"
#include "results/compare.h"
#include "results/metrics.h"
#include "results/migration.h"

/*
 * A result, with the cold and warm summaries of each size and group;
 * 0 or -ENOMEM.
 */
int hb_render_table(FILE *f, const struct hb_result *r,
		    const struct hb_summary *sum, size_t nr, bool wide);
void hb_render_csv(FILE *f, const struct hb_result *r);
int hb_render_json(FILE *f, const struct hb_result *r,
		   const struct hb_summary *sum, size_t nr);
void hb_render_cover(FILE *f, const struct hb_result *r,
		     const struct hb_summary *sum, size_t nr);
void hb_render_gobench(FILE *f, const struct hb_result *r);

/*
 * The members of a memmap object (pages, digest, layout, bad_pages)
 * added to @o, as results and hmmbench verify write them.
 */
struct json_object;
void hb_memmap_json_add(struct json_object *o, const struct hb_memmap *m);

/* The object of the record at @base that field table @t describes. */
struct hb_fields;
struct json_object *hb_fields_json(const struct hb_fields *t,
				   const void *base);

/*
 * What every result's document starts with (json_result.c): its
 * workload's schema, completion, error, why the loop ended, metadata,
 * the configuration its workload describes (workload.h) and the wall
 * time.
 */
struct json_object *hb_result_head_json(const struct hb_result *r);

/*
 * The metrics @r's summaries show, each's key and unit, and whether it
 * is measured when @measured.
 */
struct json_object *hb_metrics_json(const struct hb_result *r,
				    bool measured);

/* The statistics @st of every metric of @r's summaries of @group. */
struct json_object *hb_summary_metrics_json(const struct hb_result *r,
					    unsigned int group,
					    const struct hb_stats *st);

/* The runs a merged result lists, one entry each. */
struct json_object *hb_sources_json(const struct hb_source *src, size_t n);

/* What the info subcommand shows. */
void hb_render_info_table(FILE *f, const struct hb_meta *m);
int hb_render_info_json(FILE *f, const struct hb_meta *m);

/* What hmmbench verify read back. */
void hb_render_verify_text(FILE *f, const struct hb_verify_report *rep);
int hb_render_verify_json(FILE *f, const struct hb_verify_report *rep);

/*
 * "dax_pmem rebinds of a 2 GiB devdax namespace (align 2M)" for a rebind
 * configuration, with @space between number and unit and after "align".
 */
const char *hb_cover_namespace(char *buf, size_t len,
			       const struct hb_config *c, char space);

/*
 * A migration's records in the one table (mig_table.c): its first line's
 * @what and @extras (hb_table_head()), the heading above direction @d's
 * rows and the copy phase against the roofline under them, the faults'
 * block, the legend and the notes.  hb_mig_table_what() returns the
 * length of @extras, which the table's label follows.
 */
size_t hb_mig_table_what(const struct hb_result *r, char *what, size_t wlen,
			 char *extras, size_t elen);
void hb_mig_table_heading(FILE *f, const struct hb_result *r,
			  enum hb_mig_dir d, const struct hb_mig_summaries *ms);
void hb_mig_table_roof(FILE *f, const struct hb_result *r,
		       const struct hb_summary *first,
		       const struct hb_summary *warm);
void hb_mig_table_faults(FILE *f, const struct hb_result *r,
			 const struct hb_mig_summaries *s);
void hb_mig_table_legend(FILE *f, const struct hb_result *r);
void hb_mig_table_notes(FILE *f, const struct hb_result *r,
			const struct hb_mig_summaries *s);

/* A migration's records as CSV rows (mig_csv.c). */
void hb_render_mig_csv(FILE *f, const struct hb_result *r);
/*
 * A migration's records added to its document @o after the head
 * (mig_json.c): the roofline, the metrics, every iteration's records
 * and the summaries by direction, of its samples' @sum and of its
 * records.  0 or -ENOMEM.
 */
int hb_mig_json_add(struct json_object *o, const struct hb_result *r,
		    const struct hb_summary *sum, size_t nr);

/* A comparison. */
void hb_render_cmp_table(FILE *f, const struct hb_comparison *c,
			 bool wide);
void hb_render_cmp_csv(FILE *f, const struct hb_comparison *c);
int hb_render_cmp_json(FILE *f, const struct hb_comparison *c);
void hb_render_cmp_cover(FILE *f, const struct hb_comparison *c);

#endif /* HB_RENDERERS_H */
