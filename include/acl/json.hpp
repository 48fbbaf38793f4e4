// acl/json.hpp: a small JSON value for what the layer reads back from the core (the effective
// configuration, validation reports, the live config bytes) and for acl::Config::from_json.
// Strict RFC 8259; numbers keep their source text so nothing is rounded; object members keep
// their order, and lookups take the last of duplicate keys as the runtime does (F-5). Also
// acl::effective_config(), the live effective configuration parsed.
#pragma once

#include <acl/detail/json_text.hpp>
#include <acl/effective_config.hpp>
#include <acl/error.hpp>
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

/// Where and why JsonValue::parse failed.
struct JsonParseError {
    std::size_t offset = 0;  ///< byte offset of the problem
    std::string message;
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
        detail::append_int(token, value);
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

    /// Parses one JSON text (a UTF-8 BOM is skipped). nullopt on error, with `error` filled.
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

    friend class JsonParser;
};

/// The recursive-descent parser behind JsonValue::parse.
class JsonParser {
public:
    explicit JsonParser(std::string_view text) noexcept : text_(text) {}

    std::optional<JsonValue> run(JsonParseError *error) {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
        JsonValue value;
        bool ok = parse_value(value, 0);
        if (ok) {
            skip_ws();
            if (pos_ != text_.size()) ok = fail("trailing data after the value");
        }
        if (!ok) {
            if (error != nullptr) *error = JsonParseError{pos_, std::move(message_)};
            return std::nullopt;
        }
        return value;
    }

private:
    static constexpr int kMaxDepth = 256;

    bool fail(const char *what) {
        if (message_.empty()) message_ = what;
        return false;
    }
    void skip_ws() noexcept {
        while (pos_ < text_.size() &&
               (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r')) {
            ++pos_;
        }
    }
    bool literal(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return fail("invalid literal");
        pos_ += word.size();
        return true;
    }

    bool parse_value(JsonValue &out, int depth) {
        skip_ws();
        if (pos_ >= text_.size()) return fail("unexpected end of input");
        if (depth > kMaxDepth) return fail("nesting too deep");
        const char c = text_[pos_];
        switch (c) {
            case '{':
                return parse_object(out, depth);
            case '[':
                return parse_array(out, depth);
            case '"':
                out.kind_ = JsonValue::Kind::string;
                return parse_string(out.text_);
            case 't':
                out.kind_ = JsonValue::Kind::boolean;
                out.bool_ = true;
                return literal("true");
            case 'f':
                out.kind_ = JsonValue::Kind::boolean;
                out.bool_ = false;
                return literal("false");
            case 'n':
                out.kind_ = JsonValue::Kind::null;
                return literal("null");
            default:
                return parse_number(out);
        }
    }

    bool parse_number(JsonValue &out) {
        const std::size_t start = pos_;
        auto digit = [&] { return pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9'; };
        if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
        if (!digit()) return fail("invalid value");
        if (text_[pos_] == '0') {
            ++pos_;
            if (digit()) return fail("leading zero in a number");
        } else {
            while (digit()) ++pos_;
        }
        if (pos_ < text_.size() && text_[pos_] == '.') {
            ++pos_;
            if (!digit()) return fail("digit expected after the decimal point");
            while (digit()) ++pos_;
        }
        if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            ++pos_;
            if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
            if (!digit()) return fail("digit expected in the exponent");
            while (digit()) ++pos_;
        }
        out.kind_ = JsonValue::Kind::number;
        out.text_.assign(text_.substr(start, pos_ - start));
        return true;
    }

    static int hex_value(char c) noexcept {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }
    bool read_hex4(std::uint32_t &value) {
        if (pos_ + 4 > text_.size()) return fail("truncated \\u escape");
        value = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hex_value(text_[pos_++]);
            if (h < 0) return fail("invalid \\u escape");
            value = (value << 4) | static_cast<std::uint32_t>(h);
        }
        return true;
    }
    static void append_utf8(std::string &out, std::uint32_t cp) {
        if (cp < 0x80) {
            out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }

    bool parse_string(std::string &out) {
        ++pos_;  // opening quote
        const std::size_t start = pos_;
        while (true) {
            if (pos_ >= text_.size()) return fail("unterminated string");
            const char c = text_[pos_];
            if (c == '"') break;
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
            if (c != '\\') {
                out.push_back(c);
                ++pos_;
                continue;
            }
            if (++pos_ >= text_.size()) return fail("unterminated escape");
            const char e = text_[pos_++];
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    out.push_back(e);
                    break;
                case 'b':
                    out.push_back('\b');
                    break;
                case 'f':
                    out.push_back('\f');
                    break;
                case 'n':
                    out.push_back('\n');
                    break;
                case 'r':
                    out.push_back('\r');
                    break;
                case 't':
                    out.push_back('\t');
                    break;
                case 'u': {
                    std::uint32_t cp = 0;
                    if (!read_hex4(cp)) return false;
                    if (cp >= 0xD800 && cp <= 0xDBFF) {
                        std::uint32_t low = 0;
                        if (text_.substr(pos_, 2) != "\\u") return fail("unpaired surrogate");
                        pos_ += 2;
                        if (!read_hex4(low) || low < 0xDC00 || low > 0xDFFF) return fail("unpaired surrogate");
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                        return fail("unpaired surrogate");
                    }
                    append_utf8(out, cp);
                    break;
                }
                default:
                    return fail("invalid escape");
            }
        }
        if (!detail::valid_utf8(text_.substr(start, pos_ - start))) return fail("invalid UTF-8 in a string");
        ++pos_;  // closing quote
        return true;
    }

    bool parse_array(JsonValue &out, int depth) {
        out.kind_ = JsonValue::Kind::array;
        ++pos_;
        skip_ws();
        if (pos_ < text_.size() && text_[pos_] == ']') {
            ++pos_;
            return true;
        }
        while (true) {
            JsonValue element;
            if (!parse_value(element, depth + 1)) return false;
            out.array_.push_back(std::move(element));
            skip_ws();
            if (pos_ >= text_.size()) return fail("unterminated array");
            if (text_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (text_[pos_] == ']') {
                ++pos_;
                return true;
            }
            return fail("',' or ']' expected");
        }
    }

    bool parse_object(JsonValue &out, int depth) {
        out.kind_ = JsonValue::Kind::object;
        ++pos_;
        skip_ws();
        if (pos_ < text_.size() && text_[pos_] == '}') {
            ++pos_;
            return true;
        }
        while (true) {
            skip_ws();
            if (pos_ >= text_.size() || text_[pos_] != '"') return fail("a member name (string) expected");
            std::string key;
            if (!parse_string(key)) return false;
            skip_ws();
            if (pos_ >= text_.size() || text_[pos_] != ':') return fail("':' expected");
            ++pos_;
            JsonValue value;
            if (!parse_value(value, depth + 1)) return false;
            out.object_.emplace_back(std::move(key), std::move(value));
            skip_ws();
            if (pos_ >= text_.size()) return fail("unterminated object");
            if (text_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (text_[pos_] == '}') {
                ++pos_;
                return true;
            }
            return fail("',' or '}' expected");
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::string message_;
};

inline std::optional<JsonValue> JsonValue::parse(std::string_view text, JsonParseError *error) {
    return JsonParser(text).run(error);
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
            detail::append_json_string(out, text_);
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
                detail::append_json_string(out, member.first);
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
