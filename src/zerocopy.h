/* zerocopy.h - placeholder, replaced by its issue-9 branch. */
#ifndef NP_ZEROCOPY_H
#define NP_ZEROCOPY_H
#endif
