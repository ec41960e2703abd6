/*
 * selectors.c - netperf's omni output selectors (-o, -O, -k).
 *
 * One table holds every field netperf 2.7.1 knows, in its order (the
 * order of `-o ?` and of "all"): the name, the four header words that -O
 * stacks and -o joins, and the printf format.  field_value() maps each
 * name to a figure of struct np_report, or to the constant netperf prints
 * for what this implementation does not measure.  The layouts follow
 * netperf's print_omni_csv/human/keyword, quirks included, because
 * scripts parse them.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "report/selectors.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "base/units.h"
#include "cli/opts.h"
#include "cli/plan.h"
#include "report/report.h"
#include "run/test.h"
#include "wire/wire.h"

/* Field ids: indexes into fields[], in netperf's order. */
enum field_id {
	S_OUTPUT_NONE, S_SOCKET_TYPE, S_PROTOCOL, S_DIRECTION, S_ELAPSED_TIME,
	S_THROUGHPUT, S_THROUGHPUT_UNITS, S_LSS_SIZE_REQ, S_LSS_SIZE,
	S_LSS_SIZE_END, S_LSR_SIZE_REQ, S_LSR_SIZE, S_LSR_SIZE_END,
	S_RSS_SIZE_REQ, S_RSS_SIZE, S_RSS_SIZE_END, S_RSR_SIZE_REQ, S_RSR_SIZE,
	S_RSR_SIZE_END, S_LOCAL_SEND_SIZE, S_LOCAL_RECV_SIZE,
	S_REMOTE_SEND_SIZE, S_REMOTE_RECV_SIZE, S_REQUEST_SIZE,
	S_RESPONSE_SIZE, S_LOCAL_CPU_UTIL, S_LOCAL_CPU_PERCENT_USER,
	S_LOCAL_CPU_PERCENT_SYSTEM, S_LOCAL_CPU_PERCENT_IOWAIT,
	S_LOCAL_CPU_PERCENT_IRQ, S_LOCAL_CPU_PERCENT_SWINTR,
	S_LOCAL_CPU_METHOD, S_LOCAL_SD, S_REMOTE_CPU_UTIL,
	S_REMOTE_CPU_PERCENT_USER, S_REMOTE_CPU_PERCENT_SYSTEM,
	S_REMOTE_CPU_PERCENT_IOWAIT, S_REMOTE_CPU_PERCENT_IRQ,
	S_REMOTE_CPU_PERCENT_SWINTR, S_REMOTE_CPU_METHOD, S_REMOTE_SD,
	S_SD_UNITS, S_CONFIDENCE_LEVEL, S_CONFIDENCE_INTERVAL,
	S_CONFIDENCE_ITERATION, S_THROUGHPUT_CONFID, S_LOCAL_CPU_CONFID,
	S_REMOTE_CPU_CONFID, S_TRANSACTION_RATE, S_RT_LATENCY, S_BURST_SIZE,
	S_LOCAL_TRANSPORT_RETRANS, S_REMOTE_TRANSPORT_RETRANS, S_TRANSPORT_MSS,
	S_LOCAL_SEND_THROUGHPUT, S_LOCAL_RECV_THROUGHPUT,
	S_REMOTE_SEND_THROUGHPUT, S_REMOTE_RECV_THROUGHPUT, S_LOCAL_CPU_BIND,
	S_LOCAL_CPU_COUNT, S_LOCAL_CPU_PEAK_UTIL, S_LOCAL_CPU_PEAK_ID,
	S_LOCAL_CPU_MODEL, S_LOCAL_CPU_FREQUENCY, S_REMOTE_CPU_BIND,
	S_REMOTE_CPU_COUNT, S_REMOTE_CPU_PEAK_UTIL, S_REMOTE_CPU_PEAK_ID,
	S_REMOTE_CPU_MODEL, S_REMOTE_CPU_FREQUENCY, S_SOURCE_PORT,
	S_SOURCE_ADDR, S_SOURCE_FAMILY, S_DEST_PORT, S_DEST_ADDR,
	S_DEST_FAMILY, S_LOCAL_SEND_CALLS, S_LOCAL_RECV_CALLS,
	S_LOCAL_BYTES_PER_RECV, S_LOCAL_BYTES_PER_SEND, S_LOCAL_BYTES_SENT,
	S_LOCAL_BYTES_RECVD, S_LOCAL_BYTES_XFERD, S_LOCAL_SEND_OFFSET,
	S_LOCAL_RECV_OFFSET, S_LOCAL_SEND_ALIGN, S_LOCAL_RECV_ALIGN,
	S_LOCAL_SEND_WIDTH, S_LOCAL_RECV_WIDTH, S_LOCAL_SEND_DIRTY_COUNT,
	S_LOCAL_RECV_DIRTY_COUNT, S_LOCAL_RECV_CLEAN_COUNT, S_LOCAL_NODELAY,
	S_LOCAL_CORK, S_REMOTE_SEND_CALLS, S_REMOTE_RECV_CALLS,
	S_REMOTE_BYTES_PER_RECV, S_REMOTE_BYTES_PER_SEND, S_REMOTE_BYTES_SENT,
	S_REMOTE_BYTES_RECVD, S_REMOTE_BYTES_XFERD, S_REMOTE_SEND_OFFSET,
	S_REMOTE_RECV_OFFSET, S_REMOTE_SEND_ALIGN, S_REMOTE_RECV_ALIGN,
	S_REMOTE_SEND_WIDTH, S_REMOTE_RECV_WIDTH, S_REMOTE_SEND_DIRTY_COUNT,
	S_REMOTE_RECV_DIRTY_COUNT, S_REMOTE_RECV_CLEAN_COUNT, S_REMOTE_NODELAY,
	S_REMOTE_CORK, S_LOCAL_SYSNAME, S_LOCAL_SYSTEM_MODEL, S_LOCAL_RELEASE,
	S_LOCAL_VERSION, S_LOCAL_MACHINE, S_REMOTE_SYSNAME,
	S_REMOTE_SYSTEM_MODEL, S_REMOTE_RELEASE, S_REMOTE_VERSION,
	S_REMOTE_MACHINE, S_LOCAL_INTERFACE_NAME, S_LOCAL_INTERFACE_VENDOR,
	S_LOCAL_INTERFACE_DEVICE, S_LOCAL_INTERFACE_SUBVENDOR,
	S_LOCAL_INTERFACE_SUBDEVICE, S_LOCAL_DRIVER_NAME,
	S_LOCAL_DRIVER_VERSION, S_LOCAL_DRIVER_FIRMWARE, S_LOCAL_DRIVER_BUS,
	S_LOCAL_INTERFACE_SLOT, S_REMOTE_INTERFACE_NAME,
	S_REMOTE_INTERFACE_VENDOR, S_REMOTE_INTERFACE_DEVICE,
	S_REMOTE_INTERFACE_SUBVENDOR, S_REMOTE_INTERFACE_SUBDEVICE,
	S_REMOTE_DRIVER_NAME, S_REMOTE_DRIVER_VERSION,
	S_REMOTE_DRIVER_FIRMWARE, S_REMOTE_DRIVER_BUS, S_REMOTE_INTERFACE_SLOT,
	S_LOCAL_INTERVAL_USECS, S_LOCAL_INTERVAL_BURST,
	S_REMOTE_INTERVAL_USECS, S_REMOTE_INTERVAL_BURST,
	S_LOCAL_SECURITY_TYPE_ID, S_LOCAL_SECURITY_TYPE,
	S_LOCAL_SECURITY_ENABLED_NUM, S_LOCAL_SECURITY_ENABLED,
	S_LOCAL_SECURITY_SPECIFIC, S_REMOTE_SECURITY_TYPE_ID,
	S_REMOTE_SECURITY_TYPE, S_REMOTE_SECURITY_ENABLED_NUM,
	S_REMOTE_SECURITY_ENABLED, S_REMOTE_SECURITY_SPECIFIC, S_RESULT_BRAND,
	S_UUID, S_MIN_LATENCY, S_MAX_LATENCY, S_P50_LATENCY, S_P90_LATENCY,
	S_P99_LATENCY, S_MEAN_LATENCY, S_STDDEV_LATENCY, S_LOCAL_SOCKET_PRIO,
	S_REMOTE_SOCKET_PRIO, S_LOCAL_SOCKET_TOS, S_REMOTE_SOCKET_TOS,
	S_LOCAL_CONG_CONTROL, S_REMOTE_CONG_CONTROL, S_LOCAL_FILL_FILE,
	S_REMOTE_FILL_FILE, S_COMMAND_LINE, S_OUTPUT_END,
	/* netperf-ng's own, which netperf 2.7.1's "?" list and "all" lack. */
	S_P99_9_LATENCY, S_P99_99_LATENCY, S_LOCAL_SEND_PACKET_RATE,
	S_REMOTE_RECV_PACKET_RATE, S_PACKET_LOSS_PERCENT,
	/* What the data ran over (facts.h): a side's interface, then its
	 * offloads in enum np_offload's order. */
	S_LOCAL_INTERFACE_MTU, S_LOCAL_INTERFACE_SPEED, S_LOCAL_INTERFACE_RX_QUEUES,
	S_LOCAL_INTERFACE_TX_QUEUES, S_LOCAL_OFFLOAD_RX_CSUM, S_LOCAL_OFFLOAD_TX_CSUM,
	S_LOCAL_OFFLOAD_TSO, S_LOCAL_OFFLOAD_GSO, S_LOCAL_OFFLOAD_GRO, S_LOCAL_OFFLOAD_LRO,
	S_REMOTE_INTERFACE_MTU, S_REMOTE_INTERFACE_SPEED, S_REMOTE_INTERFACE_RX_QUEUES,
	S_REMOTE_INTERFACE_TX_QUEUES, S_REMOTE_OFFLOAD_RX_CSUM, S_REMOTE_OFFLOAD_TX_CSUM,
	S_REMOTE_OFFLOAD_TSO, S_REMOTE_OFFLOAD_GSO, S_REMOTE_OFFLOAD_GRO, S_REMOTE_OFFLOAD_LRO,
	/* Where the data loops ran (placement.h), the last iteration's. */
	S_LOCAL_DATA_CPU, S_LOCAL_DATA_CPU_MIGRATIONS, S_REMOTE_DATA_CPU,
	S_REMOTE_DATA_CPU_MIGRATIONS, S_SHARED_DATA_CPU,
	N_FIELDS
};

