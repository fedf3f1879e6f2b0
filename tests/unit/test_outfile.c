// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: -o FILE - written beside its name and renamed into
 * place, every FILE and temporary file released exactly once whatever
 * fails, bad names refused before anything is written, "-" read as
 * stdout, and no temporary file left by a signal; in a fresh temporary
 * directory per test.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "outfile.h"

static char dir[64];
static char path[128];
static char tmp[160];
static char said[1024];		/* what the last captured call printed */
static FILE *capture;
static int saved_stderr = -1;

/* Sends stderr to a file until said_end(), to check the sentences. */
static void said_begin(void)
{
	fflush(stderr);
	capture = tmpfile();
	assert_non_null(capture);
	saved_stderr = dup(STDERR_FILENO);
	dup2(fileno(capture), STDERR_FILENO);
}

static const char *said_end(void)
{
	size_t n;

	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	rewind(capture);
	n = fread(said, 1, sizeof(said) - 1, capture);
	said[n] = '\0';
	fclose(capture);
	return said;
}

/* Entries of the test directory. */
static int entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static char *slurp(const char *name)
{
	static char buf[256];
	FILE *f = fopen(name, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static int setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/hmmbench-out-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/result.json", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp%ld", path, (long)getpid());
	return 0;
}

/* Removes what a test left: files and directories one level deep. */
static int teardown(void **state)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[PATH_MAX];

	(void)state;
	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (unlink(p))
			rmdir(p);
	}
	if (d)
		closedir(d);
	return rmdir(dir);
}

static void commit_puts_the_file_in_place_and_leaves_no_temporary(void **state)
{
	struct hb_out o;

	(void)state;
	assert_int_equal(hb_out_open(&o, path), 0);
	fputs("{}\n", o.f);
	assert_int_equal(access(tmp, F_OK), 0);
	assert_int_equal(hb_out_commit(&o), 0);
	assert_string_equal(slurp(path), "{}\n");
	assert_int_equal(entries(), 1);
}

static void abort_removes_the_temporary_file(void **state)
{
	struct hb_out o;

	(void)state;
	assert_int_equal(hb_out_open(&o, path), 0);
	fputs("{}\n", o.f);
	hb_out_abort(&o);
	assert_int_equal(entries(), 0);
	hb_out_abort(&o);
	assert_int_equal(entries(), 0);
}

/*
 * The target turned into a directory while measuring: the rename fails.
 * The callers then abort, which once closed the FILE a second time.
 */
static void abort_after_a_failed_rename_closes_nothing_twice(void **state)
{
	struct hb_out o;

	(void)state;
	assert_int_equal(hb_out_open(&o, path), 0);
	fputs("{}\n", o.f);
	assert_int_equal(mkdir(path, 0700), 0);
	said_begin();
	assert_int_equal(hb_out_commit(&o), -EIO);
	said_end();
	hb_out_abort(&o);
	hb_out_abort(&o);
}

static void failed_rename_keeps_the_results_and_says_where(void **state)
{
	struct hb_out o;
	char want[512];

	(void)state;
	assert_int_equal(hb_out_open(&o, path), 0);
	fputs("{\"samples\": [1]}\n", o.f);
	assert_int_equal(mkdir(path, 0700), 0);
	said_begin();
	assert_int_equal(hb_out_commit(&o), -EIO);
	said_end();
	hb_out_abort(&o);
	snprintf(want, sizeof(want),
		 "hmmbench: cannot rename the finished file to %s: Is a directory: it is kept as %s\n",
		 path, tmp);
	assert_string_equal(said, want);
	assert_string_equal(slurp(tmp), "{\"samples\": [1]}\n");
}

/* Opens @name expecting a refusal; returns the error, the sentence in said. */
static int refused(const char *name)
{
	struct hb_out o;
	int ret;

	said_begin();
	ret = hb_out_open(&o, name);
	said_end();
	if (!ret)
		hb_out_abort(&o);
	return ret;
}

