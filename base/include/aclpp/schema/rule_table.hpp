// The rules of acl.json that need no file system or environment, as one table: the core's
// validator reports them on the parsed file and the typed config's compile-time checks (C-4) on
// acl::Config, both with the row's code, message id and message template filled in with the same
// arguments, so the two cannot say different things. A profiler rule that a product decides
// takes the product's name ({product}: "Atlas A2") or its name and SoC ({platform}: "Atlas A2
// (Ascend910B1)"); the typed config checks for any product, so only the core reaches those. A
// row's summary is the compile-time error text (a literal: static_assert takes no other); its
// hint is a template too.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include <aclpp/schema/digits.hpp>
#include <aclpp/schema/dump.hpp>
#include <aclpp/schema/profiler.hpp>
#include <aclpp/std_constexpr.hpp>
#include <aclpp/text/shown_text.hpp>

namespace aclpp::schema::rules {

// Templates that several rows share. A {name} is filled in by renderMessage.
inline constexpr std::string_view kKeyValueText = "{key} is {value}{problem}; allowed: {allowed}";
inline constexpr std::string_view kEnumValueText = "{name} is {value}; allowed: {allowed}";
inline constexpr std::string_view kWatcherSwitchText =
    "{name} is {value}; it cannot be \"on\" when dump_scene is "
    "\"watcher\"";
inline constexpr std::string_view kExceptionSwitchText =
    "{name} is {value}; it cannot be \"on\" when dump_scene is the exception scene {scene}";
inline constexpr std::string_view kDumpPathText = "dump_path is {value}; {problem}";
inline constexpr std::string_view kNeedsLevelOpText =
    "{name} is set; it requires dump_level \"op\" (dump_level is "
    "{level})";
inline constexpr std::string_view kKernelDataText =
    "dump_kernel_data is {value}; item {index} is {item}; allowed: a comma-separated list, without spaces, of "
    "{allowed}";

}  // namespace aclpp::schema::rules

