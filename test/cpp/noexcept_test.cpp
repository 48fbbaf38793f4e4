// C-3: with -fno-exceptions the layer builds, the error_code twins work, and a throwing call
// that fails runs the fatal-error handler (it must not return) instead of throwing.
#include <acl/acl.hpp>
#include <acl/config.hpp>
#include <acl/runtime.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <system_error>

#include "catch.hpp"
#include "test_support.hpp"

static_assert(ACLPP_EXCEPTIONS == 0, "this file is built with -fno-exceptions");

namespace {
void exit_with_code(const acl::ErrorInfo &info) noexcept {
    // The child reports what it got through its exit status: the code's last two digits.
    std::fprintf(stderr, "fatal handler: %.*s %d\n", static_cast<int>(info.function.size()), info.function.data(),
                 info.code);
    _exit(info.code % 100);
}
}  // namespace

TEST_CASE("C-3 without exceptions a failing throwing call runs the fatal-error handler", "[C-3][noexcept]") {
    aclpp_test::Fresh fresh;
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        acl::set_fatal_error_handler(&exit_with_code);
        acl::ScopedInit init{acl::ConfigFile{"/nonexistent/acl.json"}};  // 100003
        _exit(0);                                                        // not reached
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == ACL_ERROR_INVALID_FILE % 100);
}

TEST_CASE("C-3 without exceptions the error_code twins report failures", "[C-3][noexcept]") {
    aclpp_test::Fresh fresh;
    std::error_code ec;
    acl::Session session = acl::Session::create(acl::Config{.err_msg_mode = static_cast<acl::ErrMsgMode>(5)}, ec);
    CHECK(ec == acl::Errc::invalid_param);
    CHECK(session.empty());
    acl::ScopedInit init = acl::ScopedInit::create(ec);
    CHECK_FALSE(ec);
    CHECK(init.is_owner());
    const acl::LifecycleState state = acl::lifecycle_state(ec);
    CHECK_FALSE(ec);
    CHECK(state.ref_count == 1);
}
