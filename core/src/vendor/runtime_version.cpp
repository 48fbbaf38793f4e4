// The CANN version of the loaded vendor runtime (B-9), found once per process the way the vendor's
// runtime finds it: its aclsysGetVersionStr("runtime", ...) when the library has one (looked up,
// not linked: CANN 8.x toolkits lack it), else the Version= line of the runtime package's
// share/info/runtime/version.info in the toolkit of the loaded libascendcl.so (its lib64/..).
// Used by the validation default (platform_choice.cpp) and by acl-config doctor.
#include <dlfcn.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "acl/aclpp_ext.h"
#include "platform/runtime_cann_version.hpp"
#include "util/guarded_call.hpp"
#include "vendor/optional_api.hpp"

namespace aclpp::vendor {
namespace {

// ACL_PKG_VERSION_MAX_SIZE: the buffer the vendor's documentation asks for.
constexpr std::size_t kVersionCapacity = 128;

struct RuntimeVersion {
    std::string version;
    std::string rules;
    aclppCannVersionSource source = ACLPP_CANN_VERSION_UNKNOWN;
    std::string toolkit;
    std::optional<schema::cann::Release> release;
};

/// lib64/.. of the libascendcl.so that defines aclInit in this process, as the loader resolved it.
std::string loadedToolkit() {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void *>(&aclInit), &info) == 0 || info.dli_fname == nullptr) return {};
    std::error_code error;
    std::filesystem::path library = std::filesystem::canonical(info.dli_fname, error);
    if (error) library = info.dli_fname;
    return library.parent_path().parent_path().string();
}

std::string versionFromLibrary() {
    const auto getVersion = optionalApi().getVersionStr;
    if (getVersion == nullptr) return {};
    char package[] = "runtime";
    char version[kVersionCapacity] = {};
    if (getVersion(package, version) != ACL_SUCCESS) return {};
    version[kVersionCapacity - 1] = '\0';
    return version;
}

std::string versionFromFile(const std::string &toolkit) {
    std::ifstream file(std::filesystem::path(toolkit) / "share" / "info" / "runtime" / "version.info");
    std::string line;
    constexpr std::string_view kKey = "Version=";
    while (file && std::getline(file, line)) {
        if (line.rfind(kKey, 0) == 0 && line.size() > kKey.size()) return line.substr(kKey.size());
    }
    return {};
}

RuntimeVersion detect() {
    RuntimeVersion found;
    found.toolkit = loadedToolkit();
    found.version = versionFromLibrary();
    if (!found.version.empty()) {
        found.source = ACLPP_CANN_VERSION_FROM_LIBRARY;
    } else if (!found.toolkit.empty()) {
        found.version = versionFromFile(found.toolkit);
        if (!found.version.empty()) found.source = ACLPP_CANN_VERSION_FROM_FILE;
    }
    found.release = schema::cann::parseStatedCannVersion(found.version);
    if (found.release) found.rules = schema::cann::releaseName(*found.release);
    return found;
}

/// Detected on first use, then the same for the process: the runtime a process loaded does not
/// change, and a validation must not read a file each time.
const RuntimeVersion &runtimeVersion() {
    static const RuntimeVersion version = detect();
    return version;
}

}  // namespace
}  // namespace aclpp::vendor

std::optional<aclpp::schema::cann::Release> aclpp::core::loadedRuntimeCannRelease() noexcept {
    try {
        return vendor::runtimeVersion().release;
    } catch (...) {  // std::bad_alloc: master's rules, as when the runtime states nothing
        return std::nullopt;
    }
}

extern "C" aclError aclppGetRuntimeCannVersion(aclppRuntimeCannVersion *info) {
    if (info == nullptr) return ACL_ERROR_INVALID_PARAM;
    return aclpp::core::guardedCall([&]() -> aclError {
        const aclpp::vendor::RuntimeVersion &found = aclpp::vendor::runtimeVersion();
        info->version = found.version.c_str();
        info->rules = found.rules.c_str();
        info->source = found.source;
        info->toolkit = found.toolkit.c_str();
        return ACL_SUCCESS;
    });
}