enum fmt {
	STR,    /* %s */
	QUOTED, /* "%s" */
	UNITS,  /* %s/s */
	INT,    /* %d */
	HEX2,   /* 0x%.2x */
	HEX4,   /* 0x%.4x */
	CHAR,   /* %c */
	U64,    /* %llu */
	F0,     /* %.0f */
	F2,     /* %.2f */
	F3,     /* %.3f */
	F6,     /* %f */
	G,      /* %g: what is whole prints as %d does */
};

struct field {
	const char *name;
	const char *words[4];   /* header words, "" = none */
	enum fmt fmt;
};

#define F(id, w0, w1, w2, w3, fmt) [S_##id] = { #id, { w0, w1, w2, w3 }, fmt }

/* Header words and formats are netperf 2.7.1's (print_omni_init_list). */
static const struct field fields[N_FIELDS] = {
	F(OUTPUT_NONE, " ", "", "", "", STR),
	F(SOCKET_TYPE, "Socket", "Type", "", "", STR),
	F(PROTOCOL, "Protocol", "", "", "", STR),
	F(DIRECTION, "Direction", "", "", "", STR),
	F(ELAPSED_TIME, "Elapsed", "Time", "(sec)", "", F2),
	F(THROUGHPUT, "Throughput", "", "", "", F2),
	F(THROUGHPUT_UNITS, "Throughput", "Units", "", "", UNITS),
	F(LSS_SIZE_REQ, "Local", "Send Socket", "Size", "Requested", INT),
	F(LSS_SIZE, "Local", "Send Socket", "Size", "Initial", INT),
	F(LSS_SIZE_END, "Local", "Send Socket", "Size", "Final", INT),
	F(LSR_SIZE_REQ, "Local", "Recv Socket", "Size", "Requested", INT),
	F(LSR_SIZE, "Local", "Recv Socket", "Size", "Initial", INT),
	F(LSR_SIZE_END, "Local", "Recv Socket", "Size", "Final", INT),
	F(RSS_SIZE_REQ, "Remote", "Send Socket", "Size", "Requested", INT),
	F(RSS_SIZE, "Remote", "Send Socket", "Size", "Initial", INT),
	F(RSS_SIZE_END, "Remote", "Send Socket", "Size", "Final", INT),
	F(RSR_SIZE_REQ, "Remote", "Recv Socket", "Size", "Requested", INT),
	F(RSR_SIZE, "Remote", "Recv Socket", "Size", "Initial", INT),
	F(RSR_SIZE_END, "Remote", "Recv Socket", "Size", "Final", INT),
	F(LOCAL_SEND_SIZE, "Local", "Send", "Size", "", INT),
	F(LOCAL_RECV_SIZE, "Local", "Recv", "Size", "", INT),
	F(REMOTE_SEND_SIZE, "Remote", "Send", "Size", "", INT),
	F(REMOTE_RECV_SIZE, "Remote", "Recv", "Size", "", INT),
	F(REQUEST_SIZE, "Request", "Size", "Bytes", "", INT),
	F(RESPONSE_SIZE, "Response", "Size", "Bytes", "", INT),
	F(LOCAL_CPU_UTIL, "Local", "CPU", "Util", "%", F2),
	F(LOCAL_CPU_PERCENT_USER, "Local", "CPU", "User", "%", F2),
	F(LOCAL_CPU_PERCENT_SYSTEM, "Local", "CPU", "System", "%", F2),
	F(LOCAL_CPU_PERCENT_IOWAIT, "Local", "CPU", "I/O", "%", F2),
	F(LOCAL_CPU_PERCENT_IRQ, "Local", "CPU", "IRQ", "%", F2),
	F(LOCAL_CPU_PERCENT_SWINTR, "Local", "CPU", "swintr", "%", F2),
	F(LOCAL_CPU_METHOD, "Local", "CPU", "Util", "Method", CHAR),
	F(LOCAL_SD, "Local", "Service", "Demand", "", F3),
	F(REMOTE_CPU_UTIL, "Remote", "CPU", "Util", "%", F2),
	F(REMOTE_CPU_PERCENT_USER, "Remote", "CPU", "User", "%", F2),
	F(REMOTE_CPU_PERCENT_SYSTEM, "Remote", "CPU", "System", "%", F2),
	F(REMOTE_CPU_PERCENT_IOWAIT, "Remote", "CPU", "I/O", "%", F2),
	F(REMOTE_CPU_PERCENT_IRQ, "Remote", "CPU", "IRQ", "%", F2),
	F(REMOTE_CPU_PERCENT_SWINTR, "Remote", "CPU", "swintr", "%", F2),
	F(REMOTE_CPU_METHOD, "Remote", "CPU", "Util", "Method", CHAR),
	F(REMOTE_SD, "Remote", "Service", "Demand", "", F3),
	F(SD_UNITS, "Service", "Demand", "Units", "", STR),
	F(CONFIDENCE_LEVEL, "Confidence", "Level", "Percent", "", G),
	F(CONFIDENCE_INTERVAL, "Confidence", "Width", "Target", "", F6),
	F(CONFIDENCE_ITERATION, "Confidence", "Iterations", "Run", "", INT),
	F(THROUGHPUT_CONFID, "Throughput", "Confidence", "Width (%)", "", F3),
	F(LOCAL_CPU_CONFID, "Local", "CPU", "Confidence", "Width (%)", F3),
	F(REMOTE_CPU_CONFID, "Remote", "CPU", "Confidence", "Width (%)", F3),
	F(TRANSACTION_RATE, "Transaction", "Rate", "Tran/s", "", F3),
	F(RT_LATENCY, "Round", "Trip", "Latency", "usec/tran", F3),
	F(BURST_SIZE, "Initial", "Burst", "Requests", "", INT),
	F(LOCAL_TRANSPORT_RETRANS, "Local", "Transport", "Retransmissions", "", INT),
	F(REMOTE_TRANSPORT_RETRANS, "Remote", "Transport", "Retransmissions", "", INT),
	F(TRANSPORT_MSS, "Transport", "MSS", "bytes", "", INT),
	F(LOCAL_SEND_THROUGHPUT, "Local", "Send", "Throughput", "", F2),
	F(LOCAL_RECV_THROUGHPUT, "Local", "Recv", "Throughput", "", F2),
	F(REMOTE_SEND_THROUGHPUT, "Remote", "Send", "Throughput", "", F2),
	F(REMOTE_RECV_THROUGHPUT, "Remote", "Recv", "Throughput", "", F2),
	F(LOCAL_CPU_BIND, "Local", "CPU", "Bind", "", INT),
	F(LOCAL_CPU_COUNT, "Local", "CPU", "Count", "", INT),
	F(LOCAL_CPU_PEAK_UTIL, "Local", "Peak", "Per CPU", "Util %", F2),
	F(LOCAL_CPU_PEAK_ID, "Local", "Peak", "Per CPU", "ID", INT),
	F(LOCAL_CPU_MODEL, "Local", "CPU", "Model", "", STR),
	F(LOCAL_CPU_FREQUENCY, "Local", "CPU", "Frequency", "MHz", INT),
	F(REMOTE_CPU_BIND, "Remote", "CPU", "Bind", "", INT),
	F(REMOTE_CPU_COUNT, "Remote", "CPU", "Count", "", INT),
	F(REMOTE_CPU_PEAK_UTIL, "Remote", "Peak", "Per CPU", "Util %", F2),
	F(REMOTE_CPU_PEAK_ID, "Remote", "Peak", "Per CPU", "ID", INT),
	F(REMOTE_CPU_MODEL, "Remote", "CPU", "Model", "", STR),
	F(REMOTE_CPU_FREQUENCY, "Remote", "CPU", "Frequency", "MHz", INT),
	F(SOURCE_PORT, "Source", "Port", "", "", STR),
	F(SOURCE_ADDR, "Source", "Address", "", "", STR),
	F(SOURCE_FAMILY, "Source", "Family", "", "", INT),
	F(DEST_PORT, "Destination", "Port", "", "", STR),
	F(DEST_ADDR, "Destination", "Address", "", "", STR),
	F(DEST_FAMILY, "Destination", "Family", "", "", INT),
	F(LOCAL_SEND_CALLS, "Local", "Send", "Calls", "", U64),
	F(LOCAL_RECV_CALLS, "Local", "Recv", "Calls", "", U64),
	F(LOCAL_BYTES_PER_RECV, "Local", "Bytes", "Per", "Recv", F2),
	F(LOCAL_BYTES_PER_SEND, "Local", "Bytes", "Per", "Send", F2),
	F(LOCAL_BYTES_SENT, "Local", "Bytes", "Sent", "", U64),
	F(LOCAL_BYTES_RECVD, "Local", "Bytes", "Received", "", U64),
	F(LOCAL_BYTES_XFERD, "Local", "Bytes", "Xferred", "", F0),
	F(LOCAL_SEND_OFFSET, "Local", "Send", "Offset", "", INT),
	F(LOCAL_RECV_OFFSET, "Local", "Recv", "Offset", "", INT),
	F(LOCAL_SEND_ALIGN, "Local", "Send", "Alignment", "", INT),
	F(LOCAL_RECV_ALIGN, "Local", "Recv", "Alignment", "", INT),
	F(LOCAL_SEND_WIDTH, "Local", "Send", "Width", "", INT),
	F(LOCAL_RECV_WIDTH, "Local", "Recv", "Width", "", INT),
	F(LOCAL_SEND_DIRTY_COUNT, "Local", "Send", "Dirty", "Count", INT),
	F(LOCAL_RECV_DIRTY_COUNT, "Local", "Recv", "Dirty", "Count", INT),
	F(LOCAL_RECV_CLEAN_COUNT, "Local", "Recv", "Clean", "Count", INT),
	F(LOCAL_NODELAY, "Local", "NODELAY", "", "", INT),
	F(LOCAL_CORK, "Local", "Cork", "", "", INT),
	F(REMOTE_SEND_CALLS, "Remote", "Send", "Calls", "", U64),
	F(REMOTE_RECV_CALLS, "Remote", "Recv", "Calls", "", U64),
	F(REMOTE_BYTES_PER_RECV, "Remote", "Bytes", "Per", "Recv", F2),
	F(REMOTE_BYTES_PER_SEND, "Remote", "Bytes", "Per", "Send", F2),
	F(REMOTE_BYTES_SENT, "Remote", "Bytes", "Sent", "", U64),
	F(REMOTE_BYTES_RECVD, "Remote", "Bytes", "Received", "", U64),
	F(REMOTE_BYTES_XFERD, "Remote", "Bytes", "Xferred", "", F0),
	F(REMOTE_SEND_OFFSET, "Remote", "Send", "Offset", "", INT),
	F(REMOTE_RECV_OFFSET, "Remote", "Recv", "Offset", "", INT),
	F(REMOTE_SEND_ALIGN, "Remote", "Send", "Alignment", "", INT),
	F(REMOTE_RECV_ALIGN, "Remote", "Recv", "Alignment", "", INT),
	F(REMOTE_SEND_WIDTH, "Remote", "Send", "Width", "", INT),
	F(REMOTE_RECV_WIDTH, "Remote", "Recv", "Width", "", INT),
	F(REMOTE_SEND_DIRTY_COUNT, "Remote", "Send", "Dirty", "Count", INT),
	F(REMOTE_RECV_DIRTY_COUNT, "Remote", "Recv", "Dirty", "Count", INT),
	F(REMOTE_RECV_CLEAN_COUNT, "Remote", "Recv", "Clean", "Count", INT),
	F(REMOTE_NODELAY, "Remote", "NODELAY", "", "", INT),
	F(REMOTE_CORK, "Remote", "Cork", "", "", INT),
	F(LOCAL_SYSNAME, "Local", "Sysname", "", "", STR),
	F(LOCAL_SYSTEM_MODEL, "Local", "System", "Model", "", STR),
	F(LOCAL_RELEASE, "Local", "Release", "", "", STR),
	F(LOCAL_VERSION, "Local", "Version", "", "", STR),
	F(LOCAL_MACHINE, "Local", "Machine", "", "", STR),
	F(REMOTE_SYSNAME, "Remote", "Sysname", "", "", STR),
	F(REMOTE_SYSTEM_MODEL, "Remote", "System", "Model", "", STR),
	F(REMOTE_RELEASE, "Remote", "Release", "", "", STR),
	F(REMOTE_VERSION, "Remote", "Version", "", "", STR),
	F(REMOTE_MACHINE, "Remote", "Machine", "", "", STR),
	F(LOCAL_INTERFACE_NAME, "Local", "Interface", "Name", "", STR),
	F(LOCAL_INTERFACE_VENDOR, "Local", "Interface", "Vendor", "", HEX4),
	F(LOCAL_INTERFACE_DEVICE, "Local", "Interface", "Device", "", HEX4),
	F(LOCAL_INTERFACE_SUBVENDOR, "Local", "Interface", "Subvendor", "", HEX4),
	F(LOCAL_INTERFACE_SUBDEVICE, "Local", "Interface", "Subdevice", "", HEX4),
	F(LOCAL_DRIVER_NAME, "Local", "Driver", "Name", "", STR),
	F(LOCAL_DRIVER_VERSION, "Local", "Driver", "Version", "", STR),
	F(LOCAL_DRIVER_FIRMWARE, "Local", "Driver", "Firmware", "", STR),
	F(LOCAL_DRIVER_BUS, "Local", "Driver", "Bus", "", STR),
	F(LOCAL_INTERFACE_SLOT, "Local", "Interface", "Slot", "", STR),
	F(REMOTE_INTERFACE_NAME, "Remote", "Interface", "Name", "", STR),
	F(REMOTE_INTERFACE_VENDOR, "Remote", "Interface", "Vendor", "", HEX4),
	F(REMOTE_INTERFACE_DEVICE, "Remote", "Interface", "Device", "", HEX4),
	F(REMOTE_INTERFACE_SUBVENDOR, "Remote", "Interface", "Subvendor", "", HEX4),
	F(REMOTE_INTERFACE_SUBDEVICE, "Remote", "Interface", "Subdevice", "", HEX4),
	F(REMOTE_DRIVER_NAME, "Remote", "Driver", "Name", "", STR),
	F(REMOTE_DRIVER_VERSION, "Remote", "Driver", "Version", "", STR),
	F(REMOTE_DRIVER_FIRMWARE, "Remote", "Driver", "Firmware", "", STR),
	F(REMOTE_DRIVER_BUS, "Remote", "Driver", "Bus", "", STR),
	F(REMOTE_INTERFACE_SLOT, "Remote", "Interface", "Slot", "", STR),
	F(LOCAL_INTERVAL_USECS, "Local", "Interval", "Usecs", "", INT),
	F(LOCAL_INTERVAL_BURST, "Local", "Interval", "Burst", "", INT),
	F(REMOTE_INTERVAL_USECS, "Remote", "Interval", "Usecs", "", INT),
	F(REMOTE_INTERVAL_BURST, "Remote", "Interval", "Burst", "", INT),
	F(LOCAL_SECURITY_TYPE_ID, "Local", "OS", "Security", "Type ID", INT),
	F(LOCAL_SECURITY_TYPE, "Local", "OS", "Security", "Type", STR),
	F(LOCAL_SECURITY_ENABLED_NUM, "Local", "OS", "Security", "Enabled Num", INT),
	F(LOCAL_SECURITY_ENABLED, "Local", "OS", "Security", "Enabled", STR),
	F(LOCAL_SECURITY_SPECIFIC, "Local", "OS", "Security", "Specific", STR),
	F(REMOTE_SECURITY_TYPE_ID, "Remote", "OS", "Security", "Type", INT),
	F(REMOTE_SECURITY_TYPE, "Remote", "OS", "Security", "Type", STR),
	F(REMOTE_SECURITY_ENABLED_NUM, "Remote", "OS", "Security", "Enabled", INT),
	F(REMOTE_SECURITY_ENABLED, "Remote", "OS", "Security", "Enabled", STR),
	F(REMOTE_SECURITY_SPECIFIC, "Remote", "OS", "Security", "Specific", STR),
	F(RESULT_BRAND, "Result", "Tag", "", "", QUOTED),
	F(UUID, "Test", "UUID", "", "", STR),
	F(MIN_LATENCY, "Minimum", "Latency", "Microseconds", "", INT),
	F(MAX_LATENCY, "Maximum", "Latency", "Microseconds", "", INT),
	F(P50_LATENCY, "50th", "Percentile", "Latency", "Microseconds", INT),
	F(P90_LATENCY, "90th", "Percentile", "Latency", "Microseconds", INT),
	F(P99_LATENCY, "99th", "Percentile", "Latency", "Microseconds", INT),
	F(MEAN_LATENCY, "Mean", "Latency", "Microseconds", "", F2),
	F(STDDEV_LATENCY, "Stddev", "Latency", "Microseconds", "", F2),
	F(LOCAL_SOCKET_PRIO, "Local", "Socket", "Priority", "", INT),
	F(REMOTE_SOCKET_PRIO, "Remote", "Socket", "Priority", "", INT),
	F(LOCAL_SOCKET_TOS, "Local", "Socket", "TOS", "", HEX2),
	F(REMOTE_SOCKET_TOS, "Remote", "Socket", "TOS", "", HEX2),
	F(LOCAL_CONG_CONTROL, "Local", "Congestion", "Control", "Algorithm", STR),
	F(REMOTE_CONG_CONTROL, "Remote", "Congestion", "Control", "Algorithm", STR),
	F(LOCAL_FILL_FILE, "Local", "Fill", "File", "", STR),
	F(REMOTE_FILL_FILE, "Remote", "Fill", "File", "", STR),
	F(COMMAND_LINE, "Command", "Line", "", "", QUOTED),
	F(OUTPUT_END, "This", "Is", "The", "End", STR),
	F(P99_9_LATENCY, "99.9th", "Percentile", "Latency", "Microseconds", INT),
	F(P99_99_LATENCY, "99.99th", "Percentile", "Latency", "Microseconds", INT),
	F(LOCAL_SEND_PACKET_RATE, "Local", "Send", "Packets", "per sec", F2),
	F(REMOTE_RECV_PACKET_RATE, "Remote", "Recv", "Packets", "per sec", F2),
	F(PACKET_LOSS_PERCENT, "Packet", "Loss", "Percent", "", F3),
	F(LOCAL_INTERFACE_MTU, "Local", "Interface", "MTU", "", INT),
	F(LOCAL_INTERFACE_SPEED, "Local", "Interface", "Speed", "Mb/s", INT),
	F(LOCAL_INTERFACE_RX_QUEUES, "Local", "Interface", "Rx", "Queues", INT),
	F(LOCAL_INTERFACE_TX_QUEUES, "Local", "Interface", "Tx", "Queues", INT),
	F(LOCAL_OFFLOAD_RX_CSUM, "Local", "Offload", "Rx", "Checksum", INT),
	F(LOCAL_OFFLOAD_TX_CSUM, "Local", "Offload", "Tx", "Checksum", INT),
	F(LOCAL_OFFLOAD_TSO, "Local", "Offload", "TSO", "", INT),
	F(LOCAL_OFFLOAD_GSO, "Local", "Offload", "GSO", "", INT),
	F(LOCAL_OFFLOAD_GRO, "Local", "Offload", "GRO", "", INT),
	F(LOCAL_OFFLOAD_LRO, "Local", "Offload", "LRO", "", INT),
	F(REMOTE_INTERFACE_MTU, "Remote", "Interface", "MTU", "", INT),
	F(REMOTE_INTERFACE_SPEED, "Remote", "Interface", "Speed", "Mb/s", INT),
	F(REMOTE_INTERFACE_RX_QUEUES, "Remote", "Interface", "Rx", "Queues", INT),
	F(REMOTE_INTERFACE_TX_QUEUES, "Remote", "Interface", "Tx", "Queues", INT),
	F(REMOTE_OFFLOAD_RX_CSUM, "Remote", "Offload", "Rx", "Checksum", INT),
	F(REMOTE_OFFLOAD_TX_CSUM, "Remote", "Offload", "Tx", "Checksum", INT),
	F(REMOTE_OFFLOAD_TSO, "Remote", "Offload", "TSO", "", INT),
	F(REMOTE_OFFLOAD_GSO, "Remote", "Offload", "GSO", "", INT),
	F(REMOTE_OFFLOAD_GRO, "Remote", "Offload", "GRO", "", INT),
	F(REMOTE_OFFLOAD_LRO, "Remote", "Offload", "LRO", "", INT),
	F(LOCAL_DATA_CPU, "Local", "Data", "CPU", "", INT),
	F(LOCAL_DATA_CPU_MIGRATIONS, "Local", "Data", "CPU", "Migrations", INT),
	F(REMOTE_DATA_CPU, "Remote", "Data", "CPU", "", INT),
	F(REMOTE_DATA_CPU_MIGRATIONS, "Remote", "Data", "CPU", "Migrations", INT),
	F(SHARED_DATA_CPU, "Shared", "Data", "CPU", "", INT),
};
_Static_assert(S_LOCAL_OFFLOAD_LRO - S_LOCAL_OFFLOAD_RX_CSUM + 1 == NP_OFFLOADS &&
	       S_REMOTE_OFFLOAD_LRO - S_REMOTE_OFFLOAD_RX_CSUM + 1 == NP_OFFLOADS,
	       "a field per offload, in enum np_offload's order");

