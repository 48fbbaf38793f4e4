// Per-thread reference counts: registration, folding into the word, and the fork child. The
// protocol is described in local_counts.hpp.
#include "lifecycle/local_counts.hpp"

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>

#if __has_include(<linux/membarrier.h>)
#include <linux/membarrier.h>
#define ACLPP_HAVE_MEMBARRIER 1
#else
#define ACLPP_HAVE_MEMBARRIER 0
#endif

namespace aclpp::core {
namespace {

enum class Availability : uint8_t { unknown, on, off };

// Written under ProcessState::mutex; read without it only as a hint. Once off, off for good.
constinit std::atomic<Availability> availability{Availability::unknown};

// Every counter ever registered, newest first; guarded by ProcessState::mutex. Never freed: a
// counter keeps its references after its thread exits, until a fold or an adopting thread.
constinit LocalCount *localCountList = nullptr;

#if ACLPP_HAVE_MEMBARRIER
long membarrier(int command) noexcept {
    return syscall(__NR_membarrier, command, 0, 0);
}
#endif

// With the state lock held: can this process run the folding side's barrier? Registration is
// once per process; a fork() child inherits it.
bool membarrierRegistered() noexcept {
#if ACLPP_HAVE_MEMBARRIER
    const long commands = membarrier(MEMBARRIER_CMD_QUERY);
    return commands > 0 && (commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0 &&
           membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) == 0;
#else
    return false;
#endif
}

bool enabledLocked() noexcept {
    Availability now = availability.load(std::memory_order_relaxed);
    if (now == Availability::unknown) {
        now = membarrierRegistered() ? Availability::on : Availability::off;
        availability.store(now, std::memory_order_relaxed);
    }
    return now == Availability::on;
}

// A full memory barrier on every CPU that runs a thread of this process: after it, a local join
// or leave either has its window open (inFlight visible) or will see BUSY.
void heavyBarrier() noexcept {
#if ACLPP_HAVE_MEMBARRIER
    if (membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0) return;
    // Registered, so this fails only if the process has forbidden the call since (a seccomp
    // filter installed later). The system-wide command needs no registration, only more time.
    if (membarrier(MEMBARRIER_CMD_GLOBAL) == 0) return;
#endif
    // Without a barrier a fold could miss a reference being counted: the count would be wrong
    // for good. This needs membarrier to stop working after it was registered.
    std::fputs("aclpp: membarrier() failed after registration; the per-thread reference counts cannot be folded\n",
               stderr);
    std::abort();
}

void waitUntilOutsideWindow(const LocalCount &local) noexcept {
    // A window is a few instructions; the owner is only here for long when it was preempted.
    for (unsigned spins = 0; local.inFlight.load(std::memory_order_acquire) != 0; ++spins) {
        if (spins >= 64) sched_yield();
    }
}

// Gives the thread's counter up at thread exit; its references stay counted.
struct CounterRelease {
    LocalCount *local = nullptr;
    CounterRelease() = default;
    CounterRelease(const CounterRelease &) = delete;
    CounterRelease &operator=(const CounterRelease &) = delete;
    ~CounterRelease() {
        if (local == nullptr) return;
        tLocalCount = kNoLocalCount;  // later destructors on this thread take the word's path
        try {
            ProcessState &state = processState();
            std::lock_guard lock(state.mutex);
            local->owned = false;
        } catch (...) {
            // The counter stays owned by no live thread and is never adopted: its references
            // are still folded, so only its 64 bytes are lost.
        }
    }
};
thread_local CounterRelease tCounterRelease;

// With the state lock held: a free counter (adopting whatever references it holds) or a new one.
LocalCount *registerThisThread() {
    for (LocalCount *local = localCountList; local != nullptr; local = local->next) {
        if (!local->owned) {
            local->owned = true;
            return local;
        }
    }
    auto *local = new LocalCount;
    local->owned = true;
    local->next = localCountList;
    localCountList = local;
    return local;
}

// Sets LOCALS on a live word that has headroom; true when it is set.
bool setLocalsBit() noexcept {
    uint64_t word = lifecycleWord.load(std::memory_order_acquire);
    for (;;) {
        if ((word & kLocalsBit) != 0) return true;
        if ((word & kBusyBit) != 0 || (word & kCountMask) - 1 >= kLocalHeadroom - 1) return false;
        if (lifecycleWord.compare_exchange_weak(word, word | kLocalsBit, std::memory_order_acq_rel)) return true;
    }
}

}  // namespace

bool joinLocallySlow(uint64_t *epoch) noexcept {
    LocalCount *local = tLocalCount;
    if (local == kNoLocalCount || availability.load(std::memory_order_relaxed) == Availability::off) return false;
    if (local != nullptr && local->count.load(std::memory_order_relaxed) >= kMaxLocalCount) return false;
    // The transitioning thread's own join is refused by the slow path (L-6); a join with nothing
    // live is a first init and registers nothing.
    if (inTransitionOnThisThread()) return false;
    const uint64_t word = lifecycleWord.load(std::memory_order_acquire);
    if ((word & kBusyBit) != 0 || (word & kCountMask) == 0) return false;
    try {
        ProcessState &state = processState();
        {
            std::lock_guard lock(state.mutex);
            if (!enabledLocked()) return false;
            if (local == nullptr) {
                local = registerThisThread();
                tCounterRelease.local = local;
                tLocalCount = local;
            }
        }
        return setLocalsBit() && tryJoinOn(*local, epoch);
    } catch (...) {
        return false;  // out of memory for the counter: the word's path still works
    }
}

uint64_t foldLocalCounts(ProcessState &state) {
    uint64_t word = state.word.load(std::memory_order_acquire);
    for (;;) {
        // No LOCALS: the word's count is exact. BUSY: a transition runs, and it folded first.
        if ((word & (kLocalsBit | kBusyBit)) != kLocalsBit) return word;
        // Only the count can change meanwhile (the compare-and-swap paths): every other change
        // to the word takes the lock this thread holds.
        if (state.word.compare_exchange_weak(word, word | kBusyBit, std::memory_order_acq_rel)) break;
    }
    heavyBarrier();
    uint64_t folded = 0;
    for (LocalCount *local = localCountList; local != nullptr; local = local->next) {
        waitUntilOutsideWindow(*local);
        folded += local->count.load(std::memory_order_acquire);
        local->count.store(0, std::memory_order_relaxed);
    }
    // Fits: LOCALS is only set, and the counters only grow, while the count is below
    // kLocalHeadroom (see there).
    const uint64_t exact = (word & ~kLocalsBit) + folded;
    state.word.store(exact, std::memory_order_release);
    return exact;
}

uint64_t waitForExactState(ProcessState &state, std::unique_lock<std::mutex> &lock) {
    waitForStableState(state, lock);
    return foldLocalCounts(state);
}

void resetLocalCountsInChild(ProcessState &) noexcept {
    for (LocalCount *local = localCountList; local != nullptr; local = local->next) {
        local->count.store(0, std::memory_order_relaxed);
        local->inFlight.store(0, std::memory_order_relaxed);  // a thread that does not exist here
        local->owned = local == tLocalCount;
    }
}

bool localCountsEnabled() noexcept {
    return availability.load(std::memory_order_relaxed) == Availability::on;
}

void disableLocalCountsForTesting() {
    ProcessState &state = processState();
    std::unique_lock lock(state.mutex);
    availability.store(Availability::off, std::memory_order_relaxed);
    waitForExactState(state, lock);
}

}  // namespace aclpp::core
