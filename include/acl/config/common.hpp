// acl/config/common.hpp: the enumerations of acl.json values and the validation finding types
// shared by every config section (decision C-4). Included by <acl/config.hpp>.
#pragma once

#include <acl/acl.h>
#include <acl/aclpp_ext.h>

#include <acl/detail/macros.hpp>
#include <aclpp/schema/dump.hpp>
#include <aclpp/schema/profiler.hpp>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {

/// `err_msg_mode`: where aclGetRecentErrMsg collects text.
enum class ErrMsgMode : std::uint8_t {
    thread = 0,   ///< "0": per thread (the default)
    process = 1,  ///< "1": per process, each line tagged with its thread
};
/// `dump.dump_mode`.
enum class DumpMode : std::uint8_t { input, output, all };
/// `dump.dump_data`.
enum class DumpData : std::uint8_t { tensor, stats };
/// `dump.dump_level`.
enum class DumpLevel : std::uint8_t { op, kernel, all };
/// `dump.dump_scene`: the exception scenes and the watcher.
enum class DumpScene : std::uint8_t {
    lite_exception,
    aic_err_brief_dump,
    aic_err_norm_dump,
    aic_err_detail_dump,
    watcher
};
/// One item of `dump.dump_kernel_data` (written as a comma list).
enum class KernelData : std::uint8_t { all, printf, tensor, assertion, timestamp };
/// One item of `dump.dump_stats`.
enum class DumpStat : std::uint8_t { max, min, avg, nan, negative_inf, positive_inf, l2norm };
/// `profiler.ge_api`.
enum class GeApi : std::uint8_t { off, l0, l1 };
/// `profiler.task_time`.
enum class TaskTime : std::uint8_t { off, on, l0, l1, l2, l3 };
/// `profiler.llc_profiling`.
enum class LlcProfiling : std::uint8_t { read, write };
/// One item of `profiler.host_sys` (written as a comma list).
enum class HostSys : std::uint8_t { cpu, mem, disk, network, osrt, numa };
/// One item of `profiler.host_sys_usage` (written as a comma list).
enum class HostSysUsage : std::uint8_t { cpu, mem };

namespace detail {

/// Moves `from` into `to`, except in constant evaluation, where GCC 12 miscompiles moving an
/// aggregate holding std::optional<std::string> out of a by-value parameter; a copy works.
template <class To, class From>
constexpr void put(To &to, From &from) {
    if (std::is_constant_evaluated()) {
        to = from;
    } else {
        to = std::move(from);
    }
}
template <class T, class From>
constexpr void append(std::optional<std::vector<T>> &list, From &from) {
    if (!list) list.emplace();
    if (std::is_constant_evaluated()) {
        list->push_back(from);
    } else {
        list->push_back(std::move(from));
    }
}

// The acl.json names of the enumerators, in enumerator order: the schema's value lists where the
// order is the same.
inline constexpr const auto &kDumpSceneNames = ::aclpp::schema::dump_rules::kSceneValues;
inline constexpr const auto &kDumpModeNames = ::aclpp::schema::dump_rules::kModeValues;
inline constexpr const auto &kDumpDataNames = ::aclpp::schema::dump_rules::kDataValues;
inline constexpr const auto &kDumpLevelNames = ::aclpp::schema::dump_rules::kLevelValues;
inline constexpr const auto &kKernelDataNames = ::aclpp::schema::dump_rules::kKernelDataValues;
inline constexpr const auto &kDumpStatNames = ::aclpp::schema::dump_rules::kStatsValues;
inline constexpr std::array<std::string_view, 3> kGeApiNames{"off", "l0", "l1"};
inline constexpr std::array<std::string_view, 6> kTaskTimeNames{"off", "on", "l0", "l1", "l2", "l3"};
inline constexpr const auto &kLlcProfilingNames = ::aclpp::schema::profiler_rules::kLlcProfilingValues;
inline constexpr const auto &kHostSysNames = ::aclpp::schema::profiler_rules::kHostSysItems;
inline constexpr const auto &kHostSysUsageNames = ::aclpp::schema::profiler_rules::kHostSysUsageItems;

/// The JSON text of an enumerator; an out-of-range value (a cast) gives "<invalid>" so that
/// validation reports it and to_json writes a value the runtime rejects rather than a wrong valid
/// one.
template <class Enum, std::size_t N>
[[nodiscard]] constexpr std::string_view enum_text(const std::array<std::string_view, N> &names, Enum value) noexcept {
    const auto index = static_cast<std::size_t>(value);
    return index < N ? names[index] : std::string_view("<invalid>");
}
/// The enumerator named `text` among `count` names (a key row's values), or nothing.
template <class Enum>
[[nodiscard]] constexpr std::optional<Enum> enum_from(const std::string_view *names, std::size_t count,
                                                      std::string_view text) noexcept {
    for (std::size_t i = 0; i < count; ++i) {
        if (names[i] == text) return static_cast<Enum>(i);
    }
    return std::nullopt;
}
/// The same for the allowed values of a key row.
template <class Enum>
[[nodiscard]] constexpr std::string_view enum_text(::aclpp::schema::dump_rules::ValueList names, Enum value) noexcept {
    const auto index = static_cast<std::size_t>(value);
    return index < names.size ? names.data[index] : std::string_view("<invalid>");
}

/// True when the enumerators of Enum are named, in order, exactly a key row's values.
template <class Enum>
[[nodiscard]] constexpr bool names_row_values(::aclpp::schema::ValueList values) noexcept {
    for (std::size_t i = 0; i < values.size; ++i) {
        if (to_string(static_cast<Enum>(i)) != values.data[i]) return false;
    }
    return to_string(static_cast<Enum>(values.size)) == "<invalid>";
}

/// A typed member bound to the key row `Key` of its section's table (decision C-4): to_json and
/// from_json walk a struct's field_table instead of naming each key.
template <std::size_t Key, auto Member>
struct field {};
template <class... Fields>
struct field_table {};

/// True when the rows `Keys` are each bound once and are every row of a table of `count` rows.
template <std::size_t... Keys>
[[nodiscard]] constexpr bool binds_every_row(std::size_t count) noexcept {
    constexpr std::size_t bound = sizeof...(Keys);
    bool seen[bound + 1] = {};
    for (const std::size_t key : {Keys...}) {
        if (key >= bound || seen[key]) return false;
        seen[key] = true;
    }
    return bound == count;
}

}  // namespace detail