// X(rule, decision, code, message id, summary, message template, hint). The code and the summary
// are literals and the message id a token (`none` for no id) so that the compile-time checks
// can name them in a static_assert.
// clang-format off
#define ACLPP_SCHEMA_RULES(X)                                                                                          \
    X(extra_key_is_known, "C-4", "100000", none, "an extra key is read by the runtime; set the typed member",          \
      "extra key {key} is read by the runtime; set the typed member instead", "")                                      \
    X(extra_key_duplicate, "C-4", "100000", none, "an extra key is given twice", "extra key {key} is given twice", "") \
    X(extra_json_not_one_value, "C-4", "100000", none, "an extra key's value is not one JSON value",                   \
      "the value of extra key {key} is not one JSON value", "")                                                        \
    X(extra_json_invalid, "F-3", "100006", none, "an extra key's value makes the config invalid JSON text",            \
      "the value of extra key {key} makes the config invalid JSON text", "")                                           \
    X(err_msg_mode_value, "K-1", "100000", none, "err_msg_mode must be \"0\" or \"1\"",                                \
      ::aclpp::schema::rules::kKeyValueText, "")                                                                       \
    X(dump_enum_value, "K-4", "100009", EP0002, "a dump enumeration holds an invalid value",                           \
      ::aclpp::schema::rules::kEnumValueText, "")                                                                      \
    X(dump_enum_empty, "K-4", "100009", EP0001, "a dump enumeration is empty",                                         \
      "{name} is empty (\"\"); allowed: {allowed}", "")                                                                \
    X(dump_kernel_data_empty, "K-4", "100009", EP0001, "dump_kernel_data needs at least one item",                     \
      ::aclpp::schema::rules::kKernelDataText, "")                                                                     \
    X(dump_kernel_data_value, "K-4", "100009", EP0002, "dump_kernel_data holds an invalid item",                       \
      ::aclpp::schema::rules::kKernelDataText, "")                                                                     \
    X(dump_stats_value, "K-4", "100009", EP0002, "dump_stats holds an invalid statistic",                              \
      ::aclpp::schema::rules::kEnumValueText, "")                                                                      \
    X(watcher_debug_on, "K-4", "100009", EP0005, "dump_scene watcher forbids dump_debug on",                           \
      ::aclpp::schema::rules::kWatcherSwitchText, "")                                                                  \
    X(watcher_op_switch_on, "K-4", "100009", EP0005, "dump_scene watcher forbids dump_op_switch on",                   \
      ::aclpp::schema::rules::kWatcherSwitchText, "")                                                                  \
    X(watcher_mode_not_output, "K-4", "100009", EP0005, "dump_scene watcher requires dump_mode output",                \
      "{name} is {value}; dump_scene \"watcher\" requires dump_mode \"output\"", "")                                   \
    X(exception_scene_debug_on, "K-4", "100009", EP0005, "an exception dump_scene forbids dump_debug on",              \
      ::aclpp::schema::rules::kExceptionSwitchText, "")                                                                \
    X(exception_scene_op_switch_on, "K-4", "100009", EP0005, "an exception dump_scene forbids dump_op_switch on",      \
      ::aclpp::schema::rules::kExceptionSwitchText, "")                                                                \
    X(dump_path_missing, "K-4", "100009", EP0001, "dump_path is required unless dump_scene is an exception scene",     \
      "dump_path is missing; it is required unless dump_scene is an exception scene ({scenes}){releases}",             \
      "add \"dump_path\" naming an existing readable and writable directory, or <a.b.c.d>:<path>")                     \
    X(dump_path_empty, "K-4", "100009", EP0001, "dump_path is empty",                                                  \
      "dump_path is empty (\"\"); expected an existing readable and writable directory or <a.b.c.d>:<path>", "")       \
    X(dump_path_too_long, "K-4", "100009", EP0003,                                                                     \
      "dump_path is longer than " ACLPP_SCHEMA_MAX_DUMP_PATH_LENGTH " bytes",                                          \
      ::aclpp::schema::rules::kDumpPathText, "")                                                                       \
    X(dump_path_remote_empty, "K-4", "100009", EP0003, "nothing follows the colon of a.b.c.d:<path>",                  \
      ::aclpp::schema::rules::kDumpPathText, "")                                                                       \
    X(dump_path_remote_bad_char, "K-4", "100009", EP0003, "the remote path holds a forbidden character",               \
      ::aclpp::schema::rules::kDumpPathText, "")                                                                       \
    X(overflow_op_switch_on, "K-4", "100009", EP0005, "dump_debug on forbids dump_op_switch on",                       \
      "{name} is {value}; it cannot be \"on\" when dump_debug is \"on\"", "")                                          \
    X(dump_step_syntax, "K-4", "100009", EP0003,                                                                       \
      "dump_step must be up to " ACLPP_SCHEMA_MAX_STEP_ITEMS " '|' items N or N-M with N <= M",                        \
      "dump_step is {value}; {issue}; " ACLPP_SCHEMA_STEP_RULE ACLPP_SCHEMA_STEP_EXAMPLE, "")                          \
    X(list_model_name_empty, "K-4", "100009", EP0001, "a dump_list model_name is empty",                               \
      "{name} is empty (\"\"); with dump_op_switch off, give a model name or leave model_name out", "")                \
    X(list_layer_empty, "K-4", "100009", EP0001, "a dump_list layer list is empty",                                    \
      "{name} is empty ([]); with dump_op_switch off, list layers or leave layer out", "")                             \
    X(watcher_nodes_missing, "K-4", "100009", EP0001,                                                                  \
      "dump_scene watcher needs watcher_nodes in every dump_list item",                                                \
      "{name} is missing; dump_scene \"watcher\" requires it in every dump_list item", "")                             \
    X(watcher_nodes_empty, "K-4", "100009", EP0001, "watcher_nodes is empty",                                          \
      "{name} is empty ([]); dump_scene \"watcher\" requires at least one node", "")                                   \
    X(watcher_model_name_set, "K-4", "100009", EP0005, "dump_scene watcher forbids model_name",                        \
      "{name} is {value}; it cannot be set when dump_scene is \"watcher\"", "")                                        \
    X(watcher_nodes_without_watcher, "K-4", "100009", EP0005, "watcher_nodes needs dump_scene watcher",                \
      "{name} is {value}; it is only allowed when dump_scene is \"watcher\" (dump_scene is {scene})", "")              \
    X(blacklist_too_long, "K-4", "100009", EP0003,                                                                     \
      "a blacklist has more than " ACLPP_SCHEMA_MAX_BLACKLIST_ENTRIES " entries",                                      \
      "{name} has {count} entries; at most " ACLPP_SCHEMA_MAX_BLACKLIST_ENTRIES " are allowed", "")                    \
    X(blacklist_needs_level_op, "K-4", "100009", EP0005, "a blacklist requires dump_level op",                         \
      ::aclpp::schema::rules::kNeedsLevelOpText, "")                                                                   \
    X(opname_range_needs_level_op, "K-4", "100009", EP0005, "opname_range requires dump_level op",                     \
      ::aclpp::schema::rules::kNeedsLevelOpText, "")                                                                   \
    X(opname_range_needs_model_name, "K-4", "100009", EP0001, "opname_range requires a non-empty model_name",          \
      "{name} is {state}; opname_range requires a non-empty model_name", "")                                           \
    X(opname_range_bound_empty, "K-4", "100009", EP0003, "an opname_range entry needs begin and end",                  \
      "{name} has begin {begin} and end {end}; both must be non-empty operator names", "")                             \
    X(dump_stats_empty, "K-4", "100009", EP0001, "dump_stats is empty",                                                \
      "dump_stats is empty ([]); list at least one of {allowed}, or leave dump_stats out", "")                         \
    X(dump_stats_need_data_stats, "K-4", "100009", EP0005, "dump_stats requires dump_data stats",                      \
      "dump_stats is set; it requires dump_data \"stats\" (dump_data is {data})", "add \"dump_data\": \"stats\"")      \
    X(max_opqueue_num_zero, "K-3", "100000", none, "max_opqueue_num must be above 0",                                  \
      ::aclpp::schema::rules::kKeyValueText, "")                                                                       \
    X(default_device_negative, "K-1", "500001", none, "default_device must not be negative",                           \
      ::aclpp::schema::rules::kKeyValueText, "")                                                                       \
    X(printf_fifo_zero, "K-1", "500001", none, "a printf FIFO size must be above 0",                                   \
      ::aclpp::schema::rules::kKeyValueText, "")                                                                       \
    X(event_mode_value, "K-1", "100000", none, "event_mode must be \"0\" or \"1\"",                                    \
      ::aclpp::schema::rules::kKeyValueText, "")                                                                       \
    X(profiler_enum_value, "K-5", "100000", EK0003, "a profiler enumeration holds an invalid value",                   \
      "{key} is {value}; allowed: {allowed}", "")                                                                      \
    X(profiler_list_item, "K-5", "100000", EK0003, "a profiler list holds an unknown item",                            \
      "{key} is {value}; {item}; expected a comma list of {allowed}", "")                                              \
    X(profiler_frequency_range, "K-5", "100000", EK0003, "a profiler frequency is outside its range",                  \
      "{key} is {value}; Please input an integer value in range [1, {max}]{product}", "")                              \
    X(profiler_output_char, "K-5", "100000", EK0003, "profiler output holds a forbidden character",                    \
      "output is {value}; the path contains the invalid character {char}; none of these is allowed:{forbidden}", "")   \
    X(profiler_storage_limit_range, "K-5", "100000", EK0003,                                                           \
      "storage_limit must be " ACLPP_SCHEMA_STORAGE_LIMIT_MIN_MB ".." ACLPP_SCHEMA_STORAGE_LIMIT_MAX_MB " MB",         \
      "storage_limit is {value}; The storage_limit should be in range [" ACLPP_SCHEMA_STORAGE_LIMIT_MIN_MB ","         \
      ACLPP_SCHEMA_STORAGE_LIMIT_MAX_MB "] and end with MB", "")                                                       \
    X(profiler_type, "K-5", "100000", EK0003, "a profiler value is not of its key's JSON type",                        \
      "{key} is {value} ({type}); expected {expected}", "")                                                            \
    X(profiler_key_unsupported, "K-5", "100000", EK0005, "a profiler key is not supported on this product",            \
      "{key} is {value}; the option is not supported on {platform}",                                                   \
      "leave {key} out of the profiler section on this product")                                                       \
    X(profiler_task_time_l3, "K-5", "100000", EK0003, "task_time l3 is not supported on this product",                 \
      "{key} is {value}; task trace L3 is not supported on {product}; allowed: {allowed}", "")                         \
    X(profiler_mem_serviceflow_unsupported, "K-5", "100000", EK0003,                                                   \
      "sys_mem_serviceflow is not supported on this product",                                                          \
      "{key} is {value}; memory serviceflow profiling is not supported on {product}", "")                              \
    X(profiler_text_empty, "K-5", "100000", EK0003, "a profiler text is empty",                                        \
      "{key} is {value}; expected a non-empty string", "")                                                             \
    X(profiler_metrics_too_long, "K-5", "100000", EK0003,                                                              \
      "aic_metrics is longer than " ACLPP_SCHEMA_MAX_AIC_METRICS_LENGTH " characters",                                 \
      "{key} is {value}; at most " ACLPP_SCHEMA_MAX_AIC_METRICS_LENGTH " characters (found {length})", "")             \
    X(profiler_metric_unknown, "K-5", "100000", EK0003, "aic_metrics names no metric of this product",                 \
      "{key} is {value}; {allowed}", "")                                                                               \
    X(profiler_custom_events_empty, "K-5", "100000", EK0003, "aic_metrics Custom: lists no event",                     \
      "{key} is {value}; Custom: needs at least one event", "")                                                        \
    X(profiler_custom_events_too_many, "K-5", "100000", EK0003, "aic_metrics lists more Custom events than allowed",   \
      "{key} is {value}; at most {max} Custom events on {product} (found {count})", "")                                \
    X(profiler_custom_event_invalid, "K-5", "100000", EK0003, "a Custom event is neither hexadecimal nor decimal",     \
      "{key} is {value}; Custom event {index} ({event}) is neither 0x<hex digits> nor a decimal int", "")              \
    X(profiler_instr_frequency_range, "K-5", "100000", EK0003,                                                         \
      "instr_profiling_freq must be " ACLPP_SCHEMA_INSTR_FREQ_MIN ".." ACLPP_SCHEMA_INSTR_FREQ_MAX                     \
      " while instr_profiling is on",                                                                                  \
      "{key} is {value}; Please input an integer value in range [" ACLPP_SCHEMA_INSTR_FREQ_MIN ", "                    \
      ACLPP_SCHEMA_INSTR_FREQ_MAX "] (checked because instr_profiling is on)", "")                                     \
    X(profiler_task_scale_unsupported, "K-5", "100000", none, "task-scale profiling is not supported on this product", \
      "{key} is {value}; task-scale profiling ({key}) is not supported on {platform}; leave {key} out or \"\"", "")
