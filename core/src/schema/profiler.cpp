// The `profiler` section (decision K-5): CANN's msprof checks, with the per-product
// rules of E-1. Every rejection is ACL_ERROR_INVALID_PARAM at the profiling step.
//
// The reference walks the keys in hash-map order, so which error it reports first is unspecified
// in CANN. aclpp walks them in document order and reports every finding; the first
// error is the decisive one.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "aclpp/schema/rule_table.hpp"
#include "schema/context.hpp"
#include "schema/profiler_gate.hpp"
#include "text/user_text.hpp"

namespace aclpp::core {
namespace {

using namespace std::string_view_literals;

constexpr aclppStep kStep = ACLPP_STEP_PROFILING;
constexpr std::string_view kSectionKey = "profiler";
constexpr std::string_view kSectionPointer = "/profiler";

// The tables (allow-list, value lists, limits) are the schema's (aclpp/schema/profiler.hpp).
using namespace schema::profiler_rules;
using schema::allDigits;
using schema::decimalValue;
using schema::rules::alternativesText;
using schema::rules::forbiddenOutputText;
using schema::rules::joinedText;
using schema::rules::Rule;

/// The rule of `key` when `release`'s allow-list has it (B-9), else nullptr.
const KeyRule *findRule(std::string_view key, schema::cann::Release release) noexcept {
    const auto *it = std::find_if(kKeyRules.begin(), kKeyRules.end(), [key](const KeyRule &r) { return r.key == key; });
    return it == kKeyRules.end() || !it->inRelease(release) ? nullptr : it;
}

/// `release`'s allow-list, in the reference's order.
std::vector<std::string_view> allowedKeys(schema::cann::Release release) {
    std::vector<std::string_view> keys;
    for (const KeyRule &rule : kKeyRules) {
        if (rule.inRelease(release)) keys.push_back(rule.key);
    }
    return keys;
}

template <class Range>
bool contains(const Range &values, std::string_view value) noexcept {
    return std::find(std::begin(values), std::end(values), value) != std::end(values);
}

template <class Range>
std::string joinWith(const Range &values, std::string_view separator) {
    std::string out;
    for (std::string_view v : values) {
        if (!out.empty()) out += separator;
        out += v;
    }
    return out;
}

bool isJsonInteger(JsonElement value) noexcept {
    return value.type() == JsonType::INT64 || value.type() == JsonType::UINT64;
}

// Whether a JSON integer lies in [min, max]. Negative and huge values never wrap (the reference
// converts to uint32 first, so 4294967297 would pass as 1; that helps nobody).
bool integerInRange(JsonElement value, uint64_t min, uint64_t max) noexcept {
    if (value.type() == JsonType::INT64) {
        int64_t v = 0;
        if (value.get_int64().get(v) != simdjson::SUCCESS || v < 0) return false;
        return static_cast<uint64_t>(v) >= min && static_cast<uint64_t>(v) <= max;
    }
    uint64_t v = 0;
    if (value.get_uint64().get(v) != simdjson::SUCCESS) return false;
    return v >= min && v <= max;
}

std::string_view trimmed(std::string_view text) noexcept {
    constexpr std::string_view kSpace = " \t\n\r\f\v";
    const auto first = text.find_first_not_of(kSpace);
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(kSpace);
    return text.substr(first, last - first + 1);
}

// Splits on ',' keeping empty items, as msprof's Utils::Split does (they are then rejected).
std::vector<std::string_view> splitItems(std::string_view text) {
    std::vector<std::string_view> items;
    std::size_t start = 0;
    while (true) {
        const auto comma = text.find(',', start);
        items.push_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return items;
}

// One Custom: event (already lower-cased): "0x" + hex digits, or decimal digits that fit an int
// (PV CheckHexOrDec: hex first, then decimal through stoi).
bool isValidEvent(std::string_view item) noexcept {
    const std::string_view event = trimmed(item);
    if (event.size() > 2 && event.substr(0, 2) == "0x") {
        const std::string_view digits = event.substr(2);
        if (std::all_of(digits.begin(), digits.end(),
                        [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); })) {
            return true;
        }
    }
    return allDigits(event) && decimalValue(event) <= static_cast<uint64_t>(std::numeric_limits<int32_t>::max());
}

class ProfilerValidator {
public:
    explicit ProfilerValidator(ValidationContext &ctx)
        : ctx_(ctx), traits_(ctx.product.traits->profiler), product_(ctx.product.traits->name) {}