#undef F

_Static_assert(S_OUTPUT_END + 1 == 175, "netperf 2.7.1 knows 175 output names");

/* ---- Parsing ---------------------------------------------------------- */

/* netperf's per-test defaults (set_output_list_by_test). */
#define TPUT_LIST "ELAPSED_TIME,THROUGHPUT,THROUGHPUT_UNITS"
#define CPU_LIST "LOCAL_CPU_UTIL,LOCAL_CPU_PERCENT_USER,LOCAL_CPU_PERCENT_SYSTEM," \
	"LOCAL_CPU_PERCENT_IOWAIT,LOCAL_CPU_PERCENT_IRQ,LOCAL_CPU_PERCENT_SWINTR," \
	"LOCAL_CPU_METHOD,REMOTE_CPU_UTIL,REMOTE_CPU_PERCENT_USER," \
	"REMOTE_CPU_PERCENT_SYSTEM,REMOTE_CPU_PERCENT_IOWAIT,REMOTE_CPU_PERCENT_IRQ," \
	"REMOTE_CPU_PERCENT_SWINTR,REMOTE_CPU_METHOD,LOCAL_SD,REMOTE_SD,SD_UNITS"
#define STREAM_LIST "LSS_SIZE_END,RSR_SIZE_END,LOCAL_SEND_SIZE," TPUT_LIST
#define MAERTS_LIST "RSS_SIZE_END,LSR_SIZE_END,REMOTE_SEND_SIZE," TPUT_LIST
#define RR_LIST "LSS_SIZE_END,LSR_SIZE_END,RSR_SIZE_END,RSS_SIZE_END," \
	"REQUEST_SIZE,RESPONSE_SIZE," TPUT_LIST