// clang-format on

/// ", EP0001": a message id as the compile-time error names it after the code.
#define ACLPP_SCHEMA_RULE_ID_SUFFIX(id) ACLPP_SCHEMA_RULE_ID_SUFFIX_##id
#define ACLPP_SCHEMA_RULE_ID_SUFFIX_none ""
#define ACLPP_SCHEMA_RULE_ID_SUFFIX_EP0001 ", EP0001"
#define ACLPP_SCHEMA_RULE_ID_SUFFIX_EP0002 ", EP0002"
#define ACLPP_SCHEMA_RULE_ID_SUFFIX_EP0003 ", EP0003"
#define ACLPP_SCHEMA_RULE_ID_SUFFIX_EP0005 ", EP0005"
#define ACLPP_SCHEMA_RULE_ID_SUFFIX_EK0003 ", EK0003"
#define ACLPP_SCHEMA_RULE_ID_SUFFIX_EK0005 ", EK0005"

namespace aclpp::schema::rules {

#define ACLPP_SCHEMA_RULE_ENUMERATOR(rule, ...) rule,
/// The rules of the table, in its order; `none` for a finding no row made.
enum class Rule : std::uint8_t { none, ACLPP_SCHEMA_RULES(ACLPP_SCHEMA_RULE_ENUMERATOR) count_ };
#undef ACLPP_SCHEMA_RULE_ENUMERATOR

struct RuleRow {
    std::string_view name;
    std::string_view decision;
    std::uint32_t code;
    std::string_view messageId;  // the reference's EP/EK id that opens the message, or ""
    std::string_view summary;
    std::string_view text;  // the message template
    std::string_view hint;
};

// The message id is the suffix without its ", ".
#define ACLPP_SCHEMA_RULE_ROW(rule, decision, code, id, summary, text, hint)                                           \
    RuleRow{                                                                                                           \
        #rule,                                                                                                         \
        decision,                                                                                                      \
        static_cast<std::uint32_t>(decimalValue(code)),                                                                \
        std::string_view(ACLPP_SCHEMA_RULE_ID_SUFFIX(id)).substr(sizeof(ACLPP_SCHEMA_RULE_ID_SUFFIX(id)) > 1 ? 2 : 0), \
        summary,                                                                                                       \
        text,                                                                                                          \
        hint},
inline constexpr std::array<RuleRow, static_cast<std::size_t>(Rule::count_)> kRuleRows{
    {RuleRow{"none", "", 0, "", "", "", ""}, ACLPP_SCHEMA_RULES(ACLPP_SCHEMA_RULE_ROW)}};
#undef ACLPP_SCHEMA_RULE_ROW

[[nodiscard]] constexpr const RuleRow &row(Rule rule) noexcept {
    const auto index = static_cast<std::size_t>(rule);
    return kRuleRows[index < kRuleRows.size() ? index : 0];
}

/// One value a template names: renderMessage puts `text` where the template has {name}.
struct Argument {
    std::string_view name;
    std::string_view text;
};

/// `text` with every {name} replaced by its argument's text. A {name} without an argument is
/// kept as it is, so that a template that names an argument its caller forgot shows it.
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string renderTemplate(std::string_view text,
                                                             std::initializer_list<Argument> arguments) {
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t open = text.find('{', i);
        const std::size_t close = open == std::string_view::npos ? open : text.find('}', open);
        if (close == std::string_view::npos) break;
        out.append(text.substr(i, open - i));
        const std::string_view name = text.substr(open + 1, close - open - 1);
        bool found = false;
        for (const Argument &argument : arguments) {
            if (argument.name == name) {
                out.append(argument.text);
                found = true;
                break;
            }
        }
        if (!found) out.append(text.substr(open, close - open + 1));
        i = close + 1;
    }
    out.append(text.substr(i < text.size() ? i : text.size()));
    return out;
}