    void run(JsonElement section);

private:
    void fail(std::string_view key, std::string message, std::string hint = {}) {
        ctx_.report.error(kStep, ACL_ERROR_INVALID_PARAM, childPointer(kSectionPointer, key), std::move(message),
                          std::move(hint));
    }
    // "EK0003: l2 is \"xx\"; <what is allowed>"
    void failValue(std::string_view code, std::string_view key, JsonElement value, std::string_view allowed) {
        fail(key,
             std::string(code) + ": " + std::string(key) + " is " + describeValue(value) + "; " + std::string(allowed));
    }
    void failEnum(std::string_view key, JsonElement value, const std::string &allowed) {
        failRule(key, Rule::profiler_enum_value, {{"key", key}, {"value", describeValue(value)}, {"allowed", allowed}});
    }
    void failType(std::string_view key, JsonElement value, std::string_view expected) {
        fail(key, "EK0003: " + std::string(key) + " is " + describeValue(value) + " (" +
                      std::string(describeType(value)) + "); expected " + std::string(expected));
    }
    /// A finding of a rule of the schema's table about `key`.
    void failRule(std::string_view key, schema::rules::Rule rule,
                  std::initializer_list<schema::rules::Argument> arguments) {
        fail(key, schema::rules::renderMessage(rule, arguments));
    }
    void failUnsupported(std::string_view code, std::string_view key, JsonElement value) {
        fail(key,
             std::string(code) + ": " + std::string(key) + " is " + describeValue(value) +
                 "; the option is not supported on " + std::string(product_) + " (" + std::string(ctx_.product.soc) +
                 ")",
             "leave " + std::string(key) + " out of the profiler section on this product");
    }

    void checkUnknownKey(std::string_view key);
    void checkKey(const KeyRule &rule, JsonElement value);
    void checkStringKey(const KeyRule &rule, std::string_view text, JsonElement value);
    void checkAicMetrics(std::string_view key, std::string_view text, JsonElement value);
    void checkCommaList(std::string_view key, std::string_view text, JsonElement value, const auto &items);

    void checkOutput(JsonElement value);
    void checkStorageLimit(JsonElement value);
    void checkInstrProfilingFreq(JsonElement value, std::optional<JsonElement> instrProfiling);
    void checkOptype(std::string_view key, JsonElement value);

    std::string metricsAllowed() const {
        return "allowed on " + std::string(product_) + ": [" + joinWith(traits_.aicMetrics, "|") +
               "] or Custom:<event-list>";
    }

