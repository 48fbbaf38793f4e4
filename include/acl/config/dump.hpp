// acl/config/dump.hpp: the `dump` section of acl.json (decision K-4).
// Every member is optional: an empty optional leaves the key out of the JSON, so a config
// round-trips exactly and the runtime's defaults apply. Included by <acl/config.hpp>.
#pragma once

#include <acl/config/common.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {

/// One entry of `optype_blacklist` / `opname_blacklist`.
struct OpFilter {
    std::optional<std::string> name{};              ///< `name`
    std::optional<std::vector<std::string>> pos{};  ///< `pos` ("input0", "output1", ...)

    ACLPP_CONSTEXPR_STD OpFilter &set_name(std::string value) {
        detail::put(name, value);
        return *this;
    }
    ACLPP_CONSTEXPR_STD OpFilter &add_pos(std::string value) {
        detail::append(pos, value);
        return *this;
    }
    friend ACLPP_CONSTEXPR_STD bool operator==(const OpFilter &, const OpFilter &) = default;
};

/// One entry of `opname_range`: dump the operators from `begin` to `end`.
struct OpnameRange {
    std::optional<std::string> begin{};
    std::optional<std::string> end{};
    friend ACLPP_CONSTEXPR_STD bool operator==(const OpnameRange &, const OpnameRange &) = default;
};

/// One item of `dump_list`: a model (or, for the watcher scene, the nodes to watch).
struct DumpModel {
    std::optional<std::string> model_name{};                  ///< `model_name`
    std::optional<std::vector<std::string>> layer{};          ///< `layer`
    std::optional<std::vector<std::string>> watcher_nodes{};  ///< `watcher_nodes` (watcher scene only)
    std::optional<std::vector<OpFilter>> optype_blacklist{};  ///< needs dump_level op
    std::optional<std::vector<OpFilter>> opname_blacklist{};  ///< needs dump_level op
    std::optional<std::vector<OpnameRange>> opname_range{};   ///< needs dump_level op and model_name

    ACLPP_CONSTEXPR_STD DumpModel &set_model_name(std::string value) {
        detail::put(model_name, value);
        return *this;
    }
    ACLPP_CONSTEXPR_STD DumpModel &add_layer(std::string value) {
        detail::append(layer, value);
        return *this;
    }
    ACLPP_CONSTEXPR_STD DumpModel &add_watcher_node(std::string value) {
        detail::append(watcher_nodes, value);
        return *this;
    }
    ACLPP_CONSTEXPR_STD DumpModel &add_optype_blacklist(OpFilter value) {
        detail::append(optype_blacklist, value);
        return *this;
    }
    ACLPP_CONSTEXPR_STD DumpModel &add_opname_blacklist(OpFilter value) {
        detail::append(opname_blacklist, value);
        return *this;
    }
    ACLPP_CONSTEXPR_STD DumpModel &add_opname_range(std::string begin, std::string end) {
        OpnameRange range;
        detail::put(range.begin, begin);
        detail::put(range.end, end);
        detail::append(opname_range, range);
        return *this;
    }
    friend ACLPP_CONSTEXPR_STD bool operator==(const DumpModel &, const DumpModel &) = default;
};

/// The `dump` section. Members are the acl.json keys without the `dump_` prefix.
struct Dump {
    std::optional<std::string> path{};                     ///< `dump_path`: a directory or "a.b.c.d:/path"
    std::optional<DumpMode> mode{};                        ///< `dump_mode` (default output)
    std::optional<bool> op_switch{};                       ///< `dump_op_switch` "on"/"off" (default off)
    std::optional<DumpLevel> level{};                      ///< `dump_level` (default all)
    std::optional<DumpScene> scene{};                      ///< `dump_scene`
    std::optional<DumpData> data{};                        ///< `dump_data` (default tensor)
    std::optional<bool> debug{};                           ///< `dump_debug` "on"/"off": overflow dump
    std::optional<std::vector<KernelData>> kernel_data{};  ///< `dump_kernel_data` (comma list)
    std::optional<std::string> step{};                     ///< `dump_step` ("1|3-5|10")
    std::optional<std::vector<DumpStat>> stats{};          ///< `dump_stats` (needs data stats)
    std::optional<std::vector<DumpModel>> list{};          ///< `dump_list`

