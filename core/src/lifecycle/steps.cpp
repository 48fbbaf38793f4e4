#include "lifecycle/steps.hpp"

#include <cstdio>
#include <new>

#include "errors/recent_message.hpp"

namespace aclpp::core {
namespace {

std::string functionAddress(const void *function) {
    char text[32];
    std::snprintf(text, sizeof text, "%p", function);
    return text;
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
        const aclError code = callback.function(config.data(), config.size(), callback.userData);
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
        const aclError code = callback.function(callback.userData);
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