    ValidationContext &ctx_;
    const ProfilerTraits &traits_;
    std::string_view product_;
};

void ProfilerValidator::run(JsonElement section) {
    ProfilerOutcome &outcome = ctx_.effective.profiler;
    outcome.mode = ProfilerMode::config;

    JsonObject object;
    if (section.get_object().get(object) != simdjson::SUCCESS) {
        ctx_.report.error(kStep, ACL_ERROR_INVALID_PARAM, std::string(kSectionPointer),
                          "EK0003: profiler is " + describeValue(section) + " (" + std::string(describeType(section)) +
                              "); expected a JSON object");
        return;
    }
    // msprof receives the section re-serialised; a longer text is refused as a whole, so the
    // keys are not looked at (reporting thousands of findings for it would help nobody).
    if (const std::size_t length = minifiedJson(section).size(); length > kMaxSectionLength) {
        ctx_.report.error(kStep, ACL_ERROR_INVALID_PARAM, std::string(kSectionPointer),
                          "EK0003: profiler serialises to " + std::to_string(length) + " bytes; at most " +
                              std::to_string(kMaxSectionLength) + " bytes (1 MiB) are allowed");
        return;
    }

    // Duplicate keys: the last one wins (F-5), so only the last occurrence is checked.
    std::unordered_map<std::string_view, std::size_t> lastIndex;
    std::vector<std::pair<std::string_view, JsonElement>> members;
    for (auto [key, value] : object) {
        lastIndex[key] = members.size();
        members.emplace_back(key, value);
    }

    std::optional<JsonElement> switchValue, output, storageLimit, instrFreq, instrProfiling, optype;
    std::string_view optypeKey;  // optype, or scale before CANN 9.1.0 (B-9)
    std::string_view metrics;
    for (std::size_t i = 0; i < members.size(); ++i) {
        const auto &[key, value] = members[i];
        if (lastIndex[key] != i) continue;
        outcome.keys.emplace_back(std::string(key), minifiedJson(value));

        const KeyRule *rule = findRule(key, ctx_.release);
        if (rule == nullptr) {
            checkUnknownKey(key);
            continue;
        }
        checkKey(*rule, value);

        std::string_view text;
        const bool isString = value.get_string().get(text) == simdjson::SUCCESS;
        if (key == "switch") switchValue = value;
        if (key == "output") output = value;
        if (key == "storage_limit") storageLimit = value;
        if (key == "instr_profiling_freq") instrFreq = value;
        if (key == "instr_profiling") instrProfiling = value;
        if (rule->kind == Kind::optype) {
            optype = value;
            optypeKey = key;
        }
        if (key == "aic_metrics" && isString) metrics = text;
    }

    std::string_view switchText;
    outcome.enabled =
        switchValue && switchValue->get_string().get(switchText) == simdjson::SUCCESS && switchText == "on";

    // Only a section that switches profiling on gets these checks,
    // in the reference's order.
    if (outcome.enabled) {
        if (output) checkOutput(*output);
        if (storageLimit) checkStorageLimit(*storageLimit);
        if (instrFreq && supports(traits_, Gate::instrProfilingFreq))
            checkInstrProfilingFreq(*instrFreq, instrProfiling);
        if (optype) checkOptype(optypeKey, *optype);
        outcome.aicMetrics = metrics.empty() ? std::string(traits_.defaultAicMetric) : std::string(metrics);

        // CANN's docs advise against it, the runtime does not refuse it.
        if (ctx_.effective.dump.kind != DumpKind::none) {
            ctx_.report.warning(kStep, childPointer(kSectionPointer, "switch"),
                                "profiling and dump are both enabled; the CANN documentation advises against "
                                "combining them (measurements include the dump overhead)");
        }
    }

    std::string_view outputText;
    if (output && output->get_string().get(outputText) == simdjson::SUCCESS && !outputText.empty()) {
        outcome.output.set(std::string(outputText), Source::config, childPointer(kSectionPointer, "output"));
    }
}

void ProfilerValidator::checkUnknownKey(std::string_view key) {
    for (const FormerKey &former : kFormerKeys) {
        if (key != former.name) continue;
        fail(key, "EK0005: " + quotedText(key) + " is not a profiler option; it is a key of older CANN versions",
             former.current.empty()
                 ? "remove it: the profiler section names no device (the devices the process uses are profiled)"
                 : "it is now " + quotedText(former.current));
        return;
    }
    const std::vector<std::string_view> allowed = allowedKeys(ctx_.release);
    std::string message = "EK0005: " + quotedText(key) + " is not a profiler option";
    const bool otherReleasesHaveIt = std::any_of(kKeyRules.begin(), kKeyRules.end(), [key](const KeyRule &rule) {
        return rule.key == key;  // in kKeyRules but not in this release's list
    });
    if (otherReleasesHaveIt) {
        message += " in CANN " + std::string(schema::cann::releaseName(ctx_.release)) + " (B-9)";
    }
    const std::string_view suggestion = closestMatch(key, allowed);
    fail(key, message + "; allowed: " + joinedText(allowed),
         suggestion.empty() ? std::string() : "did you mean " + quotedText(suggestion) + "?");
}

// The msprof checks of one known key, in msprof's order.
void ProfilerValidator::checkKey(const KeyRule &rule, JsonElement value) {
    const std::string_view key = rule.key;
    switch (rule.kind) {
        case Kind::instrFrequency:
            // Step 2: an unsupported instr_profiling_freq is EK0005 whatever its type.
            if (!supports(traits_, rule.gate)) return failUnsupported("EK0005", key, value);
            // Step 3; its range waits for step 6.
            if (!isJsonInteger(value)) return failType(key, value, "a JSON integer");
            return;
        case Kind::frequency: {
            // Step 3 comes before the product check: "sys_cpu_freq":"10" is EK0003 everywhere.
            if (!isJsonInteger(value)) return failType(key, value, "a JSON integer");
            if (!supports(traits_, rule.gate)) return failUnsupported("EK0005", key, value);
            const uint64_t max = rule.maxFrequency != 0 ? rule.maxFrequency : traits_.sysHardwareMemFreqMax;
            if (!integerInRange(value, 1, max)) {
                failRule(key, Rule::profiler_frequency_range,
                         {{"key", key},
                          {"value", describeValue(value)},
                          {"max", std::to_string(max)},
                          {"product", rule.maxFrequency == 0 ? " on " + std::string(product_) : std::string()}});
            }
            return;
        }
        case Kind::output:
        case Kind::storageLimit:
        case Kind::optype:
            return;  // Step 4: checked in step 6, and only with "switch":"on".
        default:
            break;
    }

    // Step 5: every other key is a string key.
    std::string_view text;
    if (value.get_string().get(text) != simdjson::SUCCESS) return failType(key, value, "a JSON string");
    checkStringKey(rule, text, value);
}

void ProfilerValidator::checkStringKey(const KeyRule &rule, std::string_view text, JsonElement value) {
    const std::string_view key = rule.key;
    switch (rule.kind) {
        case Kind::plainSwitch:
            // The product check comes first, even for "" and "off" (PV:515-531).
            if (!supports(traits_, rule.gate)) return failUnsupported("EK0005", key, value);
            if (!contains(kSwitchValues, text)) failEnum(key, value, alternativesText(kSwitchValues));
            return;
        case Kind::geApi:
            if (!contains(kGeApiValues, text)) failEnum(key, value, alternativesText(kGeApiValues));
            return;
        case Kind::taskTime:
            if (text == kTaskTimeL3) {
                // The l3 gate refuses with EK0003 only (K-5).
                if (!traits_.taskTimeL3) {
                    failValue("EK0003", key, value,
                              "task trace L3 is not supported on " + std::string(product_) +
                                  "; allowed: " + alternativesText(kTaskTimeValues));
                }
                return;
            }
            if (!contains(kTaskTimeValues, text)) {
                failEnum(key, value,
                         traits_.taskTimeL3 ? alternativesText(kTaskTimeValues, kTaskTimeL3)
                                            : alternativesText(kTaskTimeValues));
            }
            return;
        case Kind::aicMetrics:
            return checkAicMetrics(key, text, value);
        case Kind::memServiceflow:
            // No EK0005 here: the reference raises only EK0003 for this key.
            if (!supports(traits_, rule.gate)) {
                return failValue("EK0003", key, value,
                                 "memory serviceflow profiling is not supported on " + std::string(product_));
            }
            if (text.empty()) failValue("EK0003", key, value, "expected a non-empty string");
            return;
        case Kind::llcProfiling:
            if (!contains(kLlcProfilingValues, text)) {
                failEnum(key, value, alternativesText(kLlcProfilingValues));
            }
            return;
        case Kind::hostSys:
            return checkCommaList(key, text, value, kHostSysItems);
        case Kind::hostSysUsage:
            return checkCommaList(key, text, value, kHostSysUsageItems);
        default:
            return;
    }
}

void ProfilerValidator::checkCommaList(std::string_view key, std::string_view text, JsonElement value,
                                       const auto &items) {
    if (text.empty()) return;
    for (std::string_view item : splitItems(text)) {
        if (!contains(items, item)) {
            failRule(
                key, Rule::profiler_list_item,
                {{"key", key},
                 {"value", describeValue(value)},
                 {"item", item.empty() ? std::string("it has an empty item") : quotedText(item) + " is not an item"},
                 {"allowed", joinedText(items)}});
            return;
        }
    }
}

void ProfilerValidator::checkAicMetrics(std::string_view key, std::string_view text, JsonElement value) {
    if (text.empty()) return;  // the product's default metric
    if (text.size() > kMaxAicMetricsLength) {
        return failValue("EK0003", key, value,
                         "at most " + std::to_string(kMaxAicMetricsLength) + " characters (found " +
                             std::to_string(text.size()) + "); " + metricsAllowed());
    }
    if (text.substr(0, kCustomPrefix.size()) == kCustomPrefix) {
        // The event list is checked at init whatever the switch says (PV CheckAicoreMetricsIsValid).
        std::string events(text.substr(kCustomPrefix.size()));
        std::transform(events.begin(), events.end(), events.begin(),
                       [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
        if (events.empty()) return failValue("EK0003", key, value, "Custom: needs at least one event");
        const std::vector<std::string_view> items = splitItems(events);
        if (items.size() > traits_.maxCustomEvents) {
            return failValue("EK0003", key, value,
                             "at most " + std::to_string(traits_.maxCustomEvents) + " Custom events on " +
                                 std::string(product_) + " (found " + std::to_string(items.size()) + ")");
        }
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (!isValidEvent(items[i])) {
                return failValue("EK0003", key, value,
                                 "Custom event " + std::to_string(i + 1) + " (" + quotedText(items[i]) +
                                     ") is neither 0x<hex digits> nor a decimal int");
            }
        }
        return;
    }
    if (!contains(traits_.aicMetrics, text)) failValue("EK0003", key, value, metricsAllowed());
}

void ProfilerValidator::checkOutput(JsonElement value) {
    std::string_view text;
    if (value.get_string().get(text) != simdjson::SUCCESS) return failType("output", value, "a JSON string (a path)");
    for (const ForbiddenChar &f : kOutputForbidden) {
        if (text.find(f.c) != std::string_view::npos) {
            return failRule("output", Rule::profiler_output_char,
                            {{"value", describeValue(value)}, {"char", f.shown}, {"forbidden", forbiddenOutputText()}});
        }
    }
}

void ProfilerValidator::checkStorageLimit(JsonElement value) {
    std::string_view text;
    if (value.get_string().get(text) != simdjson::SUCCESS) {
        return failType("storage_limit", value, "a JSON string like \"200MB\"");
    }
    if (text.empty()) return;  // no limit
    bool ok = text.size() > kStorageLimitUnit.size() &&
              text.substr(text.size() - kStorageLimitUnit.size()) == kStorageLimitUnit;
    if (ok) {
        const std::string_view digits = text.substr(0, text.size() - kStorageLimitUnit.size());
        ok = allDigits(digits) && digits.size() <= kStorageLimitMaxDigits;
        if (ok) {
            const uint64_t mb = decimalValue(digits);
            ok = mb >= kStorageLimitMinMb && mb <= kStorageLimitMaxMb;
        }
    }
    if (!ok) {
        failRule("storage_limit", Rule::profiler_storage_limit_range, {{"value", describeValue(value)}});
    }
}

void ProfilerValidator::checkInstrProfilingFreq(JsonElement value, std::optional<JsonElement> instrProfiling) {
    // The range applies only while instruction profiling is on (PAM:2062-2065).
    std::string_view text;
    if (!instrProfiling || instrProfiling->get_string().get(text) != simdjson::SUCCESS || text != "on") return;
    if (!isJsonInteger(value)) return;  // already reported in step 3
    if (!integerInRange(value, kInstrProfilingFreqMin, kInstrProfilingFreqMax)) {
        failValue("EK0003", "instr_profiling_freq", value,
                  "Please input an integer value in range [" + std::to_string(kInstrProfilingFreqMin) + ", " +
                      std::to_string(kInstrProfilingFreqMax) + "] (checked because instr_profiling is on)");
    }
}

void ProfilerValidator::checkOptype(std::string_view key, JsonElement value) {
    std::string_view text;
    if (value.get_string().get(text) != simdjson::SUCCESS) return failType(key, value, "a JSON string");
    if (text.empty()) return;
    // The reference fails here with no EK code: only a task-scale capable profiler class (none of
    // the emulated families) accepts optype (K-5), or scale before it (B-9).
    const std::string name(key);
    fail(key, name + " is " + describeValue(value) + "; task-scale profiling (" + name + ") is not supported on " +
                  std::string(product_) + " (" + std::string(ctx_.product.soc) + "); leave " + name + " out or \"\"");
}

// profiling.cpp:139-188 falls back to $ASCEND_WORK_PATH/profiling_data, then the executable's
// directory (K-6).
void fillDefaultOutput(ValidationContext &ctx) {
    Setting<std::string> &output = ctx.effective.profiler.output;
    if (output.source == Source::config) return;
    const auto &workPath = ctx.environment.ascendWorkPath;
    if (workPath && !workPath->empty()) {
        std::string path = *workPath;
        if (path.back() != '/') path += '/';
        path += "profiling_data";
        output.set(std::move(path), Source::environment, "ASCEND_WORK_PATH");
        return;
    }
    output.set(".", Source::defaulted);
    output.note = "the directory of the executable";
}

}  // namespace

void validateProfiler(ValidationContext &ctx) {
    ProfilerOutcome &outcome = ctx.effective.profiler;
    outcome = ProfilerOutcome{};

    const std::optional<JsonElement> section = findMember(ctx.document.root(), kSectionKey);

    // K-5: a non-empty PROFILER_SAMPLECONFIG wins and the section is not validated at all.
    const auto &sampleConfig = ctx.environment.profilerSampleConfig;
    if (sampleConfig && !sampleConfig->empty()) {
        outcome.mode = ProfilerMode::environment;
        if (section) {
            ctx.report.warning(kStep, std::string(kSectionPointer),
                               "PROFILER_SAMPLECONFIG is set, so the profiler section is ignored and not validated; "
                               "profiling is configured from the environment",
                               "unset PROFILER_SAMPLECONFIG to use the profiler section");
        } else {
            ctx.report.note(kStep, "", "profiling is configured from the environment (PROFILER_SAMPLECONFIG)");
        }
        return;
    }

    if (!section) {
        outcome.mode = ProfilerMode::dynamic;  // msprof in dynamic mode; nothing to check
        fillDefaultOutput(ctx);
        return;
    }

    ProfilerValidator(ctx).run(*section);
    fillDefaultOutput(ctx);
}

}  // namespace aclpp::core
