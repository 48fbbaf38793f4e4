// C-4: a constant config is checked and serialised at compile time, usable as a template
// argument and as `acl::Session s{cfg};`. (The must-not-compile half is in compile_fail/.)
#include <acl/config.hpp>
#include <acl/session.hpp>

#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "catch.hpp"
#include "test_support.hpp"

#if ACLPP_HAS_CONSTEXPR_CONFIG

namespace {

constexpr auto kConfig = acl::static_config<[] {
    return acl::Config{.err_msg_mode = acl::ErrMsgMode::process,
                       .dump = acl::Dump{.path = "./", .scene = acl::DumpScene::aic_err_brief_dump},
                       .stack_size = acl::StackSize{.aicore_stack_size = 65536u}};
}>;

// The JSON text is a constant expression.
static_assert(kConfig.json() == R"({"err_msg_mode":"1","dump":{"dump_path":"./","dump_scene":"aic_err_brief_dump"},)"
                                R"("StackSize":{"aicore_stack_size":65536}})");
static_assert(acl::to_json_fixed<[] { return acl::Config{.default_device = 0}; }>().json() ==
              R"({"defaultDevice":{"default_device":"0"}})");

// An extra key's value is laid out at compile time as at run time (config_test.cpp).
static_assert(acl::to_json_fixed<[] {
                  acl::Config c;
                  c.add_extra("mine", "{ \"a\" : [1, 2] ,\n\"o\": [{}, []]}");
                  return c;
              }>()
                  .json() == R"({"mine":{"a":[1,2],"o":[{},[]]}})");

// The lexer's limits exactly (F-3, F-4): 10 objects in the document with the top-level one, a
// wide integer, the largest double, a surrogate pair. One step past each does not compile
// (compile_fail/static_config_extra_json_*).
static_assert(acl::static_config<[] {
                  acl::Config c;
                  c.add_extra("deep", R"({"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{}}}}}}}}})");
                  c.add_extra("numbers", "[18446744073709551616, 1.7976931348623157e308]");
                  c.add_extra("pair", R"("\uD83D\uDE00")");
                  return c;
              }>.size != 0);

// Fluent setters work in constant expressions too.
static_assert(acl::to_json_fixed<[] {
                  acl::Config c;
                  c.set_max_opqueue_num(100).set_dump(
                      acl::Dump{}.set_path("./").add_model(acl::DumpModel{}.set_model_name("m")));
                  return c;
              }>()
                  .json() == R"({"dump":{"dump_path":"./","dump_list":[{"model_name":"m"}]},"max_opqueue_num":"100"})");

// validate() and validate_static() are usable in constant expressions.
static_assert(acl::Config{.max_opqueue_num = 0u}.validate().result == ACL_ERROR_INVALID_PARAM);
static_assert(acl::Config{.err_msg_mode = acl::ErrMsgMode::thread}.validate_static().ok());
static_assert(acl::Config{.dump = acl::Dump{.path = "./", .stats = std::vector{acl::DumpStat::max}}}
                  .validate_static()
                  .first_error()
                  ->code == ACL_ERROR_INVALID_DUMP_CONFIG);

// K-4: each dump rule's finding, message and all, is built in a constant expression (GCC 12
// refuses some std::string expressions there, such as a ?: of two strings, that run fine at
// run time).
constexpr bool first_rule_is(const acl::Dump &dump, acl::ConfigRule rule) {
    const acl::Report report = acl::Config{.dump = dump}.validate_static();
    const acl::Finding *first = report.first_error();
    return first != nullptr && acl::rule_of(*first) == rule && !first->message.empty();
}
static_assert(first_rule_is({.path = "./", .mode = static_cast<acl::DumpMode>(7)}, acl::ConfigRule::dump_enum_value));
static_assert(first_rule_is({.path = "./", .kernel_data = std::vector<acl::KernelData>{}},
                            acl::ConfigRule::dump_kernel_data_empty));
