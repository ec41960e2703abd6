/*
 * optrow.h - the option row and the engine that works from rows: one row
 * per option says its names, how its value is read, where it is stored,
 * its range, default and help; the engine parses, checks, fills the
 * defaults, prints the -h lines and walks the settings from the rows.
 * netperf's rows are in opts.c, netserver's in netserver_opts.c; each
 * keeps a short switch for what no row can say (kind OPT_SPECIAL).
 * Only those two files and optrow.c include this header.
 */
#ifndef NP_OPTROW_H
#define NP_OPTROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/opts.h"

/* How a row's value is read.  Every kind but OPT_SPECIAL is the engine's. */
enum opt_kind {
	OPT_FLAG,      /* no value: true (1) is stored */
	OPT_SET,       /* no value: def is stored (-4 stores AF_INET) */
	OPT_INT,       /* a whole number in min..max, netperf's size suffixes */
	OPT_PORT,      /* a port in min..65535, digits only */
	OPT_DECIMAL,   /* a plain decimal ("0.5") in min..max */
	OPT_TEXT,      /* any text, kept as given (a pointer into argv) */
	OPT_CPUS,      /* a CPU list "0-3,6" into an int array, its length at off2 */
	OPT_SPECIAL,   /* the program's switch reads it */
};

/* How the value follows the letter; OPT_ARG_AUTO is what the kind needs. */
enum opt_arg {
	OPT_ARG_AUTO,
	OPT_ARG_NONE,
	OPT_ARG_REQUIRED,
	OPT_ARG_NUMBER,    /* netperf's -c [rate]: a following number is taken */
	OPT_ARG_WORD,      /* -o [list]: a following word not starting with '-' */
};

/* The C type of a stored value, found from the field itself (OPT_AT). */
enum opt_store {
	OPT_ST_NONE,       /* not stored: checked, maybe noted, dropped */
	OPT_ST_BOOL, OPT_ST_CHAR, OPT_ST_INT, OPT_ST_I64, OPT_ST_U16, OPT_ST_U32,
	OPT_ST_U64, OPT_ST_DOUBLE, OPT_ST_TEXT, OPT_ST_TEST,
};

#define OPT_ST_OF(T, f)                                                             \
	_Generic(((T *)0)->f, bool: OPT_ST_BOOL, char: OPT_ST_CHAR, int: OPT_ST_INT, \
		 int64_t: OPT_ST_I64, uint16_t: OPT_ST_U16, uint32_t: OPT_ST_U32,   \
		 uint64_t: OPT_ST_U64, double: OPT_ST_DOUBLE,                        \
		 const char *: OPT_ST_TEXT, const struct np_test *: OPT_ST_TEST)

/* Where a row stores: one field, or both halves of a pair. */
#define OPT_AT(T, f) .store = OPT_ST_OF(T, f), .off = offsetof(T, f)
#define OPT_AT2(T, f, g) OPT_AT(T, f), .store2 = OPT_ST_OF(T, g), .off2 = offsetof(T, g)

/* Row flags. */
#define OPT_LONG   0x1u   /* the name is also its --name */
#define OPT_PAIR   0x2u   /* "a,b", pair-both ("X" sets both): a to off, b to off2 */
#define OPT_ALIAS  0x4u   /* stores where another row does: not walked again */

struct optrow {
	const char *name;          /* the setting's name; with OPT_LONG its --name */
	char letter;               /* 0: none */
	unsigned char kind;        /* enum opt_kind */
	unsigned char arg;         /* enum opt_arg */
	unsigned char flags;       /* OPT_LONG, OPT_PAIR, OPT_ALIAS */
	unsigned char store, store2;  /* enum opt_store of off, off2 */
	unsigned off, off2;
	/* The range: whole numbers in a double are exact up to 2^53, which
	 * every range here stays below. */
	double min, max;
	int64_t def, def2;         /* defaults of off and off2 (0: the memset's) */
	const char *unit;          /* in a range error: "(1..256 flows)" */
	const char *note;          /* one line after a good value ("...; ignored") */
	const char *metavar;
	const char *help;          /* continuation lines after '\n' */
	/* Its key in -J's "settings", the row's value as it is (a bool or
	 * a number); NULL: not there, or json.c makes it from the plan. */
	const char *json;
};

