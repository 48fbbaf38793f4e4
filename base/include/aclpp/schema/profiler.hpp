// The tables of the `profiler` section (decisions K-5, E-1): the allow-list with each key's
// kind and product gate, the value lists and the limits. The core's validator, the C++ layer's
// compile-time checks, the config reference and the JSON Schema read them; which product opens
// which gate is the core's product table (platform/products.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <aclpp/schema/cann_versions.hpp>
#include <aclpp/schema/digits.hpp>
#include <aclpp/schema/value_list.hpp>

namespace aclpp::schema::profiler_rules {

// msprof refuses a section whose re-serialised text is longer than this, as CANN does.
inline constexpr std::size_t kMaxSectionLength = 1024 * 1024;
// The whole aic_metrics value, Custom: lists included (K-5). The string macros are for the rule
// table's static_assert texts (literals), as below.
#define ACLPP_SCHEMA_MAX_AIC_METRICS_LENGTH "70"
inline constexpr std::size_t kMaxAicMetricsLength = decimalValue(ACLPP_SCHEMA_MAX_AIC_METRICS_LENGTH);
inline constexpr std::string_view kCustomPrefix = "Custom:";  // case-sensitive, like the reference
// instr_profiling_freq on the products that have it, while instr_profiling is on (K-5).
#define ACLPP_SCHEMA_INSTR_FREQ_MIN "300"
#define ACLPP_SCHEMA_INSTR_FREQ_MAX "30000"
inline constexpr uint64_t kInstrProfilingFreqMin = decimalValue(ACLPP_SCHEMA_INSTR_FREQ_MIN);
inline constexpr uint64_t kInstrProfilingFreqMax = decimalValue(ACLPP_SCHEMA_INSTR_FREQ_MAX);
// storage_limit is "<digits>MB" in this range (PV CheckStorageLimit); at most 10 digits.
#define ACLPP_SCHEMA_STORAGE_LIMIT_MIN_MB "200"
#define ACLPP_SCHEMA_STORAGE_LIMIT_MAX_MB "4294967295"
inline constexpr uint64_t kStorageLimitMinMb = decimalValue(ACLPP_SCHEMA_STORAGE_LIMIT_MIN_MB);
inline constexpr uint64_t kStorageLimitMaxMb = decimalValue(ACLPP_SCHEMA_STORAGE_LIMIT_MAX_MB);
inline constexpr std::string_view kStorageLimitUnit = "MB";
inline constexpr std::size_t kStorageLimitMaxDigits = 10;
/// True for a storage_limit of "<digits>MB" in range (PV CheckStorageLimit).
[[nodiscard]] constexpr bool isStorageLimit(std::string_view text) noexcept {
    if (text.size() <= kStorageLimitUnit.size() || !text.ends_with(kStorageLimitUnit)) return false;
    const std::string_view digits = text.substr(0, text.size() - kStorageLimitUnit.size());
    if (!allDigits(digits) || digits.size() > kStorageLimitMaxDigits) return false;
    const uint64_t megabytes = decimalValue(digits);
    return megabytes >= kStorageLimitMinMb && megabytes <= kStorageLimitMaxMb;
}
// The upper bound of sys_hardware_mem_freq: per product, one of these two (K-5).
inline constexpr uint32_t kHardwareMemFreqMax = 100;
inline constexpr uint32_t kHardwareMemFreqMaxMicro = 10000;  // products that sample in µs

// What a key's value is checked as (K-5).
enum class Kind : uint8_t {
    plainSwitch,     // on | off | ""
    geApi,           // l0 | l1 | off | ""
    taskTime,        // on | off | l0 | l1 | l2 | "" (+ l3 where the product has task trace L3)
    frequency,       // JSON integer in [1, max]
    instrFrequency,  // JSON integer; range only with switch and instr_profiling on
    aicMetrics,      // product metric name or Custom:<events>
    memServiceflow,  // non-empty string
    llcProfiling,    // read | write
    hostSys,         // comma list of kHostSysItems
    hostSysUsage,    // comma list of kHostSysUsageItems
    output,          // checked only with "switch":"on": no shell/control characters
    storageLimit,    // checked only with "switch":"on": <200..4294967295>MB
    optype,          // checked only with "switch":"on": task scale, which no emulated product has
};

// The product feature a key needs (K-5). Everything else is accepted everywhere.
enum class Gate : uint8_t {
    none,
    instrProfiling,
    instrProfilingFreq,
    sysIoSamplingFreq,
    sysInterconnectionFreq,
    sysCpuFreq,
    sysLpFreq,
    hostSysUsageFreq,
    sysMemServiceflow,
};

// Which CANN releases have a key in their allow-list (B-9): every release, or those with (or
// without) one change of the release table.
struct KeyReleases {
    enum class When : uint8_t { always, withChange, withoutChange };
    When when = When::always;
    cann::Change change{};

