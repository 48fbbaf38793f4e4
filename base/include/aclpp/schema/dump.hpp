// The tables of the `dump` section (decision K-4): its keys in the order phase A checks them,
// the allowed values of phase B, the limits and path and step rules of phase C. The core's
// validator, the C++ layer's compile-time checks, the config reference and the JSON Schema
// read them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <aclpp/schema/digits.hpp>
#include <aclpp/schema/product_gate.hpp>
#include <aclpp/schema/value_list.hpp>

namespace aclpp::schema::dump_rules {

// Members of `dump`, in the order phase A checks them (DCC CheckDumpFieldTypes); kKeyRows
// below has one row per key, in this order.
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
inline constexpr std::array<std::string_view, 3> kModeValues{"input", "output", "all"};
inline constexpr std::array<std::string_view, 2> kSwitchValues{"on", "off"};
inline constexpr std::array<std::string_view, 3> kLevelValues{"op", "kernel", "all"};
inline constexpr std::array<std::string_view, 2> kDataValues{"tensor", "stats"};
inline constexpr std::array<std::string_view, 5> kSceneValues{"lite_exception", "aic_err_brief_dump",
                                                              "aic_err_norm_dump", "aic_err_detail_dump", "watcher"};
inline constexpr std::array<std::string_view, 5> kKernelDataValues{"all", "printf", "tensor", "assert", "timestamp"};
inline constexpr std::array<std::string_view, 7> kStatsValues{"Max",          "Min",          "Avg",   "Nan",
                                                              "Negative Inf", "Positive Inf", "L2norm"};

struct LevelBits {
    std::string_view level;
    uint32_t bits;
};
inline constexpr std::array<LevelBits, 3> kLevelBits{{{"op", 1}, {"kernel", 2}, {"all", 3}}};

// Limits that texts name, such as the rule text below and the compile-time checks' static_assert
// messages (which must be literals), are string macros so that each number is one literal.
#define ACLPP_SCHEMA_MAX_STEP_ITEMS "100"
#define ACLPP_SCHEMA_MAX_BLACKLIST_ENTRIES "100"
#define ACLPP_SCHEMA_MAX_DUMP_PATH_LENGTH "512"
inline constexpr std::size_t kMaxStepItems = decimalValue(ACLPP_SCHEMA_MAX_STEP_ITEMS);
inline constexpr std::size_t kMaxBlacklistEntries = decimalValue(ACLPP_SCHEMA_MAX_BLACKLIST_ENTRIES);
#define ACLPP_SCHEMA_STEP_RULE \
    "allowed: up to " ACLPP_SCHEMA_MAX_STEP_ITEMS " items separated by '|', each N or N-M with N <= M, digits only"
#define ACLPP_SCHEMA_STEP_EXAMPLE " (e.g. \"1|3-5|10\")"  // follows the step rule in reports
inline constexpr std::string_view kStepRule = ACLPP_SCHEMA_STEP_RULE;
inline constexpr std::string_view kStepExample = ACLPP_SCHEMA_STEP_EXAMPLE;
// The dump_scene values that select an exception dump: all but "watcher", the last.
inline constexpr std::array<std::string_view, 4> kExceptionSceneValues{kSceneValues[0], kSceneValues[1],
                                                                       kSceneValues[2], kSceneValues[3]};
static_assert(kSceneValues.back() == "watcher");

/// The longest `dump_path` the reference accepts (EP0003 beyond it).
inline constexpr std::size_t kMaxDumpPathLength = decimalValue(ACLPP_SCHEMA_MAX_DUMP_PATH_LENGTH);

/// How a key's JSON value is read and written. The validator's phase A takes its JSON type from
/// it; the JSON Schema, the config reference and the C++ layer's to_json and from_json their form.
enum class ValueKind : uint8_t {
    text,         // a JSON string, checked by a phase C rule where it matters (`note`)
    steps,        // a JSON string in the dump_step syntax (kStepRule)
    enumeration,  // a JSON string, one of `values`
    onOff,        // a JSON string, one of `values` (kSwitchValues); the C++ layer holds a bool
    commaList,    // a JSON string, a comma-separated list of `values` without spaces
    valueArray,   // a JSON array of strings, each one of `values`
    models,       // a JSON array of dump_list items (kItemKeys)
};

/// True for the kinds whose JSON value is a string.
[[nodiscard]] constexpr bool isStringKind(ValueKind kind) noexcept {
    return kind != ValueKind::valueArray && kind != ValueKind::models;
}

/// Not one of the enumerations phase B checks in KeyRow::phaseB order.
inline constexpr uint8_t kNotPhaseB = UINT8_MAX;

using ::aclpp::schema::ValueList;
using ::aclpp::schema::valueList;

using ::aclpp::schema::ProductGate;
/// The one value of a key that only products with `feature` accept.
struct ValueGate {
    ProductGate feature = ProductGate::none;
    std::string_view value;
    std::string_view instead;  // what a product without the feature can use instead
};

/// One key of `dump`: everything the validator, the effective config, the join comparison, the
/// JSON Schema, the config reference and the C++ layer know of it.
struct KeyRow {
    DumpKey key;               // its position in kKeyRows
    std::string_view name;     // "dump_mode"
    std::string_view pointer;  // "/dump/dump_mode"
    ValueKind kind;
    ValueList values;                // the allowed values in the order messages list them; none for text, steps, models
    std::string_view defaultValue;   // what an absent key amounts to (K-4); "" when nothing does
    uint8_t phaseB;                  // its place in phase B's value checks (DCC CheckDumpFieldValues)
    ValueGate gate;                  // a value some products refuse (K-2)
    std::string_view schemaNote;     // the JSON Schema's description, after what `kind` says
    std::string_view referenceNote;  // the config reference's "Allowed" cell, after what `kind` says
};

/// The key and its pointer, which is the key under /dump.
#define ACLPP_SCHEMA_DUMP_KEY(name) name, "/dump/" name

// One row a line (clang-format would put each field on a line of its own):
// clang-format off
inline constexpr std::array<KeyRow, kDumpKeyCount> kKeyRows{{
    // key,       name and pointer,                          kind,                   values,                       default,          phase B, gate, notes
    {kPath,       ACLPP_SCHEMA_DUMP_KEY("dump_path"),        ValueKind::text,        {},                           {},               kNotPhaseB, {},
     "A directory that exists and is writable, or a.b.c.d:<path>; not needed with an exception-dump scene "
     "(checked by the validator).",
     "a local directory that exists and is readable and writable, or `a.b.c.d:<path>` (plain decimal IPv4 parts "
     "0..255, K-4); at most " ACLPP_SCHEMA_MAX_DUMP_PATH_LENGTH
     " bytes; `ASCEND_DUMP_PATH` and `ASCEND_WORK_PATH` take precedence (K-6)"},
    {kMode,       ACLPP_SCHEMA_DUMP_KEY("dump_mode"),        ValueKind::enumeration, valueList(kModeValues),       kModeValues[1],   0,          {}, {}, {}},
    {kOpSwitch,   ACLPP_SCHEMA_DUMP_KEY("dump_op_switch"),   ValueKind::onOff,       valueList(kSwitchValues),     kSwitchValues[1], 2,          {}, {}, {}},
    {kLevel,      ACLPP_SCHEMA_DUMP_KEY("dump_level"),       ValueKind::enumeration, valueList(kLevelValues),      kLevelValues[2],  3,          {}, {}, {}},
    {kScene,      ACLPP_SCHEMA_DUMP_KEY("dump_scene"),       ValueKind::enumeration, valueList(kSceneValues),      {},               5,
     {ProductGate::coreDump, kSceneValues[3], "use \"aic_err_norm_dump\" or \"aic_err_brief_dump\" on this product"}, {}, {}},
    {kData,       ACLPP_SCHEMA_DUMP_KEY("dump_data"),        ValueKind::enumeration, valueList(kDataValues),       kDataValues[0],   1,          {}, {}, {}},
    {kDebug,      ACLPP_SCHEMA_DUMP_KEY("dump_debug"),       ValueKind::onOff,       valueList(kSwitchValues),     kSwitchValues[1], 4,          {}, {}, {}},
    {kKernelData, ACLPP_SCHEMA_DUMP_KEY("dump_kernel_data"), ValueKind::commaList,   valueList(kKernelDataValues), {},               kNotPhaseB, {}, {}, {}},
    {kStep,       ACLPP_SCHEMA_DUMP_KEY("dump_step"),        ValueKind::steps,       {},                           {},               kNotPhaseB, {}, {}, {}},
    {kStats,      ACLPP_SCHEMA_DUMP_KEY("dump_stats"),       ValueKind::valueArray,  valueList(kStatsValues),      {},               kNotPhaseB, {},
     "; needs dump_data \"stats\" (checked by the validator)", "; needs `dump_data` `stats`"},
    {kList,       ACLPP_SCHEMA_DUMP_KEY("dump_list"),        ValueKind::models,      {},                           {},               kNotPhaseB, {}, {}, {}},
}};
// clang-format on
#undef ACLPP_SCHEMA_DUMP_KEY

/// The keys of kKeyRows, for the key scans and the unknown-key warnings (K-7).
inline constexpr std::array<std::string_view, kDumpKeyCount> kDumpKeys = [] {
    std::array<std::string_view, kDumpKeyCount> keys{};
    for (std::size_t i = 0; i < kDumpKeyCount; ++i) keys[i] = kKeyRows[i].name;
    return keys;
}();

/// True when the table is in DumpKey order, every key before kStats is a JSON string, every gated
/// value is one of its key's, and every enumeration has a default or none, and a distinct place
/// in phase B.
[[nodiscard]] constexpr bool rowsConsistent() noexcept {
    uint32_t phaseBPlaces = 0;
    std::size_t enumerations = 0;
    for (std::size_t i = 0; i < kDumpKeyCount; ++i) {
        const KeyRow &row = kKeyRows[i];
        if (row.key != i) return false;
        if (isStringKind(row.kind) != (i < kStats)) return false;
        const bool enumeration = row.kind == ValueKind::enumeration || row.kind == ValueKind::onOff;
        if (enumeration != (row.phaseB != kNotPhaseB)) return false;
        bool gateAllowed = row.gate.feature == ProductGate::none;
        for (std::size_t v = 0; v < row.values.size; ++v) gateAllowed |= row.values.data[v] == row.gate.value;
        if (!gateAllowed) return false;
        if (!enumeration) continue;
        ++enumerations;
        if (row.phaseB >= 32 || (phaseBPlaces & (1U << row.phaseB)) != 0) return false;
        phaseBPlaces |= 1U << row.phaseB;
        bool defaultAllowed = row.defaultValue.empty();
        for (std::size_t v = 0; v < row.values.size; ++v) defaultAllowed |= row.values.data[v] == row.defaultValue;
        if (!defaultAllowed) return false;
    }
    return phaseBPlaces == (1U << enumerations) - 1;
}
static_assert(rowsConsistent());

/// The enumerations in the order phase B checks them (KeyRow::phaseB, DCC CheckDumpFieldValues).
inline constexpr std::size_t kPhaseBCount = [] {
    std::size_t count = 0;
    for (const KeyRow &row : kKeyRows) count += row.phaseB != kNotPhaseB ? 1 : 0;
    return count;
}();
inline constexpr std::array<DumpKey, kPhaseBCount> kPhaseBKeys = [] {
    std::array<DumpKey, kPhaseBCount> keys{};
    for (const KeyRow &row : kKeyRows) {
        if (row.phaseB != kNotPhaseB) keys[row.phaseB] = row.key;
    }
    return keys;
}();

// What an absent key amounts to (K-4), by name for the validator's phase C.
inline constexpr std::string_view kDefaultMode = kKeyRows[kMode].defaultValue;    // "output"
inline constexpr std::string_view kDefaultData = kKeyRows[kData].defaultValue;    // "tensor"
inline constexpr std::string_view kDefaultLevel = kKeyRows[kLevel].defaultValue;  // "all"
// "off", for dump_op_switch and dump_debug
inline constexpr std::string_view kDefaultSwitch = kKeyRows[kOpSwitch].defaultValue;
static_assert(kKeyRows[kDebug].defaultValue == kDefaultSwitch);

/// True for "a.b.c.d" whose four parts are plain decimal 0..255 (digits only: no sign, no
/// spaces, no trailing junk; the K-4 fix of the reference's lenient stoi).
[[nodiscard]] constexpr bool isPlainIpv4(std::string_view text) noexcept {
    constexpr std::size_t kParts = 4;
    constexpr int kMaxPart = 255;
    std::size_t parts = 0;
    std::size_t start = 0;
    for (;;) {
        const std::size_t dot = text.find('.', start);
        const std::string_view part =
            text.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (part.empty() || ++parts > kParts) return false;
        int value = 0;
        for (const char c : part) {
            if (c < '0' || c > '9') return false;
            value = value * 10 + (c - '0');
            if (value > kMaxPart) return false;
        }
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    return parts == kParts;
}

/// The punctuation the reference allows after the colon of a remote dump_path, besides ASCII
/// letters and digits.
inline constexpr std::string_view kRemotePathPunctuation = "-=[];\\,./!@#$%^&*()_+{}:?";

[[nodiscard]] constexpr bool isRemoteDumpPathChar(char c) noexcept {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    return kRemotePathPunctuation.find(c) != std::string_view::npos;
}

enum class StepIssue : uint8_t { none, tooManyItems, tooManyDashes, notDigits, reversed };
struct StepCheck {
    StepIssue issue = StepIssue::none;
    std::size_t item = 0;   // the offending item's index; tooManyItems: the item count
    std::string_view text;  // the offending item
};

/// The dump_step rule (K-4): up to kMaxStepItems items separated by '|', each N or N-M with
/// digits only and N <= M, compared as strtol reads them. Splitting keeps empty items ("1|" has
/// two), as the reference's Split does.
[[nodiscard]] constexpr StepCheck checkDumpStep(std::string_view step) noexcept {
    constexpr std::uint64_t kStrtolCeiling = INT64_MAX;
    StepCheck check;
    std::size_t items = 1;
    for (const char c : step) items += c == '|' ? 1 : 0;
    if (items > kMaxStepItems) {
        check.issue = StepIssue::tooManyItems;
        check.item = items;
        return check;
    }
    std::size_t start = 0;
    for (std::size_t index = 0;; ++index) {
        const std::size_t bar = step.find('|', start);
        const std::string_view item =
            step.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start);
        check.item = index;
        check.text = item;
        const std::size_t dash = item.find('-');
        const std::string_view first = item.substr(0, dash);
        const std::string_view last = dash == std::string_view::npos ? first : item.substr(dash + 1);
        if (last.find('-') != std::string_view::npos) {
            check.issue = StepIssue::tooManyDashes;
            return check;
        }
        if (!allDigits(first) || !allDigits(last)) {
            check.issue = StepIssue::notDigits;
            return check;
        }
        if (decimalValue(first, kStrtolCeiling) > decimalValue(last, kStrtolCeiling)) {
            check.issue = StepIssue::reversed;
            return check;
        }
        if (bar == std::string_view::npos) break;
        start = bar + 1;
    }
    return StepCheck{};
}

}  // namespace aclpp::schema::dump_rules
