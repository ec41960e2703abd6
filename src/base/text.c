/*
 * text.c - the printable-text cleaner (text.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdbool.h>
#include <string.h>

#include "base/text.h"

static bool printable(unsigned char c)
{
	return c >= 0x20 && c < 0x7f;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

void np_text_clean(char *dst, size_t width, const char *src, size_t srclen)
{
	const char *nul = memchr(src, 0, srclen);
	size_t n = nul ? (size_t)(nul - src) : srclen, i = 0, o = 0;

	if (width == 0)
		return;
	while (n > 0 && blank(src[n - 1]))
		n--;
	while (i < n && blank(src[i]))
		i++;
	for (; i < n && o + 1 < width; i++)
		dst[o++] = printable((unsigned char)src[i]) ? src[i] : '?';
	memset(dst + o, 0, width - o);
}
