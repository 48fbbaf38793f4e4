// Feature macros of the C++ layer. Every macro starts with ACLPP_, always has a value and is
// tested with #if; a user may predefine the switches (ACLPP_EXCEPTIONS) before any include.
#pragma once

#include <aclpp/std_constexpr.hpp>
#include <version>

/// 1 when the layer throws acl::Error, 0 when exceptions are disabled (-fno-exceptions): the
/// throwing calls are then not available and the error_code twins are the API (decision C-3).
#ifndef ACLPP_EXCEPTIONS
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#define ACLPP_EXCEPTIONS 1
#else
#define ACLPP_EXCEPTIONS 0
#endif
#endif

/// Marks a call that throws. Without exceptions, ACLPP_THROWING (before a function or
/// constructor) or ACLPP_THROWING_PARAMETER (last in the template head of one that is already a
/// template) makes it a template, and ACLPP_NEEDS_EXCEPTIONS(twin), first in its body, fails its
/// instantiation: a call compiles to an error naming the error_code twin, never to an abort,
/// while a program that does not call it compiles as before.
#if ACLPP_EXCEPTIONS
#define ACLPP_THROWING
#define ACLPP_THROWING_PARAMETER
#define ACLPP_NEEDS_EXCEPTIONS(twin)
#else
#define ACLPP_THROWING template <class AclppExceptionsDisabled = void>
#define ACLPP_THROWING_PARAMETER , class AclppExceptionsDisabled = void
#define ACLPP_NEEDS_EXCEPTIONS(twin)                                                                  \
    static_assert(sizeof(AclppExceptionsDisabled *) == 0,                                             \
                  "this acl:: call throws acl::Error and exceptions are disabled (-fno-exceptions): " \
                  "call its error_code twin " twin " instead (decision C-3)")
#endif

/// 1 when std::string and std::vector work in constant expressions, so acl::Config can be
/// validated and serialised at compile time (acl::static_config). 0 where the standard library
/// lacks them (libstdc++ before 12: GCC 10-11) and with Clang over libstdc++: Clang 14 and 16
/// cannot evaluate libstdc++ 12's constexpr std::string (union member activation) and newer
/// pairs are untested. The same config is then validated at run time (decision C-4).
#ifndef ACLPP_HAS_CONSTEXPR_CONFIG
#if ACLPP_HAS_CONSTEXPR_STD_CONTAINERS && !(defined(__clang__) && defined(__GLIBCXX__))
#define ACLPP_HAS_CONSTEXPR_CONFIG 1
#else
#define ACLPP_HAS_CONSTEXPR_CONFIG 0
#endif
#endif

/// Handles compare the process id at destruction with the one at construction (L-10): in a
/// fork() child they do nothing. 1 where <unistd.h> provides getpid().
#ifndef ACLPP_HAS_GETPID
#if __has_include(<unistd.h>)
#define ACLPP_HAS_GETPID 1
#else
#define ACLPP_HAS_GETPID 0
#endif
#endif

/// 1 where <sched.h> provides sched_yield(): the callback tokens yield through it rather than
/// std::this_thread::yield, whose <thread> costs more to compile than the whole layer.
#ifndef ACLPP_HAS_SCHED_YIELD
#if __has_include(<sched.h>)
#define ACLPP_HAS_SCHED_YIELD 1
#else
#define ACLPP_HAS_SCHED_YIELD 0
#endif
#endif

/// Marks the single function that turns an aclError into an exception: out of line and cold.
#if defined(__GNUC__) || defined(__clang__)
#define ACLPP_COLD [[gnu::cold, gnu::noinline]]
#else
#define ACLPP_COLD
#endif
