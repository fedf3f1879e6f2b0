/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench unit tests: what the tests of a measuring command share -
 * running the command itself against the fake device with -q -o into a
 * fresh file, keeping what it said on stderr, and reading back what it
 * wrote and what it asked the device.
 */
#ifndef HB_TEST_CMD_HARNESS_H
#define HB_TEST_CMD_HARNESS_H

#include <stdarg.h>
#include <stddef.h>

/* The file a command writes (-o), and what it said on stderr. */
extern char harness_out[64];
extern char harness_err[2048];

/* A fresh harness_out from @tmpl ("/tmp/hmmbench-x-XXXXXX"), no err. */
int harness_setup(const char *tmpl);

/* Removes harness_out. */
int harness_teardown(void **state);

/* @cmd with @argc arguments @argv: its exit status, stderr in harness_err. */
int harness_argv(int (*cmd)(int argc, char **argv), int argc, char **argv);

/*
 * @cmd ("hmmbench" and the NULL-terminated @arg...) with -q -o
 * harness_out appended, through harness_argv().
 */
int harness_run(int (*cmd)(int argc, char **argv), const char *arg,
		va_list ap);

/* Member @path of the JSON in harness_out as compact JSON, malloc()ed. */
char *harness_written(const char *path);
void harness_assert_written(const char *path, const char *want);

/* The string at @path of the JSON in harness_out, malloc()ed. */
char *harness_written_string(const char *path);

/* Member @key of sample @i of the JSON in harness_out is @want. */
void harness_assert_sample(size_t i, const char *key, const char *want);

/* stderr held one line. */
void harness_assert_one_line(void);

/* The requests of @cmd the fake device was asked. */
unsigned int harness_asked(unsigned long cmd);

#endif /* HB_TEST_CMD_HARNESS_H */
