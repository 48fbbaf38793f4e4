// C-3 with libstdc++'s old string ABI (-D_GLIBCXX_USE_CXX11_ABI=0, which CANN toolchains often
// use): acl::Error holds std::strings, so such a program cannot take an Error the core built with
// the new layout. error.hpp makes it build its own; this program must catch a failed ScopedInit's
// Error with the right code, function and text, and must not reference the core's throw_error.
#include <acl/acl.hpp>

#include <cstdio>
#include <string>
#include <string_view>

static_assert(!acl::detail::kThrowInCore, "built with the old string ABI, the Error must be built here");

int main() {
    try {
        acl::ScopedInit init{acl::ConfigFile{"/nonexistent/acl.json"}};
        std::puts("FAIL: a missing config file did not throw");
        return 1;
    } catch (const acl::Error &error) {
        const std::string_view what = error.what();
        const bool ok = error.value() == ACL_ERROR_INVALID_FILE && error.function() == "aclInit" &&
                        what.find("ACL_ERROR_INVALID_FILE (100003)") != std::string_view::npos &&
                        what.find("/nonexistent/acl.json") != std::string_view::npos;
        std::printf("%s: caught acl::Error %d from %s: %s\n", ok ? "ok" : "FAIL", error.value(),
                    error.function().c_str(), error.what());
        return ok ? 0 : 1;
    }
}
