/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: where results go - stdout, or a temporary file beside -o FILE
 * that is renamed into place only once it is complete.
 */
#ifndef HB_OUTFILE_H
#define HB_OUTFILE_H

#include <stdio.h>

struct hb_out {
	FILE *f;
	const char *path;	/* NULL: stdout */
	char tmp[4096];
};

/* Opens @path (or stdout when NULL); prints the sentence on failure. */
int hb_out_open(struct hb_out *o, const char *path);
/* Drops the temporary file. */
void hb_out_abort(struct hb_out *o);
/* Flushes and renames into place; -EIO, with a sentence, on failure. */
int hb_out_commit(struct hb_out *o);

#endif /* HB_OUTFILE_H */
