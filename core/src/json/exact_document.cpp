#include "json/exact_document.hpp"

#include <utility>

#include "json/syntax.hpp"
#include "json/writer.hpp"

namespace aclpp::core {
namespace {

std::size_t numberCount(JsonElement element) noexcept {
    std::size_t count = 0;
    switch (element.type()) {
        case JsonType::OBJECT:
            for (auto field : asObject(element)) count += numberCount(field.value);
            return count;
        case JsonType::ARRAY:
            for (JsonElement child : asArray(element)) count += numberCount(child);
            return count;
        default:
            return isNumber(element) ? 1 : 0;
    }
}

void write(const ExactDocument &document, ExactValue value, JsonWriter &writer) {
    switch (value.element.type()) {
        case JsonType::OBJECT:
            writer.beginObject();
            for (const ExactMember &member : document.members(value)) {
                writer.key(member.key);
                write(document, member.value, writer);
            }
            writer.endObject();
            return;
        case JsonType::ARRAY:
            writer.beginArray();
            for (const ExactValue &element : document.elements(value)) write(document, element, writer);
            writer.endArray();
            return;
        case JsonType::STRING:
            writer.value(asString(value.element));
            return;
        case JsonType::BOOL:
        case JsonType::NULL_VALUE:
            writer.raw(minifiedJson(value.element));
            return;
        case JsonType::INT64:
        case JsonType::UINT64:
        case JsonType::DOUBLE:
            writer.raw(document.numberText(value));
            return;
    }
}

}  // namespace

bool isNumber(JsonElement element) noexcept {
    const JsonType type = element.type();
    return type == JsonType::INT64 || type == JsonType::UINT64 || type == JsonType::DOUBLE;
}

std::optional<ExactDocument> ExactDocument::parse(std::string_view text, ParseFailure *failure) {
    ParseFailure ignored;
    std::optional<JsonDocument> document = JsonDocument::parse(text, failure != nullptr ? *failure : ignored);
    if (!document) return std::nullopt;
    // The scan accepts every text the document does; its numbers are those of text() (after a
    // BOM), also where the DOM was built from a copy with wide integers written as doubles.
    std::vector<std::string_view> numbers = scanSyntax(document->text()).numbers;
    return ExactDocument(std::move(*document), std::move(numbers));
}

std::vector<ExactMember> ExactDocument::members(ExactValue object) const {
    std::vector<ExactMember> out;
    std::size_t next = object.firstNumber;
    for (auto field : asObject(object.element)) {
        out.push_back(ExactMember{field.key, ExactValue{field.value, next}});
        next += numberCount(field.value);
    }
    return out;
}

std::vector<ExactValue> ExactDocument::elements(ExactValue array) const {
    std::vector<ExactValue> out;
    std::size_t next = array.firstNumber;
    for (JsonElement child : asArray(array.element)) {
        out.push_back(ExactValue{child, next});
        next += numberCount(child);
    }
    return out;
}

std::string_view ExactDocument::numberText(ExactValue number) const noexcept {
    if (!isNumber(number.element) || number.firstNumber >= numbers_.size()) return {};
    return numbers_[number.firstNumber];
}

std::string ExactDocument::dump(ExactValue value) const {
    JsonWriter writer;
    write(*this, value, writer);
    return writer.take();
}

}  // namespace aclpp::core
