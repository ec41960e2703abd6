/*
 * sockfd.h - a socket no exec'd program inherits, and, when asked, one
 * that does not block: in one call where the system's socket() takes
 * SOCK_CLOEXEC and SOCK_NONBLOCK (Linux, FreeBSD; sockfd_flags.c), else
 * by fcntl right after (macOS; sockfd_fcntl.c, which also sets
 * SO_NOSIGPIPE where the system has it).  configure picks the backend.
 */
#ifndef NP_SOCKFD_H
#define NP_SOCKFD_H

/* flags: */
#define NP_SOCK_NONBLOCK 1u

/* socket(2)'s arguments and result, errno as it leaves it. */
int np_socket(int domain, int type, int protocol, unsigned flags);

/* accept(2)'s, the new socket made as np_socket makes one. */
int np_accept(int fd, unsigned flags);

#endif
