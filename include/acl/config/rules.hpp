// acl/config/rules.hpp: Config::validate_static, the constexpr checks of the core's validation
// rules that need no file system, product or environment (decision C-4): types, enumerations,
// the dump constraints of K-4 and the fixed ranges of K-1 and K-5. Keys, pointers, codes, limits
// and the text rules (dump_step, IPv4, path characters) are the schema's (<aclpp/schema/...>),
// which the core's validator reads too.
// Findings come in init-step order with the core's codes and JSON pointers, so the first error
// is what aclInit would return. Included by <acl/config.hpp>.
#pragma once

#include <acl/config/dump_view.hpp>
#include <acl/config/profiler_view.hpp>
#include <acl/config/top_level.hpp>
#include <aclpp/json/lexer.hpp>
#include <aclpp/json/text.hpp>
#include <aclpp/schema/dump.hpp>
#include <aclpp/schema/dump_checks.hpp>
#include <aclpp/schema/profiler.hpp>
#include <aclpp/schema/profiler_checks.hpp>
#include <aclpp/schema/rule_table.hpp>
#include <aclpp/schema/steps.hpp>
#include <aclpp/schema/top_level.hpp>
#include <aclpp/schema/top_level_checks.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace acl {
inline namespace v1 {

/// The rules of the schema's table (<aclpp/schema/rule_table.hpp>): the core reports each on
/// a config file, validate_static() those it can check on a Config. Each has a static_assert
/// text in <acl/config/static_config.hpp>, made from the table's row.
using ConfigRule = ::aclpp::schema::rules::Rule;

/// The rule's name, as Finding::rule carries it ("dump_stats_need_data_stats").
[[nodiscard]] constexpr std::string_view to_string(ConfigRule rule) noexcept {
    return ::aclpp::schema::rules::row(rule).name;
}
/// The rule a finding names (ConfigRule::none for a runtime finding).
[[nodiscard]] constexpr ConfigRule rule_of(const Finding &finding) noexcept {
    for (std::size_t i = 1; i < ::aclpp::schema::rules::kRuleRows.size(); ++i) {
        if (::aclpp::schema::rules::kRuleRows[i].name == finding.rule) return static_cast<ConfigRule>(i);
    }
    return ConfigRule::none;
}

namespace detail {

namespace top_level_rules = ::aclpp::schema::top_level_rules;
namespace dump_rules = ::aclpp::schema::dump_rules;
namespace profiler_rules = ::aclpp::schema::profiler_rules;
namespace rule_table = ::aclpp::schema::rules;
using ::aclpp::text::quotedText;
using rule_table::Argument;

/// Runs the rules of the table on a Config, with the arguments the core gives each message, so
/// that a finding reads as the core's finding on the config's JSON text.
class StaticValidator {
public:
    ACLPP_CONSTEXPR_STD explicit StaticValidator(const Config &config) : c_(config) {}

    ACLPP_CONSTEXPR_STD Report run() {
        if (!check_extras()) return finish();
        // The members in init-step order (config_fields'), sections included.
        check_fields(c_, config_fields{});
        return finish();
    }

private:
    ACLPP_CONSTEXPR_STD Report finish() {
        for (const Finding &f : report_.findings) {
            if (f.severity == Severity::error) {
                report_.result = f.code;
                break;
            }
        }
        if (std::is_constant_evaluated()) return report_;  // GCC 12: see detail::put
        return std::move(report_);
    }

    /// A finding of `rule`: its code, message and hint are the table's.
    ACLPP_CONSTEXPR_STD void error(std::string_view step, const std::string &pointer, ConfigRule rule,
                                   std::initializer_list<Argument> arguments) {
        const rule_table::RuleRow &row = rule_table::row(rule);
        Finding f;
        f.severity = Severity::error;
        f.code = static_cast<aclError>(row.code);
        f.pointer = pointer;
        f.step = std::string(step);
        f.message = rule_table::renderMessage(rule, arguments);
        f.hint = rule_table::renderTemplate(row.hint, arguments);
        f.rule = row.name;
        if (std::is_constant_evaluated()) {
            report_.findings.push_back(f);
        } else {
            report_.findings.push_back(std::move(f));
        }
    }
    ACLPP_CONSTEXPR_STD void dump_error(const std::string &pointer, ConfigRule rule,
                                        std::initializer_list<Argument> arguments) {
        ++dump_errors_;
        error(::aclpp::schema::stepName(ACLPP_STEP_DUMP), pointer, rule, arguments);
    }
    /// Where a value of dump sits: its pointer, and the name messages give it
    /// ("dump_list[0].layer" for "/dump/dump_list/0/layer").
    using Place = dump_rules::Place;

    // ---- the builder's own rules: an extra key must not shadow or repeat a key. Then the text
    // the runtime reads must parse (F-3: one error, and nothing is checked after it); when it
    // does, each extra value must still be one JSON value ("1,\"dump\":{}" parses in the object
    // but smuggles in a key). False when the text does not parse.
    ACLPP_CONSTEXPR_STD bool check_extras() {
        std::vector<std::size_t> broken;
        for (std::size_t i = 0; i < c_.extra.size(); ++i) {
            const ExtraKey &item = c_.extra[i];
            bool known = false;
            for (const std::string_view name : top_level_rules::kTopLevelKeys) known = known || name == item.key;
            if (known) error("builder", extra_pointer(i), ConfigRule::extra_key_is_known, {{"key", extra_name(i)}});
            for (std::size_t j = 0; j < i; ++j) {
                if (c_.extra[j].key == item.key) {
                    error("builder", extra_pointer(i), ConfigRule::extra_key_duplicate, {{"key", extra_name(i)}});
                    break;
                }
            }
            // The value sits in the top-level object: one object around it counts to F-4's limit.
            if (!aclpp::json::well_formed(item.json, aclpp::json::Nesting{1, 0})) broken.push_back(i);
        }
        if (broken.empty()) return true;
        if (!aclpp::json::well_formed(extra_members_text())) {
            error(::aclpp::schema::stepName(ACLPP_STEP_ERR_MSG_MODE), "", ConfigRule::extra_json_invalid,
                  {{"key", extra_name(broken.front())}});
            return false;
        }
        for (const std::size_t i : broken) {
            error("builder", extra_pointer(i), ConfigRule::extra_json_not_one_value, {{"key", extra_name(i)}});
        }
        return true;
    }
    /// {"key":value,...} of the extra keys alone, values as given: it parses exactly when the
    /// text to_json writes does, as the typed members before them are whole members. (to_json
    /// itself refuses a value that is not one JSON value in a constant expression.)
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::string extra_members_text() const {
        std::string text = "{";
        for (const ExtraKey &item : c_.extra) {
            if (text.size() > 1) text += ',';
            aclpp::json::append_json_string(text, item.key);
            text += ':';
            text += item.json;
        }
        text += '}';
        return text;
    }
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::string extra_pointer(std::size_t i) const {
        std::string pointer;
        aclpp::json::append_pointer_token(pointer, c_.extra[i].key);
        return pointer;
    }
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::string extra_name(std::size_t i) const {
        return quotedText(c_.extra[i].key);
    }

    // ---- the top-level keys (K-1, K-3): read as the runtime reads what to_json writes ----
    template <class Owner, std::size_t... Rows, auto... Members>
    ACLPP_CONSTEXPR_STD void check_fields(const Owner &owner, field_table<field<Rows, Members>...>) {
        (check_field<Rows>(owner.*Members), ...);
    }
    template <std::size_t Row, class T>
    ACLPP_CONSTEXPR_STD void check_field(const std::optional<T> &value) {
        static_assert(Row == section_field || top_level_rules::kKeyRules[Row].typedValueRule != ConfigRule::none ||
                          top_level_rules::kKeyRules[Row].rule == top_level_rules::ValueRule::stackNumber,
                      "a top-level row whose typed member can hold a bad value names the rule it breaks");
        if (!value) return;
        if constexpr (std::is_same_v<T, Dump>) {
            check_dump(*value);
        } else if constexpr (std::is_same_v<T, Profiler>) {
            check_profiler(*value);
        } else if constexpr (std::is_same_v<T, StackSize>) {
            check_fields(*value, stack_fields{});
        } else {
            constexpr std::size_t kSimd = top_level_rules::rowOf(top_level_rules::kSimdPrintfFifo.key);
            constexpr std::size_t kSimt = top_level_rules::rowOf(top_level_rules::kSimtPrintfFifo.key);
            // K-2: after a SIMD FIFO failure the runtime does not attempt the SIMT FIFO.
            if (Row == kSimt && simd_fifo_failed_) return;
            const bool read =
                top_level_rules::checkValue(top_level_rules::kKeyRules[Row], top_level_value<Row>(*value), *this)
                    .has_value();
            if (Row == kSimd) simd_fifo_failed_ = !read;
        }
    }

public:
    // The sink of top_level_rules::checkValue. A typed member is written with its row's JSON type
    // (top_level_value), so the value, never the type, is wrong.
    ACLPP_CONSTEXPR_STD void fail(const top_level_rules::KeyRule &row, bool /*wrong_type*/,
                                  std::initializer_list<Argument> arguments) {
        error(::aclpp::schema::stepName(row.step), std::string(row.pointer), row.typedValueRule, arguments);
    }

private:
    // ---- dump (K-4): phases B and C are the schema's (aclpp/schema/dump_checks.hpp) ----
    ACLPP_CONSTEXPR_STD void check_dump(const Dump &d) {
        const DumpView view(d);
        if (view.empty()) return;
        dump_rules::checkDumpValues(view, *this);
        if (dump_errors_ != 0) return;
        dump_rules::checkDumpConstraints(view, *this);
    }

public:
    // The sink of dump_rules::checkDumpValues and checkDumpConstraints.
    ACLPP_CONSTEXPR_STD void fail(const Place &at, ConfigRule rule, std::initializer_list<Argument> arguments,
                                  dump_rules::Suggestion = {}) {
        dump_error(at.pointer(), rule, arguments);
    }
    /// A local dump_path is the file system's to judge, at run time.
    constexpr void localPath(const Place &, std::string_view) const noexcept {}

    // The sink of profiler_rules::checkProfilerValue and checkProfilerWhenOn.
    ACLPP_CONSTEXPR_STD void fail(const profiler_rules::KeyRule &row, ConfigRule rule,
                                  std::initializer_list<Argument> arguments) {
        error(::aclpp::schema::stepName(ACLPP_STEP_PROFILING), std::string(row.pointer), rule, arguments);
    }

private:
    // ---- profiler (K-5): the schema's checks (aclpp/schema/profiler_checks.hpp), for any product ----
    ACLPP_CONSTEXPR_STD void check_profiler(const Profiler &p) {
        const ProfilerView view(p);
        constexpr profiler_rules::AnyProduct product{};
        view.forEachMember([&](const profiler_rules::KeyRule &row, const WrittenValue &value) {
            profiler_rules::checkProfilerValue(row, value, product, *this);
        });
        if (profiler_rules::profilingOn(view)) profiler_rules::checkProfilerWhenOn(view, product, *this);
    }

    const Config &c_;
    Report report_{};
    std::size_t dump_errors_ = 0;
    bool simd_fifo_failed_ = false;
};

}  // namespace detail

ACLPP_CONSTEXPR_STD Report Config::validate_static() const {
    return detail::StaticValidator(*this).run();
}

}  // namespace v1
}  // namespace acl