/* One program's (or one part's) option table: rows, ended by a row
 * without name and letter, listed under its heading by -h. */
struct optable {
	const struct optrow *rows;
	int width;                 /* -h's first column */
};

/* The option being applied, for error messages. */
struct cur {
	const char *prog;
	const struct optrow *row;
	const char *name;          /* set when given by its long name */
	const char *val;
	FILE *out;
	FILE *err;
	int opt;                   /* the letter, 0 for a long name alone */
};

typedef enum np_opts_status (*opt_apply_fn)(void *ctx, const struct cur *c);

/* One walk over argv: which tables, and who applies an option. */
struct optwalk {
	const char *prog;
	const struct optrow *const *tables;  /* NULL-ended */
	bool test;                 /* netperf's test options (after --) */
	bool dashdash;             /* stop after "--" */
	bool strays;               /* a stray word is skipped with a line */
	opt_apply_fn apply;
	void *ctx;
	FILE *out, *err;
};

/* Walk argv[*i..argc): "-x", "-xVALUE", "-x VALUE", grouped flags ("-46")
 * and "--name[=value]".  With dashdash it stops after "--", *i past it. */
enum np_opts_status opt_walk(const struct optwalk *w, int argc, char **argv, int *i);

/* The engine's own kinds: c->row's value read, checked, stored in base
 * and its note printed. */
enum np_opts_status opt_apply_row(const struct cur *c, void *base);

/* memset, then each row's defaults. */
void opt_defaults(const struct optrow *const *tables, void *base, size_t size);

/* Each stored row of tables as a setting (opts.h). */
void opt_each(const struct optrow *const *tables, bool test, bool own, const void *base,
	      np_setting_fn fn, void *ctx);

/* -h's lines of one table. */
void opt_print(FILE *out, const struct optable *t);

/* Errors and notices: "prog: -x value: ...", one line. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
enum np_opts_status opt_bad(const struct cur *c, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void opt_notice(const struct cur *c, const char *fmt, ...);

/* "a,b": which halves are there.  The comma is the last one, so names
 * without commas pass whole. */
struct opt_pair {
	char a[256];
	char b[256];
	bool has_a, has_b, comma;
};

enum np_opts_status opt_split(const struct cur *c, struct opt_pair *p);
void opt_pair_both(struct opt_pair *p);   /* "X" sets both halves */

/* A whole number as netperf's letters take it (2.7.1's atoi: the
 * leading number, the tail noted), else whole; a range error names unit. */
enum np_opts_status opt_number(const struct cur *c, const char *text, int64_t min,
			       int64_t max, const char *unit, int64_t *out);
/* The lenient read alone: 0, or -1 with why; *rest the ignored tail. */
int opt_lenient(const struct cur *c, const char *text, int64_t min, int64_t max,
		int64_t *out, const char **rest, const char **why);
void opt_ignored_tail(const struct cur *c, int64_t v, const char *rest);
bool opt_plain_decimal(const char *text, double *out);
enum np_opts_status opt_decimal(const struct cur *c, const char *text, double min,
				double max, double *out);
enum np_opts_status opt_port(const struct cur *c, const char *text, int64_t min,
			     uint16_t *out);
/* "name[,fam]", pair-first; the name is copied into buf. */
enum np_opts_status opt_host_family(const struct cur *c, char *buf, size_t len,
				    const char **host, int *fam);
/* 1 to NP_PASSPHRASE_MAX characters: it travels in one message. */
enum np_opts_status opt_passphrase(const struct cur *c, const char **out);

#define NP_PASSPHRASE_MAX 256

#endif
