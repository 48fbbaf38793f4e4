// The emulated product table (decision E-1 in docs/decisions.md): every SoC aclpp emulates,
// and per family what the runtime, dump and profiler modules accept. This is the only place
// that holds those facts.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "aclpp/schema/dump.hpp"
#include "aclpp/schema/limits.hpp"
#include "aclpp/schema/product_gate.hpp"

namespace aclpp::core {

enum class Family : uint8_t { ascend950, atlasA3, atlasA2, atlas910, atlas310P, atlas310B, ipv350 };

/// How aclInit and aclFinalize count (P-1): the full runtime's (L-1) or the compact C runtime's
/// (N inits need N finalizes, every call returns 0). The values are aclppLifecycleKind's.
enum class LifecycleKind : uint8_t { full = 0, compact = 1 };

/// What the profiler accepts on a family (K-5).
struct ProfilerTraits {
    bool instrProfiling;      // `instr_profiling`
    bool instrProfilingFreq;  // `instr_profiling_freq` (range 300..30000 where supported)
    bool sysIoSamplingFreq;
    bool sysInterconnectionFreq;
    bool sysCpuFreq;
    bool sysLpFreq;
    bool hostSysUsageFreq;  // 310B: host side (the emulation's fixed choice)
    bool sysMemServiceflow;
    bool taskTimeL3;
    uint32_t sysHardwareMemFreqMax;                // 100, or 10000 on µs-capable products
    std::span<const std::string_view> aicMetrics;  // in the order the rejection message lists them
    std::string_view defaultAicMetric;
    uint32_t maxCustomEvents;  // Custom:<events> limit
};

/// Runtime-limit and dump facts of a family (E-3, K-2, K-4).
struct FamilyTraits {
    Family family;
    std::string_view name;       // "Atlas A2"
    std::string_view shortName;  // docs npu= tag: "910b"
    bool aicoreStackApplied;     // false: stored, never used (910, 310P)
    uint32_t aicoreStackMax;     // 0 = no maximum
    bool simtStacks;             // simt_stack_size, simt_divergence_stack_size
    bool simdPrintfFifo;
    bool simtPrintfFifo;
    bool eventMode;  // task value wait
    bool coreDump;   // dump_scene aic_err_detail_dump
    ProfilerTraits profiler;
    // Only the compact runtime (IPV350, P-4) differs from these defaults.
    LifecycleKind lifecycle = LifecycleKind::full;
    bool aicoreStack = true;                // StackSize.aicore_stack_size is a key of the product
    bool maxOpqueueNum = true;              // operator cache aging
    bool singleOpDump = true;               // dump_op_switch "on"
    bool debugDumps = true;                 // exception, overflow, watcher and kernel-data dumps
    std::string_view lackedLimitHint = {};  // the hint of a warning for a device limit the product lacks
};

/// Whether a family has the feature a key or a value needs (the key rows' gates, K-2).
[[nodiscard]] constexpr bool hasFeature(const FamilyTraits &traits, schema::ProductGate gate) noexcept {
    switch (gate) {
        case schema::ProductGate::coreDump:
            return traits.coreDump;
        case schema::ProductGate::eventMode:
            return traits.eventMode;
        case schema::ProductGate::none:
            break;
    }
    return true;
}

struct Product {
    std::string_view soc;  // "Ascend910B1": what aclrtGetSocName returns
    Family family;
    uint32_t aiCoreCount;
    uint32_t vectorCoreCount;
    const FamilyTraits *traits;  // never null
};

/// Every emulated SoC, in table order.
[[nodiscard]] std::span<const Product> allProducts() noexcept;
/// True when every emulated product's traits satisfy `has`.
template <class Predicate>
[[nodiscard]] bool allProductsHave(Predicate has) {
    const std::span<const Product> products = allProducts();
    return std::all_of(products.begin(), products.end(), [&](const Product &p) { return has(*p.traits); });
}
/// The names of the families whose traits satisfy `has`, each once, in product table order and
/// comma separated ("Atlas A2, Atlas A3"); "" when none does.
template <class Predicate>
[[nodiscard]] std::string familiesWith(Predicate has) {
    std::string out;
    const std::span<const Product> products = allProducts();
    for (auto product = products.begin(); product != products.end(); ++product) {
        const auto sameFamily = [&](const Product &earlier) { return earlier.traits == product->traits; };
        if (!has(*product->traits) || std::any_of(products.begin(), product, sameFamily)) continue;
        if (!out.empty()) out += ", ";
        out += product->traits->name;
    }
    return out;
}
/// Exact-spelling lookup; also accepts "Ascend950PR" and "Ascend950DT" for the 950 family.
[[nodiscard]] const Product *findProduct(std::string_view soc) noexcept;
[[nodiscard]] const FamilyTraits &familyTraits(Family family) noexcept;
/// "Ascend910B1" (E-1 default).
[[nodiscard]] const Product &defaultProduct() noexcept;
/// All accepted names, comma separated, for "unknown SoC" messages.
[[nodiscard]] std::string_view knownSocNames() noexcept;

// The device-limit numbers (E-3) belong to the schema of acl.json.
using schema::kAicoreStackDefault;
using schema::kAicoreStackGranule;
using schema::kPrintfFifoGranule;
using schema::kPrintfFifoMax;
using schema::kSimdPrintfFifoDefault;
using schema::kSimdPrintfFifoMin;
using schema::kSimtDivergenceStackDefault;
using schema::kSimtPrintfFifoDefault;
using schema::kSimtPrintfFifoMin;
using schema::kSimtStackDefault;
using schema::kSimtStackGranule;
using schema::kWarpSize;

}  // namespace aclpp::core
