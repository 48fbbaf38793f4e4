#include "lifecycle/state.hpp"

#include "util/never_destroyed.hpp"

namespace aclpp::core {
namespace {

// Plain thread_local integers: trivially destructible, so safe from any destructor.
thread_local bool tInTransition = false;
thread_local uint64_t tDeviceEpoch = 0;
thread_local int32_t tDevice = -1;

}  // namespace

ProcessState &processState() {
    static ProcessState &instance = []() -> ProcessState & {
        static NeverDestroyed<ProcessState> state;
        installForkHandlers();
        return state.get();
    }();
    return instance;
}

bool inTransitionOnThisThread() noexcept {
    return tInTransition;
}
void setTransitionOnThisThread(bool value) noexcept {
    tInTransition = value;
}

uint64_t waitForStableState(ProcessState &state, std::unique_lock<std::mutex> &lock) {
    for (;;) {
        const uint64_t word = state.word.load(std::memory_order_acquire);
        if ((word & kBusyBit) == 0 || tInTransition) return word;
        state.transitionDone.wait(lock);
    }
}

PlatformOverride platformOverrideInForce() {
    ProcessState &state = processState();
    std::lock_guard lock(state.mutex);
    return state.platformOverride;
}

LifecycleKind lifecycleKindLocked(const ProcessState &state) noexcept {
    if (state.word.load(std::memory_order_acquire) != 0) return state.lifecycle;
    // Only the SoC matters here; an unknown name fails the next init under the full rules.
    try {
        return resolvePlatform(state.platformOverride).rulesProduct().traits->lifecycle;
    } catch (...) {
        return LifecycleKind::full;  // out of memory for the name: the next init fails anyway
    }
}

int32_t currentDeviceOfThisThread(const ProcessState &state) noexcept {
    return tDeviceEpoch == state.deviceGeneration ? tDevice : -1;
}

void setCurrentDeviceOfThisThread(const ProcessState &state, int32_t device) noexcept {
    tDeviceEpoch = state.deviceGeneration;
    tDevice = device;
}

}  // namespace aclpp::core
