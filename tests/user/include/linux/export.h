/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: exports are no-ops (<linux/export.h>). */
#ifndef SHIM_LINUX_EXPORT_H
#define SHIM_LINUX_EXPORT_H

/* A redundant declaration, so that the ';' after each use stays legal. */
#define EXPORT_SYMBOL(sym)		extern int __shim_export_##sym
#define EXPORT_SYMBOL_NS(sym, ns)	EXPORT_SYMBOL(sym)

#endif
