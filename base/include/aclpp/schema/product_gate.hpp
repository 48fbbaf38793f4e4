// The product features a key or a value of acl.json needs (K-2): the key tables name the
// feature, the core's product table (platform/products.hpp) says which products have it.
#pragma once

#include <cstdint>

namespace aclpp::schema {

enum class ProductGate : uint8_t {
    none,
    coreDump,   // dump_scene aic_err_detail_dump
    eventMode,  // acl_graph.event_mode: the device's task value wait
};

}  // namespace aclpp::schema
