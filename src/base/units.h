/*
 * units.h - netperf's -f output units, its size suffixes, and the rules
 * that read a setting's number: -l's sign, the test parameters' words.
 *
 * Lower case letters are bits in powers of ten, upper case bytes in powers
 * of two (netperf 2.7.1's netlib.c, format_units and calc_thruput_interval);
 * 'x' is transactions per second.
 */
#ifndef NP_UNITS_H
#define NP_UNITS_H

#include <stdbool.h>
#include <stdint.h>

/* True when c is one of the -f letters: k m g K M G B b x. */
bool np_unit_valid(char c);

/* The default unit of a test: 'x' for request/response tests, else 'm'. */
char np_unit_default(bool rr);

/* The unit actually used: 'x' on a stream test silently means 'm', as in
 * netperf 2.7. */
char np_unit_effective(char unit, bool rr);

/* Convert a byte rate to the unit's figure (for 'x' the caller passes a
 * transaction rate and gets it back unchanged). */
double np_unit_rate(double bytes_per_sec, char unit);

/* Header label: "10^6bits", "MBytes", "Trans" ... without the "/sec". */
const char *np_unit_label(char unit);

/*
 * Parse a number with netperf's size suffixes: K=2^10 M=2^20 G=2^30,
 * k=10^3 m=10^6 g=10^9, at most one, at the end.  Unlike netperf's
 * atoi-based convert() the whole text must be a number: "12abc", "" and
 * overflow are errors.  Returns 0, or -1 with a reason in why; a number
 * outside min..max has np_why_range there, which callers compare with
 * (the pointer, not the text) to word their own range error.
 */
extern const char np_why_range[];
int np_parse_size(const char *text, int64_t min, int64_t max, int64_t *out,
		  const char **why);

/*
 * netperf 2.7.1 reads most numbers with atoi() or its convert(), which
 * take the leading digits (and a suffix letter) and ignore the rest:
 * "-G 1400b" is 1400.  np_parse_leading reads such a text the same way:
 * the leading number, at most one suffix right after it, within
 * [min, max], with *rest at the tail 2.7.1 ignores.  A tail with a digit,
 * a point or a suffix letter in it is refused (-1, why): 2.7.1 reads
 * "1.5M" as 1 MiB and "2e6" as 2, never what was meant.
 */
int np_parse_leading(const char *text, int64_t min, int64_t max, int64_t *out,
		     const char **rest, const char **why);

/* Plain decimal integer (no suffix) within [min, max]. */
int np_parse_int(const char *text, int64_t min, int64_t max, int64_t *out,
		 const char **why);

/*
 * -l's sign, as netperf 2.7.1's test_length (and the request's field)
 * carries it: > 0 seconds, < 0 a count of bytes (a stream test) or of
 * transactions (request/response), 0 neither (netperf 2.7's untimed -l 0).
 * np_length_seconds is the seconds (0 when counted), np_length_count the
 * count (0 when timed).
 */
int64_t np_length_seconds(int64_t length);
int64_t np_length_count(int64_t length);

/* How netperf names an address family: "AF_INET", "AF_INET6", "AF_UNSPEC". */
const char *np_family_name(int family);

#endif
