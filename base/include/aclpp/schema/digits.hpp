// Decimal digit strings as acl.json holds them ("20000", dump_step items, storage_limit): the
// one test for "digits only" and the one conversion that saturates instead of wrapping.
#pragma once

#include <cstdint>
#include <string_view>

namespace aclpp::schema {

/// True for a non-empty string of ASCII digits: no sign, no space, no fraction.
[[nodiscard]] constexpr bool allDigits(std::string_view text) noexcept {
    if (text.empty()) return false;
    for (const char c : text) {
        if (c < '0' || c > '9') return false;
    }
    return true;
}

/// The value of a digit string (the caller has checked allDigits), saturating at `ceiling`, so
/// that an over-long string reads as "too large" (or, with the int64 ceiling, as strtol reads it).
[[nodiscard]] constexpr std::uint64_t decimalValue(std::string_view digits,
                                                   std::uint64_t ceiling = UINT64_MAX) noexcept {
    std::uint64_t value = 0;
    for (const char c : digits) {
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (ceiling - digit) / 10) return ceiling;
        value = value * 10 + digit;
    }
    return value;
}

}  // namespace aclpp::schema
