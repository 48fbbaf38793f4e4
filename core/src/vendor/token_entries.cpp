// Callback tokens over the vendor's runtime (C-5), whose unregister matches the function only.
// A type other than ACL_REG_TYPE_OTHER holds one registration at most (the vendor refuses a
// second with 500000), so each such type has a function of its own and a token of it is a
// plain vendor entry. ACL_REG_TYPE_OTHER tokens share one dispatcher entry per kind, registered
// with the first of them and kept for the process: an OTHER entry blocks nobody, and keeping it
// spares every later token a race between unregistering and registering it. The dispatcher
// runs the live tokens in their registration order.
#include <array>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "callbacks/tokens.hpp"
#include "errors/recent_message.hpp"
#include "vendor/fork_safe_lock.hpp"
#include "vendor/live_runtime.hpp"
#include "vendor/optional_api.hpp"
#include "vendor/token_entries.hpp"

using namespace aclpp::core;

namespace aclpp::vendor {
namespace {

constexpr int kTypedCount = kTypedCallbackCount;  // the types before OTHER

template <int T>
aclError initOfType(const char *config, size_t length, void *userData) {
    return runInitToken(tokenHandle(userData), config, length);
}
template <int T>
aclError finalizeOfType(void *userData) {
    return runFinalizeToken(tokenHandle(userData));
}
template <int... T>
constexpr auto initFunctions(std::integer_sequence<int, T...>) {
    return std::array<aclppInitCallbackFunc, sizeof...(T)>{&initOfType<T>...};
}
template <int... T>
constexpr auto finalizeFunctions(std::integer_sequence<int, T...>) {
    return std::array<aclppFinalizeCallbackFunc, sizeof...(T)>{&finalizeOfType<T>...};
}
constexpr auto kInitOfType = initFunctions(std::make_integer_sequence<int, kTypedCount>());
constexpr auto kFinalizeOfType = finalizeFunctions(std::make_integer_sequence<int, kTypedCount>());

bool isTyped(aclppCallbackType type) noexcept {
    return type >= 0 && type < kTypedCount;
}

// The OTHER init tokens' calls: each token is called once per runtime (epoch), by the init's
// dispatcher call or at its registration, whichever comes first.
struct OtherTokens {
    std::mutex mutex;  // never held across a vendor call or a token's call
    std::map<aclppCallbackHandle, uint64_t> calledInEpoch;
};
OtherTokens &otherTokens() {
    static OtherTokens *instance = new OtherTokens;  // never destroyed
    return *instance;
}

bool claimCall(aclppCallbackHandle handle, uint64_t epoch) {
    OtherTokens &o = otherTokens();
    std::lock_guard lock(o.mutex);
    return epoch == 0 || std::exchange(o.calledInEpoch[handle], epoch) != epoch;
}

aclError dispatchInit(const char *config, size_t length, void *) {
    // The observer is an earlier OTHER entry: it has seen this init.
    const uint64_t epoch = liveEpoch();
    for (const aclppCallbackHandle handle : liveTokens(TokenKind::init, kCallbackTypeOther)) {
        if (!claimCall(handle, epoch)) continue;
        const aclError code = runInitToken(handle, config, length);
        if (code != ACL_SUCCESS) return code;
    }
    return ACL_SUCCESS;
}

aclError dispatchFinalize(void *) {
    for (const aclppCallbackHandle handle : liveTokens(TokenKind::finalize, kCallbackTypeOther)) {
        const aclError code = runFinalizeToken(handle);
        if (code != ACL_SUCCESS) return code;
    }
    return ACL_SUCCESS;
}

/// Registers the dispatcher of `kind` once; after the observers, so that the init dispatcher
/// knows the epoch of the init it is called by.
aclError ensureDispatcher(TokenKind kind) {
    // Held across the vendor's registration call. Recursive: the init dispatcher runs the tokens
    // at once when the runtime is up, and one of them may add a token (a second dispatcher entry
    // then calls nobody twice: claimCall).
    static constinit ForkSafeLock registering;
    static bool registered[2] = {false, false};
    std::lock_guard lock(registering);
    bool &done = registered[kind == TokenKind::init ? 0 : 1];
    if (done) return ACL_SUCCESS;
    if (aclError observing = observeRuntime()) return observing;
    // Called at once when the runtime is up: the tokens already in the table are claimed for
    // this runtime there, so callIfLive does not call them a second time.
    const OptionalApi &api = optionalApi();
    const aclError code = kind == TokenKind::init
                              ? api.initCallbackRegister(kCallbackTypeOther, &dispatchInit, nullptr)
                              : api.finalizeCallbackRegister(kCallbackTypeOther, &dispatchFinalize, nullptr);
    done = code == ACL_SUCCESS;
    return code;
}

/// An init token registered while the runtime is up is called at once (L-7), with the bytes
/// the observer saw; a failure goes to the recent error message, the result stays 0.
void callIfLive(aclppCallbackHandle handle) {
    std::string config;
    if (liveConfigBytes(config) != LiveConfig::known || !claimCall(handle, liveEpoch())) return;
    const aclError code = runInitToken(handle, config.data(), config.size());
    if (code != ACL_SUCCESS) {
        recordError("ACL_REG_TYPE_OTHER init callback called at registration (the runtime was initialised) returned " +
                    std::to_string(code));
    }
}

}  // namespace

void lockOtherTokensForFork() noexcept {
    otherTokens().mutex.lock();
}

void unlockOtherTokensAfterFork() noexcept {
    otherTokens().mutex.unlock();
}

}  // namespace aclpp::vendor

namespace aclpp::core {

aclError addTokenEntry(const TokenCallback &callback, aclppCallbackHandle handle) {
    using namespace aclpp::vendor;
    const OptionalApi &api = optionalApi();
    if (!api.has(ACLPP_FEATURE_CALLBACKS)) {
        return featureMissing(callback.kind == TokenKind::init ? "aclppAddInitCallback" : "aclppAddFinalizeCallback",
                              ACLPP_FEATURE_CALLBACKS);
    }
    if (isTyped(callback.type)) {
        const auto index = static_cast<size_t>(callback.type);
        return callback.kind == TokenKind::init
                   ? api.initCallbackRegister(callback.type, kInitOfType[index], tokenUserData(handle))
                   : api.finalizeCallbackRegister(callback.type, kFinalizeOfType[index], tokenUserData(handle));
    }
    if (callback.type != kCallbackTypeOther) return ACL_ERROR_INVALID_PARAM;
    // The dispatcher finds the token from now on; the table already holds it.
    if (aclError code = ensureDispatcher(callback.kind)) return code;
    if (callback.kind == TokenKind::init) callIfLive(handle);
    return ACL_SUCCESS;
}

aclError removeTokenEntry(const TokenCallback &callback, aclppCallbackHandle handle) {
    using namespace aclpp::vendor;
    const OptionalApi &api = optionalApi();
    if (!api.has(ACLPP_FEATURE_CALLBACKS)) return ACL_ERROR_API_NOT_SUPPORT;  // never added
    if (isTyped(callback.type)) {
        const auto index = static_cast<size_t>(callback.type);
        return callback.kind == TokenKind::init ? api.initCallbackUnRegister(callback.type, kInitOfType[index])
                                                : api.finalizeCallbackUnRegister(callback.type, kFinalizeOfType[index]);
    }
    if (callback.kind == TokenKind::init) {
        OtherTokens &o = otherTokens();
        std::lock_guard lock(o.mutex);
        o.calledInEpoch.erase(handle);
    }
    return ACL_SUCCESS;  // the dispatcher skips a removed token
}

}  // namespace aclpp::core
