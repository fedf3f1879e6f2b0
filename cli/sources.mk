# SPDX-License-Identifier: GPL-2.0
# The CLI's sources by layer, for cli/Makefile and tests/unit/Makefile.
# Every name starts with HB_CLI_: a variable given on make's command line
# (make ab KERNEL=template, say) reaches every sub-make and would replace
# one of the same name here.
HB_CLI_STATS := $(addprefix stats/,mean.c dist.c shape.c stats.c quantile.c \
	twosample.c power.c sets.c)
HB_CLI_KERNEL := $(addprefix kernel/,device.c explain.c nl.c host.c host_env.c nd.c \
	nd_holders.c nd_bind.c nd_reconfigure.c)
HB_CLI_RESULTS := $(addprefix results/,result.c fields.c env.c metrics.c summary.c \
	metrics_mig.c metrics_mir.c \
	result_read.c json_read.c mig_read.c config_match.c compare.c \
	compare_verdict.c compare_notes.c merge.c compare_read.c runid.c \
	migration.c workload.c)
HB_CLI_MEASURE := $(addprefix measure/,loop.c bench.c verify.c rebind.c migrate.c \
	mirror.c)
HB_CLI_RENDER := $(addprefix render/,render.c json_write.c csv_write.c \
	cmp_fmt.c machine.c table.c csv.c roof.c json.c json_result.c cover.c gobench.c info.c \
	cmp_table.c cmp_csv.c cmp_json.c cmp_cover.c cmp_cover_setup.c wrap.c \
	chunks.c verify.c plot.c stopped.c rerun.c tables.c mig_table.c \
	mig_csv.c mig_json.c)
HB_CLI_CMDS := $(addprefix cmd/,cmd_common.c cmd_output.c cmd_inputs.c \
	measuring.c cmd_run.c cmd_sweep.c cmd_info.c cmd_compare.c \
	cmd_merge.c cmd_show.c cmd_plot.c cmd_list.c cmd_monitor.c cmd_hold.c \
	cmd_verify.c cmd_rebind.c cmd_migrate.c cmd_mirror.c)
# Everything but the process glue (main.c, version.c and the commands):
# what the unit tests link.
HB_CLI_LIB := fmt.c outfile.c cmd/parse.c cmd/cmdline.c $(HB_CLI_STATS) $(HB_CLI_KERNEL) \
	$(HB_CLI_RESULTS) $(HB_CLI_MEASURE) $(HB_CLI_RENDER)
