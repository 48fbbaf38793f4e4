// C-4: an invalid constant config does not compile; the diagnostic names the rule (K-4 the watcher scene forbids
// dump_op_switch on).
#include <acl/config.hpp>

#if !ACLPP_HAS_CONSTEXPR_CONFIG
#error ACLPP_SKIP_TEST: ACLPP_HAS_CONSTEXPR_CONFIG is 0 (no constexpr std::string/vector here), cpp/config checks this rule at run time
#else
constexpr auto config = acl::static_config<[] {
    acl::Config c;
    c.set_dump(acl::Dump{.path = "./", .op_switch = true, .scene = acl::DumpScene::watcher});
    return c;
}>;
#endif
