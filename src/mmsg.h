/* mmsg.h - placeholder, replaced by its issue-9 branch. */
#ifndef NP_MMSG_H
#define NP_MMSG_H
#endif
