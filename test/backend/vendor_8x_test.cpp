// The vendor backend over a CANN 8.x runtime (B-6), against the 8.x stand-in: no
// aclFinalizeReference, no callback API, no device limits. aclpp counts its own holders and
// finalizes only a runtime it initialised. Each case runs in a process of its own
// (test/support/run_each_case.py): the plain aclInit/aclFinalize calls play the other library.
#include <acl/all.hpp>
#include <acl/runtime.hpp>

#include <memory>
#include <string>
#include <string_view>

#include "catch.hpp"

namespace {

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

std::string recent() {
    const char *text = aclppGetRecentErrMsg();
    return text != nullptr ? text : "";
}

/// True when the vendor runtime is up: a plain aclInit then answers 100002 (over 8.x it keeps
/// no count, so the probe changes nothing).
bool runtime_live() {
    const aclError rc = aclInit(nullptr);
    if (rc == ACL_SUCCESS) REQUIRE(aclFinalize() == ACL_SUCCESS);  // it was not: undo the probe
    return rc == ACL_ERROR_REPEAT_INITIALIZE;
}

const acl::Config kConfig{.err_msg_mode = acl::ErrMsgMode::thread};

}  // namespace

TEST_CASE("B-6 the 8.x runtime has none of the optional vendor features", "[B-6]") {
    CHECK(aclppRuntimeFeatures() == 0);
    const acl::RuntimeFeatures features = acl::runtime_features();
    CHECK_FALSE(features.finalize_reference);
    CHECK_FALSE(features.callbacks);
    CHECK_FALSE(features.device_limits);
    CHECK(std::string_view(aclppRuntimeFeatureFunctions(ACLPP_FEATURE_FINALIZE_REFERENCE)) == "aclFinalizeReference");
    CHECK(aclppRuntimeFeatureFunctions(8) == nullptr);
}

TEST_CASE("B-6 a Session that initialises owns the runtime and its last aclpp holder finalizes", "[B-6]") {
    CHECK(aclppGetRuntimeOwner() == ACLPP_OWNER_NONE);
    {
        acl::Session first{kConfig};
        CHECK_FALSE(first.joined());
        CHECK(acl::lifecycle_state().owner == acl::RuntimeOwner::aclpp);
        {
            acl::Session second{kConfig, acl::JoinPolicy::strict};  // the bytes aclpp passed are known
            CHECK(second.joined());
            CHECK(second.join_report().compared);
            CHECK(acl::lifecycle_state().ref_count == 2);
        }
        CHECK(acl::lifecycle_state().ref_count == 1);
        CHECK(runtime_live());  // the first holder still has it
    }
    CHECK(acl::lifecycle_state().owner == acl::RuntimeOwner::none);
    CHECK_FALSE(runtime_live());  // the last aclpp holder called aclFinalize

    // The owner need not be the last to leave: any last aclpp holder finalizes.
    auto owner = std::make_unique<acl::Session>(kConfig);
    acl::Session joiner{kConfig};
    owner.reset();
    CHECK(runtime_live());
    joiner.close();
    CHECK_FALSE(runtime_live());
}

TEST_CASE("B-6 after an outside aclInit aclpp joins and never finalizes", "[B-6]") {
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);  // the other library
    {
        acl::Session session{kConfig, acl::JoinPolicy::ignore};
        CHECK(session.joined());
        CHECK(acl::lifecycle_state().owner == acl::RuntimeOwner::other);
        acl::ScopedInit again;
        CHECK(acl::lifecycle_state().ref_count == 2);
    }
    CHECK(aclppGetRuntimeOwner() == ACLPP_OWNER_NONE);  // aclpp holds nothing of it any more
    CHECK(runtime_live());                              // and left it running
    CHECK(aclFinalize() == ACL_SUCCESS);                // its owner ends it
}

TEST_CASE("B-6 a finalize callback token fails with 200001 naming the missing vendor function", "[B-6][C-5]") {
    std::error_code ec;
    auto token = acl::FinalizeCallback::create(
        acl::CallbackType::other, [] {}, ec);
    CHECK(ec == acl::Errc::api_not_support);
    try {
        auto thrown = acl::FinalizeCallback(acl::CallbackType::other, [] {});
        FAIL("a finalize callback token was made over a runtime without the callback API");
    } catch (const acl::Error &e) {
        CHECK(e.code().value() == ACL_ERROR_API_NOT_SUPPORT);
        CHECK(contains(e.recent_message(), "aclFinalizeCallbackRegister"));
        CHECK(contains(e.recent_message(), "does not export"));
    }
    // The C ABI: the same code and message, and nothing registered.
    aclppCallbackHandle handle = 7;
    CHECK(aclppAddInitCallback(
              0xFFFF, [](const char *, size_t, void *) { return ACL_SUCCESS; }, nullptr, nullptr, &handle) ==
          ACL_ERROR_API_NOT_SUPPORT);
    CHECK(handle == 0);
    CHECK(contains(recent(), "aclppAddInitCallback needs aclInitCallbackRegister"));
}

TEST_CASE("B-6 a strict join with an unknown live config fails saying the comparison was impossible", "[B-6][C-2]") {
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);  // the other library: its config is unknown to aclpp
    try {
        acl::Session strict{kConfig, acl::JoinPolicy::strict};
        FAIL("a strict join against an unknown config passed");
    } catch (const acl::Error &e) {
        CHECK(e.code().value() == ACL_ERROR_API_NOT_SUPPORT);
        CHECK(contains(e.context(), "could not be compared"));
        CHECK(contains(e.context(), "JoinPolicy::strict"));
        CHECK(contains(e.context(), "aclInitCallbackRegister"));
    }
    CHECK(acl::lifecycle_state().ref_count == 0);  // the joined reference was given back
    CHECK(runtime_live());                         // and the runtime left alone

    // warn and ignore keep the reference; the report says why nothing was compared.
    acl::Session warned{kConfig, acl::JoinPolicy::ignore};
    CHECK_FALSE(warned.join_report().compared);
    CHECK(contains(warned.join_report().not_compared, "aclInitCallbackRegister"));
    std::error_code ec;
    CHECK(acl::config_bytes(ec).empty());
    CHECK(ec == acl::Errc::api_not_support);
    warned.close();
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("B-6 device limits answer 200001 without the vendor's limit functions", "[B-6][E-3]") {
    acl::Session session{kConfig};
    size_t value = 99;
    CHECK(aclppDeviceGetLimit(0, &value) == ACL_ERROR_API_NOT_SUPPORT);
    CHECK(value == 99);
    CHECK(contains(recent(), "aclrtDeviceGetLimit"));
    CHECK(aclppDeviceSetLimit(0, 1024) == ACL_ERROR_API_NOT_SUPPORT);
    CHECK(contains(recent(), "aclrtDeviceSetLimit"));
}
