// Callback tokens (C-5): registrations known by a handle, so that any number of them share one
// function. The table here owns each token's function and user data and calls them; the
// backend (token_entries.cpp of the emulated runtime or of the vendor's) puts each token's
// entry into the runtime and takes it out again.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/aclpp_ext.h"

namespace aclpp::core {

enum class TokenKind : uint8_t { init, finalize };

struct TokenCallback {
    TokenKind kind;
    aclppCallbackType type;
    aclppInitCallbackFunc init;          // for TokenKind::init
    aclppFinalizeCallbackFunc finalize;  // for TokenKind::finalize
    void *userData;
    aclppReleaseFunc release;
};

/// A token's handle as the user data of its runtime entry, and back.
[[nodiscard]] void *tokenUserData(aclppCallbackHandle handle) noexcept;
[[nodiscard]] aclppCallbackHandle tokenHandle(void *userData) noexcept;

/// Calls the token's function, unless it has been removed (a snapshot taken before the
/// removal): then nothing runs and the result is ACL_SUCCESS.
[[nodiscard]] aclError runInitToken(aclppCallbackHandle handle, const char *config, size_t length) noexcept;
[[nodiscard]] aclError runFinalizeToken(aclppCallbackHandle handle) noexcept;

/// The live tokens of `kind` and `type`, in registration order.
[[nodiscard]] std::vector<aclppCallbackHandle> liveTokens(TokenKind kind, aclppCallbackType type);

/// fork() support: the child gets the table unlocked.
void lockTokensForFork() noexcept;
void unlockTokensAfterFork() noexcept;

// The backend's part. addTokenEntry runs after the token is in the table (an init callback
// registered while initialised is called at once); removeTokenEntry before it leaves it.
[[nodiscard]] aclError addTokenEntry(const TokenCallback &callback, aclppCallbackHandle handle);
[[nodiscard]] aclError removeTokenEntry(const TokenCallback &callback, aclppCallbackHandle handle);

}  // namespace aclpp::core
