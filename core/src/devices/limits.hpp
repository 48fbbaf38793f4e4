// Device limits (E-3): the rounding, ranges and product gates that both the acl.json keys
// (StackSize, the printf FIFOs) and aclrtDeviceSetLimit/GetLimit follow. One table and one
// decision function, so that the config path and the device API can never disagree.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "acl/acl.h"
#include "acl/aclpp_runtime.h"
#include "aclpp/schema/top_level.hpp"
#include "platform/products.hpp"

namespace aclpp::core {

// The values of the vendor's aclrtDeviceLimit, by aclpp's names: the CANN 8.x headers have no
// such type (B-6), and this table is also what the validator reads over them.
inline constexpr aclppDeviceLimit kLimitSimtStackSize = 0;
inline constexpr aclppDeviceLimit kLimitSimtDivergenceStackSize = 1;
inline constexpr aclppDeviceLimit kLimitSimdStackSize = 2;
inline constexpr aclppDeviceLimit kLimitSimdPrintfFifoSizePerCore = 3;
inline constexpr aclppDeviceLimit kLimitSimtPrintfFifoSize = 4;

/// How a limit treats a requested value (E-3).
enum class LimitKind : uint8_t {
    aicoreStack,  // at or below `floor` changes nothing; above, rounded up; per-product maximum
    simtStack,    // rounded up; no maximum; both SIMT stacks 0 is refused
    printfFifo,   // fixed range checked on the value as requested, then rounded up
};

/// One device limit: its config key and the numbers the device layer applies. Shared by the
/// validator, aclrtDeviceSetLimit/GetLimit, the documentation generator and the C++ builders.
struct LimitRule {
    aclppDeviceLimit limit;
    LimitKind kind;
    const schema::top_level_rules::KeyRule &config;  // its acl.json key row
    std::string_view configKey;                      // "simt_stack_size": the row's
    std::string_view configPointer;                  // "/StackSize/simt_stack_size": the row's
    std::string_view description;                    // "SIMT stack size per thread"
    uint32_t defaultValue;                           // the row's
    uint32_t granule;                                // round up to a multiple of this
    uint32_t minimum;                                // printfFifo: lowest accepted; aicoreStack: the floor
    uint32_t maximum;                                // printfFifo: highest accepted; 0 = per product / none
    uint32_t readBackFactor;                         // GetLimit answers stored * factor (SIMT stack: per warp)
    bool FamilyTraits::*supported;                   // nullptr: every product stores it

