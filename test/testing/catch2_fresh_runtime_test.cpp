// <acl/testing/catch2.hpp>: ACLPP_CATCH2_FRESH_RUNTIME_LISTENER() gives each test case the
// lifecycle state of a fresh process (emulated runtime). Run in declaration order: the first
// test case leaves everything behind on purpose (a live runtime with a set device, a callback,
// another platform, a remembered config), the second finds none of it.
#include <acl/testing/catch2.hpp>  // first: with Catch2 v2 it must precede catch.hpp

#include <acl/scoped_init.hpp>
#include <cstring>
#include <string_view>

ACLPP_CATCH2_FRESH_RUNTIME_LISTENER();

namespace {

constexpr std::string_view kFirstConfig = R"({"err_msg_mode": "1"})";
constexpr std::string_view kOtherConfig = R"({"err_msg_mode": "0"})";

aclError finalizeCallback(void *) {
    return ACL_SUCCESS;
}

void requireFreshProcessState() {
    aclppLifecycleState state{};
    REQUIRE(aclppGetLifecycleState(&state) == ACL_SUCCESS);
    CHECK(state.initialized == 0);
    CHECK(state.refCount == 0);
    CHECK(aclppDevicesInUse() == 0);
    CHECK(aclppRegisteredCallbackCount() == 0);
}

}  // namespace

TEST_CASE("fresh runtime: the first test case leaves everything behind") {
    requireFreshProcessState();
    REQUIRE(aclppSetPlatform("Ascend910A", 2) == ACL_SUCCESS);
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, finalizeCallback, nullptr) == ACL_SUCCESS);
    REQUIRE(aclppInitFromBuffer(kFirstConfig.data(), kFirstConfig.size()) == ACL_SUCCESS);
    REQUIRE(aclrtSetDevice(1) == ACL_SUCCESS);
    CHECK(std::strcmp(aclrtGetSocName(), "Ascend910A") == 0);
    // Left: one reference, device 1, the callback, the platform and the config identity (L-4).
}

TEST_CASE("fresh runtime: the next test case starts as a new process would") {
    requireFreshProcessState();
    // Another config's first init succeeds: the identity of the first test's config is gone
    // (without the reset it would be 100000, L-4), and the platform is the environment's again.
    REQUIRE(aclppInitFromBuffer(kOtherConfig.data(), kOtherConfig.size()) == ACL_SUCCESS);
    CHECK(std::strcmp(aclrtGetSocName(), "Ascend910A") != 0);
    CHECK(aclFinalizeReference(nullptr) == ACL_SUCCESS);
}

TEST_CASE_METHOD(acl::testing::LifecycleBaseline, "fresh runtime: LifecycleBaseline measures from the fresh state") {
    CHECK(baseline().ref_count == 0);
    acl::ScopedInit init;
    CHECK(aclrtSetDevice(0) == ACL_SUCCESS);
    CHECK(aclrtResetDevice(0) == ACL_SUCCESS);
}
