// C-4: an invalid constant config does not compile. An extra key's value is read by the same
// lexer as aclInit reads acl.json, so a number whose double is infinite (1e400: the reference refuses it)
// fails here, not with 100006 in aclInit.
#include <acl/config.hpp>

#if !ACLPP_HAS_CONSTEXPR_CONFIG
#error ACLPP_SKIP_TEST: ACLPP_HAS_CONSTEXPR_CONFIG is 0 (no constexpr std::string/vector here), cpp/config checks this rule at run time
#else
constexpr auto config = acl::static_config<[] {
    acl::Config c;
    c.add_extra("mine", R"({"limit":1e400})");
    return c;
}>;
#endif