/* "all": four lines of consecutive fields (set_output_list_all). */
static const struct { enum field_id first, last; } all_lines[NP_SEL_MAX_LINES] = {
	{ S_SOCKET_TYPE, S_RESPONSE_SIZE },
	{ S_LOCAL_CPU_UTIL, S_TRANSPORT_MSS },
	{ S_LOCAL_SEND_THROUGHPUT, S_REMOTE_CORK },
	{ S_LOCAL_SYSNAME, S_COMMAND_LINE },
};

/* Longest name or header text a selection file may hold (netperf: 80). */
#define NAME_MAX_LEN 80

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void fail(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	if (why == NULL || whylen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
}

/* A field by its name, case-insensitive, len bytes of name; -1 if none. */
static int find_name(const char *name, size_t len)
{
	for (int i = 0; i < N_FIELDS; i++)
		if (strlen(fields[i].name) == len &&
		    strncasecmp(fields[i].name, name, len) == 0)
			return i;
	return -1;
}

/* The header words joined by single blanks, up to the first empty one:
 * the CSV title of the field, which a selection file may also use. */
static void title(const struct field *f, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int k = 0; k < 4 && f->words[k][0] != '\0'; k++) {
		int w = snprintf(buf + n, len - n, "%s%s", k ? " " : "", f->words[k]);

		if (w < 0 || (size_t)w >= len - n)
			return;
		n += (size_t)w;
	}
}

/* A name from a file: a name or a title; netperf turns anything else into
 * OUTPUT_NONE (a blank column), not into an unknown. */
static int find_name_or_title(const char *name)
{
	char buf[NAME_MAX_LEN + 1];

	for (int i = 0; i < N_FIELDS; i++) {
		if (strcasecmp(fields[i].name, name) == 0)
			return i;
		title(&fields[i], buf, sizeof(buf));
		if (buf[0] != '\0' && strcasecmp(buf, name) == 0)
			return i;
	}
	return S_OUTPUT_NONE;
}

/* Appends id to line, unless the line already ended: OUTPUT_END stops a
 * line in netperf, so what follows it would never print. */
static int add_field(struct np_selection *sel, bool *ended, int line, int id,
		     char *why, size_t whylen)
{
	if (ended[line])
		return 0;
	if (id == S_OUTPUT_END) {
		ended[line] = true;
		return 0;
	}
	if (sel->nfields[line] == NP_SEL_MAX_FIELDS) {
		fail(why, whylen, "too many fields on output line %d (at most %d)",
		     line + 1, NP_SEL_MAX_FIELDS);
		return -1;
	}
	sel->field[line][sel->nfields[line]++] = (short)id;
	if (line + 1 > sel->nlines)
		sel->nlines = line + 1;
	return 0;
}

static bool is_sep(char c)
{
	return c == ',' || c == ' ';
}

/* A direct list: ';' ends an output line (a trailing one adds none), ','
 * and ' ' separate names, empty names are skipped, unknown ones kept. */
