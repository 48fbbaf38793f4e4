// acl/config/profiler.hpp: the `profiler` section of acl.json (decision K-5).
// Members are the msprof keys; on/off switches are bools. Included by <acl/config.hpp>.
#pragma once

#include <acl/config/common.hpp>
#include <cstdint>
#include <optional>
#include <string>
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

}  // namespace v1
}  // namespace acl
