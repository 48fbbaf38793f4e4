// Where a rejected acl.json goes wrong. simdjson reports only an error kind, so when a parse
// fails this scanner reads the text again to find the first problem, its byte offset and what
// was expected there. Cold path: never called for a document that parses (F-2 keeps the
// success path to one simdjson parse).
#pragma once

#include <aclpp/json/lexer.hpp>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aclpp::core {

/// At most this many nested objects and this many nested arrays (F-4): the lexer's limits.
inline constexpr std::size_t kMaxObjectDepth = aclpp::json::kMaxObjectDepth;
inline constexpr std::size_t kMaxArrayDepth = aclpp::json::kMaxArrayDepth;

struct SyntaxProblem {
    enum class Kind { syntax, depth };
    Kind kind = Kind::syntax;
    std::size_t offset = 0;  // in the scanned text; text.size() for "the file ends here"
    std::string message;     // "expected ',' or '}' after an object member, found '\"'"
    std::string hint;        // how to fix it; may be empty
    std::string pointer;     // depth: the first container past the limit; syntax: ""
};

struct SyntaxScan {
    std::optional<SyntaxProblem> problem;  // nothing when the text is well-formed
    /// Well-formed texts only: the offset just past each integer beyond the 64-bit integers, in
    /// text order. They are valid JSON, read as doubles as the reference reads them (F-3), but
    /// simdjson rejects them.
    std::vector<std::size_t> wideIntegerEnds;
    /// Well-formed texts only: every number as written, in text order (views into the scanned
    /// text). The DOM keeps a number's value; a comparison that must round nothing needs its text,
    /// and the DOM's numbers, walked in document order, are these.
    std::vector<std::string_view> numbers;
};

/// Scans `text` (after any BOM) for its first problem in byte order with the lexer
/// (aclpp::json::scan_syntax: RFC 8259 as simdjson reads it, integers beyond 64 bits allowed, the
/// nesting limits of F-4) and says in words what it is and how to fix it.
[[nodiscard]] SyntaxScan scanSyntax(std::string_view text);

/// scanSyntax's problem alone.
[[nodiscard]] std::optional<SyntaxProblem> findSyntaxProblem(std::string_view text);

/// The content of a JSON string (the bytes between its quotes) decoded as simdjson decodes it:
/// escapes replaced, \uXXXX written as UTF-8, a surrogate pair as its one code point. Both
/// scanners name keys through it, so their pointers match the validator's. simdjson rejects an
/// unpaired surrogate; here it becomes its 3-byte form, which is not UTF-8 and so equals no key
/// simdjson decodes. Never fails: a malformed escape is dropped.
[[nodiscard]] std::string decodeJsonString(std::string_view raw);

/// "nesting too deep: 11 nested objects; at most 10 nested objects and 10 nested arrays are
/// allowed", for `depth` objects (isObject) or arrays.
[[nodiscard]] std::string depthMessage(std::size_t depth, bool isObject);

}  // namespace aclpp::core
