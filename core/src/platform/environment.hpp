// The environment variables the runtime reads (K-6), read once per init into one
// snapshot so that init and finalize agree on what they saw.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace aclpp::core {

struct EnvironmentSnapshot {
    std::optional<std::string> ascendWorkPath;        // ASCEND_WORK_PATH
    std::optional<std::string> ascendDumpPath;        // ASCEND_DUMP_PATH
    std::optional<std::string> npuCollectPath;        // NPU_COLLECT_PATH
    std::optional<std::string> ascendDumpScene;       // ASCEND_DUMP_SCENE
    std::optional<std::string> profilerSampleConfig;  // PROFILER_SAMPLECONFIG
    std::optional<std::string> logFlushTimeout;       // ASCEND_LOG_DEVICE_FLUSH_TIMEOUT
    std::optional<std::string> autoUseUcMemory;       // AUTO_USE_UC_MEMORY

    /// Reads the process environment now.
    [[nodiscard]] static EnvironmentSnapshot capture();
};

/// ASCEND_LOG_DEVICE_FLUSH_TIMEOUT parsed as CANN does: strtol base 10, leading space and
/// sign allowed, the whole string consumed, no ERANGE, within [0, 180000]; else 2000.
struct FlushTimeout {
    uint32_t milliseconds = 2000;
    bool fromEnvironment = false;  // a valid value was given
};
[[nodiscard]] FlushTimeout parseFlushTimeout(const std::optional<std::string> &value) noexcept;

/// AUTO_USE_UC_MEMORY: enabled when unset, empty, or its first character is '1', as in CANN.
[[nodiscard]] bool autoUseUcMemoryEnabled(const std::optional<std::string> &value) noexcept;

}  // namespace aclpp::core
