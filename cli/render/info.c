// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the info subcommand's table - everything the module's INFO
 * returns, then the host facts.
 */
#include <inttypes.h>

#include "fmt.h"
#include "render/renderers.h"

static void hb_info_size(FILE *f, const char *name, uint64_t bytes)
{
	char buf[32];

	fprintf(f, "  %-18s %s (%" PRIu64 " bytes)\n", name,
		hb_size_human(bytes, buf, sizeof(buf)), bytes);
}

static void hb_info_features(FILE *f, uint32_t features)
{
	unsigned int bit;

	fprintf(f, "  %-18s", "features");
	if (!features)
		fputs(" none", f);
	for (bit = 0; bit < 32; bit++) {
		if (!(features & (1U << bit)))
			continue;
		if (hb_feature_name(bit))
			fprintf(f, " %s", hb_feature_name(bit));
		else
			fprintf(f, " bit%u", bit);
	}
	fputc('\n', f);
}

static void hb_info_module(FILE *f, const struct hmmbench_info *i)
{
	fprintf(f, "module\n  %-18s %s\n  %-18s %u\n",
		"version", i->module_version, "abi_version", i->abi_version);
	hb_info_features(f, i->features);
	fprintf(f, "  %-18s %s\n", "kernel_release", i->kernel_release);
	fprintf(f, "  %-18s %" PRIu64 "\n  %-18s %" PRIu64 "\n",
		"page_size", (uint64_t)i->page_size, "struct_page_size",
		(uint64_t)i->struct_page_size);
	hb_info_size(f, "size_align", i->size_align);
	hb_info_size(f, "min_size", i->min_size);
	hb_info_size(f, "max_size", i->max_size);
	hb_info_size(f, "budget", i->budget);
	hb_info_size(f, "mem_available", i->mem_available);
	hb_info_size(f, "reserve", i->reserve);
	fprintf(f, "  %-18s %u\n  %-18s %u\n  %-18s %" PRIu64 "\n",
		"live_chunks", i->live_chunks, "nr_nodes", i->nr_nodes,
		"maps_total", (uint64_t)i->maps_total);
}

static void hb_info_host(FILE *f, const struct hb_host *h)
{
	fprintf(f, "host\n  %-18s %s\n  %-18s %s\n  %-18s %s\n  %-18s %u\n"
		"  %-18s %u\n", "hostname", h->hostname, "machine",
		h->machine, "cpu_model", h->cpu_model, "cpu_count", h->cpus,
		"numa_nodes", h->numa_nodes);
	hb_info_size(f, "total_ram", h->total_ram);
	fprintf(f, "  %-18s %s\n  %-18s %s\n  %-18s %s\n  %-18s %s\n",
		"kernel_release", h->kernel_release, "kernel_version",
		h->kernel_version, "kernel_cmdline", h->cmdline, "date",
		h->date);
}

void hb_render_info_table(FILE *f, const struct hb_meta *m)
{
	hb_info_module(f, &m->info);
	hb_info_host(f, &m->host);
}
