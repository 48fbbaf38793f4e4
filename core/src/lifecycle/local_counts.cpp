// Per-thread reference counts: registration, folding into the word, and the fork child. The
// protocol is described in local_counts.hpp.
#include "lifecycle/local_counts.hpp"

#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
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

#if defined(__x86_64__) || defined(__i386__)
// The barrier of last resort, for a process that forbids membarrier after registering it (a
// seccomp filter installed later): taking write access away from a dirty page makes the kernel
// flush that page from the TLB of every CPU running a thread of this process, by
// inter-processor interrupt on x86, and an interrupt drains the interrupted CPU's store buffer.
// Other architectures invalidate TLBs without interrupting, so this is x86 only.
bool barrierByTlbShootdown() noexcept {
    static void *page = nullptr;  // guarded by ProcessState::mutex, like every fold
    const long size = sysconf(_SC_PAGESIZE);
    if (page == nullptr) {
        void *mapped =
            mmap(nullptr, static_cast<size_t>(size), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (mapped == MAP_FAILED) return false;
        page = mapped;
    }
    if (mprotect(page, static_cast<size_t>(size), PROT_READ | PROT_WRITE) != 0) return false;
    // Dirty, so that the protection change must reach every TLB that may hold the page.
    __atomic_add_fetch(static_cast<long *>(page), 1, __ATOMIC_SEQ_CST);
    return mprotect(page, static_cast<size_t>(size), PROT_READ) == 0;
}
#else
bool barrierByTlbShootdown() noexcept {
    return false;
}
#endif

constinit std::atomic<bool> membarrierSkipped{false};  // tests only

// A full memory barrier on every CPU that runs a thread of this process: after it, a local join
// or leave either has its window open (inFlight visible) or will see BUSY.
void heavyBarrier() noexcept {
#if ACLPP_HAVE_MEMBARRIER
    if (membarrierSkipped.load(std::memory_order_relaxed)) {
        if (barrierByTlbShootdown()) return;
    }
    if (membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0) return;
    // Registered, so this fails only if the process has forbidden the call since, or the kernel
    // is out of memory for it. The system-wide command needs no registration, only more time.
    if (membarrier(MEMBARRIER_CMD_GLOBAL) == 0) return;
#endif
    if (barrierByTlbShootdown()) return;
    // Without a barrier a fold could miss a reference being counted, and the count would be
    // wrong for good; stopping is the lesser harm. Needs membarrier to stop working after it
    // was registered, on a CPU that is not x86, or mprotect to fail.
    std::fputs(
        "aclpp: no process-wide memory barrier is available any more (membarrier failed after "
        "registration); the per-thread reference counts cannot be folded\n",
        stderr);
    std::abort();
}

void waitUntilOutsideWindow(const LocalCount &local) noexcept {
    // A window is a few instructions; its owner is only inside it for long when it was preempted
    // there. Sleep rather than yield after a while: a yield never lets a lower-priority owner run
    // when this thread has a real-time priority.
    for (unsigned spins = 0; local.inFlight.load(std::memory_order_acquire) != 0; ++spins) {
        if (spins < 64) continue;
        const timespec pause{0, 20'000};
        nanosleep(&pause, nullptr);
    }
}

// Gives the thread's counter up when the thread exits; its references stay counted. A pthread
// key, not a C++ thread_local: a thread can make its first local join after its thread_local
// destructors have run (from another key's destructor), and glibc would never run a
// thread_local destructor registered then, while it runs key destructors again for keys set
// by key destructors.
void releaseCounter(void *counter) noexcept {
    tLocalCount = kNoLocalCount;  // no new counter on this thread from later destructors
    try {
        ProcessState &state = processState();
        std::lock_guard lock(state.mutex);
        static_cast<LocalCount *>(counter)->owned = false;
    } catch (...) {
        // The counter stays owned by no live thread and is never adopted: its references are
        // still folded, so only its 64 bytes are lost.
    }
}

// With the state lock held: the key whose destructor releases counters, created once.
bool releaseKey(pthread_key_t &key) noexcept {
    static pthread_key_t created{};
    static bool ready = false;
    if (!ready) ready = pthread_key_create(&created, releaseCounter) == 0;
    key = created;
    return ready;
}

// With the state lock held: a free counter (adopting whatever references it holds) or a new one,
// released when this thread exits. nullptr when that cannot be arranged.
LocalCount *registerThisThread() {
    pthread_key_t key{};
    if (!releaseKey(key)) return nullptr;
    LocalCount *local = localCountList;
    while (local != nullptr && local->owned) local = local->next;
    if (local == nullptr) {
        local = new LocalCount;
        local->next = localCountList;
        localCountList = local;
    }
    if (pthread_setspecific(key, local) != 0) return nullptr;
    local->owned = true;
    return local;
}

// Sets LOCALS on a live word that has headroom; true when it is set. Past the headroom tryJoinOn
// refuses anyway, and a LOCALS set there would only send every compare-and-swap join to a fold.
bool setLocalsBit() noexcept {
    uint64_t word = lifecycleWord.load(std::memory_order_acquire);
    for (;;) {
        if ((word & kLocalsBit) != 0) return true;
        // Turned off (tests) since the caller checked: its fold must stay the last word.
        if (availability.load(std::memory_order_relaxed) != Availability::on) return false;
        if ((word & kLockFreeBlockers) != 0 || (word & kCountMask) - 1 >= kLocalHeadroom - 1) return false;
        if (lifecycleWord.compare_exchange_weak(word, word | kLocalsBit, std::memory_order_acq_rel)) return true;
    }
}

}  // namespace

bool joinLocallySlow(uint64_t *epoch) noexcept {
    LocalCount *local = tLocalCount;
    if (local == kNoLocalCount || availability.load(std::memory_order_relaxed) == Availability::off) return false;
    // A join with nothing live is a first init and registers nothing; BUSY also covers the
    // transitioning thread's own join, which the slow path refuses (L-6).
    const uint64_t word = lifecycleWord.load(std::memory_order_acquire);
    if ((word & kLockFreeBlockers) != 0 || (word & kCountMask) == 0) return false;
    try {
        // A thread with a counter only needs LOCALS set again (after a fold): no lock for that.
        if (local == nullptr) {
            ProcessState &state = processState();
            std::lock_guard lock(state.mutex);
            if (!enabledLocked()) return false;
            local = registerThisThread();
            if (local == nullptr) return false;
            tLocalCount = local;
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

void resetLocalCountsInChild() noexcept {
    for (LocalCount *local = localCountList; local != nullptr; local = local->next) {
        local->count.store(0, std::memory_order_relaxed);
        local->inFlight.store(0, std::memory_order_relaxed);  // a thread that does not exist here
        local->owned = local == tLocalCount;
    }
}

std::size_t localCountsRegistered() {
    ProcessState &state = processState();
    std::lock_guard lock(state.mutex);
    std::size_t registered = 0;
    for (const LocalCount *local = localCountList; local != nullptr; local = local->next) ++registered;
    return registered;
}

void skipMembarrierForTesting(bool skip) noexcept {
    membarrierSkipped.store(skip, std::memory_order_relaxed);
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
