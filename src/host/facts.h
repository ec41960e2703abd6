/*
 * facts.h - what a run was measured on: the interface that carries the data
 * on one end (its name, driver, MTU, link speed, offloads, queues) and that
 * host's kernel and CPU.
 *
 * Reading never fails a run: whatever cannot be read stays unknown (-1 for
 * numbers, "" for text).  The parsing of /proc/cpuinfo and the mapping of
 * the kernel's feature names to offload flags are pure, so they are
 * unit-tested (tests/check_nic.c), as are the BSDs' forms
 * (facts_bsd_parse.h); only np_host_facts_read and np_host_facts_socket
 * touch the system, through the backend configure chose (facts_be.h):
 * rtnetlink and ethtool on Linux, PF_ROUTE, getifaddrs, SIOCGIFMEDIA and
 * sysctl on FreeBSD and macOS, getifaddrs alone elsewhere.
 */
#ifndef NP_FACTS_H
#define NP_FACTS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

/* Text widths, NUL included: the wire gives each a field of this size
 * (doc/extension.md), so longer text is cut to width - 1 characters. */
#define NP_FACT_IFNAME_LEN 16     /* IFNAMSIZ */
#define NP_FACT_DRIVER_LEN 32     /* struct ethtool_drvinfo's fields */
#define NP_FACT_SHORT_LEN 32      /* uname's sysname and machine */
#define NP_FACT_LONG_LEN 64       /* uname's release and version, the CPU model */

/* What a known number may be; anything else is unknown (-1). */
#define NP_FACT_MAX_MTU (1 << 20)
#define NP_FACT_MAX_SPEED (1 << 24)      /* Mb/s: 16 Tb/s */
#define NP_FACT_MAX_QUEUES (1 << 16)
#define NP_FACT_MAX_CPUS (1 << 16)

/* Offloads, as ethtool -k names them: a bit each in offload_known and
 * offload_on. */
enum np_offload {
	NP_OFFLOAD_RX_CSUM,     /* rx-checksumming */
	NP_OFFLOAD_TX_CSUM,     /* tx-checksumming: any of tx-checksum-* */
	NP_OFFLOAD_TSO,         /* tcp-segmentation-offload: any tx-tcp*-segmentation */
	NP_OFFLOAD_GSO,         /* generic-segmentation-offload */
	NP_OFFLOAD_GRO,         /* generic-receive-offload */
	NP_OFFLOAD_LRO,         /* large-receive-offload */
	NP_OFFLOADS
};
#define NP_OFFLOAD_ALL ((1u << NP_OFFLOADS) - 1)

struct np_host_facts {
	/* Read (this side) or received (netserver's): false leaves every
	 * other member meaningless, as a zeroed struct has it. */
	bool known;
	/* The interface; "" and -1 where unknown. */
	char ifname[NP_FACT_IFNAME_LEN];
	char driver[NP_FACT_DRIVER_LEN];
	char driver_version[NP_FACT_DRIVER_LEN];
	char firmware[NP_FACT_DRIVER_LEN];
	char bus[NP_FACT_DRIVER_LEN];
	int mtu;
	int speed_mbps;
	unsigned offload_known, offload_on;   /* bits 1 << enum np_offload */
	int rx_queues, tx_queues;
	/* The host. */
	char sysname[NP_FACT_SHORT_LEN];
	char release[NP_FACT_LONG_LEN];
	char version[NP_FACT_LONG_LEN];
	char machine[NP_FACT_SHORT_LEN];
	char cpu_model[NP_FACT_LONG_LEN];
	int cpu_count;
	/* netperf-ng's version on that host (PACKAGE_VERSION); "" from a
	 * netserver-ng that did not send it. */
	char ng_version[NP_FACT_SHORT_LEN];
};

/* Nothing known: known false, numbers -1, text "". */
void np_host_facts_unknown(struct np_host_facts *f);

/* What this system's backend never reads (facts_be.h), and why, for the
 * notes; NULL where it asks for every fact (what one interface lacks,
 * the loopback's link speed say, is unknown without a reason). */
const char *np_host_facts_lacks(void);

/*
 * This host, and the interface its traffic from local to peer leaves by:
 * the route the kernel takes to peer (the loopback for an address of its
 * own), else the interface that holds local.  local may be a wildcard or
 * NULL; peer may be NULL (then only local's interface).  Sets known.
 */
void np_host_facts_read(const struct sockaddr *local, const struct sockaddr *peer,
			struct np_host_facts *f);
/* The same for a data socket: its own address, and its peer (or peer,
 * for an unconnected one); fd -1 takes peer alone. */
void np_host_facts_socket(int fd, const struct sockaddr *peer, struct np_host_facts *f);

/* ---- Pure parts -------------------------------------------------------- */

/* A model name as the system gives it (len bytes, not terminated): blanks
 * squeezed and trimmed, non-printable bytes as '?', cut to outlen - 1,
 * out NUL-padded.  False (out "") when nothing is left. */
bool np_nic_model_text(const char *v, size_t len, char *out, size_t outlen);

/* The CPU model in /proc/cpuinfo's text (len bytes): the first "model
 * name" (x86, some ARM), else "Processor" (older ARM), "cpu model" (MIPS)
 * or "cpu" (POWER), as np_nic_model_text makes it.  False (out "") when
 * there is none. */
bool np_nic_cpu_model(const char *text, size_t len, char *out, size_t outlen);

/* One of the kernel's feature names (ETH_SS_FEATURES), active or not,
 * into the offload bits it counts for; unrelated names change nothing.
 * tx-checksumming and TSO are on when any of their features is. */
void np_nic_feature(const char *name, bool active, unsigned *known, unsigned *on);

/* "rx-csum", "tx-csum", "tso", "gso", "gro", "lro". */
const char *np_nic_offload_name(enum np_offload o);

#endif