    ACLPP_CONSTEXPR_STD Dump &set_path(std::string value) {
        detail::put(path, value);
        return *this;
    }
    constexpr Dump &set_mode(DumpMode value) {
        mode = value;
        return *this;
    }
    constexpr Dump &set_op_switch(bool on) {
        op_switch = on;
        return *this;
    }
    constexpr Dump &set_level(DumpLevel value) {
        level = value;
        return *this;
    }
    constexpr Dump &set_scene(DumpScene value) {
        scene = value;
        return *this;
    }
    constexpr Dump &set_data(DumpData value) {
        data = value;
        return *this;
    }
    constexpr Dump &set_debug(bool on) {
        debug = on;
        return *this;
    }
    constexpr Dump &add_kernel_data(KernelData value) {
        detail::append(kernel_data, value);
        return *this;
    }
    ACLPP_CONSTEXPR_STD Dump &set_step(std::string value) {
        detail::put(step, value);
        return *this;
    }
    constexpr Dump &add_stat(DumpStat value) {
        detail::append(stats, value);
        return *this;
    }
    ACLPP_CONSTEXPR_STD Dump &add_model(DumpModel value) {
        detail::append(list, value);
        return *this;
    }
    friend ACLPP_CONSTEXPR_STD bool operator==(const Dump &, const Dump &) = default;
};

namespace detail {

/// Dump's members bound to the `dump` key rows (aclpp/schema/dump.hpp), in row order: to_json
/// writes and from_json reads each one as its row's kind says.
using dump_fields = field_table<
    field<::aclpp::schema::dump_rules::kPath, &Dump::path>, field<::aclpp::schema::dump_rules::kMode, &Dump::mode>,
    field<::aclpp::schema::dump_rules::kOpSwitch, &Dump::op_switch>,
    field<::aclpp::schema::dump_rules::kLevel, &Dump::level>, field<::aclpp::schema::dump_rules::kScene, &Dump::scene>,
    field<::aclpp::schema::dump_rules::kData, &Dump::data>, field<::aclpp::schema::dump_rules::kDebug, &Dump::debug>,
    field<::aclpp::schema::dump_rules::kKernelData, &Dump::kernel_data>,
    field<::aclpp::schema::dump_rules::kStep, &Dump::step>, field<::aclpp::schema::dump_rules::kStats, &Dump::stats>,
    field<::aclpp::schema::dump_rules::kList, &Dump::list>>;

/// True when the member type `T` (in its std::optional) holds what the row's kind reads.
template <std::size_t Key, class T>
[[nodiscard]] constexpr bool fits_row() noexcept {
    using ::aclpp::schema::dump_rules::ValueKind;
    constexpr const ::aclpp::schema::dump_rules::KeyRow &row = ::aclpp::schema::dump_rules::kKeyRows[Key];
    if constexpr (row.kind == ValueKind::text || row.kind == ValueKind::steps) {
        return std::is_same_v<T, std::optional<std::string>>;
    } else if constexpr (row.kind == ValueKind::enumeration) {
        return std::is_enum_v<typename T::value_type> && names_row_values<typename T::value_type>(row.values);
    } else if constexpr (row.kind == ValueKind::onOff) {
        return std::is_same_v<T, std::optional<bool>>;
    } else if constexpr (row.kind == ValueKind::commaList || row.kind == ValueKind::valueArray) {
        using Item = typename T::value_type::value_type;
        return std::is_enum_v<Item> && names_row_values<Item>(row.values);
    } else {
        return std::is_same_v<T, std::optional<std::vector<DumpModel>>>;
    }
}

template <std::size_t... Keys, auto... Members>
[[nodiscard]] constexpr bool fields_fit_rows(field_table<field<Keys, Members>...>) noexcept {
    return binds_every_row<Keys...>(::aclpp::schema::dump_rules::kDumpKeyCount) &&
           (fits_row<Keys, std::remove_cvref_t<decltype(std::declval<Dump &>().*Members)>>() && ...);
}
static_assert(fields_fit_rows(dump_fields{}),
              "acl::Dump must bind every row of aclpp/schema/dump.hpp once, with a member of the row's kind");

}  // namespace detail

}  // namespace v1
}  // namespace acl
