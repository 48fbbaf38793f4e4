// The lifecycle state machine behind aclInit, aclFinalize and aclFinalizeReference (L-1..L-6).
#pragma once

#include <cstddef>
#include <cstdint>

#include "acl/acl.h"
#include "platform/products.hpp"

namespace aclpp::core {

struct CallNow;

struct InitRequest {
    const char *path = nullptr;  // aclInit: NULL or "" means no config (F-1)
    const char *data = nullptr;  // aclppInitFromBuffer: NULL means no config
    std::size_t length = 0;
    bool fromBuffer = false;
    // aclppInit*WithEpoch: a join returns 100002 on every lifecycle kind, so that a holder can
    // tell joining from initialising; aclInit returns 0 for it on the compact runtime (P-1).
    bool joinReportsRepeat = false;
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

/// How aclInit and aclFinalize count now: the live runtime's kind, or while none is live, the
/// kind of the platform the next first-level init starts (P-1). Takes the state lock.
[[nodiscard]] LifecycleKind currentLifecycleKind();
/// P-3: records why `function` is refused on the compact runtime; returns 200001.
aclError refuseOnCompactRuntime(const char *function);
/// ACL_SUCCESS, or refuseOnCompactRuntime(function) when the compact lifecycle is current.
[[nodiscard]] aclError refuseCallbackOnCompactRuntime(const char *function);

/// Runs an init callback registered while the runtime was initialised (L-7), with the config
/// the registry captured at registration.
void callInitCallbackNow(aclInitCallbackFunc function, void *userData, int type, const CallNow &callNow);

/// Runs `body` and turns any escaping exception into a code.
template <class Body>
aclError guardedCall(Body &&body) noexcept;

}  // namespace aclpp::core

#include "util/guarded_call.hpp"
