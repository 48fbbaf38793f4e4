// A JSON value of the parsed file as the schema's checks read values, so that the core and the
// typed config run the same checks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "json/document.hpp"

namespace aclpp::core {

/// A JSON value of the parsed file, as the schema's checks read one (aclpp/schema/profiler_checks.hpp,
/// top_level_checks.hpp).
class MemberValue {
public:
    explicit MemberValue(JsonElement element) noexcept : element_(element) {}

    bool isString() const noexcept { return element_.type() == JsonType::STRING; }
    std::string_view text() const noexcept {
        std::string_view text;
        return element_.get_string().get(text) == simdjson::SUCCESS ? text : std::string_view();
    }
    bool isInteger() const noexcept {
        return element_.type() == JsonType::INT64 || element_.type() == JsonType::UINT64;
    }
    // Negative values never wrap (the reference converts to uint32 first, so 4294967297 would
    // pass as 1; that helps nobody).
    std::optional<uint64_t> integer() const noexcept {
        if (element_.type() == JsonType::INT64) {
            int64_t v = 0;
            if (element_.get_int64().get(v) != simdjson::SUCCESS || v < 0) return std::nullopt;
            return static_cast<uint64_t>(v);
        }
        uint64_t v = 0;
        if (element_.type() != JsonType::UINT64 || element_.get_uint64().get(v) != simdjson::SUCCESS)
            return std::nullopt;
        return v;
    }
    bool isNegativeInteger() const noexcept {
        int64_t v = 0;
        return element_.type() == JsonType::INT64 && element_.get_int64().get(v) == simdjson::SUCCESS && v < 0;
    }
    std::optional<double> real() const noexcept {
        double v = 0;
        if (element_.type() != JsonType::DOUBLE || element_.get_double().get(v) != simdjson::SUCCESS)
            return std::nullopt;
        return v;
    }
    std::string shown() const { return describeValue(element_); }
    std::string_view typeName() const noexcept { return describeType(element_); }

private:
    JsonElement element_;
};

}  // namespace aclpp::core