static int parse_direct(const char *list, struct np_selection *sel,
			char *why, size_t whylen)
{
	bool ended[NP_SEL_MAX_LINES] = { false };
	const char *p = list;
	int line = 0;

	sel->nlines = 1;
	for (;;) {
		const char *end = strchr(p, ';');

		if (end == NULL)
			end = p + strlen(p);
		while (p < end) {
			const char *tok;
			int id;

			while (p < end && is_sep(*p))
				p++;
			if (p == end)
				break;
			tok = p;
			while (p < end && !is_sep(*p))
				p++;
			if (line >= NP_SEL_MAX_LINES) {
				fail(why, whylen, "too many output lines (at most %d)",
				     NP_SEL_MAX_LINES);
				return -1;
			}
			id = find_name(tok, (size_t)(p - tok));
			if (add_field(sel, ended, line, id < 0 ? NP_SEL_UNKNOWN : id,
				      why, whylen) < 0)
				return -1;
		}
		if (*end == '\0' || end[1] == '\0')
			break;
		p = end + 1;
		line++;
		if (line < NP_SEL_MAX_LINES && line + 1 > sel->nlines)
			sel->nlines = line + 1;
	}
	return 0;
}

/* Ends the name in buf[0..*n): blanks around it are dropped and an empty
 * name ignored. */
static int file_name(struct np_selection *sel, bool *ended, int line, char *buf,
		     size_t *n, bool *line_used, const char *path, char *why,
		     size_t whylen)
{
	char *s = buf;
	size_t len = *n;

	*n = 0;
	while (len > 0 && isblank((unsigned char)s[len - 1]))
		len--;
	s[len] = '\0';
	while (isblank((unsigned char)*s))
		s++;
	if (*s == '\0')
		return 0;
	if (line >= NP_SEL_MAX_LINES) {
		fail(why, whylen, "too many lines in output selection file '%s' (at most %d)",
		     path, NP_SEL_MAX_LINES);
		return -1;
	}
	*line_used = true;
	return add_field(sel, ended, line, find_name_or_title(s), why, whylen);
}

/* A selection file: a line of names per output line, comma-separated.
 * Lines without a name do not count. */
static int parse_file(const char *path, struct np_selection *sel, char *why,
		      size_t whylen)
{
	bool ended[NP_SEL_MAX_LINES] = { false };
	char buf[NAME_MAX_LEN + 1];
	bool line_used = false;
	size_t n = 0;
	int line = 0, c, rc = 0;
	FILE *f = fopen(path, "r");

	if (f == NULL) {
		fail(why, whylen, "cannot open output selection file '%s': %s", path,
		     strerror(errno));
		return -1;
	}
	sel->nlines = 1;
	while (rc == 0 && (c = getc(f)) != EOF) {
		if (c == ',' || c == '\n') {
			rc = file_name(sel, ended, line, buf, &n, &line_used, path,
				       why, whylen);
			if (c == '\n' && line_used) {
				line++;
				line_used = false;
			}
		} else if (isprint(c)) {
			if (n == NAME_MAX_LEN) {
				fail(why, whylen, "output selection file '%s': line %d:"
				     " name too long", path, line + 1);
				rc = -1;
			} else {
				buf[n++] = (char)c;
			}
		}
		/* Anything else, '\r' or '\t', is dropped as netperf does. */
	}
	if (rc == 0 && ferror(f)) {
		fail(why, whylen, "cannot read output selection file '%s': %s", path,
		     strerror(errno));
		rc = -1;
	}
	if (rc == 0)
		rc = file_name(sel, ended, line, buf, &n, &line_used, path, why, whylen);
	fclose(f);
	return rc;
}

static void select_all(struct np_selection *sel)
{
	sel->nlines = NP_SEL_MAX_LINES;
	for (int l = 0; l < NP_SEL_MAX_LINES; l++) {
		sel->nfields[l] = 0;
		for (int id = (int)all_lines[l].first; id <= (int)all_lines[l].last; id++)
			sel->field[l][sel->nfields[l]++] = (short)id;
	}
}

/* The default depends on who sends (direction is netserver's view); a
 * direction where neither sends counts as request/response, as 2.7.1's
 * NETPERF_IS_RR has it. */
static const char *default_list(const struct np_test *t, bool cpu)
{
	const bool srv_xmit = t && (t->direction & NP_DIR_XMIT);
	const bool srv_recv = t && (t->direction & NP_DIR_RECV);

	if (srv_xmit == srv_recv && t)
		return cpu ? RR_LIST "," CPU_LIST : RR_LIST;
	if (srv_xmit)
		return cpu ? MAERTS_LIST "," CPU_LIST : MAERTS_LIST;
	return cpu ? STREAM_LIST "," CPU_LIST : STREAM_LIST;
}

int np_sel_parse(const char *value, enum np_sel_style style,
		 const struct np_test *test, bool cpu, struct np_selection *sel,
		 char *why, size_t whylen)
{
	memset(sel, 0, sizeof(*sel));
	sel->style = style;
	if (value == NULL)
		return parse_direct(default_list(test, cpu), sel, why, whylen);
	if (strcasecmp(value, "all") == 0) {
		select_all(sel);
		return 0;
	}
	if (strchr(value, ',') || strchr(value, ';') ||
	    find_name(value, strlen(value)) >= 0)
		return parse_direct(value, sel, why, whylen);
	return parse_file(value, sel, why, whylen);
}

void np_sel_list_names(FILE *out, enum np_sel_style style)
{
	/* netperf: a comma list for -o and -k, a name per line for -O.
	 * Its list exactly, which scripts may read: netperf-ng's own names
	 * are in netperf(1). */
	for (int i = 0; i <= S_OUTPUT_END; i++)
		fprintf(out, "%s%s", i ? (style == NP_SEL_COLUMNS ? "\n" : ",") : "",
			fields[i].name);
	fputc('\n', out);
}

bool np_sel_wants_latency(const struct np_selection *sel)
{
	for (int l = 0; l < NP_SEL_MAX_LINES; l++)
		for (int j = 0; j < sel->nfields[l]; j++)
			if ((sel->field[l][j] >= S_MIN_LATENCY &&
			     sel->field[l][j] <= S_STDDEV_LATENCY) ||
			    sel->field[l][j] == S_P99_9_LATENCY ||
			    sel->field[l][j] == S_P99_99_LATENCY)
				return true;
	return false;
}

/* ---- Values ----------------------------------------------------------- */

/* One field's value; the member the field's format reads is set. */
struct value {
	bool absent;            /* netperf has none: RESULT_BRAND without -B */
	long long i;
	uint64_t u;
	double d;
	const char *s;
	char buf[24];           /* ports: netperf keeps them as text */
};

/* What netperf prints for what it does not measure in 2.7.1: the
 * uname/driver/slot/model strings were dropped, and a plain build keeps
 * its initial values for the rest.  netperf-ng prints the uname, driver
 * and CPU model strings it knows (the host facts, facts.h) and these where
 * it does not. */
#define DEPRECATED "Deprecated"
#define NO_IFID (-2)            /* interface vendor/device ids */
#define NO_DIRTY (-1)           /* dirty/clean counts (no --enable-dirty) */

static const char *text_or_empty(const char *s)
{
	return s ? s : "";
}

/* A side's rate in the report's unit; 'x' reports these in 10^6bits/s. */
static double side_rate(const struct np_report *r, uint64_t bytes)
{
	if (r->res.elapsed <= 0)
		return 0.0;
	return np_unit_rate((double)bytes / r->res.elapsed, r->unit == 'x' ? 'm' : r->unit);
}

static double per_call(uint64_t bytes, uint64_t calls)
{
	return calls ? (double)bytes / (double)calls : 0.0;
}

static char method(char m)
{
	return m ? m : 'U';
}

/* A side's host fact as text: what was read, or 2.7.1's placeholder. */
static const char *fact_text(const struct np_host_facts *h, const char *s)
{
	return h->known && s[0] ? s : DEPRECATED;
}

/* A side's host fact as a number, -1 where unknown. */
/* The CPU a data loop ended on, -1 unknown; its migrations, -1 unknown
 * (and with its CPU unknown). */
static int data_cpu(const struct np_placement *a)
{
	return a->known ? a->cpu_end : -1;
}

static int migrations(const struct np_placement *a)
{
	return a->known && a->migrations >= 0 ? (a->migrations > INT32_MAX ? INT32_MAX
									    : (int)a->migrations)
					      : -1;
}

static int fact_number(const struct np_host_facts *h, int n)
{
	return h->known ? n : -1;
}

/* An offload: 1 on, 0 off, -1 unknown. */
static int fact_offload(const struct np_host_facts *h, int which)
{
	const unsigned bit = 1u << which;

	if (!h->known || !(h->offload_known & bit))
		return -1;
	return (h->offload_on & bit) != 0;
}

/* The CPU count: the measuring side's (-c/-C, as 2.7.1), else the
 * host's where known, else 2.7.1's 0. */
static int cpu_count(const struct np_result_cpu *c, const struct np_host_facts *h)
{
	if (c->count > 0)
		return c->count;
	return h->known && h->cpu_count > 0 ? h->cpu_count : c->count;
}

static void cpu_value(const struct np_result_cpu *c, int which, struct value *v)
{
	const double d[] = { c->user, c->system, c->iowait, c->irq, c->swintr };

	v->d = d[which];
}

