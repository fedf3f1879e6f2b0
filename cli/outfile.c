// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the output stream of every subcommand - stdout, or -o FILE
 * written beside its final name and renamed into place, so a reader never
 * sees half a file.  The hb_out tracks what it still owns (an open FILE,
 * a temporary file), so each is released exactly once, and while the
 * temporary file exists a fatal signal removes it.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

#define HB_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Signals that end the process while a temporary file is ours. */
static const int hb_out_fatal[] = { SIGHUP, SIGINT, SIGTERM };
static struct sigaction hb_out_saved[HB_ARRAY_SIZE(hb_out_fatal)];
static struct sigaction hb_out_saved_pipe;
/* The temporary file the signal handler removes; one hb_out at a time. */
static const char *volatile hb_out_pending;

void hb_out_fatal_signal(int sig)
{
	const char *tmp = hb_out_pending;

	if (tmp)
		unlink(tmp);
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * While @tmp exists: a fatal signal removes it before the process dies,
 * and a closed pipe on stdout or stderr makes writes fail with EPIPE
 * instead of killing the process, so the normal error path cleans up.
 * Signals the caller inherited as ignored (nohup) stay ignored.
 */
static void hb_out_guard(const char *tmp)
{
	struct sigaction sa = { .sa_handler = hb_out_fatal_signal };
	struct sigaction ign = { .sa_handler = SIG_IGN };
	size_t i;

	hb_out_pending = tmp;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &hb_out_saved_pipe);
	for (i = 0; i < HB_ARRAY_SIZE(hb_out_fatal); i++) {
		sigaction(hb_out_fatal[i], NULL, &hb_out_saved[i]);
		if (hb_out_saved[i].sa_handler != SIG_IGN)
			sigaction(hb_out_fatal[i], &sa, NULL);
	}
}

/* Puts back the dispositions hb_out_guard() found. */
static void hb_out_unguard(void)
{
	size_t i;

	for (i = 0; i < HB_ARRAY_SIZE(hb_out_fatal); i++)
		sigaction(hb_out_fatal[i], &hb_out_saved[i], NULL);
	sigaction(SIGPIPE, &hb_out_saved_pipe, NULL);
	hb_out_pending = NULL;
}

/*
 * Refuses, before anything is measured, a name the finished file cannot
 * be renamed to, or should not be: renaming onto a device node or a
 * symbolic link would replace it, not write through it.
 */
static int hb_out_check(const char *path)
{
	size_t len = strlen(path);
	struct stat st;

	if (!len) {
		fprintf(stderr, "hmmbench: -o needs a file name, e.g. -o result.json\n");
		return -EINVAL;
	}
	if (lstat(path, &st))
		return 0;
	if (S_ISLNK(st.st_mode)) {
		fprintf(stderr, "hmmbench: -o %s is a symbolic link, which the renamed file would replace: name the file it points to, or leave out -o\n",
			path);
		return -EINVAL;
	}
	if (S_ISDIR(st.st_mode)) {
		fprintf(stderr, "hmmbench: -o %s is a directory: name a file in it, e.g. %s%sresult.json\n",
			path, path, path[len - 1] == '/' ? "" : "/");
		return -EISDIR;
	}
	if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "hmmbench: -o %s is not a regular file: leave out -o and redirect stdout instead\n",
			path);
		return -EINVAL;
	}
	return 0;
}

/* Why no file could be created beside @path: errno @err, said of @path. */
static void hb_out_explain(const char *path, int err)
{
	const char *slash = strrchr(path, '/');
	char dir[4096];
	struct stat st;

	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s",
			 slash == path ? 1 : (int)(slash - path), path);
	if (err == ENOENT && stat(dir, &st) && errno == ENOENT)
		fprintf(stderr, "hmmbench: cannot write %s: the directory %s does not exist: create it or choose another -o FILE\n",
			path, dir);
	else
		fprintf(stderr, "hmmbench: cannot write %s: cannot create a file in %s (%s): choose another -o FILE\n",
			path, dir, strerror(err));
}

/* Creates the temporary file beside o->path. */
static int hb_out_create(struct hb_out *o)
{
	int ret;

	if (snprintf(o->tmp, sizeof(o->tmp), "%s.tmp%ld", o->path,
		     (long)getpid()) >= (int)sizeof(o->tmp)) {
		fprintf(stderr, "hmmbench: -o %.40s... is too long: choose a shorter name\n",
			o->path);
		o->tmp[0] = '\0';
		return -ENAMETOOLONG;
	}
	hb_out_guard(o->tmp);
	o->f = fopen(o->tmp, "w");
	if (!o->f) {
		ret = -errno;
		hb_out_unguard();
		hb_out_explain(o->path, -ret);
		o->tmp[0] = '\0';
		return ret;
	}
	return 0;
}

int hb_out_open(struct hb_out *o, const char *path)
{
	int ret;

	if (path && !strcmp(path, "-"))
		path = NULL;
	o->path = path;
	o->f = path ? NULL : stdout;
	o->tmp[0] = '\0';
	if (!path)
		return 0;
	ret = hb_out_check(path);
	return ret ? ret : hb_out_create(o);
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
	if (!o->tmp[0])
		return;
	unlink(o->tmp);
	hb_out_unguard();
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
	if (!o->tmp[0])
		return -EBADF;
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
		ret = -EIO;
	}
	hb_out_unguard();
	o->tmp[0] = '\0';
	return ret;
}
