/* busypoll.c - placeholder, replaced by its issue-9 branch. */
#include "busypoll.h"
typedef int np_busypoll_placeholder;
