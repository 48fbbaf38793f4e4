// acl/json.hpp: a small JSON value for what the layer reads back from the core (the effective
// configuration, validation reports, the live config bytes) and for acl::Config::from_json.
// The core reads the text (aclppJsonWalk) and this header only builds the value from its events:
// numbers keep their source text so nothing is rounded; object members keep their order, and
// lookups take the last of duplicate keys as the runtime does (F-5). Also
// acl::effective_config(), the live effective configuration parsed.
#pragma once

#include <acl/aclpp_ext.h>
#include <acl/detail/macros.hpp>
#include <acl/effective_config.hpp>
#include <acl/error.hpp>
#include <aclpp/json/text.hpp>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {

/// Where and why JsonValue::parse failed (the core's reader: aclppJsonWalk).
struct JsonParseError {
    std::uint32_t line = 0;    ///< 1-based; 0 when the problem has no position
    std::uint32_t column = 0;  ///< 1-based, in bytes
    std::string message;       ///< what was expected and what was found
    std::string hint;          ///< how to fix it; may be empty
};

/// A parsed JSON value.
class JsonValue {
public:
    enum class Kind : std::uint8_t { null, boolean, number, string, array, object };
    using Member = std::pair<std::string, JsonValue>;

    JsonValue() = default;
    explicit JsonValue(bool value) : kind_(Kind::boolean), bool_(value) {}
    explicit JsonValue(std::string_view text) : kind_(Kind::string), text_(text) {}
    explicit JsonValue(const char *text) : kind_(Kind::string), text_(text) {}
    /// A number from its JSON text (must be a valid JSON number token).
    [[nodiscard]] static JsonValue number(std::string_view token) {
        JsonValue v;
        v.kind_ = Kind::number;
        v.text_ = token;
        return v;
    }
    [[nodiscard]] static JsonValue integer(std::int64_t value) {
        std::string token;
        aclpp::json::append_int(token, value);
        return number(token);
    }
    [[nodiscard]] static JsonValue array() {
        JsonValue v;
        v.kind_ = Kind::array;
        return v;
    }
    [[nodiscard]] static JsonValue object() {
        JsonValue v;
        v.kind_ = Kind::object;
        return v;
    }

    /// Parses one JSON text with the core's reader, as aclInit reads acl.json (a UTF-8 BOM is
    /// skipped, at most 10 nested objects and 10 nested arrays, no number beyond a double), except
    /// that an empty text is refused. nullopt on error, with `error` filled.
    [[nodiscard]] static std::optional<JsonValue> parse(std::string_view text, JsonParseError *error = nullptr);

    [[nodiscard]] Kind kind() const noexcept { return kind_; }
    [[nodiscard]] bool is_null() const noexcept { return kind_ == Kind::null; }
    [[nodiscard]] bool is_bool() const noexcept { return kind_ == Kind::boolean; }
    [[nodiscard]] bool is_number() const noexcept { return kind_ == Kind::number; }
    [[nodiscard]] bool is_string() const noexcept { return kind_ == Kind::string; }
    [[nodiscard]] bool is_array() const noexcept { return kind_ == Kind::array; }
    [[nodiscard]] bool is_object() const noexcept { return kind_ == Kind::object; }

    [[nodiscard]] bool as_bool() const noexcept { return bool_; }
    /// The string value, or a number's JSON text.
    [[nodiscard]] std::string_view text() const noexcept { return text_; }
    /// The number as an integer when it is one (no fraction or exponent) and fits.
    [[nodiscard]] std::optional<std::int64_t> as_int64() const noexcept {
        if (kind_ != Kind::number) return std::nullopt;
        std::int64_t value = 0;
        const char *end = text_.data() + text_.size();
        auto [ptr, ec] = std::from_chars(text_.data(), end, value);
        if (ec != std::errc() || ptr != end) return std::nullopt;
        return value;
    }

    [[nodiscard]] const std::vector<JsonValue> &elements() const noexcept { return array_; }
    [[nodiscard]] const std::vector<Member> &members() const noexcept { return object_; }
    [[nodiscard]] std::size_t size() const noexcept {
        return kind_ == Kind::array ? array_.size() : kind_ == Kind::object ? object_.size() : 0;
    }

