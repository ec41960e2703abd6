/*
 * tcpinfo.c - the TCP counters every system shares: reading a form's
 * fields (pure, Check-tested with each system's layout), and the MSS's
 * fallback to TCP_MAXSEG.  The getsockopt of each form is in its
 * backend (tcpinfo_*.c).
 */
#include "config.h"

#include "base/tcpinfo.h"

#include <limits.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

static int field(const unsigned char *buf, size_t len, struct np_tcpi_field f)
{
	uint32_t v32;
	uint64_t v64;

	if (f.off > len || len - f.off < f.width)
		return -1;
	if (f.width == sizeof(v32)) {
		memcpy(&v32, buf + f.off, sizeof(v32));
		v64 = v32;
	} else if (f.width == sizeof(v64)) {
		memcpy(&v64, buf + f.off, sizeof(v64));
	} else {
		return -1;
	}
	return v64 <= INT_MAX ? (int)v64 : -1;
}

size_t np_tcpi_get(int fd, int opt, void *buf, size_t size)
{
	socklen_t len = (socklen_t)size;

	memset(buf, 0, size);
	return getsockopt(fd, IPPROTO_TCP, opt, buf, &len) == 0 && len <= size ? len : 0;
}

void np_tcp_counts_from(const void *buf, size_t len, const struct np_tcpi_form *form,
			struct np_tcp_counts *out)
{
	out->mss = field(buf, len, form->mss);
	out->retrans = field(buf, len, form->retrans);
	if (out->mss == 0)
		out->mss = -1;
}

/* Linux: tcpi_snd_mss is the MSS in use (tp->mss_cache): what
 * TCP_MAXSEG reads while the connection is up, which is when netperf
 * 2.7.1 reads it (the data phase's end, before it disconnects;
 * doc/compatibility.md, "The same").  Once both FINs have passed, the
 * socket is TCP_CLOSE and TCP_MAXSEG gives what -G asked (1400, not the
 * 1388 used with timestamps); tcpi_snd_mss still gives the MSS used.
 * FreeBSD's tcpi_snd_mss and macOS's tcpi_maxseg are t_maxseg, which
 * TCP_MAXSEG reads there too. */
int np_sock_mss(int fd)
{
	struct np_tcp_counts c;

	np_sock_tcp_counts(fd, &c);
	if (c.mss > 0)
		return c.mss;
#if HAVE_DECL_TCP_MAXSEG
	{
		int mss = -1;
		socklen_t len = sizeof(mss);

		if (getsockopt(fd, IPPROTO_TCP, TCP_MAXSEG, &mss, &len) == 0 && mss > 0)
			return mss;
	}
#endif
	return -1;
}

int np_sock_retrans(int fd)
{
	struct np_tcp_counts c;

	np_sock_tcp_counts(fd, &c);
	return c.retrans;
}
