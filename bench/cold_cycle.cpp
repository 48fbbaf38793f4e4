// Target 2: a cold cycle (first-level init from a 1 MiB config, then aclFinalize) against one
// simdjson DOM parse and one nlohmann::json parse of the same bytes.
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <simdjson.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

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

// For the record: the same parse with a new parser each time (its buffers allocated and
// page-faulted every iteration), which is what a one-shot parse costs.
void BM_Info_SimdjsonDomParseFreshParser(benchmark::State &state) {
    const std::string &bytes = config();
    for (auto _ : state) {
        simdjson::dom::parser parser;
        simdjson::dom::element root;
        if (parser.parse(bytes).get(root) != simdjson::SUCCESS) {
            state.SkipWithError("simdjson rejected the config");
            return;
        }
        benchmark::DoNotOptimize(root);
    }
    setBytes(state);
}

// Baseline: one nlohmann::json DOM parse.
void BM_Baseline_NlohmannParse(benchmark::State &state) {
    const std::string &bytes = config();
    for (auto _ : state) {
        nlohmann::json document = nlohmann::json::parse(bytes);
        benchmark::DoNotOptimize(document);
    }
    setBytes(state);
}

bool resetRuntime(benchmark::State &state) {
    if (aclppTestingReset(ACLPP_RESET_ALL) != ACL_SUCCESS) {
        state.SkipWithError("aclppTestingReset failed (runtime still initialised?)");
        return false;
    }
    return true;
}

// The cold cycle: the same bytes every iteration, so the identity rule (L-4) is satisfied.
void BM_Acl_InitFromBufferFinalize(benchmark::State &state) {
    if (!resetRuntime(state)) return;
    const std::string &bytes = config();
    for (auto _ : state) {
        const aclError init = aclppInitFromBuffer(bytes.data(), bytes.size());
        const aclError fini = aclFinalize();
        if (init != ACL_SUCCESS || fini != ACL_SUCCESS) {
            const char *message = aclGetRecentErrMsg();
            std::fprintf(stderr, "init %d finalize %d: %s\n", init, fini, message != nullptr ? message : "");
            state.SkipWithError("aclppInitFromBuffer or aclFinalize failed");
            return;
        }
    }
    setBytes(state);
}

// The same through a file (aclInit reads the file each time; the page cache holds it).
void BM_Acl_InitFileFinalize(benchmark::State &state) {
    if (!resetRuntime(state)) return;
    char path[] = "/tmp/aclpp_bench_config_XXXXXX";
    const int fd = ::mkstemp(path);
    if (fd < 0) {
        state.SkipWithError("mkstemp failed");
        return;
    }
    const std::string &bytes = config();
    const bool written = ::write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size());
    ::close(fd);
    if (!written) {
        ::unlink(path);
        state.SkipWithError("writing the temp config failed");
        return;
    }
    for (auto _ : state) {
        const aclError init = aclInit(path);
        const aclError fini = aclFinalize();
        if (init != ACL_SUCCESS || fini != ACL_SUCCESS) {
            state.SkipWithError("aclInit(file) or aclFinalize failed");
            break;
        }
    }
    ::unlink(path);
    setBytes(state);
}

}  // namespace

BENCHMARK(BM_Baseline_SimdjsonDomParse)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_Info_SimdjsonDomParseFreshParser)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_Baseline_NlohmannParse)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_Acl_InitFromBufferFinalize)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_Acl_InitFileFinalize)->Unit(benchmark::kMicrosecond)->UseRealTime();

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::AddCustomContext("config_bytes", std::to_string(config().size()));
    benchmark::AddCustomContext("config_layers", std::to_string(aclpp_bench::countLayers(config())));
    benchmark::AddCustomContext("simdjson_implementation", std::string(simdjson::get_active_implementation()->name()));
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
