/*
 * reqfields.c - netperf-ng's own request fields (reqfields.h): the rows,
 * and the walks that carry their values from netperf's command line to
 * netserver's data socket and loops, and back as what netserver applied.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "run/reqfields.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>   /* a row may name an IPPROTO_TCP option */
#include <sys/socket.h>

/* The rows (reqfields.h's NP_REQFIELDS), each np_field_ID. */
#define NP_REQFIELD_DEFINE(id, ...) const struct np_reqfield np_field_##id = { __VA_ARGS__ };
NP_REQFIELDS(NP_REQFIELD_DEFINE)

int np_reqfields_count(const struct np_reqfield *const *f)
{
	int n = 0;

	for (; f && *f; f++, n++) {
		const struct np_reqfield *o = *f;

		/* A descriptor's mistake, found the first time the test runs. */
		assert(n < NP_TEST_OPTIONS);
		assert(o->min >= INT32_MIN && o->max <= INT32_MAX);
		assert(o->min <= o->def && o->def <= o->max);
		assert(o->metavar && o->help);
		assert(o->metavar[0] || (o->min == 0 && o->max == 1 && o->def == 0));
	}
	return n;
}

int np_reqfields_index(const struct np_reqfield *const *f, const struct np_reqfield *r)
{
	for (int k = 0; f && f[k]; k++)
		if (f[k] == r)
			return k;
	return -1;
}

void np_reqfields_defaults(const struct np_reqfield *const *f, int32_t v[NP_TEST_OPTIONS])
{
	const int n = np_reqfields_count(f);

	for (int i = 0; i < NP_TEST_OPTIONS; i++)
		v[i] = i < n ? (int32_t)f[i]->def : 0;
}

void np_reqfields_encode(const struct np_reqfield *const *own,
			 const struct np_reqfield *const *served,
			 const int32_t v[NP_TEST_OPTIONS], int32_t words[NP_EXT_PARAMS])
{
	_Static_assert(NP_TEST_OPTIONS == NP_EXT_PARAMS, "a parameter word per field");
	np_reqfields_defaults(served, words);
	for (int k = 0; k < np_reqfields_count(served); k++) {
		const int j = np_reqfields_index(own, served[k]);

		if (j >= 0)
			words[k] = v[j];
	}
}

int np_reqfields_decode(const char *test, const struct np_reqfield *const *f, bool present,
			const int32_t words[NP_EXT_PARAMS], int32_t v[NP_TEST_OPTIONS],
			char *why, size_t whylen)
{
	const int n = np_reqfields_count(f);

	np_reqfields_defaults(f, v);
	if (!present)
		return 0;
	for (int k = 0; k < n; k++) {
		if (words[k] < f[k]->min || words[k] > f[k]->max) {
			snprintf(why, whylen, "%s --%s out of range: %ld (%lld..%lld)", test,
				 f[k]->name, (long)words[k], (long long)f[k]->min,
				 (long long)f[k]->max);
			return EINVAL;
		}
		v[k] = words[k];
	}
	return 0;
}

int np_reqfields_apply(const char *test, const struct np_reqfield *const *f,
		       const int32_t v[NP_TEST_OPTIONS], int fd, uint32_t *applied, char *why,
		       size_t whylen)
{
	const int n = np_reqfields_count(f);

	*applied = 0;
	for (int k = 0; k < n; k++) {
		const int value = v[k];

		if (f[k]->level && value != f[k]->def &&
		    setsockopt(fd, f[k]->level, f[k]->optname, &value, sizeof(value)) < 0) {
			const int e = errno;

			snprintf(why, whylen, "%s --%s %d: setsockopt: %s", test, f[k]->name, value,
				 strerror(e));
			errno = e;
			return -1;
		}
		*applied |= 1u << k;
	}
	return 0;
}

const struct np_reqfield *np_reqfields_unapplied(const struct np_reqfield *const *own,
						 const struct np_reqfield *const *served,
						 const int32_t v[NP_TEST_OPTIONS],
						 const struct np_omni_response *rsp)
{
	const bool told = rsp->ext.caps & NP_EXT_CAP_APPLIED;

	if (!rsp->ext.present)
		return NULL;
	for (int j = 0; j < np_reqfields_count(own); j++) {
		const int k = np_reqfields_index(served, own[j]);

		if (v[j] == own[j]->def)
			continue;
		if (k < 0 || (told ? !(rsp->applied & (1u << k)) : rsp->ext.params[k] != v[j]))
			return own[j];
	}
	return NULL;
}
