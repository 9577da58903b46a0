/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: bytemask_from_count() of <linux/dcache.h>, little-endian. */
#ifndef SHIM_LINUX_DCACHE_H
#define SHIM_LINUX_DCACHE_H

#define bytemask_from_count(cnt)	(~(~0ul << (cnt) * 8))

#endif
