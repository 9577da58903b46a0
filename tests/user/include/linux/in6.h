/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: struct in6_addr, as the C library defines it. */
#ifndef SHIM_LINUX_IN6_H
#define SHIM_LINUX_IN6_H

#include <netinet/in.h>

#endif
