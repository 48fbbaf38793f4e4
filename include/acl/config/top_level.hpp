// acl/config/top_level.hpp: acl::Config, the typed acl.json (decision C-4): the top-level keys the
// runtime reads (K-1) and the `dump` and `profiler` sections. Aggregate with
// designated initializers plus fluent setters; to_json, validate and from_json are defined in
// the other config/*.hpp headers, all included by <acl/config.hpp>.
#pragma once

#include <acl/config/common.hpp>
#include <acl/config/dump.hpp>
#include <acl/config/profiler.hpp>
#include <acl/detail/macros.hpp>
#include <aclpp/schema/top_level.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {

/// `acl_graph.event_mode`.
enum class EventMode : std::uint8_t {
    software = 0,  ///< "0"
    hardware = 1,  ///< "1"
};

/// The `StackSize` object (bytes; JSON integers).
struct StackSize {
    std::optional<std::uint32_t> aicore_stack_size{};           ///< > 32768 rounds up to 16 KiB
    std::optional<std::uint32_t> simt_stack_size{};             ///< per thread, 950 only
    std::optional<std::uint32_t> simt_divergence_stack_size{};  ///< 950 only
    friend constexpr bool operator==(const StackSize &, const StackSize &) = default;
};

/// A top-level key the runtime itself does not read, for modules that read the raw config in
/// their init callbacks. `json` is the value's JSON text; to_json keeps its tokens as written
/// and lays it out like the rest (only the whitespace changes).
struct ExtraKey {
    std::string key{};
    std::string json{};
    friend ACLPP_CONSTEXPR_STD bool operator==(const ExtraKey &, const ExtraKey &) = default;
};

/// How to_json lays out the text.
enum class JsonStyle : std::uint8_t {
    pretty,   ///< two-space indentation, one member per line (the default)
    compact,  ///< no whitespace
};

/// A typed acl.json. Every member is optional; an unset one is left out of the JSON.
struct Config {
    std::optional<ErrMsgMode> err_msg_mode{};                       ///< `err_msg_mode`
    std::optional<Dump> dump{};                                     ///< `dump`
    std::optional<std::uint32_t> max_opqueue_num{};                 ///< `max_opqueue_num` (> 0)
    std::optional<StackSize> stack_size{};                          ///< `StackSize`
    std::optional<std::int32_t> default_device{};                   ///< `defaultDevice.default_device`
    std::optional<std::uint32_t> simd_printf_fifo_size_per_core{};  ///< [1024, 67108864]
    std::optional<std::uint32_t> simt_printf_fifo_size{};           ///< [1048576, 67108864], 950 only
    std::optional<EventMode> event_mode{};                          ///< `acl_graph.event_mode`
    std::optional<Profiler> profiler{};                             ///< `profiler`
    std::vector<ExtraKey> extra{};                                  ///< other top-level keys, in order

    constexpr Config &set_err_msg_mode(ErrMsgMode value) {
        err_msg_mode = value;
        return *this;
    }
    ACLPP_CONSTEXPR_STD Config &set_dump(Dump value) {
        detail::put(dump, value);
        return *this;
    }
    constexpr Config &set_max_opqueue_num(std::uint32_t value) {
        max_opqueue_num = value;
        return *this;
    }
    constexpr Config &set_aicore_stack_size(std::uint32_t bytes) {
        if (!stack_size) stack_size.emplace();
        stack_size->aicore_stack_size = bytes;
        return *this;
    }
    constexpr Config &set_simt_stack_size(std::uint32_t bytes) {
        if (!stack_size) stack_size.emplace();
        stack_size->simt_stack_size = bytes;
        return *this;
    }
    constexpr Config &set_simt_divergence_stack_size(std::uint32_t bytes) {
        if (!stack_size) stack_size.emplace();
        stack_size->simt_divergence_stack_size = bytes;
        return *this;
    }
    constexpr Config &set_default_device(std::int32_t id) {
        default_device = id;
        return *this;
    }
    constexpr Config &set_simd_printf_fifo_size_per_core(std::uint32_t bytes) {
        simd_printf_fifo_size_per_core = bytes;
        return *this;
    }
    constexpr Config &set_simt_printf_fifo_size(std::uint32_t bytes) {
        simt_printf_fifo_size = bytes;
        return *this;
    }
    constexpr Config &set_event_mode(EventMode value) {
        event_mode = value;
        return *this;
    }
    ACLPP_CONSTEXPR_STD Config &set_profiler(Profiler value) {
        detail::put(profiler, value);
        return *this;
    }
    /// Adds a top-level key for another module; `json` is its value as JSON text.
    ACLPP_CONSTEXPR_STD Config &add_extra(std::string key, std::string json) {
        ExtraKey item;
        detail::put(item.key, key);
        detail::put(item.json, json);
        extra.push_back(item);
        return *this;
    }

