// Per-thread reference counts: joining and leaving a runtime that stays initialised writes only
// the calling thread's own cache line, with no locked instruction (issue 7, target 1).
//
// A reference taken by aclppInitWithEpoch (what acl::ScopedInit and acl::Session call) while the
// runtime is live is counted in the calling thread's LocalCount, not in the shared word. The
// exact count is the word's count plus every LocalCount. The word keeps at least 1 while the
// runtime is live (the 0->1 init puts its reference there, and only a slow path under the lock
// takes the word's last one), so:
//   * a local join only needs "live, not BUSY": it cannot race the teardown;
//   * a local leave only needs "this thread's counter is not 0": the word's 1 plus this
//     reference make at least 2, so it is never the last one.
// Whoever needs the exact count, or must move the last reference, folds the counters into the
// word first (foldLocalCounts): it sets BUSY, so that no local join or leave starts any more,
// and waits for those already running. The usual way to wait is a fence on both sides (Dekker);
// here the fast side has only a compiler barrier and the folding side, which is rare, pays with
// membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED), which runs a full barrier on every CPU running a
// thread of this process. Where membarrier is not available, local counts stay off and every
// join and leave takes the compare-and-swap on the word.
//
// A counter whose thread has exited keeps its references (a thread may hand a reference to
// another, or leak it); the next thread to register adopts it. A leave on a thread whose own
// counter is 0 gives back a reference counted elsewhere: it takes the word's path (a CAS while
// the word holds more than one reference, else the slow path, which folds first).
//
// A thread stopped inside its window (a debugger, SIGSTOP) holds up the next fold, and so every
// caller waiting for the state lock, until it runs again, as a thread stopped while holding the
// lock always did.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "lifecycle/lifecycle.hpp"
#include "lifecycle/state.hpp"

