/*
 * bootid_linux.c - the boot id Linux draws at each boot,
 * /proc/sys/kernel/random/boot_id: every container and network
 * namespace of one kernel reads the same.
 */
#include "config.h"

#include "host/placement.h"

#include <fcntl.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

void np_boot_id_read(struct np_boot_id *id)
{
	char buf[64];
	ssize_t n;
	int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);

	memset(id, 0, sizeof(*id));
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = '\0';
	(void)np_boot_id_parse(buf, id);
}

const char *np_boot_id_unknown(void)
{
	return NULL;
}
