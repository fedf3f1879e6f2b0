// SPDX-License-Identifier: GPL-2.0
/*
 * hbnobody CMD [ARG...]: runs CMD as user and group nobody (65534) with no
 * supplementary groups and so no capabilities, for the scenarios that
 * check what an unprivileged user gets (busybox setpriv cannot).
 */
#include <grp.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: hbnobody CMD [ARG...]\n");
		return 2;
	}
	if (setgroups(0, NULL) || setgid(65534) || setuid(65534)) {
		perror("hbnobody");
		return 125;
	}
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
