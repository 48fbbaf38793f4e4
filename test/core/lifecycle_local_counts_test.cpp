// References counted on the joining thread (local_counts.hpp): a join through
// aclppInitWithEpoch and a leave that asks for no count touch only the thread's own counter,
// and every call that needs the exact count still gets it (L-1, L-5, L-6, L-10).
//
// White-box where it says so: the word (state.hpp) shows whether a reference went to a
// thread's counter. Where membarrier is unavailable, local counts are off and those checks
// expect the word's count instead; the counts the C ABI reports are the same either way.
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string_view>
#include <thread>
#include <vector>

#include "catch.hpp"
#include "lifecycle/local_counts.hpp"
#include "lifecycle/state.hpp"
#include "runtime_fixture.hpp"

using aclpp::core::kCountMask;
using aclpp::core::kLocalHeadroom;
using aclpp::core::kLocalsBit;
using aclpp::core::kMaxLocalCount;
using aclpp::core::lifecycleWord;
using aclpp::core::localCountsEnabled;
using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;

namespace {

uint64_t wordCount() {
    return lifecycleWord.load() & kCountMask;
}

/// A thread that takes `joins` references through aclppInitWithEpoch, then waits until told to
/// give them back (or to exit holding them).
class Holder {
public:
    enum class Then { leave, keep };

    explicit Holder(int joins, Then then = Then::leave)
        : thread_([this, joins, then] {
              bool ok = true;
              for (int i = 0; i < joins; ++i) {
                  uint64_t taken = 0;
                  ok = ok && aclppInitWithEpoch(nullptr, &taken) == ACL_ERROR_REPEAT_INITIALIZE;
                  epoch_ = taken;
              }
              signal(joined_);
              wait(release_);
              if (then == Then::leave) {
                  for (int i = 0; i < joins; ++i) {
                      const aclError code = aclppFinalizeReferenceOfEpoch(epoch_, nullptr);
                      ok = ok && (code == ACL_SUCCESS || code == expectedLeaveCode_);
                      lastLeaveCode_ = code;
                  }
              }
              ok_ = ok;
          }) {
        wait(joined_);
    }
    Holder(const Holder &) = delete;
    Holder &operator=(const Holder &) = delete;
    ~Holder() {
        if (thread_.joinable()) finish();
    }

    /// Lets the thread give its references back (or exit) and joins it; true when every call
    /// returned what it should.
    bool finish(aclError expectedLeaveCode = ACL_SUCCESS) {
        expectedLeaveCode_ = expectedLeaveCode;
        signal(release_);
        thread_.join();
        return ok_;
    }
    [[nodiscard]] uint64_t epoch() const noexcept { return epoch_; }
    [[nodiscard]] aclError lastLeaveCode() const noexcept { return lastLeaveCode_; }

private:
    void signal(bool &flag) {
        {
            std::lock_guard lock(mutex_);
            flag = true;
        }
        changed_.notify_all();
    }
    void wait(bool &flag) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return flag; });
    }

    std::mutex mutex_;
    std::condition_variable changed_;
    bool joined_ = false;
    bool release_ = false;
    std::atomic<uint64_t> epoch_{0};
    std::atomic<aclError> expectedLeaveCode_{ACL_SUCCESS};
    std::atomic<aclError> lastLeaveCode_{ACL_SUCCESS};
    std::atomic<bool> ok_{false};
    std::thread thread_;  // last: starts after the members it uses
};

/// Local counts are decided at the first local join of the process; says so when they are off,
/// so that a run where only the word's path was tested is visible.
bool localCountsOn() {
    const bool on = aclpp::core::localCountsEnabled();
    if (!on) WARN("membarrier unavailable: local counts are off; only the word's path is tested here");
    return on;
}

int gFinalizeCalls = 0;
aclError countFinalize(void *) {
    ++gFinalizeCalls;
    return ACL_SUCCESS;
}

}  // namespace

