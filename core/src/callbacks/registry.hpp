// The init and finalize callback registry (L-7). Callbacks never run under its lock: notify
// takes a snapshot, and registrations that race an init are handed to it (called once, by the
// init or right after it commits).
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "acl/acl.h"
#include "config/config_file.hpp"

namespace aclpp::core {

struct InitCallback {
    aclRegisterCallbackType type;
    aclInitCallbackFunc function;
    void *userData;
    uint64_t registration = 0;  // set by the registry: tells a re-registration from the original
};

struct FinalizeCallback {
    aclRegisterCallbackType type;
    aclFinalizeCallbackFunc function;
    void *userData;
};

[[nodiscard]] bool isKnownCallbackType(aclRegisterCallbackType type) noexcept;
[[nodiscard]] const char *callbackTypeName(aclRegisterCallbackType type) noexcept;

/// A registration made while the runtime is initialised: the caller runs the callback at once,
/// outside every lock, with the config of the runtime that was live when it registered. The
/// config is captured under the registry lock because the lifecycle state may already be
/// rewritten by a finalize and a new init on other threads by the time the callback runs.
struct CallNow {
    bool required = false;
    SharedConfigBytes config;
    bool configGiven = false;
};

class CallbackRegistry {
public:
    /// The codes CANN gives, plus the L-7 type check.
    aclError registerInit(const InitCallback &callback, CallNow &callNow);
    aclError unregisterInit(aclRegisterCallbackType type, aclInitCallbackFunc function);
    aclError registerFinalize(const FinalizeCallback &callback);
    aclError unregisterFinalize(aclRegisterCallbackType type, aclFinalizeCallbackFunc function);
    /// Removes exactly the entry of `function` with `userData` (a callback token's, C-5).
    aclError unregisterInitEntry(aclRegisterCallbackType type, aclInitCallbackFunc function, const void *userData);
    aclError unregisterFinalizeEntry(aclRegisterCallbackType type, aclFinalizeCallbackFunc function,
                                     const void *userData);

    // The init protocol, driven by the lifecycle state machine.
    void beginInit();
    /// The callbacks of `type` to notify now; marks `type` as notified for this init.
    [[nodiscard]] std::vector<InitCallback> snapshotForInit(aclRegisterCallbackType type);
    /// Marks the runtime initialised with `config` and returns the registrations that arrived
    /// after their type was notified (or whose type is never notified by this init): call them now.
    [[nodiscard]] std::vector<InitCallback> commitInit(SharedConfigBytes config, bool configGiven);
    /// A failed init: forgets what was pending and returns to idle.
    void cancelInit();
    void markFinalized();

    [[nodiscard]] std::vector<FinalizeCallback> snapshotForFinalize(aclRegisterCallbackType type);
    [[nodiscard]] std::size_t size();
    void clear();

    /// fork() support: the child gets an unlocked registry in the "not initialised" phase.
    void lockForFork() { mutex_.lock(); }
    void unlockAfterFork() { mutex_.unlock(); }
    void resetInChild();

private:
    enum class Phase : uint8_t { idle, initializing, initialized };
    static uint32_t typeBit(aclRegisterCallbackType type) noexcept;

    std::mutex mutex_;
    std::vector<InitCallback> init_;  // registration order
    std::vector<FinalizeCallback> finalize_;
    Phase phase_ = Phase::idle;
    uint32_t notifiedTypes_ = 0;     // bits of the types this init has notified
    uint64_t lastRegistration_ = 0;  // numbers init registrations
    struct PendingInit {
        InitCallback callback;
        bool afterItsStep;  // its type had been notified when it registered
    };
    std::vector<PendingInit> pending_;  // registered while an init was running
    SharedConfigBytes liveConfig_;      // the committed runtime's config while initialized
    bool liveConfigGiven_ = false;
};

/// The process-wide registry (never destroyed, A-3).
[[nodiscard]] CallbackRegistry &callbackRegistry();

}  // namespace aclpp::core
