// Which product opens which gate of the profiler allow-list (K-5, E-1): the schema names the
// gates, the product table holds the answers.
#pragma once

#include "aclpp/schema/profiler.hpp"
#include "platform/products.hpp"

namespace aclpp::core {

/// True when `traits` accepts a key gated by `gate` (K-5).
inline bool supports(const ProfilerTraits &traits, schema::profiler_rules::Gate gate) noexcept {
    using schema::profiler_rules::Gate;
    switch (gate) {
        case Gate::none:
            return true;
        case Gate::instrProfiling:
            return traits.instrProfiling;
        case Gate::instrProfilingFreq:
            return traits.instrProfilingFreq;
        case Gate::sysIoSamplingFreq:
            return traits.sysIoSamplingFreq;
        case Gate::sysInterconnectionFreq:
            return traits.sysInterconnectionFreq;
        case Gate::sysCpuFreq:
            return traits.sysCpuFreq;
        case Gate::sysLpFreq:
            return traits.sysLpFreq;
        case Gate::hostSysUsageFreq:
            return traits.hostSysUsageFreq;
        case Gate::sysMemServiceflow:
            return traits.sysMemServiceflow;
    }
    return false;
}

}  // namespace aclpp::core
