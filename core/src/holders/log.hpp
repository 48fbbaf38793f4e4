// aclpp's own warnings (C-7): to the handler of aclppSetLogHandler, else to stderr.
#pragma once

#include <string_view>

namespace aclpp::core {

/// One warning line, without its newline. Never throws, never allocates when no handler is set.
void logWarning(std::string_view message) noexcept;

}  // namespace aclpp::core
