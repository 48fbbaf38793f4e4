// Which vendor features the runtime has (B-6), on every runtime the suite runs over: the build
// says what to expect (ACLPP_TEST_EXPECTED_FEATURES: all on the emulated runtime and CANN 9,
// none on CANN 8.x), and the device-limit extensions forward to the runtime where it has them.
#include <acl/all.hpp>
#include <acl/runtime.hpp>

#include <string_view>
#include <type_traits>

#include "catch.hpp"

#if !defined(ACLPP_TEST_TOOLKIT_8X)
// aclpp's own callback types and values are the vendor's, where the headers have them.
static_assert(std::is_same_v<aclppInitCallbackFunc, aclInitCallbackFunc>);
static_assert(std::is_same_v<aclppFinalizeCallbackFunc, aclFinalizeCallbackFunc>);
static_assert(static_cast<int>(acl::CallbackType::model) == ACL_REG_TYPE_ACL_MODEL);
static_assert(static_cast<int>(acl::CallbackType::retr) == ACL_REG_TYPE_ACL_RETR);
static_assert(static_cast<int>(acl::CallbackType::other) == ACL_REG_TYPE_OTHER);
#endif

TEST_CASE("B-6 the runtime reports which vendor features it has", "[B-6]") {
    CHECK(aclppRuntimeFeatures() == ACLPP_TEST_EXPECTED_FEATURES);
    const acl::RuntimeFeatures features = acl::runtime_features();
    CHECK(features.finalize_reference == ((ACLPP_TEST_EXPECTED_FEATURES & ACLPP_FEATURE_FINALIZE_REFERENCE) != 0));
    CHECK(features.callbacks == ((ACLPP_TEST_EXPECTED_FEATURES & ACLPP_FEATURE_CALLBACKS) != 0));
    CHECK(features.device_limits == ((ACLPP_TEST_EXPECTED_FEATURES & ACLPP_FEATURE_DEVICE_LIMITS) != 0));
    CHECK(std::string_view(aclppRuntimeFeatureFunctions(ACLPP_FEATURE_CALLBACKS)).find("aclFinalizeCallbackRegister") !=
          std::string_view::npos);
    CHECK(std::string_view(aclppRuntimeFeatureFunctions(ACLPP_FEATURE_DEVICE_LIMITS)) ==
          "aclrtDeviceSetLimit, aclrtDeviceGetLimit");
    CHECK(aclppRuntimeFeatureFunctions(ACLPP_FEATURE_ALL) == nullptr);
}

TEST_CASE("B-9 only the vendor runtime states a CANN version", "[B-9]") {
    aclppRuntimeCannVersion info{};
    CHECK(aclppGetRuntimeCannVersion(nullptr) == ACL_ERROR_INVALID_PARAM);
    if (std::string_view(aclppRuntimeName()) == "emulated") {
        // ACLPP_CANN_VERSION chooses the emulated runtime's rules; it states none of its own.
        CHECK(aclppGetRuntimeCannVersion(&info) == ACL_ERROR_API_NOT_SUPPORT);
        CHECK(std::string_view(info.version).empty());
        CHECK(info.source == ACLPP_CANN_VERSION_UNKNOWN);
    } else {
        // The stand-in toolkits state none (test/backend/runtime_cann_version.py has those that do).
        CHECK(aclppGetRuntimeCannVersion(&info) == ACL_SUCCESS);
        CHECK(std::string_view(info.toolkit).size() != 0);
        CHECK(std::string_view(info.rules).empty() == std::string_view(info.version).empty());
    }
}

TEST_CASE("B-6 a runtime a Session initialised says who gives it back", "[B-6]") {
    acl::Session session{acl::ConfigText{"{}"}};
    const acl::RuntimeOwner expected = acl::runtime_features().finalize_reference
                                           ? acl::RuntimeOwner::counted
                                           : (session.joined() ? acl::RuntimeOwner::other : acl::RuntimeOwner::aclpp);
    CHECK(acl::lifecycle_state().owner == expected);
}

#if (ACLPP_TEST_EXPECTED_FEATURES & ACLPP_FEATURE_DEVICE_LIMITS) != 0
TEST_CASE("B-6 the device-limit extensions are the runtime's own calls where it has them", "[B-6][E-3]") {
    acl::Session session{acl::ConfigText{"{}"}};
    REQUIRE(aclrtSetDevice(0) == ACL_SUCCESS);
    for (aclppDeviceLimit limit = 0; limit <= 5; ++limit) {  // 5: no such limit
        size_t through_aclpp = 0;
        size_t direct = 0;
        CHECK(aclppDeviceGetLimit(limit, &through_aclpp) ==
              aclrtDeviceGetLimit(static_cast<aclrtDeviceLimit>(limit), &direct));
        CHECK(through_aclpp == direct);
    }
    CHECK(aclppDeviceSetLimit(3, 1u << 20) == aclrtDeviceSetLimit(static_cast<aclrtDeviceLimit>(3), 1u << 20));
    CHECK(aclrtResetDevice(0) == ACL_SUCCESS);
}
#endif
