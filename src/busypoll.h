/* busypoll.h - placeholder, replaced by its issue-9 branch. */
#ifndef NP_BUSYPOLL_H
#define NP_BUSYPOLL_H
#endif
