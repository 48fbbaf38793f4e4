// A plugin shared library that holds a runtime reference in a static object: taken when the
// library is loaded, given back when it is unloaded (dlclose) or at exit. It registers a
// finalize callback and unregisters it before its code goes away. Plain C API, no inline
// statics, so that nothing keeps the library from unloading.
#include "exit_common.hpp"

using namespace aclpp::exit_test;

namespace {

aclError pluginFinalize(void *) {
    // Unregistered before the library unloads: reaching this after dlclose would crash.
    return ACL_SUCCESS;
}

struct PluginRuntime {
    aclError initCode = ACL_ERROR_INTERNAL_ERROR;
    PluginRuntime() {
        initCode = aclInit(nullptr);
        expect(initCode == ACL_SUCCESS || initCode == ACL_ERROR_REPEAT_INITIALIZE, "plugin: aclInit", initCode);
        (void)aclGetRecentErrMsg();
        expect(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, pluginFinalize, nullptr) == ACL_SUCCESS,
               "plugin: aclFinalizeCallbackRegister");
        say("plugin loaded and took a reference");
    }
    PluginRuntime(const PluginRuntime &) = delete;
    PluginRuntime &operator=(const PluginRuntime &) = delete;
    ~PluginRuntime() {
        expect(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, pluginFinalize) == ACL_SUCCESS,
               "plugin: aclFinalizeCallbackUnRegister");
        const aclError code = aclFinalizeReference(nullptr);
        expect(code == ACL_SUCCESS, "plugin: aclFinalizeReference", code);
        say("plugin unloading gave its reference back");
    }
};

PluginRuntime runtime;

}  // namespace

extern "C" __attribute__((visibility("default"))) int aclppExitPluginInitCode() {
    return runtime.initCode;
}
