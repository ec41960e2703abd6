/*
 * facts_bsd_parse.c - the BSDs' forms of the host facts, pure
 * (facts_bsd_parse.h): built on every system, so that tests/check_nic.c
 * holds them on Linux to the layouts FreeBSD's and macOS's kernels write.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "host/facts_bsd_parse.h"

#include <string.h>

#include "base/text.h"

/* ---- A routing socket's answer ------------------------------------------- */

size_t np_nic_rtm_space(const struct np_rtm_form *form, size_t sa_len)
{
	if (form->align == 0)
		return sa_len;
	return sa_len == 0 ? form->align : 1 + ((sa_len - 1) | (form->align - 1));
}

static int32_t word_at(const unsigned char *p, size_t off)
{
	int32_t v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

static uint16_t half_at(const unsigned char *p, size_t off)
{
	uint16_t v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

int np_nic_rtm_ifindex(const struct np_rtm_form *form, const void *msg, size_t len,
		       int32_t pid, int32_t seq)
{
	const unsigned char *m = msg;
	size_t msglen, off;
	int32_t addrs;

	if (len < NP_RTM_ERRNO_OFF + sizeof(int32_t) || m[NP_RTM_TYPE_OFF] != NP_RTM_GET ||
	    word_at(m, NP_RTM_PID_OFF) != pid || word_at(m, NP_RTM_SEQ_OFF) != seq)
		return -1;
	/* Ours from here on: what is wrong with it names no interface. */
	msglen = half_at(m, NP_RTM_MSGLEN_OFF);
	if (m[NP_RTM_VERSION_OFF] != NP_RTM_VERSION || word_at(m, NP_RTM_ERRNO_OFF) != 0 ||
	    msglen > len || msglen < form->hdrlen || form->hdrlen < NP_RTM_ERRNO_OFF + 4)
		return 0;
	addrs = word_at(m, NP_RTM_ADDRS_OFF);
	off = form->hdrlen;
	for (int i = 0; i < NP_RTAX_MAX && off < msglen; i++) {
		size_t sa_len;

		if (!(addrs & (1 << i)))
			continue;
		sa_len = m[off];
		/* macOS leaves the last one unpadded: its own length must fit. */
		if (sa_len > msglen - off)
			break;
		if (i == NP_RTAX_IFP && sa_len >= NP_SDL_INDEX_OFF + 2 && m[off + 1] == NP_AF_LINK) {
			uint16_t index = half_at(m, off + NP_SDL_INDEX_OFF);

			if (index > 0)
				return index;
			break;
		}
		off += np_nic_rtm_space(form, sa_len);
	}
	return half_at(m, NP_RTM_INDEX_OFF);
}

/* ---- The media word ------------------------------------------------------ */

/* net/if_media.h's masks, the same on both: the network type and the
 * subtype's low bits; the status word's "valid" and "link up". */
#define IFM_NMASK 0x000000e0
#define IFM_ETHER 0x00000020
#define IFM_TMASK_LOW 0x0000001f
#define IFM_AVALID 0x00000001
#define IFM_ACTIVE 0x00000002

/* A speed and the subtypes (their numbers, IFM_X's argument past 31) of
 * that speed; 0 ends the list (0 is autoselect, never a speed). */
struct media_speed {
	uint32_t mbps;
	uint8_t subtypes[20];
};

/* FreeBSD 14's net/if_media.h (its IFM_BAUDRATE_DESCRIPTIONS agree). */
static const struct media_speed freebsd_media[] = {
	{ 1, { 17 } },                                          /* HPNA_1 */
	{ 10, { 3, 4, 5, 12, 13 } },                            /* 10_T 10_2 10_5 10_STP 10_FL */
	{ 100, { 6, 7, 8, 9, 10, 52, 62 } },                    /* 100_TX .. 100_T2, 100_T, 100_SGMII */
	{ 1000, { 11, 14, 15, 16, 30, 41, 44 } },               /* 1000_SX LX CX T KX SGMII CX_SGMII */
	{ 2500, { 21, 36, 37, 63 } },                           /* 2500_SX KX T X */
	{ 5000, { 38, 64, 69, 70 } },                           /* 5000_T KR KR_S KR1 */
	{ 10000, { 18, 19, 20, 22, 23, 24, 26, 32, 33, 34, 42, 46, 59 } }, /* 10G_LR SR CX4 TWINAX
		TWINAX_LONG LRM T KX4 KR CR1 SFI ER AOC */
	{ 20000, { 35 } },                                      /* 20G_KR2 */
	{ 25000, { 40, 53, 54, 55, 58, 60, 61, 65, 66, 67, 68, 71, 86 } }, /* 25G_PCIE CR KR SR LR
		ACC AOC T CR_S CR1 KR_S AUI KR1 */
	{ 40000, { 27, 28, 29, 43, 45, 72, 73, 74, 119 } },     /* 40G_CR4 SR4 LR4 XLPPI KR4 XLAUI
		XLAUI_AC ER4 LM4 */
	{ 50000, { 39, 56, 57, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 87, 88, 118 } }, /* 50G_PCIE
		CR2 KR2 SR2 LR2 LAUI2_AC LAUI2 AUI2_AC AUI2 CP SR LR FR KR_PAM4 AUI1_AC AUI1 KR4 */
	{ 56000, { 51 } },                                      /* 56G_R4 */
	{ 100000, { 47, 48, 49, 50, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102 } },
		/* 100G_CR4 SR4 KR4 LR4 CAUI4_AC CAUI4 AUI4_AC AUI4 CR_PAM4 KR_PAM4 CP2 SR2 DR
		   KR2_PAM4 CAUI2_AC CAUI2 AUI2_AC AUI2 */
	{ 200000, { 103, 104, 105, 106, 107, 108, 109, 110, 111, 112 } }, /* 200G_* */
	{ 400000, { 113, 114, 115, 116, 117 } },                /* 400G_* */
};

/* xnu's bsd/net/if_media.h (xnu-11417): 18..30 and 32..45 are numbered
 * otherwise, and there is no 46. */
static const struct media_speed xnu_media[] = {
	{ 1, { 17 } },                                          /* HPNA_1 */
	{ 10, { 3, 4, 5, 12, 13 } },                            /* 10_T 10_2 10_5 10_STP 10_FL */
	{ 100, { 6, 7, 8, 9, 10, 52, 62 } },                    /* 100_TX .. 100_T2, 100_T, 100_SGMII */
	{ 1000, { 11, 14, 15, 16, 24, 25, 41 } },               /* 1000_SX LX CX T CX_SGMII KX SGMII */
	{ 2500, { 22, 32, 36, 63 } },                           /* 2500_T SX KX X */
	{ 5000, { 23, 64, 69, 70 } },                           /* 5000_T KR KR_S KR1 */
	{ 10000, { 18, 19, 20, 21, 26, 27, 28, 29, 33, 34, 35, 42, 59 } }, /* 10G_SR LR CX4 T KX4 KR
		CR1 ER TWINAX TWINAX_LONG LRM SFI AOC */
	{ 20000, { 30 } },                                      /* 20G_KR2 */
	{ 25000, { 40, 53, 54, 55, 58, 60, 61, 65, 66, 67, 68, 71, 86 } }, /* 25G_*, as FreeBSD */
	{ 40000, { 37, 38, 43, 44, 45, 72, 73, 74 } },          /* 40G_CR4 SR4 XLPPI LR4 KR4 XLAUI
		XLAUI_AC ER4 */
	{ 50000, { 39, 56, 57, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 87, 88 } }, /* 50G_* */
	{ 56000, { 51 } },                                      /* 56G_R4 */
	{ 100000, { 47, 48, 49, 50, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102 } },
	{ 200000, { 103, 104, 105, 106, 107, 108, 109, 110, 111, 112 } },
	{ 400000, { 113, 114, 115, 116, 117 } },
};

/* Each form: where the subtype's bits past the low five are kept in the
 * word (FreeBSD: IFM_ETH_XTYPE 0x7800, shifted by 6; xnu: IFM_TMASK_EXT
 * 0xf0000, shifted by 11), and its table. */
static const struct {
	unsigned xmask, xshift;
	const struct media_speed *speeds;
	size_t n;
} media_forms[] = {
	[NP_IFMEDIA_FREEBSD] = { 0x00007800u, 6, freebsd_media,
				 sizeof(freebsd_media) / sizeof(freebsd_media[0]) },
	[NP_IFMEDIA_XNU] = { 0x000f0000u, 11, xnu_media, sizeof(xnu_media) / sizeof(xnu_media[0]) },
};

int np_nic_ifmedia_mbps(enum np_ifmedia_form form, int status, int active)
{
	const unsigned w = (unsigned)active;
	unsigned subtype;

	if ((unsigned)form >= sizeof(media_forms) / sizeof(media_forms[0]))
		return -1;
	if ((status & IFM_AVALID) && !(status & IFM_ACTIVE))
		return -1;
	if ((w & IFM_NMASK) != IFM_ETHER)
		return -1;
	subtype = (w & IFM_TMASK_LOW) | (w & media_forms[form].xmask) >> media_forms[form].xshift;
	for (size_t i = 0; i < media_forms[form].n; i++) {
		const struct media_speed *s = &media_forms[form].speeds[i];

		for (size_t j = 0; j < sizeof(s->subtypes) && s->subtypes[j]; j++)
			if (s->subtypes[j] == subtype)
				return (int)s->mbps;
	}
	return -1;
}

/* ---- The rest ------------------------------------------------------------- */

int np_nic_baud_mbps(uint64_t bps, uint64_t saturated)
{
	const uint64_t mbps = (bps + 500000) / 1000000;

	if (bps == 0 || bps == saturated || mbps == 0 || mbps > NP_FACT_MAX_SPEED)
		return -1;
	return (int)mbps;
}

void np_nic_ifcap(int cur, const int mask[NP_OFFLOADS], unsigned *known, unsigned *on)
{
	for (int o = 0; o < NP_OFFLOADS; o++) {
		if (!mask[o])
			continue;
		*known |= 1u << o;
		if (cur & mask[o])
			*on |= 1u << o;
		else
			*on &= ~(1u << o);
	}
}

bool np_nic_driver_unit(const char *name, size_t len, char *out, size_t outlen)
{
	const char *nul = memchr(name, 0, len);
	size_t n = nul ? (size_t)(nul - name) : len;

	/* The unit: "%s%d" of the driver's name and unit, or the name
	 * alone for an interface without a unit (FreeBSD's if_mib.c). */
	while (n > 0 && name[n - 1] >= '0' && name[n - 1] <= '9')
		n--;
	if (outlen == 0)
		return false;
	np_text_clean(out, outlen, name, n);
	return out[0] != '\0';
}
