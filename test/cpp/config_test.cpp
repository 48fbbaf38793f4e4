// C-4: the typed config: canonical JSON with the runtime's JSON types, parsing back to an equal
// config, and validation with the same codes and pointers as the core.
#include <acl/config.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <system_error>
#include <vector>

#include "catch.hpp"
#include "test_support.hpp"

namespace {

acl::Config full_config() {
    acl::Config c;
    c.set_err_msg_mode(acl::ErrMsgMode::process)
        .set_max_opqueue_num(30000)
        .set_aicore_stack_size(65536)
        .set_default_device(0)
        .set_simd_printf_fifo_size_per_core(4096)
        .set_event_mode(acl::EventMode::hardware);
    acl::Dump dump;
    dump.set_path("./")
        .set_mode(acl::DumpMode::all)
        .set_level(acl::DumpLevel::op)
        .set_data(acl::DumpData::stats)
        .add_stat(acl::DumpStat::max)
        .add_stat(acl::DumpStat::negative_inf)
        .add_kernel_data(acl::KernelData::printf)
        .add_kernel_data(acl::KernelData::assertion)
        .set_step("1|3-5")
        .add_model(acl::DumpModel{}
                       .set_model_name("resnet")
                       .add_layer("conv1")
                       .add_layer("fc \"q\"")
                       .add_optype_blacklist(acl::OpFilter{}.set_name("Add").add_pos("input0"))
                       .add_opname_range("a", "b"));
    c.set_dump(dump);
    c.set_profiler(acl::Profiler{.enabled = false,
                                 .output = "./prof",
                                 .aicpu = true,
                                 .dvpp_freq = 50u,
                                 .host_sys = std::vector{acl::HostSys::cpu, acl::HostSys::mem}});
    c.add_extra("my_module", R"({"threads":4})");
    return c;
}

}  // namespace

TEST_CASE("C-4 to_json writes canonical acl.json with the JSON types the runtime requires", "[C-4]") {
    const acl::Config c{.err_msg_mode = acl::ErrMsgMode::process,
                        .max_opqueue_num = 30000u,
                        .stack_size = acl::StackSize{.aicore_stack_size = 65536u},
                        .default_device = 0,
                        .simd_printf_fifo_size_per_core = 4096u,
                        .event_mode = acl::EventMode::software};
    CHECK(c.to_json(acl::JsonStyle::compact) ==
          R"({"err_msg_mode":"1","max_opqueue_num":"30000","StackSize":{"aicore_stack_size":65536},)"
          R"("defaultDevice":{"default_device":"0"},"simd_printf_fifo_size_per_core":4096,)"
          R"("acl_graph":{"event_mode":"0"}})");
    CHECK(c.to_json() ==
          "{\n"
          "  \"err_msg_mode\": \"1\",\n"
          "  \"max_opqueue_num\": \"30000\",\n"
          "  \"StackSize\": {\n"
          "    \"aicore_stack_size\": 65536\n"
          "  },\n"
          "  \"defaultDevice\": {\n"
          "    \"default_device\": \"0\"\n"
          "  },\n"
          "  \"simd_printf_fifo_size_per_core\": 4096,\n"
          "  \"acl_graph\": {\n"
          "    \"event_mode\": \"0\"\n"
          "  }\n"
          "}\n");
    CHECK(acl::Config{}.to_json(acl::JsonStyle::compact) == "{}");
}

TEST_CASE("C-4 to_json writes the dump section with its list, filters and ranges", "[C-4]") {
    const acl::Config c{.dump = acl::Dump{.path = "./",
                                          .op_switch = true,
                                          .kernel_data = std::vector{acl::KernelData::all, acl::KernelData::timestamp},
                                          .list = std::vector{acl::DumpModel{.model_name = "m",
                                                                             .layer = std::vector<std::string>{"a"}}}}};
    CHECK(c.to_json(acl::JsonStyle::compact) ==
          R"({"dump":{"dump_path":"./","dump_op_switch":"on","dump_kernel_data":"all,timestamp",)"
          R"("dump_list":[{"model_name":"m","layer":["a"]}]}})");
}

