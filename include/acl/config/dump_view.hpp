// acl/config/dump_view.hpp: acl::Dump as the view the schema's dump checks read
// (<aclpp/schema/dump_checks.hpp>), so that validate_static() runs the core's phases B and C
// themselves: each key through the field table that binds the member to the key's row, strings as
// to_json writes them. Included by <acl/config/rules.hpp>.
#pragma once

#include <acl/config/dump.hpp>
#include <acl/config/json_writer.hpp>
#include <aclpp/json/text.hpp>
#include <aclpp/schema/dump.hpp>
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>

namespace acl {
inline namespace v1 {
namespace detail {

/// DumpModel's and OpnameRange's members bound to the keys of a dump_list item and an
/// opname_range entry (aclpp/schema/dump.hpp).
using dump_model_fields =
    field_table<field<::aclpp::schema::dump_rules::kModelName, &DumpModel::model_name>,
                field<::aclpp::schema::dump_rules::kLayer, &DumpModel::layer>,
                field<::aclpp::schema::dump_rules::kWatcherNodes, &DumpModel::watcher_nodes>,
                field<::aclpp::schema::dump_rules::kOptypeBlacklist, &DumpModel::optype_blacklist>,
                field<::aclpp::schema::dump_rules::kOpnameBlacklist, &DumpModel::opname_blacklist>,
                field<::aclpp::schema::dump_rules::kOpnameRange, &DumpModel::opname_range>>;
using opname_range_fields = field_table<field<::aclpp::schema::dump_rules::kBegin, &OpnameRange::begin>,
                                        field<::aclpp::schema::dump_rules::kEnd, &OpnameRange::end>>;

template <std::size_t... Keys, auto... Members>
[[nodiscard]] constexpr bool binds_every_key(field_table<field<Keys, Members>...>, std::size_t count) noexcept {
    return binds_every_row<Keys...>(count);
}
static_assert(binds_every_key(dump_model_fields{}, ::aclpp::schema::dump_rules::kItemKeyCount) &&
                  binds_every_key(opname_range_fields{}, ::aclpp::schema::dump_rules::kRangeKeyCount),
              "acl::DumpModel and acl::OpnameRange must bind every key of a dump_list item and a range once");

/// A string member of a dump_list item or an opname_range entry as the runtime reads it (text as
/// written, F-3); nullopt when absent or not a string. Dump's own members are read by their rows'
/// kinds (dump_text).
template <class T>
[[nodiscard]] ACLPP_CONSTEXPR_STD std::optional<std::string> member_text(const std::optional<T> &value) {
    if constexpr (std::is_same_v<T, std::string>) {
        if (value) return aclpp::json::as_written(*value);
    }
    return std::nullopt;
}

/// f(text, index) for each string of an array of strings or enumerators (by name).
template <class T, class F>
ACLPP_CONSTEXPR_STD void for_each_text(const std::optional<T> &value, F &f) {
    if constexpr (requires(const T &v) { v.begin(); } && !std::is_same_v<T, std::string>) {
        using Item = typename T::value_type;
        if (!value) return;
        for (std::size_t i = 0; i < value->size(); ++i) {
            if constexpr (std::is_same_v<Item, std::string>) {
                f(aclpp::json::as_written((*value)[i]), i);
            } else if constexpr (std::is_enum_v<Item>) {
                f(to_string((*value)[i]), i);
            }
        }
    }
}

/// The elements of an array member; 0 when absent or not an array.
template <class T>
[[nodiscard]] constexpr std::size_t member_size(const std::optional<T> &value) noexcept {
    if constexpr (requires(const T &v) { v.begin(); } && !std::is_same_v<T, std::string>) {
        return value ? value->size() : 0;
    } else {
        return 0;
    }
}

/// A struct read through its field table, by key.
template <class Struct, class Fields>
class FieldView {
public:
    constexpr explicit FieldView(const Struct &value) noexcept : value_(value) {}

    [[nodiscard]] ACLPP_CONSTEXPR_STD std::optional<std::string> text(std::size_t key) const {
        return visit<std::optional<std::string>>(Fields{}, key, [](const auto &member) { return member_text(member); });
    }
    template <class F>
    ACLPP_CONSTEXPR_STD void forEachText(std::size_t key, F &&f) const {
        (void)visit<bool>(Fields{}, key, [&](const auto &member) {
            for_each_text(member, f);
            return true;
        });
    }
    [[nodiscard]] constexpr bool present(std::size_t key) const noexcept {
        return visit<bool>(Fields{}, key, [](const auto &member) { return member.has_value(); });
    }
    [[nodiscard]] constexpr std::size_t size(std::size_t key) const noexcept {
        return visit<std::size_t>(Fields{}, key, [](const auto &member) { return member_size(member); });
    }
    /// True when no member is given.
    [[nodiscard]] constexpr bool empty() const noexcept { return none_given(Fields{}); }

protected:
    const Struct &value_;

private:
    template <class Result, class F, std::size_t... Keys, auto... Members>
    constexpr Result visit(field_table<field<Keys, Members>...>, std::size_t key, F f) const {
        Result result{};
        (void)((Keys == key && (result = f(value_.*Members), true)) || ...);
        return result;
    }
    template <std::size_t... Keys, auto... Members>
    constexpr bool none_given(field_table<field<Keys, Members>...>) const noexcept {
        return (!(value_.*Members).has_value() && ...);
    }
};

struct DumpModelView : FieldView<DumpModel, dump_model_fields> {
    using FieldView::FieldView;
    template <class F>
    constexpr void forEachRange(F &&f) const {
        if (!value_.opname_range) return;
        for (std::size_t i = 0; i < value_.opname_range->size(); ++i) {
            f(FieldView<OpnameRange, opname_range_fields>((*value_.opname_range)[i]), i);
        }
    }
};

struct DumpView : FieldView<Dump, dump_fields> {
    using FieldView::FieldView;
    /// The member of `key` as to_json writes it, when its JSON value is a string.
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::optional<std::string> text(std::size_t key) const {
        return text_at(dump_fields{}, key);
    }
    template <class F>
    constexpr void forEachItem(F &&f) const {
        if (!value_.list) return;
        for (std::size_t i = 0; i < value_.list->size(); ++i) f(DumpModelView((*value_.list)[i]), i);
    }

private:
    template <std::size_t... Keys, auto... Members>
    ACLPP_CONSTEXPR_STD std::optional<std::string> text_at(field_table<field<Keys, Members>...>,
                                                           std::size_t key) const {
        std::optional<std::string> out;
        (void)((Keys == key && (text_of<Keys>(value_.*Members, out), true)) || ...);
        return out;
    }
    template <std::size_t Key, class T>
    ACLPP_CONSTEXPR_STD void text_of(const std::optional<T> &member, std::optional<std::string> &out) const {
        if constexpr (::aclpp::schema::dump_rules::isStringKind(::aclpp::schema::dump_rules::kKeyRows[Key].kind)) {
            if (member) out.emplace(dump_text<Key>(*member));
        }
    }
};

}  // namespace detail
}  // namespace v1
}  // namespace acl