static void empty_name_is_refused_before_anything_is_written(void **state)
{
	char cwd[PATH_MAX];

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(refused(""), -EINVAL);
	assert_int_equal(chdir(cwd), 0);
	assert_string_equal(said, "hmmbench: -o needs a file name, e.g. -o result.json\n");
	assert_int_equal(entries(), 0);
}

/* "-o -" is stdout, as in most tools: no file named "-" appears. */
static void dash_is_stdout_not_a_file(void **state)
{
	char cwd[PATH_MAX];
	struct hb_out o;

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(hb_out_open(&o, "-"), 0);
	assert_ptr_equal(o.f, stdout);
	assert_null(o.path);
	assert_int_equal(hb_out_commit(&o), 0);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(entries(), 0);
}

static void directory_is_refused_before_anything_is_written(void **state)
{
	char want[512];

	(void)state;
	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_equal(refused(path), -EISDIR);
	snprintf(want, sizeof(want),
		 "hmmbench: -o %s is a directory: name a file in it, e.g. %s/result.json\n",
		 path, path);
	assert_string_equal(said, want);
	assert_int_equal(entries(), 1);
}

static void missing_directory_is_named(void **state)
{
	char name[256], want[512];

	(void)state;
	snprintf(name, sizeof(name), "%s/missing/result.json", dir);
	assert_int_equal(refused(name), -ENOENT);
	snprintf(want, sizeof(want),
		 "hmmbench: cannot write %s: the directory %s/missing does not exist: create it or choose another -o FILE\n",
		 name, dir);
	assert_string_equal(said, want);
}

/* procfs lets no one create a file, not even root. */
static void uncreatable_file_is_named_as_given_not_as_temporary(void **state)
{
	(void)state;
	assert_int_equal(refused("/proc/version"), -ENOENT);
	assert_string_equal(said, "hmmbench: cannot write /proc/version: cannot create a file in /proc (No such file or directory): choose another -o FILE\n");
}

static void device_node_is_refused_not_replaced(void **state)
{
	struct stat st;

	(void)state;
	assert_int_equal(refused("/dev/null"), -EINVAL);
	assert_string_equal(said, "hmmbench: -o /dev/null is not a regular file: leave out -o and redirect stdout instead\n");
	assert_int_equal(stat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
}

static void symbolic_link_is_refused_not_replaced(void **state)
{
	char target[256], want[512];
	struct stat st;

	(void)state;
	snprintf(target, sizeof(target), "%s/target.json", dir);
	assert_int_equal(symlink(target, path), 0);
	assert_int_equal(refused(path), -EINVAL);
	snprintf(want, sizeof(want),
		 "hmmbench: -o %s is a symbolic link, which the renamed file would replace: name the file it points to, or leave out -o\n",
		 path);
	assert_string_equal(said, want);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(entries(), 1);
}

/* Opens the output in a child, which then runs @fn; its wait status. */
static int in_child(int (*fn)(struct hb_out *o, int arg), int arg)
{
	struct hb_out o;
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid)
		_exit(hb_out_open(&o, path) ? 100 : fn(&o, arg));
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return status;
}

static int die_of(struct hb_out *o, int sig)
{
	fputs("{}\n", o->f);
	fflush(o->f);
	raise(sig);
	return 101;
}

/*
 * Each signal at its default, fatal, disposition: one the environment
 * ignores (SIGHUP under nohup) rightly stays ignored (below).
 */
static void fatal_signal_removes_the_temporary_file(void **state)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGTERM };
	struct sigaction dfl = { .sa_handler = SIG_DFL }, old;
	size_t i;
	int status;

	(void)state;
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		sigaction(sigs[i], &dfl, &old);
		status = in_child(die_of, sigs[i]);
		sigaction(sigs[i], &old, NULL);
		assert_true(WIFSIGNALED(status));
		assert_int_equal(WTERMSIG(status), sigs[i]);
		assert_int_equal(entries(), 0);
	}
}

