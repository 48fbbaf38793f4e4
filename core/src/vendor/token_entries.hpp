// The vendor backend's token entries (token_entries.cpp): what the fork handlers need of them.
#pragma once

namespace aclpp::vendor {

/// The lock of the OTHER init tokens' calls, for the fork handlers (vendor/fork.cpp) only.
void lockOtherTokensForFork() noexcept;
void unlockOtherTokensAfterFork() noexcept;

}  // namespace aclpp::vendor
