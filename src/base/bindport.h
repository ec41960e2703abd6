/*
 * bindport.h - a socket bound to a local address whose port the kernel
 * picks only at connect(), from the whole 4-tuple: Linux's
 * IP_BIND_ADDRESS_NO_PORT (bindport_linux.c).  Without it, bind() takes a
 * port for the address alone and thousands of TCP_CRR flows bound to one
 * address run out of ports (EADDRINUSE storms); elsewhere nothing is set
 * (bindport_none.c) and the port comes with bind(), as before.
 */
#ifndef NP_BINDPORT_H
#define NP_BINDPORT_H

#include <stdbool.h>

/* Asks for the port at connect(); true when the system can. */
bool np_bind_port_late(int fd);

#endif