/// acl.json names of the enumerators ("aic_err_brief_dump", "Negative Inf", ...).
[[nodiscard]] constexpr std::string_view to_string(DumpScene v) noexcept {
    return detail::enum_text(detail::kDumpSceneNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(DumpMode v) noexcept {
    return detail::enum_text(detail::kDumpModeNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(DumpData v) noexcept {
    return detail::enum_text(detail::kDumpDataNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(DumpLevel v) noexcept {
    return detail::enum_text(detail::kDumpLevelNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(KernelData v) noexcept {
    return detail::enum_text(detail::kKernelDataNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(DumpStat v) noexcept {
    return detail::enum_text(detail::kDumpStatNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(GeApi v) noexcept {
    return detail::enum_text(detail::kGeApiNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(TaskTime v) noexcept {
    return detail::enum_text(detail::kTaskTimeNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(LlcProfiling v) noexcept {
    return detail::enum_text(detail::kLlcProfilingNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(HostSys v) noexcept {
    return detail::enum_text(detail::kHostSysNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(HostSysUsage v) noexcept {
    return detail::enum_text(detail::kHostSysUsageNames, v);
}
[[nodiscard]] constexpr std::string_view to_string(ErrMsgMode v) noexcept {
    return v == ErrMsgMode::thread ? "0" : v == ErrMsgMode::process ? "1" : "<invalid>";
}

/// How serious a finding is.
enum class Severity : std::uint8_t {
    error = ACLPP_SEVERITY_ERROR,      ///< aclInit would fail with `code`
    warning = ACLPP_SEVERITY_WARNING,  ///< accepted, but probably not what was meant
    note = ACLPP_SEVERITY_NOTE,        ///< information (rounding, provenance)
};

/// One validation finding: the same code and JSON pointer the core reports (K-8).
struct Finding {
    Severity severity = Severity::error;
    aclError code = ACL_SUCCESS;  ///< the code aclInit returns for this error; 0 otherwise
    std::string pointer{};        ///< JSON pointer ("/dump/dump_list/2/layer"), "" = the whole config
    std::string step{};           ///< init step ("dump", "stack_size", ...)
    std::string message{};        ///< the value found and what is allowed
    std::string hint{};           ///< a suggestion, "" when none
    std::uint32_t line = 0;       ///< 1-based position in to_json() text; 0 = unknown
    std::uint32_t column = 0;
    std::string_view rule{};  ///< for compile-time findings: the rule id ("K-4 dump_stats_requires_stats")

    friend ACLPP_CONSTEXPR_STD bool operator==(const Finding &, const Finding &) = default;
};

/// Every finding of one validation, with the code aclInit would return.
struct Report {
    aclError result = ACL_SUCCESS;    ///< what aclInit returns for this config on a fresh process
    std::vector<Finding> findings{};  ///< in init-step order; the first error decides `result`
    std::string effective_json{};     ///< the effective configuration it gives (runtime validation only)

    /// True when aclInit would succeed (warnings allowed).
    [[nodiscard]] constexpr bool ok() const noexcept { return result == ACL_SUCCESS; }
    /// The finding that decides `result` (the first error), or nullptr.
    [[nodiscard]] ACLPP_CONSTEXPR_STD const Finding *first_error() const noexcept {
        for (const Finding &f : findings) {
            if (f.severity == Severity::error) return &f;
        }
        return nullptr;
    }
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::size_t count(Severity severity) const noexcept {
        std::size_t n = 0;
        for (const Finding &f : findings) n += f.severity == severity ? 1 : 0;
        return n;
    }
};

}  // namespace v1
}  // namespace acl