    [[nodiscard]] constexpr bool includes(cann::Release release) const noexcept {
        switch (when) {
            case When::always:
                return true;
            case When::withChange:
                return cann::hasChange(release, change);
            case When::withoutChange:
                return !cann::hasChange(release, change);
        }
        return true;
    }
};
[[nodiscard]] constexpr KeyReleases addedBy(cann::Change change) noexcept {
    return {KeyReleases::When::withChange, change};
}
[[nodiscard]] constexpr KeyReleases removedBy(cann::Change change) noexcept {
    return {KeyReleases::When::withoutChange, change};
}

// Value lists (K-5), used for the check and for the "allowed" text alike.
inline constexpr std::array<std::string_view, 3> kSwitchValues{"on", "off", ""};
inline constexpr std::array<std::string_view, 4> kGeApiValues{"l0", "l1", "off", ""};
inline constexpr std::array<std::string_view, 6> kTaskTimeValues{"on", "off", "l0", "l1", "l2", ""};
inline constexpr std::string_view kTaskTimeL3 = "l3";
inline constexpr std::array<std::string_view, 2> kLlcProfilingValues{"read", "write"};
inline constexpr std::array<std::string_view, 6> kHostSysItems{"cpu", "mem", "disk", "network", "osrt", "numa"};
inline constexpr std::array<std::string_view, 2> kHostSysUsageItems{"cpu", "mem"};

/// One key of `profiler`: everything the validator, the effective config, the join comparison,
/// the JSON Schema, the config reference and the C++ layer know of it.
struct KeyRule {
    std::string_view key;      // "task_time"
    std::string_view pointer;  // "/profiler/task_time"
    Kind kind;
    ValueList values = {};               // the allowed values, or a comma list's items; none for the other kinds
    std::string_view productValue = {};  // one more value that only some products accept (task_time l3)
    std::string_view defaultValue = {};  // what an absent key amounts to; "" when the product or msprof decides
    Gate gate = Gate::none;
    uint64_t maxFrequency = 0;  // Kind::frequency only; 0 = the product's sys_hardware_mem_freq max
    KeyReleases releases = {};  // the CANN releases whose allow-list has it (B-9)

