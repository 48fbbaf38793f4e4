// The configuration a validated acl.json gives, with where each value came from. The device
// layer applies it; aclppGetEffectiveConfig and the validation report print it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "aclpp/schema/dump.hpp"
#include "aclpp/schema/top_level.hpp"
#include "devices/limits.hpp"
#include "platform/products.hpp"

namespace aclpp::core {

enum class Source : uint8_t {
    defaulted,    // nobody set it
    config,       // the acl.json (file or buffer)
    environment,  // an environment variable (Setting::origin names it)
    platform,     // the emulated product decides (e.g. not supported)
};

template <class T>
struct Setting {
    Setting() = default;
    Setting(T initial) : value(std::move(initial)) {}  // NOLINT: implicit, a default value

    T value{};
    Source source = Source::defaulted;
    std::string origin;  // env var name, or the JSON pointer for config values
    std::string note;    // e.g. "rounded up from 40000 to 49152", "not supported on Atlas A2, not applied"

    void set(T v, Source s, std::string o = {}) {
        value = std::move(v);
        source = s;
        origin = std::move(o);
    }
};

enum class ErrMsgMode : uint8_t { thread = 0, process = 1 };

enum class DumpKind : uint8_t {
    none,
    operatorDump,    // data dump (dump_list or op switch), also watcher
    overflow,        // dump_debug on
    exceptionBrief,  // aic_err_brief_dump, lite_exception
    exceptionNorm,   // aic_err_norm_dump
    exceptionCore,   // aic_err_detail_dump (core-dump mode)
};

struct DumpOutcome {
    bool present = false;  // the config has a non-empty `dump` object
    DumpKind kind = DumpKind::none;
    std::string scene;  // dump_scene as given ("" when absent)
    bool watcher = false;
    Setting<std::string> path;  // effective data path (before the <timestamp> sub-directory)
    std::string mode{schema::dump_rules::kDefaultMode};
    std::string data{schema::dump_rules::kDefaultData};
    uint32_t levelBits = schema::dump_rules::kLevelBits[2].bits;  // op = 1, kernel = 2, all = 3
    bool opSwitch = false;
    bool debug = false;
    std::string step;  // dump_step as given
    std::vector<std::string> stats;
    std::size_t listItems = 0;                 // dump_list entries
    std::size_t layerCount = 0;                // total layers over all items
    std::vector<std::string> kernelDataTypes;  // kernel-DFX types enabled (printf, tensor, ...)
    Setting<std::string> kernelDataPath;
    // The string keys of the table without a member above (hasOutcomeMember), in table order,
    // with the value given or the row's default: the effective config shows a key added to the
    // table before the device layer reads it.
    std::vector<std::pair<std::string_view, std::string>> otherKeys;
};

/// The dump keys DumpOutcome has a member for, or derives one from.
inline constexpr std::array<schema::dump_rules::DumpKey, 11> kOutcomeKeys{
    schema::dump_rules::kPath,  schema::dump_rules::kMode,       schema::dump_rules::kOpSwitch,
    schema::dump_rules::kLevel, schema::dump_rules::kScene,      schema::dump_rules::kData,
    schema::dump_rules::kDebug, schema::dump_rules::kKernelData, schema::dump_rules::kStep,
    schema::dump_rules::kStats, schema::dump_rules::kList,
};
[[nodiscard]] constexpr bool hasOutcomeMember(schema::dump_rules::DumpKey key) noexcept {
    for (const schema::dump_rules::DumpKey member : kOutcomeKeys) {
        if (member == key) return true;
    }
    return false;
}

enum class ProfilerMode : uint8_t {
    dynamic,      // no profiler section (or no config): msprof in dynamic mode
    environment,  // PROFILER_SAMPLECONFIG set: the section is ignored (K-5)
    config,       // the section was validated and applied
};

struct ProfilerOutcome {
    ProfilerMode mode = ProfilerMode::dynamic;
    bool enabled = false;  // "switch":"on"
    Setting<std::string> output;
    std::string aicMetrics;                                 // effective metric ("" when off)
    std::vector<std::pair<std::string, std::string>> keys;  // every key given, minified value
};

struct EffectiveConfig {
    bool configGiven = false;  // a non-empty path or a buffer
    Setting<ErrMsgMode> errMsgMode;
    Setting<std::optional<int32_t>> defaultDevice;
    Setting<uint32_t> aicoreStackSize{kAicoreStackDefault};
    Setting<uint32_t> simtStackSize{kSimtStackDefault};  // per thread, as configured
    Setting<uint32_t> simtDivergenceStackSize{kSimtDivergenceStackDefault};
    Setting<uint32_t> simdPrintfFifoSize{kSimdPrintfFifoDefault};
    Setting<uint32_t> simtPrintfFifoSize{kSimtPrintfFifoDefault};
    Setting<std::optional<uint8_t>> eventMode;  // unset = device default
    Setting<uint32_t> maxOpqueueNum{schema::top_level_rules::kMaxOpqueueDefault};
    DumpOutcome dump;
    ProfilerOutcome profiler;
    Setting<uint32_t> logFlushTimeoutMs{2000};
    bool fillHook = true;  // AUTO_USE_UC_MEMORY
};

/// The setting of a device-limit key (E-3), by the limit's aclrtDeviceLimit value.
[[nodiscard]] inline const Setting<uint32_t> &limitSetting(const EffectiveConfig &effective, aclppDeviceLimit limit) {
    switch (limit) {
        case kLimitSimtStackSize:
            return effective.simtStackSize;
        case kLimitSimtDivergenceStackSize:
            return effective.simtDivergenceStackSize;
        case kLimitSimdStackSize:
            return effective.aicoreStackSize;
        case kLimitSimdPrintfFifoSizePerCore:
            return effective.simdPrintfFifoSize;
        case kLimitSimtPrintfFifoSize:
            return effective.simtPrintfFifoSize;
    }
    return effective.aicoreStackSize;  // unreachable: every limit of kLimitRules is handled
}
[[nodiscard]] inline Setting<uint32_t> &limitSetting(EffectiveConfig &effective, aclppDeviceLimit limit) {
    return const_cast<Setting<uint32_t> &>(limitSetting(std::as_const(effective), limit));
}

}  // namespace aclpp::core