TEST_CASE("L-1 a join through aclppInitWithEpoch is counted on the thread; the exact count includes it",
          "[L-1][local-counts]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    uint64_t epoch = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE);
    {
        Holder other(2);
        if (localCountsOn()) {
            CHECK(wordCount() == 1);  // both threads' joins are on their own counters
            CHECK((lifecycleWord.load() & kLocalsBit) != 0);
        } else {
            CHECK(wordCount() == 4);
        }
        CHECK(lifecycleState().refCount == 4);  // the owner, this thread's join and the other two
        CHECK(wordCount() == 4);                // folded into the word by that query
        CHECK((lifecycleWord.load() & kLocalsBit) == 0);
        CHECK(other.finish());
    }
    CHECK(lifecycleState().refCount == 2);
    CHECK(epoch == lifecycleState().epoch);

    // A join and a leave with no count asked for leave the word as it was.
    const uint64_t before = lifecycleWord.load() & ~kLocalsBit;
    REQUIRE(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE);
    REQUIRE(aclppFinalizeReferenceOfEpoch(epoch, nullptr) == ACL_SUCCESS);
    if (localCountsOn()) CHECK((lifecycleWord.load() & ~kLocalsBit) == before);
    CHECK(lifecycleState().refCount == 2);
    // The plain C leave with no count asked for gives such a reference back the same way.
    REQUIRE(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE);
    REQUIRE(aclFinalizeReference(nullptr) == ACL_SUCCESS);
    if (localCountsOn()) CHECK((lifecycleWord.load() & ~kLocalsBit) == before);
    CHECK(lifecycleState().refCount == 2);

    uint64_t left = 0;
    CHECK(aclppFinalizeReferenceOfEpoch(epoch, &left) == ACL_SUCCESS);
    CHECK(left == 1);
    CHECK(aclFinalizeReference(&left) == ACL_SUCCESS);
    CHECK(left == 0);
    CHECK(lifecycleState().finalized == 1);
}

TEST_CASE("L-1 a leave asking for the count gets the exact count while other threads hold references",
          "[L-1][local-counts]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    Holder first(1);
    Holder second(3);
    REQUIRE(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);  // the word's compare-and-swap join
    uint64_t left = 0;
    CHECK(aclFinalizeReference(&left) == ACL_SUCCESS);
    CHECK(left == 5);  // this thread's owner reference and the four held on the other threads
    CHECK(first.finish());
    CHECK(second.finish());
    CHECK(aclFinalizeReference(&left) == ACL_SUCCESS);
    CHECK(left == 0);
    CHECK(lifecycleState().initialized == 0);
}

TEST_CASE("L-1 the last reference, held on a thread's counter, tears the runtime down exactly once",
          "[L-1][local-counts]") {
    FreshRuntime fresh;
    gFinalizeCalls = 0;
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, countFinalize, nullptr) == ACL_SUCCESS);
    uint64_t ownerEpoch = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &ownerEpoch) == ACL_SUCCESS);
    Holder joiner(1);
    // The owner leaves first: its reference is the word's last one, so this leave folds the
    // joiner's counter in and takes one off; the runtime stays.
    CHECK(aclppFinalizeReferenceOfEpoch(ownerEpoch, nullptr) == ACL_SUCCESS);
    CHECK(gFinalizeCalls == 0);
    CHECK(lifecycleState().initialized == 1);
    CHECK(lifecycleState().refCount == 1);
    CHECK(joiner.finish());
    CHECK(gFinalizeCalls == 1);
    CHECK(lifecycleState().initialized == 0);
    CHECK(lifecycleState().finalized == 1);
    CHECK(aclFinalizeReference(nullptr) == ACL_ERROR_REPEAT_FINALIZE);
}

