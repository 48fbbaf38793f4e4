#include "platform/environment.hpp"

#include <cerrno>
#include <cstdlib>

namespace aclpp::core {
namespace {

std::optional<std::string> readVariable(const char *name) {
    const char *value = std::getenv(name);
    if (value == nullptr) return std::nullopt;
    return std::string(value);
}

}  // namespace

EnvironmentSnapshot EnvironmentSnapshot::capture() {
    EnvironmentSnapshot snapshot;
    snapshot.ascendWorkPath = readVariable("ASCEND_WORK_PATH");
    snapshot.ascendDumpPath = readVariable("ASCEND_DUMP_PATH");
    snapshot.npuCollectPath = readVariable("NPU_COLLECT_PATH");
    snapshot.ascendDumpScene = readVariable("ASCEND_DUMP_SCENE");
    snapshot.profilerSampleConfig = readVariable("PROFILER_SAMPLECONFIG");
    snapshot.logFlushTimeout = readVariable("ASCEND_LOG_DEVICE_FLUSH_TIMEOUT");
    snapshot.autoUseUcMemory = readVariable("AUTO_USE_UC_MEMORY");
    return snapshot;
}

FlushTimeout parseFlushTimeout(const std::optional<std::string> &value) noexcept {
    constexpr long kMax = 180000;
    if (!value || value->empty()) return {};
    errno = 0;
    char *end = nullptr;
    const long parsed = std::strtol(value->c_str(), &end, 10);
    if (end == value->c_str() || *end != '\0' || errno == ERANGE || parsed < 0 || parsed > kMax) return {};
    return FlushTimeout{static_cast<uint32_t>(parsed), true};
}

bool autoUseUcMemoryEnabled(const std::optional<std::string> &value) noexcept {
    return !value || value->empty() || (*value)[0] == '1';
}

}  // namespace aclpp::core