static_assert(first_rule_is({.path = "./", .kernel_data = std::vector{static_cast<acl::KernelData>(9)}},
                            acl::ConfigRule::dump_kernel_data_value));
static_assert(first_rule_is({.op_switch = true}, acl::ConfigRule::dump_path_missing));
static_assert(first_rule_is({.path = "1.2.3.4:a b", .op_switch = true}, acl::ConfigRule::dump_path_remote_bad_char));
static_assert(first_rule_is({.path = "./", .step = "3-1"}, acl::ConfigRule::dump_step_syntax));
static_assert(first_rule_is({.path = "./", .stats = std::vector{acl::DumpStat::max}},
                            acl::ConfigRule::dump_stats_need_data_stats));
// dump_list items, built with the setters (GCC 12 cannot evaluate a braced list of DumpModel here).
constexpr bool item_rule_is(acl::Dump dump, const acl::DumpModel &model, acl::ConfigRule rule) {
    dump.add_model(model);
    return first_rule_is(dump, rule);
}
static_assert(item_rule_is(acl::Dump{}.set_path("./"), acl::DumpModel{}.set_model_name(""),
                           acl::ConfigRule::list_model_name_empty));
static_assert(item_rule_is(acl::Dump{}.set_path("./").set_scene(acl::DumpScene::watcher), acl::DumpModel{},
                           acl::ConfigRule::watcher_nodes_missing));
static_assert(item_rule_is(acl::Dump{}.set_path("./"), acl::DumpModel{}.set_model_name("m").add_watcher_node("n"),
                           acl::ConfigRule::watcher_nodes_without_watcher));
static_assert(item_rule_is(acl::Dump{}.set_path("./").set_level(acl::DumpLevel::op),
                           acl::DumpModel{}.set_model_name("m").add_opname_range("a", ""),
                           acl::ConfigRule::opname_range_bound_empty));
static_assert(item_rule_is(acl::Dump{}.set_path("./"), acl::DumpModel{}.add_opname_range("a", "b"),
                           acl::ConfigRule::opname_range_needs_level_op));

// K-5: each profiler rule a typed config can break, built in a constant expression.
constexpr bool profiler_rule_is(const acl::Profiler &profiler, acl::ConfigRule rule) {
    const acl::Report report = acl::Config{.profiler = profiler}.validate_static();
    const acl::Finding *first = report.first_error();
    return first != nullptr && acl::rule_of(*first) == rule && !first->message.empty();
}
static_assert(profiler_rule_is({.task_time = static_cast<acl::TaskTime>(9)}, acl::ConfigRule::profiler_enum_value));
static_assert(profiler_rule_is({.host_sys = std::vector{static_cast<acl::HostSys>(9)}},
                               acl::ConfigRule::profiler_list_item));
static_assert(profiler_rule_is({.dvpp_freq = 101u}, acl::ConfigRule::profiler_frequency_range));
static_assert(profiler_rule_is({.enabled = true, .output = "a;b"}, acl::ConfigRule::profiler_output_char));
static_assert(profiler_rule_is({.enabled = true, .storage_limit_mb = 199u},
                               acl::ConfigRule::profiler_storage_limit_range));
static_assert(profiler_rule_is({.sys_mem_serviceflow = ""}, acl::ConfigRule::profiler_text_empty));
static_assert(profiler_rule_is({.aic_metrics = std::string(71, 'x')}, acl::ConfigRule::profiler_metrics_too_long));
static_assert(profiler_rule_is({.aic_metrics = "Custom:"}, acl::ConfigRule::profiler_custom_events_empty));
static_assert(profiler_rule_is({.aic_metrics = "Custom:0x1,0xg"}, acl::ConfigRule::profiler_custom_event_invalid));
static_assert(profiler_rule_is({.enabled = true, .instr_profiling = true, .instr_profiling_freq = 299u},
                               acl::ConfigRule::profiler_instr_frequency_range));
