// The checks of the `profiler` section's values (decision K-5), written once: msprof's checks of
// each key, then the checks it makes only when profiling is switched on. The core's validator
// runs them on the parsed file for the product it runs on; Config::validate_static() runs them on
// acl::Profiler in a constant expression, for AnyProduct. Each finding goes to the caller's sink
// with a row of the rule table, so the two report the same rules, pointers, order and texts.
//
// A value (one member of the section):
//   value.isString(), value.text()  a JSON string and its text as the runtime reads it
//   value.isInteger()               a JSON integer, negative ones included
//   value.integer()                 std::optional<std::uint64_t>: a JSON integer from 0 to 2^64-1
//   value.shown()                   how a message shows the value ("\"l9\"", "0")
//   value.typeName()                how a message names its JSON type ("a number")
// A view (the section):
//   view.member(row)                std::optional of a value: the row's key, when given
// A product (what it allows beyond every product's rules):
//   product.supports(Gate), product.taskTimeL3(), product.hardwareMemFreqMax(),
//   product.isMetric(text), product.maxCustomEvents(), product.taskScale()
//   product.name()                  "Atlas A2"; "" for AnyProduct
//   product.nameAndSoc()            "Atlas A2 (Ascend910B1)": a std::string or a string_view
//   product.metricsAllowed()        what aic_metrics may be: "allowed on Atlas A2: [...] or ..."
// A sink:
//   sink.fail(row, rule, arguments) a finding of the rule table's `rule` about the row's key
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <aclpp/json/text.hpp>
#include <aclpp/schema/digits.hpp>
#include <aclpp/schema/profiler.hpp>
#include <aclpp/schema/rule_table.hpp>
#include <aclpp/std_constexpr.hpp>
#include <aclpp/text/shown_text.hpp>

