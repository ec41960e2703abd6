/*
 * text.h - text from outside (a peer's message, the kernel's strings)
 * made safe to print: the one cleaner the wire decoder and the host
 * facts share.
 */
#ifndef NP_TEXT_H
#define NP_TEXT_H

#include <stddef.h>

/* At most width - 1 bytes of src (which need not be terminated within
 * srclen), non-printable bytes as '?', blanks at either end dropped;
 * dst is NUL-padded to width. */
void np_text_clean(char *dst, size_t width, const char *src, size_t srclen);

#endif
