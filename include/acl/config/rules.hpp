// acl/config/rules.hpp: Config::validate_static, the constexpr checks of the core's validation
// rules that need no file system, product or environment (decision C-4): types, enumerations,
// the dump constraints of K-4 and the fixed ranges of K-1 and K-5. Keys, pointers, codes, limits
// and the text rules (dump_step, IPv4, path characters) are the schema's (<aclpp/schema/...>),
// which the core's validator reads too.
// Findings come in init-step order with the core's codes and JSON pointers, so the first error
// is what aclInit would return. Included by <acl/config.hpp>.
#pragma once

#include <acl/config/json_writer.hpp>
#include <acl/config/top_level.hpp>
#include <aclpp/json/lexer.hpp>
#include <aclpp/json/text.hpp>
#include <aclpp/schema/dump.hpp>
#include <aclpp/schema/profiler.hpp>
#include <aclpp/schema/steps.hpp>
#include <aclpp/schema/top_level.hpp>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace acl {
inline namespace v1 {

/// The compile-time rules. Each has a static_assert text in <acl/config/static_config.hpp>.
enum class ConfigRule : std::uint8_t {
    none,
    extra_key_is_known,
    extra_key_duplicate,
    extra_json_invalid,
    string_not_utf8,
    err_msg_mode_value,
    dump_enum_value,
    dump_kernel_data_empty,
    dump_stats_value,
    watcher_debug_on,
    watcher_op_switch_on,
    watcher_mode_not_output,
    exception_scene_debug_on,
    exception_scene_op_switch_on,
    dump_path_missing,
    dump_path_empty,
    dump_path_too_long,
    dump_path_remote_empty,
    dump_path_remote_bad_char,
    overflow_op_switch_on,
    dump_step_syntax,
    list_model_name_empty,
    list_layer_empty,
    watcher_nodes_missing,
    watcher_nodes_empty,
    watcher_model_name_set,
    watcher_nodes_without_watcher,
    blacklist_too_long,
    blacklist_needs_level_op,
    opname_range_needs_level_op,
    opname_range_needs_model_name,
    opname_range_bound_empty,
    dump_stats_empty,
    dump_stats_need_data_stats,
    max_opqueue_num_zero,
    default_device_negative,
    printf_fifo_zero,
    event_mode_value,
    profiler_enum_value,
    profiler_frequency_range,
    profiler_output_char,
    profiler_storage_limit_range,
    count_,
};

namespace detail {

inline constexpr std::array<std::string_view, static_cast<std::size_t>(ConfigRule::count_)> kRuleNames{
    "none",
    "extra_key_is_known",
    "extra_key_duplicate",
    "extra_json_invalid",
    "string_not_utf8",
    "err_msg_mode_value",
    "dump_enum_value",
    "dump_kernel_data_empty",
    "dump_stats_value",
    "watcher_debug_on",
    "watcher_op_switch_on",
    "watcher_mode_not_output",
    "exception_scene_debug_on",
    "exception_scene_op_switch_on",
    "dump_path_missing",
    "dump_path_empty",
    "dump_path_too_long",
    "dump_path_remote_empty",
    "dump_path_remote_bad_char",
    "overflow_op_switch_on",
    "dump_step_syntax",
    "list_model_name_empty",
    "list_layer_empty",
    "watcher_nodes_missing",
    "watcher_nodes_empty",
    "watcher_model_name_set",
    "watcher_nodes_without_watcher",
    "blacklist_too_long",
    "blacklist_needs_level_op",
    "opname_range_needs_level_op",
    "opname_range_needs_model_name",
    "opname_range_bound_empty",
    "dump_stats_empty",
    "dump_stats_need_data_stats",
    "max_opqueue_num_zero",
    "default_device_negative",
    "printf_fifo_zero",
    "event_mode_value",
    "profiler_enum_value",
    "profiler_frequency_range",
    "profiler_output_char",
    "profiler_storage_limit_range",
};

}  // namespace detail

/// The rule's name, as Finding::rule carries it ("dump_stats_need_data_stats").
[[nodiscard]] constexpr std::string_view to_string(ConfigRule rule) noexcept {
    const auto index = static_cast<std::size_t>(rule);
    return index < detail::kRuleNames.size() ? detail::kRuleNames[index] : std::string_view("none");
}
/// The rule a finding names (ConfigRule::none for a runtime finding).
[[nodiscard]] constexpr ConfigRule rule_of(const Finding &finding) noexcept {
    for (std::size_t i = 0; i < detail::kRuleNames.size(); ++i) {
        if (detail::kRuleNames[i] == finding.rule) return static_cast<ConfigRule>(i);
    }
    return ConfigRule::none;
}

namespace detail {

namespace top_level_rules = ::aclpp::schema::top_level_rules;
namespace dump_rules = ::aclpp::schema::dump_rules;
namespace profiler_rules = ::aclpp::schema::profiler_rules;

/// "a, b, c": a value list of the schema as messages name it.
template <std::size_t N>
[[nodiscard]] constexpr std::string value_list(const std::array<std::string_view, N> &names) {
    std::string out;
    for (const std::string_view name : names) {
        if (!out.empty()) out += ", ";
        out += name;
    }
    return out;
}

class StaticValidator {
public:
    ACLPP_CONSTEXPR_STD explicit StaticValidator(const Config &config) : c_(config) {}

    ACLPP_CONSTEXPR_STD Report run() {
        check_extras();
        if (!check_strings()) return finish();
        check_err_msg_mode();
        if (c_.dump) check_dump(*c_.dump);
        if (c_.max_opqueue_num && *c_.max_opqueue_num == 0) {
            key_error(top_level_rules::kMaxOpqueueNum, ConfigRule::max_opqueue_num_zero,
                      "max_opqueue_num is \"0\", not above 0; allowed: a JSON string of decimal digits above 0");
        }
        if (c_.default_device && *c_.default_device < 0) {
            key_error(top_level_rules::kDefaultDevice, ConfigRule::default_device_negative,
                      "default_device is negative; allowed: a JSON string of decimal digits (a device id)");
        }
        check_fifo(top_level_rules::kSimdPrintfFifo, c_.simd_printf_fifo_size_per_core);
        check_fifo(top_level_rules::kSimtPrintfFifo, c_.simt_printf_fifo_size);
        if (c_.event_mode && static_cast<unsigned>(*c_.event_mode) > 1) {
            key_error(top_level_rules::kEventMode, ConfigRule::event_mode_value, "event_mode is not \"0\" or \"1\"");
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

    ACLPP_CONSTEXPR_STD void error(std::string_view step, aclError code, const std::string &pointer, ConfigRule rule,
                                   const std::string &message, const std::string &hint = {}) {
        Finding f;
        f.severity = Severity::error;
        f.code = code;
        f.pointer = pointer;
        f.step = std::string(step);
        f.message = message;
        f.hint = hint;
        f.rule = to_string(rule);
        if (std::is_constant_evaluated()) {
            report_.findings.push_back(f);
        } else {
            report_.findings.push_back(std::move(f));
        }
    }
    /// A value of a top-level key is wrong: the key's step, pointer and value code are the table's.
    ACLPP_CONSTEXPR_STD void key_error(const top_level_rules::KeyRule &key, ConfigRule rule,
                                       const std::string &message) {
        error(::aclpp::schema::stepName(key.step), key.valueError, std::string(key.pointer), rule, message);
    }
    ACLPP_CONSTEXPR_STD void dump_error(const std::string &pointer, ConfigRule rule, const std::string &message,
                                        const std::string &hint = {}) {
        ++dump_errors_;
        error(::aclpp::schema::stepName(ACLPP_STEP_DUMP), ACL_ERROR_INVALID_DUMP_CONFIG, pointer, rule, message, hint);
    }

    // ---- the builder's own rules: an extra key must not shadow or repeat a key ----
    ACLPP_CONSTEXPR_STD void check_extras() {
        for (std::size_t i = 0; i < c_.extra.size(); ++i) {
            const ExtraKey &item = c_.extra[i];
            std::string pointer;
            aclpp::json::append_pointer_token(pointer, item.key);
            bool known = false;
            for (const std::string_view key : ::aclpp::schema::top_level_rules::kTopLevelKeys)
                known = known || key == item.key;
            if (known) {
                error("builder", ACL_ERROR_INVALID_PARAM, pointer, ConfigRule::extra_key_is_known,
                      "extra key \"" + item.key + "\" is read by the runtime; set the typed member instead");
            }
            for (std::size_t j = 0; j < i; ++j) {
                if (c_.extra[j].key == item.key) {
                    error("builder", ACL_ERROR_INVALID_PARAM, pointer, ConfigRule::extra_key_duplicate,
                          "extra key \"" + item.key + "\" is given twice");
                    break;
                }
            }
            // The value sits in the top-level object: one object around it counts to F-4's limit.
            if (!aclpp::json::well_formed(item.json, aclpp::json::Nesting{1, 0})) {
                error(::aclpp::schema::stepName(ACLPP_STEP_ERR_MSG_MODE), ACL_ERROR_PARSE_FILE, "",
                      ConfigRule::extra_json_invalid,
                      "the value of extra key \"" + item.key + "\" is not valid JSON text");
            }
        }
    }

    // ---- text that would make to_json() output invalid JSON for the runtime (F-3) ----
    ACLPP_CONSTEXPR_STD bool utf8(const std::optional<std::string> &text) const {
        return !text || aclpp::json::valid_utf8(*text);
    }
    ACLPP_CONSTEXPR_STD bool utf8(const std::optional<std::vector<std::string>> &list) const {
        if (!list) return true;
        for (const std::string &text : *list) {
            if (!aclpp::json::valid_utf8(text)) return false;
        }
        return true;
    }
    ACLPP_CONSTEXPR_STD bool strings_ok() const {
        bool ok = true;
        for (const ExtraKey &item : c_.extra) ok = ok && aclpp::json::valid_utf8(item.key);
        if (c_.dump) {
            const Dump &d = *c_.dump;
            ok = ok && utf8(d.path) && utf8(d.step);
            if (d.list) {
                for (const DumpModel &m : *d.list) {
                    ok = ok && utf8(m.model_name) && utf8(m.layer) && utf8(m.watcher_nodes);
                    for (const auto *filters : {&m.optype_blacklist, &m.opname_blacklist}) {
                        if (!*filters) continue;
                        for (const OpFilter &f : **filters) ok = ok && utf8(f.name) && utf8(f.pos);
                    }
                    if (m.opname_range) {
                        for (const OpnameRange &r : *m.opname_range) ok = ok && utf8(r.begin) && utf8(r.end);
                    }
                }
            }
        }
        if (c_.profiler) {
            const Profiler &p = *c_.profiler;
            ok = ok && utf8(p.output) && utf8(p.aic_metrics) && utf8(p.sys_mem_serviceflow) && utf8(p.optype);
        }
        return ok;
    }
    ACLPP_CONSTEXPR_STD bool check_strings() {
        if (strings_ok()) return true;
        error(::aclpp::schema::stepName(ACLPP_STEP_ERR_MSG_MODE), ACL_ERROR_PARSE_FILE, "", ConfigRule::string_not_utf8,
              "a string of the config is not valid UTF-8, so the JSON text cannot be parsed");
        return false;
    }

    ACLPP_CONSTEXPR_STD void check_fifo(const top_level_rules::KeyRule &key,
                                        const std::optional<std::uint32_t> &value) {
        if (value && *value == 0) {
            key_error(key, ConfigRule::printf_fifo_zero,
                      std::string(key.key) + " is 0; allowed: a JSON integer matching [1-9][0-9]*");
        }
    }

    ACLPP_CONSTEXPR_STD void check_err_msg_mode() {
        if (c_.err_msg_mode && static_cast<unsigned>(*c_.err_msg_mode) > 1) {
            key_error(top_level_rules::kErrMsgMode, ConfigRule::err_msg_mode_value,
                      "err_msg_mode is not \"0\" or \"1\"; allowed: \"0\" (thread) or \"1\" (process)");
        }
    }

    // ---- dump (K-4): phases B and C, as the core orders them ----
    [[nodiscard]] static ACLPP_CONSTEXPR_STD bool dump_empty(const Dump &d) noexcept {
        return !d.path && !d.mode && !d.op_switch && !d.level && !d.scene && !d.data && !d.debug && !d.kernel_data &&
               !d.step && !d.stats && !d.list;
    }

    ACLPP_CONSTEXPR_STD void check_enum(bool present, bool valid, std::string_view key) {
        if (present && !valid) {
            dump_error("/dump/" + std::string(key), ConfigRule::dump_enum_value,
                       "EP0002: " + std::string(key) + " is not one of its allowed values");
        }
    }

    ACLPP_CONSTEXPR_STD void check_dump(const Dump &d) {
        if (dump_empty(d)) return;
        // Phase B, in the order of the core's enumeration table.
        check_enum(d.mode.has_value(), d.mode && enum_valid(kDumpModeNames, *d.mode), "dump_mode");
        check_enum(d.data.has_value(), d.data && enum_valid(kDumpDataNames, *d.data), "dump_data");
        check_enum(d.level.has_value(), d.level && enum_valid(kDumpLevelNames, *d.level), "dump_level");
        check_enum(d.scene.has_value(), d.scene && enum_valid(kDumpSceneNames, *d.scene), "dump_scene");
        if (d.kernel_data) {
            if (d.kernel_data->empty()) {
                dump_error("/dump/dump_kernel_data", ConfigRule::dump_kernel_data_empty,
                           "EP0001: dump_kernel_data is empty (\"\"); list at least one of " +
                               value_list(dump_rules::kKernelDataValues));
            } else {
                for (const KernelData item : *d.kernel_data) {
                    if (!enum_valid(kKernelDataNames, item)) {
                        dump_error("/dump/dump_kernel_data", ConfigRule::dump_enum_value,
                                   "EP0002: dump_kernel_data has an item outside " +
                                       value_list(dump_rules::kKernelDataValues));
                        break;
                    }
                }
            }
        }
        if (d.stats) {
            for (std::size_t i = 0; i < d.stats->size(); ++i) {
                if (!enum_valid(kDumpStatNames, (*d.stats)[i])) {
                    dump_error("/dump/dump_stats/" + aclpp::json::uint_text(i), ConfigRule::dump_stats_value,
                               "EP0002: dump_stats[" + aclpp::json::uint_text(i) + "] is not a known statistic");
                }
            }
        }
        if (dump_errors_ != 0) return;

        // Phase C.
        const bool debug = d.debug.value_or(false);
        const bool op_switch = d.op_switch.value_or(false);
        const bool watcher = d.scene == DumpScene::watcher;
        const bool exception = d.scene && *d.scene != DumpScene::watcher;
        if (watcher) {
            if (debug) {
                dump_error("/dump/dump_debug", ConfigRule::watcher_debug_on,
                           "EP0005: dump_debug is \"on\"; it cannot be \"on\" when dump_scene is \"watcher\"");
            }
            if (op_switch) {
                dump_error("/dump/dump_op_switch", ConfigRule::watcher_op_switch_on,
                           "EP0005: dump_op_switch is \"on\"; it cannot be \"on\" when dump_scene is \"watcher\"");
            }
            if (d.mode && *d.mode != DumpMode::output) {
                dump_error("/dump/dump_mode", ConfigRule::watcher_mode_not_output,
                           "EP0005: dump_mode is \"" + std::string(to_string(*d.mode)) +
                               "\"; dump_scene \"watcher\" requires dump_mode \"output\"");
            }
        }
        if (exception) {
            if (debug) {
                dump_error("/dump/dump_debug", ConfigRule::exception_scene_debug_on,
                           "EP0005: dump_debug is \"on\"; it cannot be \"on\" when dump_scene is an exception scene");
            }
            if (op_switch) {
                dump_error("/dump/dump_op_switch", ConfigRule::exception_scene_op_switch_on,
                           "EP0005: dump_op_switch is \"on\"; it cannot be \"on\" when dump_scene is an exception "
                           "scene");
            }
            return;
        }
        check_path(d);
        if (debug) {
            if (op_switch) {
                dump_error("/dump/dump_op_switch", ConfigRule::overflow_op_switch_on,
                           "EP0005: dump_op_switch is \"on\"; it cannot be \"on\" when dump_debug is \"on\"");
            }
            return;
        }
        if (d.step && !d.step->empty() && dump_rules::checkDumpStep(*d.step).issue != dump_rules::StepIssue::none) {
            dump_error("/dump/dump_step", ConfigRule::dump_step_syntax,
                       "EP0003: dump_step is \"" + *d.step + "\"; " + std::string(dump_rules::kStepRule));
        }
        if (d.list) {
            for (std::size_t i = 0; i < d.list->size(); ++i)
                check_model(d, (*d.list)[i], "/dump/dump_list/" + aclpp::json::uint_text(i), watcher, op_switch);
        }
        if (d.stats) {
            if (d.stats->empty()) {
                dump_error("/dump/dump_stats", ConfigRule::dump_stats_empty,
                           "EP0001: dump_stats is empty ([]); list at least one statistic, or leave dump_stats out");
            } else if (d.data.value_or(DumpData::tensor) == DumpData::tensor) {
                dump_error("/dump/dump_stats", ConfigRule::dump_stats_need_data_stats,
                           "EP0005: dump_stats is set; it requires dump_data \"stats\"",
                           "add \"dump_data\": \"stats\"");
            }
        }
    }

    ACLPP_CONSTEXPR_STD void check_path(const Dump &d) {
        if (!d.path) {
            dump_error("/dump/dump_path", ConfigRule::dump_path_missing,
                       "EP0001: dump_path is missing; it is required unless dump_scene is an exception scene");
            return;
        }
        const std::string_view path = *d.path;
        if (path.empty()) {
            dump_error("/dump/dump_path", ConfigRule::dump_path_empty, "EP0001: dump_path is empty (\"\")");
            return;
        }
        if (path.size() > dump_rules::kMaxDumpPathLength) {
            dump_error("/dump/dump_path", ConfigRule::dump_path_too_long,
                       "EP0003: dump_path is " + aclpp::json::uint_text(path.size()) + " bytes long; at most " +
                           aclpp::json::uint_text(dump_rules::kMaxDumpPathLength) + " are allowed");
            return;
        }
        const std::size_t colon = path.find(':');
        if (colon == std::string_view::npos || !dump_rules::isPlainIpv4(path.substr(0, colon)))
            return;  // a local path: run time
        const std::string_view remote = path.substr(colon + 1);
        if (remote.empty()) {
            dump_error("/dump/dump_path", ConfigRule::dump_path_remote_empty,
                       "EP0003: nothing follows the colon of the IPv4 form; expected <a.b.c.d>:<path>");
            return;
        }
        for (const char ch : remote) {
            if (!dump_rules::isRemoteDumpPathChar(ch)) {
                dump_error("/dump/dump_path", ConfigRule::dump_path_remote_bad_char,
                           "EP0003: the path after the colon holds a character outside letters, digits and " +
                               std::string(dump_rules::kRemotePathPunctuation));
                return;
            }
        }
    }

    ACLPP_CONSTEXPR_STD void check_model(const Dump &d, const DumpModel &m, const std::string &at, bool watcher,
                                         bool op_switch) {
        const bool has_model = m.model_name.has_value();
        const bool model_empty = has_model && m.model_name->empty();
        bool model_reported = false;
        if (!op_switch) {
            if (model_empty) {
                model_reported = true;
                dump_error(at + "/model_name", ConfigRule::list_model_name_empty,
                           "EP0001: model_name is empty (\"\"); with dump_op_switch off, give a model name or leave "
                           "model_name out");
            }
            if (m.layer && m.layer->empty()) {
                dump_error(at + "/layer", ConfigRule::list_layer_empty,
                           "EP0001: layer is empty ([]); with dump_op_switch off, list layers or leave layer out");
            }
        }
        const std::size_t nodes = m.watcher_nodes ? m.watcher_nodes->size() : 0;
        if (watcher) {
            if (!m.watcher_nodes) {
                dump_error(
                    at + "/watcher_nodes", ConfigRule::watcher_nodes_missing,
                    "EP0001: watcher_nodes is missing; dump_scene \"watcher\" requires it in every dump_list item");
            } else if (nodes == 0) {
                dump_error(at + "/watcher_nodes", ConfigRule::watcher_nodes_empty,
                           "EP0001: watcher_nodes is empty ([]); dump_scene \"watcher\" requires at least one node");
            }
            if (has_model && !model_reported) {
                dump_error(at + "/model_name", ConfigRule::watcher_model_name_set,
                           "EP0005: model_name is set; it cannot be set when dump_scene is \"watcher\"");
            }
        } else if (nodes > 0) {
            dump_error(at + "/watcher_nodes", ConfigRule::watcher_nodes_without_watcher,
                       "EP0005: watcher_nodes is set; it is only allowed when dump_scene is \"watcher\"");
        }
        const std::size_t optype = m.optype_blacklist ? m.optype_blacklist->size() : 0;
        const std::size_t opname = m.opname_blacklist ? m.opname_blacklist->size() : 0;
        const std::string most =
            "; at most " + aclpp::json::uint_text(dump_rules::kMaxBlacklistEntries) + " are allowed";
        if (optype > dump_rules::kMaxBlacklistEntries) {
            dump_error(at + "/optype_blacklist", ConfigRule::blacklist_too_long,
                       "EP0003: optype_blacklist has " + aclpp::json::uint_text(optype) + " entries" + most);
        }
        if (opname > dump_rules::kMaxBlacklistEntries) {
            dump_error(at + "/opname_blacklist", ConfigRule::blacklist_too_long,
                       "EP0003: opname_blacklist has " + aclpp::json::uint_text(opname) + " entries" + most);
        }
        const bool level_op = d.level.value_or(DumpLevel::all) == DumpLevel::op;
        if (optype > 0 && !level_op) {
            dump_error(at + "/optype_blacklist", ConfigRule::blacklist_needs_level_op,
                       "EP0005: optype_blacklist is set; it requires dump_level \"op\"");
        }
        if (opname > 0 && !level_op) {
            dump_error(at + "/opname_blacklist", ConfigRule::blacklist_needs_level_op,
                       "EP0005: opname_blacklist is set; it requires dump_level \"op\"");
        }
        if (!m.opname_range || m.opname_range->empty()) return;
        if (!level_op) {
            dump_error(at + "/opname_range", ConfigRule::opname_range_needs_level_op,
                       "EP0005: opname_range is set; it requires dump_level \"op\"");
        }
        if (!has_model) {
            dump_error(at + "/model_name", ConfigRule::opname_range_needs_model_name,
                       "EP0001: model_name is missing; opname_range requires a non-empty model_name");
        } else if (model_empty && !model_reported) {
            dump_error(at + "/model_name", ConfigRule::opname_range_needs_model_name,
                       "EP0001: model_name is empty (\"\"); opname_range requires a non-empty model_name");
        }
        for (std::size_t j = 0; j < m.opname_range->size(); ++j) {
            const OpnameRange &r = (*m.opname_range)[j];
            if (!r.begin || r.begin->empty() || !r.end || r.end->empty()) {
                dump_error(at + "/opname_range/" + aclpp::json::uint_text(j), ConfigRule::opname_range_bound_empty,
                           "EP0003: opname_range entry needs a non-empty begin and end");
            }
        }
    }

    // ---- profiler (K-5): per key in document order, then the "switch on" checks ----
    ACLPP_CONSTEXPR_STD void profiler_error(std::string_view key, ConfigRule rule, const std::string &message) {
        error(::aclpp::schema::stepName(ACLPP_STEP_PROFILING), ACL_ERROR_INVALID_PARAM, "/profiler/" + std::string(key),
              rule, message);
    }
    template <class Enum, std::size_t N>
    constexpr void profiler_enum(std::string_view key, const std::array<std::string_view, N> &names,
                                 const std::optional<Enum> &value) {
        if (value && !enum_valid(names, *value)) {
            profiler_error(key, ConfigRule::profiler_enum_value,
                           "EK0003: " + std::string(key) + " is not an allowed value");
        }
    }
    template <class Enum, std::size_t N>
    constexpr void profiler_list(std::string_view key, const std::array<std::string_view, N> &names,
                                 const std::optional<std::vector<Enum>> &value) {
        if (!value) return;
        for (const Enum item : *value) {
            if (!enum_valid(names, item)) {
                profiler_error(key, ConfigRule::profiler_enum_value,
                               "EK0003: " + std::string(key) + " has an unknown item");
                return;
            }
        }
    }
    ACLPP_CONSTEXPR_STD void frequency(std::string_view key, const std::optional<std::uint32_t> &value,
                                       std::uint64_t max = 0) {
        if (max == 0) max = profiler_rules::ruleFor(key).maxFrequency;
        if (value && (*value < 1 || *value > max)) {
            profiler_error(key, ConfigRule::profiler_frequency_range,
                           "EK0003: " + std::string(key) + " is " + aclpp::json::uint_text(*value) +
                               "; Please input an integer value in range [1, " + aclpp::json::uint_text(max) + "]");
        }
    }

    ACLPP_CONSTEXPR_STD void check_profiler(const Profiler &p) {
        profiler_enum("task_time", kTaskTimeNames, p.task_time);
        profiler_enum("ge_api", kGeApiNames, p.ge_api);
        // sys_hardware_mem_freq: 0 is wrong everywhere; the upper bound (one of two) is the product's.
        constexpr std::uint32_t kMicro = profiler_rules::kHardwareMemFreqMaxMicro;
        if (p.sys_hardware_mem_freq && (*p.sys_hardware_mem_freq == 0 || *p.sys_hardware_mem_freq > kMicro)) {
            frequency("sys_hardware_mem_freq", p.sys_hardware_mem_freq,
                      *p.sys_hardware_mem_freq > kMicro ? kMicro : profiler_rules::kHardwareMemFreqMax);
        }
        profiler_enum("llc_profiling", kLlcProfilingNames, p.llc_profiling);
        frequency("sys_io_sampling_freq", p.sys_io_sampling_freq);
        frequency("sys_interconnection_freq", p.sys_interconnection_freq);
        frequency("sys_cpu_freq", p.sys_cpu_freq);
        frequency("dvpp_freq", p.dvpp_freq);
        profiler_list("host_sys", kHostSysNames, p.host_sys);
        profiler_list("host_sys_usage", kHostSysUsageNames, p.host_sys_usage);
        frequency("host_sys_usage_freq", p.host_sys_usage_freq);
        frequency("sys_lp_freq", p.sys_lp_freq);
        if (!p.enabled.value_or(false)) return;
        if (p.output) {
            for (const char ch : *p.output) {
                if (profiler_rules::isForbiddenOutputChar(ch)) {
                    profiler_error("output", ConfigRule::profiler_output_char,
                                   "EK0003: output holds a character msprof refuses");
                    break;
                }
            }
        }
        if (p.storage_limit_mb && (*p.storage_limit_mb < profiler_rules::kStorageLimitMinMb ||
                                   *p.storage_limit_mb > profiler_rules::kStorageLimitMaxMb)) {
            const std::string unit(profiler_rules::kStorageLimitUnit);
            profiler_error("storage_limit", ConfigRule::profiler_storage_limit_range,
                           "EK0003: storage_limit is " + aclpp::json::uint_text(*p.storage_limit_mb) + unit +
                               "; allowed: " + aclpp::json::uint_text(profiler_rules::kStorageLimitMinMb) + unit +
                               " to " + aclpp::json::uint_text(profiler_rules::kStorageLimitMaxMb) + unit);
        }
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
