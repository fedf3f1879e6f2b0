/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: version of the command-line tool, reported by --version and
 * recorded in every result's metadata.
 */
#ifndef HB_VERSION_H
#define HB_VERSION_H

#define HB_VERSION	"0.1.0"

#endif /* HB_VERSION_H */
