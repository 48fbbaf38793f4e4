// aclpp's own warnings (C-7): to the handler of aclppSetLogHandler, else to stderr.
#pragma once

#include <string_view>

namespace aclpp::core {

/// One warning line, without its newline. Never throws, never allocates when no handler is set.
void logWarning(std::string_view message) noexcept;

/// The fork handlers take the setting's lock before fork() and give it back after, in the parent
/// and in the child.
void lockLogForFork() noexcept;
void unlockLogAfterFork() noexcept;

}  // namespace aclpp::core
