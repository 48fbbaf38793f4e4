#include "json/writer.hpp"

#include <string>

namespace aclpp::core {

JsonWriter &JsonWriter::beginObject() {
    text_.begin_object();
    return *this;
}

JsonWriter &JsonWriter::endObject() {
    text_.end_object();
    return *this;
}

JsonWriter &JsonWriter::beginArray() {
    text_.begin_array(false);
    return *this;
}

JsonWriter &JsonWriter::endArray() {
    text_.end_array();
    return *this;
}

JsonWriter &JsonWriter::key(std::string_view name) {
    text_.key(name);
    return *this;
}

JsonWriter &JsonWriter::value(std::string_view text) {
    text_.string(text);
    return *this;
}

JsonWriter &JsonWriter::value(int64_t number) {
    text_.raw(std::to_string(number));
    return *this;
}

JsonWriter &JsonWriter::value(uint64_t number) {
    text_.number(number);
    return *this;
}

JsonWriter &JsonWriter::value(bool flag) {
    text_.raw(flag ? "true" : "false");
    return *this;
}

JsonWriter &JsonWriter::null() {
    text_.raw("null");
    return *this;
}

JsonWriter &JsonWriter::raw(std::string_view json) {
    text_.raw(json);
    return *this;
}

}  // namespace aclpp::core
