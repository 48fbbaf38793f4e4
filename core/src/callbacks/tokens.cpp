// The token table and the aclppAddInitCallback / aclppAddFinalizeCallback / aclppRemoveCallback
// extensions (C-5). A token's function runs outside the table's lock; its release waits until
// no call of it is running, except on the thread that removes it from inside its own call.
#include "callbacks/tokens.hpp"

#include <condition_variable>
#include <map>
#include <mutex>

#include "util/guarded_call.hpp"
#include "util/never_destroyed.hpp"

namespace aclpp::core {
namespace {

struct Token {
    TokenCallback callback;
    int running = 0;  // calls in progress, on any thread
    bool removed = false;
    bool releasing = false;
};

struct TokenTable {
    std::mutex mutex;
    std::condition_variable released;
    std::map<aclppCallbackHandle, Token> live;  // handles grow: registration order
    aclppCallbackHandle lastHandle = 0;
};

// Never destroyed: a runtime may call a token from its own static destructors.
TokenTable &table() {
    static NeverDestroyed<TokenTable> instance;
    return instance.get();
}

/// The calls this thread is inside, innermost first (a token removed from inside its own call
/// must not wait for that call). On the stack: no allocation.
struct RunningCall {
    aclppCallbackHandle handle;
    const RunningCall *outer;
};
thread_local const RunningCall *tRunning = nullptr;

bool runningOnThisThread(aclppCallbackHandle handle) noexcept {
    for (const RunningCall *call = tRunning; call != nullptr; call = call->outer) {
        if (call->handle == handle) return true;
    }
    return false;
}

/// Releases a removed token that no call is running, then forgets it. Whoever waits for the
/// release sees the token until its release has returned.
void releaseLocked(TokenTable &t, std::unique_lock<std::mutex> &lock, aclppCallbackHandle handle) {
    Token &token = t.live.find(handle)->second;
    token.releasing = true;
    const TokenCallback callback = token.callback;
    lock.unlock();
    if (callback.release != nullptr) callback.release(callback.userData);
    lock.lock();
    t.live.erase(handle);
    t.released.notify_all();
}

template <class Call>
aclError runToken(aclppCallbackHandle handle, Call &&call) noexcept {
    TokenTable &t = table();
    TokenCallback callback;
    {
        std::lock_guard lock(t.mutex);
        auto it = t.live.find(handle);
        if (it == t.live.end() || it->second.removed) return ACL_SUCCESS;
        ++it->second.running;
        callback = it->second.callback;
    }
    const RunningCall frame{handle, tRunning};
    tRunning = &frame;
    const aclError code = call(callback);
    tRunning = frame.outer;
    std::unique_lock lock(t.mutex);
    Token &token = t.live.find(handle)->second;
    if (--token.running == 0 && token.removed && !token.releasing) releaseLocked(t, lock, handle);
    return code;
}

aclError addToken(const TokenCallback &callback, aclppCallbackHandle *handle) {
    if (handle == nullptr) return ACL_ERROR_INVALID_PARAM;
    *handle = 0;
    if (callback.kind == TokenKind::init ? callback.init == nullptr : callback.finalize == nullptr) {
        return ACL_ERROR_INVALID_PARAM;
    }
    TokenTable &t = table();
    aclppCallbackHandle added = 0;
    {
        std::lock_guard lock(t.mutex);
        added = ++t.lastHandle;
        t.live.emplace(added, Token{callback});
    }
    const aclError code = addTokenEntry(callback, added);
    if (code != ACL_SUCCESS) {
        std::lock_guard lock(t.mutex);
        t.live.erase(added);  // never registered, so never called
        return code;
    }
    *handle = added;
    return ACL_SUCCESS;
}

aclError removeToken(aclppCallbackHandle handle) {
    TokenTable &t = table();
    TokenCallback callback;
    {
        std::lock_guard lock(t.mutex);
        auto it = t.live.find(handle);
        if (it == t.live.end() || it->second.removed) return ACL_ERROR_INVALID_PARAM;
        it->second.removed = true;  // from now on a call of it (an older snapshot) does nothing
        callback = it->second.callback;
    }
    const aclError code = removeTokenEntry(callback, handle);
    std::unique_lock lock(t.mutex);
    auto it = t.live.find(handle);
    if (it == t.live.end()) return code;  // the last running call has released it
    if (it->second.running == 0 && !it->second.releasing) {
        releaseLocked(t, lock, handle);
    } else if (!runningOnThisThread(handle)) {
        // Calls on other threads finish first; the last of them releases.
        t.released.wait(lock, [&] { return t.live.find(handle) == t.live.end(); });
    }
    return code;
}

}  // namespace

void *tokenUserData(aclppCallbackHandle handle) noexcept {
    return reinterpret_cast<void *>(static_cast<uintptr_t>(handle));
}

aclppCallbackHandle tokenHandle(void *userData) noexcept {
    return reinterpret_cast<uintptr_t>(userData);
}

aclError runInitToken(aclppCallbackHandle handle, const char *config, size_t length) noexcept {
    return runToken(handle,
                    [&](const TokenCallback &callback) { return callback.init(config, length, callback.userData); });
}

aclError runFinalizeToken(aclppCallbackHandle handle) noexcept {
    return runToken(handle, [](const TokenCallback &callback) { return callback.finalize(callback.userData); });
}

std::vector<aclppCallbackHandle> liveTokens(TokenKind kind, aclppCallbackType type) {
    TokenTable &t = table();
    std::lock_guard lock(t.mutex);
    std::vector<aclppCallbackHandle> handles;
    for (const auto &[handle, token] : t.live) {
        if (!token.removed && token.callback.kind == kind && token.callback.type == type) handles.push_back(handle);
    }
    return handles;
}

void lockTokensForFork() noexcept {
    table().mutex.lock();
}

void unlockTokensAfterFork() noexcept {
    table().mutex.unlock();
}

}  // namespace aclpp::core

using namespace aclpp::core;

extern "C" {

aclError aclppAddInitCallback(aclppCallbackType type, aclppInitCallbackFunc cbFunc, void *userData,
                              aclppReleaseFunc release, aclppCallbackHandle *handle) {
    return guardedCall([&] {
        return addToken(TokenCallback{TokenKind::init, type, cbFunc, nullptr, userData, release}, handle);
    });
}

aclError aclppAddFinalizeCallback(aclppCallbackType type, aclppFinalizeCallbackFunc cbFunc, void *userData,
                                  aclppReleaseFunc release, aclppCallbackHandle *handle) {
    return guardedCall([&] {
        return addToken(TokenCallback{TokenKind::finalize, type, nullptr, cbFunc, userData, release}, handle);
    });
}

aclError aclppRemoveCallback(aclppCallbackHandle handle) {
    return guardedCall([&] { return removeToken(handle); });
}

}  // extern "C"
