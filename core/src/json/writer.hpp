// The core's JSON writer for the effective configuration, the validation report and the JSON
// Schema: compact text in the one canonical layout (aclpp::json::JsonTextWriter, which the C++
// layer and acl-config use too), with value overloads for the core's types. Strings are written
// as valid UTF-8.
#pragma once

#include <aclpp/json/text_writer.hpp>
#include <cstdint>
#include <string>
#include <string_view>

namespace aclpp::core {

class JsonWriter {
public:
    JsonWriter &beginObject();
    JsonWriter &endObject();
    JsonWriter &beginArray();
    JsonWriter &endArray();
    JsonWriter &key(std::string_view name);
    JsonWriter &value(std::string_view text);
    JsonWriter &value(const char *text) { return value(std::string_view(text)); }
    JsonWriter &value(int64_t number);
    JsonWriter &value(uint64_t number);
    JsonWriter &value(int number) { return value(static_cast<int64_t>(number)); }
    JsonWriter &value(unsigned number) { return value(static_cast<uint64_t>(number)); }
    JsonWriter &value(bool flag);
    JsonWriter &null();
    /// Inserts a JSON value given as text (kept as written, whitespace aside).
    JsonWriter &raw(std::string_view json);

    [[nodiscard]] std::string take() { return text_.take(); }

private:
    aclpp::json::JsonTextWriter text_{false};
};

}  // namespace aclpp::core
