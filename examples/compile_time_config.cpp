// A configuration checked and serialised while compiling (C-4). Change `.path = "./"` to
// `.path = ""` or add `.debug = true` below and the program no longer compiles: the compiler
// names the broken rule (for example "acl config rule K-4 exception_scene_debug_on").
#include <acl/acl.hpp>
#include <acl/config.hpp>

#include <cstdio>

#if ACLPP_HAS_CONSTEXPR_CONFIG

constexpr auto kConfig = acl::static_config<[] {
    return acl::Config{
        .err_msg_mode = acl::ErrMsgMode::process,
        .dump = acl::Dump{.path = "./", .scene = acl::DumpScene::aic_err_norm_dump},
        .stack_size = acl::StackSize{.aicore_stack_size = 65536u},
        .event_mode = acl::EventMode::hardware,
    };
}>;

// The JSON text exists at compile time.
static_assert(kConfig.json().starts_with(R"({"err_msg_mode":"1","dump":{"dump_path":"./")"));

int main() {
    try {
        acl::Session s{kConfig};
        std::printf("compile-time config (%zu bytes, checked by the compiler): %s\n%s the runtime\n", kConfig.size,
                    kConfig.c_str(), s.is_owner() ? "initialised" : "joined");
    } catch (const acl::Error &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}

#else

int main() {
    // This compiler cannot evaluate std::string in constant expressions (ACLPP_HAS_CONSTEXPR_CONFIG
    // is 0): the same config is validated at run time instead.
    const acl::Config config{.err_msg_mode = acl::ErrMsgMode::process,
                             .dump = acl::Dump{.path = "./", .scene = acl::DumpScene::aic_err_norm_dump}};
    const acl::Report report = config.validate();
    std::printf("run-time validation: %s\n", std::string(acl::error_name(report.result)).c_str());
    if (!report.ok()) return 1;
    acl::Session s{config};
    std::printf("%s the runtime\n", s.is_owner() ? "initialised" : "joined");
    return 0;
}

#endif
