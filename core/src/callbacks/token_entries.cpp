// Callback tokens on the emulated runtime (C-5): every token is an entry of the registry like
// any other registration (its order, codes, counts and late calls are L-7's), all with the same
// function and the token's handle as user data; removal matches the user data too.
#include "callbacks/registry.hpp"
#include "callbacks/tokens.hpp"
#include "lifecycle/lifecycle.hpp"

namespace aclpp::core {
namespace {

aclError initEntry(const char *config, size_t length, void *userData) {
    return runInitToken(tokenHandle(userData), config, length);
}

aclError finalizeEntry(void *userData) {
    return runFinalizeToken(tokenHandle(userData));
}

}  // namespace

aclError addTokenEntry(const TokenCallback &callback, aclppCallbackHandle handle) {
    const auto type = static_cast<aclRegisterCallbackType>(callback.type);
    if (callback.kind == TokenKind::init) {
        return aclInitCallbackRegister(type, &initEntry, tokenUserData(handle));
    }
    return aclFinalizeCallbackRegister(type, &finalizeEntry, tokenUserData(handle));
}

aclError removeTokenEntry(const TokenCallback &callback, aclppCallbackHandle handle) {
    const auto type = static_cast<aclRegisterCallbackType>(callback.type);
    if (callback.kind == TokenKind::init) {
        if (aclError refused = refuseCallbackOnCompactRuntime("aclInitCallbackUnRegister")) return refused;
        return callbackRegistry().unregisterInitEntry(type, &initEntry, tokenUserData(handle));
    }
    if (aclError refused = refuseCallbackOnCompactRuntime("aclFinalizeCallbackUnRegister")) return refused;
    return callbackRegistry().unregisterFinalizeEntry(type, &finalizeEntry, tokenUserData(handle));
}

}  // namespace aclpp::core
