/*
 * others_form.c - each system's form of a process's CPU time into
 * others.c's record (others_form.h).  Pure: no system call here.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/others_form.h"

#include <stdbool.h>
#include <string.h>

/* linux/sched.h's flag of a kernel thread, in /proc/PID/stat's flags. */
#define PF_KTHREAD_BIT 0x00200000u
/* The fields of /proc/PID/stat we read, counted from 1 as proc(5) does. */
#define F_PPID 4
#define F_FLAGS 9
#define F_UTIME 14
#define F_STIME 15
#define F_CUTIME 16
#define F_CSTIME 17
#define F_START 22


/* A name of len bytes, cut to what a record keeps; a byte that is not
 * printable ASCII (a terminal's escape in a name) as '?'. */
static void put_name(char *dst, const char *src, size_t len)
{
	if (len > NP_OTHERS_COMM)
		len = NP_OTHERS_COMM;
	for (size_t i = 0; i < len; i++) {
		const unsigned char c = (unsigned char)src[i];

		dst[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	dst[len] = '\0';
}

int np_others_parse(const char *text, size_t n, struct np_proc_stat *st)
{
	const char *open = memchr(text, '(', n), *close = NULL, *end = text + n;
	uint64_t flags = 0;
	int field = 3;

	memset(st, 0, sizeof(*st));
	/* The name may hold any byte, ')' too: it ends at the last ')'. */
	for (const char *c = text; c < end; c++)
		if (*c == ')')
			close = c;
	if (!open || !close || close < open || close + 2 > end || close[1] != ' ')
		return -1;
	put_name(st->comm, open + 1, (size_t)(close - open - 1));
	for (const char *c = close + 2; c < end && field <= F_START; field++) {
		uint64_t v = 0;
		bool digits = false, minus = false;

		if (field > 3 && *c == '-') { /* a signed field */
			minus = true;
			c++;
		}
		for (; c < end && *c >= '0' && *c <= '9'; c++, digits = true)
			v = v * 10 + (uint64_t)(*c - '0');
		if (field == 3) {             /* the state, one letter */
			if (c >= end || *c == ' ')
				return -1;
			c++;
		} else if (!digits) {
			return -1;
		}
		if (minus)                    /* none we read is ever below 0 */
			v = 0;
		if (field == F_PPID)
			st->ppid = v <= 0x7fffffff ? (int)v : 0;
		else if (field == F_FLAGS)
			flags = v;
		else if (field == F_UTIME || field == F_STIME)
			st->ticks += v;
		else if (field == F_CUTIME || field == F_CSTIME)
			st->cticks += v;
		else if (field == F_START)
			st->start = v;
		if (field < F_START) {
			if (c >= end || *c != ' ')
				return -1;
			c++;
		}
	}
	if (field <= F_START)
		return -1;
	st->kthread = (flags & PF_KTHREAD_BIT) != 0;
	return 0;
}

int np_others_from_stat(int pid, const struct np_proc_stat *st, long hz, struct np_proc_rec *r)
{
	if (hz <= 0)
		return -1;
	*r = (struct np_proc_rec){ .pid = pid, .ppid = st->ppid, .kthread = st->kthread,
				   .start = st->start,
				   .us = st->ticks * 1000000 / (uint64_t)hz,
				   .cus = st->cticks * 1000000 / (uint64_t)hz };
	memcpy(r->name, st->comm, sizeof(r->name));
	return 0;
}

/* A timeval in microseconds: 0, or -1 when it is below 0 or past what
 * 64 bits hold. */
static int tv_us(const struct timeval *t, uint64_t *us)
{
	if (t->tv_sec < 0 || t->tv_usec < 0 ||
	    (uint64_t)t->tv_sec > (UINT64_MAX - (uint64_t)t->tv_usec) / 1000000)
		return -1;
	*us = (uint64_t)t->tv_sec * 1000000 + (uint64_t)t->tv_usec;
	return 0;
}

int np_others_from_kinfo(const struct np_kinfo *k, const struct timeval *boottime,
			 struct np_proc_rec *r)
{
	uint64_t ut, st, cut, cst, start, boot;

	if (k->ki_pid < 0 || tv_us(&k->ru_utime, &ut) < 0 || tv_us(&k->ru_stime, &st) < 0 ||
	    tv_us(&k->ch_utime, &cut) < 0 || tv_us(&k->ch_stime, &cst) < 0 ||
	    tv_us(&k->ki_start, &start) < 0 || tv_us(boottime, &boot) < 0 ||
	    ut + st < ut || cut + cst < cut)
		return -1;
	*r = (struct np_proc_rec){ .pid = k->ki_pid, .ppid = k->ki_ppid > 0 ? k->ki_ppid : 0,
				   .kthread = (k->ki_flag & NP_KINFO_P_KPROC) != 0,
				   /* Before boot only when the clock stepped
				    * between the two sysctls. */
				   .start = start > boot ? start - boot : 0,
				   .us = ut + st, .cus = cut + cst };
	put_name(r->name, k->ki_comm, strnlen(k->ki_comm, sizeof(k->ki_comm)));
	return 0;
}

int np_others_mach_us(uint64_t abstime, uint32_t numer, uint32_t denom, uint64_t *us)
{
	uint64_t q, ns;

	if (denom == 0)
		return -1;
	/* abstime * numer / denom without the product: 24 MHz on Apple's
	 * arm64 (125 / 3), 1 / 1 on Intel. */
	q = abstime / denom;
	if (numer && q > UINT64_MAX / numer)
		return -1;
	ns = q * numer + abstime % denom * numer / denom;
	if (ns < q * numer)
		return -1;
	*us = ns / 1000;
	return 0;
}

int np_others_from_libproc(const struct np_libproc *v, uint32_t numer, uint32_t denom,
			   struct np_proc_rec *r)
{
	uint64_t ut, st, cut, cst, start;

	if (v->pbsi_pid > INT32_MAX || np_others_mach_us(v->ri_user_time, numer, denom, &ut) < 0 ||
	    np_others_mach_us(v->ri_system_time, numer, denom, &st) < 0 ||
	    np_others_mach_us(v->ri_child_user_time, numer, denom, &cut) < 0 ||
	    np_others_mach_us(v->ri_child_system_time, numer, denom, &cst) < 0 ||
	    np_others_mach_us(v->ri_proc_start_abstime, numer, denom, &start) < 0 ||
	    ut + st < ut || cut + cst < cut)
		return -1;
	*r = (struct np_proc_rec){ .pid = (int)v->pbsi_pid,
				   .ppid = v->pbsi_ppid <= INT32_MAX ? (int)v->pbsi_ppid : 0,
				   .kthread = (v->pbsi_flags & NP_LIBPROC_FLAG_SYSTEM) != 0,
				   .start = start, .us = ut + st, .cus = cut + cst };
	put_name(r->name, v->pbsi_comm, strnlen(v->pbsi_comm, sizeof(v->pbsi_comm)));
	return 0;
}
