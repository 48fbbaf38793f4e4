// acl-config doctor: the facts of the deployment, gathered with the loader's and the file
// system's read-only calls (dladdr, stat, access): doctor never initialises, creates or writes.
#include "doctor_probe.hpp"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

namespace aclconfig::doctor {

std::string loadedRuntimeLibrary() {
    // The definition of aclInit the loader bound: the vendor's libascendcl.so over the vendor
    // runtime (whatever LD_LIBRARY_PATH chose), libaclpp itself on the emulated runtime.
    void *symbol = dlsym(RTLD_DEFAULT, "aclInit");
    Dl_info info{};
    if (symbol == nullptr || dladdr(symbol, &info) == 0 || info.dli_fname == nullptr) return {};
    std::error_code error;
    const std::filesystem::path resolved = std::filesystem::canonical(info.dli_fname, error);
    return error ? std::string(info.dli_fname) : resolved.string();
}

std::string builtToolkit() {
    return ACLPP_BUILD_CANN_HOME;  // set by tools/meson.build
}

std::optional<std::string> environmentValue(const char *name) {
    const char *value = std::getenv(name);
    if (value == nullptr) return std::nullopt;
    return std::string(value);
}

bool holdsRuntimeLibrary(const std::string &toolkit) {
    std::error_code error;
    return std::filesystem::is_regular_file(std::filesystem::path(toolkit) / "lib64" / "libascendcl.so", error);
}

PathState outputPathState(const std::string &path, bool runtimeCreates) {
    struct stat status {};
    if (stat(path.c_str(), &status) != 0) {
        if (!runtimeCreates) return {false, "does not exist"};
        // The nearest folder that exists must let this user create the rest.
        std::filesystem::path ancestor = std::filesystem::path(path).lexically_normal().parent_path();
        while (!ancestor.empty() && stat(ancestor.c_str(), &status) != 0) ancestor = ancestor.parent_path();
        if (ancestor.empty() || !S_ISDIR(status.st_mode) || access(ancestor.c_str(), W_OK | X_OK) != 0) {
            return {false, "cannot be created"};
        }
        return {true, "created by the runtime"};
    }
    if (!S_ISDIR(status.st_mode)) return {false, "not a directory"};
    // access() answers for the real user, as the runtime of this user would be answered.
    if (access(path.c_str(), W_OK | X_OK) != 0) return {false, "not writable"};
    return {true, "writable"};
}

}  // namespace aclconfig::doctor