    /// The member `key` (the last one when the key repeats), or nullptr.
    [[nodiscard]] const JsonValue *find(std::string_view key) const noexcept {
        if (kind_ != Kind::object) return nullptr;
        for (auto it = object_.rbegin(); it != object_.rend(); ++it) {
            if (it->first == key) return &it->second;
        }
        return nullptr;
    }
    /// The value at an RFC 6901 JSON pointer ("" is this value), or nullptr.
    [[nodiscard]] const JsonValue *at_pointer(std::string_view pointer) const;

    /// Appends an element (this must be an array).
    JsonValue &push_back(JsonValue value) {
        array_.push_back(std::move(value));
        return array_.back();
    }
    /// Appends a member (this must be an object); does not replace an existing key.
    JsonValue &add(std::string key, JsonValue value) {
        object_.emplace_back(std::move(key), std::move(value));
        return object_.back().second;
    }

    /// Compact JSON text (no whitespace), members in order.
    [[nodiscard]] std::string dump() const {
        std::string out;
        write(out);
        return out;
    }
    void write(std::string &out) const;

    /// Structural equality; numbers compare by value when both are integers, else by text.
    friend bool operator==(const JsonValue &a, const JsonValue &b) noexcept;

private:
    Kind kind_ = Kind::null;
    bool bool_ = false;
    std::string text_;
    std::vector<JsonValue> array_;
    std::vector<Member> object_;
};

namespace detail {

/// Builds a JsonValue from the events of the core's reader (aclppJsonWalk).
class JsonValueBuilder {
public:
    static aclError on_event(void *self, aclppJsonEvent event, const char *text, std::size_t length) noexcept {
#if ACLPP_EXCEPTIONS
        try {
#endif
            static_cast<JsonValueBuilder *>(self)->take(event, std::string_view(text != nullptr ? text : "", length));
            return ACL_SUCCESS;
#if ACLPP_EXCEPTIONS
        } catch (...) {  // only std::bad_alloc can come here; nothing may cross the C call
            return ACL_ERROR_BAD_ALLOC;
        }
#endif
    }

    JsonValue root;

private:
    void take(aclppJsonEvent event, std::string_view text) {
        switch (event) {
            case ACLPP_JSON_EVENT_BEGIN_OBJECT:
                open_.push_back(&place(JsonValue::object()));
                return;
            case ACLPP_JSON_EVENT_BEGIN_ARRAY:
                open_.push_back(&place(JsonValue::array()));
                return;
            case ACLPP_JSON_EVENT_END_OBJECT:
            case ACLPP_JSON_EVENT_END_ARRAY:
                open_.pop_back();
                return;
            case ACLPP_JSON_EVENT_KEY:
                key_.assign(text);
                return;
            case ACLPP_JSON_EVENT_STRING:
                place(JsonValue(text));
                return;
            case ACLPP_JSON_EVENT_NUMBER:
                place(JsonValue::number(text));
                return;
            case ACLPP_JSON_EVENT_TRUE:
            case ACLPP_JSON_EVENT_FALSE:
                place(JsonValue(event == ACLPP_JSON_EVENT_TRUE));
                return;
            case ACLPP_JSON_EVENT_NULL:
                place(JsonValue());
                return;
        }
    }
    /// Puts `value` where the walk is: the root, the next element, or the member of the last key.
    JsonValue &place(JsonValue value) {
        if (open_.empty()) return root = std::move(value);
        JsonValue &parent = *open_.back();
        if (parent.is_array()) return parent.push_back(std::move(value));
        return parent.add(std::move(key_), std::move(value));
    }

    std::vector<JsonValue *> open_;  // the containers begun and not ended, outermost first
    std::string key_;
};

}  // namespace detail