// Without instr_profiling on, or with profiling off, the range is not checked; a typed config
// names no product, so what some product accepts passes (l3, any metric name, optype).
static_assert(
    acl::Config{.profiler = acl::Profiler{.enabled = true, .instr_profiling_freq = 299u}}.validate_static().ok());
static_assert(acl::Config{.profiler = acl::Profiler{.instr_profiling = true, .instr_profiling_freq = 299u}}
                  .validate_static()
                  .ok());
static_assert(acl::Config{.profiler = acl::Profiler{.enabled = true,
                                                    .aic_metrics = "AnyName",
                                                    .task_time = acl::TaskTime::l3,
                                                    .optype = "Conv2D"}}
                  .validate_static()
                  .ok());

// As a template argument (StaticConfig is structural).
template <acl::StaticConfig Config>
struct Plugin {
    static constexpr std::string_view json = Config.json();
};
static_assert(Plugin<kConfig>::json.starts_with(R"({"err_msg_mode":"1")"));

}  // namespace

TEST_CASE("C-4 a constant config works as acl::Session s{cfg}", "[C-4][static]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
#if ACLPP_EXCEPTIONS
    {
        acl::Session s{kConfig};
        CHECK(s.is_owner());
        CHECK(acl::config_bytes() == kConfig.json());
    }
#endif
    std::error_code ec;
    acl::Session s = acl::Session::create(acl::ConfigText{kConfig.json()}, ec);
    CHECK_FALSE(ec);
    CHECK(s.is_owner());
}

TEST_CASE("C-4 the compile-time rules agree with the runtime validator on a constant config", "[C-4][static]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    CHECK(acl::validate(kConfig.json()).ok());
}

#else

// Where the standard library has no constexpr std::string/std::vector (libstdc++ of GCC 10-11)
// or the compiler cannot evaluate them (Clang over libstdc++), acl::static_config does not exist and the
// must-not-compile snippets skip themselves (compile_fail/, exit 77). The same rules then guard
// the config at run time, and are checked here on the same configs.

namespace {

acl::ConfigRule first_rule(const acl::Config &config) {
    const acl::Report report = config.validate_static();
    const acl::Finding *error = report.first_error();
    return error != nullptr ? acl::rule_of(*error) : acl::ConfigRule::none;
}

}  // namespace

TEST_CASE("C-4 without constexpr containers the compile-time rules reject at run time", "[C-4][static]") {
    // The configs of compile_fail/static_config_*.cpp, with the rule each diagnostic names.
    CHECK(first_rule(acl::Config{.dump = acl::Dump{.path = "./", .stats = std::vector{acl::DumpStat::max}}}) ==
          acl::ConfigRule::dump_stats_need_data_stats);
    CHECK(
        first_rule(acl::Config{.dump = acl::Dump{.path = "./", .op_switch = true, .scene = acl::DumpScene::watcher}}) ==
        acl::ConfigRule::watcher_op_switch_on);
    CHECK(first_rule(acl::Config{.err_msg_mode = static_cast<acl::ErrMsgMode>(2)}) ==
          acl::ConfigRule::err_msg_mode_value);
    CHECK(first_rule(acl::Config{.dump = acl::Dump{.op_switch = true}}) == acl::ConfigRule::dump_path_missing);
}

TEST_CASE("C-4 without constexpr containers a valid config gives the same JSON at run time", "[C-4][static]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const acl::Config config{.err_msg_mode = acl::ErrMsgMode::process,
                             .dump = acl::Dump{.path = "./", .scene = acl::DumpScene::aic_err_brief_dump},
                             .stack_size = acl::StackSize{.aicore_stack_size = 65536u}};
    CHECK(config.validate_static().ok());
    const std::string json = config.to_json(acl::JsonStyle::compact);
    CHECK(json == R"({"err_msg_mode":"1","dump":{"dump_path":"./","dump_scene":"aic_err_brief_dump"},)"
                  R"("StackSize":{"aicore_stack_size":65536}})");
    CHECK(acl::validate(json).ok());
}

#endif