/* As `hmmbench -v -o FILE 2>&1 | head`: stderr's reader went away. */
static int write_to_a_closed_pipe(struct hb_out *o, int arg)
{
	int p[2];

	(void)arg;
	if (pipe(p))
		return 102;
	close(p[0]);
	if (write(p[1], "x", 1) != -1 || errno != EPIPE)
		return 103;
	fputs("{}\n", o->f);
	return hb_out_commit(o) ? 104 : 0;
}

static void closed_pipe_fails_a_write_instead_of_killing_the_writer(void **state)
{
	int status;

	(void)state;
	status = in_child(write_to_a_closed_pipe, 0);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_string_equal(slurp(path), "{}\n");
	assert_int_equal(entries(), 1);
}

static int ignore_then_hang_up(struct hb_out *o, int arg)
{
	(void)arg;
	raise(SIGHUP);
	fputs("{}\n", o->f);
	return hb_out_commit(o) ? 104 : 0;
}

/* Under nohup, SIGHUP is ignored: it must not start killing the run. */
static void ignored_hangup_stays_ignored(void **state)
{
	void (*old)(int) = signal(SIGHUP, SIG_IGN);
	int status;

	(void)state;
	status = in_child(ignore_then_hang_up, 0);
	signal(SIGHUP, old);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_string_equal(slurp(path), "{}\n");
}

static void commit_and_abort_restore_the_signal_dispositions(void **state)
{
	struct sigaction pipe_was, term_was, pipe_sa, term_sa;
	struct hb_out o;

	(void)state;
	sigaction(SIGPIPE, NULL, &pipe_was);
	sigaction(SIGTERM, NULL, &term_was);
	assert_int_equal(hb_out_open(&o, path), 0);
	assert_int_equal(hb_out_commit(&o), 0);
	assert_int_equal(hb_out_open(&o, path), 0);
	hb_out_abort(&o);
	sigaction(SIGPIPE, NULL, &pipe_sa);
	sigaction(SIGTERM, NULL, &term_sa);
	assert_ptr_equal(pipe_sa.sa_handler, pipe_was.sa_handler);
	assert_ptr_equal(term_sa.sa_handler, term_was.sa_handler);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(commit_puts_the_file_in_place_and_leaves_no_temporary, setup, teardown),
		cmocka_unit_test_setup_teardown(abort_removes_the_temporary_file, setup, teardown),
		cmocka_unit_test_setup_teardown(abort_after_a_failed_rename_closes_nothing_twice, setup, teardown),
		cmocka_unit_test_setup_teardown(failed_rename_keeps_the_results_and_says_where, setup, teardown),
		cmocka_unit_test_setup_teardown(empty_name_is_refused_before_anything_is_written, setup, teardown),
		cmocka_unit_test_setup_teardown(dash_is_stdout_not_a_file, setup, teardown),
		cmocka_unit_test_setup_teardown(directory_is_refused_before_anything_is_written, setup, teardown),
		cmocka_unit_test_setup_teardown(missing_directory_is_named, setup, teardown),
		cmocka_unit_test_setup_teardown(uncreatable_file_is_named_as_given_not_as_temporary, setup, teardown),
		cmocka_unit_test_setup_teardown(device_node_is_refused_not_replaced, setup, teardown),
		cmocka_unit_test_setup_teardown(symbolic_link_is_refused_not_replaced, setup, teardown),
		cmocka_unit_test_setup_teardown(fatal_signal_removes_the_temporary_file, setup, teardown),
		cmocka_unit_test_setup_teardown(closed_pipe_fails_a_write_instead_of_killing_the_writer, setup, teardown),
		cmocka_unit_test_setup_teardown(ignored_hangup_stays_ignored, setup, teardown),
		cmocka_unit_test_setup_teardown(commit_and_abort_restore_the_signal_dispositions, setup, teardown),
	};

	return cmocka_run_group_tests_name("outfile", tests, NULL, NULL);
}
