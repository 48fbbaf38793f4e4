// The top-level keys the runtime reads itself (K-1, K-3): err_msg_mode,
// max_opqueue_num, StackSize, defaultDevice, the printf FIFOs and acl_graph.event_mode, plus the
// unknown-key warnings (K-7). Findings are appended in the reference's evaluation order (L-1)
// so that the first error of the earliest step is the one aclInit returns.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "aclpp/schema/rule_table.hpp"
#include "aclpp/schema/top_level.hpp"
#include "aclpp/schema/top_level_checks.hpp"
#include "devices/limits.hpp"
#include "platform/platform_choice.hpp"
#include "schema/context.hpp"
#include "schema/member_value.hpp"
#include "text/user_text.hpp"

namespace aclpp::core {
namespace {

// The key table (kKeyRules, the known-key lists) and how a value is read are the schema's
// (aclpp/schema/top_level.hpp, top_level_checks.hpp).
using namespace schema::top_level_rules;
using schema::allDigits;

/// "write it as ..." when the value is right but the JSON type is not (1 for "1", "4096" for 4096).
std::string typeHint(const KeyRule &rule, JsonElement element) {
    if (isStringRule(rule.rule)) {
        if (element.is_int64() || element.is_uint64())
            return "write it as a JSON string: \"" + minifiedJson(element) + "\"";
        return {};
    }
    std::string_view text;
    if (element.get_string().get(text) == simdjson::SUCCESS && allDigits(text)) {
        return "write it as a JSON number without quotes: " + std::string(text);
    }
    return {};
}

/// The sink of the schema's checkValue: the key's own codes, and a hint for a wrong JSON type.
class ValueFindings {
public:
    ValueFindings(ValidationContext &ctx, JsonElement element) noexcept : ctx_(ctx), element_(element) {}

