/*
 * sendfile.h - the kernel sends a file's bytes down a socket, no copy
 * through user space (TCP_SENDFILE).  Each system's call differs, so one
 * backend file each (configure's "sendfile" line): sendfile_linux.c
 * (<sys/sendfile.h>, 4 arguments), sendfile_freebsd.c (7 arguments, the
 * count sent returned through a pointer), sendfile_darwin.c (6, the count
 * in and out through one pointer), sendfile_none.c (ENOSYS: TCP_SENDFILE
 * fails with that reason).
 */
#ifndef NP_SENDFILE_H
#define NP_SENDFILE_H

#include <errno.h>
#include <signal.h>
#include <sys/types.h>

/* Linux's form on every system: up to count bytes of file from *off on
 * socket sock; *off advanced by what was sent.  The bytes sent (0 at the
 * file's end), or -1 with errno. */
ssize_t np_sendfile(int sock, int file, off_t *off, size_t count);

/* After np_sendfile's calls with SIGPIPE blocked (pipe_set holds it):
 * the SIGPIPE a reset peer raised taken, never waited for (Linux and
 * FreeBSD: sigtimedwait with a zero timeout; macOS: its sockets have
 * SO_NOSIGPIPE, so none is raised; none: nothing was sent). */
void np_sendfile_take_sigpipe(const sigset_t *pipe_set);

/* The errno of a file found empty where it had bytes: ENODATA where the
 * system has it (FreeBSD has none). */
#ifdef ENODATA
#define NP_SENDFILE_EMPTY ENODATA
#else
#define NP_SENDFILE_EMPTY EIO
#endif

#endif
