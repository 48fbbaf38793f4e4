// acl/fmt.hpp: fmt formatters for acl::Errc and acl::Error (decision C-3). Opt-in: this is the
// only header of the layer that includes fmt.
//
//     fmt::print("{}\n", acl::Errc::repeat_initialize);   // ACL_ERROR_REPEAT_INITIALIZE (100002)
//     fmt::print("{}\n", error);                         // error.what()
#pragma once

#include <fmt/format.h>
#include <acl/error.hpp>
#include <string_view>

template <>
struct fmt::formatter<acl::Errc> : fmt::formatter<std::string_view> {
    /// "{}": "NAME (code)"; "{:s}" (or any string spec): the name alone, formatted as a string.
    bool name_only = false;

    constexpr auto parse(fmt::format_parse_context &ctx) {
        auto it = ctx.begin();
        if (it != ctx.end() && *it == 'n') {
            name_only = true;
            ++it;
        }
        ctx.advance_to(it);
        return fmt::formatter<std::string_view>::parse(ctx);
    }
    template <class FormatContext>
    auto format(acl::Errc e, FormatContext &ctx) const {
        if (name_only) return fmt::formatter<std::string_view>::format(acl::error_name(e), ctx);
        return fmt::format_to(ctx.out(), "{} ({})", acl::error_name(e), static_cast<int>(e));
    }
};

template <>
struct fmt::formatter<acl::Error> : fmt::formatter<std::string_view> {
    template <class FormatContext>
    auto format(const acl::Error &e, FormatContext &ctx) const {
        return fmt::formatter<std::string_view>::format(std::string_view(e.what()), ctx);
    }
};
