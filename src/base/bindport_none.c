/*
 * bindport_none.c - no way to defer a bound socket's port: bind() takes
 * it, as POSIX says.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/bindport.h"

bool np_bind_port_late(int fd)
{
	(void)fd;
	return false;
}
