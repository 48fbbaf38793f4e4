// Tests that leak on purpose. Each must be failed by LifecycleBaseline, so this executable is
// registered with should_fail, and check_leak_report.py checks that it fails for exactly these
// reasons and that the session listener keeps the remaining tests running.
#include <acl/testing/catch2.hpp>  // first: with Catch2 v2 it must precede catch.hpp

ACLPP_CATCH2_SESSION_LISTENER();

namespace {

aclError finalizeCallback(void *) {
    return ACL_SUCCESS;
}

}  // namespace

TEST_CASE_METHOD(acl::testing::LifecycleBaseline, "leak on purpose: a device set and never reset") {
    REQUIRE(aclrtSetDevice(0) == ACL_SUCCESS);
}

TEST_CASE_METHOD(acl::testing::LifecycleBaseline, "leak on purpose: a finalize callback never unregistered") {
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, finalizeCallback, nullptr) == ACL_SUCCESS);
}

TEST_CASE_METHOD(acl::testing::LifecycleBaseline, "leak on purpose: aclFinalize tears down the shared runtime") {
    REQUIRE(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("leak on purpose: a local baseline catches an aclInit without aclFinalizeReference") {
    acl::testing::LifecycleBaseline baseline;
    REQUIRE(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
}

TEST_CASE("after a test finalized the runtime, the listener has taken a new reference") {
    aclppLifecycleState state{};
    REQUIRE(aclppGetLifecycleState(&state) == ACL_SUCCESS);
    CHECK(state.initialized == 1);
}
