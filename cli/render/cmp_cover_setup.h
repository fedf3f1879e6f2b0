/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the opening paragraphs of a comparison's cover text, which
 * cmp_cover.c writes the lines under, and the width of the cover.
 */
#ifndef HB_CMP_COVER_SETUP_H
#define HB_CMP_COVER_SETUP_H

#include <stdio.h>

#include "results/compare.h"

/* A cover text is wrapped for an email: 72 columns. */
#define HB_COVER_COLS	72

/*
 * The setup paragraph of @c: the machine, where it ran, each input with
 * its kernel, runs and calls, the environment, the workload, what
 * emulation means for the reader and what --force overrode, wrapped for
 * an email.
 */
void hb_cmp_cover_setup(FILE *f, const struct hb_comparison *c);

/* What the lines below the setup can and cannot claim. */
void hb_cover_units(FILE *f, const struct hb_comparison *c);

#endif /* HB_CMP_COVER_SETUP_H */
