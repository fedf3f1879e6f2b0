/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the lines of a result's table that say what measured it and
 * on what - module, kernel, machine, where, CPU, memory - and the
 * environment it ran in, shared by the table of a run, sweep or rebind
 * and that of a migration.
 */
#ifndef HB_MACHINE_H
#define HB_MACHINE_H

#include <stddef.h>
#include <stdio.h>

#include "results/result.h"

/*
 * "module 0.1 on Linux 6.1.192 x86_64 on bare metal, Intel(R) Xeon(R)
 * ..., 2 CPUs, 1 NUMA node, 4 GiB RAM", then, when @m knows any of it,
 * "environment: governor performance, boost on, ...; mitigations: ..."
 * (hb_env_line()), each wrapped at @cols, their continuations indented.
 */
void hb_render_machine(FILE *f, const struct hb_meta *m, size_t cols);

#endif /* HB_MACHINE_H */