namespace aclpp::core {

struct alignas(64) LocalCount {
    // 1 while the owning thread is inside a local join or leave. Written by the owner only.
    std::atomic<uint32_t> inFlight{0};
    // References held through this counter. Written by the owner inside a window that saw the
    // word without BUSY, and by a fold (lock held, BUSY set, owner outside its window): never
    // both at once.
    std::atomic<uint64_t> count{0};
    LocalCount *next = nullptr;  // the list in localCountList(); set before publication, then fixed
    bool owned = false;          // a live thread uses it; guarded by ProcessState::mutex
};

/// Local joins stop while the word's count is this high, and so do compare-and-swap joins while
/// LOCALS is set: the counters (at most kMaxLocalCount each, one per thread alive at once, and
/// Linux allows fewer than 2^22 threads) then always fit in the 2^40 - 1 of the word when folded.
inline constexpr uint64_t kLocalHeadroom = uint64_t{1} << 39;
inline constexpr uint64_t kMaxLocalCount = (uint64_t{1} << 16) - 1;

/// This thread's counter; nullptr until its first local join, kNoLocalCount when local counts
/// are off in this process or the thread is exiting. Constant-initialised and trivially
/// destructible, so it is safe to read from any destructor. Initial-exec, unlike the
/// core's other thread_locals: the TLS-descriptor call it saves was a fifth of a join and leave
/// (12.8 ns against 10 ns), and its 8 bytes are a small draw on the static TLS that glibc keeps
/// for libraries loaded with dlopen.
inline constinit LocalCount noLocalCountMarker{};  // never counted on; its address is the marker
inline LocalCount *const kNoLocalCount = &noLocalCountMarker;
inline constinit thread_local LocalCount *tLocalCount [[gnu::tls_model("initial-exec")]] = nullptr;

namespace detail {
// Between the store that opens a window and the load of the word: only the compiler may not
// reorder them; the folding thread's membarrier orders them for the CPU.
inline void lightBarrier() noexcept {
    std::atomic_signal_fence(std::memory_order_seq_cst);
}
}  // namespace detail

/// A join counted on `local`. False (and nothing changed) unless the runtime is live, not in a
/// transition or a fold, LOCALS is set and there is headroom.
[[nodiscard]] inline bool tryJoinOn(LocalCount &local, uint64_t *epoch) noexcept {
    local.inFlight.store(1, std::memory_order_relaxed);
    detail::lightBarrier();
    const uint64_t word = lifecycleWord.load(std::memory_order_acquire);
    const uint64_t count = local.count.load(std::memory_order_relaxed);
    const bool joinable = (word & (kLockFreeBlockers | kLocalsBit)) == kLocalsBit &&
                          (word & kCountMask) - 1 < kLocalHeadroom - 1 && count < kMaxLocalCount;
    uint64_t joined = 0;
    if (joinable) {
        local.count.store(count + 1, std::memory_order_release);
        // Stable while this window is open: a transition must fold, and so wait for it, first.
        joined = liveEpochWord.load(std::memory_order_acquire);
    }
    local.inFlight.store(0, std::memory_order_release);
    // After the window: a write to the caller's memory may fault, and a fold waits for windows.
    if (joinable && epoch != nullptr) *epoch = joined;
    return joinable;
}

/// Gives back one reference counted on this thread. False (and nothing changed) when this
/// thread's counter is 0, a transition or a fold runs, or the live runtime is not
/// `requiredEpoch` (kAnyEpoch: any).
[[nodiscard]] inline bool tryLeaveLocally(uint64_t requiredEpoch) noexcept {
    LocalCount *const local = tLocalCount;
    if (local == nullptr || local == kNoLocalCount) return false;
    if (local->count.load(std::memory_order_relaxed) == 0) return false;
    local->inFlight.store(1, std::memory_order_relaxed);
    detail::lightBarrier();
    const uint64_t word = lifecycleWord.load(std::memory_order_acquire);
    const uint64_t count = local->count.load(std::memory_order_relaxed);
    const bool leavable =
        (word & (kLockFreeBlockers | kLocalsBit)) == kLocalsBit && count != 0 &&
        (requiredEpoch == kAnyEpoch || liveEpochWord.load(std::memory_order_acquire) == requiredEpoch);
    if (leavable) local->count.store(count - 1, std::memory_order_release);
    local->inFlight.store(0, std::memory_order_release);
    return leavable;
}

/// The first local join of a thread, or one that found LOCALS clear: registers this thread's
/// counter, sets LOCALS, and tries again. False when local counts are off or the runtime is not
/// joinable that way; the caller then takes the word's path.
[[nodiscard]] bool joinLocallySlow(uint64_t *epoch) noexcept;

/// A join counted on this thread's counter (see the top of this file).
[[nodiscard]] inline bool tryJoinLocally(uint64_t *epoch) noexcept {
    LocalCount *const local = tLocalCount;
    if (local != nullptr && local != kNoLocalCount && tryJoinOn(*local, epoch)) [[likely]]
        return true;
    return joinLocallySlow(epoch);
}

/// With ProcessState::mutex held and no transition running: when LOCALS is set, moves every
/// counter into the word's count and clears LOCALS. Returns the word afterwards, whose count is
/// then the exact count.
uint64_t foldLocalCounts(ProcessState &state);

/// waitForStableState, then foldLocalCounts: the word with the exact count.
uint64_t waitForExactState(ProcessState &state, std::unique_lock<std::mutex> &lock);

/// In a fork() child, with the state lock held: every counter is 0 (the child starts
/// uninitialised, L-10), and only the forking thread's counter stays owned.
void resetLocalCountsInChild() noexcept;

/// Tests: how many counters exist (each thread that ever counted locally, less those reused).
[[nodiscard]] std::size_t localCountsRegistered();

/// Tests: folds use the last-resort barrier (x86: a TLB shootdown) instead of membarrier.
void skipMembarrierForTesting(bool skip) noexcept;

/// Tests: whether local counts are on in this process (membarrier registered; decided at the
/// first local join), and a switch that turns them off for good, folding first. Not C ABI.
[[nodiscard]] bool localCountsEnabled() noexcept;
void disableLocalCountsForTesting();

}  // namespace aclpp::core
