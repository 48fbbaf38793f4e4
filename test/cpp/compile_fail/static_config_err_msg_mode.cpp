// C-4: an invalid constant config does not compile; the diagnostic names the rule (K-1 err_msg_mode is "0" or "1").
#include <acl/config.hpp>

#if !ACLPP_HAS_CONSTEXPR_CONFIG
#error ACLPP_SKIP_TEST: ACLPP_HAS_CONSTEXPR_CONFIG is 0 (no constexpr std::string/vector here), cpp/config checks this rule at run time
#else
constexpr auto config = acl::static_config<[] {
    acl::Config c;
    c.err_msg_mode = static_cast<acl::ErrMsgMode>(2);
    return c;
}>;
#endif
