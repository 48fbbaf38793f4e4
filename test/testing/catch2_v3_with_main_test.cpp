// <acl/testing/catch2.hpp> as most Catch2 v3 users build it: Catch2's own main (Catch2WithMain,
// pkg-config catch2-with-main), the Catch2 header included first, the default random order.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers.hpp>

#include <acl/testing/catch2.hpp>

ACLPP_CATCH2_SESSION_LISTENER();

TEST_CASE_METHOD(acl::testing::LifecycleBaseline, "Catch2WithMain: the listener holds the runtime for the test") {
    aclppLifecycleState state{};
    REQUIRE(aclppGetLifecycleState(&state) == ACL_SUCCESS);
    CHECK(state.initialized == 1);
    CHECK(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK(aclFinalizeReference(nullptr) == ACL_SUCCESS);
}

TEST_CASE("Catch2WithMain: matchers compose and StringMakers print names") {
    using acl::testing::FailsWith;
    using acl::testing::HasError;
    constexpr std::string_view config = R"({"err_msg_mode": "2", "StackSize": {"aicore_stack_size": -1}})";
    CHECK_THAT(config, FailsWith(acl::Errc::invalid_param, "/err_msg_mode") &&
                           HasError(acl::Errc::failure, "/StackSize/aicore_stack_size"));
    CHECK_THAT(config, !FailsWith(acl::Errc::failure));
    CHECK(Catch::Detail::stringify(acl::Errc::repeat_initialize) == "ACL_ERROR_REPEAT_INITIALIZE (100002)");
}
