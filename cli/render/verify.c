// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: what hmmbench verify read back from a chunk's or a pmem
 * namespace's struct pages - as text, the chunk or namespace, digest and
 * layout and either "all N invariants hold" or one line per broken
 * invariant with its first pfns; as JSON, schema "hmmbench-verify/1" in
 * FORMATS.md.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "kernel/nl.h"
#include "render/json_write.h"
#include "render/renderers.h"
#include "version.h"

/* "base pages" or "2 MiB compound pages". */
static const char *hb_verify_shape(const struct hb_config *cfg, char *buf,
				   size_t len)
{
	char cp[32];

	if (!cfg->vmemmap_shift)
		return "base pages";
	snprintf(buf, len, "%s compound pages",
		 hb_size_human(cfg->compound_size, cp, sizeof(cp)));
	return buf;
}

/* "node 0", or "this CPU's node". */
static const char *hb_verify_node(int node, char *buf, size_t len)
{
	if (node == HMMBENCH_NODE_LOCAL)
		return "this CPU's node";
	snprintf(buf, len, "node %d", node);
	return buf;
}

/* "  refcount     262143 pages, first pfns 0xfcf8001 0xfcf8002" */
static void hb_verify_check_text(FILE *f, const struct hmmbench_verify *v,
				 unsigned int i)
{
	const struct hmmbench_check *c = &v->checks[i];
	uint64_t count = c->count, pfn;
	unsigned int k, n = count < HMMBENCH_CHECK_PFNS ? count :
							  HMMBENCH_CHECK_PFNS;
	char name[16];

	fprintf(f, "  %-12s %" PRIu64 " page%s, first pfn%s",
		hb_check_name(name, sizeof(name), i), count,
		count == 1 ? "" : "s", n == 1 ? "" : "s");
	for (k = 0; k < n; k++) {
		pfn = c->pfn[k];
		fprintf(f, " 0x%" PRIx64, pfn);
	}
	fputc('\n', f);
}

/*
 * "memmap of namespace0.0 (devdax, align 2 MiB, 2 GiB; dax0.0 on
 * dax_pmem): 515584 pages from 0x188200000, 8704 before it hold the
 * memmap, Linux 6.1.192"
 */
static void hb_verify_ns_text(FILE *f, const struct hb_verify_report *rep)
{
	const struct hb_nd_ns *ns = rep->ns;
	const struct hmmbench_verify *v = &rep->v;
	char sz[32], al[32], how[48] = "";

	if (ns->mode == HB_ND_DEVDAX)
		snprintf(how, sizeof(how), ", align %s",
			 hb_size_human(ns->align, al, sizeof(al)));
	else if (ns->map)
		snprintf(how, sizeof(how), ", map=%s",
			 hb_nd_map_name(ns->map));
	fprintf(f, "memmap of %s (%s%s, %s; %s on %s): %" PRIu64 " pages from 0x%" PRIx64,
		ns->name, hb_nd_mode_name(ns->mode), how,
		hb_size_human(ns->size, sz, sizeof(sz)), ns->dev, ns->driver,
		(uint64_t)v->pages, (uint64_t)v->start);
	if (v->vmemmap_shift)
		fprintf(f, " in %s compound pages",
			hb_size_human(4096ULL << v->vmemmap_shift, al,
				      sizeof(al)));
	if (v->skipped)
		fprintf(f, ", past the altmap's %" PRIu64 " (info block and memmap)",
			(uint64_t)v->skipped);
	fprintf(f, ", Linux %s", rep->info.kernel_release);
}

/* ", under QEMU 7.2.22 TCG": where @rep was read, and a newline. */
static void hb_verify_where(FILE *f, const struct hb_verify_report *rep)
{
	char where[96], *p;

	hb_host_where(&rep->host, where, sizeof(where));
	for (p = where; *p; p++)
		if (*p == '\x1f')
			*p = ' ';
	fprintf(f, "%s%s\n", where[0] == '(' ? " " : ", ", where);
}

