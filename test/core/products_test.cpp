// The emulated product table and platform choice: E-1.
#include <set>
#include <string>

#include "catch.hpp"
#include "platform/products.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::recentError;

TEST_CASE("E-1 the table covers every family and every SoC string", "[E-1]") {
    std::set<std::string> families;
    for (const auto &product : aclpp::core::allProducts()) families.insert(std::string(product.traits->name));
    CHECK(families.size() == 7);  // the six families of E-1 and IPV350 (P-1)
    for (const char *soc : {"Ascend910B1", "Ascend910B4-1", "Ascend910B2C", "Ascend910_9391", "Ascend950PR_9599",
                            "Ascend950DT_95A1", "Ascend950DT_9581x", "Ascend950PR", "Ascend950DT", "Ascend910A",
                            "Ascend910PremiumA", "Ascend910B", "Ascend310P1", "Ascend310P7", "Ascend310B4", "IPV350"}) {
        INFO(soc);
        CHECK(aclpp::core::findProduct(soc) != nullptr);
    }
    CHECK(aclpp::core::findProduct("Ascend950PR_958a") == nullptr);                   // no ini, so not a SoC
    CHECK(aclpp::core::findProduct("ascend910b1") == nullptr);                        // exact spelling only
    CHECK(aclpp::core::findProduct("Ascend910B")->traits->name == "Atlas training");  // the name trap
    CHECK(aclpp::core::findProduct("Ascend910B1")->aiCoreCount == 24);
    CHECK(aclpp::core::findProduct("Ascend310P1")->vectorCoreCount == 8);
    CHECK(aclppSocCount() == aclpp::core::allProducts().size());
    aclppSocInfo info{};
    REQUIRE(aclppGetSocInfo(0, &info) == ACL_SUCCESS);
    CHECK(std::string(info.soc) == "Ascend910B1");
    CHECK(aclppGetSocInfo(aclppSocCount(), &info) == ACL_ERROR_INVALID_PARAM);
}

TEST_CASE("E-1 ACLPP_SOC and ACLPP_DEVICE_COUNT choose the platform at the first init", "[E-1]") {
    FreshRuntime fresh;
    ::setenv("ACLPP_SOC", "Ascend310P3", 1);
    ::setenv("ACLPP_DEVICE_COUNT", "3", 1);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(std::string(aclrtGetSocName()) == "Ascend310P3");
    uint32_t count = 0;
    CHECK(aclrtGetDeviceCount(&count) == ACL_SUCCESS);
    CHECK(count == 3);
    CHECK(aclFinalize() == ACL_SUCCESS);
    ::setenv("ACLPP_SOC", "", 1);
    ::setenv("ACLPP_DEVICE_COUNT", "", 1);
    REQUIRE(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(std::string(aclrtGetSocName()) == "Ascend910B1");  // the default
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("E-1 an unknown SoC fails aclInit at its SoC step with 500000 listing the known names", "[E-1]") {
    FreshRuntime fresh;
    ::setenv("ACLPP_SOC", "Ascend999", 1);
    CHECK(aclInit(nullptr) == ACL_ERROR_INTERNAL_ERROR);
    const std::string text = recentError();
    CHECK(text.find("soc") != std::string::npos);
    CHECK(text.find("Ascend910B4-1") != std::string::npos);
    ::setenv("ACLPP_SOC", "", 1);
    CHECK(aclppSetPlatform("Ascend999", 0) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclppSetPlatform("Ascend910A", 0) == ACL_ERROR_REPEAT_INITIALIZE);  // only while not initialised
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("K-2 event_mode on a product without it returns 207000; other missing keys only warn", "[K-2][E-1]") {
    FreshRuntime fresh;
    REQUIRE(aclppSetPlatform("Ascend910A", 0) == ACL_SUCCESS);
    const std::string eventMode = R"({"acl_graph":{"event_mode":"1"}})";
    CHECK(aclppInitFromBuffer(eventMode.data(), eventMode.size()) == ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    REQUIRE(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS);
    const std::string simt = R"({"StackSize":{"simt_stack_size":2048}})";
    CHECK(aclppInitFromBuffer(simt.data(), simt.size()) == ACL_SUCCESS);
    CHECK(aclpp::test::effectiveConfig().find("not applied") != std::string::npos);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("E-1 an invalid ACLPP_DEVICE_COUNT fails aclInit at its SoC step with 500000", "[E-1]") {
    FreshRuntime fresh;
    for (const char *count : {"0", "65", "two", "-1"}) {
        INFO("ACLPP_DEVICE_COUNT=" << count);
        ::setenv("ACLPP_DEVICE_COUNT", count, 1);
        CHECK(aclInit(nullptr) == ACL_ERROR_INTERNAL_ERROR);
        CHECK(recentError().find("ACLPP_DEVICE_COUNT") != std::string::npos);
    }
    ::setenv("ACLPP_DEVICE_COUNT", "64", 1);
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    uint32_t devices = 0;
    CHECK(aclrtGetDeviceCount(&devices) == ACL_SUCCESS);
    CHECK(devices == 64);
    CHECK(aclFinalize() == ACL_SUCCESS);
    ::setenv("ACLPP_DEVICE_COUNT", "", 1);
}