    /// The key, pointer and default are the row's, so that they are written once.
    constexpr LimitRule(aclppDeviceLimit limit, LimitKind kind, const schema::top_level_rules::KeyRule &config,
                        std::string_view description, uint32_t granule, uint32_t minimum, uint32_t maximum,
                        uint32_t readBackFactor, bool FamilyTraits::*supported) noexcept
        : limit(limit),
          kind(kind),
          config(config),
          configKey(config.key),
          configPointer(config.pointer),
          description(description),
          defaultValue(static_cast<uint32_t>(config.defaultValue)),
          granule(granule),
          minimum(minimum),
          maximum(maximum),
          readBackFactor(readBackFactor),
          supported(supported) {}
};

// Table order is the aclrtDeviceLimit value, which is also the order aclInit applies the stack
// keys in (the runtime's map is keyed by the limit type).
inline constexpr std::array<LimitRule, 5> kLimitRules{{
    {kLimitSimtStackSize, LimitKind::simtStack, schema::top_level_rules::ruleFor("simt_stack_size"),
     "SIMT stack size per thread", kSimtStackGranule, 0, 0, kWarpSize, &FamilyTraits::simtStacks},
    {kLimitSimtDivergenceStackSize, LimitKind::simtStack,
     schema::top_level_rules::ruleFor("simt_divergence_stack_size"), "SIMT divergence stack size", kSimtStackGranule, 0,
     0, 1, &FamilyTraits::simtStacks},
    {kLimitSimdStackSize, LimitKind::aicoreStack, schema::top_level_rules::ruleFor("aicore_stack_size"),
     "AI Core stack size per core", kAicoreStackGranule, kAicoreStackDefault, 0, 1, &FamilyTraits::aicoreStack},
    {kLimitSimdPrintfFifoSizePerCore, LimitKind::printfFifo,
     schema::top_level_rules::ruleFor("simd_printf_fifo_size_per_core"), "SIMD printf FIFO size per core",
     kPrintfFifoGranule, kSimdPrintfFifoMin, kPrintfFifoMax, 1, &FamilyTraits::simdPrintfFifo},
    {kLimitSimtPrintfFifoSize, LimitKind::printfFifo, schema::top_level_rules::ruleFor("simt_printf_fifo_size"),
     "SIMT printf FIFO size", kPrintfFifoGranule, kSimtPrintfFifoMin, kPrintfFifoMax, 1, &FamilyTraits::simtPrintfFifo},
}};

static_assert(
    [] {
        for (const LimitRule &rule : kLimitRules) {
            if (rule.config.defaultValue < 0 || rule.config.defaultValue > UINT32_MAX) return false;
        }
        return true;
    }(),
    "a device limit's default is a uint32_t");

/// The rule of `limit`, or nullptr for a value outside the enum (a C caller can pass anything).
[[nodiscard]] const LimitRule *findLimitRule(aclppDeviceLimit limit) noexcept;

/// The values one device holds, as stored (SIMT stack per thread). Starts at the defaults.
struct LimitValues {
    uint32_t simtStack = kSimtStackDefault;
    uint32_t simtDivergenceStack = kSimtDivergenceStackDefault;
    uint32_t aicoreStack = kAicoreStackDefault;
    uint32_t simdPrintfFifo = kSimdPrintfFifoDefault;
    uint32_t simtPrintfFifo = kSimtPrintfFifoDefault;

    /// The stored value of `limit`; 0 for a value outside the enum.
    [[nodiscard]] uint32_t get(aclppDeviceLimit limit) const noexcept;
    /// Stores `value`; ignores a value outside the enum.
    void set(aclppDeviceLimit limit, uint32_t value) noexcept;

    friend bool operator==(const LimitValues &, const LimitValues &) = default;
};

/// What the device layer does with one set-limit request.
struct LimitDecision {
    /// ACL_SUCCESS; ACL_ERROR_RT_FEATURE_NOT_SUPPORT (207000) when the product lacks the limit;
    /// ACL_ERROR_RT_PARAM_INVALID (107000) when the value is out of range (or the limit unknown).
    aclError code = ACL_SUCCESS;
    /// The value the device holds afterwards (on failure: the value it held before).
    uint32_t applied = 0;
    /// Why the value differs from the request, or why it was refused; "" when taken as given.
    /// Fragments such as "rounded up from 40000 to 49152", written to follow "<key>: ".
    std::string note;
    /// The stored value changes (false on failure and for an AI Core stack at or below 32768).
    bool changed = false;
};

/// The decision for setting `limit` to `requested` on a device of `traits` that currently holds
/// `current`. `requested` is the caller's full value (size_t or a JSON number): ranges are
/// compared without truncation and rounding is done in 64 bits, so nothing wraps (K-1).
[[nodiscard]] LimitDecision decideLimit(const FamilyTraits &traits, aclppDeviceLimit limit, uint64_t requested,
                                        const LimitValues &current);
/// As above, for a device that still holds the defaults (what aclInit starts from).
[[nodiscard]] LimitDecision decideLimit(const FamilyTraits &traits, aclppDeviceLimit limit, uint64_t requested);

/// The value a device holds for `limit` before anything sets it (per thread for the SIMT stack).
[[nodiscard]] uint32_t defaultLimit(aclppDeviceLimit limit) noexcept;

/// What aclrtDeviceGetLimit answers for a stored value: the SIMT stack reads back per warp
/// (x32, default 36864), every other limit as stored (E-3).
[[nodiscard]] uint64_t readBackLimit(aclppDeviceLimit limit, uint32_t stored) noexcept;

/// True when `traits` accepts `limit` at all (false: 207000 from the device layer).
[[nodiscard]] bool limitSupported(const FamilyTraits &traits, aclppDeviceLimit limit) noexcept;

}  // namespace aclpp::core
