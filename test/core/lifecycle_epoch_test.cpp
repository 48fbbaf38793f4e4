// References that know their runtime (aclppInitWithEpoch, aclppFinalizeReferenceOfEpoch,
// aclppSetDeviceWithEpoch, aclppResetDeviceOfEpoch): a holder whose runtime someone tore down
// with aclFinalize must never give back, or reset a device in, a later runtime (L-1, L-5, E-2).
#include <atomic>
#include <cstdint>
#include <string_view>
#include <thread>

#include "catch.hpp"
#include "lifecycle/state.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;

TEST_CASE("L-1 aclppInitWithEpoch: the owner and every joiner get the live runtime's epoch", "[L-1]") {
    FreshRuntime fresh;
    uint64_t ownerEpoch = 99;
    REQUIRE(aclppInitWithEpoch(nullptr, &ownerEpoch) == ACL_SUCCESS);
    CHECK(ownerEpoch == lifecycleState().epoch);
    CHECK(ownerEpoch != 0);
    uint64_t joinerEpoch = 0;
    CHECK(aclppInitWithEpoch("/no/such/file", &joinerEpoch) == ACL_ERROR_REPEAT_INITIALIZE);  // path not read
    CHECK(joinerEpoch == ownerEpoch);
    uint64_t bufferEpoch = 0;
    CHECK(aclppInitFromBufferWithEpoch("{}", 2, &bufferEpoch) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK(bufferEpoch == ownerEpoch);
    CHECK(lifecycleState().refCount == 3);
    CHECK(aclppInitWithEpoch(nullptr, nullptr) == ACL_ERROR_REPEAT_INITIALIZE);  // NULL epoch is fine
    CHECK(lifecycleState().refCount == 4);

    uint64_t left = 99;
    CHECK(aclppFinalizeReferenceOfEpoch(ownerEpoch, &left) == ACL_SUCCESS);
    CHECK(left == 3);
    CHECK(aclppFinalizeReferenceOfEpoch(ownerEpoch, &left) == ACL_SUCCESS);
    CHECK(aclppFinalizeReferenceOfEpoch(ownerEpoch, &left) == ACL_SUCCESS);
    CHECK(left == 1);
    // The last reference of its runtime tears it down, as aclFinalizeReference does.
    CHECK(aclppFinalizeReferenceOfEpoch(ownerEpoch, &left) == ACL_SUCCESS);
    CHECK(left == 0);
    CHECK(lifecycleState().initialized == 0);
    CHECK(lifecycleState().finalized == 1);
}

TEST_CASE("L-1 a failed init reports epoch 0", "[L-1]") {
    FreshRuntime fresh;
    uint64_t epoch = 99;
    CHECK(aclppInitFromBufferWithEpoch("{", 1, &epoch) != ACL_SUCCESS);
    CHECK(epoch == 0);
}

TEST_CASE("L-1 a reference of a torn-down runtime is refused by the next runtime", "[L-1]") {
    FreshRuntime fresh;
    uint64_t first = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &first) == ACL_SUCCESS);
    uint64_t joined = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &joined) == ACL_ERROR_REPEAT_INITIALIZE);
    REQUIRE(aclFinalize() == ACL_SUCCESS);  // someone tears everything down
    uint64_t second = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &second) == ACL_SUCCESS);
    REQUIRE(second != first);
    uint64_t joinedSecond = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &joinedSecond) == ACL_ERROR_REPEAT_INITIALIZE);
    (void)aclGetRecentErrMsg();

    // The holder of the first runtime's reference gives it back: nothing changes.
    uint64_t left = 99;
    CHECK(aclppFinalizeReferenceOfEpoch(joined, &left) == ACL_ERROR_REPEAT_FINALIZE);
    CHECK(left == 0);
    CHECK(lifecycleState().refCount == 2);
    CHECK(aclGetRecentErrMsg() == nullptr);
    // Epoch 0 names no runtime (the reference was gone when it was taken).
    CHECK(aclppFinalizeReferenceOfEpoch(0, &left) == ACL_ERROR_REPEAT_FINALIZE);
    CHECK(lifecycleState().refCount == 2);
    // The second runtime's own references still work, the last one tearing it down.
    CHECK(aclppFinalizeReferenceOfEpoch(second, &left) == ACL_SUCCESS);
    CHECK(left == 1);
    CHECK(aclppFinalizeReferenceOfEpoch(second, &left) == ACL_SUCCESS);
    CHECK(left == 0);
    CHECK(lifecycleState().initialized == 0);
    // And once nothing is live, every epoch is refused the same way.
    CHECK(aclppFinalizeReferenceOfEpoch(second, &left) == ACL_ERROR_REPEAT_FINALIZE);
}

TEST_CASE("L-1 the epoch travels in the count word: joins after many re-inits still name the right runtime", "[L-1]") {
    FreshRuntime fresh;
    for (int cycle = 0; cycle < 300; ++cycle) {
        uint64_t owner = 0;
        REQUIRE(aclppInitWithEpoch(nullptr, &owner) == ACL_SUCCESS);
        uint64_t joiner = 0;
        REQUIRE(aclppInitWithEpoch(nullptr, &joiner) == ACL_ERROR_REPEAT_INITIALIZE);
        REQUIRE(joiner == owner);
        REQUIRE(owner == lifecycleState().epoch);
        uint64_t left = 0;
        // The previous runtime's epoch (torn down by the last cycle) is refused.
        REQUIRE(aclppFinalizeReferenceOfEpoch(owner - 1, &left) == ACL_ERROR_REPEAT_FINALIZE);
        REQUIRE(aclppFinalizeReferenceOfEpoch(joiner, &left) == ACL_SUCCESS);
        REQUIRE(left == 1);
        REQUIRE(aclFinalize() == ACL_SUCCESS);
    }
}

