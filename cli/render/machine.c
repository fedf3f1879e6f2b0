// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: what measured a result and on what, for the tables of a
 * result and of a migration: the module and kernel, the machine and
 * where it ran, and the environment that moves a figure on a real
 * machine, only the facts it knows.
 */
#include <stdio.h>

#include "fmt.h"
#include "render/machine.h"
#include "render/wrap.h"
#include "results/env.h"

void hb_render_machine(FILE *f, const struct hb_meta *m, size_t cols)
{
	const struct hb_host *h = &m->host;
	char ram[32], where[96], env[1024];

	hb_wrapf(f, "  ", cols, "module %s on Linux %s %s %s%s%s, %u\x1f" "CPU%s, %u\x1fNUMA node%s, %s RAM",
		 m->info.module_version, m->info.kernel_release, h->machine,
		 hb_host_where(h, where, sizeof(where)),
		 h->cpu_model[0] ? ", " : "", h->cpu_model, h->cpus,
		 h->cpus == 1 ? "" : "s", h->numa_nodes, h->numa_nodes == 1 ? "" : "s",
		 hb_nbsp((char *)hb_size_human(h->total_ram, ram,
					      sizeof(ram))));
	if (hb_env_line(h, env, sizeof(env), HB_NBSP))
		hb_wrapf(f, "  ", cols, "environment: %s", hb_nbsp_units(env));
}
