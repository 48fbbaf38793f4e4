// Target 3: validation-only throughput (aclppValidateBuffer + aclppReportFree) on the 1 MiB
// config, in MB/s, beside the throughput of one simdjson DOM parse of the same bytes.
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <simdjson.h>

#include <string>

#include <benchmark/benchmark.h>

#include "config_benchmarks.hpp"

namespace {

const std::string &config() {
    return aclpp_bench::sharedConfig();
}

void setBytes(benchmark::State &state) {
    aclpp_bench::setBytesProcessed(state);
}

// Baseline: one simdjson DOM parse (shared with the other config benchmark).
void BM_Baseline_SimdjsonDomParse(benchmark::State &state) {
    aclpp_bench::simdjsonDomParse(state);
}

void BM_Acl_ValidateBuffer(benchmark::State &state) {
    const std::string &bytes = config();
    for (auto _ : state) {
        aclppReport *report = nullptr;
        const aclError code = aclppValidateBuffer(bytes.data(), bytes.size(), nullptr, &report);
        aclppReportFree(report);
        if (code != ACL_SUCCESS) {
            state.SkipWithError("the config did not validate");
            return;
        }
    }
    setBytes(state);
}

}  // namespace

BENCHMARK(BM_Baseline_SimdjsonDomParse)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_Acl_ValidateBuffer)->Unit(benchmark::kMicrosecond)->UseRealTime();

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::AddCustomContext("config_bytes", std::to_string(config().size()));
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
