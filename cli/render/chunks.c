// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the live chunks (list) and chunk events (monitor) as people
 * and scripts read them: a table and a JSON document, a text line and a
 * JSON line per event.  A timing the module did not measure is "-" or
 * null, never 0.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>

#include "fmt.h"
#include "render/chunks.h"
#include "render/json_write.h"

/* "30.1 ms", or "-" when @bit is not valid. */
static const char *hb_chunk_time(char *buf, size_t len,
				 const struct hb_nl_chunk *c, uint32_t bit,
				 uint64_t ns)
{
	if (!(c->valid & bit))
		return "-";
	return hb_fmt_human(buf, len, HB_UNIT_NS, (double)ns);
}

static void hb_chunks_summary(FILE *f, const struct hb_nl_chunks *l,
			      const struct hmmbench_info *info)
{
	uint64_t bytes = 0, pages = 0;
	char dev[32], meta[32];
	size_t i;

	for (i = 0; i < l->n; i++)
		bytes += l->v[i].size;
	if (info && info->page_size)
		pages = bytes / info->page_size * info->struct_page_size;
	if (info)
		fprintf(f, "module %s on Linux %s\n", info->module_version,
			info->kernel_release);
	fprintf(f, "%zu chunk%s live, %s of device memory", l->n,
		l->n == 1 ? "" : "s", hb_size_human(bytes, dev, sizeof(dev)));
	if (info)
		fprintf(f, ", %s of struct pages",
			hb_size_human(pages, meta, sizeof(meta)));
	fputc('\n', f);
}

void hb_render_chunks_table(FILE *f, const struct hb_nl_chunks *l,
			    const struct hmmbench_info *info)
{
	char size[32], phys[32], remap[32], init[32];
	const struct hb_nl_chunk *c;
	size_t i;

	hb_chunks_summary(f, l, info);
	if (!l->n)
		return;
	fprintf(f, "%4s %7s %-15s %6s %8s %4s %-12s %8s %8s\n", "ID", "PID",
		"COMMAND", "HANDLE", "SIZE", "NODE", "PHYS", "MEMREMAP",
		"MMINIT");
	for (i = 0; i < l->n; i++) {
		c = &l->v[i];
		snprintf(phys, sizeof(phys), "%#" PRIx64, c->phys_start);
		fprintf(f, "%4" PRIu32 " %7" PRIu32 " %-15s %6" PRIu32 " %8s %4" PRIu32 " %-12s %8s %8s\n",
			c->id, c->pid, c->comm, c->handle,
			hb_size_human(c->size, size, sizeof(size)), c->node,
			c->has_phys ? phys : "-",
			hb_chunk_time(remap, sizeof(remap), c,
				      HMMBENCH_T_MEMREMAP, c->memremap_ns),
			hb_chunk_time(init, sizeof(init), c,
				      HMMBENCH_T_MEMMAP_INIT,
				      c->memmap_init_ns));
	}
}

static struct json_object *hb_chunk_jtime(const struct hb_nl_chunk *c,
					  uint32_t bit, uint64_t ns)
{
	return c->valid & bit ? hb_jint(ns) : NULL;
}

/* The members a chunk has in both documents; @unmap: the UNMAP timings. */
static void hb_chunk_json(struct json_object *o, const struct hb_nl_chunk *c,
			  bool unmap)
{
	hb_jadd(o, "id", hb_jint(c->id));
	hb_jadd(o, "pid", hb_jint(c->pid));
	hb_jadd(o, "comm", hb_jstr(c->comm));
	hb_jadd(o, "handle", hb_jint(c->handle));
	hb_jadd(o, "size", hb_jint(c->size));
	hb_jadd(o, "node", hb_jint(c->node));
	if (c->has_phys) {
		hb_jadd(o, "phys_start", hb_jint(c->phys_start));
		hb_jadd(o, "phys_end", hb_jint(c->phys_end));
	}
	hb_jadd(o, "created_ns", hb_jint(c->created_ns));
	hb_jadd(o, "region_ns", hb_chunk_jtime(c, HMMBENCH_T_REGION,
					       c->region_ns));
	hb_jadd(o, "memremap_ns", hb_chunk_jtime(c, HMMBENCH_T_MEMREMAP,
						 c->memremap_ns));
	hb_jadd(o, "memmap_init_ns",
		hb_chunk_jtime(c, HMMBENCH_T_MEMMAP_INIT, c->memmap_init_ns));
	if (!unmap)
		return;
	hb_jadd(o, "memunmap_ns", hb_chunk_jtime(c, HMMBENCH_T_MEMUNMAP,
						 c->memunmap_ns));
	hb_jadd(o, "release_ns", hb_chunk_jtime(c, HMMBENCH_T_RELEASE,
						c->release_ns));
}

int hb_render_chunks_json(FILE *f, const struct hb_nl_chunks *l)
{
	struct json_object *o = json_object_new_object();
	struct json_object *a = json_object_new_array();
	struct json_object *c;
	size_t i;

	hb_jadd(o, "schema", hb_jstr(HB_CHUNKS_SCHEMA));
	for (i = 0; i < l->n; i++) {
		c = json_object_new_object();
		hb_chunk_json(c, &l->v[i], false);
		json_object_array_add(a, c);
	}
	hb_jadd(o, "chunks", a);
	return hb_json_write(f, o);
}

