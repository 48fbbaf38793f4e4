// acl/config/json_writer.hpp: Config::to_json, a constexpr writer of canonical acl.json
// (decision C-4). Keys come in the order the runtime evaluates them (L-1), then the
// extra keys. Included by <acl/config.hpp>.
#pragma once

#include <acl/config/top_level.hpp>
#include <aclpp/json/text.hpp>
#include <aclpp/json/text_writer.hpp>
#include <aclpp/text/shown_text.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {
namespace detail {

/// to_json's writer: the canonical layout, the same in a constant expression and at run time.
using ConfigWriter = aclpp::json::JsonTextWriter;

ACLPP_CONSTEXPR_STD void write_strings(ConfigWriter &w, const std::vector<std::string> &values) {
    w.begin_array(true);
    for (const std::string &value : values) w.string(value);
    w.end_array();
}

/// "cpu,mem": sized first and filled in place, which compiles to far less code than appending.
template <class Names, class Enum>
constexpr std::string comma_list(const Names &names, const std::vector<Enum> &items) {
    std::size_t size = items.empty() ? 0 : items.size() - 1;
    for (const Enum item : items) size += enum_text(names, item).size();
    std::string text(size, ',');
    std::size_t at = 0;
    for (const Enum item : items) {
        for (const char c : enum_text(names, item)) text[at++] = c;
        ++at;  // past the comma
    }
    return text;
}

constexpr std::string_view on_off(bool on) {
    return on ? "on" : "off";
}

ACLPP_CONSTEXPR_STD void write_filters(ConfigWriter &w, std::string_view key,
                                       const std::optional<std::vector<OpFilter>> &list) {
    if (!list) return;
    w.key(key).begin_array(false);
    for (const OpFilter &filter : *list) {
        w.begin_object();
        if (filter.name) w.key("name").string(*filter.name);
        if (filter.pos) write_strings(w.key("pos"), *filter.pos);
        w.end_object();
    }
    w.end_array();
}

ACLPP_CONSTEXPR_STD void write_model(ConfigWriter &w, const DumpModel &model) {
    w.begin_object();
    if (model.model_name) w.key("model_name").string(*model.model_name);
    if (model.layer) write_strings(w.key("layer"), *model.layer);
    if (model.watcher_nodes) write_strings(w.key("watcher_nodes"), *model.watcher_nodes);
    write_filters(w, "optype_blacklist", model.optype_blacklist);
    write_filters(w, "opname_blacklist", model.opname_blacklist);
    if (model.opname_range) {
        w.key("opname_range").begin_array(false);
        for (const OpnameRange &range : *model.opname_range) {
            w.begin_object();
            if (range.begin) w.key("begin").string(*range.begin);
            if (range.end) w.key("end").string(*range.end);
            w.end_object();
        }
        w.end_array();
    }
    w.end_object();
}

/// A member of Dump whose key's JSON value is a string, as its key row's kind says (the member's
/// type is checked against the kind where dump_fields is declared). The dump checks read it too
/// (<acl/config/dump_view.hpp>), so they see what the runtime will read.
template <std::size_t Key, class T>
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string dump_text(const T &value) {
    using aclpp::schema::dump_rules::ValueKind;
    constexpr const aclpp::schema::dump_rules::KeyRow &row = aclpp::schema::dump_rules::kKeyRows[Key];
    static_assert(aclpp::schema::dump_rules::isStringKind(row.kind));
    if constexpr (row.kind == ValueKind::text || row.kind == ValueKind::steps) {
        return aclpp::json::as_written(value);
    } else if constexpr (row.kind == ValueKind::enumeration) {
        return std::string(to_string(value));
    } else if constexpr (row.kind == ValueKind::onOff) {
        return std::string(on_off(value));
    } else {
        return comma_list(row.values, value);
    }
}

/// One member of Dump, as its key row's kind says.
template <std::size_t Key, class T>
ACLPP_CONSTEXPR_STD void write_dump_field(ConfigWriter &w, const std::optional<T> &value) {
    using aclpp::schema::dump_rules::ValueKind;
    constexpr const aclpp::schema::dump_rules::KeyRow &row = aclpp::schema::dump_rules::kKeyRows[Key];
    if (!value) return;
    w.key(row.name);
    if constexpr (aclpp::schema::dump_rules::isStringKind(row.kind)) {
        w.string(dump_text<Key>(*value));
    } else if constexpr (row.kind == ValueKind::valueArray) {
        w.begin_array(true);
        for (const auto item : *value) w.string(to_string(item));
        w.end_array();
    } else {
        w.begin_array(false);
        for (const DumpModel &model : *value) write_model(w, model);
        w.end_array();
    }
}

template <std::size_t... Keys, auto... Members>
ACLPP_CONSTEXPR_STD void write_dump(ConfigWriter &w, const Dump &d, field_table<field<Keys, Members>...>) {
    w.key("dump").begin_object();
    (write_dump_field<Keys>(w, d.*Members), ...);
    w.end_object();
}

/// A member as to_json writes it: a JSON string or a JSON integer from 0 up. The schema's checks
/// read it too (profiler and top-level values), so they see what the runtime will read.
class WrittenValue {
public:
    // The text by reference and constructed, never assigned: GCC 12 cannot move a short
    // std::string parameter taken by value, nor move-assign one, in a constant expression.
    [[nodiscard]] static ACLPP_CONSTEXPR_STD WrittenValue string(std::string &&text) {
        return WrittenValue(true, std::move(text), 0);
    }
    [[nodiscard]] static ACLPP_CONSTEXPR_STD WrittenValue number(std::uint64_t number) {
        return WrittenValue(false, std::string(), number);
    }

