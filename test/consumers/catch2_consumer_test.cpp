// A Catch2 test as a user writes it against an installed aclpp (issue 27): the helpers of
// <acl/testing/catch2.hpp> and the fresh-runtime listener, one line (docs/testing-catch2.md).
// With Catch2 v2 this file holds Catch's main; with v3 it comes from Catch2WithMain.
#if !__has_include(<catch2/catch_all.hpp>)
#define CATCH_CONFIG_MAIN
#endif
#include <acl/testing/catch2.hpp>

#include <string_view>

ACLPP_CATCH2_FRESH_RUNTIME_LISTENER();

namespace {

// Each test case's first init brings its own config: a process that keeps its first config's
// identity (L-4) would refuse the second with 100000, whichever runs second.
void first_init_with(std::string_view config) {
    aclppLifecycleState state{};
    REQUIRE(aclppGetLifecycleState(&state) == ACL_SUCCESS);
    REQUIRE(state.refCount == 0);
    REQUIRE(aclppInitFromBuffer(config.data(), config.size()) == ACL_SUCCESS);
    CHECK(aclFinalizeReference(nullptr) == ACL_SUCCESS);
}

}  // namespace

TEST_CASE_METHOD(acl::testing::LifecycleBaseline, "consumer: a first init with one config") {
    first_init_with(R"({"err_msg_mode": "1"})");
}

TEST_CASE_METHOD(acl::testing::LifecycleBaseline, "consumer: a first init with another config") {
    first_init_with(R"({"err_msg_mode": "0"})");
}

TEST_CASE("consumer: the config matchers") {
    CHECK_THAT(R"({"err_msg_mode": 1})", acl::testing::FailsWith(acl::Errc::invalid_param, "/err_msg_mode"));
}
