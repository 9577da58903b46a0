/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: exports and module metadata are no-ops. */
#ifndef SHIM_LINUX_MODULE_H
#define SHIM_LINUX_MODULE_H

#define EXPORT_SYMBOL(sym)	extern int __shim_export_##sym
#define EXPORT_SYMBOL_NS(sym, ns)	EXPORT_SYMBOL(sym)
/* A redundant declaration, so that the ';' after each use stays legal. */
#define __SHIM_MODULE_INFO	extern int __shim_module_info
#define MODULE_DESCRIPTION(s)	__SHIM_MODULE_INFO
#define MODULE_AUTHOR(s)	__SHIM_MODULE_INFO
#define MODULE_LICENSE(s)	__SHIM_MODULE_INFO
#define MODULE_VERSION(s)	__SHIM_MODULE_INFO
#define MODULE_IMPORT_NS(ns)	__SHIM_MODULE_INFO

#endif
