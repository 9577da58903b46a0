/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: nothing is discarded after init. */
#ifndef SHIM_LINUX_INIT_H
#define SHIM_LINUX_INIT_H

#define __init
#define __initconst
#define __initdata

#endif
