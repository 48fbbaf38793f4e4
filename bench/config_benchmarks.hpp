// What the config benchmarks (cold cycle, validation throughput) share: the 1 MiB config and
// the simdjson baseline they are both measured against, so both ratios use the same baseline.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string>

#include <benchmark/benchmark.h>

#include "bench_config.hpp"

namespace aclpp_bench {

inline const std::string &sharedConfig() {
    static const std::string bytes = makeDumpListConfig();
    return bytes;
}

inline void setBytesProcessed(benchmark::State &state) {
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(sharedConfig().size()));
}

/// One simdjson DOM parse, with the parser reused and the input already padded (the way
/// simdjson is meant to be used, so the cheapest possible parse of these bytes).
inline void simdjsonDomParse(benchmark::State &state) {
    const simdjson::padded_string padded(sharedConfig());
    simdjson::dom::parser parser;
    for (auto _ : state) {
        simdjson::dom::element root;
        if (parser.parse(padded).get(root) != simdjson::SUCCESS) {
            state.SkipWithError("simdjson rejected the config");
            return;
        }
        benchmark::DoNotOptimize(root);
    }
    setBytesProcessed(state);
}

}  // namespace aclpp_bench
