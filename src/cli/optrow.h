/*
 * optrow.h - the option row: one row per option says its names, how its
 * value is read, where it is stored, its range, default, help and its
 * keys in -J's settings.  A value is read by its kind's reader, or by the
 * row's own (.read), as neper's DEFINE_FLAG_PARSER gives a flag its
 * parser; the engine splits netperf's comma pairs and hands each half to
 * the reader.  So an option that needs a check of its own is its row,
 * its reader, its field and its use.
 *
 * Here, and in optrow.c, is what the engine and every reader share: the
 * row, the option being applied (struct cur), where a value is stored
 * and how a bad one is refused.  The readers both programs share are
 * optread.h's; the engine (argv's walk, the pairs, the defaults, -h, the
 * settings walk) is optwalk.h's, which uses them, one way.  netperf's
 * rows are opts_global.c and opts_test.c, netserver's netserver_opts.c.
 * Only src/cli includes this header.
 */
#ifndef NP_OPTROW_H
#define NP_OPTROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/opts.h"

/* How a row's value is read when it has no reader of its own; with one,
 * the kind still says what the value is (-h's argument, the defaults,
 * the settings walk). */
enum opt_kind {
	OPT_FLAG,      /* no value: true (1) is stored */
	OPT_SET,       /* no value: def is stored (-4 stores AF_INET) */
	OPT_INT,       /* a whole number in min..max, netperf's size suffixes */
	OPT_PORT,      /* a port in min..65535, digits only */
	OPT_DECIMAL,   /* a plain decimal ("0.5") in min..max */
	OPT_TEXT,      /* any text, kept as given (a pointer into argv) */
	OPT_CPUS,      /* a CPU list "0-3,6" into an int array, its length at off2 */
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
/* Where a reader keeps a copy of a text half (opt_keep): b, and for the
 * second half the buffer after it (b is an element of an array). */
#define OPT_BUF(T, b) .buf = offsetof(T, b), .bufsize = sizeof(((T *)0)->b)

/* Row flags. */
#define OPT_LONG   0x01u  /* the name is also its --name */
#define OPT_PAIR   0x02u  /* "a,b", pair-both ("X" sets both): a to off, b to off2 */
#define OPT_FIRST  0x04u  /* "a,b", pair-first ("X" sets the first alone) */
#define OPT_ALIAS  0x08u  /* stores where another row does: not walked again */
#define OPT_RESET  0x10u  /* a half the value leaves out is its default again */
#define OPT_NEED1  0x20u  /* the first half is read even when empty (",units") */
#define OPT_ONE    0x40u  /* walked as its first half: the second is another
			   * row's setting (-H name,fam: the family) */

/* How a setting shows in -J's settings (json.c): the keys of its halves
 * (json[0], json[1]; -l's three), a dot for a member of an object
 * ("control.port"). */
#define OPT_JSON(...) .json = { __VA_ARGS__ }

struct cur;

/* A row's reader of one value: text is the option's value (NULL where an
 * optional one is not given) or one half of a pair; field is where that
 * half is stored (NULL: the row stores nothing), c->base the whole
 * struct, for a rule that reaches another field.  NP_OPTS_RUN, or its
 * one line printed and NP_OPTS_USAGE (NP_OPTS_DONE: -h or -V printed). */
typedef enum np_opts_status (*opt_read_fn)(const struct cur *c, const char *text, void *field);

/* What a value does once its halves are stored; halves: bit 0 the first
 * was given, bit 1 the second. */
typedef enum np_opts_status (*opt_then_fn)(const struct cur *c, unsigned halves);

struct optrow {
	const char *name;          /* the setting's name; with OPT_LONG its --name */
	char letter;               /* 0: none */
	unsigned char kind;        /* enum opt_kind */
	unsigned char arg;         /* enum opt_arg */
	unsigned char flags;       /* OPT_LONG, OPT_PAIR, ... */
	unsigned char store, store2;  /* enum opt_store of off, off2 */
	unsigned char show;        /* enum np_show: how json[] shows */
	unsigned off, off2;
	unsigned buf, bufsize;     /* OPT_BUF */
	/* The range: whole numbers in a double are exact up to 2^53, which
	 * every range here stays below. */
	double min, max;
	int64_t def, def2;         /* defaults of off and off2 (0: the memset's) */
	const char *unit;          /* in a range error: "(1..256 flows)" */
	const char *note;          /* one line after a good value ("...; ignored") */
	const char *metavar;
	const char *help;          /* continuation lines after '\n' */
	opt_read_fn read;          /* the value, or the first half; NULL: the kind's */
	opt_read_fn read2;         /* the second half; NULL: as the first */
	opt_then_fn then;          /* NULL: nothing more */
	const char *json[3];       /* keys in -J's settings; NULL: not there, or
				    * json.c makes it from the plan */
};

/* The option being applied, for its reader and its error messages. */
struct cur {
	const char *prog;
	const struct optrow *row;
	const char *name;          /* set when given by its long name */
	const char *val;
	FILE *out;
	FILE *err;
	int opt;                   /* the letter, 0 for a long name alone */
	void *base;                /* the struct the rows store into */
	int half;                  /* the half being read: 0, or 1 (off2) */
};

/* Errors and notices: "prog: -x value: ...", one line. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
enum np_opts_status opt_bad(const struct cur *c, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void opt_notice(const struct cur *c, const char *fmt, ...);

/* A whole number into field, of the half's stored type. */
void opt_put(const struct cur *c, void *field, int64_t v);
/* The half's other field (the second's, for a reader of a value that
 * fills both, "min-max"). */
void *opt_field(const struct cur *c, int half);
/* text copied into the half's buffer (OPT_BUF), field pointing at it
 * (a half of "a,b" is no string of argv's); the reader has checked its
 * length. */
void opt_keep(const struct cur *c, const char *text, void *field);

#endif
