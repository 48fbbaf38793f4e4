#include "devices/limits.hpp"

#include <limits>

namespace aclpp::core {
namespace {

constexpr uint64_t kUint32Max = std::numeric_limits<uint32_t>::max();

// Saturates instead of wrapping: a result that does not fit is refused by the callers anyway.
constexpr uint64_t roundUp(uint64_t value, uint32_t granule) noexcept {
    const uint64_t remainder = value % granule;
    if (remainder == 0) return value;
    const uint64_t step = granule - remainder;
    return value > std::numeric_limits<uint64_t>::max() - step ? std::numeric_limits<uint64_t>::max() : value + step;
}

std::string roundedNote(uint64_t from, uint64_t to) {
    return "rounded up from " + std::to_string(from) + " to " + std::to_string(to);
}

void appendNote(std::string &note, std::string_view text) {
    if (!note.empty()) note += "; ";
    note += text;
}

LimitDecision refuse(aclError code, uint32_t held, std::string note) {
    return LimitDecision{code, held, std::move(note), false};
}

LimitDecision decideAicore(const FamilyTraits &traits, const LimitRule &rule, uint64_t requested, uint32_t held) {
    LimitDecision decision{ACL_SUCCESS, held, {}, false};
    if (requested <= rule.minimum) {
        // The runtime only acts on values above the floor (runtime.hpp:599-605), so a smaller
        // request leaves whatever the device holds.
        if (requested != held) {
            decision.note = std::to_string(rule.minimum) + " or less changes nothing, stays " + std::to_string(held);
        }
    } else {
        const uint64_t rounded = roundUp(requested, rule.granule);
        std::string note = rounded != requested ? roundedNote(requested, rounded) : std::string{};
        if (traits.aicoreStackMax != 0 && rounded > traits.aicoreStackMax) {
            appendNote(note,
                       "above the " + std::string(traits.name) + " maximum " + std::to_string(traits.aicoreStackMax));
            return refuse(ACL_ERROR_RT_PARAM_INVALID, held, std::move(note));
        }
        if (rounded > kUint32Max) {
            // The reference rounds in 32 bits and wraps to a tiny stack (E-3 refuses it).
            appendNote(note, "beyond 32 bits");
            return refuse(ACL_ERROR_RT_PARAM_INVALID, held, std::move(note));
        }
        decision.applied = static_cast<uint32_t>(rounded);
        decision.changed = decision.applied != held;
        decision.note = std::move(note);
    }
    if (!traits.aicoreStackApplied) {
        appendNote(decision.note, "stored, has no effect on " + std::string(traits.name));
    }
    return decision;
}

LimitDecision decideSimt(const LimitRule &rule, uint64_t requested, const LimitValues &current) {
    const uint32_t held = current.get(rule.limit);
    const uint64_t rounded = roundUp(requested, rule.granule);
    std::string note = rounded != requested ? roundedNote(requested, rounded) : std::string{};
    if (rounded > kUint32Max) {
        appendNote(note, "beyond 32 bits");
        return refuse(ACL_ERROR_RT_PARAM_INVALID, held, std::move(note));
    }
    const uint32_t other = rule.limit == kLimitSimtStackSize ? current.simtDivergenceStack : current.simtStack;
    if (rounded == 0 && other == 0) {
        // api_impl_david.cc:1835-1860: a device without any SIMT stack cannot run SIMT code.
        appendNote(note, "both SIMT stack sizes would be 0");
        return refuse(ACL_ERROR_RT_PARAM_INVALID, held, std::move(note));
    }
    const auto applied = static_cast<uint32_t>(rounded);
    return LimitDecision{ACL_SUCCESS, applied, std::move(note), applied != held};
}

LimitDecision decideFifo(const LimitRule &rule, uint64_t requested, uint32_t held) {
    // The range is compared on the full request, before rounding: the reference truncates to
    // 32 bits first, so 2^32 + 4096 would pass there as 4096 (E-3 refuses it).
    if (requested < rule.minimum || requested > rule.maximum) {
        return refuse(ACL_ERROR_RT_PARAM_INVALID, held,
                      std::to_string(requested) + " is outside [" + std::to_string(rule.minimum) + ", " +
                          std::to_string(rule.maximum) + "]");
    }
    const uint64_t rounded = roundUp(requested, rule.granule);  // max is a multiple of 8
    const auto applied = static_cast<uint32_t>(rounded);
    std::string note = rounded != requested ? roundedNote(requested, rounded) : std::string{};
    return LimitDecision{ACL_SUCCESS, applied, std::move(note), applied != held};
}

}  // namespace

const LimitRule *findLimitRule(aclppDeviceLimit limit) noexcept {
    for (const LimitRule &rule : kLimitRules) {
        if (rule.limit == limit) return &rule;
    }
    return nullptr;
}

uint32_t LimitValues::get(aclppDeviceLimit limit) const noexcept {
    switch (limit) {
        case kLimitSimtStackSize:
            return simtStack;
        case kLimitSimtDivergenceStackSize:
            return simtDivergenceStack;
        case kLimitSimdStackSize:
            return aicoreStack;
        case kLimitSimdPrintfFifoSizePerCore:
            return simdPrintfFifo;
        case kLimitSimtPrintfFifoSize:
            return simtPrintfFifo;
    }
    return 0;
}

void LimitValues::set(aclppDeviceLimit limit, uint32_t value) noexcept {
    switch (limit) {
        case kLimitSimtStackSize:
            simtStack = value;
            return;
        case kLimitSimtDivergenceStackSize:
            simtDivergenceStack = value;
            return;
        case kLimitSimdStackSize:
            aicoreStack = value;
            return;
        case kLimitSimdPrintfFifoSizePerCore:
            simdPrintfFifo = value;
            return;
        case kLimitSimtPrintfFifoSize:
            simtPrintfFifo = value;
            return;
    }
}

bool limitSupported(const FamilyTraits &traits, aclppDeviceLimit limit) noexcept {
    const LimitRule *rule = findLimitRule(limit);
    if (rule == nullptr) return false;
    return rule->supported == nullptr || traits.*(rule->supported);
}

LimitDecision decideLimit(const FamilyTraits &traits, aclppDeviceLimit limit, uint64_t requested,
                          const LimitValues &current) {
    const LimitRule *rule = findLimitRule(limit);
    if (rule == nullptr) {
        return refuse(ACL_ERROR_RT_PARAM_INVALID, 0, "unknown limit " + std::to_string(static_cast<int>(limit)));
    }
    const uint32_t held = current.get(limit);
    if (!limitSupported(traits, limit)) {
        return refuse(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, held, "not supported on " + std::string(traits.name));
    }
    switch (rule->kind) {
        case LimitKind::aicoreStack:
            return decideAicore(traits, *rule, requested, held);
        case LimitKind::simtStack:
            return decideSimt(*rule, requested, current);
        case LimitKind::printfFifo:
            return decideFifo(*rule, requested, held);
    }
    return refuse(ACL_ERROR_RT_PARAM_INVALID, held, {});
}

LimitDecision decideLimit(const FamilyTraits &traits, aclppDeviceLimit limit, uint64_t requested) {
    return decideLimit(traits, limit, requested, LimitValues{});
}

uint32_t defaultLimit(aclppDeviceLimit limit) noexcept {
    const LimitRule *rule = findLimitRule(limit);
    return rule == nullptr ? 0 : rule->defaultValue;
}

uint64_t readBackLimit(aclppDeviceLimit limit, uint32_t stored) noexcept {
    const LimitRule *rule = findLimitRule(limit);
    return rule == nullptr ? stored : uint64_t{stored} * rule->readBackFactor;
}

}  // namespace aclpp::core