inline std::optional<JsonValue> JsonValue::parse(std::string_view text, JsonParseError *error) {
    detail::JsonValueBuilder builder;
    aclppJsonSyntaxError syntax{};
    const aclError rc = aclppJsonWalk(text.data(), text.size(), &detail::JsonValueBuilder::on_event, &builder, &syntax);
    if (rc == ACL_SUCCESS) return std::move(builder.root);
    if (error != nullptr) {
        if (rc == ACL_ERROR_PARSE_FILE) {
            *error = JsonParseError{syntax.line, syntax.column, syntax.message, syntax.hint};
        } else {
            *error = JsonParseError{0, 0, aclppErrorDescription(rc), {}};
        }
    }
    return std::nullopt;
}

inline const JsonValue *JsonValue::at_pointer(std::string_view pointer) const {
    const JsonValue *current = this;
    while (!pointer.empty()) {
        if (pointer.front() != '/') return nullptr;
        pointer.remove_prefix(1);
        const std::size_t slash = pointer.find('/');
        const std::string_view raw = pointer.substr(0, slash);
        pointer = slash == std::string_view::npos ? std::string_view() : pointer.substr(slash);
        std::string token;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] == '~' && i + 1 < raw.size() && (raw[i + 1] == '0' || raw[i + 1] == '1')) {
                token.push_back(raw[i + 1] == '0' ? '~' : '/');
                ++i;
            } else {
                token.push_back(raw[i]);
            }
        }
        if (current->is_object()) {
            current = current->find(token);
        } else if (current->is_array()) {
            std::size_t index = 0;
            auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), index);
            if (token.empty() || ec != std::errc() || ptr != token.data() + token.size() ||
                (token.size() > 1 && token[0] == '0') || index >= current->array_.size()) {
                return nullptr;
            }
            current = &current->array_[index];
        } else {
            return nullptr;
        }
        if (current == nullptr) return nullptr;
    }
    return current;
}

inline void JsonValue::write(std::string &out) const {
    switch (kind_) {
        case Kind::null:
            out.append("null");
            break;
        case Kind::boolean:
            out.append(bool_ ? "true" : "false");
            break;
        case Kind::number:
            out.append(text_);
            break;
        case Kind::string:
            aclpp::json::append_json_string(out, text_);
            break;
        case Kind::array: {
            out.push_back('[');
            bool first = true;
            for (const JsonValue &element : array_) {
                if (!first) out.push_back(',');
                first = false;
                element.write(out);
            }
            out.push_back(']');
            break;
        }
        case Kind::object: {
            out.push_back('{');
            bool first = true;
            for (const Member &member : object_) {
                if (!first) out.push_back(',');
                first = false;
                aclpp::json::append_json_string(out, member.first);
                out.push_back(':');
                member.second.write(out);
            }
            out.push_back('}');
            break;
        }
    }
}

inline bool operator==(const JsonValue &a, const JsonValue &b) noexcept {
    if (a.kind_ != b.kind_) return false;
    switch (a.kind_) {
        case JsonValue::Kind::null:
            return true;
        case JsonValue::Kind::boolean:
            return a.bool_ == b.bool_;
        case JsonValue::Kind::number: {
            const auto x = a.as_int64();
            const auto y = b.as_int64();
            if (x && y) return *x == *y;
            return a.text_ == b.text_;
        }
        case JsonValue::Kind::string:
            return a.text_ == b.text_;
        case JsonValue::Kind::array:
            return a.array_ == b.array_;
        case JsonValue::Kind::object:
            return a.object_ == b.object_;
    }
    return false;
}

/// The live effective configuration with provenance (aclppGetEffectiveConfig), parsed.
ACLPP_THROWING [[nodiscard]] inline JsonValue effective_config() {
    ACLPP_NEEDS_EXCEPTIONS("acl::JsonValue::parse(acl::effective_config_json(ec))");
    const std::string text = effective_config_json();
    JsonParseError error;
    std::optional<JsonValue> value = JsonValue::parse(text, &error);
    if (!value)
        detail::raise_error(ACL_ERROR_INTERNAL_ERROR, "aclppGetEffectiveConfig", {},
                            "unparsable JSON: " + error.message);
    return std::move(*value);
}

}  // namespace v1
}  // namespace acl
