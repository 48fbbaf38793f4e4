// acl/config/profiler.hpp: the `profiler` section of acl.json (decision K-5).
// Members are the msprof keys; on/off switches are bools. Included by <acl/config.hpp>.
#pragma once

#include <acl/config/common.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {

/// The `profiler` section. Every key is validated even when `enabled` is false.
struct Profiler {
    std::optional<bool> enabled{};                              ///< `switch` "on"/"off"
    std::optional<std::string> output{};                        ///< `output` directory
    std::optional<std::string> aic_metrics{};                   ///< a product metric name or "Custom:<events>"
    std::optional<bool> aicpu{};                                ///< `aicpu`
    std::optional<bool> l2{};                                   ///< `l2`
    std::optional<std::uint64_t> storage_limit_mb{};            ///< `storage_limit` "<200..4294967295>MB"
    std::optional<bool> hccl{};                                 ///< `hccl`
    std::optional<bool> msproftx{};                             ///< `msproftx`
    std::optional<bool> instr_profiling{};                      ///< `instr_profiling` (some products)
    std::optional<std::uint32_t> instr_profiling_freq{};        ///< `instr_profiling_freq` (some products)
    std::optional<bool> task_tsfw{};                            ///< `task_tsfw`
    std::optional<bool> ascendcl{};                             ///< `ascendcl`
    std::optional<TaskTime> task_time{};                        ///< `task_time`
    std::optional<bool> runtime_api{};                          ///< `runtime_api`
    std::optional<GeApi> ge_api{};                              ///< `ge_api`
    std::optional<bool> task_memory{};                          ///< `task_memory`
    std::optional<std::uint32_t> sys_hardware_mem_freq{};       ///< [1,100], [1,10000] on µs-capable products
    std::optional<std::string> sys_mem_serviceflow{};           ///< non-empty (some products)
    std::optional<LlcProfiling> llc_profiling{};                ///< `llc_profiling`
    std::optional<std::uint32_t> sys_io_sampling_freq{};        ///< [1,100] (some products)
    std::optional<std::uint32_t> sys_interconnection_freq{};    ///< [1,50] (some products)
    std::optional<std::uint32_t> sys_cpu_freq{};                ///< [1,50] (some products)
    std::optional<std::uint32_t> dvpp_freq{};                   ///< [1,100]
    std::optional<std::vector<HostSys>> host_sys{};             ///< `host_sys` (comma list)
    std::optional<std::vector<HostSysUsage>> host_sys_usage{};  ///< `host_sys_usage` (comma list)
    std::optional<std::uint32_t> host_sys_usage_freq{};         ///< [1,50] (some products)
    std::optional<std::uint32_t> sys_lp_freq{};                 ///< [1,100] (some products)
    std::optional<std::string> optype{};                        ///< `optype` comma list

    constexpr Profiler &set_enabled(bool on) {
        enabled = on;
        return *this;
    }
    ACLPP_CONSTEXPR_STD Profiler &set_output(std::string directory) {
        detail::put(output, directory);
        return *this;
    }
    ACLPP_CONSTEXPR_STD Profiler &set_aic_metrics(std::string metric) {
        detail::put(aic_metrics, metric);
        return *this;
    }
    constexpr Profiler &set_task_time(TaskTime value) {
        task_time = value;
        return *this;
    }
    constexpr Profiler &set_ge_api(GeApi value) {
        ge_api = value;
        return *this;
    }
    constexpr Profiler &set_storage_limit_mb(std::uint64_t megabytes) {
        storage_limit_mb = megabytes;
        return *this;
    }
    friend ACLPP_CONSTEXPR_STD bool operator==(const Profiler &, const Profiler &) = default;
};

