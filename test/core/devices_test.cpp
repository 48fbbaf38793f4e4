// The emulated device layer: E-2 and E-3.
#include <thread>

#include "catch.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::TempDir;

TEST_CASE("E-2 device calls before aclInit give 100001", "[E-2]") {
    FreshRuntime fresh;
    int32_t device = 0;
    uint32_t count = 0;
    size_t value = 0;
    CHECK(aclrtSetDevice(0) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtResetDevice(0) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtResetDeviceForce(0) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtGetDevice(&device) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtGetDeviceCount(&count) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtSynchronizeDevice() == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 65536) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &value) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclrtGetSocName() == nullptr);
}

TEST_CASE("E-2 ids outside the range give 107001; counts are per device; current device per thread", "[E-2]") {
    FreshRuntime fresh;
    REQUIRE(aclppSetPlatform("Ascend910B1", 2) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    uint32_t count = 0;
    CHECK(aclrtGetDeviceCount(&count) == ACL_SUCCESS);
    CHECK(count == 2);
    CHECK(aclrtSetDevice(2) == ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK(aclrtSetDevice(-1) == ACL_ERROR_RT_INVALID_DEVICEID);
    int32_t device = -1;
    CHECK(aclrtGetDevice(&device) == ACL_ERROR_RT_CONTEXT_NULL);  // no current, no default
    CHECK(aclrtSynchronizeDevice() == ACL_ERROR_RT_CONTEXT_NULL);
    CHECK(aclrtSetDevice(1) == ACL_SUCCESS);
    CHECK(aclrtSetDevice(1) == ACL_SUCCESS);
    CHECK(aclppDevicesInUse() == 2);
    CHECK(aclrtGetDevice(&device) == ACL_SUCCESS);
    CHECK(device == 1);
    CHECK(aclrtSynchronizeDevice() == ACL_SUCCESS);
    int32_t otherThreadDevice = 42;
    aclError otherThreadCode = 0;
    std::thread([&] { otherThreadCode = aclrtGetDevice(&otherThreadDevice); }).join();
    CHECK(otherThreadCode == ACL_ERROR_RT_CONTEXT_NULL);
    CHECK(aclrtResetDevice(1) == ACL_SUCCESS);
    CHECK(aclppDevicesInUse() == 1);
    CHECK(aclrtResetDeviceForce(1) == ACL_SUCCESS);
    CHECK(aclppDevicesInUse() == 0);
    CHECK(aclrtGetDevice(&device) == ACL_ERROR_RT_CONTEXT_NULL);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("E-2 aclrtGetDevice falls back to the configured default device; finalize resets every device", "[E-2]") {
    FreshRuntime fresh;
    REQUIRE(aclppSetPlatform(nullptr, 4) == ACL_SUCCESS);
    TempDir dir;
    REQUIRE(aclInit(dir.write("acl.json", R"({"defaultDevice":{"default_device":"3"}})").c_str()) == ACL_SUCCESS);
    int32_t device = -1;
    CHECK(aclrtGetDevice(&device) == ACL_SUCCESS);
    CHECK(device == 3);
    REQUIRE(aclrtSetDevice(2) == ACL_SUCCESS);
    REQUIRE(aclrtSetDevice(0) == ACL_SUCCESS);
    CHECK(aclppDevicesInUse() == 2);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclppDevicesInUse() == 0);
    // The next init starts with no current device on this thread.
    REQUIRE(aclInit(dir.file("acl.json").c_str()) == ACL_SUCCESS);
    CHECK(aclrtGetDevice(&device) == ACL_SUCCESS);
    CHECK(device == 3);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("K-1 a default_device at or above the emulated device count gives 107001", "[K-1][E-1]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string config = dir.write("acl.json", R"({"defaultDevice":{"default_device":"1"}})");
    CHECK(aclInit(config.c_str()) == ACL_ERROR_RT_INVALID_DEVICEID);  // 1 device by default
    REQUIRE(aclppSetPlatform(nullptr, 2) == ACL_SUCCESS);
    CHECK(aclInit(config.c_str()) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("E-3 limits use the config's rounding and ranges; finalize restores the defaults", "[E-3]") {
    FreshRuntime fresh;
    TempDir dir;
    REQUIRE(aclInit(dir.write("acl.json", R"({"StackSize":{"aicore_stack_size":40000}})").c_str()) == ACL_SUCCESS);
    size_t value = 0;
    CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &value) == ACL_SUCCESS);
    CHECK(value == 49152);  // config rounded up to 16 KiB
    CHECK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 65537) == ACL_SUCCESS);
    CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &value) == ACL_SUCCESS);
    CHECK(value == 81920);
    CHECK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 1000) == ACL_SUCCESS);  // <= 32768: no change
    CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &value) == ACL_SUCCESS);
    CHECK(value == 81920);
    CHECK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 196609) == ACL_ERROR_RT_PARAM_INVALID);  // A2 max
    CHECK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, 1023) == ACL_ERROR_RT_PARAM_INVALID);
    CHECK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, 1025) == ACL_SUCCESS);
    CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, &value) == ACL_SUCCESS);
    CHECK(value == 1032);
    // SIMT limits do not exist on Atlas A2.
    CHECK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, 2048) == ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE, &value) == ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    CHECK(aclFinalize() == ACL_SUCCESS);
    REQUIRE(aclInit(dir.file("acl.json").c_str()) == ACL_SUCCESS);
    CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, &value) == ACL_SUCCESS);
    CHECK(value == 32768);  // restored by the finalize
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("E-3 SIMT stack limits read back per warp on Ascend 950", "[E-3]") {
    FreshRuntime fresh;
    REQUIRE(aclppSetPlatform("Ascend950PR_9599", 0) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    size_t value = 0;
    CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, &value) == ACL_SUCCESS);
    CHECK(value == 36864);  // 1152 x 32
    CHECK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, 2000) == ACL_SUCCESS);
    CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, &value) == ACL_SUCCESS);
    CHECK(value == 2048u * 32u);
    CHECK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE, 1048576) == ACL_SUCCESS);
    CHECK(std::string(aclrtGetSocName()) == "Ascend950PR_9599");
    CHECK(aclFinalize() == ACL_SUCCESS);
}
