// What `acl-config doctor` looks at, read without initialising the runtime and without writing
// anything: the library the loader took, the toolkit, the environment and a config's output paths.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace aclconfig::doctor {

/// The libascendcl.so (or, on the emulated runtime, the libaclpp) that defines aclInit in this
/// process, as the dynamic loader resolved it; "" when the loader does not say.
[[nodiscard]] std::string loadedRuntimeLibrary();

/// The toolkit libaclpp was built against (-Dcann_home or what B-1 found); "" on the emulated runtime.
[[nodiscard]] std::string builtToolkit();

/// The variables of B-1 that name a toolkit, in the order the build tries them.
inline constexpr const char *kToolkitVariables[] = {"ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"};

/// The variables that change what init does (the ones the core reads, and the vendor's device mask).
inline constexpr const char *kInitVariables[] = {
    "ASCEND_RT_VISIBLE_DEVICES",
    "ASCEND_DUMP_PATH",
    "ASCEND_DUMP_SCENE",
    "ASCEND_WORK_PATH",
    "NPU_COLLECT_PATH",
    "PROFILER_SAMPLECONFIG",
    "ASCEND_LOG_DEVICE_FLUSH_TIMEOUT",
    "AUTO_USE_UC_MEMORY",
    "ACLPP_SOC",
    "ACLPP_DEVICE_COUNT",
    "ACLPP_CANN_VERSION",
};

[[nodiscard]] std::optional<std::string> environmentValue(const char *name);

/// Whether `path` holds lib64/libascendcl.so (a toolkit B-1 would accept needs it).
[[nodiscard]] bool holdsRuntimeLibrary(const std::string &toolkit);

/// What an output directory of a config is like: "writable", "created by the runtime" (a folder
/// the runtime makes under a writable one: `runtimeCreates`, the ones derived from the
/// environment), or why the runtime could not write there. Only stat and access: nothing is
/// created, nothing is written.
struct PathState {
    bool usable = false;
    std::string state;  // also "does not exist", "cannot be created", "not a directory", "not writable"
};
[[nodiscard]] PathState outputPathState(const std::string &path, bool runtimeCreates);

}  // namespace aclconfig::doctor
