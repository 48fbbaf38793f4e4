// acl-config doctor: the facts of the deployment, gathered with the loader's and the file
// system's read-only calls (dladdr, stat, access): doctor never initialises, creates or writes.
#include "doctor_probe.hpp"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

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

std::optional<std::string> runtimeVersionFromLibrary() {
    // Looked up, not linked: CANN 8.x toolkits before the function and aclpp's own runtime lack it.
    using GetVersionStr = int (*)(char *, char *);
    void *symbol = dlsym(RTLD_DEFAULT, "aclsysGetVersionStr");
    if (symbol == nullptr) return std::nullopt;
    char package[] = "runtime";
    char version[128] = {};  // ACL_PKG_VERSION_MAX_SIZE, the size the vendor's docs ask for
    if (reinterpret_cast<GetVersionStr>(symbol)(package, version) != 0 || version[0] == '\0') return std::nullopt;
    version[sizeof version - 1] = '\0';
    return std::string(version);
}

std::optional<std::string> toolkitVersionFile(const std::string &toolkit) {
    std::ifstream file(std::filesystem::path(toolkit) / "share" / "info" / "runtime" / "version.info");
    std::string line;
    while (file && std::getline(file, line)) {
        constexpr std::string_view kKey = "Version=";
        if (line.rfind(kKey, 0) == 0 && line.size() > kKey.size()) return line.substr(kKey.size());
    }
    return std::nullopt;
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
