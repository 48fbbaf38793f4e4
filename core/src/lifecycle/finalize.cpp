// aclFinalize and aclFinalizeReference: leaving a shared runtime takes no lock (one
// compare-and-swap on the lifecycle word); the teardown runs the reference's steps in order
// (L-1) and never sleeps (L-8).
#include <chrono>

#include "callbacks/registry.hpp"
#include "errors/recent_message.hpp"
#include "lifecycle/faults.hpp"
#include "lifecycle/lifecycle.hpp"
#include "lifecycle/state.hpp"
#include "lifecycle/steps.hpp"

namespace aclpp::core {
namespace {

struct TeardownResult {
    aclError code = ACL_SUCCESS;
    std::string message;
};

TeardownResult failure(aclError code, aclppStep step, std::string_view what) {
    return TeardownResult{code, stepFailureMessage(code, step, what)};
}

// The finalize callbacks the teardown calls, taken before its first step: out of memory then
// fails the teardown before anything was done, and never halfway.
struct FinalizeSnapshots {
    std::vector<FinalizeCallback> opCompiler, model, dvpp, other;

    static FinalizeSnapshots take(bool callbacks) {
        FinalizeSnapshots s;
        if (!callbacks) return s;  // P-3: the compact runtime has no callbacks to notify
        CallbackRegistry &registry = callbackRegistry();
        s.opCompiler = registry.snapshotForFinalize(ACL_REG_TYPE_ACL_OP_COMPILER);
        s.model = registry.snapshotForFinalize(ACL_REG_TYPE_ACL_MODEL);
        s.dvpp = registry.snapshotForFinalize(ACL_REG_TYPE_ACL_DVPP);
        s.other = registry.snapshotForFinalize(ACL_REG_TYPE_OTHER);
        return s;
    }
};

TeardownResult notify(aclRegisterCallbackType type, const std::vector<FinalizeCallback> &callbacks, aclppStep step) {
    if (auto fault = takeFault(step)) return failure(*fault, step, "injected fault");
    std::string message;
    const aclError code = notifyFinalizeCallbacks(type, callbacks, message);
    if (code != ACL_SUCCESS) return failure(code, step, message);
    return {};
}

// Runs with BUSY set, no lock held; `runtime` is owned by this thread meanwhile. A failing step
// leaves the earlier steps done, as CANN does (L-1); a retry runs them again.
TeardownResult runTeardown(ProcessState &state) {
    RuntimeState &runtime = state.runtime;
    const bool callbacks = state.lifecycle == LifecycleKind::full;
    const FinalizeSnapshots snapshots = FinalizeSnapshots::take(callbacks);
    const auto notifyIfAny = [callbacks](aclRegisterCallbackType type, const std::vector<FinalizeCallback> &list,
                                         aclppStep step) {
        return callbacks ? notify(type, list, step) : TeardownResult{};
    };
    // Device-log flush: the emulated devices have no logs, so there is nothing to wait for
    // whatever ASCEND_LOG_DEVICE_FLUSH_TIMEOUT says (L-8). A failure only warns.
    (void)takeFault(ACLPP_STEP_FINALIZE_DLOG);
    (void)takeFault(ACLPP_STEP_FINALIZE_PROFILING);  // msprof finalize failures are ignored
    runtime.devices.profilingInitialised = false;

    if (auto r =
            notifyIfAny(ACL_REG_TYPE_ACL_OP_COMPILER, snapshots.opCompiler, ACLPP_STEP_FINALIZE_OP_COMPILER_CALLBACKS);
        r.code) {
        return r;
    }
    if (auto r = notifyIfAny(ACL_REG_TYPE_ACL_MODEL, snapshots.model, ACLPP_STEP_FINALIZE_MODEL_CALLBACKS); r.code) {
        return r;
    }

    if (runtime.devices.dumpServerStarted) {
        if (auto fault = takeFault(ACLPP_STEP_FINALIZE_DUMP)) {
            return failure(ACL_ERROR_INTERNAL_ERROR, ACLPP_STEP_FINALIZE_DUMP,
                           "stopping the dump server failed (it answered " + std::to_string(*fault) + ")");
        }
        runtime.devices.dumpServerStarted = false;
    }

    if (auto r = notifyIfAny(ACL_REG_TYPE_ACL_DVPP, snapshots.dvpp, ACLPP_STEP_FINALIZE_DVPP_CALLBACKS); r.code) {
        return r;
    }

    if (runtime.devices.fillHookRegistered) {
        if (auto fault = takeFault(ACLPP_STEP_FINALIZE_FILL_HOOK);
            fault && *fault != ACL_ERROR_RT_FEATURE_NOT_SUPPORT) {
            return failure(*fault, ACLPP_STEP_FINALIZE_FILL_HOOK, "unregistering the kernel-launch fill hook failed");
        }
        runtime.devices.fillHookRegistered = false;
    }

    if (runtime.devices.defaultDevice) {
        if (auto fault = takeFault(ACLPP_STEP_FINALIZE_DEFAULT_DEVICE)) {
            return failure(*fault, ACLPP_STEP_FINALIZE_DEFAULT_DEVICE, "disabling the default device failed");
        }
    }
    // E-2, E-3: every device still set is reset and the limits go back to their defaults.
    runtime.devices.resetDevicesAndLimits();

    if (auto r = notifyIfAny(ACL_REG_TYPE_OTHER, snapshots.other, ACLPP_STEP_FINALIZE_OTHER_CALLBACKS); r.code) {
        return r;
    }
    return {};
}

void recordTeardownFailure(const TeardownResult &result) noexcept {
    if (!result.message.empty()) {
        recordError(result.message);
    } else if (result.code == ACL_ERROR_BAD_ALLOC) {
        recordError("ACL_ERROR_BAD_ALLOC(200000): out of memory during finalize; the runtime stays initialised");
    } else {
        recordError(
            "ACL_ERROR_INTERNAL_ERROR(500000): an internal error during finalize; the runtime stays initialised");
    }
}

// Called with the lock held and BUSY set by the caller; returns with the lock held and BUSY
// cleared. `countBefore` is restored when the teardown fails, except on the compact runtime,
// whose finalize always completes (P-1): a failing step is recorded and the rest is undone all the
// same.
aclError teardown(ProcessState &state, std::unique_lock<std::mutex> &lock, uint64_t countBefore) {
    setTransitionOnThisThread(true);
    lock.unlock();
    const auto started = std::chrono::steady_clock::now();
    TeardownResult result;
    try {
        result = runTeardown(state);
    } catch (const std::bad_alloc &) {
        // Nothing here may allocate: under lasting memory pressure this handler must still end
        // the transition. recordTeardownFailure supplies the text.
        result.code = ACL_ERROR_BAD_ALLOC;
        result.message.clear();
    } catch (...) {
        result.code = ACL_ERROR_INTERNAL_ERROR;
        result.message.clear();
    }
    lock.lock();
    if (state.lifecycle == LifecycleKind::compact && result.code != ACL_SUCCESS) {
        recordTeardownFailure(result);
        result = TeardownResult{};
    }
    if (result.code == ACL_SUCCESS) {
        state.finalized = true;
        state.liveEpoch.store(0, std::memory_order_release);
        state.runtime = RuntimeState{};
        ++state.deviceGeneration;
        state.lastFinalizeNanoseconds = static_cast<uint64_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count());
        callbackRegistry().markFinalized();
        setErrorMessageMode(ErrMsgMode::thread);
        state.word.store(0, std::memory_order_release);
    } else {
        state.word.store(countBefore, std::memory_order_release);
    }
    setTransitionOnThisThread(false);
    state.transitionDone.notify_all();
    if (result.code != ACL_SUCCESS) recordTeardownFailure(result);
    return result.code;
}

// Sets BUSY over `count`. Fails when the word changed since it was read (the count through the
// lock-free paths); the caller then reads it again.
bool claimTransition(ProcessState &state, uint64_t word) {
    return state.word.compare_exchange_strong(word, word | kBusyBit, std::memory_order_acq_rel);
}

// P-1: gives back one reference, tears down on 1->0, and nothing at 0. False when the word
// changed since it was read (the caller reads it again); the result is always ACL_SUCCESS.
bool finalizeCompact(ProcessState &state, std::unique_lock<std::mutex> &lock, uint64_t word) {
    const uint64_t count = word & kCountMask;
    if (count == 0) return true;
    if (count > 1) {
        uint64_t expected = word;
        return state.word.compare_exchange_strong(expected, word - 1);
    }
    if (!claimTransition(state, word)) return false;
    (void)teardown(state, lock, word);  // always completes on the compact runtime
    return true;
}

// Everything but the lock-free leave, out of line: the leave pays for no stack frame.
[[gnu::noinline]] aclError finalizeReferenceSlow(uint64_t *refCount, uint64_t requiredEpoch) {
    if (inTransitionOnThisThread()) return reentrantCall("aclFinalizeReference");
    ProcessState &state = processState();
    std::unique_lock lock(state.mutex);
    for (;;) {
        const uint64_t word = waitForStableState(state, lock);
        const uint64_t count = word & kCountMask;
        if (requiredEpoch == kAnyEpoch && lifecycleKindLocked(state) == LifecycleKind::compact) {
            return refuseOnCompactRuntime("aclFinalizeReference");
        }
        // Not initialised, or (for a caller naming its runtime) a different runtime is live.
        if (count == 0 || (requiredEpoch != kAnyEpoch && state.epoch != requiredEpoch)) {
            if (refCount != nullptr) *refCount = 0;
            return ACL_ERROR_REPEAT_FINALIZE;
        }
        // The runtime this reference names is live and compact, where aclFinalize is the
        // matching call: the answer tells the holder so, and is no error to report (P-5).
        if ((word & kCompactBit) != 0) return ACL_ERROR_API_NOT_SUPPORT;
        if (count > 1) {
            uint64_t expected = word;
            if (state.word.compare_exchange_strong(expected, word - 1)) {
                if (refCount != nullptr) *refCount = count - 1;
                return ACL_SUCCESS;
            }
            continue;
        }
        if (claimTransition(state, word)) {
            const aclError code = teardown(state, lock, word);
            if (refCount != nullptr) *refCount = code == ACL_SUCCESS ? 0 : 1;
            return code;
        }
    }
}

}  // namespace

