// Target 8 (issue 24, F-6): validation cost grows linearly with the number of findings. The
// same shape of config with 1,000 and with 16,000 unknown keys (one warning each): a ratio near
// 16 is linear, one near 256 quadratic. aclInit shows none of the warnings, so its figure is
// the parse and the checks alone.
#include <acl/acl.h>
#include <acl/aclpp_ext.h>

#include <cstdint>
#include <map>
#include <string>

#include <benchmark/benchmark.h>

namespace {

/// {"u00000000": 1, ...}: one unknown key a line, each one warning.
const std::string &unknownKeys(int64_t count) {
    static std::map<int64_t, std::string> made;
    std::string &text = made[count];
    if (text.empty()) {
        text = "{\n";
        for (int64_t k = 0; k < count; ++k) {
            std::string key = std::to_string(k);
            key.insert(0, 8 - key.size(), '0');
            text += "  \"u" + key + "\": 1" + (k + 1 < count ? ",\n" : "\n");
        }
        text += "}\n";
    }
    return text;
}

void BM_Validate_UnknownKeys(benchmark::State &state) {
    const std::string &text = unknownKeys(state.range(0));
    for (auto _ : state) {
        aclppReport *report = nullptr;
        const aclError code = aclppValidateBuffer(text.data(), text.size(), nullptr, &report);
        const size_t findings = aclppReportFindingCount(report);
        aclppReportFree(report);
        if (code != ACL_SUCCESS || findings != static_cast<size_t>(state.range(0))) {
            state.SkipWithError("not one warning per unknown key");
            return;
        }
    }
    state.counters["findings"] = static_cast<double>(state.range(0));
}

void BM_Init_UnknownKeys(benchmark::State &state) {
    const std::string &text = unknownKeys(state.range(0));
    for (auto _ : state) {
        const aclError code = aclppInitFromBuffer(text.data(), text.size());
        (void)aclFinalize();
        (void)aclppTestingReset(ACLPP_RESET_IDENTITY);  // the next size is another config (L-4)
        if (code != ACL_SUCCESS) {
            state.SkipWithError("the init failed");
            return;
        }
    }
}

}  // namespace

BENCHMARK(BM_Validate_UnknownKeys)->Arg(1000)->Arg(16000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Init_UnknownKeys)->Arg(1000)->Arg(16000)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
