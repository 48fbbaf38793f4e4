// The emulated device entry points (E-1..E-3). Device calls take the state lock briefly and
// wait for a running transition, except on the transitioning thread itself (a finalize
// callback may reset its device).
#include "acl/aclpp_ext.h"
#include "devices/limits.hpp"
#include "errors/recent_message.hpp"
#include "lifecycle/lifecycle.hpp"
#include "lifecycle/state.hpp"

using namespace aclpp::core;

namespace {

aclError notInitialised(const char *function) {
    recordError(std::string("ACL_ERROR_UNINITIALIZE(100001): ") + function +
                " was called while the runtime is not initialised; call aclInit first (E-2)");
    return ACL_ERROR_UNINITIALIZE;
}

aclError invalidDevice(const char *function, int32_t device, uint32_t count) {
    recordError(std::string("ACL_ERROR_RT_INVALID_DEVICEID(107001): ") + function + ": device " +
                std::to_string(device) + " does not exist; the emulated platform has " + std::to_string(count) +
                (count == 1 ? " device (id 0)" : " devices (ids 0 to " + std::to_string(count - 1) + ")"));
    return ACL_ERROR_RT_INVALID_DEVICEID;
}

// Runs `body(state)` under the lock once the runtime is initialised and stable.
template <class Body>
aclError withLiveRuntime(const char *function, Body &&body) {
    return guardedCall([&]() -> aclError {
        ProcessState &state = processState();
        std::unique_lock lock(state.mutex);
        const uint64_t word = waitForStableState(state, lock);
        if ((word & kCountMask) == 0 || state.runtime.devices.product == nullptr) return notInitialised(function);
        return body(state);
    });
}

bool validDevice(const ProcessState &state, int32_t device) {
    return device >= 0 && static_cast<uint32_t>(device) < state.runtime.devices.deviceCount;
}

// aclrtResetDevice, or (requiredEpoch set) only in that runtime: a holder whose runtime was torn
// down and initialised again must not reset a device someone set in the new one.
aclError resetDevice(int32_t deviceId, uint64_t requiredEpoch) {
    return guardedCall([&]() -> aclError {
        ProcessState &state = processState();
        std::unique_lock lock(state.mutex);
        const uint64_t word = waitForStableState(state, lock);
        const bool live = (word & kCountMask) != 0 && state.runtime.devices.product != nullptr;
        if (requiredEpoch != kAnyEpoch && (!live || state.epoch != requiredEpoch)) {
            return ACL_ERROR_UNINITIALIZE;  // quietly: that runtime's devices are gone with it
        }
        if (!live) return notInitialised("aclrtResetDevice");
        if (!validDevice(state, deviceId)) {
            return invalidDevice("aclrtResetDevice", deviceId, state.runtime.devices.deviceCount);
        }
        uint64_t &count = state.runtime.devices.setCounts[static_cast<std::size_t>(deviceId)];
        if (count > 0) --count;
        if (count == 0 && currentDeviceOfThisThread(state) == deviceId) setCurrentDeviceOfThisThread(state, -1);
        return ACL_SUCCESS;
    });
}

}  // namespace

