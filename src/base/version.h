/* version.h - what -V prints: the netperf release we are compatible with. */
#ifndef NP_VERSION_H
#define NP_VERSION_H

#define NP_COMPAT_VERSION "2.7.1"
#define NP_VERSION_LINE "Netperf version " NP_COMPAT_VERSION " (" PACKAGE_NAME " " PACKAGE_VERSION ")"

#endif
