// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the output stream of every subcommand - stdout, or -o FILE
 * written beside its final name and renamed into place, so a reader never
 * sees half a file.
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
	if (!path)
		return 0;
	snprintf(o->tmp, sizeof(o->tmp), "%s.tmp%ld", path, (long)getpid());
	o->f = fopen(o->tmp, "w");
	if (!o->f) {
		fprintf(stderr, "hmmbench: cannot write %s: %s: choose another -o FILE\n",
			o->tmp, strerror(errno));
		return -errno;
	}
	return 0;
}

void hb_out_abort(struct hb_out *o)
{
	if (!o->path)
		return;
	fclose(o->f);
	unlink(o->tmp);
}

int hb_out_commit(struct hb_out *o)
{
	if (!o->path)
		return fflush(stdout) ? -EIO : 0;
	if (fclose(o->f) || rename(o->tmp, o->path)) {
		fprintf(stderr, "hmmbench: cannot write %s: %s\n", o->path,
			strerror(errno));
		unlink(o->tmp);
		return -EIO;
	}
	return 0;
}
