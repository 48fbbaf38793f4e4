// A small JSON reader for acl-config. It keeps what the tool needs and a general-purpose
// parser throws away: the order of object members, duplicate keys (check reports them) and the
// exact text of every scalar (explain shows values as written). fmt needs no reader: it lays
// the text out token by token with the C++ layer's writer (canonicalJson).
//
// It is not a validator: whether a config is acceptable is decided by the core
// (aclppValidateFile), the one source of truth. This reader only has to agree with the core on
// what well-formed JSON is, and acl-config asks the core first.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace aclconfig {

enum class JsonKind { null, boolean, number, string, array, object };

struct JsonMember;

struct JsonNode {
    JsonKind kind = JsonKind::null;
    /// Scalars: the exact source text (strings with their quotes and escapes).
    std::string raw;
    /// Strings: the decoded text.
    std::string text;
    std::vector<JsonNode> items;      // arrays
    std::vector<JsonMember> members;  // objects, in source order, duplicates kept

    [[nodiscard]] bool isObject() const noexcept { return kind == JsonKind::object; }
    [[nodiscard]] bool isArray() const noexcept { return kind == JsonKind::array; }
    [[nodiscard]] bool isString() const noexcept { return kind == JsonKind::string; }
    [[nodiscard]] bool isNull() const noexcept { return kind == JsonKind::null; }
    /// The last member named `key` (JSON's "last one wins"), or nullptr.
    [[nodiscard]] const JsonNode *find(std::string_view key) const noexcept;
    /// The decoded text of a string member, or `fallback` when absent or not a string.
    [[nodiscard]] std::string stringOr(std::string_view key, std::string_view fallback = {}) const;
};

struct JsonMember {
    std::string key;     // decoded
    std::string rawKey;  // as written, with quotes
    JsonNode value;
};

class JsonParseError : public std::runtime_error {
public:
    JsonParseError(const std::string &message, std::size_t line, std::size_t column)
        : std::runtime_error(message), line_(line), column_(column) {}
    [[nodiscard]] std::size_t line() const noexcept { return line_; }
    [[nodiscard]] std::size_t column() const noexcept { return column_; }

private:
    std::size_t line_;
    std::size_t column_;
};

/// Parses one JSON text (a leading UTF-8 BOM is skipped, like the core does). Throws
/// JsonParseError with a 1-based line and byte column.
[[nodiscard]] JsonNode parseJson(std::string_view text);

/// Compact JSON text of a node, rebuilt from the raw scalars.
[[nodiscard]] std::string compactJson(const JsonNode &node);

/// The canonical layout of `acl-config fmt`, the one Config::to_json writes (the C++ layer's
/// JsonTextWriter): two-space indent, members in their order, arrays of scalars on one line,
/// every scalar as written, a final newline. A leading BOM is dropped; an empty text is {} (F-3).
[[nodiscard]] std::string canonicalJson(std::string_view text);

/// `text` as a JSON string literal: the C++ layer's encoder, so valid UTF-8 whatever `text` holds.
[[nodiscard]] std::string quoteJson(std::string_view text);

}  // namespace aclconfig
