// C-2: acl::Device, RAII over aclrtSetDevice / aclrtResetDevice.
#include <acl/device.hpp>
#include <acl/session.hpp>

#include <memory>
#include <system_error>
#include <type_traits>
#include <utility>

#include "catch.hpp"
#include "test_support.hpp"

static_assert(!std::is_copy_constructible_v<acl::Device>);
static_assert(!std::is_copy_assignable_v<acl::Device>);
static_assert(std::is_nothrow_move_constructible_v<acl::Device>);
static_assert(std::is_nothrow_move_assignable_v<acl::Device>);
static_assert(std::is_nothrow_destructible_v<acl::Device>);

TEST_CASE("C-2 Device sets the device and resets it when destroyed", "[C-2][device]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::Session session = acl::Session::create(acl::Config{}, ec);
    REQUIRE_FALSE(ec);
    {
        acl::Device device = session.set_device(0, ec);
        REQUIRE_FALSE(ec);
        CHECK(device.id() == 0);
        CHECK_WHERE_KNOWN(aclppDevicesInUse() == 1);
        std::int32_t current = -1;
        CHECK(aclrtGetDevice(&current) == ACL_SUCCESS);
        CHECK(current == 0);
        acl::Device second = acl::Device::create(0, ec);
        CHECK_WHERE_KNOWN(aclppDevicesInUse() == 2);
        device.synchronize(ec);
        CHECK_FALSE(ec);
    }
    CHECK_WHERE_KNOWN(aclppDevicesInUse() == 0);
}

// [emulated]: the vendor's aclrtSetDevice needs no aclInit (B-8); E-2 is the emulated runtime's.
TEST_CASE("C-2 E-2 Device before init reports 100001 through the error_code twin", "[C-2][E-2][device][emulated]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::Device before = acl::Device::create(0, ec);
    CHECK(ec == acl::Errc::uninitialize);
    CHECK(before.empty());
}

TEST_CASE("C-2 Device reports the runtime's codes through the error_code twin", "[C-2][device]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::Session session = acl::Session::create(acl::Config{}, ec);
    acl::Device out_of_range = acl::Device::create(7, ec);
    CHECK(ec == acl::Errc::rt_invalid_deviceid);
    CHECK(out_of_range.id() == -1);
#if ACLPP_EXCEPTIONS
    CHECK_THROWS_AS(acl::Device(7), acl::Error);
#endif
}

TEST_CASE("C-2 Device moves, close() and release()", "[C-2][device]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    acl::Session session = acl::Session::create(acl::Config{}, ec);
    acl::Device a = acl::Device::create(0, ec);
    acl::Device b = std::move(a);
    CHECK(a.empty());  // NOLINT(bugprone-use-after-move)
    CHECK(b.id() == 0);
    CHECK_WHERE_KNOWN(aclppDevicesInUse() == 1);
    b.close(ec);
    CHECK_FALSE(ec);
    CHECK(b.empty());
    CHECK_WHERE_KNOWN(aclppDevicesInUse() == 0);
    acl::Device c = acl::Device::create(0, ec);
    CHECK(c.release() == 0);
    CHECK_WHERE_KNOWN(aclppDevicesInUse() == 1);
    CHECK(aclrtResetDevice(0) == ACL_SUCCESS);
}

TEST_CASE("C-2 a Device that outlives its runtime does nothing when destroyed", "[C-2][device]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    aclpp_test::FinalizeErrorRecorder recorder;
    std::error_code ec;
    auto session = std::make_unique<acl::Session>(acl::Session::create(acl::Config{}, ec));
    auto device = std::make_unique<acl::Device>(acl::Device::create(0, ec));
    REQUIRE_FALSE(ec);
    session.reset();  // finalize resets every device (E-2)
    CHECK_WHERE_KNOWN(aclppDevicesInUse() == 0);
    device.reset();
    CHECK(recorder.count() == 0);
}

TEST_CASE("C-2 a Device whose runtime was torn down does not reset the device in a later runtime", "[C-2][device]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    aclpp_test::FinalizeErrorRecorder recorder;
    std::error_code ec;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    auto stale = std::make_unique<acl::Device>(acl::Device::create(0, ec));
    REQUIRE_FALSE(ec);
    REQUIRE(aclFinalize() == ACL_SUCCESS);      // someone else tears everything down
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);   // and a new runtime starts,
    REQUIRE(aclrtSetDevice(0) == ACL_SUCCESS);  // where someone sets device 0
    stale.reset();
    CHECK_WHERE_KNOWN(aclppDevicesInUse() == 1);  // that count is not the stale handle's to give back
    CHECK(recorder.count() == 0);
    CHECK(aclrtResetDevice(0) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("E-2 Device::synchronize acts on the device it holds, not on this thread's current device",
          "[E-2][C-2][device][emulated]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    REQUIRE(aclppSetPlatform(nullptr, 2) == ACL_SUCCESS);
    std::error_code ec;
    acl::Session session = acl::Session::create(acl::Config{}, ec);
    REQUIRE_FALSE(ec);
    acl::Device zero = acl::Device::create(0, ec);
    acl::Device one = acl::Device::create(1, ec);
    REQUIRE_FALSE(ec);
    one.reset();  // device 1 was current; resetting its last count leaves the thread with none
    int32_t current = -1;
    REQUIRE(aclrtGetDevice(&current) == ACL_ERROR_RT_CONTEXT_NULL);

    zero.synchronize(ec);
    CHECK_FALSE(ec);
#if ACLPP_EXCEPTIONS
    CHECK_NOTHROW(zero.synchronize());
#endif
    CHECK(aclrtGetDevice(&current) == ACL_ERROR_RT_CONTEXT_NULL);  // the current device is left alone
    CHECK_WHERE_KNOWN(aclppDevicesInUse() == 1);                   // and so are the counts

    REQUIRE(aclrtSetDevice(1) == ACL_SUCCESS);  // another device current on this thread
    zero.synchronize(ec);
    CHECK_FALSE(ec);
    CHECK(aclrtGetDevice(&current) == ACL_SUCCESS);
    CHECK(current == 1);
    CHECK(aclrtResetDevice(1) == ACL_SUCCESS);

    acl::Device empty(nullptr);
    empty.synchronize(ec);
    CHECK(ec.value() == ACL_ERROR_UNINITIALIZE);
}

TEST_CASE("E-2 Device::synchronize of a device whose runtime was torn down gives 100001", "[E-2][C-2][device]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    std::error_code ec;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    auto stale = std::make_unique<acl::Device>(acl::Device::create(0, ec));
    REQUIRE_FALSE(ec);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    REQUIRE(aclrtSetDevice(0) == ACL_SUCCESS);  // device 0 is current again, in the new runtime
    stale->synchronize(ec);
    CHECK(ec.value() == ACL_ERROR_UNINITIALIZE);
#if ACLPP_EXCEPTIONS
    CHECK_THROWS_AS(stale->synchronize(), acl::Error);
#endif
    stale.reset();
    CHECK(aclrtResetDevice(0) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
}