static void field_value(int id, const struct np_report *r, struct value *v)
{
	const struct np_opts *o = r->o;
	const struct np_plan *p = r->plan;
	const struct np_test *t = o->test;
	const struct np_host_facts *lh = &r->res.local_host, *rh = &r->res.remote_host;

	memset(v, 0, sizeof(*v));
	switch (id) {
	case S_OUTPUT_NONE: v->s = " "; break;
	case S_SOCKET_TYPE: v->s = t->sock_type == SOCK_STREAM ? "Stream" : "Datagram"; break;
	case S_PROTOCOL: v->s = t->protocol == IPPROTO_UDP ? "UDP" : "TCP"; break;
	case S_DIRECTION: v->s = np_test_direction_name(t); break;
	case S_ELAPSED_TIME: v->d = r->res.elapsed; break;
	case S_THROUGHPUT: v->d = r->res.throughput; break;
	case S_THROUGHPUT_UNITS: v->s = np_unit_label(r->unit); break;
	case S_LSS_SIZE_REQ: v->i = o->lsndbuf; break;
	case S_LSS_SIZE: v->i = r->res.lss; break;
	case S_LSS_SIZE_END: v->i = r->res.lss_end; break;
	case S_LSR_SIZE_REQ: v->i = o->lrcvbuf; break;
	case S_LSR_SIZE: v->i = r->res.lsr; break;
	case S_LSR_SIZE_END: v->i = r->res.lsr_end; break;
	case S_RSS_SIZE_REQ: v->i = o->rsndbuf; break;
	case S_RSS_SIZE: v->i = r->res.rss; break;
	case S_RSS_SIZE_END: v->i = r->res.rss_end; break;
	case S_RSR_SIZE_REQ: v->i = o->rrcvbuf; break;
	case S_RSR_SIZE: v->i = r->res.rsr; break;
	case S_RSR_SIZE_END: v->i = r->res.rsr_end; break;
	case S_LOCAL_SEND_SIZE: v->i = r->res.send_size; break;
	case S_LOCAL_RECV_SIZE: v->i = r->res.recv_size; break;
	case S_REMOTE_SEND_SIZE: v->i = r->res.rsend_size; break;
	case S_REMOTE_RECV_SIZE: v->i = r->res.rrecv_size; break;
	/* netperf sets the request/response sizes for RR tests only. */
	case S_REQUEST_SIZE: v->i = t->rr ? o->req_size : -1; break;
	case S_RESPONSE_SIZE: v->i = t->rr ? o->rsp_size : -1; break;

	case S_LOCAL_CPU_UTIL: v->d = r->res.lcpu; break;
	case S_LOCAL_CPU_PERCENT_USER:
	case S_LOCAL_CPU_PERCENT_SYSTEM:
	case S_LOCAL_CPU_PERCENT_IOWAIT:
	case S_LOCAL_CPU_PERCENT_IRQ:
	case S_LOCAL_CPU_PERCENT_SWINTR:
		cpu_value(&r->res.lcpu_more, id - S_LOCAL_CPU_PERCENT_USER, v);
		break;
	case S_LOCAL_CPU_METHOD: v->i = method(r->res.lcpu_method); break;
	case S_LOCAL_SD: v->d = r->res.lsd; break;
	case S_REMOTE_CPU_UTIL: v->d = r->res.rcpu; break;
	case S_REMOTE_CPU_PERCENT_USER:
	case S_REMOTE_CPU_PERCENT_SYSTEM:
	case S_REMOTE_CPU_PERCENT_IOWAIT:
	case S_REMOTE_CPU_PERCENT_IRQ:
	case S_REMOTE_CPU_PERCENT_SWINTR:
		cpu_value(&r->res.rcpu_more, id - S_REMOTE_CPU_PERCENT_USER, v);
		break;
	case S_REMOTE_CPU_METHOD: v->i = method(r->res.rcpu_method); break;
	case S_REMOTE_SD: v->d = r->res.rsd; break;
	case S_SD_UNITS: v->s = r->unit == 'x' ? "usec/Tran" : "usec/KB"; break;

	/* Without -i/-I netperf leaves its initial values: level 0, -1 for
	 * the widths, 1 iteration. */
	case S_CONFIDENCE_LEVEL: v->d = o->confidence ? o->conf_level : 0; break;
	case S_CONFIDENCE_INTERVAL: v->d = o->confidence ? o->conf_width : -1.0; break;
	case S_CONFIDENCE_ITERATION: v->i = r->res.iterations > 0 ? r->res.iterations : 1; break;
	case S_THROUGHPUT_CONFID: v->d = o->confidence ? r->res.conf_tput : -1.0; break;
	case S_LOCAL_CPU_CONFID: v->d = o->confidence ? r->res.conf_lcpu : -1.0; break;
	case S_REMOTE_CPU_CONFID: v->d = o->confidence ? r->res.conf_rcpu : -1.0; break;
	/* Computed for RR tests only; the others print the initial 1 and -1. */
	case S_TRANSACTION_RATE: v->d = t->rr ? r->res.transaction_rate : 1.0; break;
	case S_RT_LATENCY: v->d = t->rr ? r->res.rt_latency : -1.0; break;
	case S_BURST_SIZE: v->i = o->burst; break;
	case S_LOCAL_TRANSPORT_RETRANS: v->i = r->res.ltransport_retrans; break;
	case S_REMOTE_TRANSPORT_RETRANS: v->i = r->res.rtransport_retrans; break;
	case S_TRANSPORT_MSS: v->i = r->res.mss; break;
	case S_LOCAL_SEND_THROUGHPUT: v->d = side_rate(r, r->res.local.bytes_sent); break;
	case S_LOCAL_RECV_THROUGHPUT: v->d = side_rate(r, r->res.local.bytes_recv); break;
	case S_REMOTE_SEND_THROUGHPUT: v->d = side_rate(r, r->res.remote.bytes_sent); break;
	case S_REMOTE_RECV_THROUGHPUT: v->d = side_rate(r, r->res.remote.bytes_recv); break;

	case S_LOCAL_CPU_BIND: v->i = o->lcpu_bind; break;
	case S_LOCAL_CPU_COUNT: v->i = cpu_count(&r->res.lcpu_more, lh); break;
	case S_LOCAL_CPU_PEAK_UTIL: v->d = r->res.lcpu_more.peak_util; break;
	case S_LOCAL_CPU_PEAK_ID: v->i = r->res.lcpu_more.peak_id; break;
	case S_LOCAL_CPU_MODEL: v->s = fact_text(lh, lh->cpu_model); break;
	case S_LOCAL_CPU_FREQUENCY: v->i = 0; break;
	case S_REMOTE_CPU_BIND: v->i = o->rcpu_bind; break;
	case S_REMOTE_CPU_COUNT: v->i = cpu_count(&r->res.rcpu_more, rh); break;
	case S_REMOTE_CPU_PEAK_UTIL: v->d = r->res.rcpu_more.peak_util; break;
	case S_REMOTE_CPU_PEAK_ID: v->i = r->res.rcpu_more.peak_id; break;
	case S_REMOTE_CPU_MODEL: v->s = fact_text(rh, rh->cpu_model); break;
	case S_REMOTE_CPU_FREQUENCY: v->i = 0; break;

	/* The data endpoints as given (-P ports, 0 = any), like the banner. */
	case S_SOURCE_PORT:
		snprintf(v->buf, sizeof(v->buf), "%u", (unsigned)o->data_lport);
		v->s = v->buf;
		break;
	case S_SOURCE_ADDR: v->s = text_or_empty(p->lname); break;
	case S_SOURCE_FAMILY: v->i = p->family; break;
	case S_DEST_PORT:
		snprintf(v->buf, sizeof(v->buf), "%u", (unsigned)o->data_rport);
		v->s = v->buf;
		break;
	case S_DEST_ADDR: v->s = text_or_empty(p->rname); break;
	case S_DEST_FAMILY: v->i = p->family; break;

	case S_LOCAL_SEND_CALLS: v->u = r->res.local.send_calls; break;
	case S_LOCAL_RECV_CALLS: v->u = r->res.local.recv_calls; break;
	case S_LOCAL_BYTES_PER_RECV: v->d = per_call(r->res.local.bytes_recv, r->res.local.recv_calls); break;
	case S_LOCAL_BYTES_PER_SEND: v->d = per_call(r->res.local.bytes_sent, r->res.local.send_calls); break;
	case S_LOCAL_BYTES_SENT: v->u = r->res.local.bytes_sent; break;
	case S_LOCAL_BYTES_RECVD: v->u = r->res.local.bytes_recv; break;
	case S_LOCAL_BYTES_XFERD:
		v->d = (double)r->res.local.bytes_sent + (double)r->res.local.bytes_recv;
		break;
	case S_LOCAL_SEND_OFFSET: v->i = o->loffset[0]; break;
	case S_LOCAL_RECV_OFFSET: v->i = o->loffset[1]; break;
	case S_LOCAL_SEND_ALIGN: v->i = o->lalign[0]; break;
	case S_LOCAL_RECV_ALIGN: v->i = o->lalign[1]; break;
	case S_LOCAL_SEND_WIDTH: v->i = r->res.lsend_width; break;
	case S_LOCAL_RECV_WIDTH: v->i = r->res.lrecv_width; break;
	case S_LOCAL_SEND_DIRTY_COUNT:
	case S_LOCAL_RECV_DIRTY_COUNT:
	case S_LOCAL_RECV_CLEAN_COUNT: v->i = NO_DIRTY; break;
	case S_LOCAL_NODELAY: v->i = o->nodelay; break;
	case S_LOCAL_CORK: v->i = o->cork; break;
	case S_REMOTE_SEND_CALLS: v->u = r->res.remote.send_calls; break;
	case S_REMOTE_RECV_CALLS: v->u = r->res.remote.recv_calls; break;
	case S_REMOTE_BYTES_PER_RECV: v->d = per_call(r->res.remote.bytes_recv, r->res.remote.recv_calls); break;
	case S_REMOTE_BYTES_PER_SEND: v->d = per_call(r->res.remote.bytes_sent, r->res.remote.send_calls); break;
	case S_REMOTE_BYTES_SENT: v->u = r->res.remote.bytes_sent; break;
	case S_REMOTE_BYTES_RECVD: v->u = r->res.remote.bytes_recv; break;
	case S_REMOTE_BYTES_XFERD:
		v->d = (double)r->res.remote.bytes_sent + (double)r->res.remote.bytes_recv;
		break;
	case S_REMOTE_SEND_OFFSET: v->i = o->roffset[0]; break;
	case S_REMOTE_RECV_OFFSET: v->i = o->roffset[1]; break;
	case S_REMOTE_SEND_ALIGN: v->i = o->ralign[0]; break;
	case S_REMOTE_RECV_ALIGN: v->i = o->ralign[1]; break;
	case S_REMOTE_SEND_WIDTH: v->i = r->res.rsend_width; break;
	case S_REMOTE_RECV_WIDTH: v->i = r->res.rrecv_width; break;
	case S_REMOTE_SEND_DIRTY_COUNT:
	case S_REMOTE_RECV_DIRTY_COUNT:
	case S_REMOTE_RECV_CLEAN_COUNT: v->i = NO_DIRTY; break;
	case S_REMOTE_NODELAY: v->i = r->res.rnodelay; break;
	case S_REMOTE_CORK: v->i = 0; break;

	case S_LOCAL_INTERFACE_VENDOR:
	case S_LOCAL_INTERFACE_DEVICE:
	case S_LOCAL_INTERFACE_SUBVENDOR:
	case S_LOCAL_INTERFACE_SUBDEVICE:
	case S_REMOTE_INTERFACE_VENDOR:
	case S_REMOTE_INTERFACE_DEVICE:
	case S_REMOTE_INTERFACE_SUBVENDOR:
	case S_REMOTE_INTERFACE_SUBDEVICE: v->i = NO_IFID; break;
	case S_LOCAL_INTERVAL_USECS:
	case S_LOCAL_INTERVAL_BURST:
	case S_REMOTE_INTERVAL_USECS:
	case S_REMOTE_INTERVAL_BURST:
	case S_LOCAL_SECURITY_TYPE_ID:
	case S_LOCAL_SECURITY_ENABLED_NUM:
	case S_REMOTE_SECURITY_TYPE_ID:
	case S_REMOTE_SECURITY_ENABLED_NUM: v->i = 0; break;

	case S_RESULT_BRAND:
		v->s = r->brand;
		v->absent = r->brand == NULL;
		break;
	case S_UUID: v->s = text_or_empty(r->uuid); break;
	/* Without -j (or a latency field) netperf keeps no statistics. */
	case S_MIN_LATENCY: v->i = r->res.latency ? r->res.lat_min : -1; break;
	case S_MAX_LATENCY: v->i = r->res.latency ? r->res.lat_max : -1; break;
	case S_P50_LATENCY: v->i = r->res.latency ? r->res.lat_p50 : -1; break;
	case S_P90_LATENCY: v->i = r->res.latency ? r->res.lat_p90 : -1; break;
	case S_P99_LATENCY: v->i = r->res.latency ? r->res.lat_p99 : -1; break;
	case S_MEAN_LATENCY: v->d = r->res.latency ? r->res.lat_mean : -1.0; break;
	case S_STDDEV_LATENCY: v->d = r->res.latency ? r->res.lat_stddev : -1.0; break;
	case S_P99_9_LATENCY: v->i = r->res.latency ? r->res.lat_p999 : -1; break;
	case S_P99_99_LATENCY: v->i = r->res.latency ? r->res.lat_p9999 : -1; break;
	case S_LOCAL_SEND_PACKET_RATE: v->d = r->res.send_pps; break;
	case S_REMOTE_RECV_PACKET_RATE: v->d = r->res.recv_pps; break;
	case S_PACKET_LOSS_PERCENT: v->d = r->res.loss_pct; break;
	case S_LOCAL_SOCKET_PRIO: v->i = o->lprio; break;
	case S_REMOTE_SOCKET_PRIO: v->i = r->res.rprio; break;
	case S_LOCAL_SOCKET_TOS: v->i = r->res.ltos; break;
	case S_REMOTE_SOCKET_TOS: v->i = r->res.rtos; break;
	case S_LOCAL_CONG_CONTROL: v->s = text_or_empty(r->res.lcong); break;
	case S_REMOTE_CONG_CONTROL: v->s = text_or_empty(r->res.rcong); break;
	case S_LOCAL_FILL_FILE: v->s = text_or_empty(o->lfill); break;
	case S_REMOTE_FILL_FILE: v->s = text_or_empty(o->rfill); break;
	case S_COMMAND_LINE: v->s = text_or_empty(r->command_line); break;

	/* What the data ran over: as read, 2.7.1's placeholder where not. */
	case S_LOCAL_SYSNAME: v->s = fact_text(lh, lh->sysname); break;
	case S_LOCAL_RELEASE: v->s = fact_text(lh, lh->release); break;
	case S_LOCAL_VERSION: v->s = fact_text(lh, lh->version); break;
	case S_LOCAL_MACHINE: v->s = fact_text(lh, lh->machine); break;
	case S_REMOTE_SYSNAME: v->s = fact_text(rh, rh->sysname); break;
	case S_REMOTE_RELEASE: v->s = fact_text(rh, rh->release); break;
	case S_REMOTE_VERSION: v->s = fact_text(rh, rh->version); break;
	case S_REMOTE_MACHINE: v->s = fact_text(rh, rh->machine); break;
	case S_LOCAL_INTERFACE_NAME: v->s = fact_text(lh, lh->ifname); break;
	case S_LOCAL_DRIVER_NAME: v->s = fact_text(lh, lh->driver); break;
	case S_LOCAL_DRIVER_VERSION: v->s = fact_text(lh, lh->driver_version); break;
	case S_LOCAL_DRIVER_FIRMWARE: v->s = fact_text(lh, lh->firmware); break;
	case S_LOCAL_DRIVER_BUS: v->s = fact_text(lh, lh->bus); break;
	case S_REMOTE_INTERFACE_NAME: v->s = fact_text(rh, rh->ifname); break;
	case S_REMOTE_DRIVER_NAME: v->s = fact_text(rh, rh->driver); break;
	case S_REMOTE_DRIVER_VERSION: v->s = fact_text(rh, rh->driver_version); break;
	case S_REMOTE_DRIVER_FIRMWARE: v->s = fact_text(rh, rh->firmware); break;
	case S_REMOTE_DRIVER_BUS: v->s = fact_text(rh, rh->bus); break;
	case S_LOCAL_INTERFACE_MTU: v->i = fact_number(lh, lh->mtu); break;
	case S_LOCAL_INTERFACE_SPEED: v->i = fact_number(lh, lh->speed_mbps); break;
	case S_LOCAL_INTERFACE_RX_QUEUES: v->i = fact_number(lh, lh->rx_queues); break;
	case S_LOCAL_INTERFACE_TX_QUEUES: v->i = fact_number(lh, lh->tx_queues); break;
	case S_REMOTE_INTERFACE_MTU: v->i = fact_number(rh, rh->mtu); break;
	case S_REMOTE_INTERFACE_SPEED: v->i = fact_number(rh, rh->speed_mbps); break;
	case S_REMOTE_INTERFACE_RX_QUEUES: v->i = fact_number(rh, rh->rx_queues); break;
	case S_REMOTE_INTERFACE_TX_QUEUES: v->i = fact_number(rh, rh->tx_queues); break;
	case S_LOCAL_OFFLOAD_RX_CSUM: case S_LOCAL_OFFLOAD_TX_CSUM: case S_LOCAL_OFFLOAD_TSO:
	case S_LOCAL_OFFLOAD_GSO: case S_LOCAL_OFFLOAD_GRO: case S_LOCAL_OFFLOAD_LRO:
		v->i = fact_offload(lh, id - S_LOCAL_OFFLOAD_RX_CSUM);
		break;
	case S_REMOTE_OFFLOAD_RX_CSUM: case S_REMOTE_OFFLOAD_TX_CSUM: case S_REMOTE_OFFLOAD_TSO:
	case S_REMOTE_OFFLOAD_GSO: case S_REMOTE_OFFLOAD_GRO: case S_REMOTE_OFFLOAD_LRO:
		v->i = fact_offload(rh, id - S_REMOTE_OFFLOAD_RX_CSUM);
		break;

	case S_LOCAL_DATA_CPU: v->i = data_cpu(&r->res.local_at); break;
	case S_REMOTE_DATA_CPU: v->i = data_cpu(&r->res.remote_at); break;
	case S_LOCAL_DATA_CPU_MIGRATIONS: v->i = migrations(&r->res.local_at); break;
	case S_REMOTE_DATA_CPU_MIGRATIONS: v->i = migrations(&r->res.remote_at); break;
	case S_SHARED_DATA_CPU: v->i = r->res.shared_cpu; break;

	/* What netperf-ng does not read: model and slot (no DMI, no PCI
	 * slot names), security modules. */
	case S_LOCAL_SYSTEM_MODEL: case S_REMOTE_SYSTEM_MODEL:
	case S_LOCAL_INTERFACE_SLOT: case S_REMOTE_INTERFACE_SLOT:
	case S_LOCAL_SECURITY_TYPE: case S_LOCAL_SECURITY_ENABLED:
	case S_LOCAL_SECURITY_SPECIFIC:
	case S_REMOTE_SECURITY_TYPE: case S_REMOTE_SECURITY_ENABLED:
	case S_REMOTE_SECURITY_SPECIFIC:
		v->s = DEPRECATED;
		break;

	default:                /* OUTPUT_END, an unknown name */
		v->absent = true;
		break;
	}
}

