/*
 * selection.h - what a parsed -o/-O/-k selection is: the data alone,
 * so that the command line (opts.h) can hold one without the selectors'
 * functions (selectors.h, which parses and prints it).
 */
#ifndef NP_SELECTION_H
#define NP_SELECTION_H

enum np_sel_style { NP_SEL_CSV, NP_SEL_COLUMNS, NP_SEL_KEYVAL };   /* -o, -O, -k */

#define NP_SEL_MAX_LINES 4
/* Per output line; netperf's own limit is its number of names (175). */
#define NP_SEL_MAX_FIELDS 192
/* A name netperf does not know, in a direct list: an empty value under no
 * header in CSV, a one-blank column in -O, nothing at all in -k. */
#define NP_SEL_UNKNOWN (-1)

struct np_selection {
	enum np_sel_style style;
	int nlines;                 /* output lines, 1..4 (';' or file lines) */
	int nfields[NP_SEL_MAX_LINES];
	short field[NP_SEL_MAX_LINES][NP_SEL_MAX_FIELDS]; /* index, or NP_SEL_UNKNOWN */
};

#endif