    [[nodiscard]] constexpr bool inRelease(cann::Release release) const noexcept { return releases.includes(release); }
};

/// The key and its pointer, which is the key under /profiler.
#define ACLPP_SCHEMA_PROFILER_KEY(name) name, "/profiler/" name

// The allow-list of every release aclpp knows, in the reference's order (prof_acl_mgr.h:53-81);
// a key that only some releases have says which (B-9). It drives the unknown-key check, the
// did-you-mean hint and every per-key rule.
// One row a line (clang-format would put each field on a line of its own):
// clang-format off
inline constexpr std::array<KeyRule, 29> kKeyRules{{
    // name and pointer,                                 kind,                 values,                         product value, default,          gate, max frequency, releases
    {ACLPP_SCHEMA_PROFILER_KEY("switch"),                Kind::plainSwitch,    valueList(kSwitchValues),       {},          kSwitchValues[1]},
    {ACLPP_SCHEMA_PROFILER_KEY("output"),                Kind::output},
    {ACLPP_SCHEMA_PROFILER_KEY("aic_metrics"),           Kind::aicMetrics},
    {ACLPP_SCHEMA_PROFILER_KEY("aicpu"),                 Kind::plainSwitch,    valueList(kSwitchValues)},
    {ACLPP_SCHEMA_PROFILER_KEY("l2"),                    Kind::plainSwitch,    valueList(kSwitchValues)},
    {ACLPP_SCHEMA_PROFILER_KEY("storage_limit"),         Kind::storageLimit},
    {ACLPP_SCHEMA_PROFILER_KEY("hccl"),                  Kind::plainSwitch,    valueList(kSwitchValues)},
    {ACLPP_SCHEMA_PROFILER_KEY("msproftx"),              Kind::plainSwitch,    valueList(kSwitchValues)},
    {ACLPP_SCHEMA_PROFILER_KEY("instr_profiling"),       Kind::plainSwitch,    valueList(kSwitchValues),       {},          {}, Gate::instrProfiling},
    {ACLPP_SCHEMA_PROFILER_KEY("instr_profiling_freq"),  Kind::instrFrequency, {},                             {},          {}, Gate::instrProfilingFreq},
    {ACLPP_SCHEMA_PROFILER_KEY("task_tsfw"),             Kind::plainSwitch,    valueList(kSwitchValues),       {},          {}, Gate::none, 0, addedBy(cann::Change::profilerTaskTsfw)},
    {ACLPP_SCHEMA_PROFILER_KEY("ascendcl"),              Kind::plainSwitch,    valueList(kSwitchValues)},
    {ACLPP_SCHEMA_PROFILER_KEY("task_time"),             Kind::taskTime,       valueList(kTaskTimeValues),     kTaskTimeL3},
    {ACLPP_SCHEMA_PROFILER_KEY("runtime_api"),           Kind::plainSwitch,    valueList(kSwitchValues)},
    {ACLPP_SCHEMA_PROFILER_KEY("ge_api"),                Kind::geApi,          valueList(kGeApiValues)},
    {ACLPP_SCHEMA_PROFILER_KEY("task_memory"),           Kind::plainSwitch,    valueList(kSwitchValues)},
    {ACLPP_SCHEMA_PROFILER_KEY("sys_hardware_mem_freq"), Kind::frequency},
    {ACLPP_SCHEMA_PROFILER_KEY("sys_mem_serviceflow"),   Kind::memServiceflow, {},                             {},          {}, Gate::sysMemServiceflow, 0, addedBy(cann::Change::profilerSysMemServiceflow)},
    {ACLPP_SCHEMA_PROFILER_KEY("llc_profiling"),         Kind::llcProfiling,   valueList(kLlcProfilingValues)},
    {ACLPP_SCHEMA_PROFILER_KEY("sys_io_sampling_freq"),  Kind::frequency,      {},                             {},          {}, Gate::sysIoSamplingFreq, 100},
    {ACLPP_SCHEMA_PROFILER_KEY("sys_interconnection_freq"), Kind::frequency,   {},                             {},          {}, Gate::sysInterconnectionFreq, 50},
    {ACLPP_SCHEMA_PROFILER_KEY("sys_cpu_freq"),          Kind::frequency,      {},                             {},          {}, Gate::sysCpuFreq, 50},
    {ACLPP_SCHEMA_PROFILER_KEY("dvpp_freq"),             Kind::frequency,      {},                             {},          {}, Gate::none, 100},
    {ACLPP_SCHEMA_PROFILER_KEY("host_sys"),              Kind::hostSys,        valueList(kHostSysItems)},
    {ACLPP_SCHEMA_PROFILER_KEY("host_sys_usage"),        Kind::hostSysUsage,   valueList(kHostSysUsageItems)},
    {ACLPP_SCHEMA_PROFILER_KEY("host_sys_usage_freq"),   Kind::frequency,      {},                             {},          {}, Gate::hostSysUsageFreq, 50},
    {ACLPP_SCHEMA_PROFILER_KEY("sys_lp_freq"),           Kind::frequency,      {},                             {},          {}, Gate::sysLpFreq, 100},
    {ACLPP_SCHEMA_PROFILER_KEY("optype"),                Kind::optype,         {},                             {},          {}, Gate::none, 0, addedBy(cann::Change::profilerOptypeNotScale)},
    // The task-scale key of 9.0.x, which optype replaced: checked as optype is.
    {ACLPP_SCHEMA_PROFILER_KEY("scale"),                 Kind::optype,         {},                             {},          {}, Gate::none, 0, removedBy(cann::Change::profilerOptypeNotScale)},
}};
// clang-format on
#undef ACLPP_SCHEMA_PROFILER_KEY

/// True for the kinds whose value is one of the row's values, or a comma list of them.
[[nodiscard]] constexpr bool hasValues(Kind kind) noexcept {
    return kind == Kind::plainSwitch || kind == Kind::geApi || kind == Kind::taskTime || kind == Kind::llcProfiling ||
           kind == Kind::hostSys || kind == Kind::hostSysUsage;
}
/// True for the kinds whose value is a JSON integer.
[[nodiscard]] constexpr bool isFrequency(Kind kind) noexcept {
    return kind == Kind::frequency || kind == Kind::instrFrequency;
}
/// True when every row has values exactly where its kind needs them, a default only among them, and
/// a pointer that is its key under /profiler.
[[nodiscard]] constexpr bool rowsConsistent() noexcept {
    for (const KeyRule &row : kKeyRules) {
        if (hasValues(row.kind) != (row.values.size != 0)) return false;
        if (!row.defaultValue.empty() && !row.values.contains(row.defaultValue)) return false;
        if (!row.pointer.starts_with("/profiler/") || row.pointer.substr(10) != row.key) return false;
    }
    return true;
}
static_assert(rowsConsistent());

/// The position of `key` in kKeyRules, or kKeyRules.size() when no row has it.
[[nodiscard]] constexpr std::size_t rowOf(std::string_view key) noexcept {
    std::size_t row = 0;
    while (row < kKeyRules.size() && kKeyRules[row].key != key) ++row;
    return row;
}

/// The row of `key`; a key no row has does not compile (array::at throws in a constant
/// expression).
[[nodiscard]] consteval const KeyRule &ruleFor(std::string_view key) {
    return kKeyRules.at(rowOf(key));
}

// The rows the checks and the effective config name.
inline constexpr const KeyRule &kSwitch = ruleFor("switch");
inline constexpr const KeyRule &kOutput = ruleFor("output");
inline constexpr const KeyRule &kAicMetrics = ruleFor("aic_metrics");
inline constexpr const KeyRule &kInstrProfiling = ruleFor("instr_profiling");

/// True when `release`'s allow-list has `key` (by default: master's, aclpp's default rules).
[[nodiscard]] constexpr bool isKey(std::string_view key, cann::Release release = cann::kDefaultRelease) noexcept {
    for (const KeyRule &rule : kKeyRules) {
        if (rule.key == key) return rule.inRelease(release);
    }
    return false;
}

// Key names of the profiling examples of older CANN versions (CANN 5 era), still found in
// configs copied from public repositories. They are as unknown as any other key (EK0005), but
// the message is short and the hint names what replaced them (issue 27).
struct FormerKey {
    std::string_view name;
    std::string_view current;  // the allow-listed key that replaced it; "" when none did
};
inline constexpr std::array<FormerKey, 3> kFormerKeys{{
    {"ai_core_metrics", "aic_metrics"},
    {"result_path", "output"},
    {"device_id", ""},  // the section names no device: the devices the process uses are profiled
}};
static_assert(
    [] {
        for (const FormerKey &former : kFormerKeys) {
            if (isKey(former.name) || (!former.current.empty() && !isKey(former.current))) return false;
        }
        return true;
    }(),
    "a former profiler key is still allowed, or what replaced it is not an allowed key");

// Characters msprof refuses in an output path (Utils::CheckPathWithInvalidChar), with how a
// message shows each one.
struct ForbiddenChar {
    char c;
    std::string_view shown;
};
inline constexpr std::array<ForbiddenChar, 18> kOutputForbidden{{
    {'\n', "\\n"},
    {'\f', "\\f"},
    {'\r', "\\r"},
    {'\b', "\\b"},
    {'\t', "\\t"},
    {'\v', "\\v"},
    {'\x7f', "\\u007f"},
    {'"', "\""},
    {'\'', "'"},
    {'\\', "\\"},
    {'%', "%"},
    {'>', ">"},
    {'<', "<"},
    {'|', "|"},
    {'&', "&"},
    {'$', "$"},
    {';', ";"},
    {'`', "`"},
}};

/// True for a character msprof refuses in `output`.
[[nodiscard]] constexpr bool isForbiddenOutputChar(char c) noexcept {
    for (const ForbiddenChar &f : kOutputForbidden) {
        if (f.c == c) return true;
    }
    return false;
}

}  // namespace aclpp::schema::profiler_rules
