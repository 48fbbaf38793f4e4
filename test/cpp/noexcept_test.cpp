// C-3: with -fno-exceptions the layer builds and its error_code twins are the API; a throwing
// call does not compile (test/cpp/compile_fail/no_exceptions_*.cpp), so nothing aborts.
#include <acl/acl.hpp>
#include <acl/config.hpp>
#include <acl/runtime.hpp>

#include <system_error>

#include "catch.hpp"
#include "test_support.hpp"

static_assert(ACLPP_EXCEPTIONS == 0, "this file is built with -fno-exceptions");

TEST_CASE("C-3 without exceptions a failing init reports through its error_code twin", "[C-3][noexcept]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    const acl::ScopedInit init = acl::ScopedInit::create(acl::ConfigFile{"/nonexistent/acl.json"}, ec);
    CHECK(ec == acl::Errc::invalid_file);
    CHECK(init.empty());
    CHECK(acl::lifecycle_state(ec).ref_count == 0);
}

TEST_CASE("C-3 without exceptions the error_code twins report failures", "[C-3][noexcept]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
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
