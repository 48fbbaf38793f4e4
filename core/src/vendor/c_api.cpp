// The aclpp lifecycle extensions over the vendor's runtime (B-3): each keeps its meaning where
// the vendor lets aclpp know it, and says so where it cannot (200001, or a count marked
// unknown); none guesses. Everything that touches no runtime (validation, schema, product
// table, names) is the same code as on the emulated runtime.
#include <optional>
#include <string>

#include "acl/aclpp_ext.h"
#include "config/config_file.hpp"
#include "errors/recent_message.hpp"
#include "platform/platform_choice.hpp"
#include "schema/effective_json.hpp"
#include "schema/validate.hpp"
#include "util/copy_out.hpp"
#include "util/guarded_call.hpp"
#include "vendor/init_diagnosis.hpp"
#include "vendor/live_runtime.hpp"
#include "vendor/optional_api.hpp"
#include "vendor/private_config_file.hpp"

using namespace aclpp::core;
using namespace aclpp::vendor;

namespace {

/// The bytes an init from `path` passes: read here only when aclpp needs them and the runtime
/// cannot tell them (after a failure, or where it has no callback API); nullopt when unreadable.
std::optional<std::string> bytesOfPath(const char *path) {
    if (path == nullptr || path[0] == '\0') return std::string();
    ConfigBytes bytes;
    if (readConfigFile(path, bytes).code != ACL_SUCCESS) return std::nullopt;
    return std::string(bytes.view());
}

/// aclInit through aclpp: the observers first (a join must see the live config), then the
/// reference the call took, tied to the epoch of the runtime it was taken on. `bytes` are the
/// config of a buffer init; a path's are read when needed.
aclError initThroughAclpp(const char *path, uint64_t *epoch, std::optional<std::string_view> bytes) {
    if (epoch != nullptr) *epoch = 0;
    const aclError observing = observeRuntime();
    if (observing != ACL_SUCCESS) {
        recordError("aclpp cannot watch the runtime: aclInitCallbackRegister(ACL_REG_TYPE_OTHER) returned " +
                    std::to_string(observing) + " (" + aclppErrorName(observing) + ")");
        return observing;
    }
    const auto transition = lockTransitions();
    const uint64_t epochBefore = liveEpoch();
    const aclError rc = aclInit(path);
    std::optional<std::string> read;
    if (!bytes &&
        (rc == ACL_SUCCESS ? !optionalApi().has(ACLPP_FEATURE_CALLBACKS) : rc != ACL_ERROR_REPEAT_INITIALIZE)) {
        read = bytesOfPath(path);
        if (read) bytes = *read;
    }
    if (rc != ACL_SUCCESS && rc != ACL_ERROR_REPEAT_INITIALIZE) {
        noteInitFailed(epochBefore);
        explainFailedInit(rc, bytes);
        return rc;
    }
    const uint64_t taken = noteReferenceTaken(rc, bytes);
    if (epoch != nullptr) *epoch = taken;
    return rc;
}

thread_local bool tInBufferInit = false;

aclError initFromBytes(const char *data, size_t length, uint64_t *epoch) {
    if (data == nullptr) return initThroughAclpp(nullptr, epoch, std::nullopt);
    if (const ReadResult size = checkConfigSize(length); size.code != ACL_SUCCESS) {  // F-2, as aclInit's file
        if (epoch != nullptr) *epoch = 0;
        recordError("ACL_ERROR_INVALID_FILE(100003): aclppInitFromBuffer: " + size.message);
        return size.code;
    }
    if (tInBufferInit) {  // from a callback of the init this thread is running (L-6)
        if (epoch != nullptr) *epoch = 0;
        recordError("ACL_ERROR_FAILURE(500001): aclppInitFromBuffer called from inside a lifecycle callback");
        return ACL_ERROR_FAILURE;
    }
    tInBufferInit = true;
    struct Leave {
        ~Leave() { tInBufferInit = false; }
    } leave;
    std::string error;
    // One at a time per process, and never waiting for a thread a fork left behind (F10).
    const std::optional<PrivateConfigFile> file = PrivateConfigFile::create(std::string_view(data, length), error);
    if (!file) {
        if (epoch != nullptr) *epoch = 0;
        recordError("ACL_ERROR_WRITE_FILE(100004): aclppInitFromBuffer: " + error);
        return ACL_ERROR_WRITE_FILE;
    }
    return initThroughAclpp(file->path().c_str(), epoch, std::string_view(data, length));
}

const Product *liveProduct() {
    const char *soc = liveEpoch() != 0 ? aclrtGetSocName() : nullptr;
    return soc != nullptr ? findProduct(soc) : nullptr;
}

aclError notSupported(const char *function) {
    recordError(std::string("ACL_ERROR_API_NOT_SUPPORT(200001): ") + function +
                " is an emulated-runtime extension; over the vendor runtime it does nothing");
    return ACL_ERROR_API_NOT_SUPPORT;
}

}  // namespace