    /// Canonical acl.json text with the JSON types the runtime requires (strings for
    /// err_msg_mode, default_device, event_mode, max_opqueue_num; integers for sizes). Out of
    /// memory: std::string's std::bad_alloc, like building the Config itself.
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::string to_json(JsonStyle style = JsonStyle::pretty) const;

    /// The rules that need no file system or product (types, enumerations, the cross-key rules of
    /// K-4): usable in constant expressions. Same codes and pointers as the core.
    [[nodiscard]] ACLPP_CONSTEXPR_STD Report validate_static() const;

    /// Every finding of the core's validation of to_json() for `soc` ("" = the platform the next
    /// init would use) plus the builder's own rules. In a constant expression: validate_static().
    [[nodiscard]] ACLPP_CONSTEXPR_STD Report validate(std::string_view soc = {}) const;

    /// Reads acl.json text. Throws acl::Error (ACL_ERROR_PARSE_FILE for bad JSON, the core's code
    /// for a value the typed config cannot hold, ACL_ERROR_INVALID_PARAM for an unknown key
    /// inside a section) naming the JSON pointer.
    ACLPP_THROWING [[nodiscard]] static Config from_json(std::string_view json);
    /// As from_json, without exceptions: nullopt and `ec` set on failure; `findings` (optional)
    /// receives what was wrong.
    [[nodiscard]] static std::optional<Config> from_json(std::string_view json, std::error_code &ec,
                                                         std::vector<Finding> *findings = nullptr);

    friend ACLPP_CONSTEXPR_STD bool operator==(const Config &, const Config &) = default;
};

