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

/// One static_assert per rule of the schema's table: the failing one is the compiler's message,
/// "acl config rule K-4 dump_path_empty (100009, EP0001): dump_path is empty". `Verdict` (the
/// JSON pointer) appears in the instantiation context printed with it.
#define ACLPP_STATIC_RULE_CHECK(rule, decision, code, id, summary, ...) \
    static_assert(R != ConfigRule::rule,                                \
                  "acl config rule " decision " " #rule " (" code ACLPP_SCHEMA_RULE_ID_SUFFIX(id) "): " summary);
template <ConfigRule R, StaticVerdict Verdict>
struct ConfigRuleCheck {
    ACLPP_SCHEMA_RULES(ACLPP_STATIC_RULE_CHECK)
    static constexpr bool ok = true;
};
#undef ACLPP_STATIC_RULE_CHECK

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
