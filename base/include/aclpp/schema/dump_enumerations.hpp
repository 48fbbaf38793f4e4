// The dump enumerations in the order phase B checks them (K-4), for the core's validator, the
// config reference and the JSON Schema. Apart from dump.hpp because std::span would add compile
// time to every user of the C++ layer's config headers, which need only the value lists.
#pragma once

#include <array>
#include <span>
#include <string_view>

#include <aclpp/schema/dump.hpp>

namespace aclpp::schema::dump_rules {

struct Enumeration {
    DumpKey key;
    std::span<const std::string_view> allowed;
};
// The order of DCC CheckDumpFieldValues; dump_kernel_data and dump_stats follow it.
inline constexpr std::array<Enumeration, 6> kEnumerations{{
    {kMode, kModeValues},
    {kData, kDataValues},
    {kOpSwitch, kSwitchValues},
    {kLevel, kLevelValues},
    {kDebug, kSwitchValues},
    {kScene, kSceneValues},
}};

}  // namespace aclpp::schema::dump_rules
