/*
 * bootid_none.c - a system this build knows no boot id of: unknown, so
 * that whether two ends ran on one host (and shared a CPU) is unknown.
 */
#include "config.h"

#include "host/placement.h"

#include <string.h>

void np_boot_id_read(struct np_boot_id *id)
{
	memset(id, 0, sizeof(*id));
}

const char *np_boot_id_unknown(void)
{
	return "this system has no backend that reads a boot id";
}