namespace detail {

/// The field key of a member that is a section with a table of its own (dump, profiler,
/// StackSize) rather than one top-level key row.
inline constexpr std::size_t section_field = static_cast<std::size_t>(-1);

/// Config's members, in to_json's order (the runtime's, L-1): each top-level key row
/// (aclpp/schema/top_level.hpp) bound to its member, and the sections in their place. A row of a
/// one-key object (defaultDevice, acl_graph) is written and read inside its object.
#define ACLPP_TOP_LEVEL_FIELD(key, member) field<::aclpp::schema::top_level_rules::rowOf(key), &Config::member>
using config_fields =
    field_table<ACLPP_TOP_LEVEL_FIELD("err_msg_mode", err_msg_mode), field<section_field, &Config::dump>,
                ACLPP_TOP_LEVEL_FIELD("max_opqueue_num", max_opqueue_num), field<section_field, &Config::stack_size>,
                ACLPP_TOP_LEVEL_FIELD("default_device", default_device),
                ACLPP_TOP_LEVEL_FIELD("simd_printf_fifo_size_per_core", simd_printf_fifo_size_per_core),
                ACLPP_TOP_LEVEL_FIELD("simt_printf_fifo_size", simt_printf_fifo_size),
                ACLPP_TOP_LEVEL_FIELD("event_mode", event_mode), field<section_field, &Config::profiler>>;
#undef ACLPP_TOP_LEVEL_FIELD
/// StackSize's members bound to the rows of the `StackSize` object, in to_json's order.
#define ACLPP_STACK_FIELD(key) field<::aclpp::schema::top_level_rules::rowOf(#key), &StackSize::key>
using stack_fields = field_table<ACLPP_STACK_FIELD(aicore_stack_size), ACLPP_STACK_FIELD(simt_stack_size),
                                 ACLPP_STACK_FIELD(simt_divergence_stack_size)>;
#undef ACLPP_STACK_FIELD

/// True when the member type `T` (in its std::optional) holds what the row's value rule reads.
template <std::size_t Row, class T>
[[nodiscard]] constexpr bool fits_top_level_row() noexcept {
    using ::aclpp::schema::top_level_rules::ValueRule;
    constexpr const ::aclpp::schema::top_level_rules::KeyRule &row = ::aclpp::schema::top_level_rules::kKeyRules[Row];
    if constexpr (row.rule == ValueRule::stringZeroOrOne) {
        return std::is_enum_v<typename T::value_type> && static_cast<int>(typename T::value_type{}) == 0;
    } else if constexpr (row.rule == ValueRule::stringDeviceId) {
        return std::is_same_v<T, std::optional<std::int32_t>>;
    } else {
        return std::is_same_v<T, std::optional<std::uint32_t>>;
    }
}

/// True when the rows of `Table` (its section fields aside) lie in `section` (or, for "", outside
/// StackSize) and fit their members.
template <class Owner, std::size_t... Rows, auto... Members>
[[nodiscard]] constexpr bool top_level_fields_fit(field_table<field<Rows, Members>...>, bool stack) noexcept {
    using ::aclpp::schema::top_level_rules::kKeyRules;
    constexpr auto fits = []<std::size_t Row, auto Member>() {
        if constexpr (Row == section_field) {
            return true;
        } else {
            return fits_top_level_row<Row, std::remove_cvref_t<decltype(std::declval<Owner &>().*Member)>>();
        }
    };
    for (const std::size_t row : {Rows...}) {
        if (row != section_field &&
            (row >= kKeyRules.size() ||
             (kKeyRules[row].section == ::aclpp::schema::top_level_rules::kStackSection) != stack))
            return false;
    }
    return (fits.template operator()<Rows, Members>() && ...);
}

/// True when the row fields of both tables bind every top-level key row once.
template <std::size_t... Rows, auto... Members, std::size_t... StackRows, auto... StackMembers>
[[nodiscard]] constexpr bool binds_every_top_level_row(field_table<field<Rows, Members>...>,
                                                       field_table<field<StackRows, StackMembers>...>) noexcept {
    using ::aclpp::schema::top_level_rules::kKeyRules;
    bool seen[kKeyRules.size()] = {};
    for (const std::size_t row : {Rows..., StackRows...}) {
        if (row == section_field) continue;
        if (row >= kKeyRules.size() || seen[row]) return false;
        seen[row] = true;
    }
    for (const bool bound : seen) {
        if (!bound) return false;
    }
    return true;
}
/// True when the rows of the table (its section fields aside) come in init-step order, and in the
/// rows' order within a step: validate_static() reports in this order, and K-2's "no SIMT FIFO
/// after a failed SIMD FIFO" relies on it.
template <std::size_t... Rows, auto... Members>
[[nodiscard]] constexpr bool rows_in_init_order(field_table<field<Rows, Members>...>) noexcept {
    using ::aclpp::schema::top_level_rules::kKeyRules;
    std::size_t previous = section_field;
    for (const std::size_t row : {Rows...}) {
        if (row == section_field) continue;
        if (previous != section_field && (kKeyRules[row].step < kKeyRules[previous].step ||
                                          (kKeyRules[row].step == kKeyRules[previous].step && row < previous)))
            return false;
        previous = row;
    }
    return true;
}

static_assert(binds_every_top_level_row(config_fields{}, stack_fields{}) && rows_in_init_order(config_fields{}) &&
                  top_level_fields_fit<Config>(config_fields{}, false) &&
                  top_level_fields_fit<StackSize>(stack_fields{}, true),
              "acl::Config and acl::StackSize must bind every row of aclpp/schema/top_level.hpp once, with a member "
              "of the row's kind, in init-step order");

}  // namespace detail

}  // namespace v1
}  // namespace acl
