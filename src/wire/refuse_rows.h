/*
 * refuse_rows.h - netperf-ng's refusal codes, a row each (refuse.h):
 * X(code, Linux's errno for netperf 2.7.1, that errno's strerror() on
 * Linux (what netperf 2.7.1 prints for it), the rule behind it).
 *
 * The Linux numbers are constants, never the host's <errno.h> names:
 * netperf 2.7.1 prints strerror() of the number it gets, so a
 * netserver-ng on FreeBSD must send it Linux's 87 for "Too many users",
 * not its own EUSERS (68, Linux's EADV, "Advertise error"), and FreeBSD
 * has no ETIME or EKEYREJECTED at all.
 * tests/check_refuse.c compiles these rows with those names made wrong.
 * Included by refuse.c and that test alone.
 */
#ifndef NP_REFUSE_ROWS_H
#define NP_REFUSE_ROWS_H

#define NP_REFUSE_ROWS(X) \
	X(NP_REFUSE_SESSIONS, 87 /* EUSERS */, "Too many users", \
	  "netserver runs as many sessions as its limits allow, in all or " \
	  "from this address's /32, /24, /64, /56 or /48 (--max-sessions, " \
	  "--max-per-prefix, --max-per-net, --max-per-site; its log says " \
	  "which); try again later") \
	X(NP_REFUSE_RATE, 11 /* EAGAIN */, "Resource temporarily unavailable", \
	  "too many new connections from this network for netserver's " \
	  "--conn-rate; try again shortly") \
	X(NP_REFUSE_AUTH, 129 /* EKEYREJECTED */, "Key was rejected by service", \
	  "too many wrong passphrases from this network lately") \
	X(NP_REFUSE_TIME, 62 /* ETIME */, "Timer expired", \
	  "the test runs longer than netserver's --max-test-time") \
	X(NP_REFUSE_MEMORY, 12 /* ENOMEM */, "Cannot allocate memory", \
	  "the buffers asked, as the kernel counts them (Linux doubles socket " \
	  "buffers), exceed netserver's --max-session-memory, or with the other " \
	  "sessions' its --max-memory") \
	X(NP_REFUSE_CAPABILITY, 1 /* EPERM */, "Operation not permitted", \
	  "netserver lacks CAP_NET_ADMIN, which an option of this test " \
	  "needs (socket priority above 6, a congestion control outside " \
	  "the allowed list)") \
	X(NP_REFUSE_FAMILY, 97 /* EAFNOSUPPORT */, "Address family not supported by protocol", \
	  "netserver takes data only in the control connection's address " \
	  "family unless started with --data-peer declared") \
	X(NP_REFUSE_ADDRESS, 99 /* EADDRNOTAVAIL */, "Cannot assign requested address", \
	  "the data address is not one netserver listens on") \
	X(NP_REFUSE_PORT, 13 /* EACCES */, "Permission denied", \
	  "the data port is privileged or outside netserver's --data-ports") \
	X(NP_REFUSE_OPTION, 95 /* EOPNOTSUPP */, "Operation not supported", \
	  "netserver's operator refuses a netperf-ng option this test asks " \
	  "for (netserver --refuse-option; its log names it)") \
	X(NP_REFUSE_NOT_ALLOWED, 125 /* ECANCELED */, "Operation canceled", \
	  "netserver serves --busy-poll, which keeps one of its CPUs busy, " \
	  "only when its operator allows it: start it with netserver " \
	  "--allow-option busy-poll") \
	X(NP_REFUSE_SPINNING, 16 /* EBUSY */, "Device or resource busy", \
	  "as many sessions busy-poll on netserver as its --max-spinning " \
	  "allows; try again later") \
	X(NP_REFUSE_UNPROVEN, 89 /* EDESTADDRREQ */, "Destination address required", \
	  "netserver --data-peer declared sends a declared data address other " \
	  "than the control connection's more than it receives only once that " \
	  "address has echoed its cookie (its log says which test and sizes)") \
	X(NP_REFUSE_EXT_TEST, 56 /* EBADRQC */, "Invalid request code", \
	  "that netserver-ng does not have this test (an older version?)") \
	X(NP_REFUSE_FLOWS, 24 /* EMFILE */, "Too many open files", \
	  "the run asks more flows than netserver's --max-flows allows, or " \
	  "more file descriptors than netserver has (its log says which)")

#endif
