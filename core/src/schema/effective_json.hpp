// The effective configuration as JSON, with provenance (A-2, K-8): what aclppGetEffectiveConfig,
// the validation report and `acl-config explain` print.
#pragma once

#include <string>
#include <string_view>

#include "json/writer.hpp"
#include "platform/products.hpp"
#include "schema/effective.hpp"

namespace aclpp::core {

struct PlatformDescription {
    std::string_view soc;
    std::string_view family;
    uint32_t deviceCount;  // 0: not known (written as null)
    /// The product's features: a setting of a key the product does not have is left out (the
    /// runtime never applies it). nullptr: every setting is written.
    const FamilyTraits *traits = nullptr;
};

void writeEffectiveConfig(JsonWriter &writer, const EffectiveConfig &effective, const PlatformDescription &platform);
[[nodiscard]] std::string effectiveConfigJson(const EffectiveConfig &effective, const PlatformDescription &platform);
[[nodiscard]] std::string_view sourceName(Source source) noexcept;

}  // namespace aclpp::core
