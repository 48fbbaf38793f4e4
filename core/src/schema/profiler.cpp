// The `profiler` section (decision K-5): CANN's msprof checks, with the per-product
// rules of E-1. Every rejection is ACL_ERROR_INVALID_PARAM at the profiling step.
//
// The reference walks the keys in hash-map order, so which error it reports first is unspecified
// in CANN. aclpp walks them in document order and reports every finding; the first
// error is the decisive one.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "aclpp/schema/profiler_checks.hpp"
#include "aclpp/schema/rule_table.hpp"
#include "schema/context.hpp"
#include "schema/member_value.hpp"
#include "schema/profiler_gate.hpp"
#include "text/user_text.hpp"

namespace aclpp::core {
namespace {

constexpr aclppStep kStep = ACLPP_STEP_PROFILING;
constexpr std::string_view kSectionKey = "profiler";
constexpr std::string_view kSectionPointer = "/profiler";

// The tables (allow-list, value lists, limits) and the checks of the values are the schema's
// (aclpp/schema/profiler.hpp, profiler_checks.hpp); this file walks the parsed section.
using namespace schema::profiler_rules;
using schema::rules::joinedText;

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

/// The allow-listed members of the section, by row: the last of a repeated key (F-5).
class SectionView {
public:
    void set(const KeyRule &row, JsonElement value) noexcept { byRow_[rowIndex(row)] = value; }
    std::optional<MemberValue> member(const KeyRule &row) const noexcept {
        const std::optional<JsonElement> &value = byRow_[rowIndex(row)];
        return value ? std::optional<MemberValue>(MemberValue(*value)) : std::nullopt;
    }

private:
    static std::size_t rowIndex(const KeyRule &row) noexcept {
        return static_cast<std::size_t>(&row - kKeyRules.data());
    }
    std::array<std::optional<JsonElement>, kKeyRules.size()> byRow_{};
};

/// The product aclInit runs on, as the schema's checks ask about it (K-5, E-1).
class ProductRules {
public:
    explicit ProductRules(const Product &product) noexcept : product_(product), traits_(product.traits->profiler) {}

    bool supports(Gate gate) const noexcept { return core::supports(traits_, gate); }
    bool taskTimeL3() const noexcept { return traits_.taskTimeL3; }
    uint64_t hardwareMemFreqMax() const noexcept { return traits_.sysHardwareMemFreqMax; }
    bool isMetric(std::string_view text) const noexcept {
        return std::find(traits_.aicMetrics.begin(), traits_.aicMetrics.end(), text) != traits_.aicMetrics.end();
    }
    std::size_t maxCustomEvents() const noexcept { return traits_.maxCustomEvents; }
    bool taskScale() const noexcept { return false; }  // no emulated family has a task-scale profiler class
    std::string_view name() const noexcept { return product_.traits->name; }
    std::string nameAndSoc() const { return std::string(name()) + " (" + std::string(product_.soc) + ")"; }
    std::string metricsAllowed() const {
        std::string metrics;
        for (std::string_view metric : traits_.aicMetrics) {
            if (!metrics.empty()) metrics += '|';
            metrics += metric;
        }
        return "allowed on " + std::string(name()) + ": [" + metrics + "] or Custom:<event-list>";
    }

private:
    const Product &product_;
    const ProfilerTraits &traits_;
};

class ProfilerValidator {
public:
    explicit ProfilerValidator(ValidationContext &ctx) : ctx_(ctx), product_(ctx.product) {}

    void run(JsonElement section);

    // The sink of the schema's checks.
    void fail(const KeyRule &row, schema::rules::Rule rule, std::initializer_list<schema::rules::Argument> arguments) {
        const schema::rules::RuleRow &ruleRow = schema::rules::row(rule);
        ctx_.report.error(kStep, static_cast<aclError>(ruleRow.code), std::string(row.pointer),
                          schema::rules::renderMessage(rule, arguments),
                          schema::rules::renderTemplate(ruleRow.hint, arguments));
    }

private:
    void failSection(std::string message) {
        ctx_.report.error(kStep, ACL_ERROR_INVALID_PARAM, std::string(kSectionPointer), std::move(message));
    }
    void checkUnknownKey(std::string_view key);

