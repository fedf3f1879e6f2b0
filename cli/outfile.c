// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the output stream of every subcommand - stdout, or -o FILE
 * written beside its final name and renamed into place, so a reader never
 * sees half a file.  The hb_out tracks what it still owns (an open FILE,
 * a temporary file), so each is released exactly once.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"

int hb_out_open(struct hb_out *o, const char *path)
{
	o->path = path;
	o->f = stdout;
	o->tmp[0] = '\0';
	if (!path)
		return 0;
	snprintf(o->tmp, sizeof(o->tmp), "%s.tmp%ld", path, (long)getpid());
	o->f = fopen(o->tmp, "w");
	if (!o->f) {
		fprintf(stderr, "hmmbench: cannot write %s: %s: choose another -o FILE\n",
			o->tmp, strerror(errno));
		o->tmp[0] = '\0';
		return -errno;
	}
	return 0;
}

/* Closes the temporary file if still open; -errno when its data failed. */
static int hb_out_close(struct hb_out *o)
{
	int ret = 0;

	if (o->f && o->f != stdout && fclose(o->f))
		ret = -errno;
	o->f = NULL;
	return ret;
}

void hb_out_abort(struct hb_out *o)
{
	if (!o->path)
		return;
	hb_out_close(o);
	if (o->tmp[0])
		unlink(o->tmp);
	o->tmp[0] = '\0';
}

int hb_out_commit(struct hb_out *o)
{
	int ret;

	if (!o->path && fflush(stdout)) {
		fprintf(stderr, "hmmbench: cannot write to stdout: %s\n",
			strerror(errno));
		return -EIO;
	}
	if (!o->path)
		return 0;
	ret = hb_out_close(o);
	if (ret) {
		fprintf(stderr, "hmmbench: cannot write %s: %s\n", o->path,
			strerror(-ret));
		hb_out_abort(o);
		return -EIO;
	}
	if (rename(o->tmp, o->path)) {
		fprintf(stderr, "hmmbench: cannot rename the finished file to %s: %s: it is kept as %s\n",
			o->path, strerror(errno), o->tmp);
		o->tmp[0] = '\0';
		return -EIO;
	}
	o->tmp[0] = '\0';
	return 0;
}
