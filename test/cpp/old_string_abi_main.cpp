// C-3 with libstdc++'s old string ABI (-D_GLIBCXX_USE_CXX11_ABI=0, which CANN toolchains often
// use): acl::Error holds std::strings, and no std::string crosses the core's boundary, so such a
// program must catch a failed ScopedInit's Error with the right code, function and text, and
// message() of the core's category must work from it.
#include <acl/acl.hpp>

#include <cstdio>
#include <string>
#include <string_view>

int main() {
    try {
        acl::ScopedInit init{acl::ConfigFile{"/nonexistent/acl.json"}};
        std::puts("FAIL: a missing config file did not throw");
        return 1;
    } catch (const acl::Error &error) {
        const std::string_view what = error.what();
        const bool ok = error.value() == ACL_ERROR_INVALID_FILE && error.function() == "aclInit" &&
                        what.find("ACL_ERROR_INVALID_FILE (100003)") != std::string_view::npos &&
                        what.find("/nonexistent/acl.json") != std::string_view::npos &&
                        error.code().message().find("ACL_ERROR_INVALID_FILE 100003") != std::string::npos;
        std::printf("%s: caught acl::Error %d from %s: %s\n", ok ? "ok" : "FAIL", error.value(),
                    error.function().c_str(), error.what());
        return ok ? 0 : 1;
    }
}
