/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the command line a result records (metadata.command_line),
 * built from the options as parsed - every one the command takes that
 * shapes what it measures, defaults filled in, and those typed - each
 * word quoted for a POSIX shell, so that a reviewer can paste it.
 */
#ifndef HB_CMDLINE_H
#define HB_CMDLINE_H

#include <stdint.h>
#include <stdio.h>

struct hb_cmdline {
	FILE *f;		/* NULL once out of memory: nothing recorded */
	char *buf;
	size_t len;
};

/* Starts "hmmbench @cmd". */
void hb_cmdline_start(struct hb_cmdline *cl, const char *cmd);

/* One word, quoted when the shell would read it otherwise. */
void hb_cmdline_word(struct hb_cmdline *cl, const char *word);

/* An option and its value: "--iters 10". */
void hb_cmdline_opt(struct hb_cmdline *cl, const char *opt, const char *fmt,
		    ...) __attribute__((format(printf, 3, 4)));

/* An option and a size as it is typed: "--size 64G". */
void hb_cmdline_size(struct hb_cmdline *cl, const char *opt, uint64_t bytes);

/* A duration in ns as it is typed: "--max-time 20m". */
void hb_cmdline_duration(struct hb_cmdline *cl, const char *opt,
			 uint64_t ns);

/* The line, malloc()ed, or NULL when memory ran out; ends @cl. */
char *hb_cmdline_end(struct hb_cmdline *cl);

#endif /* HB_CMDLINE_H */
