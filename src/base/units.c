/*
 * units.c - output units, strict number parsing, and the rules every
 * end reads a setting by: -l's sign, a family's name.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/units.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

const char np_why_range[] = "out of range";

bool np_unit_valid(char c)
{
	return c != '\0' && strchr("kmgKMGBbx", c) != NULL;
}

char np_unit_default(bool rr)
{
	return rr ? 'x' : 'm';
}

char np_unit_effective(char unit, bool rr)
{
	return unit == 'x' && !rr ? 'm' : unit;
}

double np_unit_rate(double bytes_per_sec, char unit)
{
	switch (unit) {
	case 'k': return bytes_per_sec * 8.0 / 1e3;
	case 'm': return bytes_per_sec * 8.0 / 1e6;
	case 'g': return bytes_per_sec * 8.0 / 1e9;
	case 'K': return bytes_per_sec / 1024.0;
	case 'M': return bytes_per_sec / (1024.0 * 1024.0);
	case 'G': return bytes_per_sec / (1024.0 * 1024.0 * 1024.0);
	default: return bytes_per_sec;  /* 'B', 'b' (a netperf quirk), 'x' */
	}
}

const char *np_unit_label(char unit)
{
	switch (unit) {
	case 'k': return "10^3bits";
	case 'm': return "10^6bits";
	case 'g': return "10^9bits";
	case 'K': return "KBytes";
	case 'M': return "MBytes";
	case 'G': return "GBytes";
	case 'B': return "Bytes";
	case 'b': return "10^0bits";
	case 'x': return "Trans";
	default: return "KBytes";
	}
}

static int64_t suffix_factor(char c)
{
	switch (c) {
	case 'K': return INT64_C(1) << 10;
	case 'M': return INT64_C(1) << 20;
	case 'G': return INT64_C(1) << 30;
	case 'k': return 1000;
	case 'm': return 1000000;
	case 'g': return 1000000000;
	default: return 0;
	}
}

/* The number text holds, with suffixes one size letter after it: the
 * whole text (rest NULL), or its leading part with *rest at the tail
 * (np_parse_leading). */
static int parse_number(const char *text, bool suffixes, int64_t min, int64_t max,
			int64_t *out, const char **rest, const char **why)
{
	const char *p = text;
	char *end;
	long long v;
	int64_t factor = 1;

	if (text == NULL || *text == '\0') {
		*why = "empty value";
		return -1;
	}
	/* strtoll would skip leading blanks and accept "+": be exact. */
	if (!(isdigit((unsigned char)*p) || (*p == '-' && isdigit((unsigned char)p[1])))) {
		*why = "not a number";
		return -1;
	}
	errno = 0;
	v = strtoll(p, &end, 10);
	if (errno == ERANGE) {
		*why = "number too large";
		return -1;
	}
	if (suffixes && suffix_factor(*end))
		factor = suffix_factor(*end++);
	/* The tail 2.7.1 ignores may hold no digit, point or other size
	 * letter: convert() multiplies by every size letter it finds, atoi
	 * stops at ".", so such a tail never reads as its writer meant. */
	if (rest ? end[strcspn(end, ".0123456789KMGkmg")] != '\0' : *end != '\0') {
		*why = suffixes ? "not a number (suffixes: K M G k m g)" : "not a number";
		return -1;
	}
	if ((v > 0 && v > INT64_MAX / factor) || (v < 0 && v < INT64_MIN / factor)) {
		*why = "number too large";
		return -1;
	}
	v *= factor;
	if (v < min || v > max) {
		*why = np_why_range;
		return -1;
	}
	*out = v;
	if (rest)
		*rest = end;
	return 0;
}

int np_parse_size(const char *text, int64_t min, int64_t max, int64_t *out,
		  const char **why)
{
	return parse_number(text, true, min, max, out, NULL, why);
}

int np_parse_int(const char *text, int64_t min, int64_t max, int64_t *out,
		 const char **why)
{
	return parse_number(text, false, min, max, out, NULL, why);
}

int np_parse_leading(const char *text, int64_t min, int64_t max, int64_t *out,
		     const char **rest, const char **why)
{
	*rest = "";
	return parse_number(text, true, min, max, out, rest, why);
}

const char *np_family_name(int family)
{
	switch (family) {
	case AF_INET: return "AF_INET";
	case AF_INET6: return "AF_INET6";
	default: return "AF_UNSPEC";
	}
}

int64_t np_length_seconds(int64_t length)
{
	return length > 0 ? length : 0;
}

int64_t np_length_count(int64_t length)
{
	return length < 0 ? -length : 0;
}

