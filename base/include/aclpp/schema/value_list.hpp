// A key's allowed values as the key tables of every section hold them (dump, profiler).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace aclpp::schema {

/// A key's allowed values: a pointer and a count rather than a std::span, which would add
/// compile time to every user of the C++ layer's config headers.
struct ValueList {
    const std::string_view *data = nullptr;
    std::size_t size = 0;

    [[nodiscard]] constexpr const std::string_view *begin() const noexcept { return data; }
    [[nodiscard]] constexpr const std::string_view *end() const noexcept { return data + size; }
    [[nodiscard]] constexpr bool contains(std::string_view value) const noexcept {
        for (const std::string_view v : *this) {
            if (v == value) return true;
        }
        return false;
    }
};
template <std::size_t N>
[[nodiscard]] constexpr ValueList valueList(const std::array<std::string_view, N> &values) noexcept {
    return {values.data(), N};
}

}  // namespace aclpp::schema
