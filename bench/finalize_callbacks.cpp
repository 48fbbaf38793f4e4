// Target 4: an init + finalize cycle with 100 registered callbacks (50 init and 50 finalize, all
// ACL_REG_TYPE_OTHER) against the same cycle with none. The teardown must never sleep (L-8),
// even with ASCEND_LOG_DEVICE_FLUSH_TIMEOUT set (the reference would wait that long for device
// logs): the benchmark counts the voluntary context switches of the benchmark thread.
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <sys/resource.h>

#include <cstdint>
#include <cstdlib>

#include <benchmark/benchmark.h>

namespace {

constexpr int kInitCallbacks = 50;
constexpr int kFinalizeCallbacks = 50;
// A flush timeout the reference would honour; a sleeping finalize would show up as seconds.
constexpr const char *kFlushTimeoutMs = "2000";

struct Calls {
    uint64_t init = 0;
    uint64_t finalize = 0;
};

aclError onInit(const char *, size_t, void *userData) {
    ++static_cast<Calls *>(userData)->init;
    return ACL_SUCCESS;
}

aclError onFinalize(void *userData) {
    ++static_cast<Calls *>(userData)->finalize;
    return ACL_SUCCESS;
}

long voluntarySwitches() {
    rusage usage{};
    ::getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_nvcsw;
}

void runCycles(benchmark::State &state) {
    const long switchesBefore = voluntarySwitches();
    for (auto _ : state) {
        const aclError init = aclInit(nullptr);
        const aclError fini = aclFinalize();
        if (init != ACL_SUCCESS || fini != ACL_SUCCESS) {
            state.SkipWithError("aclInit or aclFinalize failed");
            return;
        }
    }
    const long switches = voluntarySwitches() - switchesBefore;
    state.counters["voluntary_switches_per_cycle"] =
        benchmark::Counter(static_cast<double>(switches), benchmark::Counter::kAvgIterations);
}

void BM_Baseline_InitFinalizeNoCallbacks(benchmark::State &state) {
    if (aclppTestingReset(ACLPP_RESET_ALL) != ACL_SUCCESS) {
        state.SkipWithError("aclppTestingReset failed");
        return;
    }
    runCycles(state);
}

void BM_Acl_InitFinalize100Callbacks(benchmark::State &state) {
    if (aclppTestingReset(ACLPP_RESET_ALL) != ACL_SUCCESS) {
        state.SkipWithError("aclppTestingReset failed");
        return;
    }
    Calls calls;
    bool registered = true;
    for (int i = 0; i < kInitCallbacks; ++i) {
        registered &= aclInitCallbackRegister(ACL_REG_TYPE_OTHER, onInit, &calls) == ACL_SUCCESS;
    }
    for (int i = 0; i < kFinalizeCallbacks; ++i) {
        registered &= aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, onFinalize, &calls) == ACL_SUCCESS;
    }
    if (!registered || aclppRegisteredCallbackCount() != kInitCallbacks + kFinalizeCallbacks) {
        state.SkipWithError("registering the callbacks failed");
        return;
    }
    runCycles(state);
    const auto cycles = static_cast<uint64_t>(state.iterations());
    if (calls.init != cycles * kInitCallbacks || calls.finalize != cycles * kFinalizeCallbacks) {
        state.SkipWithError("not every callback ran exactly once per cycle");
    }
    (void)aclppTestingReset(ACLPP_RESET_CALLBACKS);
}

}  // namespace

BENCHMARK(BM_Baseline_InitFinalizeNoCallbacks)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_Acl_InitFinalize100Callbacks)->Unit(benchmark::kMicrosecond)->UseRealTime();

int main(int argc, char **argv) {
    ::setenv("ASCEND_LOG_DEVICE_FLUSH_TIMEOUT", kFlushTimeoutMs, 1);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::AddCustomContext("ASCEND_LOG_DEVICE_FLUSH_TIMEOUT", kFlushTimeoutMs);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