    ValidationContext &ctx_;
    ProductRules product_;
};

void ProfilerValidator::run(JsonElement section) {
    ProfilerOutcome &outcome = ctx_.effective.profiler;
    outcome.mode = ProfilerMode::config;

    JsonObject object;
    if (section.get_object().get(object) != simdjson::SUCCESS) {
        return failSection("EK0003: profiler is " + describeValue(section) + " (" + std::string(describeType(section)) +
                           "); expected a JSON object");
    }
    // msprof receives the section re-serialised; a longer text is refused as a whole, so the
    // keys are not looked at (reporting thousands of findings for it would help nobody).
    if (const std::size_t length = minifiedJson(section).size(); length > kMaxSectionLength) {
        return failSection("EK0003: profiler serialises to " + std::to_string(length) + " bytes; at most " +
                           std::to_string(kMaxSectionLength) + " bytes (1 MiB) are allowed");
    }

    // Duplicate keys: the last one wins (F-5), so only the last occurrence is checked.
    std::unordered_map<std::string_view, std::size_t> lastIndex;
    std::vector<std::pair<std::string_view, JsonElement>> members;
    for (auto [key, value] : object) {
        lastIndex[key] = members.size();
        members.emplace_back(key, value);
    }

    SectionView view;
    for (std::size_t i = 0; i < members.size(); ++i) {
        const auto &[key, value] = members[i];
        if (lastIndex[key] != i) continue;
        outcome.keys.emplace_back(std::string(key), minifiedJson(value));

        const KeyRule *rule = findRule(key, ctx_.release);
        if (rule == nullptr) {
            checkUnknownKey(key);
            continue;
        }
        view.set(*rule, value);
        checkProfilerValue(*rule, MemberValue(value), product_, *this);
    }

    outcome.enabled = profilingOn(view);
    if (outcome.enabled) {
        checkProfilerWhenOn(view, product_, *this);
        const std::optional<MemberValue> metrics = view.member(kAicMetrics);
        const std::string_view metric = metrics ? metrics->text() : std::string_view();
        outcome.aicMetrics = std::string(metric.empty() ? ctx_.product.traits->profiler.defaultAicMetric : metric);

        // CANN's docs advise against it, the runtime does not refuse it.
        if (ctx_.effective.dump.kind != DumpKind::none) {
            ctx_.report.warning(kStep, std::string(kSwitch.pointer),
                                "profiling and dump are both enabled; the CANN documentation advises against "
                                "combining them (measurements include the dump overhead)");
        }
    }

    const std::optional<MemberValue> output = view.member(kOutput);
    if (output && !output->text().empty()) {
        outcome.output.set(std::string(output->text()), Source::config, std::string(kOutput.pointer));
    }
}

void ProfilerValidator::checkUnknownKey(std::string_view key) {
    const auto failKey = [&](std::string message, std::string hint) {
        ctx_.report.error(kStep, ACL_ERROR_INVALID_PARAM, childPointer(kSectionPointer, key), std::move(message),
                          std::move(hint));
    };
    for (const FormerKey &former : kFormerKeys) {
        if (key != former.name) continue;
        return failKey(
            "EK0005: " + quotedText(key) + " is not a profiler option; it is a key of older CANN versions",
            former.current.empty()
                ? "remove it: the profiler section names no device (the devices the process uses are profiled)"
                : "it is now " + quotedText(former.current));
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
    failKey(message + "; allowed: " + joinedText(allowed),
            suggestion.empty() ? std::string() : "did you mean " + quotedText(suggestion) + "?");
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
