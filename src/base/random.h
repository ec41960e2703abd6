/*
 * random.h - bytes from the kernel's random source, for what a peer
 * must not guess (a data address's cookie, a UUID).
 */
#ifndef NP_RANDOM_H
#define NP_RANDOM_H

#include <stddef.h>

/* n bytes into buf: getrandom(2) where there is one, else /dev/urandom.
 * 0, or -1 with errno (EIO for a short read). */
int np_random_bytes(void *buf, size_t n);

#endif