extern "C" {

aclError aclrtSetDevice(int32_t deviceId) {
    return aclppSetDeviceWithEpoch(deviceId, nullptr);
}

aclError aclppSetDeviceWithEpoch(int32_t deviceId, uint64_t *epoch) {
    if (epoch != nullptr) *epoch = 0;
    return withLiveRuntime("aclrtSetDevice", [&](ProcessState &state) -> aclError {
        if (!validDevice(state, deviceId)) {
            return invalidDevice("aclrtSetDevice", deviceId, state.runtime.devices.deviceCount);
        }
        ++state.runtime.devices.setCounts[static_cast<std::size_t>(deviceId)];
        setCurrentDeviceOfThisThread(state, deviceId);
        if (epoch != nullptr) *epoch = state.epoch;  // under the lock: the runtime counted in
        return ACL_SUCCESS;
    });
}

aclError aclrtResetDevice(int32_t deviceId) {
    return resetDevice(deviceId, kAnyEpoch);
}

aclError aclppResetDeviceOfEpoch(int32_t deviceId, uint64_t epoch) {
    if (epoch == 0) return ACL_ERROR_UNINITIALIZE;  // names no runtime
    return resetDevice(deviceId, epoch);
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
    return withLiveRuntime("aclrtResetDeviceForce", [&](ProcessState &state) -> aclError {
        if (!validDevice(state, deviceId)) {
            return invalidDevice("aclrtResetDeviceForce", deviceId, state.runtime.devices.deviceCount);
        }
        state.runtime.devices.setCounts[static_cast<std::size_t>(deviceId)] = 0;
        if (currentDeviceOfThisThread(state) == deviceId) setCurrentDeviceOfThisThread(state, -1);
        return ACL_SUCCESS;
    });
}

aclError aclrtGetDevice(int32_t *deviceId) {
    if (deviceId == nullptr) return ACL_ERROR_INVALID_PARAM;
    return withLiveRuntime("aclrtGetDevice", [&](ProcessState &state) -> aclError {
        const DeviceLayerState &devices = state.runtime.devices;
        const int32_t current = currentDeviceOfThisThread(state);
        if (current >= 0 && devices.setCounts[static_cast<std::size_t>(current)] > 0) {
            *deviceId = current;
            return ACL_SUCCESS;
        }
        if (devices.defaultDevice) {  // E-2: fall back to the configured default device
            *deviceId = *devices.defaultDevice;
            return ACL_SUCCESS;
        }
        recordError(
            "ACL_ERROR_RT_CONTEXT_NULL(107002): aclrtGetDevice: this thread has no current device and no "
            "default device is configured; call aclrtSetDevice or set defaultDevice.default_device (E-2)");
        return ACL_ERROR_RT_CONTEXT_NULL;
    });
}

aclError aclrtGetDeviceCount(uint32_t *count) {
    if (count == nullptr) return ACL_ERROR_INVALID_PARAM;
    return withLiveRuntime("aclrtGetDeviceCount", [&](ProcessState &state) -> aclError {
        *count = state.runtime.devices.deviceCount;
        return ACL_SUCCESS;
    });
}

aclError aclrtSynchronizeDevice(void) {
    return withLiveRuntime("aclrtSynchronizeDevice", [&](ProcessState &state) -> aclError {
        const int32_t current = currentDeviceOfThisThread(state);
        const bool hasDevice =
            (current >= 0 && state.runtime.devices.setCounts[static_cast<std::size_t>(current)] > 0) ||
            state.runtime.devices.defaultDevice.has_value();
        if (!hasDevice) {
            recordError("ACL_ERROR_RT_CONTEXT_NULL(107002): aclrtSynchronizeDevice: this thread has no current device");
            return ACL_ERROR_RT_CONTEXT_NULL;
        }
        return ACL_SUCCESS;  // emulated devices have no queued work
    });
}

aclError aclppSynchronizeDeviceOfEpoch(int32_t deviceId, uint64_t epoch) {
    return withLiveRuntime("aclrtSynchronizeDevice", [&](ProcessState &state) -> aclError {
        if (epoch == 0 || state.epoch != epoch) {
            recordError("ACL_ERROR_UNINITIALIZE(100001): aclrtSynchronizeDevice: device " + std::to_string(deviceId) +
                        " was set in a runtime that has been finalized since (E-2)");
            return ACL_ERROR_UNINITIALIZE;
        }
        if (!validDevice(state, deviceId)) {
            return invalidDevice("aclrtSynchronizeDevice", deviceId, state.runtime.devices.deviceCount);
        }
        if (state.runtime.devices.setCounts[static_cast<std::size_t>(deviceId)] == 0) {
            recordError("ACL_ERROR_RT_CONTEXT_NULL(107002): aclrtSynchronizeDevice: device " +
                        std::to_string(deviceId) + " is not set (E-2)");
            return ACL_ERROR_RT_CONTEXT_NULL;
        }
        return ACL_SUCCESS;  // emulated devices have no queued work
    });
}

aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value) {
    return withLiveRuntime("aclrtDeviceSetLimit", [&](ProcessState &state) -> aclError {
        DeviceLayerState &devices = state.runtime.devices;
        const LimitDecision decision = decideLimit(*devices.product->traits, limit, value, devices.limits);
        if (decision.code != ACL_SUCCESS) {
            const LimitRule *rule = findLimitRule(limit);
            recordError(std::string(aclppErrorName(decision.code)) + "(" + std::to_string(decision.code) +
                        "): aclrtDeviceSetLimit(" + (rule ? std::string(rule->config.key) : std::to_string(limit)) +
                        ", " + std::to_string(value) + "): " + decision.note + " (E-3)");
            return decision.code;
        }
        if (decision.changed) devices.limits.set(limit, decision.applied);
        return ACL_SUCCESS;
    });
}

aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t *value) {
    if (value == nullptr) return ACL_ERROR_INVALID_PARAM;
    return withLiveRuntime("aclrtDeviceGetLimit", [&](ProcessState &state) -> aclError {
        const DeviceLayerState &devices = state.runtime.devices;
        if (findLimitRule(limit) == nullptr) return ACL_ERROR_RT_PARAM_INVALID;
        if (!limitSupported(*devices.product->traits, limit)) {
            recordError(std::string("ACL_ERROR_RT_FEATURE_NOT_SUPPORT(207000): aclrtDeviceGetLimit: ") +
                        std::string(findLimitRule(limit)->config.key) + " is not supported on " + devices.socName);
            return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
        }
        *value = static_cast<size_t>(readBackLimit(limit, devices.limits.get(limit)));
        return ACL_SUCCESS;
    });
}

const char *aclrtGetSocName(void) {
    try {
        ProcessState &state = processState();
        std::unique_lock lock(state.mutex);
        const uint64_t word = waitForStableState(state, lock);
        if ((word & kCountMask) == 0 || state.runtime.devices.product == nullptr) return nullptr;
        // The table's string literal: valid for the whole process, unlike the runtime state.
        const Product *product = findProduct(state.runtime.devices.socName);
        return product != nullptr ? product->soc.data() : nullptr;
    } catch (...) {
        return nullptr;
    }
}

uint64_t aclppDevicesInUse(void) {
    try {
        ProcessState &state = processState();
        std::unique_lock lock(state.mutex);
        // A running init or finalize rewrites the device state outside the lock; wait for it.
        waitForStableState(state, lock);
        return state.runtime.devices.devicesInUse();
    } catch (...) {  // a C entry point lets nothing escape
        return 0;
    }
}

}  // extern "C"
