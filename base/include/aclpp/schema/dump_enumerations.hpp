// The dump enumerations in the order phase B checks them (K-4), for the core's validator, the
// config reference and the JSON Schema, taken from the rows of dump.hpp. Apart from dump.hpp
// because std::span would add compile time to every user of the C++ layer's config headers,
// which need only the rows.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

#include <aclpp/schema/dump.hpp>

namespace aclpp::schema::dump_rules {

/// The allowed values of a row (empty for a key without a value list).
[[nodiscard]] constexpr std::span<const std::string_view> allowedValues(const KeyRow &row) noexcept {
    return {row.values.data, row.values.size};
}

struct Enumeration {
    DumpKey key;
    std::span<const std::string_view> allowed;
};

inline constexpr std::size_t kEnumerationCount = [] {
    std::size_t count = 0;
    for (const KeyRow &row : kKeyRows) count += row.phaseB != kNotPhaseB ? 1 : 0;
    return count;
}();

// The order of DCC CheckDumpFieldValues (KeyRow::phaseB); dump_kernel_data and dump_stats follow it.
inline constexpr std::array<Enumeration, kEnumerationCount> kEnumerations = [] {
    std::array<Enumeration, kEnumerationCount> enumerations{};
    for (const KeyRow &row : kKeyRows) {
        if (row.phaseB != kNotPhaseB) enumerations[row.phaseB] = Enumeration{row.key, allowedValues(row)};
    }
    return enumerations;
}();

}  // namespace aclpp::schema::dump_rules
