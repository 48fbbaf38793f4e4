// The exported lifecycle entry points: argument checks and exception guards only.
#include "callbacks/registry.hpp"
#include "errors/recent_message.hpp"
#include "holders/trace.hpp"
#include "lifecycle/faults.hpp"
#include "lifecycle/lifecycle.hpp"
#include "lifecycle/state.hpp"
#include "schema/effective_json.hpp"
#include "util/copy_out.hpp"

using namespace aclpp::core;

extern "C" {

// The plain C calls are traced (C-7) with call=<function> and no holder; inside an aclppHolder*
// call the holder's own line says it all.
aclError aclInit(const char *configPath) {
    const uint64_t started = tracePlainStart();
    const aclError rc = guardedCall([&] { return initialize(InitRequest{configPath, nullptr, 0, false}); });
    traceEvent(started, initEvent(rc), {}, "aclInit", rc);
    return rc;
}

aclError aclppInitFromBuffer(const char *data, size_t length) {
    const uint64_t started = tracePlainStart();
    const aclError rc = guardedCall([&] { return initialize(InitRequest{nullptr, data, length, true}); });
    traceEvent(started, initEvent(rc), {}, "aclppInitFromBuffer", rc);
    return rc;
}

aclError aclFinalize(void) {
    const uint64_t started = tracePlainStart();
    const aclError rc = guardedCall([] { return finalizeAll(); });
    traceEvent(started, leaveEvent(rc), {}, "aclFinalize", rc);
    return rc;
}

aclError aclFinalizeReference(uint64_t *refCount) {
    const uint64_t started = tracePlainStart();
    const aclError rc = guardedCall([&] { return finalizeReference(refCount); });
    traceEvent(started, leaveEvent(rc), {}, "aclFinalizeReference", rc);
    return rc;
}

const char *aclGetRecentErrMsg(void) {
    return takeRecentError();
}

// One store for the runtime's text and aclpp's own: the extensions record into it too.
const char *aclppGetRecentErrMsg(void) {
    return takeRecentError();
}

const char *aclppRuntimeName(void) {
    return "emulated";
}

aclError aclppGetLifecycleState(aclppLifecycleState *out) {
    if (out == nullptr) return ACL_ERROR_INVALID_PARAM;
    return guardedCall([&] {
        ProcessState &state = processState();
        std::lock_guard lock(state.mutex);
        const uint64_t word = state.word.load(std::memory_order_acquire);
        out->refCount = word & kCountMask;
        out->initialized = (word & kCountMask) > 0 ? 1 : 0;
        out->finalized = state.finalized ? 1 : 0;
        out->transitionInProgress = (word & kBusyBit) != 0 ? 1 : 0;
        out->identityRemembered = state.identity != nullptr ? 1 : 0;
        out->forkedChild = state.forkedChild ? 1 : 0;
        out->epoch = state.epoch;
        out->lastInitNanoseconds = state.lastInitNanoseconds;
        out->lastFinalizeNanoseconds = state.lastFinalizeNanoseconds;
        out->refCountIsTotal = 1;
        return ACL_SUCCESS;
    });
}

aclError aclppInitWithEpoch(const char *configPath, uint64_t *epoch) {
    return guardedCall([&] { return initialize(InitRequest{configPath, nullptr, 0, false, true}, epoch); });
}

aclError aclppInitFromBufferWithEpoch(const char *data, size_t length, uint64_t *epoch) {
    return guardedCall([&] { return initialize(InitRequest{nullptr, data, length, true, true}, epoch); });
}

aclError aclppFinalizeReferenceOfEpoch(uint64_t epoch, uint64_t *refCount) {
    if (epoch == 0) {  // names no runtime: the reference was gone when it was taken
        if (refCount != nullptr) *refCount = 0;
        return ACL_ERROR_REPEAT_FINALIZE;
    }
    return guardedCall([&] { return finalizeReference(refCount, epoch); });
}

uint64_t aclppLifecycleEpoch(void) {
    // No processState(): nothing to construct, so nothing can throw, and no guard on the join path.
    return liveEpochWord.load(std::memory_order_acquire);
}

static_assert(static_cast<int>(LifecycleKind::full) == ACLPP_LIFECYCLE_FULL &&
              static_cast<int>(LifecycleKind::compact) == ACLPP_LIFECYCLE_COMPACT);

aclppLifecycleKind aclppGetLifecycleKind(void) {
    try {
        return static_cast<aclppLifecycleKind>(currentLifecycleKind());
    } catch (...) {
        return ACLPP_LIFECYCLE_FULL;  // the state could not be created: no runtime is live
    }
}

aclError aclppGetEffectiveConfig(char *buffer, size_t capacity, size_t *required) {
    return guardedCall([&]() -> aclError {
        ProcessState &state = processState();
        std::unique_lock lock(state.mutex);
        const uint64_t word = waitForStableState(state, lock);
        if ((word & kCountMask) == 0 || state.runtime.devices.product == nullptr) return ACL_ERROR_UNINITIALIZE;
        const DeviceLayerState &devices = state.runtime.devices;
        const std::string json = effectiveConfigJson(state.runtime.effective,
                                                     PlatformDescription{devices.socName, devices.product->traits->name,
                                                                         devices.deviceCount, devices.product->traits});
        return copyOut(json, buffer, capacity, required);
    });
}

aclError aclppGetConfigBytes(char *buffer, size_t capacity, size_t *required) {
    return guardedCall([&]() -> aclError {
        ProcessState &state = processState();
        std::unique_lock lock(state.mutex);
        const uint64_t word = waitForStableState(state, lock);
        if ((word & kCountMask) == 0) return ACL_ERROR_UNINITIALIZE;
        const std::string_view bytes = state.runtime.config ? state.runtime.config->view() : std::string_view{};
        return copyOut(bytes, buffer, capacity, required);
    });
}

aclError aclppSetPlatform(const char *soc, uint32_t deviceCount) {
    return guardedCall([&]() -> aclError {
        if (soc != nullptr && findProduct(soc) == nullptr) {
            recordError(std::string("ACL_ERROR_INVALID_PARAM(100000): unknown SoC \"") + soc +
                        "\"; known: " + std::string(knownSocNames()));
            return ACL_ERROR_INVALID_PARAM;
        }
        if (deviceCount > kMaxDeviceCount) {
            recordError("ACL_ERROR_INVALID_PARAM(100000): device count " + std::to_string(deviceCount) +
                        " is above the maximum of " + std::to_string(kMaxDeviceCount));
            return ACL_ERROR_INVALID_PARAM;
        }
        ProcessState &state = processState();
        std::unique_lock lock(state.mutex);
        if (inTransitionOnThisThread()) return ACL_ERROR_REPEAT_INITIALIZE;
        const uint64_t word = waitForStableState(state, lock);
        if (word != 0) return ACL_ERROR_REPEAT_INITIALIZE;
        if (soc != nullptr) state.platformOverride.soc = soc;
        if (deviceCount != 0) state.platformOverride.deviceCount = deviceCount;
        return ACL_SUCCESS;
    });
}

aclError aclppTestingInjectFault(aclppStep step, aclError code, uint32_t skip, uint32_t times) {
    if (!isKnownStep(step) || code == ACL_SUCCESS) return ACL_ERROR_INVALID_PARAM;
    injectFault(step, code, skip, times);
    return ACL_SUCCESS;
}

void aclppTestingClearFaults(void) {
    clearFaults();
}

aclError aclppTestingReset(uint32_t flags) {
    return guardedCall([&]() -> aclError {
        ProcessState &state = processState();
        std::unique_lock lock(state.mutex);
        if (inTransitionOnThisThread()) return ACL_ERROR_REPEAT_INITIALIZE;
        const uint64_t word = waitForStableState(state, lock);
        if (word != 0) return ACL_ERROR_REPEAT_INITIALIZE;
        state.finalized = false;
        if ((flags & ACLPP_RESET_IDENTITY) != 0) state.identity.reset();
        state.platformOverride = PlatformOverride{};
        state.runtime = RuntimeState{};
        state.forkedChild = false;
        // Still under the lock (the fork handler's order: state, registry, faults, messages), so
        // an init that starts right after the reset cannot lose its err_msg_mode or its
        // registrations to it.
        clearFaults();
        if ((flags & ACLPP_RESET_CALLBACKS) != 0) callbackRegistry().clear();
        clearRecentErrors();
        setErrorMessageMode(ErrMsgMode::thread);
        return ACL_SUCCESS;
    });
}

size_t aclppRegisteredCallbackCount(void) {
    try {
        return callbackRegistry().size();
    } catch (...) {
        return 0;
    }
}

}  // extern "C"
