#include "lifecycle/steps.hpp"

#include <cstdio>
#include <new>

#include "errors/recent_message.hpp"
#include "holders/trace.hpp"

namespace aclpp::core {
namespace {

std::string functionAddress(const void *function) {
    char text[32];
    std::snprintf(text, sizeof text, "%p", function);
    return text;
}

// Runs one callback; with ACLPP_TRACE set, one line "event=callback" for it, with the holder
// whose init or teardown runs it (C-7).
template <class Run>
aclError traceCallback(aclRegisterCallbackType type, std::string_view kind, Run &&run) noexcept {
    const uint64_t started = traceStart();
    const aclError code = run();
    if (started != 0) {
        try {
            const std::string call = std::string(kind) + ':' + callbackTypeName(type);
            const std::string_view *holder = currentHolderName();
            traceEvent(started, "callback", holder != nullptr ? *holder : std::string_view(), call, code);
        } catch (...) {
            // out of memory for the line: the callback ran, only its trace line is lost
        }
    }
    return code;
}

}  // namespace

aclError reentrantCall(const char *function) {
    recordError(std::string("ACL_ERROR_FAILURE(500001): ") + function +
                " was called from a lifecycle callback on the thread running the init or finalize; lifecycle "
                "calls cannot nest (L-6)");
    return ACL_ERROR_FAILURE;
}

std::string stepFailureMessage(aclError code, aclppStep step, std::string_view what) {
    std::string text = aclppErrorName(code);
    text += '(' + std::to_string(code) + "): step ";
    text += aclppStepName(step);
    text += ": ";
    text += what;
    return text;
}

aclError notifyInitCallbacks(aclRegisterCallbackType type, std::string_view config, std::string &message) {
    for (const InitCallback &callback : callbackRegistry().snapshotForInit(type)) {
        const aclError code = traceCallback(
            type, "init-callback", [&] { return callback.function(config.data(), config.size(), callback.userData); });
        if (code != ACL_SUCCESS) {
            message = std::string(callbackTypeName(type)) + " init callback " +
                      functionAddress(reinterpret_cast<const void *>(callback.function)) + " returned " +
                      std::to_string(code);
            return code;
        }
    }
    return ACL_SUCCESS;
}

aclError notifyFinalizeCallbacks(aclRegisterCallbackType type, const std::vector<FinalizeCallback> &callbacks,
                                 std::string &message) noexcept {
    for (const FinalizeCallback &callback : callbacks) {
        const aclError code =
            traceCallback(type, "finalize-callback", [&] { return callback.function(callback.userData); });
        if (code != ACL_SUCCESS) {
            try {
                message = std::string(callbackTypeName(type)) + " finalize callback " +
                          functionAddress(reinterpret_cast<const void *>(callback.function)) + " returned " +
                          std::to_string(code);
            } catch (const std::bad_alloc &) {
                message.clear();
            }
            return code;
        }
    }
    return ACL_SUCCESS;
}

}  // namespace aclpp::core
