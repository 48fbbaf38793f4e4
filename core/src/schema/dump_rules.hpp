// The tables of the `dump` section (decision K-4): its keys in the order phase A
// checks them, the allowed values of phase B and the limits of phase C. The validator
// (schema/dump.cpp) and the documentation generator (tools/build/gen_config_reference.cpp) share them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace aclpp::core::dump_rules {

// Members of `dump`, in the order phase A checks them (DCC CheckDumpFieldTypes).
enum DumpKey : std::size_t {
    kPath,
    kMode,
    kOpSwitch,
    kLevel,
    kScene,
    kData,
    kDebug,
    kKernelData,
    kStep,
    kStats,  // every key before this one must be a JSON string
    kList,
    kDumpKeyCount,
};
inline constexpr std::array<std::string_view, kDumpKeyCount> kDumpKeys{
    "dump_path",  "dump_mode",        "dump_op_switch", "dump_level", "dump_scene", "dump_data",
    "dump_debug", "dump_kernel_data", "dump_step",      "dump_stats", "dump_list",
};

// Members of one dump_list item, in the order phase A checks them.
enum ItemKey : std::size_t {
    kModelName,
    kLayer,
    kWatcherNodes,
    kOptypeBlacklist,
    kOpnameBlacklist,
    kOpnameRange,
    kItemKeyCount
};
inline constexpr std::array<std::string_view, kItemKeyCount> kItemKeys{
    "model_name", "layer", "watcher_nodes", "optype_blacklist", "opname_blacklist", "opname_range",
};
enum BlacklistKey : std::size_t { kName, kPos, kBlacklistKeyCount };
inline constexpr std::array<std::string_view, kBlacklistKeyCount> kBlacklistKeys{"name", "pos"};
enum RangeKey : std::size_t { kBegin, kEnd, kRangeKeyCount };
inline constexpr std::array<std::string_view, kRangeKeyCount> kRangeKeys{"begin", "end"};

// Phase B: the allowed values, listed in messages in this order.
inline constexpr auto kModeValues = std::to_array<std::string_view>({"input", "output", "all"});
inline constexpr auto kSwitchValues = std::to_array<std::string_view>({"on", "off"});
inline constexpr auto kLevelValues = std::to_array<std::string_view>({"op", "kernel", "all"});
inline constexpr auto kDataValues = std::to_array<std::string_view>({"tensor", "stats"});
inline constexpr auto kSceneValues = std::to_array<std::string_view>(
    {"lite_exception", "aic_err_brief_dump", "aic_err_norm_dump", "aic_err_detail_dump", "watcher"});
inline constexpr auto kKernelDataValues =
    std::to_array<std::string_view>({"all", "printf", "tensor", "assert", "timestamp"});
inline constexpr auto kStatsValues =
    std::to_array<std::string_view>({"Max", "Min", "Avg", "Nan", "Negative Inf", "Positive Inf", "L2norm"});

struct Enumeration {
    DumpKey key;
    std::span<const std::string_view> allowed;
};
// The order of DCC CheckDumpFieldValues; dump_kernel_data and dump_stats follow it.
inline constexpr std::array<Enumeration, 6> kEnumerations{{
    {kMode, kModeValues},
    {kData, kDataValues},
    {kOpSwitch, kSwitchValues},
    {kLevel, kLevelValues},
    {kDebug, kSwitchValues},
    {kScene, kSceneValues},
}};

struct LevelBits {
    std::string_view level;
    uint32_t bits;
};
inline constexpr std::array<LevelBits, 3> kLevelBits{{{"op", 1}, {"kernel", 2}, {"all", 3}}};

inline constexpr std::size_t kMaxStepItems = 100;
inline constexpr std::size_t kMaxBlacklistEntries = 100;
inline constexpr std::string_view kStepRule =
    "allowed: up to 100 items separated by '|', each N or N-M with N <= M, digits only (e.g. \"1|3-5|10\")";
inline constexpr std::string_view kExceptionScenes =
    "lite_exception, aic_err_brief_dump, aic_err_norm_dump, aic_err_detail_dump";

}  // namespace aclpp::core::dump_rules
