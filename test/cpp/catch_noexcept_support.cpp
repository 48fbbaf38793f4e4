// Catch2 built with CATCH_CONFIG_DISABLE_EXCEPTIONS needs this hook: a failed REQUIRE ends the
// run (there is no exception to unwind the test case with).
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "catch.hpp"

#if !ACLPP_CATCH2_V3
namespace Catch {
[[noreturn]] void throw_exception(std::exception const &e) {
    std::fprintf(stderr, "Catch2 (no exceptions): %s\n", e.what());
    std::abort();
}
}  // namespace Catch
#endif
