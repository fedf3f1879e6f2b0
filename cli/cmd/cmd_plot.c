// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench plot: draws a saved result or comparison with gnuplot - the
 * script comes from plot.c and goes down a pipe to gnuplot, which writes
 * the PNG, SVG or PDF file beside its name, renamed into place once
 * gnuplot succeeded; --script prints it instead.
 */
#include <argp.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cmd/cmd.h"
#include "outfile.h"
#include "render/plot.h"
#include "results/compare_read.h"

extern char **environ;

enum {
	HB_OPT_TRACE = 0x500,
	HB_OPT_SCRIPT,
};

struct hb_plot_env {
	const char *file;
	struct hb_plot_opts o;
	bool script;		/* print the script, run nothing */
};

static const char hb_plot_doc[] =
"Usage: hmmbench plot [OPTION...] -o PICTURE.png FILE.json\n"
"Draw a saved result or comparison with gnuplot, as PNG, SVG or PDF by\n"
"the name's extension (.png, .svg, .pdf): a sweep as time per call and ns\n"
"per 4 KiB against size, with the warm means' 95% intervals as error bars\n"
"and the first calls apart; a run (or a sweep with --trace) as every call\n"
"in the order measured, so that the first call, drift and levels show; a\n"
"migration as each MIGRATE's kernel time in the order measured, the first\n"
"iterations apart, beside the distribution of the faults' handler and\n"
"touch times; a comparison as base and new means per size of its primary\n"
"metric, and the change with its 95% interval.  gnuplot comes with\n"
"Debian's gnuplot-nox.\n"
"\v"
"EXAMPLES:\n"
"    hmmbench plot -o sweep.png sweep.json\n"
"    hmmbench plot --trace -o calls.svg base.json\n"
"    hmmbench compare -f json base.json new.json > cmp.json\n"
"    hmmbench plot -o cmp.png cmp.json\n"
"\n"
"Exit status: 0 drawn, 1 a file cannot be read or gnuplot failed, 2\n"
"usage error.\n";

static const struct argp_option hb_plot_opts[] = {
	{ "output", 'o', "PICTURE", 0, "The picture to write: .png, .svg or .pdf", 1 },
	{ "trace", HB_OPT_TRACE, NULL, 0, "Every call in order, even of a sweep", 1 },
	{ "script", HB_OPT_SCRIPT, NULL, 0, "Print the gnuplot script instead of running gnuplot", 1 },
	{},
};

static error_t hb_plot_parse(int key, char *arg, struct argp_state *state)
{
	struct hb_plot_env *env = state->input;

	switch (key) {
	case 'o':
		env->o.output = arg;
		break;
	case HB_OPT_TRACE:
		env->o.trace = true;
		break;
	case HB_OPT_SCRIPT:
		env->script = true;
		break;
	case ARGP_KEY_ARG:
		if (env->file)
			hb_usage_error("plot draws one file: '%s' is a second",
				       arg);
		env->file = arg;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp hb_plot_argp = {
	.options = hb_plot_opts,
	.parser = hb_plot_parse,
	.doc = hb_plot_doc,
	.children = hb_help_children,
};

/* The script for @path's document into @f; 0 or the exit status. */
static int hb_plot_script(FILE *f, const struct hb_plot_env *env)
{
	struct json_object *doc;
	struct hb_cmp_doc d;
	struct hb_input in;
	const char *schema;
	char err[1024];
	int ret;

	if (hb_json_load(env->file, &doc, err, sizeof(err)))
		goto fail;
	schema = hb_json_schema(doc);
	if (schema && !strncmp(schema, "hmmbench-compare/", 17)) {
		if (hb_cmp_take(&d, env->file, doc, err, sizeof(err)))
			goto fail;
		ret = hb_plot_compare(f, &d.c, &env->o);
		hb_cmp_doc_free(&d);
	} else {
		if (hb_input_take(&in, env->file, doc, err, sizeof(err)))
			goto fail;
		ret = hb_plot_result(f, &in.r, &env->o);
		hb_input_free(&in);
	}
	if (ret == -ENODATA) {
		snprintf(err, sizeof(err), "%s has no MIGRATE call and no fault sample to draw",
			 env->file);
		goto fail;
	}
	return ret ? HB_EXIT_FAIL : HB_EXIT_OK;
fail:
	hb_err(err);
	return HB_EXIT_FAIL;
}

/* gnuplot reading its script from a pipe: *@pid and the pipe's end. */
static FILE *hb_gnuplot_start(pid_t *pid)
{
	char *argv[] = { (char *)"gnuplot", NULL };
	posix_spawn_file_actions_t fa;
	int fd[2], err;
	FILE *f;

	if (pipe(fd))
		return NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[0], STDIN_FILENO);
	posix_spawn_file_actions_addclose(&fa, fd[1]);
	/* a picture gnuplot cannot put in its file never reaches a terminal */
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null",
					 O_WRONLY, 0);
	err = posix_spawnp(pid, "gnuplot", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[0]);
	if (err) {
		close(fd[1]);
		errno = err;
		return NULL;
	}
	f = fdopen(fd[1], "w");
	if (!f)
		close(fd[1]);
	return f;
}

