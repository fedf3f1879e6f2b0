// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: Go benchmark format (golang.org/design/14313-benchmark-format)
 * so that benchstat reads results unchanged - configuration lines, then
 * one "BenchmarkMemremap/size=64G/chunks=1 1 <v> ns/op <v> <unit> ..."
 * line per warm sample.  Facts that differ between the two kernels of a
 * comparison (and the environment, which may) go on '#' lines, which benchstat ignores, because it would
 * otherwise split base and new into separate tables.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "render/renderers.h"
#include "results/env.h"
#include "version.h"

/* uname -m as Go's GOARCH. */
static const char *hb_goarch(const char *machine)
{
	static const char *const map[][2] = {
		{ "x86_64", "amd64" }, { "aarch64", "arm64" },
		{ "i686", "386" }, { "i386", "386" },
		{ "armv7l", "arm" }, { "ppc64le", "ppc64le" },
		{ "riscv64", "riscv64" }, { "s390x", "s390x" },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(machine, map[i][0]))
			return map[i][1];
	return machine[0] ? machine : "unknown";
}

static void hb_gobench_header(FILE *f, const struct hb_result *r)
{
	const struct hb_host *h = &r->meta.host;
	char env[1024];

	fprintf(f, "goos: linux\ngoarch: %s\npkg: hmmbench\n",
		hb_goarch(h->machine));
	if (h->cpu_model[0])
		fprintf(f, "cpu: %s\n", h->cpu_model);
	fprintf(f, "# hmmbench %s, module %s, Linux %s %s\n", HB_VERSION,
		r->meta.info.module_version, h->kernel_release,
		h->kernel_version);
	if (hb_env_line(h, env, sizeof(env), ' '))
		fprintf(f, "# environment: %s\n", env);
	if (r->cfg.label)
		fprintf(f, "# label %s\n", r->cfg.label);
	if (hb_meta_icount(&r->meta))
		fputs("# counted under QEMU's icount: instructions, not time\n",
		      f);
	if (!r->complete)
		fprintf(f, "# INCOMPLETE: %s\n",
			r->stop_reason ? r->stop_reason : "stopped early");
}

/* One value/unit pair; nothing when @mi was not measured. */
/*
 * @m's Go unit, where under icount its "ns" is "instr": "instr/op",
 * "memremap-instr/page", which benchstat shows as they are, not as
 * seconds.
 */
static const char *hb_gobench_unit(char *buf, size_t len,
				   const struct hb_metric *m, bool icount)
{
	const char *ns = strstr(m->gounit, "ns");

	if (!icount || !ns)
		return m->gounit;
	snprintf(buf, len, "%.*sinstr%s", (int)(ns - m->gounit), m->gounit,
		 ns + 2);
	return buf;
}

static void hb_gobench_value(FILE *f, const struct hb_result *r,
			     const struct hb_sample *s, size_t mi)
{
	const struct hb_metric *m = &hb_metrics[mi];
	char buf[64], unit[64];
	const char *t;
	double v;

	t = hb_metric_text(buf, sizeof(buf), m, s, &r->meta, &v);
	if (t)
		fprintf(f, " %s %s", t,
			hb_gobench_unit(unit, sizeof(unit), m,
					hb_meta_icount(&r->meta)));
}

static void hb_gobench_line(FILE *f, const struct hb_result *r,
			    const struct hb_sample *s)
{
	size_t mi, headline = hb_headline(&r->cfg);
	char sz[32], cp[32];

	if (hb_config_mirror(&r->cfg)) {
		fprintf(f, "BenchmarkMirror/size=%s/state=%s/fault=%s/batch=%" PRIu64,
			hb_size_str(s->size, sz, sizeof(sz)),
			r->cfg.mirror_state, r->cfg.mirror_fault,
			r->cfg.batch);
	} else if (r->cfg.ns_name) {
		fprintf(f, "BenchmarkRebind/mode=%s/size=%s", r->cfg.workload,
			hb_size_str(s->size, sz, sizeof(sz)));
		if (r->cfg.nd_map)
			fprintf(f, "/map=%s", r->cfg.nd_map);
		fprintf(f, "/align=%s",
			hb_size_str(r->cfg.nd_align, cp, sizeof(cp)));
	} else {
		fprintf(f, "BenchmarkMemremap/size=%s/chunks=%u",
			hb_size_str(s->size, sz, sizeof(sz)), r->cfg.chunks);
		if (hb_config_compound(&r->cfg, cp, sizeof(cp)))
			fprintf(f, "/compound=%s", cp);
	}
	fputs(" 1", f);
	/* the workload's figure first, as ns/op: benchstat's main time */
	hb_gobench_value(f, r, s, headline);
	for (mi = 0; mi < HB_NR_METRICS; mi++)
		if (mi != headline && hb_metrics[mi].gounit &&
		    hb_metric_shown(&r->cfg, &r->meta, mi))
			hb_gobench_value(f, r, s, mi);
	fputc('\n', f);
}

void hb_render_gobench(FILE *f, const struct hb_result *r)
{
	size_t i;

	hb_gobench_header(f, r);
	for (i = 0; i < r->nr_samples; i++) {
		const struct hb_sample *s = &r->samples[i];
		double v;

		/* a line needs its figure: skip a sample without it */
		if (s->kind == HB_WARM &&
		    hb_metric_get(&hb_metrics[hb_headline(&r->cfg)], s,
				  &r->meta, &v))
			hb_gobench_line(f, r, s);
	}
}
