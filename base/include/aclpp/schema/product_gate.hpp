// The product features a key or a value of acl.json needs (K-2): the key tables name the
// feature, the core's product table (platform/products.hpp) says which products have it.
#pragma once

#include <cstdint>
#include <string_view>

namespace aclpp::schema {

enum class ProductGate : uint8_t {
    none,
    coreDump,   // dump_scene aic_err_detail_dump
    eventMode,  // acl_graph.event_mode: the device's task value wait
};

/// The feature, as the core's messages and the JSON Schema name it.
[[nodiscard]] constexpr std::string_view featureName(ProductGate gate) noexcept {
    switch (gate) {
        case ProductGate::coreDump:
            return "core-dump mode";
        case ProductGate::eventMode:
            return "task value wait";
        case ProductGate::none:
            break;
    }
    return {};
}

}  // namespace aclpp::schema
