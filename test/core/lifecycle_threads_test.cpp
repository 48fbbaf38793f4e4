// References taken and given back on several threads: joins through aclppInitWithEpoch and
// leaves that ask for no count keep the one count exact for every call that reads it, across
// thread exit, aclFinalize, re-init and fork (L-1, L-5, L-6, L-10).
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
#include "lifecycle/state.hpp"
#include "runtime_fixture.hpp"

using aclpp::core::kCountMask;
using aclpp::core::lifecycleWord;
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

int gFinalizeCalls = 0;
aclError countFinalize(void *) {
    ++gFinalizeCalls;
    return ACL_SUCCESS;
}

}  // namespace

TEST_CASE("L-1 joins through aclppInitWithEpoch on several threads are all in the count", "[L-1]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    uint64_t epoch = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE);
    {
        Holder other(2);
        CHECK(wordCount() == 4);
        CHECK(lifecycleState().refCount == 4);  // the owner, this thread's join and the other two
        CHECK(other.finish());
    }
    CHECK(lifecycleState().refCount == 2);
    CHECK(epoch == lifecycleState().epoch);

    // A join and a leave with no count asked for leave the word as it was.
    const uint64_t before = lifecycleWord.load();
    REQUIRE(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE);
    REQUIRE(aclppFinalizeReferenceOfEpoch(epoch, nullptr) == ACL_SUCCESS);
    CHECK(lifecycleWord.load() == before);
    CHECK(lifecycleState().refCount == 2);
    // The plain C leave with no count asked for gives such a reference back the same way.
    REQUIRE(aclppInitWithEpoch(nullptr, &epoch) == ACL_ERROR_REPEAT_INITIALIZE);
    REQUIRE(aclFinalizeReference(nullptr) == ACL_SUCCESS);
    CHECK(lifecycleWord.load() == before);
    CHECK(lifecycleState().refCount == 2);

    uint64_t left = 0;
    CHECK(aclppFinalizeReferenceOfEpoch(epoch, &left) == ACL_SUCCESS);
    CHECK(left == 1);
    CHECK(aclFinalizeReference(&left) == ACL_SUCCESS);
    CHECK(left == 0);
    CHECK(lifecycleState().finalized == 1);
}

TEST_CASE("L-1 a leave asking for the count gets the exact count while other threads hold references", "[L-1]") {
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

TEST_CASE("L-1 the last reference, held by another thread, tears the runtime down exactly once", "[L-1]") {
    FreshRuntime fresh;
    gFinalizeCalls = 0;
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, countFinalize, nullptr) == ACL_SUCCESS);
    uint64_t ownerEpoch = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &ownerEpoch) == ACL_SUCCESS);
    Holder joiner(1);
    // The owner leaves first: the joiner still holds a reference, so the runtime stays.
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

TEST_CASE("L-5 a reference taken on a thread that exits stays counted and can be given back elsewhere", "[L-5]") {
    FreshRuntime fresh;
    uint64_t ownerEpoch = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &ownerEpoch) == ACL_SUCCESS);
    {
        Holder leaker(2, Holder::Then::keep);
        CHECK(leaker.finish());  // the thread exits holding two references
    }
    // A thread started after it joins too; the count stays exact.
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

TEST_CASE("L-1 aclFinalize with references held on other threads tears down; those references are refused after",
          "[L-1]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    Holder holder(2);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().refCount == 0);
    // The next runtime starts from one reference: nothing of the old counters is left in it.
    uint64_t epoch = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &epoch) == ACL_SUCCESS);
    {
        Holder next(1);  // with the old runtime's references left in it the count would be 4
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

TEST_CASE("L-1 a leave naming a torn-down runtime is refused though this thread holds references of the next",
          "[L-1]") {
    FreshRuntime fresh;
    uint64_t first = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &first) == ACL_SUCCESS);
    REQUIRE(aclppInitWithEpoch(nullptr, &first) == ACL_ERROR_REPEAT_INITIALIZE);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    uint64_t second = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &second) == ACL_SUCCESS);
    REQUIRE(aclppInitWithEpoch(nullptr, &second) == ACL_ERROR_REPEAT_INITIALIZE);
    REQUIRE(first != second);
    CHECK(aclppFinalizeReferenceOfEpoch(first, nullptr) == ACL_ERROR_REPEAT_FINALIZE);
    CHECK(lifecycleState().refCount == 2);
    CHECK(aclppFinalizeReferenceOfEpoch(second, nullptr) == ACL_SUCCESS);
    CHECK(aclppFinalizeReferenceOfEpoch(second, nullptr) == ACL_SUCCESS);
    CHECK(lifecycleState().initialized == 0);
}

TEST_CASE("L-6 a join through aclppInitWithEpoch from a callback of the running init returns 500001", "[L-6]") {
    FreshRuntime fresh;
    // A runtime joined and torn down first: the callback's join is not the first of the process.
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

TEST_CASE("L-10 a fork child starts with no references of any parent thread", "[L-10]") {
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

TEST_CASE("L-5 joins and leaves on several threads racing exact-count calls lose and add nothing", "[L-5]") {
    FreshRuntime fresh;
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