namespace aclpp::schema::profiler_rules {

/// The product of a typed config, which names none: it allows what any product allows, so a
/// constant config fails only what fails everywhere (the core checks the product at aclInit).
struct AnyProduct {
    [[nodiscard]] constexpr bool supports(Gate) const noexcept { return true; }
    [[nodiscard]] constexpr bool taskTimeL3() const noexcept { return true; }
    [[nodiscard]] constexpr std::uint64_t hardwareMemFreqMax() const noexcept { return kHardwareMemFreqMaxMicro; }
    [[nodiscard]] constexpr bool isMetric(std::string_view) const noexcept { return true; }
    [[nodiscard]] constexpr std::size_t maxCustomEvents() const noexcept {
        return std::numeric_limits<std::size_t>::max();
    }
    [[nodiscard]] constexpr bool taskScale() const noexcept { return true; }
    // A typed config names no product, so its messages name none; metricsAllowed is never asked
    // for (isMetric accepts every name).
    [[nodiscard]] constexpr std::string_view name() const noexcept { return {}; }
    [[nodiscard]] constexpr std::string_view nameAndSoc() const noexcept { return {}; }
    [[nodiscard]] constexpr std::string_view metricsAllowed() const noexcept { return {}; }
};

namespace detail {

[[nodiscard]] constexpr std::string_view trimmed(std::string_view text) noexcept {
    constexpr std::string_view kSpace = " \t\n\r\f\v";
    const auto first = text.find_first_not_of(kSpace);
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(kSpace);
    return text.substr(first, last - first + 1);
}

/// The items between commas, empty ones kept, as msprof's Utils::Split does (they are refused).
[[nodiscard]] ACLPP_CONSTEXPR_STD std::vector<std::string_view> splitItems(std::string_view text) {
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

[[nodiscard]] constexpr bool isLowerHexDigit(char c) noexcept {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/// One Custom: event (already lower-cased): "0x" and hex digits, or decimal digits that fit an
/// int (msprof's CheckHexOrDec: hex first, then decimal through stoi).
[[nodiscard]] constexpr bool isValidEvent(std::string_view item) noexcept {
    const std::string_view event = trimmed(item);
    if (event.size() > 2 && event.substr(0, 2) == "0x") {
        bool hex = true;
        for (const char c : event.substr(2)) hex = hex && isLowerHexDigit(c);
        if (hex) return true;
    }
    return allDigits(event) && decimalValue(event) <= static_cast<std::uint64_t>(std::numeric_limits<int32_t>::max());
}

[[nodiscard]] ACLPP_CONSTEXPR_STD std::string lowerCased(std::string_view text) {
    std::string out(text);
    for (char &c : out) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

template <class Value>
[[nodiscard]] constexpr bool integerIn(const Value &value, std::uint64_t min, std::uint64_t max) {
    const std::optional<std::uint64_t> v = value.integer();
    return v && *v >= min && *v <= max;
}

template <class Value, class Sink>
ACLPP_CONSTEXPR_STD void failType(const KeyRule &row, const Value &value, std::string_view expected, Sink &sink) {
    const std::string shown = value.shown();
    sink.fail(row, rules::Rule::profiler_type,
              {{"key", row.key}, {"value", shown}, {"type", value.typeName()}, {"expected", expected}});
}

/// Arguments key, value, product, platform and allowed, which most of the rules below fill.
template <class Value, class Product, class Sink>
ACLPP_CONSTEXPR_STD void failValue(const KeyRule &row, const Value &value, const Product &product, rules::Rule rule,
                                   std::string_view allowed, Sink &sink) {
    const std::string shown = value.shown();
    const std::string platform(product.nameAndSoc());
    sink.fail(row, rule,
              {{"key", row.key},
               {"value", shown},
               {"product", product.name()},
               {"platform", platform},
               {"allowed", allowed}});
}

template <class Value, class Product, class Sink>
ACLPP_CONSTEXPR_STD void checkFrequency(const KeyRule &row, const Value &value, const Product &product, Sink &sink) {
    const std::uint64_t max = row.maxFrequency != 0 ? row.maxFrequency : product.hardwareMemFreqMax();
    if (integerIn(value, 1, max)) return;
    const std::string shown = value.shown();
    const std::string maxText = json::uint_text(max);
    // The product's own bound says whose it is. (No ?: between two std::string: GCC 12 cannot
    // evaluate one in a constant expression.)
    std::string on;
    if (row.maxFrequency == 0 && !product.name().empty()) {
        on += " on ";
        on += product.name();
    }
    sink.fail(row, rules::Rule::profiler_frequency_range,
              {{"key", row.key}, {"value", shown}, {"max", maxText}, {"product", on}});
}

template <class Value, class Sink>
ACLPP_CONSTEXPR_STD void checkCommaList(const KeyRule &row, const Value &value, std::string_view text, Sink &sink) {
    if (text.empty()) return;
    for (const std::string_view item : splitItems(text)) {
        if (row.values.contains(item)) continue;
        const std::string shown = value.shown();
        // Appended, not assigned: GCC 12 cannot move-assign a std::string in a constant expression.
        std::string which;
        if (item.empty()) {
            which += "it has an empty item";
        } else {
            which += text::quotedText(item);
            which += " is not an item";
        }
        const std::string allowed = rules::joinedText(row.values);
        sink.fail(row, rules::Rule::profiler_list_item,
                  {{"key", row.key}, {"value", shown}, {"item", which}, {"allowed", allowed}});
        return;
    }
}

template <class Value, class Product, class Sink>
ACLPP_CONSTEXPR_STD void checkAicMetrics(const KeyRule &row, const Value &value, std::string_view text,
                                         const Product &product, Sink &sink) {
    using rules::Rule;
    if (text.empty()) return;  // the product's default metric
    if (text.size() > kMaxAicMetricsLength) {
        const std::string shown = value.shown();
        const std::string length = json::uint_text(text.size());
        return sink.fail(row, Rule::profiler_metrics_too_long,
                         {{"key", row.key}, {"value", shown}, {"length", length}});
    }
    if (!text.starts_with(kCustomPrefix)) {
        if (!product.isMetric(text))
            failValue(row, value, product, Rule::profiler_metric_unknown, product.metricsAllowed(), sink);
        return;
    }
    // The event list is checked at init whatever the switch says (msprof's CheckAicoreMetricsIsValid).
    const std::string events = lowerCased(text.substr(kCustomPrefix.size()));
    if (events.empty()) return failValue(row, value, product, Rule::profiler_custom_events_empty, {}, sink);
    const std::vector<std::string_view> items = splitItems(events);
    if (items.size() > product.maxCustomEvents()) {
        const std::string shown = value.shown();
        const std::string max = json::uint_text(product.maxCustomEvents());
        const std::string count = json::uint_text(items.size());
        return sink.fail(
            row, Rule::profiler_custom_events_too_many,
            {{"key", row.key}, {"value", shown}, {"max", max}, {"product", product.name()}, {"count", count}});
    }
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (isValidEvent(items[i])) continue;
        const std::string shown = value.shown();
        const std::string index = json::uint_text(i + 1);
        const std::string event = text::quotedText(items[i]);
        return sink.fail(row, Rule::profiler_custom_event_invalid,
                         {{"key", row.key}, {"value", shown}, {"index", index}, {"event", event}});
    }
}

/// The checks of a key whose value is a string (msprof's step 5).
template <class Value, class Product, class Sink>
ACLPP_CONSTEXPR_STD void checkStringKey(const KeyRule &row, const Value &value, std::string_view text,
                                        const Product &product, Sink &sink) {
    using rules::Rule;
    switch (row.kind) {
        case Kind::plainSwitch:
            // The product comes before the value, even for "" and "off" (PV:515-531).
            if (!product.supports(row.gate)) {
                return failValue(row, value, product, Rule::profiler_key_unsupported, {}, sink);
            }
            [[fallthrough]];
        case Kind::geApi:
        case Kind::llcProfiling:
            if (!row.values.contains(text)) {
                failValue(row, value, product, Rule::profiler_enum_value, rules::alternativesText(row.values), sink);
            }
            return;
        case Kind::taskTime:
            if (text == row.productValue) {
                // A product without it refuses with EK0003 only (K-5).
                if (!product.taskTimeL3()) {
                    failValue(row, value, product, Rule::profiler_task_time_l3, rules::alternativesText(row.values),
                              sink);
                }
                return;
            }
            if (!row.values.contains(text)) {
                const std::string allowed =
                    rules::alternativesText(row.values, product.taskTimeL3() ? row.productValue : std::string_view());
                failValue(row, value, product, Rule::profiler_enum_value, allowed, sink);
            }
            return;
        case Kind::aicMetrics:
            return checkAicMetrics(row, value, text, product, sink);
        case Kind::memServiceflow:
            // Not EK0005 when the product lacks it: the reference raises EK0003 only.
            if (!product.supports(row.gate)) {
                return failValue(row, value, product, Rule::profiler_mem_serviceflow_unsupported, {}, sink);
            }
            if (text.empty()) failValue(row, value, product, Rule::profiler_text_empty, {}, sink);
            return;
        case Kind::hostSys:
        case Kind::hostSysUsage:
            return checkCommaList(row, value, text, sink);
        default:
            return;
    }
}

}  // namespace detail

/// msprof's checks of one given key of the allow-list, in msprof's order (K-5). The keys whose
/// checks wait for "switch":"on" pass here.
template <class Value, class Product, class Sink>
ACLPP_CONSTEXPR_STD void checkProfilerValue(const KeyRule &row, const Value &value, const Product &product,
                                            Sink &sink) {
    using rules::Rule;
    switch (row.kind) {
        case Kind::instrFrequency:
            // Step 2: a product without it refuses the key whatever its type.
            if (!product.supports(row.gate)) {
                return detail::failValue(row, value, product, Rule::profiler_key_unsupported, {}, sink);
            }
            // Step 3; its range waits for step 6.
            if (!value.isInteger()) detail::failType(row, value, "a JSON integer", sink);
            return;
        case Kind::frequency:
            // Step 3 comes before the product: "sys_cpu_freq":"10" is EK0003 everywhere.
            if (!value.isInteger()) return detail::failType(row, value, "a JSON integer", sink);
            if (!product.supports(row.gate)) {
                return detail::failValue(row, value, product, Rule::profiler_key_unsupported, {}, sink);
            }
            return detail::checkFrequency(row, value, product, sink);
        case Kind::output:
        case Kind::storageLimit:
        case Kind::optype:
            return;  // Step 4: checked in step 6, and only with "switch":"on".
        default:
            break;
    }
    // Step 5: every other key is a string key.
    if (!value.isString()) return detail::failType(row, value, "a JSON string", sink);
    detail::checkStringKey(row, value, value.text(), product, sink);
}

/// True when the switch of `row` is given as "on".
template <class View>
[[nodiscard]] ACLPP_CONSTEXPR_STD bool isOn(const View &view, const KeyRule &row) {
    const auto value = view.member(row);
    return value && value->isString() && value->text() == kSwitchValues[0];
}

/// True when the section switches profiling on.
template <class View>
[[nodiscard]] ACLPP_CONSTEXPR_STD bool profilingOn(const View &view) {
    return isOn(view, kSwitch);
}

/// Step 6: the checks msprof makes only when profiling is on, in its order (the rows').
template <class View, class Product, class Sink>
ACLPP_CONSTEXPR_STD void checkProfilerWhenOn(const View &view, const Product &product, Sink &sink) {
    using rules::Rule;
    for (const KeyRule &row : kKeyRules) {
        const auto value = view.member(row);
        if (!value) continue;
        switch (row.kind) {
            case Kind::output: {
                if (!value->isString()) {
                    detail::failType(row, *value, "a JSON string (a path)", sink);
                    break;
                }
                const std::string_view text = value->text();
                for (const ForbiddenChar &f : kOutputForbidden) {
                    if (text.find(f.c) == std::string_view::npos) continue;
                    const std::string shown = value->shown();
                    const std::string forbidden = rules::forbiddenOutputText();
                    sink.fail(row, Rule::profiler_output_char,
                              {{"value", shown}, {"char", f.shown}, {"forbidden", forbidden}});
                    break;
                }
                break;
            }
            case Kind::storageLimit: {
                if (!value->isString()) {
                    detail::failType(row, *value, "a JSON string like \"200MB\"", sink);
                    break;
                }
                const std::string_view text = value->text();
                if (text.empty()) break;  // no limit
                if (!isStorageLimit(text)) {
                    const std::string shown = value->shown();
                    sink.fail(row, Rule::profiler_storage_limit_range, {{"value", shown}});
                }
                break;
            }
            case Kind::instrFrequency: {
                // The range holds only while instruction profiling is on (PAM:2062-2065); a value
                // of the wrong type was reported before.
                if (!product.supports(row.gate) || !isOn(view, kInstrProfiling) || !value->isInteger()) break;
                if (!detail::integerIn(*value, kInstrProfilingFreqMin, kInstrProfilingFreqMax)) {
                    detail::failValue(row, *value, product, Rule::profiler_instr_frequency_range, {}, sink);
                }
                break;
            }
            case Kind::optype:
                if (!value->isString()) {
                    detail::failType(row, *value, "a JSON string", sink);
                    break;
                }
                // Only a task-scale capable profiler class accepts it (K-5), or scale before it (B-9).
                if (!value->text().empty() && !product.taskScale()) {
                    detail::failValue(row, *value, product, Rule::profiler_task_scale_unsupported, {}, sink);
                }
                break;
            default:
                break;
        }
    }
}

}  // namespace aclpp::schema::profiler_rules
