// The one include shim that keeps the tests source-compatible with Catch2 v2.13 and v3.
//
// Write tests in the v3 spelling where the two differ; this header backfills it for v2:
//   Catch::Matchers::ContainsSubstring(text)   (v2 calls it Contains; in v3 Contains matches an
//                                               element of a range, so it would not compile)
#pragma once

#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>
#define ACLPP_CATCH2_V3 1
#else
#include <catch2/catch.hpp>
#define ACLPP_CATCH2_V3 0
#endif

#if !ACLPP_CATCH2_V3
#include <string>

namespace Catch::Matchers {
inline StdString::ContainsMatcher ContainsSubstring(const std::string &str,
                                                    CaseSensitive::Choice sensitivity = CaseSensitive::Yes) {
    return Contains(str, sensitivity);
}
}  // namespace Catch::Matchers
#endif
