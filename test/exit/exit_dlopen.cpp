// A-3, C-6: dlopen/dlclose of a plugin (exit_plugin.cpp) that holds a runtime reference in a
// static object. Loading takes a reference (a join), dlclose gives it back and removes the
// plugin's callback; a second load is never closed, so its static destructor gives the last
// reference back during exit, after main's own reference is gone.
//
//   exit_dlopen <path of the plugin>
#include <dlfcn.h>

#include "exit_common.hpp"

using namespace aclpp::exit_test;

namespace {

void *load(const char *path) {
    void *handle = ::dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        writeAll(STDERR_FILENO, ::dlerror());
        die("dlopen");
    }
    return handle;
}

uint64_t count() {
    return lifecycleState().refCount;
}

}  // namespace

int main(int argc, char **argv) {
    expect(argc == 2, "usage: exit_dlopen <plugin>", argc);
    static char marker[] = "finalize callback ran when the plugin's static destructor released the last reference";
    expect(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, sayOnFinalize, marker) == ACL_SUCCESS,
           "aclFinalizeCallbackRegister");
    expect(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
    const size_t callbacks = aclppRegisteredCallbackCount();

    void *plugin = load(argv[1]);
    auto *initCode = reinterpret_cast<int (*)()>(::dlsym(plugin, "aclppExitPluginInitCode"));
    expect(initCode != nullptr, "dlsym");
    expect(initCode() == ACL_ERROR_REPEAT_INITIALIZE, "plugin: joined the runtime", initCode());
    expect(count() == 2, "count with the plugin loaded", static_cast<long long>(count()));
    expect(aclppRegisteredCallbackCount() == callbacks + 1, "plugin callback registered");
    expect(::dlclose(plugin) == 0, "dlclose");
    expect(count() == 1, "count after dlclose: the plugin's static destructor did not run",
           static_cast<long long>(count()));
    expect(aclppRegisteredCallbackCount() == callbacks, "plugin callback still registered after dlclose");
    say("dlclose gave the plugin's reference back");

    // Loaded again and left loaded: its destructor runs at exit and releases the last reference.
    (void)load(argv[1]);
    expect(count() == 2, "count with the plugin loaded again", static_cast<long long>(count()));
    uint64_t left = 99;
    expect(aclFinalizeReference(&left) == ACL_SUCCESS && left == 1, "main: aclFinalizeReference",
           static_cast<long long>(left));
    say("main returns; the plugin holds the last reference");
    return 0;
}