void hb_render_verify_text(FILE *f, const struct hb_verify_report *rep)
{
	const struct hmmbench_verify *v = &rep->v;
	char sz[32], shape[48], node[32];
	struct hb_memmap m;
	unsigned int i;

	hb_memmap_from(&m, v);
	if (rep->ns)
		hb_verify_ns_text(f, rep);
	else
		fprintf(f, "memmap of %s (%" PRIu64 " pages, %s) on %s, Linux %s",
			hb_size_human(rep->cfg.sizes[0], sz, sizeof(sz)),
			m.pages,
			hb_verify_shape(&rep->cfg, shape, sizeof(shape)),
			hb_verify_node(rep->cfg.node, node, sizeof(node)),
			rep->info.kernel_release);
	hb_verify_where(f, rep);
	fprintf(f, "digest 0x%016" PRIx64 "  layout 0x%016" PRIx64 "\n",
		m.digest, m.layout);
	if (hb_verify_holds(v)) {
		fprintf(f, "all %u invariants hold on %" PRIu64 " pages\n",
			hb_verify_checks(v), m.pages);
		return;
	}
	fprintf(f, "%" PRIu64 " of %" PRIu64 " pages break an invariant:\n",
		m.bad_pages, m.pages);
	for (i = 0; i < hb_verify_checks(v); i++)
		if (v->checks[i].count)
			hb_verify_check_text(f, v, i);
}

/* {"refcount": {"count": 0, "pfns": []}, ...} */
static struct json_object *hb_verify_checks_json(
	const struct hmmbench_verify *v)
{
	struct json_object *o = json_object_new_object(), *c, *a;
	unsigned int i, k;
	char name[16];

	for (i = 0; i < hb_verify_checks(v); i++) {
		c = json_object_new_object();
		a = json_object_new_array();
		for (k = 0; k < v->checks[i].count && k < HMMBENCH_CHECK_PFNS;
		     k++)
			json_object_array_add(a, hb_jint(v->checks[i].pfn[k]));
		hb_jadd(c, "count", hb_jint(v->checks[i].count));
		hb_jadd(c, "pfns", a);
		hb_jadd(o, hb_check_name(name, sizeof(name), i), c);
	}
	return o;
}

/* The namespace and where in it the pages were read. */
static struct json_object *hb_verify_ns_json(const struct hb_verify_report *rep)
{
	const struct hb_nd_ns *ns = rep->ns;
	const struct hmmbench_verify *v = &rep->v;
	struct json_object *o = json_object_new_object();
	const char *type;

	hb_jadd(o, "name", hb_jstr(ns->name));
	hb_jadd(o, "mode", hb_jstr(hb_nd_mode_name(ns->mode)));
	hb_jadd(o, "map", ns->map ? hb_jstr(hb_nd_map_name(ns->map)) : NULL);
	hb_jadd(o, "align", hb_jint(ns->align));
	hb_jadd(o, "device", hb_jstr(ns->dev));
	hb_jadd(o, "driver", hb_jstr(ns->driver));
	type = hb_nl_pgmap_name(v->type);
	hb_jadd(o, "pgmap_type", strcmp(type, "?") ? hb_jstr(type) : NULL);
	hb_jadd(o, "start", hb_jint(v->start));
	hb_jadd(o, "skipped_pages", hb_jint(v->skipped));
	return o;
}

static struct json_object *hb_verify_json(const struct hb_verify_report *rep)
{
	const struct hb_config *cfg = &rep->cfg;
	struct json_object *o = json_object_new_object();
	struct hb_memmap m;

	hb_memmap_from(&m, &rep->v);
	hb_jadd(o, "schema", hb_jstr(HB_VERIFY_SCHEMA));
	hb_jadd(o, "hmmbench_version", hb_jstr(HB_VERSION));
	hb_jadd(o, "size", hb_jint(cfg->sizes[0]));
	if (rep->ns) {
		hb_jadd(o, "compound_size",
			hb_jint(rep->v.vmemmap_shift ?
				4096ULL << rep->v.vmemmap_shift : 0));
		hb_jadd(o, "vmemmap_shift", hb_jint(rep->v.vmemmap_shift));
		hb_jadd(o, "namespace", hb_verify_ns_json(rep));
	} else {
		hb_jadd(o, "compound_size", hb_jint(cfg->compound_size));
		hb_jadd(o, "vmemmap_shift", hb_jint(cfg->vmemmap_shift));
	}
	hb_jadd(o, "node", cfg->node == HMMBENCH_NODE_LOCAL || rep->ns ? NULL :
			   hb_jint(cfg->node));
	hb_jadd(o, "kernel_release", hb_jstr(rep->info.kernel_release));
	hb_jadd(o, "module_version", hb_jstr(rep->info.module_version));
	hb_memmap_json_add(o, &m);
	hb_jadd(o, "holds", hb_jbool(hb_verify_holds(&rep->v)));
	hb_jadd(o, "checks", hb_verify_checks_json(&rep->v));
	return o;
}

int hb_render_verify_json(FILE *f, const struct hb_verify_report *rep)
{
	return hb_json_write(f, hb_verify_json(rep));
}