/* gnuplot drawing @env's file into @tmp; 0 or the exit status. */
static int hb_gnuplot_run(const struct hb_plot_env *env, const char *tmp)
{
	struct hb_plot_env e = *env;
	struct stat st;
	int ret, status;
	pid_t pid;
	FILE *f = hb_gnuplot_start(&pid);

	if (!f && errno == ENOENT) {
		hb_err("gnuplot not found: install it (apt-get install gnuplot-nox), or print the script with --script");
		return HB_EXIT_FAIL;
	}
	if (!f) {
		fprintf(stderr, "hmmbench: cannot run gnuplot: %s\n",
			strerror(errno));
		return HB_EXIT_FAIL;
	}
	e.o.output = tmp;
	ret = hb_plot_script(f, &e);
	fclose(f);
	if (waitpid(pid, &status, 0) < 0 || ret)
		return HB_EXIT_FAIL;	/* the sentence is out */
	if (!WIFEXITED(status) || WEXITSTATUS(status) || stat(tmp, &st) ||
	    !st.st_size) {
		fprintf(stderr, "hmmbench: gnuplot failed to draw %s: see its message above\n",
			env->o.output);
		return HB_EXIT_FAIL;
	}
	return ret;
}

/*
 * The picture is written beside its name and renamed into place, as
 * every -o file is: a name that cannot be written is refused before
 * gnuplot starts, and a failed drawing leaves nothing.
 */
static int hb_gnuplot(const struct hb_plot_env *env)
{
	struct hb_out out;
	int ret;

	if (hb_out_open(&out, env->o.output))
		return HB_EXIT_FAIL;
	ret = hb_gnuplot_run(env, out.tmp);
	if (ret) {
		hb_out_abort(&out);
		return ret;
	}
	return hb_out_commit(&out) ? HB_EXIT_FAIL : HB_EXIT_OK;
}

int hb_cmd_plot(int argc, char **argv)
{
	struct hb_plot_env env = {
		.o = { .width = 1000, .height = 480 },
	};

	if (hb_parse("plot", &hb_plot_argp, argc, argv, &env))
		return HB_EXIT_USAGE;
	if (!env.file)
		hb_usage_error("plot needs a file: hmmbench plot -o PICTURE.png RESULT.json");
	if (!env.o.output)
		hb_usage_error("plot needs -o PICTURE.png (or .svg, .pdf) to write");
	env.o.term = hb_plot_term_of(env.o.output);
	if (env.o.term == HB_PLOT_UNKNOWN)
		hb_usage_error("plot draws PNG, SVG or PDF, named by their extension: '%s' is none of .png, .svg and .pdf",
			       env.o.output);
	if (env.script)
		return hb_plot_script(stdout, &env);
	return hb_gnuplot(&env);
}