    void fail(const KeyRule &rule, bool wrongType, std::initializer_list<schema::rules::Argument> arguments) {
        ctx_.report.error(rule.step, wrongType ? rule.typeError : rule.valueError, std::string(rule.pointer),
                          schema::rules::renderTemplate(schema::rules::kKeyValueText, arguments),
                          wrongType ? typeHint(rule, element_) : std::string{});
    }

private:
    ValidationContext &ctx_;
    JsonElement element_;
};

/// Reads the key of `rule` and reports a failure. Returns the value when it is acceptable.
std::optional<uint64_t> readChecked(ValidationContext &ctx, const KeyRule &rule, JsonElement element) {
    ValueFindings findings(ctx, element);
    return checkValue(rule, MemberValue(element), findings);
}

// ---- unknown keys (K-7) ---------------------------------------------------------------------

/// The section a misplaced nested key belongs to, e.g. "StackSize" for a top-level
/// "aicore_stack_size".
std::string_view sectionOfNestedKey(std::string_view key) {
    for (const KeyRule &rule : kKeyRules) {
        if (!rule.section.empty() && rule.key == key) return rule.section;
    }
    return {};
}

template <std::size_t N>
void warnUnknownKeys(ValidationContext &ctx, JsonObject object, std::string_view parentPointer,
                     std::string_view sectionName, const std::array<std::string_view, N> &known, aclppStep step) {
    if (!ctx.report.keepsWarnings()) return;  // F-6: an init shows none
    // A duplicated unknown key is one warning (F-5 reports the duplicate). A set, because a
    // 10 MiB file can hold a million keys.
    std::unordered_set<std::string_view> seen;
    for (auto field : object) {
        const std::string_view key = field.key;
        bool isKnown = false;
        for (std::string_view candidate : known) isKnown = isKnown || candidate == key;
        if (isKnown || (parentPointer.empty() && key == kSchemaKey)) continue;
        if (!seen.insert(key).second) continue;

        std::string hint;
        const std::string_view home = parentPointer.empty() ? sectionOfNestedKey(key) : std::string_view{};
        if (!home.empty()) {
            hint = quotedText(key) + " belongs inside \"" + std::string(home) + '"';
        } else {
            const std::string_view match = closestMatch(key, std::vector<std::string_view>(known.begin(), known.end()));
            if (!match.empty()) hint = "did you mean \"" + std::string(match) + "\"?";
        }
        std::string message = "unknown key " + quotedText(key);
        if (sectionName.empty()) {
            message += " is ignored by the runtime (init callbacks still see it)";
        } else {
            message += " in " + std::string(sectionName) + " is ignored";
        }
        ctx.report.warning(step, childPointer(parentPointer, key), std::move(message), std::move(hint));
    }
}

/// The object `section` of the root, or nothing (absent, or not an object: ignored as the
/// reference does, with a warning so that a typo in the type does not pass unnoticed).
std::optional<JsonObject> sectionObject(ValidationContext &ctx, JsonObject root, std::string_view section,
                                        aclppStep step) {
    const std::optional<JsonElement> element = findMember(root, section);
    if (!element) return std::nullopt;
    JsonObject object;
    if (element->get_object().get(object) != simdjson::SUCCESS) {
        ctx.report.warning(
            step, childPointer("", section),
            std::string(section) + " is " + describeValue(*element) + ", not an object; the runtime ignores it");
        return std::nullopt;
    }
    return object;
}

// ---- the keys, in evaluation order ------------------------------------------------------------

void checkErrMsgMode(ValidationContext &ctx, JsonObject root) {
    const std::optional<JsonElement> element = findMember(root, kErrMsgMode.key);
    if (!element) return;
    if (const std::optional<uint64_t> value = readChecked(ctx, kErrMsgMode, *element)) {
        ctx.effective.errMsgMode.set(*value == 1 ? ErrMsgMode::process : ErrMsgMode::thread, Source::config,
                                     std::string(kErrMsgMode.pointer));
    }
}

void checkMaxOpqueueNum(ValidationContext &ctx, JsonObject root) {
    const std::optional<JsonElement> element = findMember(root, kMaxOpqueueNum.key);
    if (!element) return;
    const std::optional<uint64_t> value = readChecked(ctx, kMaxOpqueueNum, *element);
    if (!value) return;
    const FamilyTraits &traits = *ctx.product.traits;
    if (!traits.maxOpqueueNum) {
        // P-4, K-2: a key the product lacks is tolerated and not applied.
        ctx.report.warning(
            kMaxOpqueueNum.step, std::string(kMaxOpqueueNum.pointer),
            "max_opqueue_num is " + describeValue(*element) + ", but " + std::string(ctx.product.soc) + " (" +
                std::string(traits.name) + ") has no operator cache aging; not applied (K-2)",
            std::string(ctx.product.soc) + " does not support max_opqueue_num; remove it for this product");
        // The effective row stays, marked, as for a device limit the product lacks.
        ctx.effective.maxOpqueueNum.set(kMaxOpqueueDefault, Source::platform, std::string(kMaxOpqueueNum.pointer));
        ctx.effective.maxOpqueueNum.note = "not supported on " + std::string(traits.name) + ", not applied";
        return;
    }
    ctx.effective.maxOpqueueNum.set(static_cast<uint32_t>(*value), Source::config, std::string(kMaxOpqueueNum.pointer));
    if (*value < kMaxOpqueueDefault) {
        // K-3: the op executor accepts it and only warns.
        ctx.report.warning(kMaxOpqueueNum.step, std::string(kMaxOpqueueNum.pointer),
                           "max_opqueue_num is " + describeValue(*element) + ", below the default " +
                               std::string(kMaxOpqueueDefaultText));
    }
}

/// B-9: releases before 9.2.0 return the device's 207000 for a SIMT printf FIFO the product lacks;
/// from 9.2.0 it is tolerated like every other lacked limit (K-2).
bool lackedLimitTolerated(const ValidationContext &ctx, const LimitRule &limit) {
    return limit.limit != kLimitSimtPrintfFifoSize ||
           schema::cann::hasChange(ctx.release, schema::cann::Change::lackedSimtPrintfFifoWarns);
}

const KeyRule &keyRuleOf(const LimitRule &limit) {
    return limit.config;
}

/// The product may refuse a well-typed value. For stack sizes the reference swallows every
/// device answer, so each refusal is a warning (K-2); for the FIFOs only "not supported" is
/// tolerated and an out-of-range value is the device's 107000 (K-1).
/// Returns false when an error was reported.
bool applyLimit(ValidationContext &ctx, const LimitRule &limit, uint64_t requested, JsonElement element,
                LimitValues &pending) {
    const KeyRule &rule = keyRuleOf(limit);
    Setting<uint32_t> &setting = limitSetting(ctx.effective, limit.limit);
    const LimitDecision decision = decideLimit(*ctx.product.traits, limit.limit, requested, pending);
    const std::string pointer(rule.pointer);
    if (decision.code == ACL_SUCCESS) {
        pending.set(limit.limit, decision.applied);
        setting.set(decision.applied, Source::config, pointer);
        setting.note = decision.note;
        if (!decision.note.empty()) {
            ctx.report.note(rule.step, pointer,
                            std::string(rule.key) + " is " + describeValue(element) + ": " + decision.note);
        }
        return true;
    }
    const bool lacked = decision.code == ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
    if (lacked && !lackedLimitTolerated(ctx, limit)) {
        const std::string cann(schema::cann::releaseName(ctx.release));
        ctx.report.error(rule.step, decision.code, pointer,
                         std::string(rule.key) + " is " + describeValue(element) + ", but " +
                             std::string(ctx.product.traits->name) + " (" + std::string(ctx.product.soc) +
                             ") has no SIMT printf FIFO, and CANN " + cann +
                             " returns the device's refusal (B-9; from CANN 9.2.0 it is a warning)",
                         "remove " + std::string(rule.key) + " for this product");
        return false;
    }
    const bool tolerated = lacked || limit.kind != LimitKind::printfFifo;
    if (!tolerated) {
        ctx.report.error(rule.step, decision.code, pointer,
                         std::string(rule.key) + " is " + describeValue(element) +
                             ", outside the range the device accepts; allowed: " + std::to_string(limit.minimum) +
                             " to " + std::to_string(limit.maximum) + " bytes (rounded up to a multiple of " +
                             std::to_string(limit.granule) + ")");
        return false;
    }
    setting.set(decision.applied, Source::platform, pointer);
    setting.note = decision.note + ", not applied";
    ctx.report.warning(rule.step, pointer,
                       std::string(rule.key) + " is " + describeValue(element) + ": " + decision.note + "; not applied",
                       lacked ? std::string(ctx.product.traits->lackedLimitHint) : std::string());
    return true;
}

void checkStackSize(ValidationContext &ctx, JsonObject root) {
    const std::optional<JsonObject> section = sectionObject(ctx, root, "StackSize", ACLPP_STEP_STACK_SIZE);
    if (!section) return;
    warnUnknownKeys(ctx, *section, "/StackSize", "StackSize", kStackKeys, ACLPP_STEP_STACK_SIZE);
    // Evaluated as the device applies them (limit-type order), each seeing the values the
    // earlier ones left: the "both SIMT stacks 0" refusal depends on the other SIMT key.
    LimitValues pending;
    for (const LimitRule &limit : kLimitRules) {
        if (limit.kind == LimitKind::printfFifo) continue;
        const std::optional<JsonElement> element = findMember(*section, limit.config.key);
        if (!element) continue;
        // Every stack key is checked even after a failure: the validation report lists all of
        // them, and the decisive code is the same (500001 at this step).
        if (const std::optional<uint64_t> value = readChecked(ctx, keyRuleOf(limit), *element)) {
            applyLimit(ctx, limit, *value, *element, pending);
        }
    }
}

void checkDefaultDevice(ValidationContext &ctx, JsonObject root) {
    const std::optional<JsonObject> section = sectionObject(ctx, root, "defaultDevice", ACLPP_STEP_DEFAULT_DEVICE);
    if (!section) return;
    warnUnknownKeys(ctx, *section, "/defaultDevice", "defaultDevice", kDefaultDeviceKeys, ACLPP_STEP_DEFAULT_DEVICE);
    const std::optional<JsonElement> element = findMember(*section, kDefaultDevice.key);
    if (!element) return;
    const std::optional<uint64_t> value = readChecked(ctx, kDefaultDevice, *element);
    if (!value) return;
    const bool countKnown = ctx.deviceCount != 0;
    const uint32_t limit = countKnown ? ctx.deviceCount : kMaxDeviceCount;
    if (*value >= limit) {
        const std::string allowed =
            limit == 1 ? "\"0\"" : "a device id from \"0\" to \"" + std::to_string(limit - 1) + "\"";
        const std::string platform =
            countKnown ? "the platform has " + std::to_string(limit) + (limit == 1 ? " device" : " devices")
                       : "no product has more than " + std::to_string(limit) + " devices";
        ctx.report.error(kDefaultDevice.step, ACL_ERROR_RT_INVALID_DEVICEID, std::string(kDefaultDevice.pointer),
                         "default_device is " + describeValue(*element) + ", but " + platform +
                             ", so the device layer rejects the id; allowed: " + allowed);
        return;
    }
    ctx.effective.defaultDevice.set(static_cast<int32_t>(*value), Source::config, std::string(kDefaultDevice.pointer));
}

void checkPrintfFifos(ValidationContext &ctx, JsonObject root) {
    LimitValues pending;
    for (const LimitRule &limit : kLimitRules) {
        if (limit.kind != LimitKind::printfFifo) continue;
        const std::optional<JsonElement> element = findMember(root, limit.config.key);
        if (!element) continue;
        const std::optional<uint64_t> value = readChecked(ctx, keyRuleOf(limit), *element);
        // The SIMD FIFO is set first and a failure returns before the SIMT FIFO is tried
        // (as in CANN), so nothing is said about the second one.
        if (!value || !applyLimit(ctx, limit, *value, *element, pending)) return;
    }
}

void checkEventMode(ValidationContext &ctx, JsonObject root) {
    const std::optional<JsonObject> section = sectionObject(ctx, root, "acl_graph", ACLPP_STEP_EVENT_MODE);
    if (!section) return;
    warnUnknownKeys(ctx, *section, "/acl_graph", "acl_graph", kAclGraphKeys, ACLPP_STEP_EVENT_MODE);
    const std::optional<JsonElement> element = findMember(*section, kEventMode.key);
    if (!element) return;
    // The value is checked before the product support, as the reference parses it first.
    const std::optional<uint64_t> value = readChecked(ctx, kEventMode, *element);
    if (!value) return;
    const FamilyTraits &traits = *ctx.product.traits;
    if (!hasFeature(traits, kEventMode.gate)) {
        // K-2: unlike the other limits, the reference returns this device answer (207000).
        ctx.report.error(kEventMode.step, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, std::string(kEventMode.pointer),
                         "event_mode is " + describeValue(*element) + ", but " + std::string(traits.name) + " (" +
                             std::string(ctx.product.soc) + ") has no " +
                             std::string(schema::featureName(kEventMode.gate)) +
                             ", so the device does not support setting the event mode",
                         "remove acl_graph.event_mode for this product");
        return;
    }
    ctx.effective.eventMode.set(static_cast<uint8_t>(*value), Source::config, std::string(kEventMode.pointer));
}

}  // namespace

void validateTopLevel(ValidationContext &ctx) {
    // A non-object root is accepted as empty (F-5); its warning is the document's, not ours.
    JsonObject root;
    if (ctx.document.root().get_object().get(root) != simdjson::SUCCESS) return;

    warnUnknownKeys(ctx, root, "", "", kTopLevelKeys, ACLPP_STEP_READ_FILE);
    checkErrMsgMode(ctx, root);
    checkMaxOpqueueNum(ctx, root);
    checkStackSize(ctx, root);
    checkDefaultDevice(ctx, root);
    checkPrintfFifos(ctx, root);
    checkEventMode(ctx, root);
}

}  // namespace aclpp::core
