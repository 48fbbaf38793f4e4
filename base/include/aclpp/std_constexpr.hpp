// aclpp/std_constexpr.hpp: whether the standard library's std::string and std::vector work in
// constant expressions (C++20's P0980 and P1004), told by its feature-test macros, never by the
// compiler's name. libstdc++ before 12 (GCC 10-11, the compilers of Ubuntu 22.04 and openEuler)
// has neither: a function that takes or builds one cannot even be declared constexpr there.
#pragma once

#include <version>

/// 1 when std::string and std::vector are literal types usable in constant expressions.
#ifndef ACLPP_HAS_CONSTEXPR_STD_CONTAINERS
#if defined(__cpp_lib_constexpr_string) && __cpp_lib_constexpr_string >= 201907L && \
    defined(__cpp_lib_constexpr_vector) && __cpp_lib_constexpr_vector >= 201907L
#define ACLPP_HAS_CONSTEXPR_STD_CONTAINERS 1
#else
#define ACLPP_HAS_CONSTEXPR_STD_CONTAINERS 0
#endif
#endif

/// In place of `constexpr` on a function that takes, returns or builds a std::string or
/// std::vector: constexpr where the standard library allows it, otherwise a plain inline
/// function (the same code, run at run time).
#if ACLPP_HAS_CONSTEXPR_STD_CONTAINERS
#define ACLPP_CONSTEXPR_STD constexpr
#else
#define ACLPP_CONSTEXPR_STD inline
#endif