/* A value as text: a fixed prefix and suffix around a string, so that
 * neither the command line nor a brand is ever cut. */
struct text {
	const char *pre, *s, *post;
	size_t len;
	struct value v;         /* s may point into it */
	char num[400];          /* %f of DBL_MAX takes 316 characters */
};

/* False when the field prints no value (unknown name, RESULT_BRAND
 * without -B). */
static bool render(int id, const struct np_report *r, struct text *t)
{
	const struct value *v = &t->v;
	const struct field *f;

	t->pre = t->post = "";
	t->s = t->num;
	t->num[0] = '\0';
	t->len = 0;
	if (id < 0 || id >= N_FIELDS)
		return false;
	f = &fields[id];
	field_value(id, r, &t->v);
	if (v->absent)
		return false;
	switch (f->fmt) {
	case STR: t->s = v->s; break;
	case QUOTED: t->pre = t->post = "\""; t->s = v->s; break;
	case UNITS: t->s = v->s; t->post = "/s"; break;
	case INT: snprintf(t->num, sizeof(t->num), "%d", (int)v->i); break;
	/* netperf's %x of an int: -1 prints as 0xffffffff. */
	case HEX2: snprintf(t->num, sizeof(t->num), "0x%.2x", (unsigned)(int)v->i); break;
	case HEX4: snprintf(t->num, sizeof(t->num), "0x%.4x", (unsigned)(int)v->i); break;
	case CHAR: snprintf(t->num, sizeof(t->num), "%c", (char)v->i); break;
	case U64: snprintf(t->num, sizeof(t->num), "%" PRIu64, v->u); break;
	case F0: snprintf(t->num, sizeof(t->num), "%.0f", v->d); break;
	case F2: snprintf(t->num, sizeof(t->num), "%.2f", v->d); break;
	case F3: snprintf(t->num, sizeof(t->num), "%.3f", v->d); break;
	case F6: snprintf(t->num, sizeof(t->num), "%f", v->d); break;
	case G: snprintf(t->num, sizeof(t->num), "%g", v->d); break;
	}
	if (t->s == NULL)
		t->s = "";
	t->len = strlen(t->pre) + strlen(t->s) + strlen(t->post);
	return true;
}

