// acl/config/static_config.hpp: a constant configuration (decision C-4). acl::static_config
// runs the compile-time rules on a config built by a constexpr lambda and stores its compact
// JSON text in a structural type, so the config is checked and serialised while compiling and
// can be a template argument. A violated rule stops compilation with a static_assert naming it.
// Needs ACLPP_HAS_CONSTEXPR_CONFIG. Included by <acl/config.hpp>.
#pragma once

#include <acl/config/rules.hpp>
#include <cstddef>
#include <string>
#include <string_view>

#if ACLPP_HAS_CONSTEXPR_CONFIG

namespace acl {
inline namespace v1 {

/// The JSON text of a constant config. Structural: usable as a template argument.
template <std::size_t N>
struct StaticConfig {
    char text[N + 1]{};  ///< the compact acl.json, NUL terminated
    std::size_t size = 0;

    /// The acl.json text.
    [[nodiscard]] constexpr std::string_view json() const noexcept { return {text, size}; }
    [[nodiscard]] constexpr const char *c_str() const noexcept { return text; }
};

namespace detail {

/// The first rule a constant config breaks, and where.
struct StaticVerdict {
    ConfigRule rule = ConfigRule::none;
    char pointer[96]{};
};

template <class Make>
consteval StaticVerdict static_verdict(Make make) {
    StaticVerdict verdict;
    const Report report = make().validate_static();
    if (const Finding *first = report.first_error()) {
        verdict.rule = rule_of(*first);
        for (std::size_t i = 0; i < first->pointer.size() && i + 1 < sizeof verdict.pointer; ++i) {
            verdict.pointer[i] = first->pointer[i];
        }
    }
    return verdict;
}

/// One static_assert per rule: the failing one is the compiler's message. `Verdict` (the JSON
/// pointer) appears in the instantiation context printed with it.
template <ConfigRule R, StaticVerdict Verdict>
struct ConfigRuleCheck {
    static_assert(R != ConfigRule::extra_key_is_known,
                  "acl config rule C-4 extra_key_is_known: an extra key is read by the runtime; set the typed member");
    static_assert(R != ConfigRule::extra_key_duplicate,
                  "acl config rule C-4 extra_key_duplicate: an extra key is given twice");
    static_assert(R != ConfigRule::extra_json_invalid,
                  "acl config rule F-3 extra_json_invalid (100006): an extra key's value is not valid JSON text");
    static_assert(R != ConfigRule::string_not_utf8,
                  "acl config rule F-3 string_not_utf8 (100006): a string is not valid UTF-8");
    static_assert(R != ConfigRule::err_msg_mode_value,
                  "acl config rule K-1 err_msg_mode_value (100000): err_msg_mode must be \"0\" or \"1\"");
    static_assert(R != ConfigRule::dump_enum_value,
                  "acl config rule K-4 dump_enum_value (100009, EP0002): a dump enumeration holds an invalid value");
    static_assert(
        R != ConfigRule::dump_kernel_data_empty,
        "acl config rule K-4 dump_kernel_data_empty (100009, EP0001): dump_kernel_data needs at least one item");
    static_assert(R != ConfigRule::dump_stats_value,
                  "acl config rule K-4 dump_stats_value (100009, EP0002): dump_stats holds an invalid statistic");
    static_assert(R != ConfigRule::watcher_debug_on,
                  "acl config rule K-4 watcher_debug_on (100009, EP0005): dump_scene watcher forbids dump_debug on");
    static_assert(
        R != ConfigRule::watcher_op_switch_on,
        "acl config rule K-4 watcher_op_switch_on (100009, EP0005): dump_scene watcher forbids dump_op_switch on");
    static_assert(
        R != ConfigRule::watcher_mode_not_output,
        "acl config rule K-4 watcher_mode_not_output (100009, EP0005): dump_scene watcher requires dump_mode output");
    static_assert(
        R != ConfigRule::exception_scene_debug_on,
        "acl config rule K-4 exception_scene_debug_on (100009, EP0005): an exception dump_scene forbids dump_debug on");
    static_assert(R != ConfigRule::exception_scene_op_switch_on,
                  "acl config rule K-4 exception_scene_op_switch_on (100009, EP0005): an exception dump_scene forbids "
                  "dump_op_switch on");
    static_assert(
        R != ConfigRule::dump_path_missing,
        "acl config rule K-4 dump_path_missing (100009, EP0001): dump_path is required unless dump_scene is an "
        "exception scene");
    static_assert(R != ConfigRule::dump_path_empty,
                  "acl config rule K-4 dump_path_empty (100009, EP0001): dump_path is empty");
    static_assert(R != ConfigRule::dump_path_too_long,
                  "acl config rule K-4 dump_path_too_long (100009, EP0003): dump_path is longer "
                  "than " ACLPP_SCHEMA_MAX_DUMP_PATH_LENGTH " bytes");
    static_assert(
        R != ConfigRule::dump_path_remote_empty,
        "acl config rule K-4 dump_path_remote_empty (100009, EP0003): nothing follows the colon of a.b.c.d:<path>");
    static_assert(
        R != ConfigRule::dump_path_remote_bad_char,
        "acl config rule K-4 dump_path_remote_bad_char (100009, EP0003): the remote path holds a forbidden character");
    static_assert(
        R != ConfigRule::overflow_op_switch_on,
        "acl config rule K-4 overflow_op_switch_on (100009, EP0005): dump_debug on forbids dump_op_switch on");
    static_assert(
        R != ConfigRule::dump_step_syntax,
        "acl config rule K-4 dump_step_syntax (100009, EP0003): dump_step must be up to " ACLPP_SCHEMA_MAX_STEP_ITEMS
        " '|' items N or N-M "
        "with N <= M");
    static_assert(R != ConfigRule::list_model_name_empty,
                  "acl config rule K-4 list_model_name_empty (100009, EP0001): a dump_list model_name is empty");
    static_assert(R != ConfigRule::list_layer_empty,
                  "acl config rule K-4 list_layer_empty (100009, EP0001): a dump_list layer list is empty");
    static_assert(
        R != ConfigRule::watcher_nodes_missing,
        "acl config rule K-4 watcher_nodes_missing (100009, EP0001): dump_scene watcher needs watcher_nodes in "
        "every dump_list item");
    static_assert(R != ConfigRule::watcher_nodes_empty,
                  "acl config rule K-4 watcher_nodes_empty (100009, EP0001): watcher_nodes is empty");
    static_assert(R != ConfigRule::watcher_model_name_set,
                  "acl config rule K-4 watcher_model_name_set (100009, EP0005): dump_scene watcher forbids model_name");
    static_assert(R != ConfigRule::watcher_nodes_without_watcher,
                  "acl config rule K-4 watcher_nodes_without_watcher (100009, EP0005): watcher_nodes needs dump_scene "
                  "watcher");
    static_assert(R != ConfigRule::blacklist_too_long,
                  "acl config rule K-4 blacklist_too_long (100009, EP0003): a blacklist has more "
                  "than " ACLPP_SCHEMA_MAX_BLACKLIST_ENTRIES " entries");
    static_assert(R != ConfigRule::blacklist_needs_level_op,
                  "acl config rule K-4 blacklist_needs_level_op (100009, EP0005): a blacklist requires dump_level op");
    static_assert(
        R != ConfigRule::opname_range_needs_level_op,
        "acl config rule K-4 opname_range_needs_level_op (100009, EP0005): opname_range requires dump_level op");
    static_assert(
        R != ConfigRule::opname_range_needs_model_name,
        "acl config rule K-4 opname_range_needs_model_name (100009, EP0001): opname_range requires a non-empty "
        "model_name");
    static_assert(
        R != ConfigRule::opname_range_bound_empty,
        "acl config rule K-4 opname_range_bound_empty (100009, EP0003): an opname_range entry needs begin and end");
    static_assert(R != ConfigRule::dump_stats_empty,
                  "acl config rule K-4 dump_stats_empty (100009, EP0001): dump_stats is empty");
    static_assert(
        R != ConfigRule::dump_stats_need_data_stats,
        "acl config rule K-4 dump_stats_need_data_stats (100009, EP0005): dump_stats requires dump_data stats");
    static_assert(R != ConfigRule::max_opqueue_num_zero,
                  "acl config rule K-3 max_opqueue_num_zero (100000): max_opqueue_num must be above 0");
    static_assert(R != ConfigRule::default_device_negative,
                  "acl config rule K-1 default_device_negative (500001): default_device must not be negative");
    static_assert(R != ConfigRule::printf_fifo_zero,
                  "acl config rule K-1 printf_fifo_zero (500001): a printf FIFO size must be above 0");
    static_assert(R != ConfigRule::event_mode_value,
                  "acl config rule K-1 event_mode_value (100000): event_mode must be \"0\" or \"1\"");
    static_assert(R != ConfigRule::profiler_enum_value,
                  "acl config rule K-5 profiler_enum_value (100000): a profiler enumeration holds an invalid value");
    static_assert(R != ConfigRule::profiler_frequency_range,
                  "acl config rule K-5 profiler_frequency_range (100000): a profiler frequency is outside its range");
    static_assert(R != ConfigRule::profiler_output_char,
                  "acl config rule K-5 profiler_output_char (100000): profiler output holds a forbidden character");
    static_assert(R != ConfigRule::profiler_storage_limit_range,
                  "acl config rule K-5 profiler_storage_limit_range (100000): storage_limit must "
                  "be " ACLPP_SCHEMA_STORAGE_LIMIT_MIN_MB ".." ACLPP_SCHEMA_STORAGE_LIMIT_MAX_MB " MB");
    static constexpr bool ok = true;
};

template <auto Make>
consteval auto make_static_config() {
    constexpr StaticVerdict verdict = static_verdict(Make);
    static_assert(ConfigRuleCheck<verdict.rule, verdict>::ok);
    constexpr std::size_t size = Make().to_json(JsonStyle::compact).size();
    StaticConfig<size> out{};
    const std::string text = Make().to_json(JsonStyle::compact);
    for (std::size_t i = 0; i < size; ++i) out.text[i] = text[i];
    out.size = size;
    return out;
}

}  // namespace detail

/// The checked, serialised form of the config a constexpr lambda returns:
///     constexpr auto cfg = acl::static_config<[] { return acl::Config{.err_msg_mode = ...}; }>;
///     acl::Session s{cfg};
/// A config that breaks a rule of validate_static() does not compile.
template <auto Make>
inline constexpr auto static_config = detail::make_static_config<Make>();

/// The compact JSON text of a constant config, produced at compile time.
template <auto Make>
[[nodiscard]] consteval auto to_json_fixed() {
    return detail::make_static_config<Make>();
}

}  // namespace v1
}  // namespace acl

#endif  // ACLPP_HAS_CONSTEXPR_CONFIG
