// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the `git describe` of the checkout this binary was built
 * from.  git-version.h is generated in the build directory by the
 * Makefile and rewritten only when HEAD or the dirty state changes, so
 * only this file is rebuilt when they do.
 */
#include "version.h"
#include "git-version.h"

const char hb_git_describe[] = HB_GIT_DESCRIBE;