static void put_text(FILE *out, const struct text *t)
{
	fputs(t->pre, out);
	fputs(t->s, out);
	fputs(t->post, out);
}

/* -o's field: as put_text, but quoted as RFC 4180 asks when it holds a
 * comma, a quote or a line break (a host fact from the peer may), its
 * quotes doubled, so that the columns stay put.  The command line is in
 * quotes already, as netperf prints it; only its own quotes double. */
static void put_csv_text(FILE *out, const struct text *t)
{
	const bool quoted = t->pre[0] == '"';

	if (!quoted && !strpbrk(t->s, ",\"\r\n")) {
		put_text(out, t);
		return;
	}
	fputc('"', out);
	if (!quoted)
		fputs(t->pre, out);
	for (const char *c = t->s; *c; c++) {
		if (*c == '"')
			fputc('"', out);
		fputc(*c, out);
	}
	if (!quoted)
		fputs(t->post, out);
	fputc('"', out);
}

/* ---- Layouts ---------------------------------------------------------- */

static void pad(FILE *out, size_t n)
{
	while (n-- > 0)
		fputc(' ', out);
}

static size_t longest_word(int id)
{
	size_t w = 0;

	if (id < 0)
		return 0;
	for (int k = 0; k < 4; k++)
		if (strlen(fields[id].words[k]) > w)
			w = strlen(fields[id].words[k]);
	return w;
}

/*
 * -o: all output lines merge into one title line and one value line.
 * Titles: a field's words up to the first empty one, joined by blanks; a
 * field without words (an unknown name) adds nothing, not even a comma.
 * Values: netperf writes "value," for each field and ", " for one without
 * a value, then drops the very last character, so an unknown last field
 * leaves "17331.50,," and one in the middle ",, ".  Nothing at all when
 * the first line is empty.
 */
static void print_csv(FILE *out, const struct np_selection *sel,
		      const struct np_report *r)
{
	int last_line = 0;
	bool first = true;
	struct text t;

	if (sel->nfields[0] == 0)
		return;
	for (int l = 0; l < NP_SEL_MAX_LINES; l++)
		if (sel->nfields[l] > 0)
			last_line = l;
	if (r->headers) {
		for (int l = 0; l < NP_SEL_MAX_LINES; l++)
			for (int j = 0; j < sel->nfields[l]; j++) {
				const int id = sel->field[l][j];

				if (id < 0 || fields[id].words[0][0] == '\0')
					continue;
				if (!first)
					fputc(',', out);
				first = false;
				for (int k = 0; k < 4 && fields[id].words[k][0] != '\0'; k++)
					fprintf(out, "%s%s", k ? " " : "", fields[id].words[k]);
			}
		fputc('\n', out);
	}
	for (int l = 0; l <= last_line; l++)
		for (int j = 0; j < sel->nfields[l]; j++) {
			const bool last = l == last_line && j == sel->nfields[l] - 1;

			if (render(sel->field[l][j], r, &t)) {
				put_csv_text(out, &t);
				if (!last)
					fputc(',', out);
			} else {
				fputs(last ? "," : ", ", out);
			}
		}
	fputc('\n', out);
}

/*
 * -O: per output line, 4 title rows and the value row.  A column is as
 * wide as its longest header word or its value plus one blank, whichever
 * is more, then one blank more; rows keep their trailing blanks.  An
 * empty line separates output lines (and precedes the first one printed
 * when line 1 is empty, as in netperf).
 */
static void print_columns(FILE *out, const struct np_selection *sel,
			  const struct np_report *r)
{
	size_t width[NP_SEL_MAX_FIELDS];
	struct text t;

	for (int l = 0; l < NP_SEL_MAX_LINES; l++) {
		const int n = sel->nfields[l];

		if (n == 0)
			continue;
		if (l > 0)
			fputc('\n', out);
		for (int j = 0; j < n; j++) {
			const int id = sel->field[l][j];
			size_t w = longest_word(id);

			if (render(id, r, &t) && t.len + 1 > w)
				w = t.len + 1;
			width[j] = w + 1;
		}
		for (int k = 0; r->headers && k < 4; k++) {
			for (int j = 0; j < n; j++) {
				const int id = sel->field[l][j];
				const char *word = id >= 0 ? fields[id].words[k] : "";

				fputs(word, out);
				pad(out, width[j] - strlen(word));
			}
			fputc('\n', out);
		}
		for (int j = 0; j < n; j++) {
			if (render(sel->field[l][j], r, &t)) {
				put_text(out, &t);
				pad(out, width[j] - t.len);
			} else {
				pad(out, width[j]);
			}
		}
		fputc('\n', out);
	}
}

/* -k: NAME=value, every line's fields in turn; a field without a value
 * (unknown name, no brand) prints nothing. */
static void print_keyval(FILE *out, const struct np_selection *sel,
			 const struct np_report *r)
{
	struct text t;

	for (int l = 0; l < NP_SEL_MAX_LINES; l++)
		for (int j = 0; j < sel->nfields[l]; j++) {
			const int id = sel->field[l][j];

			if (!render(id, r, &t))
				continue;
			fprintf(out, "%s=", fields[id].name);
			put_text(out, &t);
			fputc('\n', out);
		}
}

void np_sel_print(FILE *out, const struct np_selection *sel,
		  const struct np_report *r)
{
	switch (sel->style) {
	case NP_SEL_CSV: print_csv(out, sel, r); break;
	case NP_SEL_COLUMNS: print_columns(out, sel, r); break;
	case NP_SEL_KEYVAL: print_keyval(out, sel, r); break;
	}
}

int np_sel_choose(const char *value, enum np_sel_style style, const struct np_test *test,
		  bool cpu, struct np_selection *sel, FILE *out, FILE *err)
{
	char why[256];

	if (value && strcmp(value, "?") == 0) {
		np_sel_list_names(out, style);
		return 1;
	}
	if (np_sel_parse(value, style, test, cpu, sel, why, sizeof(why)) < 0) {
		const char letter = style == NP_SEL_CSV ? 'o' : style == NP_SEL_COLUMNS ? 'O' : 'k';

		if (value)
			fprintf(err, "netperf: -%c %s: %s\n", letter, value, why);
		else
			fprintf(err, "netperf: -%c: %s\n", letter, why);
		return -1;
	}
	return 0;
}
