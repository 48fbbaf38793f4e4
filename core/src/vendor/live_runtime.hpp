// What aclpp knows of the vendor's runtime (B-3, B-6). The vendor tells neither its reference
// count nor the config it was started with. Where it has the callback API, aclpp watches it:
// one ACL_REG_TYPE_OTHER init callback receives the bytes of every 0->1 init, whoever makes it
// (the vendor calls an init callback registered while the runtime is up at once), and one
// finalize callback sees every teardown. Where it has not (CANN 8.x), aclpp knows only its own
// calls: an aclInit that answered 0 started a runtime with the bytes aclpp passed; one that
// answered 100002 while aclpp held nothing joined a runtime another library started, whose
// config is unknown. The epoch counts the runtimes seen; the references counted are those taken
// through aclpp.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "acl/aclpp_runtime.h"
#include "vendor/fork_safe_lock.hpp"

namespace aclpp::vendor {

/// Registers the two observers once per process where the runtime has the callback API (else
/// nothing to do). A failure (the vendor's stub library answers 100039) is returned and retried
/// on the next call.
[[nodiscard]] aclError observeRuntime() noexcept;

/// Held across aclpp's own aclInit and aclFinalize calls where the runtime has no
/// aclFinalizeReference, so that aclpp's count and the runtime's state change together; empty
/// (nothing locked) where it has. Recursive: an init callback may init through aclpp again. A
/// fork child is never kept waiting by a thread of its parent (F10).
[[nodiscard]] std::unique_lock<ForkSafeLock> lockTransitions() noexcept;

/// The epoch of the live runtime, or 0 when none is live (or, without the callback API, when
/// aclpp holds no reference). Lock-free.
[[nodiscard]] uint64_t liveEpoch() noexcept;

struct RuntimeView {
    uint64_t liveEpoch = 0;       // 0: no runtime live
    uint64_t epochsSeen = 0;      // 0->1 inits seen in this process
    uint64_t referencesHeld = 0;  // references of the live runtime taken through aclpp
};
[[nodiscard]] RuntimeView runtimeView() noexcept;

/// Who gives the live runtime back (aclppGetRuntimeOwner).
[[nodiscard]] aclppRuntimeOwner runtimeOwner() noexcept;

enum class LiveConfig : uint8_t { none, unknown, known };
/// The bytes the live runtime was initialised with, when known.
[[nodiscard]] LiveConfig liveConfigBytes(std::string &out);
/// ACL_ERROR_UNINITIALIZE for none, ACL_ERROR_API_NOT_SUPPORT (with the reason as the recent
/// error message) for unknown.
[[nodiscard]] aclError liveConfigError(LiveConfig config) noexcept;

/// After aclInit answered `code` (0 or 100002): one more reference of the live runtime is
/// aclpp's. `bytes` are the config the call passed (nullopt when aclpp cannot tell). Returns the
/// epoch, or 0 when the runtime was torn down meanwhile.
uint64_t noteReferenceTaken(aclError code, std::optional<std::string_view> bytes) noexcept;
/// After aclFinalizeReference succeeded for a reference of runtime `epoch`.
void noteReferenceReturned(uint64_t epoch) noexcept;
/// Without aclFinalizeReference: gives back one aclpp reference of `epoch`; the last one of a
/// runtime aclpp started calls aclFinalize. *refCount (may be NULL): aclpp's references left.
[[nodiscard]] aclError returnOwnReference(uint64_t epoch, uint64_t *refCount) noexcept;
/// The observed state's lock, for the fork handlers (vendor/fork.cpp) only.
void lockObservedForFork() noexcept;
void unlockObservedAfterFork() noexcept;

/// After an aclInit made by aclpp failed: an init the observer saw start was rolled back by a
/// later callback of the same type, whose finalize callbacks the vendor does not run.
void noteInitFailed(uint64_t epochBefore) noexcept;

}  // namespace aclpp::vendor
