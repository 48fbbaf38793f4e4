#include "vendor/live_runtime.hpp"

#include <atomic>

#include "errors/recent_message.hpp"
#include "vendor/fork_safe_lock.hpp"
#include "vendor/optional_api.hpp"

namespace aclpp::vendor {
namespace {

struct Observed {
    std::mutex mutex;  // never held across a vendor call: the observers run inside them
    bool registered = false;
    bool configKnown = false;
    bool startedByAclpp = false;  // an aclInit through aclpp answered 0 for the live runtime
    std::string configBytes;
    uint64_t epochsSeen = 0;
    uint64_t referencesHeld = 0;
};

// Never destroyed: the vendor may call the observers from its own static destructors.
Observed &observed() {
    static Observed *instance = new Observed;
    return *instance;
}

constinit std::atomic<uint64_t> liveEpochWord{0};

/// A new live runtime (under o.mutex).
void startEpoch(Observed &o) noexcept {
    o.referencesHeld = 0;
    o.startedByAclpp = false;
    liveEpochWord.store(++o.epochsSeen, std::memory_order_release);
}

void endEpoch(Observed &o) noexcept {
    o.configBytes.clear();
    o.configKnown = false;
    o.referencesHeld = 0;
    o.startedByAclpp = false;
    liveEpochWord.store(0, std::memory_order_release);
}

void keepConfig(Observed &o, std::string_view bytes) noexcept {
    try {
        o.configBytes.assign(bytes);
        o.configKnown = true;
    } catch (...) {
        o.configBytes.clear();  // out of memory: the config is then unknown
        o.configKnown = false;
    }
}

aclError onInit(const char *config, size_t length, void *) {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    startEpoch(o);
    keepConfig(o, std::string_view(config != nullptr ? config : "", config != nullptr ? length : 0));
    return ACL_SUCCESS;  // an observer never fails an init
}

aclError onFinalize(void *) {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    endEpoch(o);
    return ACL_SUCCESS;
}

bool watching() noexcept {
    return optionalApi().has(ACLPP_FEATURE_CALLBACKS);
}

}  // namespace

aclError observeRuntime() noexcept {
    const OptionalApi &api = optionalApi();
    if (!api.has(ACLPP_FEATURE_CALLBACKS)) return ACL_SUCCESS;  // aclpp knows its own calls only
    // Held across the vendor's registration calls.
    static constinit ForkSafeLock registering;
    try {
        std::lock_guard lock(registering);
        Observed &o = observed();
        {
            std::lock_guard stateLock(o.mutex);
            if (o.registered) return ACL_SUCCESS;
        }
        // Finalize first: an init observer registered while the runtime is up runs at once.
        aclError rc = api.finalizeCallbackRegister(kCallbackTypeOther, &onFinalize, nullptr);
        if (rc != ACL_SUCCESS) return rc;
        rc = api.initCallbackRegister(kCallbackTypeOther, &onInit, nullptr);
        if (rc != ACL_SUCCESS) {
            (void)api.finalizeCallbackUnRegister(kCallbackTypeOther, &onFinalize);
            return rc;
        }
        std::lock_guard stateLock(o.mutex);
        o.registered = true;
        return ACL_SUCCESS;
    } catch (...) {
        return ACL_ERROR_BAD_ALLOC;
    }
}

std::unique_lock<ForkSafeLock> lockTransitions() noexcept {
    static constinit ForkSafeLock transitions;  // trivially destroyed: static destructors may still init
    if (optionalApi().has(ACLPP_FEATURE_FINALIZE_REFERENCE)) return {};
    return std::unique_lock(transitions);
}

uint64_t liveEpoch() noexcept {
    return liveEpochWord.load(std::memory_order_acquire);
}

RuntimeView runtimeView() noexcept {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    return RuntimeView{liveEpoch(), o.epochsSeen, o.referencesHeld};
}

aclppRuntimeOwner runtimeOwner() noexcept {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    if (liveEpoch() == 0) return ACLPP_OWNER_NONE;
    if (optionalApi().has(ACLPP_FEATURE_FINALIZE_REFERENCE)) return ACLPP_OWNER_COUNTED;
    return o.startedByAclpp ? ACLPP_OWNER_ACLPP : ACLPP_OWNER_OTHER;
}

LiveConfig liveConfigBytes(std::string &out) {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    if (liveEpoch() == 0) return LiveConfig::none;
    if (!o.configKnown) return LiveConfig::unknown;
    out = o.configBytes;
    return LiveConfig::known;
}

aclError liveConfigError(LiveConfig config) noexcept {
    if (config == LiveConfig::none) return ACL_ERROR_UNINITIALIZE;
    if (config == LiveConfig::known) return ACL_SUCCESS;
    return featureMissing("knowing the config of a runtime that another library initialised", ACLPP_FEATURE_CALLBACKS);
}

uint64_t noteReferenceTaken(aclError code, std::optional<std::string_view> bytes) noexcept {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    if (!watching() && (code == ACL_SUCCESS || liveEpoch() == 0)) {
        // Without observers aclpp's own calls are all it sees: 0 is a runtime it started (a
        // runtime aclpp held was torn down by someone else meanwhile), 100002 while it held
        // nothing one that another library started.
        startEpoch(o);
        o.configBytes.clear();
        o.configKnown = false;
        if (code == ACL_SUCCESS && bytes) keepConfig(o, *bytes);
    }
    const uint64_t epoch = liveEpoch();
    if (epoch == 0) return 0;
    if (code == ACL_SUCCESS) o.startedByAclpp = true;
    ++o.referencesHeld;
    return epoch;
}

void noteReferenceReturned(uint64_t epoch) noexcept {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    if (epoch == liveEpoch() && o.referencesHeld > 0) --o.referencesHeld;
}

aclError returnOwnReference(uint64_t epoch, uint64_t *refCount) noexcept {
    if (refCount != nullptr) *refCount = 0;
    Observed &o = observed();
    {
        std::lock_guard lock(o.mutex);
        if (epoch == 0 || epoch != liveEpoch() || o.referencesHeld == 0) return ACL_ERROR_REPEAT_FINALIZE;
        if (o.referencesHeld > 1 || !o.startedByAclpp) {
            --o.referencesHeld;
            if (refCount != nullptr) *refCount = o.referencesHeld;
            // Without observers aclpp knows nothing of a runtime it no longer holds.
            if (o.referencesHeld == 0 && !watching()) endEpoch(o);
            return ACL_SUCCESS;
        }
    }
    // The last aclpp holder of a runtime aclpp started. The observers (where the runtime has
    // them) run inside this call: no lock of ours is held.
    const aclError rc = aclFinalize();
    std::lock_guard lock(o.mutex);
    // 100037: someone else's aclFinalize tore it down already; either way it is gone.
    if ((rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_FINALIZE) && epoch == liveEpoch()) endEpoch(o);
    return rc;
}

void lockObservedForFork() noexcept {
    observed().mutex.lock();
}

void unlockObservedAfterFork() noexcept {
    observed().mutex.unlock();
}

void noteInitFailed(uint64_t epochBefore) noexcept {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    if (liveEpoch() != epochBefore && epochBefore == 0) endEpoch(o);
}

}  // namespace aclpp::vendor
