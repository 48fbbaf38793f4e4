// The lifecycle state machine behind aclInit, aclFinalize and aclFinalizeReference (L-1..L-6).
#pragma once

#include <cstddef>
#include <cstdint>

#include "acl/acl.h"

namespace aclpp::core {

struct CallNow;

struct InitRequest {
    const char *path = nullptr;  // aclInit: NULL or "" means no config (F-1)
    const char *data = nullptr;  // aclppInitFromBuffer: NULL means no config
    std::size_t length = 0;
    bool fromBuffer = false;
};

/// `epoch` (may be NULL) receives the epoch of the runtime the reference was taken on, 0 when
/// there is none (failure, or that runtime was torn down before the call returned).
[[nodiscard]] aclError initialize(const InitRequest &request, uint64_t *epoch = nullptr);
[[nodiscard]] aclError finalizeAll();
/// finalizeReference's `requiredEpoch` for aclFinalizeReference: whichever runtime is live.
inline constexpr uint64_t kAnyEpoch = 0;
/// Otherwise only the runtime with epoch `requiredEpoch`: 100037, refCount 0 and nothing touched
/// when it is no longer live.
[[nodiscard]] aclError finalizeReference(uint64_t *refCount, uint64_t requiredEpoch = kAnyEpoch);

/// Runs an init callback registered while the runtime was initialised (L-7), with the config
/// the registry captured at registration.
void callInitCallbackNow(aclInitCallbackFunc function, void *userData, int type, const CallNow &callNow);

/// Runs `body` and turns any escaping exception into a code.
template <class Body>
aclError guardedCall(Body &&body) noexcept;

}  // namespace aclpp::core

#include "lifecycle/guarded_call.hpp"