TEST_CASE("E-2 a device count of a torn-down runtime is not reset in the next runtime", "[E-2]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    uint64_t firstEpoch = 0;
    REQUIRE(aclppSetDeviceWithEpoch(0, &firstEpoch) == ACL_SUCCESS);
    CHECK(firstEpoch == lifecycleState().epoch);
    REQUIRE(aclFinalize() == ACL_SUCCESS);  // resets every device (E-2)
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    uint64_t secondEpoch = 0;
    REQUIRE(aclppSetDeviceWithEpoch(0, &secondEpoch) == ACL_SUCCESS);  // someone else's count
    REQUIRE(secondEpoch != firstEpoch);
    (void)aclGetRecentErrMsg();

    CHECK(aclppResetDeviceOfEpoch(0, firstEpoch) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclppDevicesInUse() == 1);
    CHECK(aclGetRecentErrMsg() == nullptr);  // quiet: nothing was wrong with the call
    CHECK(aclppResetDeviceOfEpoch(0, 0) == ACL_ERROR_UNINITIALIZE);
    CHECK(aclppDevicesInUse() == 1);
    CHECK(aclppResetDeviceOfEpoch(7, secondEpoch) == ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK(aclppResetDeviceOfEpoch(0, secondEpoch) == ACL_SUCCESS);
    CHECK(aclppDevicesInUse() == 0);
    uint64_t failedEpoch = 99;
    CHECK(aclppSetDeviceWithEpoch(7, &failedEpoch) == ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK(failedEpoch == 0);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

// One thread owns a runtime, holds it briefly and tears it down with aclFinalize, again and
// again; another joins and leaves with epochs all the while. A leave that reached a later
// runtime than its own would take the owner's only reference and tear that runtime down under
// it, and the owner's aclFinalize would then return 100037.
TEST_CASE("L-5 joiners racing aclFinalize and re-init never release another runtime's reference", "[L-5][L-1]") {
    FreshRuntime fresh;
    constexpr int kCycles = 3000;
    std::atomic<bool> running{true};
    std::atomic<int> ownerFailures{0};
    std::atomic<int> joinerFailures{0};
    std::atomic<int> joinsOnLiveRuntime{0};
    std::thread joiner([&] {
        while (running.load()) {
            uint64_t epoch = 0;
            const aclError code = aclppInitWithEpoch(nullptr, &epoch);
            if (code != ACL_SUCCESS && code != ACL_ERROR_REPEAT_INITIALIZE) {
                ++joinerFailures;
                continue;
            }
            if (code == ACL_ERROR_REPEAT_INITIALIZE && epoch != 0) ++joinsOnLiveRuntime;
            // 100037 when the other thread's aclFinalize came first (also when this thread owned it).
            const aclError left = aclppFinalizeReferenceOfEpoch(epoch, nullptr);
            if (left != ACL_SUCCESS && left != ACL_ERROR_REPEAT_FINALIZE) ++joinerFailures;
        }
    });
    for (int cycle = 0; cycle < kCycles; ++cycle) {
        const aclError init = aclInit(nullptr);
        if (init != ACL_SUCCESS && init != ACL_ERROR_REPEAT_INITIALIZE) ++ownerFailures;
        std::this_thread::yield();
        // Whoever owns it, the runtime is live until this call; it must find it so.
        if (aclFinalize() != ACL_SUCCESS) ++ownerFailures;
    }
    running = false;
    joiner.join();
    CHECK(ownerFailures.load() == 0);
    CHECK(joinerFailures.load() == 0);
    CHECK(joinsOnLiveRuntime.load() > 0);
}

// White-box: 2^40 - 1 references cannot be taken in a test, so the count is set in the word
// (state.hpp) and put back before the runtime is finalised.
TEST_CASE("L-1 a join beyond 2^40 - 1 references is refused with 500001 and changes nothing", "[L-1]") {
    using aclpp::core::kCountMask;
    using aclpp::core::lifecycleWord;
    FreshRuntime fresh;
    uint64_t ownerEpoch = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &ownerEpoch) == ACL_SUCCESS);
    const uint64_t word = lifecycleWord.load();
    REQUIRE((word & kCountMask) == 1);
    const auto withCount = [&](uint64_t count) { return (word & ~kCountMask) | count; };

    lifecycleWord.store(withCount(kCountMask - 1));
    uint64_t epoch = 0;
    CHECK(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE);  // the last one fits
    CHECK(epoch == ownerEpoch);
    CHECK(lifecycleWord.load() == withCount(kCountMask));
    (void)aclGetRecentErrMsg();

    epoch = 99;
    CHECK(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_INTERNAL_ERROR);
    CHECK(epoch == 0);
    CHECK(aclInit(nullptr) == ACL_ERROR_INTERNAL_ERROR);
    const char *text = aclGetRecentErrMsg();
    REQUIRE(text != nullptr);
    CHECK(std::string_view(text).find("2^40 - 1 references") != std::string_view::npos);
    CHECK(lifecycleWord.load() == withCount(kCountMask));  // no carry into the generation bits
    CHECK(lifecycleState().epoch == ownerEpoch);

    // Leaving still works from the full count, and the runtime stays the same one.
    uint64_t left = 0;
    CHECK(aclppFinalizeReferenceOfEpoch(ownerEpoch, &left) == ACL_SUCCESS);
    CHECK(left == kCountMask - 1);

    lifecycleWord.store(withCount(1));
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().refCount == 0);
}
