#include "vendor/live_runtime.hpp"

#include <atomic>
#include <mutex>

namespace aclpp::vendor {
namespace {

struct Observed {
    std::mutex mutex;  // never held across a vendor call: the observers run inside them
    bool registered = false;
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

aclError onInit(const char *config, size_t length, void *) {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    try {
        o.configBytes.assign(config != nullptr ? config : "", config != nullptr ? length : 0);
    } catch (...) {
        o.configBytes.clear();  // out of memory: a join then compares against an empty config
    }
    o.referencesHeld = 0;
    liveEpochWord.store(++o.epochsSeen, std::memory_order_release);
    return ACL_SUCCESS;  // an observer never fails an init
}

aclError onFinalize(void *) {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    o.configBytes.clear();
    o.referencesHeld = 0;
    liveEpochWord.store(0, std::memory_order_release);
    return ACL_SUCCESS;
}

}  // namespace

aclError observeRuntime() noexcept {
    static std::mutex registering;
    try {
        std::lock_guard lock(registering);
        Observed &o = observed();
        {
            std::lock_guard stateLock(o.mutex);
            if (o.registered) return ACL_SUCCESS;
        }
        // Finalize first: an init observer registered while the runtime is up runs at once.
        aclError rc = aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, &onFinalize, nullptr);
        if (rc != ACL_SUCCESS) return rc;
        rc = aclInitCallbackRegister(ACL_REG_TYPE_OTHER, &onInit, nullptr);
        if (rc != ACL_SUCCESS) {
            (void)aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, &onFinalize);
            return rc;
        }
        std::lock_guard stateLock(o.mutex);
        o.registered = true;
        return ACL_SUCCESS;
    } catch (...) {
        return ACL_ERROR_BAD_ALLOC;
    }
}

uint64_t liveEpoch() noexcept {
    return liveEpochWord.load(std::memory_order_acquire);
}

RuntimeView runtimeView() noexcept {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    return RuntimeView{liveEpoch(), o.epochsSeen, o.referencesHeld};
}

bool liveConfigBytes(std::string &out) {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    if (liveEpoch() == 0) return false;
    out = o.configBytes;
    return true;
}

uint64_t noteReferenceTaken() noexcept {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    const uint64_t epoch = liveEpoch();
    if (epoch != 0) ++o.referencesHeld;
    return epoch;
}

void noteReferenceReturned(uint64_t epoch) noexcept {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    if (epoch == liveEpoch() && o.referencesHeld > 0) --o.referencesHeld;
}

void noteInitFailed(uint64_t epochBefore) noexcept {
    Observed &o = observed();
    std::lock_guard lock(o.mutex);
    if (liveEpoch() != epochBefore && epochBefore == 0) {
        o.configBytes.clear();
        o.referencesHeld = 0;
        liveEpochWord.store(0, std::memory_order_release);
    }
}

}  // namespace aclpp::vendor