    [[nodiscard]] constexpr bool isString() const noexcept { return is_string_; }
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::string_view text() const noexcept { return text_; }
    [[nodiscard]] constexpr bool isInteger() const noexcept { return !is_string_; }
    [[nodiscard]] constexpr std::optional<std::uint64_t> integer() const noexcept {
        if (is_string_) return std::nullopt;
        return number_;
    }
    /// A typed member is never written as a negative JSON integer nor as a JSON real.
    [[nodiscard]] constexpr bool isNegativeInteger() const noexcept { return false; }
    [[nodiscard]] constexpr std::optional<double> real() const noexcept { return std::nullopt; }
    [[nodiscard]] ACLPP_CONSTEXPR_STD std::string shown() const {
        if (is_string_) return ::aclpp::text::describedText(text_);
        return aclpp::json::uint_text(number_);
    }
    [[nodiscard]] constexpr std::string_view typeName() const noexcept { return is_string_ ? "a string" : "a number"; }

private:
    ACLPP_CONSTEXPR_STD WrittenValue(bool is_string, std::string &&text, std::uint64_t number)
        : is_string_(is_string), text_(std::move(text)), number_(number) {}

    bool is_string_;
    std::string text_;
    std::uint64_t number_;
};

ACLPP_CONSTEXPR_STD void write_value(ConfigWriter &w, const WrittenValue &value) {
    if (value.isString()) {
        w.string(value.text());
    } else {
        w.number(*value.integer());
    }
}

/// A given member as its key row's kind says (the member's type is checked against the kind
/// where profiler_fields is declared).
template <std::size_t Row, class T>
[[nodiscard]] ACLPP_CONSTEXPR_STD WrittenValue profiler_value(const T &value) {
    constexpr const aclpp::schema::profiler_rules::KeyRule &row = aclpp::schema::profiler_rules::kKeyRules[Row];
    constexpr profiler_form form = form_of(row.kind);
    if constexpr (form == profiler_form::on_off) {
        return WrittenValue::string(std::string(on_off(value)));
    } else if constexpr (form == profiler_form::text) {
        return WrittenValue::string(aclpp::json::as_written(value));
    } else if constexpr (form == profiler_form::enumeration) {
        return WrittenValue::string(std::string(to_string(value)));
    } else if constexpr (form == profiler_form::comma_list) {
        return WrittenValue::string(comma_list(row.values, value));
    } else if constexpr (form == profiler_form::frequency) {
        return WrittenValue::number(value);
    } else {
        return WrittenValue::string(aclpp::json::uint_text(value) +
                                    std::string(aclpp::schema::profiler_rules::kStorageLimitUnit));
    }
}

template <std::size_t Row, class T>
ACLPP_CONSTEXPR_STD void write_profiler_field(ConfigWriter &w, const std::optional<T> &value) {
    if (!value) return;
    write_value(w.key(aclpp::schema::profiler_rules::kKeyRules[Row].key), profiler_value<Row>(*value));
}

/// The msprof allow-list order (K-5): the rows'.
template <std::size_t... Rows, auto... Members>
ACLPP_CONSTEXPR_STD void write_profiler(ConfigWriter &w, const Profiler &p, field_table<field<Rows, Members>...>) {
    w.key("profiler").begin_object();
    (write_profiler_field<Rows>(w, p.*Members), ...);
    w.end_object();
}

/// One top-level key row's value, as its value rule says: a JSON string of digits or "0"/"1", or
/// a JSON number.
template <std::size_t Row, class T>
[[nodiscard]] ACLPP_CONSTEXPR_STD WrittenValue top_level_value(const T &value) {
    using aclpp::schema::top_level_rules::ValueRule;
    constexpr ValueRule rule = aclpp::schema::top_level_rules::kKeyRules[Row].rule;
    if constexpr (std::is_same_v<T, ErrMsgMode>) {
        return WrittenValue::string(std::string(acl::to_string(value)));
    } else if constexpr (std::is_enum_v<T>) {
        return WrittenValue::string(aclpp::json::uint_text(static_cast<unsigned>(value)));
    } else if constexpr (rule == ValueRule::stringDeviceId) {
        char digits[21] = {};
        return WrittenValue::string(std::string(aclpp::json::int_digits(value, digits)));
    } else if constexpr (aclpp::schema::top_level_rules::isStringRule(rule)) {
        return WrittenValue::string(aclpp::json::uint_text(value));
    } else {
        return WrittenValue::number(value);
    }
}

template <class Owner, std::size_t... Rows, auto... Members>
ACLPP_CONSTEXPR_STD void write_config(ConfigWriter &w, const Owner &owner, field_table<field<Rows, Members>...>);

template <std::size_t Row, class T>
ACLPP_CONSTEXPR_STD void write_config_field(ConfigWriter &w, const std::optional<T> &value) {
    if (!value) return;
    if constexpr (std::is_same_v<T, Dump>) {
        write_dump(w, *value, dump_fields{});
    } else if constexpr (std::is_same_v<T, Profiler>) {
        write_profiler(w, *value, profiler_fields{});
    } else if constexpr (std::is_same_v<T, StackSize>) {
        w.key(aclpp::schema::top_level_rules::kStackSection).begin_object();
        write_config(w, *value, stack_fields{});
        w.end_object();
    } else {
        constexpr const aclpp::schema::top_level_rules::KeyRule &row = aclpp::schema::top_level_rules::kKeyRules[Row];
        const bool in_object = !row.section.empty() && row.section != aclpp::schema::top_level_rules::kStackSection;
        if (in_object) w.key(row.section).begin_object();
        write_value(w.key(row.key), top_level_value<Row>(*value));
        if (in_object) w.end_object();
    }
}

/// The members of a row table (config_fields, stack_fields) that are set, with their sections.
template <class Owner, std::size_t... Rows, auto... Members>
ACLPP_CONSTEXPR_STD void write_config(ConfigWriter &w, const Owner &owner, field_table<field<Rows, Members>...>) {
    (write_config_field<Rows>(w, owner.*Members), ...);
}

}  // namespace detail

ACLPP_CONSTEXPR_STD std::string Config::to_json(JsonStyle style) const {
    detail::ConfigWriter w(style == JsonStyle::pretty);
    w.begin_object();
    detail::write_config(w, *this, detail::config_fields{});
    for (const ExtraKey &item : extra) w.key(item.key).raw(item.json);
    w.end_object();
    return w.take();
}

}  // namespace v1
}  // namespace acl
