#include "callbacks/registry.hpp"

#include <algorithm>

#include "util/never_destroyed.hpp"

namespace aclpp::core {
namespace {

/// Removes the first entry `match` accepts; 500000 when there is none (L-7).
template <class Entry, class Match>
aclError eraseFirst(std::vector<Entry> &entries, Match match) {
    auto it = std::find_if(entries.begin(), entries.end(), match);
    if (it == entries.end()) return ACL_ERROR_INTERNAL_ERROR;
    entries.erase(it);
    return ACL_SUCCESS;
}

}  // namespace

bool isKnownCallbackType(aclRegisterCallbackType type) noexcept {
    const int value = static_cast<int>(type);
    return (value >= ACL_REG_TYPE_ACL_MODEL && value <= ACL_REG_TYPE_ACL_RETR) || value == ACL_REG_TYPE_OTHER;
}

const char *callbackTypeName(aclRegisterCallbackType type) noexcept {
    switch (type) {
        case ACL_REG_TYPE_ACL_MODEL:
            return "ACL_REG_TYPE_ACL_MODEL";
        case ACL_REG_TYPE_ACL_OP_EXECUTOR:
            return "ACL_REG_TYPE_ACL_OP_EXECUTOR";
        case ACL_REG_TYPE_ACL_OP_CBLAS:
            return "ACL_REG_TYPE_ACL_OP_CBLAS";
        case ACL_REG_TYPE_ACL_OP_COMPILER:
            return "ACL_REG_TYPE_ACL_OP_COMPILER";
        case ACL_REG_TYPE_ACL_TDT_CHANNEL:
            return "ACL_REG_TYPE_ACL_TDT_CHANNEL";
        case ACL_REG_TYPE_ACL_TDT_QUEUE:
            return "ACL_REG_TYPE_ACL_TDT_QUEUE";
        case ACL_REG_TYPE_ACL_DVPP:
            return "ACL_REG_TYPE_ACL_DVPP";
        case ACL_REG_TYPE_ACL_RETR:
            return "ACL_REG_TYPE_ACL_RETR";
        case ACL_REG_TYPE_OTHER:
            return "ACL_REG_TYPE_OTHER";
    }
    return "unknown callback type";
}

uint32_t CallbackRegistry::typeBit(aclRegisterCallbackType type) noexcept {
    return type == ACL_REG_TYPE_OTHER ? (1u << 8) : (1u << static_cast<unsigned>(type));
}

aclError CallbackRegistry::registerInit(const InitCallback &callback, CallNow &callNow) {
    callNow = CallNow{};
    if (callback.function == nullptr || !isKnownCallbackType(callback.type)) return ACL_ERROR_INVALID_PARAM;
    std::lock_guard lock(mutex_);
    if (callback.type != ACL_REG_TYPE_OTHER &&
        std::any_of(init_.begin(), init_.end(), [&](const InitCallback &c) { return c.type == callback.type; })) {
        return ACL_ERROR_INTERNAL_ERROR;
    }
    init_.push_back(callback);
    init_.back().registration = ++lastRegistration_;
    if (phase_ == Phase::initialized) {
        callNow = CallNow{true, liveConfig_, liveConfigGiven_};
    } else if (phase_ == Phase::initializing) {
        // Before its type's step, the init's snapshot includes it; after it (or for a type
        // this init never notifies) the commit calls it. Either way exactly once (L-7).
        pending_.push_back(PendingInit{init_.back(), (notifiedTypes_ & typeBit(callback.type)) != 0});
    }
    return ACL_SUCCESS;
}

aclError CallbackRegistry::unregisterInit(aclRegisterCallbackType type, aclInitCallbackFunc function) {
    if (function == nullptr || !isKnownCallbackType(type)) return ACL_ERROR_INVALID_PARAM;
    std::lock_guard lock(mutex_);
    return eraseFirst(init_, [&](const InitCallback &c) { return c.type == type && c.function == function; });
}

aclError CallbackRegistry::unregisterInitEntry(aclRegisterCallbackType type, aclInitCallbackFunc function,
                                               const void *userData) {
    std::lock_guard lock(mutex_);
    return eraseFirst(init_, [&](const InitCallback &c) {
        return c.type == type && c.function == function && c.userData == userData;
    });
}

aclError CallbackRegistry::registerFinalize(const FinalizeCallback &callback) {
    if (callback.function == nullptr || !isKnownCallbackType(callback.type)) return ACL_ERROR_INVALID_PARAM;
    std::lock_guard lock(mutex_);
    if (callback.type != ACL_REG_TYPE_OTHER &&
        std::any_of(finalize_.begin(), finalize_.end(),
                    [&](const FinalizeCallback &c) { return c.type == callback.type; })) {
        return ACL_ERROR_INTERNAL_ERROR;
    }
    finalize_.push_back(callback);
    return ACL_SUCCESS;
}

aclError CallbackRegistry::unregisterFinalize(aclRegisterCallbackType type, aclFinalizeCallbackFunc function) {
    if (function == nullptr || !isKnownCallbackType(type)) return ACL_ERROR_INVALID_PARAM;
    std::lock_guard lock(mutex_);
    return eraseFirst(finalize_, [&](const FinalizeCallback &c) { return c.type == type && c.function == function; });
}

aclError CallbackRegistry::unregisterFinalizeEntry(aclRegisterCallbackType type, aclFinalizeCallbackFunc function,
                                                   const void *userData) {
    std::lock_guard lock(mutex_);
    return eraseFirst(finalize_, [&](const FinalizeCallback &c) {
        return c.type == type && c.function == function && c.userData == userData;
    });
}

void CallbackRegistry::beginInit() {
    std::lock_guard lock(mutex_);
    phase_ = Phase::initializing;
    notifiedTypes_ = 0;
    pending_.clear();
}

std::vector<InitCallback> CallbackRegistry::snapshotForInit(aclRegisterCallbackType type) {
    std::lock_guard lock(mutex_);
    notifiedTypes_ |= typeBit(type);
    std::vector<InitCallback> snapshot;
    for (const InitCallback &callback : init_) {
        if (callback.type == type) snapshot.push_back(callback);
    }
    return snapshot;
}

std::vector<InitCallback> CallbackRegistry::commitInit(SharedConfigBytes config, bool configGiven) {
    std::lock_guard lock(mutex_);
    std::vector<InitCallback> callNow;
    for (const PendingInit &pending : pending_) {
        const InitCallback &callback = pending.callback;
        if (!pending.afterItsStep && (notifiedTypes_ & typeBit(callback.type)) != 0) continue;
        // Only if this very registration is still there: an unregister in between cancels the
        // late call, and a new registration of the same function is a pending entry of its own.
        const bool stillRegistered = std::any_of(
            init_.begin(), init_.end(), [&](const InitCallback &c) { return c.registration == callback.registration; });
        if (stillRegistered) callNow.push_back(callback);
    }
    pending_.clear();
    phase_ = Phase::initialized;
    liveConfig_ = std::move(config);
    liveConfigGiven_ = configGiven;
    return callNow;
}

void CallbackRegistry::cancelInit() {
    std::lock_guard lock(mutex_);
    pending_.clear();
    phase_ = Phase::idle;
}

void CallbackRegistry::markFinalized() {
    std::lock_guard lock(mutex_);
    phase_ = Phase::idle;
    liveConfig_.reset();  // the finalized runtime's bytes must not outlive it here
    liveConfigGiven_ = false;
}

std::vector<FinalizeCallback> CallbackRegistry::snapshotForFinalize(aclRegisterCallbackType type) {
    std::lock_guard lock(mutex_);
    std::vector<FinalizeCallback> snapshot;
    for (const FinalizeCallback &callback : finalize_) {
        if (callback.type == type) snapshot.push_back(callback);
    }
    return snapshot;
}

std::size_t CallbackRegistry::size() {
    std::lock_guard lock(mutex_);
    return init_.size() + finalize_.size();
}

void CallbackRegistry::clear() {
    std::lock_guard lock(mutex_);
    init_.clear();
    finalize_.clear();
    pending_.clear();
}

void CallbackRegistry::resetInChild() {
    phase_ = Phase::idle;
    notifiedTypes_ = 0;
    pending_.clear();
    liveConfig_.reset();
    liveConfigGiven_ = false;
}

CallbackRegistry &callbackRegistry() {
    static NeverDestroyed<CallbackRegistry> instance;
    return instance.get();
}

}  // namespace aclpp::core
