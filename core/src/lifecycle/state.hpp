// The process-wide lifecycle state (L-1, L-5), in never-destroyed storage.
//
// The reference count lives in one atomic word together with a BUSY bit, a COMPACT bit and the
// live runtime's generation (see kGenerationShift). Joining (count > 0, not busy) and leaving
// (count > 1) take no lock: one compare-and-swap on the word. Everything else takes the mutex,
// and a 0->1 init or a teardown sets BUSY for its whole run so that callers arriving meanwhile
// wait for it (L-5) while the callbacks themselves run with no lock held (L-7).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "config/config_file.hpp"
#include "devices/device_layer.hpp"
#include "platform/platform_choice.hpp"
#include "schema/effective.hpp"

namespace aclpp::core {

// The word: BUSY (bit 63) | COMPACT (bit 62) | generation (bits 40..61) | count (bits 0..39).
// The generation is the low 22 bits of the epoch of the runtime the count belongs to, so a
// join's CAS tells which runtime it joined and a leave can insist on one (aclppInitWithEpoch and
// friends) without a lock. The count is always the exact count. COMPACT says that the live runtime counts as the
// compact runtime does (P-1): every lock-free path turns such a word away, so each of its joins and leaves takes the
// exact path under the lock (it is rare; its return codes differ). 2^40 - 1 references at once is the limit; a join
// beyond it is refused.
inline constexpr uint64_t kBusyBit = uint64_t{1} << 63;
inline constexpr uint64_t kCompactBit = uint64_t{1} << 62;
/// A word with any of these takes no lock-free join or leave.
inline constexpr uint64_t kLockFreeBlockers = kBusyBit | kCompactBit;
inline constexpr unsigned kGenerationShift = 40;
inline constexpr uint64_t kCountMask = (uint64_t{1} << kGenerationShift) - 1;
inline constexpr uint64_t kGenerationMask = (kCompactBit - 1) & ~kCountMask;

/// The generation bits of the runtime with `epoch`. Two runtimes share them only 2^22 (about
/// 4.2 million) inits apart, which no check below can span (each reads the live epoch too).
[[nodiscard]] constexpr uint64_t generationBits(uint64_t epoch) noexcept {
    return (epoch << kGenerationShift) & kGenerationMask;
}

/// An atomic word alone on its cache line: threads that only read neighbouring globals (the
/// processState() pointer and its guard sat next to it) would otherwise fight the CAS for it.
struct alignas(64) CacheLineWord : std::atomic<uint64_t> {
    using std::atomic<uint64_t>::atomic;
};

/// The BUSY | COMPACT | generation | count word. It lives outside ProcessState so that the
/// lock-free join and leave reach it with no call and no initialisation guard; constinit and trivially destructible, so
/// it is usable from static destructors. Only a thread that ran processState() (a first
/// init) can have made the count non-zero, so the fork handlers are installed by then.
inline constinit CacheLineWord lifecycleWord{0};

/// `epoch` of ProcessState while initialised, else 0: what aclppLifecycleEpoch reads without the
/// lock or processState(). Written under the state mutex before the count that publishes it; on
/// its own cache line so that reading it right after a join or before a leave does not wait for
/// the CAS on the count word.
inline constinit CacheLineWord liveEpochWord{0};

/// Everything a first-level init applies. An init copies it first and puts the copy back when
/// a step fails (L-2).
struct RuntimeState {
    DeviceLayerState devices;
    EffectiveConfig effective;
    SharedConfigBytes config;  // the bytes of the live init (identity, immediate callbacks)
    ErrMsgMode errMsgMode = ErrMsgMode::thread;
    bool configGiven = false;  // non-empty path or a buffer
};

struct ProcessState {
    std::mutex mutex;
    std::condition_variable transitionDone;
    std::atomic<uint64_t> &word = lifecycleWord;  // BUSY | COMPACT | generation | count

    // Guarded by `mutex`; while BUSY, owned by the transitioning thread.
    bool finalized = false;  // the reference's aclFinalizeFlag
    // How the live runtime, or the one a running 0->1 init builds, counts (P-1). Chosen once per
    // runtime, from its product, when its 0->1 init starts; meaningless while the word is 0.
    LifecycleKind lifecycle = LifecycleKind::full;
    uint64_t epoch = 0;             // successful 0->1 inits
    uint64_t deviceGeneration = 1;  // bumped when every device is reset: stale current devices
    SharedConfigBytes identity;     // bytes of the first successful init (L-4), shared, not copied
    RuntimeState runtime;
    PlatformOverride platformOverride;
    bool forkedChild = false;
    // Bumped in a fork() child (by its only thread): an init that a callback forked from sees
    // the change and gives up in the child instead of publishing a half-reset runtime (L-10).
    uint64_t forkGeneration = 0;
    uint64_t lastInitNanoseconds = 0;
    uint64_t lastFinalizeNanoseconds = 0;
    std::atomic<uint64_t> &liveEpoch = liveEpochWord;  // `epoch` while initialised, else 0
};

[[nodiscard]] ProcessState &processState();

/// True on the thread that is running a 0->1 init or a teardown (L-6).
[[nodiscard]] bool inTransitionOnThisThread() noexcept;
void setTransitionOnThisThread(bool value) noexcept;

/// Waits (with `lock` held on the state mutex) until no transition runs, unless the caller is
/// the transitioning thread itself. Returns the word seen.
uint64_t waitForStableState(ProcessState &state, std::unique_lock<std::mutex> &lock);

/// With the state mutex held: how the live runtime (or the one being built or torn down)
/// counts, or while the word is 0, how the runtime the next first-level init starts would.
[[nodiscard]] LifecycleKind lifecycleKindLocked(const ProcessState &state) noexcept;

/// The calling thread's current device, or -1 (E-2).
[[nodiscard]] int32_t currentDeviceOfThisThread(const ProcessState &state) noexcept;
void setCurrentDeviceOfThisThread(const ProcessState &state, int32_t device) noexcept;

void installForkHandlers();

}  // namespace aclpp::core
