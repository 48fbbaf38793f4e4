// Which lifecycle the calls see (P-1): the live runtime's, else the one the next init starts.
#include "errors/recent_message.hpp"
#include "lifecycle/lifecycle.hpp"
#include "lifecycle/state.hpp"

namespace aclpp::core {

LifecycleKind currentLifecycleKind() {
    ProcessState &state = processState();
    std::lock_guard lock(state.mutex);
    return lifecycleKindLocked(state);
}

aclError refuseOnCompactRuntime(const char *function) {
    recordError(std::string("ACL_ERROR_API_NOT_SUPPORT(200001): ") + function +
                " is not supported by the compact runtime (IPV350), which has no callbacks and no "
                "aclFinalizeReference; every aclInit there is given back by one aclFinalize (P-3)");
    return ACL_ERROR_API_NOT_SUPPORT;
}

aclError refuseCallbackOnCompactRuntime(const char *function) {
    if (currentLifecycleKind() != LifecycleKind::compact) return ACL_SUCCESS;
    return refuseOnCompactRuntime(function);
}

}  // namespace aclpp::core
