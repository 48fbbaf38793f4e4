#include "platform/products.hpp"

#include <array>

#include "aclpp/schema/profiler.hpp"

namespace aclpp::core {
namespace {

using namespace std::string_view_literals;
using schema::profiler_rules::kHardwareMemFreqMax;
using schema::profiler_rules::kHardwareMemFreqMaxMicro;

// aic_metrics names per family, in the order the profiler's rejection text lists them
// (K-5, E-1).
constexpr std::array kMetrics950{"ArithmeticUtilization"sv,
                                 "L2Cache"sv,
                                 "Memory"sv,
                                 "MemoryL0"sv,
                                 "MemoryUB"sv,
                                 "PipeUtilization"sv,
                                 "PipeUtilizationExct"sv,
                                 "ResourceConflictRatio"sv};
constexpr std::array kMetricsA2A3{"ArithmeticUtilization"sv,
                                  "L2Cache"sv,
                                  "Memory"sv,
                                  "MemoryAccess"sv,
                                  "MemoryL0"sv,
                                  "MemoryUB"sv,
                                  "PipeUtilization"sv,
                                  "PipeUtilizationExct"sv,
                                  "ResourceConflictRatio"sv};
constexpr std::array kMetrics910{"ArithmeticUtilization"sv, "Memory"sv, "MemoryL0"sv, "MemoryUB"sv, "PipeUtilization"sv,
                                 "ResourceConflictRatio"sv};
constexpr std::array kMetrics310B{"ArithmeticUtilization"sv,
                                  "L2Cache"sv,
                                  "Memory"sv,
                                  "MemoryL0"sv,
                                  "MemoryUB"sv,
                                  "PipeUtilization"sv,
                                  "PipelineExecuteUtilization"sv,
                                  "ResourceConflictRatio"sv};

// clang-format off
constexpr ProfilerTraits kProfiler310B{false, false, true, false, false, false, true, false, false, kHardwareMemFreqMax, kMetrics310B,
                                       "PipelineExecuteUtilization", 8};

constexpr std::array<FamilyTraits, 7> kFamilies{{
    // family, name, tag, aicore applied, aicore max, simt stacks, simd fifo, simt fifo, event mode, core dump
    {Family::ascend950, "Ascend 950PR/950DT", "950", true, 131072, true, true, true, true, true,
     {true, false, true, true, false, true, true, true, true, kHardwareMemFreqMaxMicro, kMetrics950, "PipeUtilization", 10}},
    {Family::atlasA3, "Atlas A3", "A3", true, 196608, false, true, false, true, true,
     {true, true, true, true, false, false, true, true, true, kHardwareMemFreqMax, kMetricsA2A3, "PipeUtilization", 8}},
    {Family::atlasA2, "Atlas A2", "910b", true, 196608, false, true, false, true, true,
     {true, true, true, true, false, false, true, true, true, kHardwareMemFreqMax, kMetricsA2A3, "PipeUtilization", 8}},
    {Family::atlas910, "Atlas training", "910", false, 0, false, true, false, false, false,
     {false, false, true, true, false, false, true, false, false, kHardwareMemFreqMax, kMetrics910, "PipeUtilization", 8}},
    {Family::atlas310P, "Atlas inference", "310p", false, 0, false, true, false, false, false,
     {false, false, false, true, false, false, true, false, false, kHardwareMemFreqMax, kMetrics910, "PipeUtilization", 8}},
    {Family::atlas310B, "Atlas 200I/500 A2", "310b", true, 7864320, false, true, false, false, false,
     kProfiler310B},
    // The compact runtime (P-4): model dump only, none of the runtime limits. No
    // profiler facts are known for it; it takes the smallest product's (310B) rules.
    {Family::ipv350, "compact runtime", "IPV350", false, 0, false, false, false, false, false, kProfiler310B,
     LifecycleKind::compact, false, false, false, false,
     "IPV350 has none of the device limits (StackSize, printf FIFOs); remove the key for this product"},
}};
// clang-format on

constexpr const FamilyTraits *traitsOf(Family family) {
    return &kFamilies[static_cast<std::size_t>(family)];
}

#define ACLPP_PRODUCT(soc, family, aic, vec)                    \
    Product {                                                   \
        soc, Family::family, aic, vec, traitsOf(Family::family) \
    }

// E-1: every SoC string with a platform ini, and its AI Core / Vector Core counts.
constexpr std::array kProducts{
    ACLPP_PRODUCT("Ascend910B1", atlasA2, 24, 48),
    ACLPP_PRODUCT("Ascend910B2", atlasA2, 24, 48),
    ACLPP_PRODUCT("Ascend910B2C", atlasA2, 24, 48),
    ACLPP_PRODUCT("Ascend910B3", atlasA2, 20, 40),
    ACLPP_PRODUCT("Ascend910B4", atlasA2, 20, 40),
    ACLPP_PRODUCT("Ascend910B4-1", atlasA2, 20, 40),
    ACLPP_PRODUCT("Ascend910_9362", atlasA3, 20, 40),
    ACLPP_PRODUCT("Ascend910_9363", atlasA3, 20, 40),
    ACLPP_PRODUCT("Ascend910_9372", atlasA3, 20, 40),
    ACLPP_PRODUCT("Ascend910_9381", atlasA3, 24, 48),
    ACLPP_PRODUCT("Ascend910_9382", atlasA3, 24, 48),
    ACLPP_PRODUCT("Ascend910_9391", atlasA3, 24, 48),
    ACLPP_PRODUCT("Ascend910_9392", atlasA3, 24, 48),
    ACLPP_PRODUCT("Ascend950PR_950z", ascend950, 4, 8),
    ACLPP_PRODUCT("Ascend950PR_9579", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950PR_957b", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950PR_957bx", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950PR_957c", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950PR_957d", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950PR_9589", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950PR_958b", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950PR_9599", ascend950, 36, 72),
    ACLPP_PRODUCT("Ascend950DT_950x", ascend950, 8, 16),
    ACLPP_PRODUCT("Ascend950DT_950y", ascend950, 8, 16),
    ACLPP_PRODUCT("Ascend950DT_9571", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950DT_9572", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950DT_9573", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950DT_9574", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950DT_9575", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950DT_9576", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950DT_9577", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950DT_9578", ascend950, 28, 56),
    ACLPP_PRODUCT("Ascend950DT_9581", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950DT_9581x", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950DT_9582", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950DT_9582x", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950DT_9583", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950DT_9584", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950DT_9585", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950DT_9586", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950DT_9587", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950DT_9588", ascend950, 32, 64),
    ACLPP_PRODUCT("Ascend950DT_9591", ascend950, 36, 72),
    ACLPP_PRODUCT("Ascend950DT_9592", ascend950, 36, 72),
    ACLPP_PRODUCT("Ascend950DT_9595", ascend950, 36, 72),
    ACLPP_PRODUCT("Ascend950DT_9596", ascend950, 36, 72),
    ACLPP_PRODUCT("Ascend950DT_95A1", ascend950, 36, 72),
    ACLPP_PRODUCT("Ascend950DT_95A2", ascend950, 36, 72),
    ACLPP_PRODUCT("Ascend910A", atlas910, 32, 0),
    ACLPP_PRODUCT("Ascend910ProA", atlas910, 32, 0),
    ACLPP_PRODUCT("Ascend910PremiumA", atlas910, 32, 0),
    ACLPP_PRODUCT("Ascend910B", atlas910, 30, 0),
    ACLPP_PRODUCT("Ascend910ProB", atlas910, 30, 0),
    ACLPP_PRODUCT("Ascend310P1", atlas310P, 10, 8),
    ACLPP_PRODUCT("Ascend310P3", atlas310P, 8, 7),
    ACLPP_PRODUCT("Ascend310P5", atlas310P, 8, 7),
    ACLPP_PRODUCT("Ascend310P7", atlas310P, 8, 7),
    ACLPP_PRODUCT("Ascend310B1", atlas310B, 1, 1),
    ACLPP_PRODUCT("Ascend310B2", atlas310B, 1, 1),
    ACLPP_PRODUCT("Ascend310B3", atlas310B, 1, 1),
    ACLPP_PRODUCT("Ascend310B4", atlas310B, 1, 1),
    ACLPP_PRODUCT("IPV350", ipv350, 1, 1),
    // Family names accepted by ACLPP_SOC (decisions.md, E-1 clarification); they report as given.
    ACLPP_PRODUCT("Ascend950PR", ascend950, 36, 72),
    ACLPP_PRODUCT("Ascend950DT", ascend950, 36, 72),
};
#undef ACLPP_PRODUCT

constexpr std::string_view kKnownNames =
    "Ascend910B1, Ascend910B2, Ascend910B2C, Ascend910B3, Ascend910B4, Ascend910B4-1, Ascend910_9362, "
    "Ascend910_9363, Ascend910_9372, Ascend910_9381, Ascend910_9382, Ascend910_9391, Ascend910_9392, "
    "Ascend950PR, Ascend950PR_950z, Ascend950PR_9579, Ascend950PR_957b, Ascend950PR_957bx, Ascend950PR_957c, "
    "Ascend950PR_957d, Ascend950PR_9589, Ascend950PR_958b, Ascend950PR_9599, Ascend950DT, Ascend950DT_950x, "
    "Ascend950DT_950y, Ascend950DT_9571..9578, Ascend950DT_9581, Ascend950DT_9581x, Ascend950DT_9582, "
    "Ascend950DT_9582x, Ascend950DT_9583..9588, Ascend950DT_9591, Ascend950DT_9592, Ascend950DT_9595, "
    "Ascend950DT_9596, Ascend950DT_95A1, Ascend950DT_95A2, Ascend910A, Ascend910ProA, Ascend910PremiumA, "
    "Ascend910B, Ascend910ProB, Ascend310P1, Ascend310P3, Ascend310P5, Ascend310P7, Ascend310B1, Ascend310B2, "
    "Ascend310B3, Ascend310B4, IPV350";

}  // namespace

std::span<const Product> allProducts() noexcept {
    return kProducts;
}

const Product *findProduct(std::string_view soc) noexcept {
    for (const Product &product : kProducts) {
        if (product.soc == soc) return &product;
    }
    return nullptr;
}

const FamilyTraits &familyTraits(Family family) noexcept {
    return *traitsOf(family);
}

const Product &defaultProduct() noexcept {
    return kProducts[0];
}

std::string_view knownSocNames() noexcept {
    return kKnownNames;
}

}  // namespace aclpp::core