TEST_CASE("L-5 a reference counted on a thread that exits stays counted and can be given back elsewhere",
          "[L-5][local-counts]") {
    FreshRuntime fresh;
    uint64_t ownerEpoch = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &ownerEpoch) == ACL_SUCCESS);
    {
        Holder leaker(2, Holder::Then::keep);
        CHECK(leaker.finish());  // the thread exits holding two references
    }
    // A thread registered after it may reuse its counter; the count stays exact.
    Holder later(1);
    CHECK(lifecycleState().refCount == 4);
    CHECK(later.finish());
    uint64_t left = 0;
    std::thread([&] { CHECK(aclppFinalizeReferenceOfEpoch(ownerEpoch, &left) == ACL_SUCCESS); }).join();
    CHECK(left == 2);
    CHECK(aclFinalizeReference(nullptr) == ACL_SUCCESS);
    CHECK(aclFinalizeReference(&left) == ACL_SUCCESS);
    CHECK(left == 0);
    CHECK(lifecycleState().initialized == 0);
}

TEST_CASE("L-1 aclFinalize with references on thread counters tears down; those references are refused after",
          "[L-1][local-counts]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    Holder holder(2);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().refCount == 0);
    // The next runtime starts from one reference: nothing of the old counters is left in it.
    uint64_t epoch = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &epoch) == ACL_SUCCESS);
    {
        Holder next(1);  // counted on a thread again: with stale counters the count would be 4
        CHECK(lifecycleState().refCount == 2);
        CHECK(next.finish());
    }
    CHECK(lifecycleState().refCount == 1);
    CHECK(holder.finish(ACL_ERROR_REPEAT_FINALIZE));
    CHECK(holder.lastLeaveCode() == ACL_ERROR_REPEAT_FINALIZE);
    CHECK(lifecycleState().refCount == 1);
    uint64_t left = 0;
    CHECK(aclppFinalizeReferenceOfEpoch(epoch, &left) == ACL_SUCCESS);
    CHECK(left == 0);
}

TEST_CASE("L-1 a leave naming a torn-down runtime is refused though this thread counts references of the next",
          "[L-1][local-counts]") {
    FreshRuntime fresh;
    uint64_t first = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &first) == ACL_SUCCESS);
    REQUIRE(aclppInitWithEpoch(nullptr, &first) == ACL_ERROR_REPEAT_INITIALIZE);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    uint64_t second = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &second) == ACL_SUCCESS);
    REQUIRE(aclppInitWithEpoch(nullptr, &second) == ACL_ERROR_REPEAT_INITIALIZE);  // on this thread's counter
    REQUIRE(first != second);
    CHECK(aclppFinalizeReferenceOfEpoch(first, nullptr) == ACL_ERROR_REPEAT_FINALIZE);
    CHECK(lifecycleState().refCount == 2);
    CHECK(aclppFinalizeReferenceOfEpoch(second, nullptr) == ACL_SUCCESS);
    CHECK(aclppFinalizeReferenceOfEpoch(second, nullptr) == ACL_SUCCESS);
    CHECK(lifecycleState().initialized == 0);
}

