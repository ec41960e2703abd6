/*
 * golden.c - helpers shared by the report tests (golden.h).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L	/* open_memstream */
#endif
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "golden.h"

#include <check.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#ifndef TESTDATA_DIR
#define TESTDATA_DIR "tests/data"
#endif

/* The golden file's bytes, NUL-terminated, or a failed test. */
char *golden_read(const char *name, size_t *len)
{
	const char *env = getenv("TESTDATA");
	char path[1024];
	char *buf;
	long size;
	FILE *f;
	int n;

	n = snprintf(path, sizeof(path), "%s/golden/%s.stdout",
		     env && *env ? env : TESTDATA_DIR, name);
	ck_assert_msg(n > 0 && (size_t)n < sizeof(path), "TESTDATA too long");
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s (set TESTDATA)", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	ck_assert_msg(size >= 0, "cannot size %s", path);
	rewind(f);
	buf = malloc((size_t)size + 1);
	ck_assert_msg(buf != NULL, "out of memory");
	ck_assert_msg(fread(buf, 1, (size_t)size, f) == (size_t)size,
		      "short read on %s", path);
	fclose(f);
	buf[size] = '\0';
	if (len)
		*len = (size_t)size;
	return buf;
}

static int line_len(const char *s, const char *end)
{
	const char *nl = memchr(s, '\n', (size_t)(end - s));

	return (int)((nl ? nl : end) - s);
}

/* Byte comparison naming the first differing line: a lost trailing
 * blank is invisible in a plain "strings differ". */
void golden_assert_same(const char *what, const char *got, size_t glen,
			const char *want, size_t wlen)
{
	size_t i, bol = 0;
	int line = 1;

	for (i = 0; i < glen && i < wlen && got[i] == want[i]; i++)
		if (got[i] == '\n') {
			line++;
			bol = i + 1;
		}
	if (i == glen && i == wlen)
		return;
	ck_abort_msg("%s: differs at byte %zu (line %d, got %zu bytes, want %zu)\n"
		     " got: [%.*s]\nwant: [%.*s]", what, i, line, glen, wlen,
		     bol < glen ? line_len(got + bol, got + glen) : 0, got + bol,
		     bol < wlen ? line_len(want + bol, want + wlen) : 0, want + bol);
}

void golden_assert_text(const char *what, const char *got, const char *want)
{
	golden_assert_same(what, got, strlen(got), want, strlen(want));
}

/* The settings the report reads, one set for the test that runs (each
 * check test runs in its own process). */
static struct np_opts golden_o;
static struct np_plan golden_p;

struct np_opts *golden_opts(void)
{
	return &golden_o;
}

struct np_plan *golden_plan(void)
{
	return &golden_p;
}

/* What every capture shares: -H 127.0.0.1, -l 1, this host's socket
 * sizes, headers on, no CPU, no confidence. */
void golden_base(struct np_report *r, const struct np_test *t)
{
	struct np_opts *o = &golden_o;
	struct np_plan *p = &golden_p;

	memset(r, 0, sizeof(*r));
	memset(o, 0, sizeof(*o));
	memset(p, 0, sizeof(*p));
	r->o = o;
	r->plan = p;
	o->test = p->test = t;
	r->unit = t->rr ? 'x' : 'm';
	r->verbosity = 1;
	r->headers = true;
	p->lname = "0.0.0.0";
	strcpy(p->laddr, "0.0.0.0");
	p->rname = "127.0.0.1";
	strcpy(p->raddr, "127.0.0.1");
	p->family = AF_INET;
	p->o = o;
	r->res.elapsed = 1.00;
	if (t->sock_type == SOCK_DGRAM) {
		r->res.lss = r->res.lsr = r->res.rss = r->res.rsr = 212992;
		r->res.send_size = r->res.recv_size = 65507;
	} else {
		r->res.lss = r->res.rss = 16384;
		r->res.lsr = r->res.rsr = 131072;
		r->res.send_size = r->res.recv_size = 16384;
	}
	r->res.lss_end = r->res.lss;
	r->res.lsr_end = r->res.lsr;
	r->res.rss_end = r->res.rss;
	r->res.rsr_end = r->res.rsr;
	o->lsndbuf = o->lrcvbuf = o->rsndbuf = o->rrcvbuf = -1;
	r->res.rsend_size = r->res.rrecv_size = r->res.send_size;
	o->req_size = o->rsp_size = 1;
	r->res.mss = -1;
	r->res.ltransport_retrans = r->res.rtransport_retrans = -1;
	r->res.lcpu = r->res.rcpu = r->res.lsd = r->res.rsd = -1;
	r->res.lcpu_method = r->res.rcpu_method = 'U';
	r->res.iterations = 1;
	r->res.conf_level_used = -1;
	r->res.local_at = r->res.remote_at = NP_PLACEMENT_UNKNOWN;
	r->res.shared_cpu = -1;
	r->uuid = "";
	o->lcpu_bind = o->rcpu_bind = -1;
	r->command_line = "netperf";
}

char *golden_render(void (*fn)(FILE *, const struct np_report *),
		    const struct np_report *r, size_t *len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	ck_assert_msg(f != NULL, "open_memstream failed");
	fn(f, r);
	ck_assert_int_eq(fclose(f), 0);
	if (len)
		*len = n;
	return buf;
}