namespace detail {

/// Profiler's members bound to the `profiler` key rows (aclpp/schema/profiler.hpp), in row order:
/// to_json writes and from_json reads each one as its row's kind says.
#define ACLPP_PROFILER_FIELD(key, member) field<::aclpp::schema::profiler_rules::rowOf(key), &Profiler::member>
using profiler_fields =
    field_table<ACLPP_PROFILER_FIELD("switch", enabled), ACLPP_PROFILER_FIELD("output", output),
                ACLPP_PROFILER_FIELD("aic_metrics", aic_metrics), ACLPP_PROFILER_FIELD("aicpu", aicpu),
                ACLPP_PROFILER_FIELD("l2", l2), ACLPP_PROFILER_FIELD("storage_limit", storage_limit_mb),
                ACLPP_PROFILER_FIELD("hccl", hccl), ACLPP_PROFILER_FIELD("msproftx", msproftx),
                ACLPP_PROFILER_FIELD("instr_profiling", instr_profiling),
                ACLPP_PROFILER_FIELD("instr_profiling_freq", instr_profiling_freq),
                ACLPP_PROFILER_FIELD("task_tsfw", task_tsfw), ACLPP_PROFILER_FIELD("ascendcl", ascendcl),
                ACLPP_PROFILER_FIELD("task_time", task_time), ACLPP_PROFILER_FIELD("runtime_api", runtime_api),
                ACLPP_PROFILER_FIELD("ge_api", ge_api), ACLPP_PROFILER_FIELD("task_memory", task_memory),
                ACLPP_PROFILER_FIELD("sys_hardware_mem_freq", sys_hardware_mem_freq),
                ACLPP_PROFILER_FIELD("sys_mem_serviceflow", sys_mem_serviceflow),
                ACLPP_PROFILER_FIELD("llc_profiling", llc_profiling),
                ACLPP_PROFILER_FIELD("sys_io_sampling_freq", sys_io_sampling_freq),
                ACLPP_PROFILER_FIELD("sys_interconnection_freq", sys_interconnection_freq),
                ACLPP_PROFILER_FIELD("sys_cpu_freq", sys_cpu_freq), ACLPP_PROFILER_FIELD("dvpp_freq", dvpp_freq),
                ACLPP_PROFILER_FIELD("host_sys", host_sys), ACLPP_PROFILER_FIELD("host_sys_usage", host_sys_usage),
                ACLPP_PROFILER_FIELD("host_sys_usage_freq", host_sys_usage_freq),
                ACLPP_PROFILER_FIELD("sys_lp_freq", sys_lp_freq), ACLPP_PROFILER_FIELD("optype", optype)>;
#undef ACLPP_PROFILER_FIELD

/// What a profiler row's kind is in the typed layer: how to_json writes it and from_json reads it.
enum class profiler_form : std::uint8_t { on_off, text, enumeration, comma_list, frequency, megabytes };
[[nodiscard]] constexpr profiler_form form_of(::aclpp::schema::profiler_rules::Kind kind) noexcept {
    using ::aclpp::schema::profiler_rules::Kind;
    switch (kind) {
        case Kind::plainSwitch:
            return profiler_form::on_off;
        case Kind::geApi:
        case Kind::taskTime:
        case Kind::llcProfiling:
            return profiler_form::enumeration;
        case Kind::hostSys:
        case Kind::hostSysUsage:
            return profiler_form::comma_list;
        case Kind::frequency:
        case Kind::instrFrequency:
            return profiler_form::frequency;
        case Kind::storageLimit:
            return profiler_form::megabytes;
        case Kind::output:
        case Kind::aicMetrics:
        case Kind::memServiceflow:
        case Kind::optype:
            return profiler_form::text;
    }
    return profiler_form::text;
}

/// True when the enumerators of Enum are named, in any order, the row's values and its
/// product-only value, less "" (which the typed config writes by leaving the key out).
template <class Enum>
[[nodiscard]] constexpr bool names_profiler_values(const ::aclpp::schema::profiler_rules::KeyRule &row) noexcept {
    std::size_t named = 0;
    for (; to_string(static_cast<Enum>(named)) != "<invalid>"; ++named) {
        const std::string_view name = to_string(static_cast<Enum>(named));
        if (!row.values.contains(name) && name != row.productValue) return false;
    }
    const std::size_t empty = row.values.contains("") ? 1 : 0;
    return named == row.values.size - empty + (row.productValue.empty() ? 0 : 1);
}

/// True when the member type `T` (in its std::optional) holds what the row's kind reads.
template <std::size_t Row, class T>
[[nodiscard]] constexpr bool fits_profiler_row() noexcept {
    constexpr const ::aclpp::schema::profiler_rules::KeyRule &row = ::aclpp::schema::profiler_rules::kKeyRules[Row];
    constexpr profiler_form form = form_of(row.kind);
    if constexpr (form == profiler_form::on_off) {
        return std::is_same_v<T, std::optional<bool>>;
    } else if constexpr (form == profiler_form::text) {
        return std::is_same_v<T, std::optional<std::string>>;
    } else if constexpr (form == profiler_form::enumeration) {
        return std::is_enum_v<typename T::value_type> && names_profiler_values<typename T::value_type>(row);
    } else if constexpr (form == profiler_form::comma_list) {
        using Item = typename T::value_type::value_type;
        return std::is_enum_v<Item> && names_row_values<Item>(row.values);
    } else if constexpr (form == profiler_form::frequency) {
        return std::is_same_v<T, std::optional<std::uint32_t>>;
    } else {
        return std::is_same_v<T, std::optional<std::uint64_t>>;
    }
}

/// True when the rows `Rows` are, once each, the rows of aclpp's default rules (master's
/// allow-list, B-9): a row of another release only (scale) has no member.
template <std::size_t... Rows>
[[nodiscard]] constexpr bool binds_default_release_rows() noexcept {
    using ::aclpp::schema::profiler_rules::kKeyRules;
    bool seen[kKeyRules.size()] = {};
    for (const std::size_t row : {Rows...}) {
        if (row >= kKeyRules.size() || seen[row]) return false;
        seen[row] = true;
    }
    for (std::size_t row = 0; row < kKeyRules.size(); ++row) {
        if (seen[row] != kKeyRules[row].inRelease(::aclpp::schema::cann::kDefaultRelease)) return false;
    }
    return true;
}

template <std::size_t... Rows, auto... Members>
[[nodiscard]] constexpr bool profiler_fields_fit_rows(field_table<field<Rows, Members>...>) noexcept {
    return binds_default_release_rows<Rows...>() &&
           (fits_profiler_row<Rows, std::remove_cvref_t<decltype(std::declval<Profiler &>().*Members)>>() && ...);
}
static_assert(profiler_fields_fit_rows(profiler_fields{}),
              "acl::Profiler must bind every row of aclpp/schema/profiler.hpp (master's allow-list) once, with a "
              "member of the row's kind");

}  // namespace detail

}  // namespace v1
}  // namespace acl
