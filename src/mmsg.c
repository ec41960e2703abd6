/* mmsg.c - placeholder, replaced by its issue-9 branch. */
#include "mmsg.h"
typedef int np_mmsg_placeholder;
