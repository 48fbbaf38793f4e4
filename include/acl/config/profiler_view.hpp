// acl/config/profiler_view.hpp: acl::Profiler as the view the schema's profiler checks read
// (<aclpp/schema/profiler_checks.hpp>), so that validate_static() runs the core's checks
// themselves: each member through the field table that binds it to its key row, as to_json writes
// it (profiler_value). Included by <acl/config/rules.hpp>.
#pragma once

#include <acl/config/json_writer.hpp>
#include <acl/config/profiler.hpp>
#include <aclpp/schema/profiler.hpp>
#include <cstddef>
#include <optional>

namespace acl {
inline namespace v1 {
namespace detail {

/// acl::Profiler read through profiler_fields.
class ProfilerView {
public:
    constexpr explicit ProfilerView(const Profiler &profiler) noexcept : p_(profiler) {}

    /// The member of `row`, when given.
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::optional<WrittenValue> member(
        const aclpp::schema::profiler_rules::KeyRule &row) const {
        return member_at(profiler_fields{}, aclpp::schema::profiler_rules::rowOf(row.key));
    }
    /// f(row, value) for each given member, in to_json's order.
    template <class F>
    ACLPP_CONSTEXPR_STD void forEachMember(F &&f) const {
        for_each(profiler_fields{}, f);
    }

private:
    template <std::size_t... Rows, auto... Members>
    ACLPP_CONSTEXPR_STD std::optional<WrittenValue> member_at(field_table<field<Rows, Members>...>,
                                                              std::size_t row) const {
        std::optional<WrittenValue> out;
        (void)((Rows == row && ((p_.*Members) ? (out.emplace(profiler_value<Rows>(*(p_.*Members))), true) : true)) ||
               ...);
        return out;
    }
    template <std::size_t... Rows, auto... Members, class F>
    ACLPP_CONSTEXPR_STD void for_each(field_table<field<Rows, Members>...>, F &f) const {
        ((p_.*Members ? f(aclpp::schema::profiler_rules::kKeyRules[Rows], profiler_value<Rows>(*(p_.*Members)))
                      : void()),
         ...);
    }

    const Profiler &p_;
};

}  // namespace detail
}  // namespace v1
}  // namespace acl