aclError finalizeAll() {
    if (inTransitionOnThisThread()) return reentrantCall("aclFinalize");
    ProcessState &state = processState();
    std::unique_lock lock(state.mutex);
    for (;;) {
        const uint64_t word = waitForStableState(state, lock);
        if (lifecycleKindLocked(state) == LifecycleKind::compact) {
            if (finalizeCompact(state, lock, word)) return ACL_SUCCESS;
            continue;
        }
        if (state.finalized) return ACL_ERROR_REPEAT_FINALIZE;
        if (word == 0) {
            // L-3: nothing is initialised: succeed, touch nothing, and a repeat gives 100037.
            state.finalized = true;
            return ACL_SUCCESS;
        }
        if (claimTransition(state, word)) return teardown(state, lock, word);
    }
}

aclError finalizeReference(uint64_t *refCount, uint64_t requiredEpoch) {
    // Leaving while others still hold the runtime: one CAS, no lock. No re-entrancy check before
    // it (L-6): the transitioning thread holds BUSY, so it always takes the slow path.
    uint64_t generationMask = 0;  // which generation the word must carry: any by default
    uint64_t generation = 0;
    if (requiredEpoch != kAnyEpoch) {
        // The caller's runtime must be the live one; after this load, a teardown and a re-init
        // cannot make the CAS below succeed on the wrong runtime: its word carries another
        // generation (short of 2^22 inits in between).
        if (liveEpochWord.load(std::memory_order_acquire) != requiredEpoch) {
            return finalizeReferenceSlow(refCount, requiredEpoch);
        }
        generationMask = kGenerationMask;
        generation = generationBits(requiredEpoch);
    }
    const auto leavable = [&](uint64_t word) {
        return (word & kLockFreeBlockers) == 0 && (word & kCountMask) > 1 && (word & generationMask) == generation;
    };
    uint64_t word = lifecycleWord.load(std::memory_order_relaxed);  // the CAS checks it
    while (leavable(word)) {
        if (lifecycleWord.compare_exchange_weak(word, word - 1, std::memory_order_acq_rel)) {
            if (refCount != nullptr) *refCount = (word & kCountMask) - 1;
            return ACL_SUCCESS;
        }
    }
    return finalizeReferenceSlow(refCount, requiredEpoch);
}

}  // namespace aclpp::core