namespace aclpp::core {

PlatformOverride platformOverrideInForce() {
    PlatformOverride platform;
    if (liveEpoch() == 0) return platform;
    if (const char *soc = aclrtGetSocName()) platform.soc = soc;
    uint32_t count = 0;
    if (aclrtGetDeviceCount(&count) == ACL_SUCCESS && count > 0) platform.deviceCount = count;
    return platform;
}

}  // namespace aclpp::core

extern "C" {

const char *aclppRuntimeName(void) {
    return "cann";
}

const char *aclppGetRecentErrMsg(void) {
    thread_local std::string joined;
    const char *own = takeRecentError();
    const char *runtime = aclGetRecentErrMsg();
    if (own == nullptr) return runtime;
    try {
        joined = own;
        if (runtime != nullptr && runtime[0] != '\0') joined.append("\n").append(runtime);
        return joined.c_str();
    } catch (...) {
        return own;
    }
}

aclError aclppInitFromBuffer(const char *data, size_t length) {
    return guardedCall([&] { return initFromBytes(data, length, nullptr); });
}

aclError aclppInitWithEpoch(const char *configPath, uint64_t *epoch) {
    return guardedCall([&] { return initThroughAclpp(configPath, epoch, std::nullopt); });
}

aclError aclppInitFromBufferWithEpoch(const char *data, size_t length, uint64_t *epoch) {
    return guardedCall([&] { return initFromBytes(data, length, epoch); });
}

aclError aclppFinalizeReferenceOfEpoch(uint64_t epoch, uint64_t *refCount) {
    if (epoch == 0 || epoch != liveEpoch()) {
        if (refCount != nullptr) *refCount = 0;
        return ACL_ERROR_REPEAT_FINALIZE;
    }
    const OptionalApi &api = optionalApi();
    if (api.finalizeReference == nullptr) {
        const auto transition = lockTransitions();
        return returnOwnReference(epoch, refCount);
    }
    const aclError rc = api.finalizeReference(refCount);
    if (rc == ACL_SUCCESS) noteReferenceReturned(epoch);
    return rc;
}

aclError aclppGetLifecycleState(aclppLifecycleState *out) {
    if (out == nullptr) return ACL_ERROR_INVALID_PARAM;
    const RuntimeView view = runtimeView();
    *out = aclppLifecycleState{};
    out->refCount = view.referencesHeld;
    out->initialized = view.liveEpoch != 0 ? 1 : 0;
    out->epoch = view.epochsSeen;
    out->refCountIsTotal = 0;
    return ACL_SUCCESS;
}

uint64_t aclppLifecycleEpoch(void) {
    return liveEpoch();
}

aclppLifecycleKind aclppGetLifecycleKind(void) {
    const Product *product = liveProduct();
    return product != nullptr && product->traits->lifecycle == LifecycleKind::compact ? ACLPP_LIFECYCLE_COMPACT
                                                                                      : ACLPP_LIFECYCLE_FULL;
}

aclError aclppSetDeviceWithEpoch(int32_t deviceId, uint64_t *epoch) {
    const aclError rc = aclrtSetDevice(deviceId);
    if (epoch != nullptr) *epoch = rc == ACL_SUCCESS ? liveEpoch() : 0;
    return rc;
}

aclError aclppResetDeviceOfEpoch(int32_t deviceId, uint64_t epoch) {
    if (epoch == 0 || epoch != liveEpoch()) return ACL_ERROR_UNINITIALIZE;
    return aclrtResetDevice(deviceId);
}

aclError aclppSynchronizeDeviceOfEpoch(int32_t deviceId, uint64_t epoch) {
    if (epoch == 0 || epoch != liveEpoch()) return ACL_ERROR_UNINITIALIZE;
    int32_t current = -1;
    if (aclrtGetDevice(&current) == ACL_SUCCESS && current == deviceId) return aclrtSynchronizeDevice();
    // The vendor synchronizes the current device only: make `deviceId` current for the call,
    // then give back that count and make the thread's device current again (set and reset, so
    // its count is what it was).
    aclError rc = aclrtSetDevice(deviceId);
    if (rc != ACL_SUCCESS) return rc;
    rc = aclrtSynchronizeDevice();
    const aclError reset = aclrtResetDevice(deviceId);
    if (current >= 0 && aclrtSetDevice(current) == ACL_SUCCESS) (void)aclrtResetDevice(current);
    return rc != ACL_SUCCESS ? rc : reset;
}

aclError aclppGetEffectiveConfig(char *buffer, size_t capacity, size_t *required) {
    return guardedCall([&]() -> aclError {
        std::string bytes;
        if (const LiveConfig live = liveConfigBytes(bytes); live != LiveConfig::known) return liveConfigError(live);
        const PlatformChoice platform = resolvePlatform(platformOverrideInForce());
        const EnvironmentSnapshot environment = EnvironmentSnapshot::capture();
        const Product &product = platform.rulesProduct();
        const ValidationSettings settings{.product = product,
                                          .deviceCount = platform.deviceCount,
                                          .environment = environment,
                                          .release = platform.cannRelease};
        const ValidationOutcome outcome =
            validateConfig(bytes.empty() ? std::nullopt : std::optional<std::string_view>(bytes), false, settings);
        const std::string json = effectiveConfigJson(
            outcome.effective,
            PlatformDescription{platform.socName, product.traits->name, platform.deviceCount, product.traits});
        return copyOut(json, buffer, capacity, required);
    });
}

aclError aclppGetConfigBytes(char *buffer, size_t capacity, size_t *required) {
    return guardedCall([&]() -> aclError {
        std::string bytes;
        if (const LiveConfig live = liveConfigBytes(bytes); live != LiveConfig::known) return liveConfigError(live);
        return copyOut(bytes, buffer, capacity, required);
    });
}

aclError aclppSetPlatform(const char *, uint32_t) {
    return notSupported("aclppSetPlatform");
}

aclError aclppTestingInjectFault(aclppStep, aclError, uint32_t, uint32_t) {
    return notSupported("aclppTestingInjectFault");
}

void aclppTestingClearFaults(void) {}

aclError aclppTestingReset(uint32_t) {
    return notSupported("aclppTestingReset");
}

size_t aclppRegisteredCallbackCount(void) {
    return ACLPP_COUNT_UNKNOWN_SIZE;
}

uint64_t aclppDevicesInUse(void) {
    return ACLPP_COUNT_UNKNOWN_U64;
}

uint32_t aclppRuntimeFeatures(void) {
    return optionalApi().features();
}

aclppRuntimeOwner aclppGetRuntimeOwner(void) {
    return runtimeOwner();
}

aclError aclppDeviceSetLimit(aclppDeviceLimit limit, size_t value) {
    const OptionalApi &api = optionalApi();
    if (api.deviceSetLimit == nullptr) return featureMissing("aclppDeviceSetLimit", ACLPP_FEATURE_DEVICE_LIMITS);
    return api.deviceSetLimit(limit, value);
}

aclError aclppDeviceGetLimit(aclppDeviceLimit limit, size_t *value) {
    const OptionalApi &api = optionalApi();
    if (api.deviceGetLimit == nullptr) return featureMissing("aclppDeviceGetLimit", ACLPP_FEATURE_DEVICE_LIMITS);
    return api.deviceGetLimit(limit, value);
}

}  // extern "C"
