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
        if (c_.err_msg_mode && static_cast<unsigned>(*c_.err_msg_mode) > 1) {
            key_error(top_level_rules::kErrMsgMode, ConfigRule::err_msg_mode_value,
                      quotedText(to_string(*c_.err_msg_mode)));
        }
        if (c_.dump) check_dump(*c_.dump);
        if (c_.max_opqueue_num && *c_.max_opqueue_num == 0) {
            key_error(top_level_rules::kMaxOpqueueNum, ConfigRule::max_opqueue_num_zero, "\"0\"", ", not above 0");
        }
        if (c_.default_device && *c_.default_device < 0) {
            char digits[21] = {};
            key_error(top_level_rules::kDefaultDevice, ConfigRule::default_device_negative,
                      quotedText(aclpp::json::int_digits(*c_.default_device, digits)));
        }
        // K-2: after a SIMD FIFO failure the runtime does not attempt the SIMT FIFO.
        if (check_fifo(top_level_rules::kSimdPrintfFifo, c_.simd_printf_fifo_size_per_core))
            check_fifo(top_level_rules::kSimtPrintfFifo, c_.simt_printf_fifo_size);
        if (c_.event_mode && static_cast<unsigned>(*c_.event_mode) > 1) {
            key_error(top_level_rules::kEventMode, ConfigRule::event_mode_value,
                      quotedText(aclpp::json::uint_text(static_cast<unsigned>(*c_.event_mode))));
        }
        if (c_.profiler) check_profiler(*c_.profiler);
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
    /// A value of a top-level key is wrong: the key's step and pointer are the table's.
    ACLPP_CONSTEXPR_STD void key_error(const top_level_rules::KeyRule &key, ConfigRule rule, const std::string &value,
                                       std::string_view problem = {}) {
        error(::aclpp::schema::stepName(key.step), std::string(key.pointer), rule,
              {{"key", key.key}, {"value", value}, {"problem", problem}, {"allowed", key.allowed}});
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

    /// True when the value is absent or above 0.
    ACLPP_CONSTEXPR_STD bool check_fifo(const top_level_rules::KeyRule &key,
                                        const std::optional<std::uint32_t> &value) {
        if (!value || *value != 0) return true;
        key_error(key, ConfigRule::printf_fifo_zero, "0", ", below 1");
        return false;
    }

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
        view.forEachMember([&](const profiler_rules::KeyRule &row, const ProfilerValue &value) {
            profiler_rules::checkProfilerValue(row, value, product, *this);
        });
        if (profiler_rules::profilingOn(view)) profiler_rules::checkProfilerWhenOn(view, product, *this);
    }

    const Config &c_;
    Report report_{};
    std::size_t dump_errors_ = 0;
};

}  // namespace detail

ACLPP_CONSTEXPR_STD Report Config::validate_static() const {
    return detail::StaticValidator(*this).run();
}

}  // namespace v1
}  // namespace acl
