// C-4: an invalid constant config does not compile. An extra key's value is read by the same
// lexer as aclInit reads acl.json, so a string with a lone high surrogate escape
// fails here, not with 100006 in aclInit.
#include <acl/config.hpp>

#if !ACLPP_HAS_CONSTEXPR_CONFIG
#error ACLPP_SKIP_TEST: ACLPP_HAS_CONSTEXPR_CONFIG is 0 (no constexpr std::string/vector here), cpp/config checks this rule at run time
#else
constexpr auto config = acl::static_config<[] {
    acl::Config c;
    c.add_extra("mine", R"(["\uD800"])");
    return c;
}>;
#endif