TEST_CASE("L-6 a join through aclppInitWithEpoch from a callback of the running init returns 500001",
          "[L-6][local-counts]") {
    FreshRuntime fresh;
    // A first runtime makes this thread's counter exist, so the callback's join meets it.
    REQUIRE(aclppInitWithEpoch(nullptr, nullptr) == ACL_SUCCESS);
    REQUIRE(aclppInitWithEpoch(nullptr, nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    static std::atomic<aclError> inner{ACL_SUCCESS};
    const auto callback = [](const char *, size_t, void *) -> aclError {
        inner = aclppInitWithEpoch(nullptr, nullptr);
        return ACL_SUCCESS;
    };
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, callback, nullptr) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(inner.load() == ACL_ERROR_FAILURE);
    CHECK(lifecycleState().refCount == 1);
}

TEST_CASE("L-1 while threads count locally, joins stop at the headroom that keeps the 2^40 - 1 limit exact",
          "[L-1][local-counts]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    Holder holder(1);
    if (!localCountsOn()) return;
    // White-box: the word's count is put at the headroom, LOCALS set (the holder's join set it).
    const uint64_t bits = lifecycleWord.load() & ~kCountMask;
    REQUIRE((bits & kLocalsBit) != 0);
    lifecycleWord.store(bits | kLocalHeadroom);
    // No local join there, and no compare-and-swap join either: the slow path folds first.
    CHECK(aclppInitWithEpoch(nullptr, nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK((lifecycleWord.load() & kLocalsBit) == 0);
    CHECK(wordCount() == kLocalHeadroom + 2);  // the holder's reference folded in, and this join
    // Past the headroom LOCALS is not set again: joins go through the word.
    CHECK(aclppInitWithEpoch(nullptr, nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK((lifecycleWord.load() & kLocalsBit) == 0);
    CHECK(wordCount() == kLocalHeadroom + 3);
    CHECK(holder.finish());
    lifecycleWord.store((lifecycleWord.load() & ~kCountMask) | 1);
    CHECK(lifecycleState().refCount == 1);

    // A C join at the headroom with LOCALS set folds too.
    Holder again(1);
    const uint64_t nowBits = lifecycleWord.load() & ~kCountMask;
    REQUIRE((nowBits & kLocalsBit) != 0);
    lifecycleWord.store(nowBits | kLocalHeadroom);
    CHECK(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK((lifecycleWord.load() & kLocalsBit) == 0);
    CHECK(wordCount() == kLocalHeadroom + 2);
    CHECK(again.finish());
    lifecycleWord.store((lifecycleWord.load() & ~kCountMask) | 1);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("L-1 one thread counts at most 2^16 - 1 references locally; more go to the word", "[L-1][local-counts]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    uint64_t epoch = 0;
    for (uint64_t i = 0; i < kMaxLocalCount; ++i) {
        if (aclppInitWithEpoch(nullptr, &epoch) != ACL_ERROR_REPEAT_INITIALIZE) FAIL("join " << i << " failed");
    }
    if (localCountsOn()) CHECK(wordCount() == 1);
    CHECK(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE);
    if (localCountsOn()) CHECK(wordCount() == 2);  // the counter is full
    CHECK(lifecycleState().refCount == kMaxLocalCount + 2);
    for (uint64_t i = 0; i < kMaxLocalCount + 1; ++i) {
        if (aclppFinalizeReferenceOfEpoch(epoch, nullptr) != ACL_SUCCESS) FAIL("leave " << i << " failed");
    }
    CHECK(lifecycleState().refCount == 1);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

namespace {
pthread_key_t gLateJoinKey;
std::atomic<int> gLateJoinFailures{0};
// Runs when the thread exits, after its thread_local destructors: its first local join is here.
void joinAtThreadExit(void *) {
    uint64_t epoch = 0;
    if (aclppInitWithEpoch(nullptr, &epoch) != ACL_ERROR_REPEAT_INITIALIZE) ++gLateJoinFailures;
    if (aclppFinalizeReferenceOfEpoch(epoch, nullptr) != ACL_SUCCESS) ++gLateJoinFailures;
}
}  // namespace

TEST_CASE("L-5 counters of exited threads are reused, also when the first join was in a key destructor",
          "[L-5][local-counts]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    std::thread([] { CHECK(aclppInitWithEpoch(nullptr, nullptr) == ACL_ERROR_REPEAT_INITIALIZE); }).join();
    const std::size_t registered = aclpp::core::localCountsRegistered();
    for (int i = 0; i < 5; ++i) {
        std::thread([] { CHECK(aclppInitWithEpoch(nullptr, nullptr) == ACL_ERROR_REPEAT_INITIALIZE); }).join();
    }
    CHECK(aclpp::core::localCountsRegistered() == registered);  // each exited thread's counter reused

    REQUIRE(pthread_key_create(&gLateJoinKey, joinAtThreadExit) == 0);
    // More threads than there can be free counters: a counter registered in a key destructor
    // and never released would make the list grow.
    for (int i = 0; i < 100; ++i) {
        std::thread([] { pthread_setspecific(gLateJoinKey, &gLateJoinKey); }).join();
    }
    CHECK(gLateJoinFailures.load() == 0);
    CHECK(aclpp::core::localCountsRegistered() == registered);
    pthread_key_delete(gLateJoinKey);
    CHECK(lifecycleState().refCount == 7);  // this thread's and the six joins never given back
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("L-10 a fork child starts with no references on any thread counter", "[L-10][local-counts]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    REQUIRE(aclppInitWithEpoch(nullptr, nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    Holder holder(2);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        bool ok = lifecycleState().refCount == 0 && lifecycleState().initialized == 0;
        ok = ok && aclInit(nullptr) == ACL_SUCCESS;
        uint64_t epoch = 0;
        ok = ok && aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE;
        ok = ok && lifecycleState().refCount == 2;
        ok = ok && aclppFinalizeReferenceOfEpoch(epoch, nullptr) == ACL_SUCCESS;
        uint64_t left = 99;
        ok = ok && aclFinalizeReference(&left) == ACL_SUCCESS && left == 0;
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(lifecycleState().refCount == 4);  // the parent's runtime is untouched
    CHECK(holder.finish());
    CHECK(lifecycleState().refCount == 2);
}

TEST_CASE("L-5 joins and leaves on thread counters racing exact-count calls lose and add nothing",
          "[L-5][local-counts]") {
    FreshRuntime fresh;
    // Both barriers the folds can use: membarrier, and the last resort of a process that
    // forbade it after registering (a TLB shootdown, x86 only).
    const bool lastResort = GENERATE(false, true);
    aclpp::core::skipMembarrierForTesting(lastResort);
    struct Restore {
        ~Restore() { aclpp::core::skipMembarrierForTesting(false); }
    } restore;
    gFinalizeCalls = 0;
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, countFinalize, nullptr) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    constexpr int kJoiners = 4;
    constexpr int kRounds = 20000;
    std::atomic<int> failures{0};
    std::atomic<bool> joinersDone{false};
    std::vector<std::thread> joiners;
    for (int t = 0; t < kJoiners; ++t) {
        joiners.emplace_back([&] {
            for (int i = 0; i < kRounds; ++i) {
                uint64_t epoch = 0;
                if (aclppInitWithEpoch(nullptr, &epoch) != ACL_ERROR_REPEAT_INITIALIZE) ++failures;
                if (i % 3 == 0 && aclppInitWithEpoch(nullptr, nullptr) != ACL_ERROR_REPEAT_INITIALIZE) ++failures;
                if (i % 3 == 0 && aclppFinalizeReferenceOfEpoch(epoch, nullptr) != ACL_SUCCESS) ++failures;
                if (aclppFinalizeReferenceOfEpoch(epoch, nullptr) != ACL_SUCCESS) ++failures;
            }
        });
    }
    // Meanwhile: joins on the word and leaves that ask for the count, and state queries. The
    // count seen is never below this thread's two references, nor above what exists.
    std::thread counter([&] {
        while (!joinersDone) {
            if (aclInit(nullptr) != ACL_ERROR_REPEAT_INITIALIZE) ++failures;
            const uint64_t seen = lifecycleState().refCount;
            if (seen < 2 || seen > 2 + 2 * kJoiners) ++failures;
            uint64_t left = 0;
            if (aclFinalizeReference(&left) != ACL_SUCCESS || left < 1 || left > 1 + 2 * kJoiners) ++failures;
        }
    });
    for (std::thread &joiner : joiners) joiner.join();
    joinersDone = true;
    counter.join();
    CHECK(failures.load() == 0);
    CHECK(lifecycleState().refCount == 1);
    CHECK(gFinalizeCalls == 0);
    uint64_t left = 99;
    CHECK(aclFinalizeReference(&left) == ACL_SUCCESS);
    CHECK(left == 0);
    CHECK(gFinalizeCalls == 1);
}
