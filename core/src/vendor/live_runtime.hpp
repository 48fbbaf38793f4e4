// What aclpp knows of the vendor's runtime (B-3). The vendor tells neither its reference count
// nor the config it was started with, so aclpp watches it: one ACL_REG_TYPE_OTHER init callback
// receives the bytes of every 0->1 init, whoever makes it (the vendor calls an init callback
// registered while the runtime is up at once), and one finalize callback sees every teardown.
// The epoch counts the 0->1 inits seen; the references counted are those taken through aclpp.
#pragma once

#include <cstdint>
#include <string>

#include "acl/acl.h"

namespace aclpp::vendor {

/// Registers the two observers once per process. A failure (the vendor's stub library answers
/// 100039) is returned and retried on the next call.
[[nodiscard]] aclError observeRuntime() noexcept;

/// The epoch of the live runtime, or 0 when none is live. Lock-free.
[[nodiscard]] uint64_t liveEpoch() noexcept;

struct RuntimeView {
    uint64_t liveEpoch = 0;       // 0: no runtime live
    uint64_t epochsSeen = 0;      // 0->1 inits seen in this process
    uint64_t referencesHeld = 0;  // references of the live runtime taken through aclpp
};
[[nodiscard]] RuntimeView runtimeView() noexcept;

/// The bytes the live runtime was initialised with; false when none is live.
[[nodiscard]] bool liveConfigBytes(std::string &out);

/// After aclInit answered 0 or 100002: one more reference of the live runtime is aclpp's.
/// Returns its epoch, or 0 when the runtime was torn down meanwhile.
uint64_t noteReferenceTaken() noexcept;
/// After aclFinalizeReference succeeded for a reference of runtime `epoch`.
void noteReferenceReturned(uint64_t epoch) noexcept;
/// After an aclInit made by aclpp failed: an init the observer saw start was rolled back by a
/// later callback of the same type, whose finalize callbacks the vendor does not run.
void noteInitFailed(uint64_t epochBefore) noexcept;

}  // namespace aclpp::vendor