/* A call a watch window recorded, on one line. */
static void hb_render_call_text(FILE *f, const struct hmmbench_call *c)
{
	char t[32], i[32];

	fprintf(f, "%-8s %s pid %" PRIu32 " %s: ",
		c->call == HMMBENCH_CALL_MEMREMAP ? "memremap" : "memunmap",
		hb_nl_pgmap_name(c->type), c->pid, c->comm);
	if (c->call == HMMBENCH_CALL_MEMREMAP)
		fprintf(f, "%" PRIu64 " of ", (uint64_t)c->init_pages);
	fprintf(f, "%" PRIu64 " pages%s", (uint64_t)c->pages,
		c->flags & HMMBENCH_CALL_ALTMAP ? " (memmap on the device)" :
						  "");
	if (c->vmemmap_shift)
		fprintf(f, ", 2^%" PRIu32 "-page folios", c->vmemmap_shift);
	if (c->node >= 0)
		fprintf(f, ", node %" PRId32, c->node);
	fprintf(f, ": %s", hb_fmt_human(t, sizeof(t), HB_UNIT_NS,
					(double)c->total_ns));
	if (c->valid & HMMBENCH_T_MEMMAP_INIT)
		fprintf(f, ", memmap_init %s",
			hb_fmt_human(i, sizeof(i), HB_UNIT_NS,
				     (double)c->memmap_init_ns));
	fputs(c->flags & HMMBENCH_CALL_FAILED ? ", failed\n" : "\n", f);
}

void hb_render_event_text(FILE *f, const struct hb_nl_event *ev)
{
	const struct hb_nl_chunk *c = &ev->chunk;
	char size[32], a[32], b[32];

	if (ev->is_call) {
		hb_render_call_text(f, &ev->call);
		return;
	}
	fprintf(f, "%-8s id %" PRIu32 " pid %" PRIu32 " %s handle %" PRIu32 ": %s on node %" PRIu32 ", ",
		ev->mapped ? "mapped" : "unmapped", c->id, c->pid, c->comm,
		c->handle, hb_size_human(c->size, size, sizeof(size)),
		c->node);
	if (ev->mapped)
		fprintf(f, "memremap %s, memmap_init %s\n",
			hb_chunk_time(a, sizeof(a), c, HMMBENCH_T_MEMREMAP,
				      c->memremap_ns),
			hb_chunk_time(b, sizeof(b), c, HMMBENCH_T_MEMMAP_INIT,
				      c->memmap_init_ns));
	else
		fprintf(f, "memunmap %s, release %s\n",
			hb_chunk_time(a, sizeof(a), c, HMMBENCH_T_MEMUNMAP,
				      c->memunmap_ns),
			hb_chunk_time(b, sizeof(b), c, HMMBENCH_T_RELEASE,
				      c->release_ns));
}

/* The members of a call's event line after "event". */
static void hb_call_json(struct json_object *o, const struct hmmbench_call *c)
{
	hb_jadd(o, "seq", hb_jint(c->seq));
	hb_jadd(o, "type", hb_jstr(hb_nl_pgmap_name(c->type)));
	hb_jadd(o, "pid", hb_jint(c->pid));
	hb_jadd(o, "comm", hb_jstr(c->comm));
	hb_jadd(o, "pages", hb_jint(c->pages));
	if (c->call == HMMBENCH_CALL_MEMREMAP)
		hb_jadd(o, "init_pages", hb_jint(c->init_pages));
	hb_jadd(o, "altmap", hb_jbool(c->flags & HMMBENCH_CALL_ALTMAP));
	hb_jadd(o, "vmemmap_shift", hb_jint(c->vmemmap_shift));
	hb_jadd(o, "node", c->node >= 0 ? hb_jint(c->node) : NULL);
	hb_jadd(o, "failed", hb_jbool(c->flags & HMMBENCH_CALL_FAILED));
	hb_jadd(o, "total_ns", hb_jint(c->total_ns));
	if (c->call == HMMBENCH_CALL_MEMREMAP)
		hb_jadd(o, "memmap_init_ns",
			c->valid & HMMBENCH_T_MEMMAP_INIT ?
			hb_jint(c->memmap_init_ns) : NULL);
}

int hb_render_event_json(FILE *f, const struct hb_nl_event *ev)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return -ENOMEM;
	hb_jadd(o, "schema", hb_jstr(HB_EVENT_SCHEMA));
	if (ev->is_call) {
		hb_jadd(o, "event", hb_jstr(ev->call.call ==
					    HMMBENCH_CALL_MEMREMAP ?
					    "memremap" : "memunmap"));
		hb_call_json(o, &ev->call);
	} else {
		hb_jadd(o, "event", hb_jstr(ev->mapped ? "mapped" :
							 "unmapped"));
		hb_chunk_json(o, &ev->chunk, !ev->mapped);
	}
	fputs(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
					     JSON_C_TO_STRING_NOSLASHESCAPE),
	      f);
	fputc('\n', f);
	json_object_put(o);
	return 0;
}
