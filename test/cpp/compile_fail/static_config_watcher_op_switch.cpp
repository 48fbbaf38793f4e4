// C-4: an invalid constant config does not compile; the diagnostic names the rule (K-4 the watcher scene forbids
// dump_op_switch on).
#include <acl/config.hpp>

#if !ACLPP_HAS_CONSTEXPR_CONFIG
#error ACLPP_SKIP_TEST: this compiler cannot evaluate acl::Config in constant expressions
#else
constexpr auto config = acl::static_config<[] {
    acl::Config c;
    c.set_dump(acl::Dump{.path = "./", .op_switch = true, .scene = acl::DumpScene::watcher});
    return c;
}>;
#endif
