// ACLPP_TRACE (C-7): one line per lifecycle event, to stderr or to a file. Off, the cost is one
// relaxed load: no clock is read, nothing is formatted.
#pragma once

#include <cstdint>
#include <string_view>

#include "acl/acl.h"

namespace aclpp::core {

/// A start time for traceEvent (steady clock, ns, never 0) when tracing is on, else 0.
[[nodiscard]] uint64_t traceStart() noexcept;

/// Writes one line: time, pid, thread, event, holder, call, code and the duration since `started`
/// (a traceStart value; 0 writes nothing, so a call that started untraced stays untraced).
void traceEvent(uint64_t started, std::string_view event, std::string_view holder, std::string_view call,
                aclError code) noexcept;

/// The name of the holder whose aclppHolder* call runs on this thread: the callbacks an init or
/// teardown runs are traced with it, and a plain entry point called inside it is not traced again.
/// Only while tracing (`active`): untraced, nothing reads it, and the thread-local access is
/// left out of the join.
class HolderCallScope {
public:
    HolderCallScope(bool active, std::string_view name) noexcept;
    ~HolderCallScope();
    HolderCallScope(const HolderCallScope &) = delete;
    HolderCallScope &operator=(const HolderCallScope &) = delete;

private:
    bool active_;
    const std::string_view *previous_ = nullptr;
    std::string_view name_;
};
/// nullptr outside an aclppHolder* call.
[[nodiscard]] const std::string_view *currentHolderName() noexcept;

/// For the plain C entry points (aclInit, aclFinalize, ...): traced only outside a holder call.
[[nodiscard]] inline uint64_t tracePlainStart() noexcept {
    return currentHolderName() == nullptr ? traceStart() : 0;
}

/// init / join / failure for an aclInit-like answer.
[[nodiscard]] constexpr std::string_view initEvent(aclError code) noexcept {
    return code == ACL_SUCCESS ? "init" : code == ACL_ERROR_REPEAT_INITIALIZE ? "join" : "failure";
}
/// leave / finalize / failure for an aclFinalizeReference-like answer: finalize when no runtime
/// is live afterwards.
[[nodiscard]] std::string_view leaveEvent(aclError code) noexcept;

}  // namespace aclpp::core
