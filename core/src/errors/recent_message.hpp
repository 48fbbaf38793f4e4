// aclGetRecentErrMsg (L-9): get and clear, per thread (err_msg_mode "0") or per process ("1",
// each line tagged with its thread). Storage survives thread_local destructors; the unread
// text is bounded (L-11).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "schema/effective.hpp"

namespace aclpp::core {

/// How much unread text a thread (mode 0) or the process (mode 1) keeps: past it the oldest
/// messages are dropped, and the text says how many (L-11).
inline constexpr std::size_t kMaxPendingBytes = 64 * 1024;

/// Records `text` as the most recent error of the calling thread (or of the process in mode 1).
void recordError(std::string_view text) noexcept;
/// Gets and clears; NULL when there is nothing. Valid until the next call on this thread.
[[nodiscard]] const char *takeRecentError() noexcept;
/// Clears everything pending for the calling thread and the process.
void clearRecentErrors() noexcept;
void setErrorMessageMode(ErrMsgMode mode) noexcept;
[[nodiscard]] ErrMsgMode errorMessageMode() noexcept;

/// fork() support (L-10): the child must not inherit the process buffer's lock held.
void lockRecentErrorsForFork() noexcept;
void unlockRecentErrorsAfterFork() noexcept;

}  // namespace aclpp::core
