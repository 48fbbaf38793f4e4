// A parsed JSON text that keeps each number as written. The simdjson DOM has a number only as
// its value (1.0 and 1 are one double, and so are two integers beyond the 64-bit ones); a
// comparison that rounds nothing needs the text. The syntax scan lists the numbers in text
// order, which is the DOM's document order, so a value knows its numbers by counting.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "json/document.hpp"

namespace aclpp::core {

/// A value of an ExactDocument: its element and the index, in the document's numbers, of the
/// first number at or under it.
struct ExactValue {
    JsonElement element;
    std::size_t firstNumber = 0;
};

struct ExactMember {
    std::string_view key;
    ExactValue value;
};

[[nodiscard]] bool isNumber(JsonElement element) noexcept;

class ExactDocument {
public:
    /// Reads `text` as JsonDocument::parse does (0 bytes read as {}); nullopt when it refuses it,
    /// with `failure` (when given) saying where and why. `text` must outlive the result.
    [[nodiscard]] static std::optional<ExactDocument> parse(std::string_view text, ParseFailure *failure = nullptr);

    [[nodiscard]] ExactValue root() const noexcept { return ExactValue{document_.root(), 0}; }
    [[nodiscard]] bool rootIsObject() const noexcept { return document_.rootIsObject(); }

    /// An object's members in order, repeated keys included.
    [[nodiscard]] std::vector<ExactMember> members(ExactValue object) const;
    [[nodiscard]] std::vector<ExactValue> elements(ExactValue array) const;
    /// A number as written ("" for a value that is not a number).
    [[nodiscard]] std::string_view numberText(ExactValue number) const noexcept;
    /// Compact JSON text, members in order (repeated keys included), numbers as written.
    [[nodiscard]] std::string dump(ExactValue value) const;

private:
    ExactDocument(JsonDocument document, std::vector<std::string_view> numbers)
        : document_(std::move(document)), numbers_(std::move(numbers)) {}

    JsonDocument document_;
    std::vector<std::string_view> numbers_;  // every number as written, in document order
};

}  // namespace aclpp::core
