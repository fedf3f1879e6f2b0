/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: where results go - stdout, or a temporary file beside -o FILE
 * that is renamed into place only once it is complete.
 */
#ifndef HB_OUTFILE_H
#define HB_OUTFILE_H

#include <stdio.h>

struct hb_out {
	FILE *f;		/* NULL once closed */
	const char *path;	/* as given; NULL: stdout (given as "-" too) */
	char tmp[4096];		/* the temporary file while it is ours, or "" */
};

/*
 * Opens @path (or stdout when NULL or "-"); prints the sentence on
 * failure.
 */
int hb_out_open(struct hb_out *o, const char *path);
/* Closes and drops the temporary file, if any; harmless after commit. */
void hb_out_abort(struct hb_out *o);
/*
 * Closes and renames into place; -EIO, with a sentence, on failure.  A
 * complete file that cannot be renamed is kept and named, not dropped.
 */
int hb_out_commit(struct hb_out *o);
/*
 * A handler that removes the temporary file of the open hb_out, if any,
 * and dies of @sig.  hb_out_open() installs it for SIGHUP, SIGINT and
 * SIGTERM (and ignores SIGPIPE) until commit or abort; a caller with its
 * own handler can end in it.
 */
void hb_out_fatal_signal(int sig);

#endif /* HB_OUTFILE_H */
