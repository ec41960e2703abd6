/* sweep.c - placeholder, replaced by its issue-9 branch. */
#include "sweep.h"
typedef int np_sweep_placeholder;