TEST_CASE("C-4 to_json lays out an extra key's value like the rest and keeps its tokens", "[C-4]") {
    acl::Config c;
    c.add_extra("mine", "{ \"a\" : [1, 2.50E1] ,\n\t\"s\":\"x\\u00e9 \\\" ]\", \"o\": [{}, []]}");
    CHECK(c.to_json(acl::JsonStyle::compact) == R"({"mine":{"a":[1,2.50E1],"s":"x\u00e9 \" ]","o":[{},[]]}})");
    CHECK(c.to_json() ==
          "{\n"
          "  \"mine\": {\n"
          "    \"a\": [1, 2.50E1],\n"
          "    \"s\": \"x\\u00e9 \\\" ]\",\n"
          "    \"o\": [\n"
          "      {},\n"
          "      []\n"
          "    ]\n"
          "  }\n"
          "}\n");
}

TEST_CASE("C-4 parsing to_json back gives an equal config", "[C-4]") {
    const acl::Config c = full_config();
    for (const acl::JsonStyle style : {acl::JsonStyle::pretty, acl::JsonStyle::compact}) {
        std::error_code ec;
        std::vector<acl::Finding> findings;
        const std::optional<acl::Config> back = acl::Config::from_json(c.to_json(style), ec, &findings);
        INFO(c.to_json(style));
        REQUIRE(back);
        CHECK_FALSE(ec);
        CHECK(*back == c);
        CHECK(back->to_json(style) == c.to_json(style));
    }
}

TEST_CASE("C-4 F-3 from_json places a syntax error where the core's reader finds it", "[C-4][F-3]") {
    std::error_code ec;
    std::vector<acl::Finding> findings;
    CHECK_FALSE(acl::Config::from_json("{\n  \"err_msg_mode\": \"1\",\n}", ec, &findings));
    CHECK(ec.value() == ACL_ERROR_PARSE_FILE);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].pointer.empty());
    CHECK(findings[0].line == 3);
    CHECK(findings[0].column == 1);
    CHECK(findings[0].message.rfind("the text is not valid JSON: ", 0) == 0);
}

