/*
 * bootid_darwin.c - the boot session UUID macOS draws at each boot,
 * kern.bootsessionuuid (text, as Linux's boot_id).
 */
#include "config.h"

#include "host/placement.h"

#include <string.h>
#include <sys/types.h>
#include <sys/sysctl.h>

void np_boot_id_read(struct np_boot_id *id)
{
	char text[64];
	size_t len = sizeof(text) - 1;

	memset(id, 0, sizeof(*id));
	if (sysctlbyname("kern.bootsessionuuid", text, &len, NULL, 0) < 0)
		return;
	text[len < sizeof(text) ? len : sizeof(text) - 1] = '\0';
	(void)np_boot_id_parse(text, id);
}

const char *np_boot_id_unknown(void)
{
	return NULL;
}
