// With local counts off (no membarrier: a kernel before 4.14, a seccomp filter), every join
// and leave goes through the word, with the same codes and counts (L-1, L-5). Its own
// executable: turning local counts off is for the whole process.
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "catch.hpp"
#include "lifecycle/local_counts.hpp"
#include "lifecycle/state.hpp"
#include "runtime_fixture.hpp"

using aclpp::core::kCountMask;
using aclpp::core::kLocalsBit;
using aclpp::core::lifecycleWord;
using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;

TEST_CASE("L-1 with local counts off, joins and leaves go through the word", "[L-1][local-counts]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    // Turned off while a thread has a counter and references on it: they are folded first.
    uint64_t epoch = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE);
    aclpp::core::disableLocalCountsForTesting();
    CHECK_FALSE(aclpp::core::localCountsEnabled());
    CHECK((lifecycleWord.load() & kCountMask) == 2);

    REQUIRE(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK((lifecycleWord.load() & kCountMask) == 3);
    CHECK((lifecycleWord.load() & kLocalsBit) == 0);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 3; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 2000; ++i) {
                uint64_t taken = 0;
                if (aclppInitWithEpoch(nullptr, &taken) != ACL_ERROR_REPEAT_INITIALIZE) ++failures;
                if ((lifecycleWord.load() & kLocalsBit) != 0) ++failures;
                if (aclppFinalizeReferenceOfEpoch(taken, nullptr) != ACL_SUCCESS) ++failures;
            }
        });
    }
    for (std::thread &thread : threads) thread.join();
    CHECK(failures.load() == 0);
    CHECK((lifecycleWord.load() & kCountMask) == 3);
    CHECK(aclppFinalizeReferenceOfEpoch(epoch, nullptr) == ACL_SUCCESS);
    CHECK((lifecycleWord.load() & kCountMask) == 2);
    uint64_t left = 0;
    CHECK(aclppFinalizeReferenceOfEpoch(epoch, &left) == ACL_SUCCESS);
    CHECK(left == 1);
    CHECK(aclFinalizeReference(&left) == ACL_SUCCESS);
    CHECK(left == 0);
    CHECK(lifecycleState().finalized == 1);
}