TEST_CASE("C-4 from_json reports what the typed config cannot hold with the core's code", "[C-4]") {
    struct Row {
        const char *json;
        aclError code;
        const char *pointer;
    };
    const Row rows[] = {
        {R"({"err_msg_mode":1})", ACL_ERROR_INVALID_PARAM, "/err_msg_mode"},
        {R"({"err_msg_mode":"2"})", ACL_ERROR_INVALID_PARAM, "/err_msg_mode"},
        {R"({"max_opqueue_num":20000})", ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG, "/max_opqueue_num"},
        {R"({"StackSize":{"aicore_stack_size":"65536"}})", ACL_ERROR_FAILURE, "/StackSize/aicore_stack_size"},
        {R"({"StackSize":{"aicore_stack_size":-1}})", ACL_ERROR_FAILURE, "/StackSize/aicore_stack_size"},
        {R"({"defaultDevice":{"default_device":0}})", ACL_ERROR_FAILURE, "/defaultDevice/default_device"},
        {R"({"simd_printf_fifo_size_per_core":1e4})", ACL_ERROR_FAILURE, "/simd_printf_fifo_size_per_core"},
        {R"({"dump":{"dump_mode":"both"}})", ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_mode"},
        {R"({"dump":{"dump_list":[{"layer":"x"}]}})", ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/0/layer"},
        {R"({"profiler":{"swich":"on"}})", ACL_ERROR_INVALID_PARAM, "/profiler/swich"},  // K-5 allow-list
        {R"({"profiler":{"switch":"maybe"}})", ACL_ERROR_INVALID_PARAM, "/profiler/switch"},
        {R"({"a":1,)", ACL_ERROR_PARSE_FILE, ""},
    };
    for (const Row &row : rows) {
        INFO(row.json);
        std::error_code ec;
        std::vector<acl::Finding> findings;
        CHECK_FALSE(acl::Config::from_json(row.json, ec, &findings));
        CHECK(ec.value() == row.code);
        REQUIRE_FALSE(findings.empty());
        CHECK(findings.front().pointer == row.pointer);
    }
    std::error_code ec;
    const auto lenient = acl::Config::from_json(R"({"StackSize":{"aicore_stack_size":65536.0},"other":[1,2]})", ec);
    REQUIRE(lenient);
    CHECK(lenient->stack_size->aicore_stack_size == 65536u);
    REQUIRE(lenient->extra.size() == 1);
    CHECK(lenient->extra[0].key == "other");
    CHECK(lenient->extra[0].json == "[1,2]");
}

TEST_CASE("C-4 K-7 F-5 from_json reads what the runtime ignores and drops it with a warning", "[C-4][K-7][F-5]") {
    struct Row {
        const char *json;
        const char *warning_at;  ///< nullptr: no finding at all
    };
    const Row rows[] = {
        {"", nullptr},                                                        // F-3: a 0-byte file is {}
        {"[]", ""},                                                           // F-5: a top level that is not an object
        {R"({"dump":{"dump_path":"./","dump_pth":"x"}})", "/dump/dump_pth"},  // K-7
        {R"({"acl_graph":{"event_mode1":"1"}})", "/acl_graph/event_mode1"},
        {R"({"StackSize":5})", "/StackSize"},  // a section that is not an object is absent
        {R"({"defaultDevice":[]})", "/defaultDevice"},
        {R"({"acl_graph":"x"})", "/acl_graph"},
        {R"({"err_msg_mode":"0","err_msg_mode":"1"})", "/err_msg_mode"},  // F-5: the last one wins
        {R"({"dump":{"dump_path":"/a","dump_path":"./"}})", "/dump/dump_path"},
    };
    for (const Row &row : rows) {
        INFO(row.json);
        std::error_code ec;
        std::vector<acl::Finding> findings;
        const std::optional<acl::Config> config = acl::Config::from_json(row.json, ec, &findings);
        REQUIRE(config);
        CHECK_FALSE(ec);
        if (row.warning_at == nullptr) {
            CHECK(findings.empty());
            continue;
        }
        REQUIRE(findings.size() == 1);
        CHECK(findings[0].severity == acl::Severity::warning);
        CHECK(findings[0].pointer == row.warning_at);
    }
    std::error_code ec;
    const auto repeated = acl::Config::from_json(R"({"err_msg_mode":"0","err_msg_mode":"1"})", ec);
    REQUIRE(repeated);
    CHECK(repeated->err_msg_mode == acl::ErrMsgMode::process);
    const auto dropped = acl::Config::from_json(R"({"StackSize":5,"acl_graph":{"event_mode1":"1"}})", ec);
    REQUIRE(dropped);
    CHECK(dropped->to_json(acl::JsonStyle::compact) == "{}");
}

namespace {

struct RuleRow {
    const char *name;
    std::function<acl::Config()> make;
    aclError code;
    const char *pointer;
    acl::ConfigRule rule;
};

std::vector<RuleRow> rule_rows() {
    using acl::Config;
    using acl::Dump;
    using acl::DumpModel;
    const auto with_dump = [](Dump d) {
        Config c;
        c.dump = std::move(d);
        return c;
    };
    return {
        {"err_msg_mode out of range", [] { return Config{.err_msg_mode = static_cast<acl::ErrMsgMode>(3)}; },
         ACL_ERROR_INVALID_PARAM, "/err_msg_mode", acl::ConfigRule::err_msg_mode_value},
        {"watcher + debug",
         [=] { return with_dump(Dump{.path = "./", .scene = acl::DumpScene::watcher, .debug = true}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_debug", acl::ConfigRule::watcher_debug_on},
        {"watcher + op_switch",
         [=] { return with_dump(Dump{.path = "./", .op_switch = true, .scene = acl::DumpScene::watcher}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_op_switch", acl::ConfigRule::watcher_op_switch_on},
        {"watcher + mode input",
         [=] { return with_dump(Dump{.path = "./", .mode = acl::DumpMode::input, .scene = acl::DumpScene::watcher}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_mode", acl::ConfigRule::watcher_mode_not_output},
        {"exception scene + debug",
         [=] { return with_dump(Dump{.scene = acl::DumpScene::aic_err_brief_dump, .debug = true}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_debug", acl::ConfigRule::exception_scene_debug_on},
        {"exception scene + op_switch",
         [=] { return with_dump(Dump{.op_switch = true, .scene = acl::DumpScene::lite_exception}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_op_switch", acl::ConfigRule::exception_scene_op_switch_on},
        {"dump_path missing", [=] { return with_dump(Dump{.op_switch = false}); }, ACL_ERROR_INVALID_DUMP_CONFIG,
         "/dump/dump_path", acl::ConfigRule::dump_path_missing},
        {"dump_path empty", [=] { return with_dump(Dump{.path = ""}); }, ACL_ERROR_INVALID_DUMP_CONFIG,
         "/dump/dump_path", acl::ConfigRule::dump_path_empty},
        {"dump_path too long", [=] { return with_dump(Dump{.path = std::string(513, 'a')}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_path", acl::ConfigRule::dump_path_too_long},
        {"remote path empty", [=] { return with_dump(Dump{.path = "10.0.0.1:"}); }, ACL_ERROR_INVALID_DUMP_CONFIG,
         "/dump/dump_path", acl::ConfigRule::dump_path_remote_empty},
        {"remote path bad char", [=] { return with_dump(Dump{.path = "10.0.0.1:/data dir"}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_path", acl::ConfigRule::dump_path_remote_bad_char},
        {"overflow + op_switch", [=] { return with_dump(Dump{.path = "./", .op_switch = true, .debug = true}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_op_switch", acl::ConfigRule::overflow_op_switch_on},
        {"dump_step reversed", [=] { return with_dump(Dump{.path = "./", .step = "5-3"}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_step", acl::ConfigRule::dump_step_syntax},
        {"model_name empty",
         [=] { return with_dump(Dump{.path = "./", .list = std::vector{DumpModel{.model_name = ""}}}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/0/model_name", acl::ConfigRule::list_model_name_empty},
        {"layer empty",
         [=] {
             return with_dump(Dump{
                 .path = "./",
                 .list = std::vector{DumpModel{.model_name = "m"}, DumpModel{.layer = std::vector<std::string>{}}}});
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/1/layer", acl::ConfigRule::list_layer_empty},
        {"watcher without nodes",
         [=] {
             return with_dump(Dump{.path = "./",
                                   .scene = acl::DumpScene::watcher,
                                   .list = std::vector{DumpModel{.layer = std::vector<std::string>{"l"}}}});
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/0/watcher_nodes", acl::ConfigRule::watcher_nodes_missing},
        {"watcher with model_name",
         [=] {
             return with_dump(Dump{
                 .path = "./",
                 .scene = acl::DumpScene::watcher,
                 .list = std::vector{DumpModel{.model_name = "m", .watcher_nodes = std::vector<std::string>{"n"}}}});
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/0/model_name", acl::ConfigRule::watcher_model_name_set},
        {"nodes without watcher",
         [=] {
             return with_dump(
                 Dump{.path = "./", .list = std::vector{DumpModel{.watcher_nodes = std::vector<std::string>{"n"}}}});
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/0/watcher_nodes",
         acl::ConfigRule::watcher_nodes_without_watcher},
        {"blacklist needs level op",
         [=] {
             return with_dump(
                 Dump{.path = "./",
                      .list = std::vector{DumpModel{.opname_blacklist = std::vector{acl::OpFilter{.name = "x"}}}}});
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/0/opname_blacklist",
         acl::ConfigRule::blacklist_needs_level_op},
        {"blacklist too long",
         [=] {
             return with_dump(Dump{.path = "./",
                                   .level = acl::DumpLevel::op,
                                   .list = std::vector{DumpModel{.optype_blacklist = std::vector<acl::OpFilter>(
                                                                     101, acl::OpFilter{.name = "x"})}}});
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/0/optype_blacklist", acl::ConfigRule::blacklist_too_long},
        {"range needs level op",
         [=] {
             return with_dump(Dump{.path = "./",
                                   .list = std::vector{DumpModel{
                                       .model_name = "m", .opname_range = std::vector{acl::OpnameRange{"a", "b"}}}}});
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/0/opname_range", acl::ConfigRule::opname_range_needs_level_op},
        {"range needs model",
         [=] {
             return with_dump(
                 Dump{.path = "./",
                      .level = acl::DumpLevel::op,
                      .list = std::vector{DumpModel{.opname_range = std::vector{acl::OpnameRange{"a", "b"}}}}});
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/0/model_name", acl::ConfigRule::opname_range_needs_model_name},
        {"range bound empty",
         [=] {
             return with_dump(Dump{.path = "./",
                                   .level = acl::DumpLevel::op,
                                   .list = std::vector{DumpModel{
                                       .model_name = "m", .opname_range = std::vector{acl::OpnameRange{"a", ""}}}}});
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_list/0/opname_range/0", acl::ConfigRule::opname_range_bound_empty},
        {"stats empty",
         [=] {
             return with_dump(Dump{.path = "./", .data = acl::DumpData::stats, .stats = std::vector<acl::DumpStat>{}});
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_stats", acl::ConfigRule::dump_stats_empty},
        {"stats need data stats",
         [=] { return with_dump(Dump{.path = "./", .stats = std::vector{acl::DumpStat::min}}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_stats", acl::ConfigRule::dump_stats_need_data_stats},
        {"kernel data empty",
         [=] { return with_dump(Dump{.path = "./", .kernel_data = std::vector<acl::KernelData>{}}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_kernel_data", acl::ConfigRule::dump_kernel_data_empty},
        {"dump enum out of range",
         [=] { return with_dump(Dump{.path = "./", .level = static_cast<acl::DumpLevel>(9)}); },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_level", acl::ConfigRule::dump_enum_value},
        {"max_opqueue_num 0", [] { return Config{.max_opqueue_num = 0u}; }, ACL_ERROR_INVALID_PARAM, "/max_opqueue_num",
         acl::ConfigRule::max_opqueue_num_zero},
        {"default_device negative", [] { return Config{.default_device = -1}; }, ACL_ERROR_FAILURE,
         "/defaultDevice/default_device", acl::ConfigRule::default_device_negative},
        {"simd fifo 0", [] { return Config{.simd_printf_fifo_size_per_core = 0u}; }, ACL_ERROR_FAILURE,
         "/simd_printf_fifo_size_per_core", acl::ConfigRule::printf_fifo_zero},
        {"event_mode out of range", [] { return Config{.event_mode = static_cast<acl::EventMode>(2)}; },
         ACL_ERROR_INVALID_PARAM, "/acl_graph/event_mode", acl::ConfigRule::event_mode_value},
        {"dvpp_freq 0", [] { return Config{.profiler = acl::Profiler{.dvpp_freq = 0u}}; }, ACL_ERROR_INVALID_PARAM,
         "/profiler/dvpp_freq", acl::ConfigRule::profiler_frequency_range},
        {"output with a shell character and switch on",
         [] { return Config{.profiler = acl::Profiler{.enabled = true, .output = "./prof;rm"}}; },
         ACL_ERROR_INVALID_PARAM, "/profiler/output", acl::ConfigRule::profiler_output_char},
        {"storage_limit 100MB with switch on",
         [] { return Config{.profiler = acl::Profiler{.enabled = true, .storage_limit_mb = 100u}}; },
         ACL_ERROR_INVALID_PARAM, "/profiler/storage_limit", acl::ConfigRule::profiler_storage_limit_range},
        {"dump error before a default_device error (init-step order)",
         [=] {
             Config c = with_dump(Dump{.path = ""});
             c.default_device = -5;
             return c;
         },
         ACL_ERROR_INVALID_DUMP_CONFIG, "/dump/dump_path", acl::ConfigRule::dump_path_empty},
    };
}

}  // namespace

TEST_CASE("C-4 validate_static: one row per rule, with the core's code and JSON pointer", "[C-4]") {
    for (const RuleRow &row : rule_rows()) {
        INFO(row.name);
        const acl::Config config = row.make();
        const acl::Report report = config.validate_static();
        CHECK(report.result == row.code);
        const acl::Finding *first = report.first_error();
        REQUIRE(first != nullptr);
        CHECK(first->pointer == row.pointer);
        CHECK(acl::rule_of(*first) == row.rule);
    }
}

TEST_CASE("K-2 C-4 validate_static: after a SIMD FIFO error the SIMT FIFO is not checked", "[K-2][C-4]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const auto errors = [](const acl::Report &report) {
        std::vector<std::string> pointers;
        for (const acl::Finding &f : report.findings) {
            if (f.severity == acl::Severity::error) pointers.push_back(f.pointer);
        }
        return pointers;
    };
    const acl::Config both{.simd_printf_fifo_size_per_core = 0u, .simt_printf_fifo_size = 0u};
    CHECK(errors(both.validate_static()) == std::vector<std::string>{"/simd_printf_fifo_size_per_core"});
    CHECK(errors(both.validate()) == std::vector<std::string>{"/simd_printf_fifo_size_per_core"});
    const acl::Config simt_only{.simt_printf_fifo_size = 0u};
    CHECK(errors(simt_only.validate_static()) == std::vector<std::string>{"/simt_printf_fifo_size"});
}

TEST_CASE("C-4 validate() gives the core's verdict: same code and pointer as validate_static", "[C-4]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    for (const RuleRow &row : rule_rows()) {
        INFO(row.name);
        const acl::Config config = row.make();
        const acl::Report report = config.validate();
        INFO(config.to_json());
        CHECK(report.result == row.code);
        const acl::Finding *first = report.first_error();
        REQUIRE(first != nullptr);
        CHECK(first->pointer == row.pointer);
        CHECK_FALSE(first->message.empty());
    }
}

TEST_CASE("C-4 a valid config validates clean; product rules are the core's", "[C-4]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const acl::Config c{.err_msg_mode = acl::ErrMsgMode::process,
                        .dump = acl::Dump{.path = "./", .scene = acl::DumpScene::aic_err_detail_dump}};
    CHECK(c.validate_static().ok());
    CHECK(c.validate().ok());  // Ascend910B1 (Atlas A2) has core dump
    const acl::Report on_310p = c.validate("Ascend310P3");
    CHECK(on_310p.result == ACL_ERROR_INTERNAL_ERROR);
    REQUIRE(on_310p.first_error() != nullptr);
    CHECK(on_310p.first_error()->pointer == "/dump/dump_scene");

    // A key the product lacks is a warning, not an error (K-2).
    const acl::Config simt{.stack_size = acl::StackSize{.simt_stack_size = 2048u}};
    const acl::Report warned = simt.validate();
    CHECK(warned.ok());
    CHECK(warned.count(acl::Severity::warning) >= 1);
    CHECK(warned.effective_json != "null");
}

TEST_CASE("C-4 the builder refuses extra keys that shadow typed members or repeat", "[C-4]") {
    acl::Config c;
    c.add_extra("dump", "{}").add_extra("mine", "1").add_extra("mine", "2").add_extra("bad", "{");
    const acl::Report report = c.validate_static();
    REQUIRE(report.findings.size() == 3);
    CHECK(acl::rule_of(report.findings[0]) == acl::ConfigRule::extra_key_is_known);
    CHECK(report.findings[0].pointer == "/dump");
    CHECK(acl::rule_of(report.findings[1]) == acl::ConfigRule::extra_key_duplicate);
    CHECK(acl::rule_of(report.findings[2]) == acl::ConfigRule::extra_json_invalid);
    CHECK(report.findings[2].code == ACL_ERROR_PARSE_FILE);
}

TEST_CASE("C-4 an extra value that is not one JSON value is the builder's error even when the text parses", "[C-4]") {
    // "1,\"dump\":{...}" makes valid JSON text in the object, and a dump section the typed member
    // does not know of: refused by the builder, before aclInit.
    acl::Config c;
    c.add_extra("mine", "1,\"dump\":{\"dump_op_switch\":\"on\"}");
    const acl::Report report = c.validate_static();
    REQUIRE(report.findings.size() == 1);
    CHECK(acl::rule_of(report.findings[0]) == acl::ConfigRule::extra_json_not_one_value);
    CHECK(report.findings[0].pointer == "/mine");
    CHECK(report.findings[0].message == "the value of extra key \"mine\" is not one JSON value");
    CHECK(report.result == ACL_ERROR_INVALID_PARAM);
    CHECK(c.validate().result == ACL_ERROR_INVALID_PARAM);  // the run-time validation keeps it
}

TEST_CASE("C-4 acl::validate and validate_file run the core's validation on text and files", "[C-4]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    const acl::Report bad = acl::validate(R"({"dump":{"dump_mode":"both"}})");
    CHECK(bad.result == ACL_ERROR_INVALID_DUMP_CONFIG);
    REQUIRE(bad.first_error() != nullptr);
    CHECK(bad.first_error()->pointer == "/dump/dump_mode");
    CHECK(bad.first_error()->line == 1);
    const acl::Report missing = acl::validate_file("/nonexistent/acl.json");
    CHECK(missing.result == ACL_ERROR_INVALID_FILE);
    CHECK(aclpp_test::ref_count() == 0);  // validation touches no state
}

TEST_CASE("B-9 acl::validate and validate_file apply the rules of the CANN version they are given", "[B-9][C-4]") {
    aclpp::test::FreshRuntime fresh{aclpp::test::FreshRuntime::fail_the_test};
    // {"dump":{}}: 100009 before 9.1.0, accepted from it; no version: master's rules.
    constexpr std::string_view empty_dump = R"({"dump":{}})";
    CHECK(acl::validate(empty_dump, {}, "9.0.0").result == ACL_ERROR_INVALID_DUMP_CONFIG);
    CHECK(acl::validate(empty_dump, {}, "9.0.5").result == ACL_ERROR_INVALID_DUMP_CONFIG);
    CHECK(acl::validate(empty_dump, {}, "9.1.0").result == ACL_SUCCESS);
    CHECK(acl::validate(empty_dump).result == ACL_SUCCESS);
    // simt_printf_fifo_size on a product without the FIFO: 207000 up to 9.1.0, a warning on master.
    constexpr std::string_view simt_fifo = R"({"simt_printf_fifo_size": 2097152})";
    CHECK(acl::validate(simt_fifo, "Ascend910B1", "9.1.0").result == ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    const acl::Report warned = acl::validate(simt_fifo, "Ascend910B1", "master");
    CHECK(warned.result == ACL_SUCCESS);
    CHECK(warned.count(acl::Severity::warning) == 1);

    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("aclpp-b9-" + std::to_string(::getpid()) + ".json");
    std::ofstream(file) << empty_dump;
    CHECK(acl::validate_file(file.string(), {}, "9.0.0").result == ACL_ERROR_INVALID_DUMP_CONFIG);
    CHECK(acl::validate_file(file.string(), {}, "9.1.0").result == ACL_SUCCESS);
    CHECK(acl::validate_file(file.string()).result == ACL_SUCCESS);
    std::filesystem::remove(file);

    // Not a version: a report with 100000 that says so, from either call.
    const acl::Report refused = acl::validate("{}", {}, "9.1.RC1");
    CHECK(refused.result == ACL_ERROR_INVALID_PARAM);
    REQUIRE(refused.first_error() != nullptr);
    CHECK_THAT(refused.first_error()->message, Catch::Matchers::ContainsSubstring("CANN version \"9.1.RC1\""));
    CHECK(acl::validate_file("/nonexistent/acl.json", {}, "nine").result == ACL_ERROR_INVALID_PARAM);

    // A version changes the rules only: default_device is checked against the platform's device
    // count, as without one (not "any id", as acl-config's unknown count is).
    constexpr std::string_view device_3 = R"({"defaultDevice": {"default_device": "3"}})";
    CHECK(acl::validate(device_3, {}, "9.1.0").result == acl::validate(device_3).result);
    CHECK(acl::validate(device_3).result != ACL_SUCCESS);
    CHECK(aclpp_test::ref_count() == 0);
}