/// The message of `rule`: its message id, if it has one, then its template filled in.
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string renderMessage(Rule rule, std::initializer_list<Argument> arguments) {
    const RuleRow &r = row(rule);
    std::string out;
    if (!r.messageId.empty()) {
        out.append(r.messageId);
        out.append(": ");
    }
    out.append(renderTemplate(r.text, arguments));
    return out;
}

// ---- argument texts both adapters compute from the same facts ----

/// {allowed} and the like: "a, b, c".
template <class Values>
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string joinedText(const Values &values) {
    std::string out;
    for (const std::string_view value : values) {
        if (!out.empty()) out += ", ";
        out += value;
    }
    return out;
}

/// {allowed} of a profiler enumeration: "\"on\", \"off\" or \"\"", with `extra` (a value only
/// some products allow) placed before a trailing "".
template <class Values>
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string alternativesText(const Values &values, std::string_view extra = {}) {
    const auto *first = values.begin();
    const auto size = static_cast<std::size_t>(values.end() - first);
    const bool trailingEmpty = size > 0 && std::string_view(first[size - 1]).empty();
    const std::size_t extraAt = extra.empty() ? std::string_view::npos : size - (trailingEmpty ? 1 : 0);
    const std::size_t total = size + (extra.empty() ? 0 : 1);
    std::string out;
    for (std::size_t i = 0; i < total; ++i) {
        if (i > 0) out += i + 1 == total ? " or " : ", ";
        const bool afterExtra = extraAt != std::string_view::npos && i > extraAt;
        out += text::quotedText(i == extraAt ? extra : std::string_view(first[i - (afterExtra ? 1 : 0)]));
    }
    return out;
}

