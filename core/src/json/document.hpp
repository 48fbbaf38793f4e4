// One parsed acl.json: the bytes, the simdjson DOM over them, and the lookups every section
// validator shares. Parsing happens once per init (F-2); validators never see the path.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "acl/acl.h"

namespace aclpp::core {

using JsonElement = simdjson::dom::element;
using JsonObject = simdjson::dom::object;
using JsonArray = simdjson::dom::array;
using JsonType = simdjson::dom::element_type;

/// A key that appears more than once in one object: the last one wins (F-5), each is reported.
struct DuplicateKey {
    std::string pointer;  // pointer of the member (the winning value)
    std::size_t count;    // occurrences
};

struct TextPosition {
    uint32_t line = 0;    // 1-based; 0 = unknown
    uint32_t column = 0;  // 1-based byte column
};

struct ParseFailure {
    aclError code = ACL_SUCCESS;  // 100006 for every file-level parse failure (F-3, F-4)
    std::string message;          // precise reason: what was expected and what was found
    std::string hint;             // how to fix it; may be empty
    std::string pointer;          // nesting too deep: the first container past the limit (F-4)
    std::size_t offset = 0;       // byte offset of the problem in text() (after a BOM), when known
    bool hasOffset = false;
    TextPosition position;  // line and column of `offset` when hasOffset
};

class JsonDocument {
public:
    /// Parses `bytes` (the raw config content). A UTF-8 BOM is skipped, 0 bytes read as {},
    /// whitespace only, NUL bytes, invalid UTF-8, syntax errors, trailing garbage and
    /// nesting beyond 10 objects or 10 arrays give 100006 (F-3, F-4), with the position of the
    /// first problem (found by a second scan, on this failure path only). An integer beyond the
    /// 64-bit integers is valid and reads as a double (F-3); a number whose double is infinite
    /// (1e400) gives 100006, as the reference's parser refuses it.
    /// `bytes` must stay alive as long as the document. When `padded` is true the caller
    /// guarantees simdjson::SIMDJSON_PADDING readable bytes after the end (no copy is made).
    [[nodiscard]] static std::optional<JsonDocument> parse(std::string_view bytes, ParseFailure &failure,
                                                           bool padded = false);

    JsonDocument(JsonDocument &&) noexcept = default;
    JsonDocument &operator=(JsonDocument &&) noexcept = default;
    JsonDocument(const JsonDocument &) = delete;
    JsonDocument &operator=(const JsonDocument &) = delete;
    ~JsonDocument() = default;

    /// The root value; for an empty file, an empty object.
    [[nodiscard]] JsonElement root() const noexcept { return root_; }
    /// The text positions refer to (the bytes after a BOM).
    [[nodiscard]] std::string_view text() const noexcept { return text_; }
    /// Number of bytes skipped at the start (3 for a BOM, else 0).
    [[nodiscard]] std::size_t bomLength() const noexcept { return bomLength_; }
    [[nodiscard]] const std::vector<DuplicateKey> &duplicates() const noexcept { return duplicates_; }
    /// True when the root is not an object (accepted as empty with a warning, F-5).
    [[nodiscard]] bool rootIsObject() const noexcept { return root_.type() == JsonType::OBJECT; }

private:
    JsonDocument() = default;
    std::unique_ptr<simdjson::dom::parser> parser_;
    simdjson::padded_string padded_;
    std::string_view text_;
    std::size_t bomLength_ = 0;
    JsonElement root_;
    std::vector<DuplicateKey> duplicates_;
};

/// The member `key` of `object`; with duplicate keys the last one (F-5).
[[nodiscard]] std::optional<JsonElement> findMember(JsonObject object, std::string_view key) noexcept;
/// As findMember, for any element: nothing when `element` is not an object.
[[nodiscard]] std::optional<JsonElement> findMember(JsonElement element, std::string_view key) noexcept;

/// The element as an object, array or string, for callers that checked its type() first
/// (a mismatch gives an empty value). simdjson's own get() must not be ignored under -Werror.
[[nodiscard]] JsonObject asObject(JsonElement element) noexcept;
[[nodiscard]] JsonArray asArray(JsonElement element) noexcept;
[[nodiscard]] std::string_view asString(JsonElement element) noexcept;

/// Appends "/token" with ~ and / escaped as RFC 6901 says.
void appendPointerToken(std::string &pointer, std::string_view token);
[[nodiscard]] std::string childPointer(std::string_view parent, std::string_view token);
[[nodiscard]] std::string childPointer(std::string_view parent, std::size_t index);

/// How a value reads in a message: strings JSON-quoted (cut at 80 bytes), numbers and literals as
/// written, containers as "an object with N members" / "an array of N elements".
[[nodiscard]] std::string describeValue(JsonElement value);
/// "a string", "a number", "an object", ...
[[nodiscard]] std::string_view describeType(JsonElement value) noexcept;
/// The JSON text of a scalar exactly as simdjson serialises it (numbers in shortest form).
[[nodiscard]] std::string minifiedJson(JsonElement value);

/// Line and column of `offset` in `text`.
[[nodiscard]] TextPosition positionOf(std::string_view text, std::size_t offset) noexcept;

/// Line and column of the value at each of `pointers` in the (valid) JSON `text`, in the order
/// given; for duplicate keys the last occurrence. When a pointer does not resolve (a missing
/// key), the position of the nearest existing ancestor. One pass over the text however many
/// pointers there are (F-6).
[[nodiscard]] std::vector<TextPosition> locatePointers(std::string_view text,
                                                       const std::vector<std::string_view> &pointers);
/// locatePointers for one pointer; no position ({0, 0}) when memory runs out.
[[nodiscard]] TextPosition locatePointer(std::string_view text, std::string_view pointer) noexcept;
/// How many times locatePointers ran in this process: tests check with it that a validation
/// positions its findings in one pass and that aclInit positions only the one it shows (F-6).
[[nodiscard]] std::size_t locatePassCount() noexcept;

}  // namespace aclpp::core
