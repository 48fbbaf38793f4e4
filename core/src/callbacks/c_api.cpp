// The exported callback entry points (L-7).
#include "callbacks/registry.hpp"
#include "lifecycle/lifecycle.hpp"

using namespace aclpp::core;

extern "C" {

aclError aclInitCallbackRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc, void *userData) {
    return guardedCall([&] {
        if (aclError refused = refuseCallbackOnCompactRuntime("aclInitCallbackRegister")) return refused;
        CallNow callNow;
        const aclError code = callbackRegistry().registerInit(InitCallback{type, cbFunc, userData}, callNow);
        if (code == ACL_SUCCESS && callNow.required) callInitCallbackNow(cbFunc, userData, type, callNow);
        return code;
    });
}

aclError aclInitCallbackUnRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc) {
    return guardedCall([&] {
        if (aclError refused = refuseCallbackOnCompactRuntime("aclInitCallbackUnRegister")) return refused;
        return callbackRegistry().unregisterInit(type, cbFunc);
    });
}

aclError aclFinalizeCallbackRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc, void *userData) {
    return guardedCall([&] {
        if (aclError refused = refuseCallbackOnCompactRuntime("aclFinalizeCallbackRegister")) return refused;
        return callbackRegistry().registerFinalize(FinalizeCallback{type, cbFunc, userData});
    });
}

aclError aclFinalizeCallbackUnRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc) {
    return guardedCall([&] {
        if (aclError refused = refuseCallbackOnCompactRuntime("aclFinalizeCallbackUnRegister")) return refused;
        return callbackRegistry().unregisterFinalize(type, cbFunc);
    });
}

}  // extern "C"