/// {forbidden} of profiler_output_char: " \\n \\f ...", every character msprof refuses.
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string forbiddenOutputText() {
    std::string all;
    for (const profiler_rules::ForbiddenChar &f : profiler_rules::kOutputForbidden) {
        all += ' ';
        all += f.shown;
    }
    return all;
}

/// {issue} of dump_step_syntax: what is wrong with the item `check` names.
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string stepIssueText(const dump_rules::StepCheck &check) {
    using dump_rules::StepIssue;
    const std::string item = "item " + json::uint_text(check.item) + " " + text::quotedText(check.text);
    switch (check.issue) {
        case StepIssue::none:
            break;
        case StepIssue::tooManyItems:
            return "it has " + json::uint_text(check.item) + " items";
        case StepIssue::tooManyDashes:
            return item + " has more than one '-'";
        case StepIssue::notDigits:
            return item + " is not N or N-M with N and M made of digits";
        case StepIssue::reversed:
            return item + " is a range whose start is above its end";
    }
    return {};
}

/// {problem} of dump_path_too_long.
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string pathLengthText(std::size_t bytes) {
    return "it is " + json::uint_text(bytes) + " bytes long; at most " ACLPP_SCHEMA_MAX_DUMP_PATH_LENGTH " are allowed";
}

/// {problem} of dump_path_remote_empty.
inline constexpr std::string_view kRemoteEmptyText =
    "nothing follows the colon of the IPv4 form; expected <a.b.c.d>:<path>";

/// {problem} of dump_path_remote_bad_char: the byte at `offset` of `path`.
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string remoteBadCharText(std::string_view path, std::size_t offset) {
    const auto bad = static_cast<unsigned char>(path[offset]);
    std::string shown;
    if (bad < 0x20 || bad >= 0x7f) {
        shown = "byte 0x";
        shown += text::detail::kHexDigits[bad >> 4];
        shown += text::detail::kHexDigits[bad & 0xF];
    } else {
        shown = "'";
        shown += static_cast<char>(bad);
        shown += "'";
    }
    return "the path after the IP address holds " + shown + " at byte " + json::uint_text(offset) +
           "; allowed there: letters, digits and " + std::string(dump_rules::kRemotePathPunctuation);
}

/// {level} or {data}: a dump value a rule depends on, and whether the config gave it.
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string givenOrDefaultText(std::string_view value, bool given) {
    return text::quotedText(value) + (given ? "" : ", the default");
}

}  // namespace aclpp::schema::rules
