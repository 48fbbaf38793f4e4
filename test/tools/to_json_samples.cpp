// Prints Config::to_json() of a typed config named on the command line, for to_json_fmt_test.py
// (C-4: to_json writes the canonical layout that `acl-config fmt --check` accepts).
#include <acl/config.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Lists at every level: a dump_list of two models with layers and filters, scalar arrays,
// the profiler, the top-level keys and an extra key whose value is written untidily.
acl::Config withLists() {
    acl::Config c{.err_msg_mode = acl::ErrMsgMode::process,
                  .max_opqueue_num = 30000u,
                  .stack_size = acl::StackSize{.aicore_stack_size = 65536u},
                  .default_device = 0,
                  .event_mode = acl::EventMode::software};
    c.dump =
        acl::Dump{.path = "./dump",
                  .mode = acl::DumpMode::all,
                  .level = acl::DumpLevel::op,
                  .stats = std::vector{acl::DumpStat::max, acl::DumpStat::min},
                  .list = std::vector{
                      acl::DumpModel{.model_name = "resnet50",
                                     .layer = std::vector<std::string>{"conv1", "pool1"},
                                     .optype_blacklist = std::vector{acl::OpFilter{
                                         .name = "MatMul", .pos = std::vector<std::string>{"input0", "output0"}}}},
                      acl::DumpModel{.model_name = "caf\xC3\xA9", .layer = std::vector<std::string>{"fc\"1\"", "fc2"}},
                  }};
    c.profiler = acl::Profiler{.enabled = true,
                               .output = "./prof",
                               .aic_metrics = "PipeUtilization",
                               .storage_limit_mb = 500u,
                               .dvpp_freq = 50u,
                               .host_sys = std::vector{acl::HostSys::cpu, acl::HostSys::mem}};
    c.add_extra("my_module", "{\"threads\":4,  \"names\":[ \"a\",\"b\" ],\n\"nested\":{\"deep\":[{\"x\":1}]}}");
    return c;
}

// Empty lists and objects, nested: each must come out as [] or {} on its key's line.
acl::Config withEmptyContainers() {
    acl::Config c;
    c.dump = acl::Dump{.path = "./",
                       .list = std::vector{acl::DumpModel{.model_name = "m",
                                                          .layer = std::vector<std::string>{},
                                                          .optype_blacklist = std::vector<acl::OpFilter>{}},
                                           acl::DumpModel{}}};
    c.profiler = acl::Profiler{};
    c.add_extra("empty_nest", R"({"a": [], "b": {}, "c": [[], {}], "d": [{}, {"e": []}]})");
    c.add_extra("empty_list", "[ ]");
    return c;
}

}  // namespace

int main(int argc, char **argv) {
    const std::string_view which = argc == 2 ? argv[1] : "";
    std::string text;
    if (which == "lists") {
        text = withLists().to_json();
    } else if (which == "empty") {
        text = withEmptyContainers().to_json();
    } else {
        std::fprintf(stderr, "usage: to-json-samples lists|empty\n");
        return 2;
    }
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}
