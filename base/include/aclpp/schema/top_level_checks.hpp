// How the runtime reads the value of a top-level key (K-1, K-3), written once: the core's
// validator reads the parsed file with it, Config::validate_static() each typed member as to_json
// writes it (acl::detail::WrittenValue), in a constant expression. What the product or the device
// then does with a well-read value (limits, lacked features) is the core's.
//
// A value (one member):
//   value.isString(), value.text()  a JSON string and its text
//   value.integer()                 std::optional<std::uint64_t>: a JSON integer from 0 to 2^64-1
//   value.isNegativeInteger()       a JSON integer below 0
//   value.real()                    std::optional<double>: a JSON number with a fraction or an
//                                   exponent, or beyond the 64-bit integers
//   value.shown(), value.typeName() how a message shows the value and names its JSON type
// A sink:
//   sink.fail(row, wrongType, arguments)  the key's value is refused: its JSON type (the row's
//                                   typeError) or its value (valueError); the arguments fill
//                                   kKeyValueText (<aclpp/schema/rule_table.hpp>)
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include <aclpp/schema/digits.hpp>
#include <aclpp/schema/top_level.hpp>
#include <aclpp/std_constexpr.hpp>

namespace aclpp::schema::top_level_rules {

/// The outcome of reading one value against its ValueRule.
struct Reading {
    enum class Outcome : uint8_t { ok, wrongType, badValue };
    Outcome outcome = Outcome::ok;
    uint64_t value = 0;
    std::string_view problem;  // why a well-typed value is refused ("negative", ...); may be ""
};

namespace detail {

inline constexpr uint64_t kUint32Max = std::numeric_limits<uint32_t>::max();
inline constexpr uint64_t kInt32Max = std::numeric_limits<int32_t>::max();
inline constexpr std::string_view kAboveUint32 = "above 4294967295";

[[nodiscard]] constexpr Reading accepted(uint64_t value) noexcept {
    return {Reading::Outcome::ok, value, {}};
}
[[nodiscard]] constexpr Reading wrongType() noexcept {
    return {Reading::Outcome::wrongType, 0, {}};
}
[[nodiscard]] constexpr Reading badValue(std::string_view problem = {}) noexcept {
    return {Reading::Outcome::badValue, 0, problem};
}

template <class Value>
[[nodiscard]] constexpr Reading readStringZeroOrOne(const Value &value) {
    if (!value.isString()) return wrongType();
    if (value.text() == kZeroOrOneValues[0]) return accepted(0);
    if (value.text() == kZeroOrOneValues[1]) return accepted(1);
    return badValue();
}

template <class Value>
[[nodiscard]] constexpr Reading readStringPositive(const Value &value) {
    if (!value.isString()) return wrongType();
    const std::string_view text = value.text();
    // Stricter than the reference's strtol (K-3): "12abc" is refused instead of read as 12.
    if (!allDigits(text)) return badValue("not decimal digits");
    const uint64_t number = decimalValue(text);
    if (number == 0) return badValue("not above 0");
    if (number > kUint32Max) return badValue(kAboveUint32);
    return accepted(number);
}

template <class Value>
[[nodiscard]] constexpr Reading readStringDeviceId(const Value &value) {
    if (!value.isString()) return wrongType();
    const std::string_view text = value.text();
    if (!allDigits(text)) return badValue();
    if (text.size() > 1 && text.front() == '0') return badValue("leading zero");
    const uint64_t number = decimalValue(text);
    // K-1: the reference truncates to int32, so "4294967296" would select device 0.
    if (number > kInt32Max) return badValue("above 2147483647");
    return accepted(number);
}

template <class Value>
[[nodiscard]] constexpr Reading readStackNumber(const Value &value) {
    // K-1: the reference wraps a negative size to a huge unsigned one.
    if (value.isNegativeInteger()) return badValue("negative");
    if (const std::optional<uint64_t> number = value.integer()) {
        if (*number > kUint32Max) return badValue(kAboveUint32);
        return accepted(*number);
    }
    if (const std::optional<double> real = value.real()) {
        // The reference truncates reals; K-1 refuses a fraction but keeps 65536.0 and 1e5.
        if (*real < 0) return badValue("negative");
        if (*real > static_cast<double>(kUint32Max)) return badValue(kAboveUint32);
        const auto whole = static_cast<uint64_t>(*real);
        if (static_cast<double>(whole) != *real) return badValue("fractional");
        return accepted(whole);
    }
    return wrongType();
}

template <class Value>
[[nodiscard]] constexpr Reading readFifoToken(const Value &value) {
    // The token must be [1-9][0-9]*: a minus sign makes a value below 1, a fraction or an
    // exponent a real.
    if (value.isNegativeInteger()) return badValue("negative");
    if (const std::optional<uint64_t> number = value.integer()) {
        if (*number == 0) return badValue("below 1");
        return accepted(*number);
    }
    if (const std::optional<double> real = value.real()) {
        // An integer beyond the 64-bit integers reads as a real too (F-3).
        constexpr double kTwoTo63 = 9223372036854775808.0;
        constexpr double kTwoTo64 = 2 * kTwoTo63;
        return badValue(*real >= kTwoTo64 || *real < -kTwoTo63 ? "beyond the 64-bit integers"
                                                               : "written with a fraction or an exponent");
    }
    return wrongType();
}

}  // namespace detail

/// How the runtime reads `value` as the key of `row`.
template <class Value>
[[nodiscard]] constexpr Reading readValue(const KeyRule &row, const Value &value) {
    switch (row.rule) {
        case ValueRule::stringZeroOrOne:
            return detail::readStringZeroOrOne(value);
        case ValueRule::stringPositive:
            return detail::readStringPositive(value);
        case ValueRule::stringDeviceId:
            return detail::readStringDeviceId(value);
        case ValueRule::stackNumber:
            return detail::readStackNumber(value);
        case ValueRule::fifoToken:
            return detail::readFifoToken(value);
    }
    return detail::wrongType();
}

/// Reads the key of `row`; a refused value goes to the sink (K-8: the value found and what is
/// allowed). The value when it is acceptable.
template <class Value, class Sink>
ACLPP_CONSTEXPR_STD std::optional<uint64_t> checkValue(const KeyRule &row, const Value &value, Sink &sink) {
    const Reading reading = readValue(row, value);
    if (reading.outcome == Reading::Outcome::ok) return reading.value;
    const bool wrongType = reading.outcome == Reading::Outcome::wrongType;
    // Appended, never assigned (GCC 12's constant evaluation of std::string).
    std::string problem;
    if (wrongType || !reading.problem.empty()) {
        problem += ", ";
        problem += wrongType ? value.typeName() : reading.problem;
    }
    const std::string shown = value.shown();
    sink.fail(row, wrongType, {{"key", row.key}, {"value", shown}, {"problem", problem}, {"allowed", row.allowed}});
    return std::nullopt;
}

}  // namespace aclpp::schema::top_level_rules
